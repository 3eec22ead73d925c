// histogram_even and histogram_range, on every backend, against references computed here (exact
// 128-bit integer arithmetic, long double, std::upper_bound), not with the library's bin code.
#include "common.hpp"

#include <algorithm>
#include <numeric>

using namespace tide_test;

namespace {

using u64 = unsigned long long;

/// floor(bins * (x - lo) / (hi - lo)) in 128-bit integers, -1 outside [lo, hi).
template <class S, class L>
long long exact_int_bin(S x, int bins, L lo, L hi) {
  const __int128 xi = x, l = lo, h = hi;
  if (xi < l || xi >= h) return -1;
  return static_cast<long long>(static_cast<unsigned __int128>(xi - l) * static_cast<unsigned>(bins) /
                                static_cast<unsigned __int128>(h - l));
}

/// The same in long double for floating point, clamped to the last bin.
template <class S, class L>
long long exact_float_bin(S x, int bins, L lo, L hi) {
  const long double xl = x, l = lo, h = hi;
  if (!(xl >= l && xl < h)) return -1;
  const long long b = static_cast<long long>(std::floor((xl - l) * bins / (h - l)));
  return std::min<long long>(b, bins - 1);
}

template <class S, class L>
std::vector<u64> reference_even(const std::vector<S>& v, int bins, L lo, L hi) {
  std::vector<u64> h(bins, 0);
  for (S x : v) {
    long long b;
    if constexpr (std::is_floating_point_v<S> || std::is_floating_point_v<L>)
      b = exact_float_bin(x, bins, lo, hi);
    else
      b = exact_int_bin(x, bins, lo, hi);
    if (b >= 0) ++h[static_cast<std::size_t>(b)];
  }
  return h;
}

template <class S, class Bound>
std::vector<u64> reference_range(const std::vector<S>& v, const std::vector<Bound>& bounds) {
  std::vector<u64> h(bounds.size() - 1, 0);
  for (S x : v) {
    if (!(x >= bounds.front() && x < bounds.back())) continue;
    auto i = std::upper_bound(bounds.begin(), bounds.end(), x) - bounds.begin() - 1;
    ++h[static_cast<std::size_t>(i)];
  }
  return h;
}

/// Runs histogram_even on backend B into counters of type C; returns them widened.
template <class B, class C = u64, class S, class L>
std::vector<u64> run_even(const std::vector<S>& h, int bins, L lo, L hi) {
  auto d = to_backend<B>(h);
  typename B::template vector<C> out(bins, C(77));  // overwritten, not added to
  tide::histogram_even(B::policy(), d.begin(), d.end(), out.begin(), bins, lo, hi);
  std::vector<u64> r;
  for (C c : to_std(out)) r.push_back(static_cast<u64>(c));
  return r;
}

template <class B, class C = u64, class S, class Bound>
std::vector<u64> run_range(const std::vector<S>& h, const std::vector<Bound>& bounds) {
  auto d = to_backend<B>(h);
  auto db = to_backend<B>(bounds);
  typename B::template vector<C> out(bounds.size() - 1, C(77));
  tide::histogram_range(B::policy(), d.begin(), d.end(), db.begin(), db.end(), out.begin());
  std::vector<u64> r;
  for (C c : to_std(out)) r.push_back(static_cast<u64>(c));
  return r;
}

template <class B>
constexpr bool is_cuda_backend() {
  return std::is_same_v<std::decay_t<decltype(B::policy())>, tide::cuda_policy>;
}

}  // namespace

TEST_CASE_TEMPLATE("histogram_even counts integer samples exactly, whatever the range", B, TIDE_TEST_BACKENDS) {
  for (int bins : {1, 7, 256, 1000}) {
    for (auto n : sizes()) {
      CAPTURE(bins);
      CAPTURE(n);
      auto u = random_vector<std::uint32_t>(n, "hist-u32", 0, 4294967295.0);
      CHECK(run_even<B>(u, bins, 0u, 0xffffffffu) == reference_even(u, bins, 0u, 0xffffffffu));
      CHECK(run_even<B>(u, bins, 1000u, 3000000000u) == reference_even(u, bins, 1000u, 3000000000u));
      auto i = random_vector<std::int32_t>(n, "hist-i32", -1200, 1200);
      CHECK(run_even<B>(i, bins, -1000, 1000) == reference_even(i, bins, -1000, 1000));
      auto b = random_vector<std::uint8_t>(n, "hist-u8", 0, 255);
      CHECK(run_even<B>(b, bins, 0, 256) == reference_even(b, bins, 0, 256));
    }
  }
}

