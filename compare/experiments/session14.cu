// Session 14's GPU microbenchmark (docs/notes/sort.md, scan.md, set_operations.md): tide against
// CUB and Thrust in one binary, on 2^28 items. Modes: `set` (the four set operations, two sorted
// u32 halves of 2^27 half overlapping, against Thrust, plus block shapes), `scan` (u64 inclusive
// sums against CUB, plus shapes), `sortv` (radix sort u32, f32 at 2^28 and 2^24, u64 at 2^28,
// against CUB with 64-bit counts, plus onesweep shapes), `pairs` (u32 pairs), `sort` and the
// single-shot `sortonce` / `setonce` for ncu. Every row checks its output against the reference's.
// Build (sm_90; -DNEW enables the shape variants, which use the experiment hooks of the tuned
// entry points; without it, only the defaults are timed, for an A/B against older headers):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -DNEW -Iinclude compare/experiments/session14.cu <build>/libtide.a -lgomp
#include <tide/tide.hpp>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <thrust/execution_policy.h>
#include <thrust/set_operations.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "experiment.cuh"

namespace td = tide::backend::cuda::detail;

#ifdef NEW
template <int T, int I, int M>
struct set_shape {
  static constexpr int threads = T, items = I, tile = T * I, min_blocks = M;
};
#endif

