// Standalone GPU self-test and timing of tide's CUDA histograms (issue 6).
//
// Build from the repository root (lib/*.cpp are libtide's three sources):
//   nvcc -std=c++17 -O3 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr -Iinclude \
//        -diag-suppress 20208 -DTIDE_DEVICE_SYSTEM=3 -DTIDE_ALLOW_HOST_ONLY hist_selftest.cu lib/*.cpp -o hist_selftest
// Run:  ./hist_selftest            checks, then timings (2^28 samples) against CUB
//       ./hist_selftest --checks   checks only;  --timing: timings only;  --quick: checks without 2^24+1
// Exit status: 0 when every check passed.
//
// Checks compare with the seq backend on the host (the same shared bin arithmetic, which
// test/test_histogram.cpp and a host test check against exact 128-bit / long double references),
// and, for counting iterators, with counts computed in closed form.

#include <cub/device/device_histogram.cuh>

#include <tide/histogram.hpp>
#include <tide/memory.hpp>
#include <tide/iterator/counting_iterator.hpp>
#include <tide/iterator/transform_iterator.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace cd = tide::backend::cuda::detail;
using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i16 = std::int16_t;
using i64 = std::int64_t;

static int g_checks = 0, g_failures = 0;

static void ck(cudaError_t e, const char* what, int line) {
  if (e != cudaSuccess) {
    std::printf("CUDA error %s at line %d: %s\n", cudaGetErrorString(e), line, what);
    std::exit(2);
  }
}
#define CK(x) ck((x), #x, __LINE__)