TEST_CASE_TEMPLATE("histogram_even over the whole u32 range with 64-bit levels, and 64-bit samples", B,
                   TIDE_TEST_BACKENDS) {
  auto u = random_vector<std::uint32_t>(100003, "hist-u32-full", 0, 4294967295.0);
  u.push_back(0);
  u.push_back(0xffffffffu);
  for (int bins : {256, 65536, 3})
    CHECK(run_even<B>(u, bins, u64(0), u64(1) << 32) == reference_even(u, bins, u64(0), u64(1) << 32));
  auto g = rng("hist-i64");
  std::vector<std::int64_t> w(50000);
  for (auto& x : w) x = static_cast<std::int64_t>(g());
  w.push_back(std::numeric_limits<std::int64_t>::min());
  w.push_back(std::numeric_limits<std::int64_t>::max());  // == upper: not counted
  const auto lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
  for (int bins : {1, 7, 1000})
    CHECK(run_even<B>(w, bins, lo, hi) == reference_even(w, bins, lo, hi));
  CHECK(run_even<B>(w, 10, std::int64_t(-5), std::int64_t(1) << 40) ==
        reference_even(w, 10, std::int64_t(-5), std::int64_t(1) << 40));
}

TEST_CASE_TEMPLATE("histogram_even on floats: lower in bin 0, just below upper in the last bin", B,
                   TIDE_TEST_BACKENDS) {
  const float below = std::nextafter(1.f, 0.f);
  std::vector<float> v{0.f, below, 1.f, 0.5f, -0.f, std::nextafter(0.f, -1.f)};
  auto got = run_even<B>(v, 10, 0.f, 1.f);
  CHECK(got[0] == 2);  // 0 and -0
  CHECK(got[9] == 1);  // just below upper, never past the last bin
  CHECK(got[5] == 1);
  CHECK(std::accumulate(got.begin(), got.end(), u64(0)) == 4);
  for (int bins : {3, 1024, 65536}) {
    auto d = run_even<B>(std::vector<double>{-1.0, std::nextafter(3.0, 0.0)}, bins, -1.0, 3.0);
    CHECK(d.front() == 1);
    CHECK(d.back() == 1);
  }
}

TEST_CASE_TEMPLATE("histogram_even does not count NaN, infinities or samples outside the range", B,
                   TIDE_TEST_BACKENDS) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  for (auto n : sizes()) {
    auto v = random_vector<float>(n, "hist-f32", -2, 5);
    for (std::size_t i = 0; i < v.size(); i += 7) v[i] = (i / 7) % 3 == 0 ? nan : (i / 7) % 3 == 1 ? inf : -inf;
    CAPTURE(n);
    for (int bins : {1, 7, 256, 1024})
      CHECK(run_even<B>(v, bins, -1.f, 3.f) == reference_even(v, bins, -1.f, 3.f));
    CHECK(run_even<B>(v, 5, 100.f, 200.f) == std::vector<u64>(5, 0));
  }
  // Double levels so wide that upper - lower overflows.
  auto w = random_vector<double>(10000, "hist-f64", -1e300, 1e300);
  w.push_back(-1.7e308);
  CHECK(run_even<B>(w, 16, -1.7e308, 1.7e308) == reference_even(w, 16, -1.7e308, 1.7e308));
}

TEST_CASE_TEMPLATE("histogram_even writes every counter type and overwrites the histogram", B, TIDE_TEST_BACKENDS) {
  auto v = random_vector<int>(100000, "hist-counters", -10, 300);
  auto want = reference_even(v, 256, 0, 256);
  CHECK(run_even<B, int>(v, 256, 0, 256) == want);
  CHECK(run_even<B, unsigned>(v, 256, 0, 256) == want);
  CHECK(run_even<B, u64>(v, 256, 0, 256) == want);
  CHECK(run_even<B, float>(v, 256, 0, 256) == want);
  // Empty input: all zeros, whatever was there.
  CHECK(run_even<B, float>(std::vector<int>{}, 33, 0, 256) == std::vector<u64>(33, 0));
  CHECK(run_even<B, int>(std::vector<int>{}, 1, 0, 256) == std::vector<u64>(1, 0));
}

