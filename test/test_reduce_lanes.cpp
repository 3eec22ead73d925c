// tide::par's reductions over lanes (backend/omp/lanes.hpp) and fixed blocks (parallel.hpp's
// parallel_reduce), for several thread counts (par.with_threads): sizes around the lane counts and
// the block size; unsigned sums that wrap, equal to seq; integer max/min; non-commutative operators
// (affine maps, 2x2 matrix products) equal to seq; float sums with the same bits for every thread
// count; the operators the lanes may reorder (known_commutative); the plain loop for strings; the
// vector scan of floats and doubles under plus (scan_block_plus).
#include <tide/backend/omp/lanes.hpp>
#include <tide/backend/omp/parallel.hpp>
#include <tide/backend/omp/scan.hpp>

#include <atomic>
#include <cmath>
#include <limits>
#include <cstring>
#include <functional>
#include <string>

#include "common.hpp"

using namespace tide_test;

namespace {
namespace od = tide::backend::omp::detail;
constexpr std::int64_t block = od::reduce_tuning::block_items;
const int thread_counts[] = {1, 2, 3, 4, 7};

/// Sizes around 1, 2 and 3 times each lane count, and around 1, 2, 3, 17 and 80 blocks (17 and 80
/// blocks: at least 2 L totals for 8 and 32 lanes, so the totals are reduced over lanes too).
std::vector<std::int64_t> lane_sizes() {
  std::vector<std::int64_t> s = {1, 2, 3, 7};
  for (std::int64_t l : {8, 16, 32})
    for (std::int64_t k : {1, 2, 3}) s.insert(s.end(), {k * l - 1, k * l, k * l + 1});
  for (std::int64_t k : {1, 2, 3, 17, 80}) s.insert(s.end(), {k * block - 1, k * block, k * block + 1});
  return s;
}

/// A 2x2 matrix of uint32 (wrapping): the product is associative, not commutative.
struct mat2 {
  std::uint32_t a, b, c, d;
  bool operator==(const mat2& o) const { return a == o.a && b == o.b && c == o.c && d == o.d; }
};
struct mat_mul {
  mat2 operator()(const mat2& x, const mat2& y) const {
    return {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
  }
};
/// Addition through a functor tide cannot know to be commutative: contiguous lanes.
struct opaque_add {
  template <class T>
  T operator()(const T& x, const T& y) const { return x + y; }
};
/// Concatenation: associative, not commutative, and not trivially copyable (the plain loop).
struct concat {
  std::string operator()(const std::string& x, const std::string& y) const { return x + y; }
};
}  // namespace

TEST_CASE("known_commutative admits plus and multiplies on arithmetic types, integer max/min/bitwise only") {
  static_assert(od::known_commutative<tide::plus<float>, float>::value);
  static_assert(od::known_commutative<tide::plus<>, double>::value);
  static_assert(od::known_commutative<std::plus<std::uint32_t>, std::uint32_t>::value);
  static_assert(od::known_commutative<std::plus<>, int>::value);
  static_assert(od::known_commutative<tide::multiplies<double>, double>::value);
  static_assert(od::known_commutative<tide::maximum<int>, int>::value);
  static_assert(od::known_commutative<tide::bit_xor<std::uint64_t>, std::uint64_t>::value);
  // max/min of floats are not commutative with NaN; user and non-arithmetic operators are unknown.
  static_assert(!od::known_commutative<tide::maximum<float>, float>::value);
  static_assert(!od::known_commutative<tide::minimum<>, double>::value);
  static_assert(!od::known_commutative<tide::minus<int>, int>::value);
  static_assert(!od::known_commutative<opaque_add, float>::value);
  static_assert(!od::known_commutative<mat_mul, mat2>::value);
  static_assert(!od::known_commutative<tide::plus<std::string>, std::string>::value);
  static_assert(od::reduce_lanes<float, tide::plus<float>>() == 32);
  static_assert(od::reduce_lanes<double, tide::plus<double>>() == 16);
  static_assert(od::reduce_lanes<mat2, mat_mul>() == 8);
  static_assert(od::reduce_lanes<std::string, concat>() == 0);
  CHECK(od::reduce_lanes<float, opaque_add>() == 8);
}

TEST_CASE("par reduce of integers at lane and block boundaries equals seq for every thread count") {
  auto check = [](auto zero, auto op, const char* name) {
    using T = decltype(zero);
    for (std::int64_t n : lane_sizes()) {
      // Unsigned values up to the type's top: the sums and products wrap.
      auto h = random_vector<T>(n, std::string("lanes-int-") + name, 0, 9e18);
      const T want = tide::reduce(tide::seq, h.begin(), h.end(), T(5), op);
      for (int t : thread_counts) {
        CAPTURE(n);
        CAPTURE(t);
        CAPTURE(name);
        REQUIRE(tide::reduce(tide::par.with_threads(t), h.begin(), h.end(), T(5), op) == want);
      }
    }
  };
  check(std::uint32_t{}, tide::plus<std::uint32_t>(), "u32+");
  check(std::uint8_t{}, tide::plus<std::uint8_t>(), "u8+");
  check(std::uint64_t{}, std::plus<>(), "u64+");
  check(std::uint32_t{}, tide::multiplies<std::uint32_t>(), "u32*");
  check(std::uint32_t{}, opaque_add{}, "u32 opaque+");
  check(std::uint64_t{}, tide::maximum<std::uint64_t>(), "u64max");
  check(std::uint16_t{}, tide::minimum<std::uint16_t>(), "u16min");
  check(std::uint32_t{}, tide::bit_xor<std::uint32_t>(), "u32^");
}

TEST_CASE("par reduce with non-commutative operators keeps the order at lane and block boundaries") {
  for (std::int64_t n : lane_sizes()) {
    auto g = rng("lanes-noncommutative#" + std::to_string(n));
    std::vector<affine> af(static_cast<std::size_t>(n));
    std::vector<mat2> mt(static_cast<std::size_t>(n));
    for (auto& f : af) f = {static_cast<std::uint32_t>(g() | 1), static_cast<std::uint32_t>(g())};
    for (auto& m : mt)
      m = {static_cast<std::uint32_t>(g()), static_cast<std::uint32_t>(g()), static_cast<std::uint32_t>(g()),
           static_cast<std::uint32_t>(g())};
    affine want_af{1, 0};
    for (auto& f : af) want_af = affine_compose{}(want_af, f);
    mat2 want_mt{3, 1, 4, 1};
    for (auto& m : mt) want_mt = mat_mul{}(want_mt, m);
    for (int t : thread_counts) {
      CAPTURE(n);
      CAPTURE(t);
      auto p = tide::par.with_threads(t);
      REQUIRE(tide::reduce(p, af.begin(), af.end(), affine{1, 0}, affine_compose{}) == want_af);
      REQUIRE(tide::reduce(p, mt.begin(), mt.end(), mat2{3, 1, 4, 1}, mat_mul{}) == want_mt);
    }
  }
}

TEST_CASE("par float reductions have the same bits for every thread count and stay close to seq") {
  auto check = [](auto zero) {
    using T = decltype(zero);
    for (std::int64_t n : lane_sizes()) {
      auto h = random_vector<T>(n, "lanes-float", -1, 1);
      double want = 0;
      for (T x : h) want += static_cast<double>(x);
      T first_sum{}, first_opaque{}, first_squares{};
      for (int t : thread_counts) {
        CAPTURE(n);
        CAPTURE(t);
        auto p = tide::par.with_threads(t);
        const T sum = tide::reduce(p, h.begin(), h.end(), T(0), tide::plus<T>());
        const T opaque = tide::reduce(p, h.begin(), h.end(), T(0), opaque_add{});
        const T squares = tide::transform_reduce(p, h.begin(), h.end(), tide::square<T>(), T(0), tide::plus<T>());
        if (t == 1) first_sum = sum, first_opaque = opaque, first_squares = squares;
        REQUIRE(std::memcmp(&sum, &first_sum, sizeof(T)) == 0);
        REQUIRE(std::memcmp(&opaque, &first_opaque, sizeof(T)) == 0);
        REQUIRE(std::memcmp(&squares, &first_squares, sizeof(T)) == 0);
        CHECK(close(sum, want, 1e-4));
        CHECK(close(opaque, want, 1e-4));
      }
    }
  };
  check(float{});
  check(double{});
}

TEST_CASE("reduce_block's interleaved and contiguous lanes give the documented association") {
  // Items that are exact powers of two far apart: a sum's rounding shows the grouping. Compare with
  // the association lanes.hpp documents, written out here.
  const std::int64_t n = 3 * 32 + 5;
  auto h = random_vector<float>(n, "lanes-assoc", -1, 1);
  for (std::int64_t i = 0; i < n; i += 7) h[static_cast<std::size_t>(i)] *= 1e7f;
  tide::plus<float> plus;
  float lanes[32];
  for (int j = 0; j < 32; ++j) lanes[j] = h[static_cast<std::size_t>(j)];
  for (std::int64_t i = 32; i < n; ++i) lanes[i % 32] = lanes[i % 32] + h[static_cast<std::size_t>(i)];
  for (int w = 16; w > 0; w /= 2)
    for (int j = 0; j < w; ++j) lanes[j] = lanes[j] + lanes[j + w];
  const float got = od::reduce_block<float>(h.data(), 0, n, plus);
  CHECK(std::memcmp(&got, &lanes[0], sizeof(float)) == 0);

  opaque_add add;
  const std::int64_t m = n / 8;
  float parts[8];
  for (int j = 0; j < 8; ++j) {
    const std::int64_t b = j * m, e = j == 7 ? n : b + m;
    parts[j] = h[static_cast<std::size_t>(b)];
    for (std::int64_t i = b + 1; i < e; ++i) parts[j] = parts[j] + h[static_cast<std::size_t>(i)];
  }
  float want = parts[0];
  for (int j = 1; j < 8; ++j) want = want + parts[j];
  const float got2 = od::reduce_block<float>(h.data(), 0, n, add);
  CHECK(std::memcmp(&got2, &want, sizeof(float)) == 0);
}

TEST_CASE("par reduce of strings (the plain loop) concatenates in order across blocks") {
  const std::int64_t n = 3 * block + 5;
  std::vector<std::string> h(static_cast<std::size_t>(n));
  std::string want = "<";
  for (std::int64_t i = 0; i < n; ++i) {
    h[static_cast<std::size_t>(i)] = std::string(1, static_cast<char>('a' + i % 26));
    want += h[static_cast<std::size_t>(i)];
  }
  for (int t : thread_counts) {
    CAPTURE(t);
    CHECK(tide::reduce(tide::par.with_threads(t), h.begin(), h.end(), std::string("<"), concat{}) == want);
  }
}

TEST_CASE("scan_block's side-by-side sub-ranges keep a non-commutative operator's order, in place too") {
  // Affine maps over uint32 compose exactly, so any regrouping gives seq's values and any
  // reordering does not; sizes around multiples of the 8 sub-ranges.
  for (std::int64_t n : {1, 2, 15, 16, 17, 23, 24, 25, 63, 64, 65, 4095, 4096}) {
    auto g = rng("scan-block#" + std::to_string(n));
    std::vector<affine> h(static_cast<std::size_t>(n));
    for (auto& f : h) f = {static_cast<std::uint32_t>(g() | 1), static_cast<std::uint32_t>(g())};
    const affine start{5, 7};
    affine_compose op;
    std::vector<affine> want_in(h.size()), want_in_start(h.size()), want_ex(h.size());
    affine acc = h[0], acc_s = start, acc_e = start;
    for (std::size_t i = 0; i < h.size(); ++i) {
      if (i > 0) acc = op(acc, h[i]);
      want_in[i] = acc;
      want_ex[i] = acc_e;
      acc_e = op(acc_e, h[i]);
      acc_s = op(acc_s, h[i]);
      want_in_start[i] = acc_s;
    }
    for (bool split : {false, true}) {
      CAPTURE(n);
      CAPTURE(split);
      std::vector<affine> in(h.size()), in_s(h.size()), ex(h.size()), inplace = h;
      od::scan_block<false, affine>(h.data(), in.data(), 0, n, nullptr, op, split);
      od::scan_block<false, affine>(h.data(), in_s.data(), 0, n, &start, op, split);
      od::scan_block<true, affine>(h.data(), ex.data(), 0, n, &start, op, split);
      od::scan_block<true, affine>(inplace.data(), inplace.data(), 0, n, &start, op, split);
      CHECK(in == want_in);
      CHECK(in_s == want_in_start);
      CHECK(ex == want_ex);
      CHECK(inplace == want_ex);
    }
  }
}

TEST_CASE("par float and double scans under plus (vector blocks) keep -0.0, inf and NaN, equal seq on exact sums") {
  static_assert(od::scans_plus_simd<float, float*, tide::plus<>> == bool(TIDE_OMP_STREAM_STORES));
  static_assert(od::scans_plus_simd<double, const double*, std::plus<double>> == bool(TIDE_OMP_STREAM_STORES));
  static_assert(od::scans_plus_simd<double, const float*, tide::plus<double>> == bool(TIDE_OMP_STREAM_STORES));
  static_assert(!od::scans_plus_simd<float, float*, tide::multiplies<>>);
  static_assert(!od::scans_plus_simd<float, double*, tide::plus<>>);  // plus<> adds in double: scalar
  auto check = [](auto zero) {
    using T = decltype(zero);
    for (std::int64_t n : {block * 2, block * 3 + 5, block * 17 + 1}) {
      for (int t : thread_counts) {
        CAPTURE(n);
        CAPTURE(t);
        auto p = tide::par.with_threads(t);
        std::vector<T> a(static_cast<std::size_t>(n)), want(a.size()), got(a.size());
        for (std::int64_t i = 0; i < n; ++i) a[i] = T(int(i * 37 % 11) - 5);  // exact sums
        tide::inclusive_scan(tide::seq, a.begin(), a.end(), want.begin());
        tide::inclusive_scan(p, a.begin(), a.end(), got.begin());
        REQUIRE(std::memcmp(want.data(), got.data(), a.size() * sizeof(T)) == 0);
        tide::exclusive_scan(tide::seq, a.begin(), a.end(), want.begin(), T(3));
        tide::exclusive_scan(p, a.begin(), a.end(), got.begin(), T(3));
        REQUIRE(std::memcmp(want.data(), got.data(), a.size() * sizeof(T)) == 0);
        std::vector<T> z(a.size(), T(-0.0));
        tide::inclusive_scan(p, z.begin(), z.end(), got.begin());
        for (T v : got) REQUIRE((v == T(0) && std::signbit(v)));
        tide::exclusive_scan(p, z.begin(), z.end(), got.begin(), T(-0.0));
        for (T v : got) REQUIRE((v == T(0) && std::signbit(v)));
        std::vector<T> q(a.size(), T(1));
        q[static_cast<std::size_t>(n / 3)] = std::numeric_limits<T>::infinity();
        q[static_cast<std::size_t>(n / 2)] = std::numeric_limits<T>::quiet_NaN();
        tide::inclusive_scan(p, q.begin(), q.end(), got.begin(), tide::plus<T>());
        for (std::int64_t i = 0; i < n; ++i) {
          if (i >= n / 2)
            REQUIRE(std::isnan(got[i]));
          else if (i >= n / 3)
            REQUIRE(got[i] == std::numeric_limits<T>::infinity());
          else
            REQUIRE(got[i] == T(i + 1));
        }
      }
    }
  };
  check(float{});
  check(double{});
}

TEST_CASE("parallel_tiles runs every item once, in tiles of whole blocks, for any thread count and a smaller team") {
  using tt = od::tile_tuning;
  const std::int64_t dyn2 = tt::dynamic_min_items * tt::tiles_per_thread * 2;  // 2 threads' first dynamic size
  std::vector<std::int64_t> sizes = {0, 1, block - 1, block, block + 1, dyn2 - 1, dyn2, dyn2 + 1, 300007};
  if (!std::getenv("TIDE_TEST_SMALL")) sizes.push_back((1 << 21) + 3);
  auto run = [](std::int64_t n, int t) {
    std::vector<std::atomic<int>> seen(static_cast<std::size_t>(n));
    std::atomic<int> misaligned{0};
    od::parallel_tiles(tide::par.with_threads(t), n, [&](std::int64_t b, std::int64_t e) {
      if (b % tt::align_items != 0 || (e != n && e % tt::align_items != 0)) misaligned++;
      for (std::int64_t i = b; i < e; ++i) seen[static_cast<std::size_t>(i)]++;
    });
    CHECK(misaligned == 0);
    std::int64_t wrong = 0;
    for (auto& s : seen) wrong += s != 1;
    return wrong;
  };
  for (std::int64_t n : sizes)
    for (int t : thread_counts) {
      CAPTURE(n);
      CAPTURE(t);
      REQUIRE(run(n, t) == 0);
    }
  // Inside a parallel region (nested parallelism off), the team is one thread: it claims every tile.
  std::int64_t wrong = 0;
#if TIDE_HAS_OPENMP
#pragma omp parallel num_threads(2) reduction(+ : wrong)
#endif
  wrong += run(dyn2 * 2 + 5, 4);
  CHECK(wrong == 0);
}

TEST_CASE("par float reductions over dynamic tiles have the same bits for every thread count") {
  const std::int64_t n = (std::int64_t(1) << 20) + 3;  // dynamic tiles for 2 to 7 threads
  auto h = random_vector<float>(n, "lanes-dynamic", -1, 1);
  const float one = tide::reduce(tide::par.with_threads(1), h.begin(), h.end(), 0.0f);
  for (int t : thread_counts) {
    CAPTURE(t);
    const float got = tide::reduce(tide::par.with_threads(t), h.begin(), h.end(), 0.0f);
    REQUIRE(std::memcmp(&got, &one, sizeof got) == 0);
  }
}