template <class T>
struct dbuf {
  T* p = nullptr;
  std::size_t n = 0;
  explicit dbuf(std::size_t count) : n(count) { CK(cudaMalloc(&p, (count ? count : 1) * sizeof(T))); }
  ~dbuf() { cudaFree(p); }
  dbuf(const dbuf&) = delete;
};
template <class T>
void upload(T* d, const std::vector<T>& h) {
  if (!h.empty()) CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
}
template <class T>
std::vector<T> download(const T* d, std::size_t n) {
  std::vector<T> h(n);
  CK(cudaDeviceSynchronize());
  if (n) CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

// ---- tunings to compare ---------------------------------------------------------------------
using base_t = cd::histogram_tuning;
struct t_match : base_t { static constexpr cd::histogram_aggregation aggregation = cd::histogram_aggregation::match; };
struct t_none : base_t { static constexpr cd::histogram_aggregation aggregation = cd::histogram_aggregation::none; };
struct t_shared : base_t { static constexpr int lane_max_bins = 0; };
struct t_shared_match : t_shared { static constexpr cd::histogram_aggregation aggregation = cd::histogram_aggregation::match; };
struct t_global : base_t { static constexpr int max_slices = 0; };
struct t_global_match : t_global { static constexpr cd::histogram_aggregation aggregation = cd::histogram_aggregation::match; };
struct t_slice2 : base_t { static constexpr int slice_blocks_per_sm = 2; };
struct t_lane4 : base_t { static constexpr int lane_vectors = 4; };
struct t_shared3 : base_t { static constexpr int shared_blocks_per_sm = 3; };

/// histogram_even through the public API (Tuning void) or through a given tuning.
template <class Tuning, class SampleIt, class C, class L>
void even(SampleIt d, i64 n, C* h, int bins, L lo, L hi, cudaStream_t s = nullptr) {
  if constexpr (std::is_same_v<Tuning, void>) {
    if constexpr (std::is_pointer_v<SampleIt>)
      tide::histogram_even(tide::device.on(s), tide::device_pointer_cast(d), tide::device_pointer_cast(d) + n,
                           tide::device_pointer_cast(h), bins, lo, hi);
    else
      tide::histogram_even(tide::device.on(s), d, d + n, tide::device_pointer_cast(h), bins, lo, hi);
  } else {
    using S = cd::iter_value_t<SampleIt>;
    cd::even_binner<S, L> binner{tide::detail::even_bins<S, L>(bins, lo, hi)};
    cd::histogram_run<Tuning>(tide::cuda_policy{}.on(s), d, n, h, bins, binner, "histogram_even");
  }
}

// ---- host data -------------------------------------------------------------------------------
enum dist { uniform, equal, normal, outside, edges, special };
static const char* dist_name[] = {"uniform", "equal", "normal", "outside", "edges", "special"};

template <class S, class L>
std::vector<S> make_samples(dist d, std::size_t n, int bins, L lo, L hi, u64 seed) {
  std::mt19937_64 g(seed);
  std::vector<S> v(n);
  const long double flo = (long double)lo, fhi = (long double)hi, range = fhi - flo;
  auto clamp_s = [](long double x) -> S {
    if constexpr (std::is_floating_point_v<S>) return S(x);
    long double mn = (long double)std::numeric_limits<S>::lowest(), mx = (long double)std::numeric_limits<S>::max();
    return x < mn ? std::numeric_limits<S>::lowest() : x > mx ? std::numeric_limits<S>::max() : S(x);
  };
  auto in_range = [&]() -> S {
    if constexpr (std::is_floating_point_v<S>) {
      S x = S(flo + range * std::uniform_real_distribution<long double>(0, 1)(g));
      return (long double)x < fhi ? x : S(lo);
    } else {
      unsigned __int128 r = (unsigned __int128)((__int128)hi - (__int128)lo);
      unsigned __int128 off = (((unsigned __int128)g() << 64) | g()) % r;
      __int128 x = (__int128)lo + (__int128)off;
      if (x < (__int128)std::numeric_limits<S>::lowest() || x > (__int128)std::numeric_limits<S>::max()) return S(lo);
      return S(x);
    }
  };
  auto any = [&]() -> S {
    if constexpr (std::is_floating_point_v<S>) return S(flo - range / 4 + range * 1.5L * std::uniform_real_distribution<long double>(0, 1)(g));
    else return S(g());
  };
  std::vector<S> edge_set;
  if (d == edges) {
    edge_set.push_back(S(lo));
    if constexpr (std::is_floating_point_v<S>) {
      edge_set.push_back(std::nextafter(S(hi), S(lo)));
      edge_set.push_back(S(hi));
      edge_set.push_back(std::nextafter(S(lo), S(hi)));
      edge_set.push_back(std::nextafter(S(lo), -std::numeric_limits<S>::infinity()));
      for (int k = 1; k < bins && k < 5000; ++k) {
        S e = S(flo + range * k / bins);
        edge_set.push_back(e);
        edge_set.push_back(std::nextafter(e, S(lo)));
        edge_set.push_back(std::nextafter(e, S(hi)));
      }
    } else {
      unsigned __int128 r = (unsigned __int128)((__int128)hi - (__int128)lo);
      for (int k = 0; k <= bins && k < 5000; ++k) {
        __int128 e = (__int128)lo + (__int128)((r * k + bins - 1) / bins);
        for (int o = -1; o <= 1; ++o)
          if (e + o >= (__int128)std::numeric_limits<S>::lowest() && e + o <= (__int128)std::numeric_limits<S>::max())
            edge_set.push_back(S(e + o));
      }
      edge_set.push_back(std::numeric_limits<S>::lowest());
      edge_set.push_back(std::numeric_limits<S>::max());
    }
  }
  const S mid = clamp_s(flo + range / 2);
  std::normal_distribution<double> nd(0, 1);
  for (std::size_t i = 0; i < n; ++i) {
    switch (d) {
      case uniform: v[i] = (i & 1) ? any() : in_range(); break;
      case equal: v[i] = mid; break;
      case normal: v[i] = clamp_s(flo + range / 2 + range / 8 * (long double)nd(g)); break;
      case outside:
        if constexpr (std::is_floating_point_v<S>) v[i] = (i & 1) ? S(hi) + S(i % 7) : S(flo - 1 - (long double)(i % 5));
        else v[i] = (long double)std::numeric_limits<S>::max() >= fhi ? std::numeric_limits<S>::max() : S(lo);
        break;
      case edges: v[i] = edge_set[g() % edge_set.size()]; break;
      case special:
        if constexpr (std::is_floating_point_v<S>) {
          const S sp[] = {std::numeric_limits<S>::quiet_NaN(), -std::numeric_limits<S>::quiet_NaN(),
                          std::numeric_limits<S>::infinity(), -std::numeric_limits<S>::infinity(), S(-0.0), S(0.0),
                          std::numeric_limits<S>::denorm_min(), std::numeric_limits<S>::max(),
                          std::numeric_limits<S>::lowest()};
          v[i] = (g() % 3 == 0) ? in_range() : sp[g() % 9];
        } else {
          v[i] = any();
        }
        break;
    }
  }
  // "outside" for a full-range integer type: everything at upper (excluded) when possible.
  return v;
}

template <class C>
bool counts_equal(const std::vector<C>& got, const std::vector<u64>& want, std::string& why) {
  for (std::size_t b = 0; b < want.size(); ++b)
    if (!(got[b] == C(want[b]))) {
      why = "bin " + std::to_string(b) + ": got " + std::to_string((long double)got[b]) + ", want " + std::to_string(want[b]);
      return false;
    }
  return true;
}

static void report(bool ok, const std::string& what, const std::string& why) {
  ++g_checks;
  if (!ok) {
    ++g_failures;
    if (g_failures <= 40) std::printf("FAIL %s: %s\n", what.c_str(), why.c_str());
  }
}

template <class C, class Run>
void check_counters(const std::string& what, int bins, const std::vector<u64>& want, Run run) {
  dbuf<C> h(bins);
  CK(cudaMemset(h.p, 0xab, bins * sizeof(C)));  // the histogram is overwritten, not added to
  run(h.p);
  std::string why;
  bool ok = counts_equal(download(h.p, bins), want, why);
  report(ok, what + " counter=" + (std::is_same_v<C, float> ? "f32" : std::is_same_v<C, int> ? "i32" : std::is_same_v<C, u32> ? "u32" : "u64"), why);
}

/// One (sample type, levels, bins, distribution) case over the sizes, every counter type.
template <class Tuning, class S, class L>
void check_even(const char* tag, int bins, L lo, L hi, dist d, const std::vector<i64>& sizes, bool all_counters = true) {
  for (i64 n : sizes) {
    auto h = make_samples<S, L>(d, std::size_t(n), bins, lo, hi, 1234 + n + bins);
    std::vector<u64> want(bins);
    tide::backend::seq::histogram_even(tide::seq, h.data(), n, want.data(), bins, lo, hi);
    dbuf<S> ds(n + 1);
    upload(ds.p, h);
    std::string what = std::string(tag) + " bins=" + std::to_string(bins) + " " + dist_name[d] + " n=" + std::to_string(n);
    check_counters<int>(what, bins, want, [&](int* out) { even<Tuning>(ds.p, n, out, bins, lo, hi); });
    if (all_counters) {
      check_counters<u32>(what, bins, want, [&](u32* out) { even<Tuning>(ds.p, n, out, bins, lo, hi); });
      check_counters<u64>(what, bins, want, [&](u64* out) { even<Tuning>(ds.p, n, out, bins, lo, hi); });
      check_counters<float>(what, bins, want, [&](float* out) { even<Tuning>(ds.p, n, out, bins, lo, hi); });
    }
    // Misaligned start: the vector loads' head path.
    if (n > 3) {
      dbuf<S> dm(n + 4);
      upload(dm.p + 1, h);
      check_counters<u32>(what + " misaligned", bins, want, [&](u32* out) { even<Tuning>(dm.p + 1, n, out, bins, lo, hi); });
      std::vector<u64> want3(bins);
      tide::backend::seq::histogram_even(tide::seq, h.data() + 3, n - 3, want3.data(), bins, lo, hi);
      check_counters<u32>(what + " offset3", bins, want3, [&](u32* out) { even<Tuning>(dm.p + 4, n - 3, out, bins, lo, hi); });
    }
  }
}

template <class S, class B>
void check_range(const char* tag, std::vector<B> bounds, dist d, const std::vector<i64>& sizes) {
  const int nb = int(bounds.size());
  dbuf<B> db(nb);
  upload(db.p, bounds);
  for (i64 n : sizes) {
    auto h = make_samples<S, B>(d, std::size_t(n), nb - 1, bounds.front(), bounds.back(), 99 + n);
    // Put some samples exactly on bounds.
    for (i64 i = 0; i < n; i += 5) h[i] = S(bounds[(i / 5) % nb]);
    std::vector<u64> want(nb - 1);
    tide::backend::seq::histogram_range(tide::seq, h.data(), n, bounds.data(), nb, want.data());
    dbuf<S> ds(n);
    upload(ds.p, h);
    std::string what = std::string(tag) + " bounds=" + std::to_string(nb) + " " + dist_name[d] + " n=" + std::to_string(n);
    check_counters<u32>(what, nb - 1, want, [&](u32* out) {
      tide::histogram_range(tide::device, tide::device_pointer_cast(ds.p), tide::device_pointer_cast(ds.p) + n,
                            tide::device_pointer_cast(db.p), tide::device_pointer_cast(db.p) + nb,
                            tide::device_pointer_cast(out));
    });
    check_counters<float>(what, nb - 1, want, [&](float* out) {
      tide::backend::cuda::histogram_range(tide::cuda_policy{}, ds.p, n, db.p, nb, out);
    });
  }
}

/// Count of x in [0, n) with floor(x * bins / range) == b, for x in [0, range): closed form.
static std::vector<u64> counting_want(i64 n, int bins, i64 lo, i64 hi) {
  std::vector<u64> w(bins);
  unsigned __int128 r = (unsigned __int128)(hi - lo);
  for (int b = 0; b < bins; ++b) {
    __int128 first = lo + (__int128)((r * b + bins - 1) / bins), last = lo + (__int128)((r * (b + 1) + bins - 1) / bins);
    first = std::max<__int128>(first, 0);
    last = std::min<__int128>(last, n);
    w[b] = last > first ? u64(last - first) : 0;
  }
  return w;
}

struct to_float_half {
  TIDE_HOST_DEVICE float operator()(i64 x) const { return float(x % 1000) * 0.5f - 3.f; }
};

static void run_checks(bool quick) {
  std::vector<i64> sizes = {0, 1, 1000, (1 << 24) + 1};
  if (quick) sizes = {0, 1, 1000, 100003};
  const std::vector<i64> small = {0, 1, 1000, 100003};
  const int all_bins[] = {1, 2, 7, 256, 1024, 4096, 65536, 300000};
  for (int bins : all_bins) {
    for (dist d : {uniform, equal, normal, outside, edges}) {
      // The largest size for the distributions that matter most (host references take a while).
      const auto& sz = bins >= 65536 || d == equal || d == outside ? small : sizes;
      check_even<void, u32, u32>("u32/u32", bins, 0u, 0xffffffffu, d, sz);
      check_even<void, float, float>("f32/f32", bins, -1.f, 3.f, d, sz, d == uniform);
    }
    const auto& sz = bins >= 65536 ? small : sizes;
    check_even<void, float, float>("f32/f32", bins, -1.f, 3.f, special, sz);
    check_even<void, u32, u32>("u32/u32 narrow", bins, 1000u, 50000u, normal, small, false);
    check_even<void, u32, u64>("u32/u64 [0,2^32)", bins, u64(0), u64(1) << 32, uniform, small, false);
    check_even<void, i64, i64>("i64/i64 full", bins, std::numeric_limits<i64>::min(), std::numeric_limits<i64>::max(), uniform, small, false);
    check_even<void, i64, i64>("i64/i64 edges", bins, i64(-7), i64(1) << 40, edges, small, false);
    check_even<void, double, double>("f64/f64 huge", bins, -1.7e308, 1.7e308, uniform, small, false);
    check_even<void, double, double>("f64/f64", bins, 0.25, 1e6, special, small, false);
    check_even<void, u8, int>("u8/int", bins, 0, 256, uniform, small, false);
    check_even<void, i16, i16>("i16/i16", bins, i16(-1000), i16(1000), uniform, small, false);
  }
  // Tuning variants (what the timings compare must be right too).
  for (int bins : {7, 256, 1024, 65536}) {
    for (dist d : {uniform, equal, edges}) {
      check_even<t_match, u32, u32>("match", bins, 0u, 0xffffffffu, d, small, false);
      check_even<t_shared, u32, u32>("shared", bins, 0u, 0xffffffffu, d, small, false);
      check_even<t_shared_match, u32, u32>("shared_match", bins, 0u, 0xffffffffu, d, small, false);
      check_even<t_global, u32, u32>("global", bins, 0u, 0xffffffffu, d, small, false);
      check_even<t_global_match, u32, u32>("global_match", bins, 0u, 0xffffffffu, d, small, false);
      check_even<t_slice2, u32, u32>("slice2", bins, 0u, 0xffffffffu, d, small, false);
      check_even<t_none, float, float>("none", bins, 0.f, 1.f, d, small, false);
    }
  }
  // histogram_range: bounds in shared memory and (8193 of them) in device memory.
  for (int nb : {2, 3, 9, 257, 1025, 8193}) {
    std::vector<float> fb(nb);
    for (int i = 0; i < nb; ++i) fb[i] = -2.f + 5.f * float(i) / float(nb - 1) + (i > 0 && i < nb - 1 ? 1e-4f * float(i % 3) : 0.f);
    check_range<float, float>("range f32", fb, uniform, sizes);
    check_range<float, float>("range f32", fb, special, small);
    std::vector<u32> ub(nb);
    for (int i = 0; i < nb; ++i) ub[i] = u32(i) * 1000u + u32(i * i % 7);
    check_range<u32, u32>("range u32", ub, uniform, small);
  }
  {  // Bounds from a counting iterator (not a pointer), too many for shared memory: copied first.
    const int nb = 20001;
    auto bounds = tide::make_counting_iterator<i64>(-10);
    auto h = make_samples<i64, i64>(uniform, 100000, nb - 1, -10, nb - 10, 5);
    std::vector<u64> want(nb - 1);
    tide::backend::seq::histogram_range(tide::seq, h.data(), i64(h.size()), bounds, nb, want.data());
    dbuf<i64> ds(h.size());
    upload(ds.p, h);
    check_counters<u64>("range counting bounds", nb - 1, want, [&](u64* out) {
      tide::backend::cuda::histogram_range(tide::cuda_policy{}, ds.p, i64(h.size()), bounds, nb, out);
    });
  }
  // Samples from iterators (the generic path), with a closed-form or host reference.
  for (int bins : {1, 7, 256, 1024, 65536, 300000}) {
    auto c = tide::make_counting_iterator<i64>(0);
    for (i64 n : {i64(0), i64(1), i64(999), i64(12345679)}) {
      check_counters<u64>("counting bins=" + std::to_string(bins) + " n=" + std::to_string(n), bins,
                          counting_want(n, bins, -5, 12345670), [&](u64* out) { even<void>(c, n, out, bins, i64(-5), i64(12345670)); });
    }
    auto t = tide::make_transform_iterator(c, to_float_half{});
    std::vector<u64> want(bins);
    tide::backend::seq::histogram_even(tide::seq, t, 1000003, want.data(), bins, -2.f, 400.f);
    check_counters<float>("transform f32 bins=" + std::to_string(bins), bins, want,
                          [&](float* out) { even<void>(t, 1000003, out, bins, -2.f, 400.f); });
  }
  // Past one segment: 2^33 samples from a counting iterator (16-bit lane counters and 32-bit
  // global counters would overflow in one launch), integer and float counters.
  if (!quick) {
    const i64 n = i64(1) << 33;
    auto c = tide::make_counting_iterator<i64>(0);
    for (int bins : {256, 1024, 300000}) {
      auto want = counting_want(n, bins, 0, n);
      check_counters<u64>("2^33 counting bins=" + std::to_string(bins), bins, want,
                          [&](u64* out) { even<void>(c, n, out, bins, i64(0), n); });
      check_counters<float>("2^33 counting bins=" + std::to_string(bins), bins, want,
                            [&](float* out) { even<void>(c, n, out, bins, i64(0), n); });
    }
  }
  CK(cudaDeviceSynchronize());
  std::printf("checks: %d, failures: %d\n", g_checks, g_failures);
}

// ---- timing ----------------------------------------------------------------------------------
__device__ u64 mix64(u64 x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
__global__ void gen_u32(u32* p, i64 n, u64 seed) {
  for (i64 i = blockIdx.x * i64(blockDim.x) + threadIdx.x; i < n; i += i64(gridDim.x) * blockDim.x) p[i] = u32(mix64(i ^ seed));
}
__global__ void gen_u8(u8* p, i64 n, u64 seed) {
  for (i64 i = blockIdx.x * i64(blockDim.x) + threadIdx.x; i < n; i += i64(gridDim.x) * blockDim.x) p[i] = u8(mix64(i ^ seed));
}
__global__ void fill_u32(u32* p, i64 n, u32 v) {
  for (i64 i = blockIdx.x * i64(blockDim.x) + threadIdx.x; i < n; i += i64(gridDim.x) * blockDim.x) p[i] = v;
}
__global__ void gen_f32(float* p, i64 n, u64 seed, int normal) {
  for (i64 i = blockIdx.x * i64(blockDim.x) + threadIdx.x; i < n; i += i64(gridDim.x) * blockDim.x) {
    u64 r = mix64(i ^ seed);
    float a = float(r >> 40) * 0x1p-24f;
    if (normal) {
      float b = float((r >> 8) & 0xffffff) * 0x1p-24f + 0x1p-25f;
      a = 0.5f + 0.125f * sqrtf(-2.f * logf(b)) * cospif(2.f * a);
    }
    p[i] = a;
  }
}

template <class F>
double time_ms(F f, int reps = 20) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  f();
  CK(cudaDeviceSynchronize());
  CK(cudaEventRecord(a));
  for (int i = 0; i < reps; ++i) f();
  CK(cudaEventRecord(b));
  CK(cudaEventSynchronize(b));
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, a, b));
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  CK(cudaGetLastError());
  return ms / reps;
}