TEST_CASE_TEMPLATE("histogram_even with every sample equal, and with many bins", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    std::vector<std::uint32_t> v(static_cast<std::size_t>(n), 123456789u);
    for (int bins : {1, 256, 1024, 65536, 300000}) {
      auto got = run_even<B>(v, bins, 0u, 0xffffffffu);
      CAPTURE(n);
      CAPTURE(bins);
      CHECK(got == reference_even(v, bins, 0u, 0xffffffffu));
    }
  }
  auto u = random_vector<std::uint32_t>(200003, "hist-many", 0, 4294967295.0);
  for (int bins : {4096, 65536, 300000})
    CHECK(run_even<B>(u, bins, 0u, 0xffffffffu) == reference_even(u, bins, 0u, 0xffffffffu));
}

TEST_CASE_TEMPLATE("histogram_even over counting and transform iterators", B, TIDE_TEST_BACKENDS) {
  auto first = tide::make_counting_iterator<std::int64_t>(0);
  typename B::template vector<u64> out(7);
  tide::histogram_even(B::policy(), first, first + 1000000, out.begin(), 7, std::int64_t(-5), std::int64_t(999999));
  std::vector<std::int64_t> all(1000000);
  for (std::int64_t i = 0; i < 1000000; ++i) all[static_cast<std::size_t>(i)] = i;
  auto got = to_std(out);
  CHECK(got == reference_even(all, 7, std::int64_t(-5), std::int64_t(999999)));
  auto half =
      tide::make_transform_iterator(first, [] TIDE_HOST_DEVICE(std::int64_t i) { return double(i % 1000) * 0.5; });
  typename B::template vector<float> fout(100);
  tide::histogram_even(B::policy(), half, half + 100000, fout.begin(), 100, 0.0, 500.0);
  auto f = to_std(fout);
  CHECK(f[0] == 1000.f);  // each bin of width 5 holds 10 of the values 0, 0.5, ..., 499.5, each seen 100 times
  CHECK(std::accumulate(f.begin(), f.end(), 0.0) == 100000.0);
}

TEST_CASE_TEMPLATE("histogram_range counts bounds[i] <= x < bounds[i + 1]", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    auto v = random_vector<float>(n, "hist-range", -3, 8);
    std::vector<float> bounds{-1.f, 0.f, 0.25f, 0.5f, 2.f, 7.f};
    for (std::size_t i = 0; i < v.size(); i += 3) v[i] = bounds[(i / 3) % bounds.size()];  // samples on bounds
    if (!v.empty()) v[0] = std::numeric_limits<float>::quiet_NaN();
    CHECK(run_range<B>(v, bounds) == reference_range(v, bounds));
    CHECK(run_range<B, float>(v, bounds) == reference_range(v, bounds));
    auto w = random_vector<int>(n, "hist-range-int", -50, 5000);
    std::vector<int> ib{-7, 0, 1, 2, 100, 1000, 4999};
    CHECK(run_range<B, int>(w, ib) == reference_range(w, ib));
    std::vector<int> two{0, 10};
    CHECK(run_range<B>(w, two) == reference_range(w, two));
  }
}

TEST_CASE_TEMPLATE("histogram_range with many bounds", B, TIDE_TEST_BACKENDS) {
  // On CUDA: bounds in shared memory (one block's copy, then slices of them), then in device memory.
  for (int nb : {257, 1025, 8193, 70001, 300001}) {
    std::vector<double> bounds(static_cast<std::size_t>(nb));
    for (int i = 0; i < nb; ++i) bounds[static_cast<std::size_t>(i)] = -100.0 + 0.05 * i + 1e-3 * (i % 3);
    auto v = random_vector<double>(200003, "hist-range-many", -120, 400);
    CAPTURE(nb);
    CHECK(run_range<B>(v, bounds) == reference_range(v, bounds));
  }
}

