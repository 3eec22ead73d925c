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
  for (int nb : {257, 1025, 8193}) {
    std::vector<double> bounds(static_cast<std::size_t>(nb));
    for (int i = 0; i < nb; ++i) bounds[static_cast<std::size_t>(i)] = -100.0 + 0.05 * i + 1e-3 * (i % 3);
    auto v = random_vector<double>(200003, "hist-range-many", -120, 400);
    CAPTURE(nb);
    CHECK(run_range<B>(v, bounds) == reference_range(v, bounds));
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