struct cub_runner {
  void* temp = nullptr;
  std::size_t bytes = 0;
  template <class S, class L>
  double time(const S* d, i64 n, int* h, int bins, L lo, L hi) {
    std::size_t need = 0;
    CK(cub::DeviceHistogram::HistogramEven(nullptr, need, d, h, bins + 1, lo, hi, n));
    if (need > bytes) {
      cudaFree(temp);
      CK(cudaMalloc(&temp, need));
      bytes = need;
    }
    return time_ms([&] { CK(cub::DeviceHistogram::HistogramEven(temp, bytes, d, h, bins + 1, lo, hi, n)); });
  }
  ~cub_runner() { cudaFree(temp); }
};

/// Times our variants and CUB on one input; checks each variant's counts against CUB's.
template <class S, class L>
void time_case(const char* name, const S* d, i64 n, int bins, L lo, L hi, bool with_cub = true) {
  dbuf<int> h_cub(bins), h(bins);
  cub_runner cub;
  double t_cub = with_cub ? cub.time(d, n, h_cub.p, bins, lo, hi) : 0;
  auto ref = download(h_cub.p, bins);
  const double gb = double(n) * sizeof(S) / 1e9;
  std::printf("%-34s CUB %8.3f ms\n", name, t_cub);
  auto row = [&](const char* variant, double t) {
    auto got = download(h.p, bins);
    long long diff = 0, total = 0;
    for (int b = 0; b < bins; ++b) diff += std::llabs((long long)got[b] - ref[b]), total += got[b];
    std::printf("%-34s   %-14s %8.3f ms  %6.0f GB/s  x%5.2f vs CUB   (|diff| vs CUB %lld of %lld)\n", "", variant, t,
                gb / (t * 1e-3), with_cub ? t_cub / t : 0.0, with_cub ? diff : 0, total);
  };
  row("default", time_ms([&] { even<void>(d, n, h.p, bins, lo, hi); }));
  if (bins <= 256) {
    row("lane_vec4", time_ms([&] { even<t_lane4>(d, n, h.p, bins, lo, hi); }));
    row("shared_unif", time_ms([&] { even<t_shared>(d, n, h.p, bins, lo, hi); }));
    row("shared_match", time_ms([&] { even<t_shared_match>(d, n, h.p, bins, lo, hi); }));
  } else {
    row("match", time_ms([&] { even<t_match>(d, n, h.p, bins, lo, hi); }));
    row("no_aggregation", time_ms([&] { even<t_none>(d, n, h.p, bins, lo, hi); }));
    row("shared3/SM", time_ms([&] { even<t_shared3>(d, n, h.p, bins, lo, hi); }));
  }
  if (bins > 32768) {
    row("slice2", time_ms([&] { even<t_slice2>(d, n, h.p, bins, lo, hi); }));
    row("global", time_ms([&] { even<t_global>(d, n, h.p, bins, lo, hi); }));
    row("global_match", time_ms([&] { even<t_global_match>(d, n, h.p, bins, lo, hi); }));
  }
}