TEST_CASE_TEMPLATE("histogram_range over counting iterators: samples and bounds", B, TIDE_TEST_BACKENDS) {
  // Bounds 0, 3, 6, ...: few (shared memory on CUDA) and many (device memory: copied first).
  for (int nb : {101, 300001}) {
    CAPTURE(nb);
    auto bounds = tide::make_transform_iterator(tide::make_counting_iterator<std::int64_t>(0),
                                                [] TIDE_HOST_DEVICE(std::int64_t i) { return i * 3; });
    auto samples = tide::make_counting_iterator<std::int64_t>(-7);
    const std::int64_t n = 1000003;
    typename B::template vector<u64> out(static_cast<std::size_t>(nb - 1), u64(5));
    tide::histogram_range(B::policy(), samples, samples + n, bounds, bounds + nb, out.begin());
    std::vector<std::int64_t> all(static_cast<std::size_t>(n)), hb(static_cast<std::size_t>(nb));
    for (std::int64_t i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = i - 7;
    for (int i = 0; i < nb; ++i) hb[static_cast<std::size_t>(i)] = std::int64_t(i) * 3;
    CHECK(to_std(out) == reference_range(all, hb));
  }
}

TEST_CASE_TEMPLATE("histogram rejects bad arguments", B, TIDE_TEST_BACKENDS) {
  auto d = to_backend<B>(std::vector<float>{0.5f, 1.5f});
  typename B::template vector<int> out(4);
  auto p = B::policy();
  CHECK_THROWS_WITH_AS(tide::histogram_even(p, d.begin(), d.end(), out.begin(), 0, 0.f, 1.f),
                       "tide::histogram_even: num_bins must be at least 1", std::invalid_argument);
  CHECK_THROWS_AS(tide::histogram_even(p, d.begin(), d.end(), out.begin(), 4, 1.f, 1.f), std::invalid_argument);
  CHECK_THROWS_AS(tide::histogram_even(p, d.begin(), d.end(), out.begin(), 4, 2.f, 1.f), std::invalid_argument);
  CHECK_THROWS_AS(tide::histogram_even(p, d.begin(), d.end(), out.begin(), 4, std::nanf(""), 1.f),
                  std::invalid_argument);
  CHECK_THROWS_AS(tide::histogram_even(p, d.end(), d.begin(), out.begin(), 4, 0.f, 1.f), std::invalid_argument);
  auto one = to_backend<B>(std::vector<float>{0.f});
  CHECK_THROWS_WITH_AS(tide::histogram_range(p, d.begin(), d.end(), one.begin(), one.end(), out.begin()),
                       "tide::histogram_range: needs at least 2 bounds (one bin)", std::invalid_argument);
  if constexpr (!is_cuda_backend<B>()) {  // device bounds are the caller's duty on CUDA
    auto flat = to_backend<B>(std::vector<float>{0.f, 1.f, 1.f, 2.f});
    CHECK_THROWS_AS(tide::histogram_range(p, d.begin(), d.end(), flat.begin(), flat.end(), out.begin()),
                    std::invalid_argument);
    auto with_nan = to_backend<B>(std::vector<float>{0.f, std::nanf(""), 2.f});
    CHECK_THROWS_AS(tide::histogram_range(p, d.begin(), d.end(), with_nan.begin(), with_nan.end(), out.begin()),
                    std::invalid_argument);
  }
}

TEST_CASE("histogram without a policy runs where the iterators live") {
  std::vector<int> v{1, 2, 2, 3, 3, 3, 9};
  std::vector<int> h(4, -1);
  tide::histogram_even(v.begin(), v.end(), h.begin(), 4, 0, 4);
  CHECK(h == std::vector<int>{0, 1, 2, 3});
  std::vector<int> bounds{0, 2, 3, 10};
  std::vector<long long> hr(3, -1);
  tide::histogram_range(v.begin(), v.end(), bounds.begin(), bounds.end(), hr.begin());
  CHECK(hr == std::vector<long long>{1, 2, 4});
}

// Reported as skipped, not passed, unless TIDE_TEST_LARGE is set.
TEST_CASE_TEMPLATE("histogram large sizes" * doctest::skip(!large_enabled()), B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {(std::int64_t(1) << 24) + 1, std::int64_t(1) << 28}) {
    auto u = random_vector<std::uint32_t>(n, "hist-large", 0, 4294967295.0);
    CAPTURE(n);
    // Bins of a power-of-two width: the reference is a shift.
    for (int bits : {8, 10, 16}) {
      if (bits != 8 && n > (std::int64_t(1) << 25)) continue;
      std::vector<u64> want(std::size_t(1) << bits, 0);
      for (auto x : u) ++want[x >> (32 - bits)];
      CHECK(run_even<B, float>(u, 1 << bits, u64(0), u64(1) << 32) == want);
    }
  }
}