static void set_rows(std::size_t n, bool once = false) {
  const std::size_t h = n / 2;
  std::vector<unsigned> ha(h), hb(h);
  std::mt19937 g(7);
  for (std::size_t i = 0; i < h; ++i) {
    ha[i] = unsigned(2 * i + (g() & 1));
    hb[i] = unsigned(h + 2 * i + (g() & 1));
  }
  unsigned *a, *b, *o, *ref;
  CK(cudaMalloc(&a, h * 4));
  CK(cudaMalloc(&b, h * 4));
  CK(cudaMalloc(&o, n * 4));
  CK(cudaMalloc(&ref, n * 4));
  CK(cudaMemcpy(a, ha.data(), h * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(b, hb.data(), h * 4, cudaMemcpyHostToDevice));
  std::size_t ref_n[4];
  const char* names[4] = {"union", "intersection", "difference", "symdiff"};
  if (once) {
    thrust::set_union(thrust::device, a, a + h, b, b + h, ref);
    tide::set_union(tide::device, a, a + h, b, b + h, o);
    CK(cudaDeviceSynchronize());
    return;
  }
  for (int op = 0; op < 4; ++op) {
    unsigned* e = nullptr;
    auto run_thrust = [&] {
      switch (op) {
        case 0: e = thrust::set_union(thrust::device, a, a + h, b, b + h, ref); break;
        case 1: e = thrust::set_intersection(thrust::device, a, a + h, b, b + h, ref); break;
        case 2: e = thrust::set_difference(thrust::device, a, a + h, b, b + h, ref); break;
        default: e = thrust::set_symmetric_difference(thrust::device, a, a + h, b, b + h, ref); break;
      }
    };
    double ms = time_ms(run_thrust);
    ref_n[op] = std::size_t(e - ref);
    std::printf("set %-12s n=%zu thrust %.4f ms (out %zu)\n", names[op], n, ms, ref_n[op]);
    auto check = [&](const char* what, std::size_t got) {
      bool ok = got == ref_n[op];
      if (ok) {
        std::vector<unsigned> x(got), y(got);
        CK(cudaMemcpy(x.data(), o, got * 4, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(y.data(), ref, got * 4, cudaMemcpyDeviceToHost));
        ok = x == y;
      }
      if (!ok) std::printf("  MISMATCH %s\n", what);
    };
    auto run_tide = [&] {
      switch (op) {
        case 0: e = tide::set_union(tide::device, a, a + h, b, b + h, o); break;
        case 1: e = tide::set_intersection(tide::device, a, a + h, b, b + h, o); break;
        case 2: e = tide::set_difference(tide::device, a, a + h, b, b + h, o); break;
        default: e = tide::set_symmetric_difference(tide::device, a, a + h, b, b + h, o); break;
      }
    };
    ms = time_ms(run_tide);
    std::printf("set %-12s n=%zu tide-default %.4f ms\n", names[op], n, ms);
    check("default", std::size_t(e - o));
#ifdef NEW
    auto variant = [&](auto shape, const char* label) {
      using S = decltype(shape);
      std::int64_t got = 0;
      auto f = [&] {
        using tide::detail::set_op;
        const tide::cuda_policy p{};
        auto less = tide::less<unsigned>{};
        auto run = [&](auto c) {  // c: the set_op as a type
          return td::set_operation_impl<decltype(c)::value, false, S>(p, a, h, b, h, a, a, o, o, less, "x");
        };
        switch (op) {
          case 0: got = run(std::integral_constant<set_op, set_op::union_op>{}); break;
          case 1: got = run(std::integral_constant<set_op, set_op::intersection>{}); break;
          case 2: got = run(std::integral_constant<set_op, set_op::difference>{}); break;
          default: got = run(std::integral_constant<set_op, set_op::symmetric_difference>{}); break;
        }
      };
      double t = time_ms(f);
      std::printf("set %-12s n=%zu tide-%s %.4f ms\n", names[op], n, label, t);
      check(label, std::size_t(got));
    };
    // Shapes whose static shared memory fits 48 KB (the library's kernel ignores min_blocks).
    variant(set_shape<256, 19, 1>{}, "256x19");
    variant(set_shape<256, 15, 1>{}, "256x15");
    variant(set_shape<128, 19, 1>{}, "128x19");
#endif
  }
  CK(cudaFree(a));
  CK(cudaFree(b));
  CK(cudaFree(o));
  CK(cudaFree(ref));
}

#ifdef NEW
template <int Items, int Threads = 256>
struct scan64 : td::scan_tuning<unsigned long long, 900> {
  static constexpr int items_per_thread = Items;
  static constexpr int block_threads = Threads;
};
#endif

static void scan_rows(std::size_t n) {
  using u64 = unsigned long long;
  u64 *in, *out, *ref;
  CK(cudaMalloc(&in, n * 8));
  CK(cudaMalloc(&out, n * 8));
  CK(cudaMalloc(&ref, n * 8));
  std::vector<u64> h(n);
  std::mt19937_64 g(3);
  for (auto& x : h) x = g() >> 20;
  CK(cudaMemcpy(in, h.data(), n * 8, cudaMemcpyHostToDevice));
  void* tmp = nullptr;
  std::size_t bytes = 0;
  cub::DeviceScan::InclusiveSum(tmp, bytes, in, ref, (long long)n);
  CK(cudaMalloc(&tmp, bytes));
  double ms = time_ms([&] { cub::DeviceScan::InclusiveSum(tmp, bytes, in, ref, (long long)n); });
  std::printf("scan u64 n=%zu cub %.4f ms\n", n, ms);
  auto check = [&](const char* what) {
    std::vector<u64> x(n), y(n);
    CK(cudaMemcpy(x.data(), out, n * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(y.data(), ref, n * 8, cudaMemcpyDeviceToHost));
    if (x != y) std::printf("  MISMATCH %s\n", what);
  };
  ms = time_ms([&] { tide::inclusive_scan(tide::device, in, in + n, out); });
  std::printf("scan u64 n=%zu tide-default %.4f ms\n", n, ms);
  check("default");
#ifdef NEW
  auto variant = [&](auto tuning, const char* label) {
    using T = decltype(tuning);
    double t = time_ms([&] {
      td::scan_tuned<T, false>(tide::cuda_policy{}, in, std::int64_t(n), out, u64{}, false, tide::plus<>{}, "x");
    });
    std::printf("scan u64 n=%zu tide-%s %.4f ms\n", n, label, t);
    check(label);
  };
  variant(scan64<16>{}, "256x16");
  variant(scan64<20>{}, "256x20");
  variant(scan64<24>{}, "256x24");
  variant(scan64<28>{}, "256x28");
  variant(scan64<16, 384>{}, "384x16");
  variant(scan64<20, 384>{}, "384x20");
  variant(scan64<16, 512>{}, "512x16");
  variant(scan64<24>{}, "256x24again");
#endif
  CK(cudaFree(in));
  CK(cudaFree(out));
  CK(cudaFree(ref));
  CK(cudaFree(tmp));
}

static void sort_rows(std::size_t n, bool once) {
  unsigned *k, *src, *alt;
  CK(cudaMalloc(&k, n * 4));
  CK(cudaMalloc(&src, n * 4));
  CK(cudaMalloc(&alt, n * 4));
  std::vector<unsigned> h(n);
  std::mt19937 g(5);
  for (auto& x : h) x = g();
  CK(cudaMemcpy(src, h.data(), n * 4, cudaMemcpyHostToDevice));
  void* tmp = nullptr;
  std::size_t bytes = 0;
  const long long nl = (long long)n;
  cub::DeviceRadixSort::SortKeys(tmp, bytes, src, alt, nl, 0, 32);
  CK(cudaMalloc(&tmp, bytes));
  if (once) {
    CK(cudaMemcpy(k, src, n * 4, cudaMemcpyDeviceToDevice));
    tide::sort(tide::device, k, k + n);
    cub::DeviceRadixSort::SortKeys(tmp, bytes, src, alt, nl, 0, 32);
    CK(cudaDeviceSynchronize());
    return;
  }
  // Timed: the copy of fresh keys is outside the events for tide (sort in place).
  std::vector<float> tt, tc;
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int r = 0; r < 11; ++r) {
    CK(cudaMemcpy(k, src, n * 4, cudaMemcpyDeviceToDevice));
    CK(cudaEventRecord(a));
    tide::sort(tide::device, k, k + n);
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    if (r) tt.push_back(ms);
    CK(cudaEventRecord(a));
    cub::DeviceRadixSort::SortKeys(tmp, bytes, src, alt, nl, 0, 32);
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    CK(cudaEventElapsedTime(&ms, a, b));
    if (r) tc.push_back(ms);
  }
  std::sort(tt.begin(), tt.end());
  std::sort(tc.begin(), tc.end());
  std::vector<unsigned> x(n), y(n);
  CK(cudaMemcpy(x.data(), k, n * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(y.data(), alt, n * 4, cudaMemcpyDeviceToHost));
  std::printf("sort u32 n=%zu tide %.4f ms cub %.4f ms ratio %.3f %s\n", n, tt[5], tc[5], tc[5] / tt[5],
              x == y ? "same" : "MISMATCH");
}


#ifdef NEW
template <int T, int I, int M>
struct os_shape {
  static constexpr int threads = T, items = I, min_blocks = M, tile = T * I;
  static constexpr int portion_tiles = ((1 << 30) - 1) / tile;
};
template <int T, int I, int M>
struct osk_shape : os_shape<T, I, M> {
  static constexpr int keep_digits = 0;
};
#endif

template <class K>
static void sort_variants(std::size_t n) {
  K *k, *src, *alt;
  CK(cudaMalloc(&k, n * sizeof(K)));
  CK(cudaMalloc(&src, n * sizeof(K)));
  CK(cudaMalloc(&alt, n * sizeof(K)));
  std::vector<K> h(n);
  std::mt19937 g(5);
  for (auto& x : h) {
    if constexpr (std::is_floating_point_v<K>) x = K(std::uniform_real_distribution<double>(-1e6, 1e6)(g));
    else if constexpr (sizeof(K) == 8) x = (K(g()) << 32) | g();
    else x = K(g());
  }
  CK(cudaMemcpy(src, h.data(), n * sizeof(K), cudaMemcpyHostToDevice));
  void* tmp = nullptr;
  std::size_t bytes = 0;
  const long long nl = (long long)n;
  cub::DeviceRadixSort::SortKeys(tmp, bytes, src, alt, nl, 0, int(sizeof(K) * 8));
  CK(cudaMalloc(&tmp, bytes));
  const char* tn = std::is_floating_point_v<K> ? "f32" : sizeof(K) == 8 ? "u64" : "u32";
  auto timed = [&](auto&& f) {
    return time_prepped_ms([&] { CK(cudaMemcpy(k, src, n * sizeof(K), cudaMemcpyDeviceToDevice)); }, f);
  };
  double cub_ms = timed([&] { cub::DeviceRadixSort::SortKeys(tmp, bytes, src, alt, nl, 0, int(sizeof(K) * 8)); });
  std::vector<K> ref(n), got(n);
  CK(cudaMemcpy(ref.data(), alt, n * sizeof(K), cudaMemcpyDeviceToHost));
  std::printf("sortv %s n=%zu cub %.4f ms\n", tn, n, cub_ms);
  auto report = [&](const char* label, double ms) {
    CK(cudaMemcpy(got.data(), k, n * sizeof(K), cudaMemcpyDeviceToHost));
    std::printf("sortv %s n=%zu tide-%s %.4f ms  cub/tide %.3f %s\n", tn, n, label, ms, cub_ms / ms,
                std::memcmp(got.data(), ref.data(), n * sizeof(K)) == 0 ? "same" : "MISMATCH");
  };
  report("default", timed([&] { tide::sort(tide::device, k, k + n); }));
#ifdef NEW
  auto variant = [&](auto shape, const char* label) {
    using S = decltype(shape);
    report(label, timed([&] {
      const int bits = int(sizeof(K) * 8);
      td::radix_sort_onesweep<false, false, K, K, S>(tide::cuda_policy{}, k, k, std::int64_t(n), 0, bits, "x");
    }));
  };
  variant(os_shape<256, 23, 3>{}, "256x23m3");
  if constexpr (std::is_floating_point_v<K>) {
    variant(osk_shape<384, 17, 3>{}, "nokeep384x17m3");
    variant(osk_shape<384, 16, 3>{}, "nokeep384x16m3");
    variant(os_shape<448, 19, 2>{}, "448x19m2");
    variant(osk_shape<448, 19, 2>{}, "nokeep448x19m2");
    variant(os_shape<448, 18, 2>{}, "448x18m2");
    variant(os_shape<512, 17, 2>{}, "512x17m2");
  } else if constexpr (sizeof(K) == 8) {
    variant(os_shape<256, 20, 3>{}, "256x20m3");
    variant(os_shape<384, 12, 3>{}, "384x12m3");
    variant(os_shape<512, 10, 2>{}, "512x10m2");
    variant(os_shape<384, 11, 3>{}, "384x11m3");
    variant(os_shape<320, 16, 3>{}, "320x16m3");
  } else {
    variant(os_shape<384, 17, 3>{}, "384x17m3");
    variant(os_shape<448, 19, 2>{}, "448x19m2");
    variant(os_shape<448, 18, 2>{}, "448x18m2");
    variant(os_shape<384, 15, 3>{}, "384x15m3");
    variant(os_shape<384, 17, 3>{}, "384x17m3again");
  }
#endif
  CK(cudaFree(k));
  CK(cudaFree(src));
  CK(cudaFree(alt));
  CK(cudaFree(tmp));
}

static void pairs_variants(std::size_t n) {
  using K = unsigned;
  K *k, *v, *src, *srcv, *alt, *altv;
  for (K** p : {&k, &v, &src, &srcv, &alt, &altv}) CK(cudaMalloc(p, n * 4));
  std::vector<K> h(n), hv(n);
  std::mt19937 g(9);
  for (std::size_t i = 0; i < n; ++i) {
    h[i] = K(g());
    hv[i] = K(i);
  }
  CK(cudaMemcpy(src, h.data(), n * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(srcv, hv.data(), n * 4, cudaMemcpyHostToDevice));
  void* tmp = nullptr;
  std::size_t bytes = 0;
  const long long nl = (long long)n;
  cub::DeviceRadixSort::SortPairs(tmp, bytes, src, alt, srcv, altv, nl, 0, 32);
  CK(cudaMalloc(&tmp, bytes));
  auto timed = [&](auto&& f) {
    auto prep = [&] {
      CK(cudaMemcpy(k, src, n * 4, cudaMemcpyDeviceToDevice));
      CK(cudaMemcpy(v, srcv, n * 4, cudaMemcpyDeviceToDevice));
    };
    return time_prepped_ms(prep, f);
  };
  double cub_ms = timed([&] { cub::DeviceRadixSort::SortPairs(tmp, bytes, src, alt, srcv, altv, nl, 0, 32); });
  std::vector<K> rk(n), rv(n), gk(n), gv(n);
  CK(cudaMemcpy(rk.data(), alt, n * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rv.data(), altv, n * 4, cudaMemcpyDeviceToHost));
  std::printf("pairs u32 n=%zu cub %.4f ms\n", n, cub_ms);
  auto report = [&](const char* label, double ms) {
    CK(cudaMemcpy(gk.data(), k, n * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(gv.data(), v, n * 4, cudaMemcpyDeviceToHost));
    std::printf("pairs u32 n=%zu tide-%s %.4f ms  cub/tide %.3f %s\n", n, label, ms, cub_ms / ms,
                gk == rk && gv == rv ? "same" : "MISMATCH");
  };
  report("default", timed([&] { tide::sort_by_key(tide::device, k, k + n, v); }));
#ifdef NEW
  auto variant = [&](auto shape, const char* label) {
    using S = decltype(shape);
    report(label, timed([&] {
      td::radix_sort_onesweep<false, true, K, K, S>(tide::cuda_policy{}, k, v, std::int64_t(n), 0, 32, "x");
    }));
  };
  variant(os_shape<384, 22, 2>{}, "384x22m2");
  variant(os_shape<384, 14, 3>{}, "384x14m3");
  variant(os_shape<384, 13, 3>{}, "384x13m3");
  variant(os_shape<512, 12, 2>{}, "512x12m2");
  variant(os_shape<448, 16, 2>{}, "448x16m2");
#endif
}

int main(int argc, char** argv) {
  std::string what = argc > 1 ? argv[1] : "all";
  cudaDeviceProp pr;
  CK(cudaGetDeviceProperties(&pr, 0));
  std::printf("device %s\n", pr.name);
  const std::size_t n = std::size_t(1) << 28;
  if (what == "setonce") {
    set_rows(n, true);
    return 0;
  }
  if (what == "sortonce") {
    sort_rows(n, true);
    return 0;
  }
  memcpy_row(n);
  if (what == "all" || what == "set") set_rows(n);
  if (what == "all" || what == "scan") scan_rows(n);
  if (what == "all" || what == "sort") sort_rows(n, false);
  if (what == "pairs") {
    pairs_variants(n);
    pairs_variants(n >> 4);
  }
  if (what == "all" || what == "sortv") {
    sort_variants<unsigned>(n);
    sort_variants<float>(n);
    sort_variants<unsigned>(n >> 4);
    sort_variants<float>(n >> 4);
    sort_variants<unsigned long>(n);
  }
  return 0;
}