static void run_timing() {
  const i64 n = i64(1) << 28;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs; 2^28 samples (1 GiB of 4-byte samples: 0.26 ms at 4.2 TB/s)\n", prop.name,
              prop.multiProcessorCount);
  dbuf<u32> du(n);
  dbuf<float> df(n);
  gen_u32<<<4096, 256>>>(du.p, n, 1);
  time_case("u32 256 bins uniform", du.p, n, 256, 0u, 0xffffffffu);
  time_case("u32 65536 bins uniform", du.p, n, 65536, 0u, 0xffffffffu);
  time_case("u32 1024 bins uniform", du.p, n, 1024, 0u, 0xffffffffu);
  time_case("u32 7 bins uniform", du.p, n, 7, 0u, 0xffffffffu);
  {
    dbuf<int> h(256);
    std::printf("%-34s   %-14s %8.3f ms\n", "u32 256 bins, u64 levels [0,2^32)", "default",
                time_ms([&] { even<void>(du.p, n, h.p, 256, u64(0), u64(1) << 32); }));
  }
  fill_u32<<<4096, 256>>>(du.p, n, 0x12345678u);
  time_case("u32 256 bins all-equal", du.p, n, 256, 0u, 0xffffffffu);
  time_case("u32 1024 bins all-equal", du.p, n, 1024, 0u, 0xffffffffu);
  gen_f32<<<4096, 256>>>(df.p, n, 2, 0);
  time_case("f32 1024 bins uniform", df.p, n, 1024, 0.f, 1.f);
  time_case("f32 256 bins uniform", df.p, n, 256, 0.f, 1.f);
  time_case("f32 4096 bins uniform", df.p, n, 4096, 0.f, 1.f);
  gen_f32<<<4096, 256>>>(df.p, n, 3, 1);
  time_case("f32 1024 bins normal", df.p, n, 1024, 0.f, 1.f);
  {
    dbuf<u8> d8(n);
    gen_u8<<<4096, 256>>>(d8.p, n, 4);
    time_case("u8 256 bins uniform (256 MiB)", d8.p, n, 256, 0, 256);
  }
  {  // histogram_range, 1025 bounds in shared memory
    gen_f32<<<4096, 256>>>(df.p, n, 2, 0);
    std::vector<float> fb(1025);
    for (int i = 0; i < 1025; ++i) fb[i] = float(i) / 1024.f;
    dbuf<float> db(1025);
    upload(db.p, fb);
    dbuf<int> h(1024);
    std::printf("%-34s   %-14s %8.3f ms\n", "f32 range 1024 bins uniform", "default",
                time_ms([&] { tide::backend::cuda::histogram_range(tide::cuda_policy{}, df.p, n, db.p, 1025, h.p); }));
  }
  {  // small n: launch overhead
    dbuf<int> h(256);
    std::printf("%-34s   %-14s %8.3f ms\n", "u32 256 bins n=1000", "default",
                time_ms([&] { even<void>(du.p, 1000, h.p, 256, 0u, 0xffffffffu); }));
  }
}

int main(int argc, char** argv) {
  bool checks = true, timing = true, quick = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--checks")) timing = false;
    if (!std::strcmp(argv[i], "--timing")) checks = false;
    if (!std::strcmp(argv[i], "--quick")) quick = true;
  }
  if (checks) run_checks(quick);
  if (timing) run_timing();
  return g_failures ? 1 : 0;
}