// ---- the OpenMP backend's paths (tide::par): each against the sequential backend, which counts
// with tide::detail's bins directly, so the bin of every sample must be the same.
namespace {

template <class S, class L>
void check_even_paths(const std::vector<S>& v, int bins, L lo, L hi) {
  CAPTURE(v.size());
  CAPTURE(bins);
  const auto want = run_even<seq_backend>(v, bins, lo, hi);
  CHECK(run_even<par_backend>(v, bins, lo, hi) == want);
  CHECK(run_even<device_backend>(v, bins, lo, hi) == want);
  // The 32-bit sub-histograms flushed every few samples (2^32 - 1 in use), on one thread and two.
  for (std::uint64_t flush : {1u, 3u, 4u, 5u, 1000u}) {
    for (int threads : {1, 2}) {
      CAPTURE(flush);
      std::vector<u64> got(static_cast<std::size_t>(bins), 77);
      tide::backend::omp::detail::histogram_even(tide::par.with_threads(threads), v.data(), tide::size_type(v.size()),
                                                 got.data(), bins, lo, hi, flush);
      CHECK(got == want);
    }
  }
}

template <class S, class Bound>
void check_range_paths(const std::vector<S>& v, const std::vector<Bound>& bounds) {
  CAPTURE(v.size());
  CAPTURE(bounds.size());
  const auto want = run_range<seq_backend>(v, bounds);
  CHECK(want == reference_range(v, bounds));
  CHECK(run_range<par_backend>(v, bounds) == want);
  for (std::uint64_t flush : {1u, 5u, 1000u}) {
    CAPTURE(flush);
    std::vector<u64> got(bounds.size() - 1, 77);
    tide::backend::omp::detail::histogram_range(tide::par.with_threads(2), v.data(), tide::size_type(v.size()),
                                                bounds.data(), int(bounds.size()), got.data(), flush);
    CHECK(got == want);
  }
}

/// Sizes around the 4-sample groups, the 8-bit value table (1024 samples) and threads' chunks.
const std::int64_t path_sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 1023, 1024, 1025, 8191, 8192, 8193, 100003};

}  // namespace

TEST_CASE("par histogram_even: every path (32-bit integers, floating point, 8/16-bit tables, wide levels)") {
  for (auto n : path_sizes) {
    auto u = random_vector<std::uint32_t>(n, "hist-path-u32", 0, 4294967295.0);
    check_even_paths(u, 256, 0u, 0xffffffffu);
    check_even_paths(u, 3, 7u, 4000000000u);
    check_even_paths(u, 2048, 0u, 0xffffffffu);
    check_even_paths(u, 2049, 0u, 0xffffffffu);  // one bin past the sub-histograms
    check_even_paths(u, 1000, u64(0), u64(1) << 32);
    check_even_paths(u, 1000, std::int64_t(-5), std::int64_t(1) << 40);        // offsets past 32 bits
    check_even_paths(u, 7, std::int64_t(-(1LL << 31)), std::int64_t(1) << 31);  // -2^31 <= x < 2^31
    auto i = random_vector<std::int32_t>(n, "hist-path-i32", -3e9 / 2, 3e9 / 2);
    check_even_paths(i, 1000, std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max());
    check_even_paths(i, 10, -7, 1000000);
    check_even_paths(i, 5, 0u, 1000000000u);       // signed samples, unsigned levels
    check_even_paths(i, 3, -100, -97);             // as many bins as values
    check_even_paths(i, 10, -1000, -997);          // more bins than values
    check_even_paths(std::vector<std::uint32_t>(std::size_t(n), 123456789u), 256, 0u, 0xffffffffu);  // all equal
    check_even_paths(std::vector<std::int32_t>(std::size_t(n), -5), 1, -5, -4);                     // one bin
    auto b = random_vector<std::uint8_t>(n, "hist-path-u8", 0, 255);
    check_even_paths(b, 256, 0, 256);
    check_even_paths(b, 7, 10, 200);
    check_even_paths(b, 10, 0.5, 99.5);  // double levels: a floating table
    auto c = random_vector<std::int8_t>(n, "hist-path-i8", -128, 127);
    check_even_paths(c, 13, -100, 100);
    check_even_paths(c, 4, std::int8_t(-128), std::int8_t(127));
    check_even_paths(c, 3, -1.f, 1.f);
    auto f = random_vector<float>(n, "hist-path-f32", -2, 5);
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    const float specials[] = {nan, inf, -inf, 0.f, -0.f, -1.f, 3.f, std::nextafter(3.f, 0.f), std::nextafter(-1.f, -2.f)};
    for (std::size_t k = 0; k < f.size(); k += 5) f[k] = specials[(k / 5) % 9];
    check_even_paths(f, 256, -1.f, 3.f);
    check_even_paths(f, 1000, -1.0, 3.0);       // float samples, double levels
    check_even_paths(f, 16, -1e300, 1e300);     // prescaled levels
    check_even_paths(f, 7, -3, 4);              // int levels
    std::vector<double> d(f.begin(), f.end());
    check_even_paths(d, 100, -1.7e308, 1.7e308);  // the range overflows
    check_even_paths(d, 33, 0.f, 1.f);
    check_even_paths(d, 65536, -1.0, 3.0);
    check_even_paths(std::vector<float>(std::size_t(n), -0.f), 4, 0.f, 1.f);  // all equal, -0 in bin 0
    check_even_paths(random_vector<std::int64_t>(n, "hist-path-i64", -1e12, 1e12), 99, -1e11, 5e11);  // int samples, double levels
  }
  // 16-bit samples: the value table from 2^19 samples.
  for (std::int64_t n : {(1 << 19) - 1, 1 << 19}) {
    auto h = random_vector<std::uint16_t>(n, "hist-path-u16", 0, 65535);
    check_even_paths(h, 256, 0, 65536);
    check_even_paths(h, 1000, std::uint16_t(100), std::uint16_t(60000));
    auto s = random_vector<std::int16_t>(n, "hist-path-i16", -32768, 32767);
    check_even_paths(s, 300, -20000, 20000);
    check_even_paths(s, 3, -0.5f, 0.5f);
  }
}

TEST_CASE("par histogram_range: the search, its table and the value tables") {
  for (auto n : path_sizes) {
    CAPTURE(n);
    auto f = random_vector<float>(n, "hist-prange-f32", -3, 8);
    // Many bounds (a table), unevenly spaced, with -0, and samples on them, NaN and infinities.
    std::vector<float> many;
    for (int k = 0; k < 300; ++k) many.push_back(-2.f + 0.00002f * float(k * k));
    many.push_back(-0.f);
    for (int k = 1; k < 200; ++k) many.push_back(0.03f * k);
    for (std::size_t k = 0; k < f.size(); k += 3) f[k] = many[(k * 7) % many.size()];
    for (std::size_t k = 1; k < f.size(); k += 11) f[k] = k % 2 ? 0.f : std::numeric_limits<float>::quiet_NaN();
    if (f.size() > 5) f[5] = std::numeric_limits<float>::infinity();
    check_range_paths(f, many);
    std::vector<float> spaced;  // evenly spaced: the table narrows each search to a bound or two
    for (int k = 0; k <= 256; ++k) spaced.push_back(-2.5f + 0.04f * float(k));
    check_range_paths(f, spaced);
    std::vector<double> dspaced(spaced.begin(), spaced.end());
    check_range_paths(std::vector<double>(f.begin(), f.end()), dspaced);
    std::vector<float> few{-1.f, 0.f, 0.25f, 0.5f, 2.f, 7.f};
    check_range_paths(f, few);
    std::vector<float> open{-std::numeric_limits<float>::infinity()};  // infinite ends: no table
    for (int k = 0; k < 100; ++k) open.push_back(-1.f + 0.05f * k);
    open.push_back(std::numeric_limits<float>::infinity());
    check_range_paths(f, open);
    // One crowded bucket (bounds 1e-6 apart next to others 1 apart): the table is left out or wide.
    std::vector<double> crowd;
    for (int k = 0; k < 100; ++k) crowd.push_back(1e-6 * k);
    for (int k = 1; k < 8; ++k) crowd.push_back(double(k));
    std::vector<double> d(f.begin(), f.end());
    for (std::size_t k = 0; k < d.size(); k += 4) d[k] = 1e-6 * double(k % 120);
    check_range_paths(d, crowd);
    auto u = random_vector<std::uint32_t>(n, "hist-prange-u32", 0, 4294967295.0);
    std::vector<std::uint32_t> ub;
    for (std::uint32_t k = 0; k < 65; ++k) ub.push_back(k * 60000000u + k * k);
    ub.push_back(0xffffffffu);
    for (std::size_t k = 0; k < u.size(); k += 3) u[k] = ub[k % ub.size()] + std::uint32_t(k % 3) - 1u;  // on, below, above
    check_range_paths(u, ub);
    auto i = random_vector<std::int64_t>(n, "hist-prange-i64", -5e15, 5e15);
    std::vector<std::int64_t> ib{std::numeric_limits<std::int64_t>::min()};
    for (int k = -40; k < 40; ++k) ib.push_back(std::int64_t(k) * 100000000000000LL + k);
    ib.push_back(std::numeric_limits<std::int64_t>::max());
    check_range_paths(i, ib);
    std::vector<std::int32_t> w(i.begin(), i.end());  // int samples, int64 bounds (no table)
    for (auto& x : w) x = std::int32_t(x % 3000);
    std::vector<std::int64_t> wb;
    for (int k = -50; k <= 50; ++k) wb.push_back(k * 40);
    check_range_paths(w, wb);
    auto b = random_vector<std::uint8_t>(n, "hist-prange-u8", 0, 255);
    check_range_paths(b, std::vector<int>{-5, 0, 1, 100, 255, 256});
    check_range_paths(b, std::vector<float>{0.5f, 10.f, 200.25f});
    auto c = random_vector<std::int8_t>(n, "hist-prange-i8", -128, 127);
    check_range_paths(c, std::vector<std::int8_t>{-128, -3, 0, 5, 127});
    check_range_paths(std::vector<std::uint32_t>(std::size_t(n), 7u), ub);  // all equal
  }
  // Few bounds (integers: range_small, padded to 2, 4, 8 or 16 bins), every count from 2 to 18
  // bounds: samples on the bounds, beside them, at the type's ends, NaN and infinities; mixed types.
  for (auto n : {std::int64_t(0), std::int64_t(7), std::int64_t(20011)}) {
    CAPTURE(n);
    auto u = random_vector<std::uint32_t>(n, "hist-psmall-u32", 0, 4294967295.0);
    auto f = random_vector<float>(n, "hist-psmall-f32", -3, 8);
    auto i = random_vector<std::int32_t>(n, "hist-psmall-i32", -2147483648.0, 2147483647.0);
    for (int nb = 2; nb <= 18; ++nb) {
      CAPTURE(nb);
      std::vector<std::uint32_t> ub;
      for (int k = 0; k < nb; ++k)
        ub.push_back(std::uint32_t(std::uint64_t(k) * (0xfffffff0ull / std::uint64_t(nb - 1))) + std::uint32_t(k % 3));
      if (nb > 2) ub.back() = 0xffffffffu;
      auto uu = u;
      for (std::size_t k = 0; k < uu.size(); k += 3) uu[k] = ub[k % ub.size()] + std::uint32_t(k % 3) - 1u;
      if (uu.size() > 2) uu[1] = 0xffffffffu, uu[2] = 0;
      check_range_paths(uu, ub);
      std::vector<float> fb;
      for (int k = 0; k < nb; ++k) fb.push_back(-2.f + 7.5f * float(k) / float(nb - 1) + 0.001f * float(k % 2));
      auto ff = f;
      for (std::size_t k = 0; k < ff.size(); k += 5) ff[k] = fb[k % fb.size()];
      for (std::size_t k = 1; k < ff.size(); k += 13)
        ff[k] = k % 2 ? std::numeric_limits<float>::infinity() : std::numeric_limits<float>::quiet_NaN();
      check_range_paths(ff, fb);
      check_range_paths(std::vector<double>(ff.begin(), ff.end()), fb);  // double samples, float bounds
      std::vector<std::uint32_t> ib;  // int samples, unsigned bounds (half the samples negative)
      for (int k = 0; k < nb; ++k) ib.push_back(std::uint32_t(k) * 100000000u);
      check_range_paths(i, ib);
      std::vector<std::int64_t> lb;  // int samples, int64 bounds past int's range
      for (int k = 0; k < nb; ++k) lb.push_back(-3000000000LL + std::int64_t(k) * (6000000000LL / (nb - 1)));
      check_range_paths(i, lb);
    }
  }
  auto h = random_vector<std::int16_t>(1 << 19, "hist-prange-i16", -32768, 32767);
  std::vector<std::int16_t> hb;
  for (int k = -32000; k <= 32000; k += 333) hb.push_back(std::int16_t(k));
  check_range_paths(h, hb);
}
