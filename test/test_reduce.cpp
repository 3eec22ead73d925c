// reduce, transform_reduce, inner_product, count, count_if and the _into forms, on every backend.
#include "common.hpp"

using namespace tide_test;

namespace {
template <class T>
double reference_sum(const std::vector<T>& v) {
  double s = 0;
  for (auto x : v) s += static_cast<double>(x);
  return s;
}
}  // namespace

TEST_CASE_TEMPLATE("reduce sums every arithmetic type at every size", B, TIDE_TEST_BACKENDS) {
  auto run = [](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "reduce", 0, 100);
      auto d = to_backend<B>(h);
      T got = tide::reduce(B::policy(), d.begin(), d.end());
      CAPTURE(n);
      CHECK(close(got, reference_sum(h)));
    }
  };
  run(std::int32_t{});
  run(std::uint32_t{});
  run(std::int64_t{});
  run(float{});
  run(double{});
}

TEST_CASE_TEMPLATE("reduce of an empty range returns init and launches nothing", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d;
  CHECK(tide::reduce(B::policy(), d.begin(), d.end(), 42) == 42);
  CHECK(tide::reduce(B::policy(), d.begin(), d.end(), 7, tide::maximum<>()) == 7);
}

// ---- Thrust's types (thrust/system/detail/generic/reduce.inl, inner_product.inl, count.inl) ------

TEST_CASE_TEMPLATE("reduce with init adds with plus<T> in init's type: doubles with init 0 give an int", B,
                   TIDE_TEST_BACKENDS) {
  // plus<int> converts each double to int (truncating) before adding, as Thrust's reduce does.
  std::vector<double> small{0.5, 0.75, 1.9, -0.9, 2.6, -1.5};
  auto ds = to_backend<B>(small);
  auto got = tide::reduce(B::policy(), ds.begin(), ds.end(), 0);
  static_assert(std::is_same_v<decltype(got), int>);
  CHECK(got == 0 + 0 + 1 + 0 + 2 - 1);
  for (auto n : sizes()) {
    auto h = random_vector<double>(n, "reduce-int-init");
    long long want = 0;
    for (double x : h) want += static_cast<int>(x);
    auto d = to_backend<B>(h);
    CAPTURE(n);
    CHECK(tide::reduce(B::policy(), d.begin(), d.end(), 0) == want);
    typename B::template vector<double> out(1, tide::no_init);  // reduce_into writes the int result
    tide::reduce_into(B::policy(), d.begin(), d.end(), out.begin(), 0);
    CHECK(to_std(out)[0] == static_cast<double>(want));
  }
}

TEST_CASE_TEMPLATE("reduce with an int init truncates int64 elements to int", B, TIDE_TEST_BACKENDS) {
  const std::int64_t big = std::int64_t(1) << 40;
  auto d = to_backend<B>(std::vector<std::int64_t>{big + 5, big, 7});
  auto got = tide::reduce(B::policy(), d.begin(), d.end(), 0);
  static_assert(std::is_same_v<decltype(got), int>);
  CHECK(got == 12);  // 2^40 + 5 -> 5, 2^40 -> 0
  auto wide = tide::reduce(B::policy(), d.begin(), d.end(), std::int64_t(0));
  CHECK(wide == 2 * big + 12);
}

TEST_CASE_TEMPLATE("reduce without init sums in the value type: signed char wraps and is a signed char", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<signed char>(n, "reduce-schar", -100, 100);
    std::int64_t total = 0;
    for (auto x : h) total += x;
    // plus<signed char> keeps each partial sum in signed char: the total modulo 2^8.
    const auto want = static_cast<signed char>(static_cast<unsigned char>(total & 0xff));
    auto d = to_backend<B>(h);
    auto got = tide::reduce(B::policy(), d.begin(), d.end());
    static_assert(std::is_same_v<decltype(got), signed char>);
    CAPTURE(n);
    CHECK(int(got) == int(want));
  }
  auto ones = to_backend<B>(std::vector<signed char>(200, 1));
  CHECK(int(tide::reduce(B::policy(), ones.begin(), ones.end())) == 200 - 256);
  auto bytes = to_backend<B>(std::vector<std::uint8_t>(300, 255));
  auto sum8 = tide::reduce(B::policy(), bytes.begin(), bytes.end());
  static_assert(std::is_same_v<decltype(sum8), std::uint8_t>);
  CHECK(int(sum8) == 300 * 255 % 256);
  CHECK(tide::reduce(B::policy(), bytes.begin(), bytes.end(), 0) == 300 * 255);  // init 0: int
}

TEST_CASE_TEMPLATE("reduce with an operator of another result type keeps init's type", B, TIDE_TEST_BACKENDS) {
  // Every element is read as an int and every partial result is an int (Thrust's CUDA system would
  // add in double and convert once; README "Differences from Thrust").
  auto d = to_backend<B>(std::vector<double>{0.5, 0.5, 0.5, 0.5});
  auto got = tide::reduce(B::policy(), d.begin(), d.end(), 0, tide::plus<>());
  static_assert(std::is_same_v<decltype(got), int>);
  CHECK(got == 0);
  auto neg = to_backend<B>(std::vector<double>{-1.0, 0.5, 0.5});
  CHECK(tide::reduce(B::policy(), neg.begin(), neg.end(), 0, tide::plus<>()) == -1);  // not int(-1 + 0.5)
  auto m = tide::reduce(B::policy(), d.begin(), d.end(), 1.0f, tide::maximum<>());
  static_assert(std::is_same_v<decltype(m), float>);
  CHECK(m == 1.0f);
}

TEST_CASE_TEMPLATE("transform_reduce accumulates in init's type and returns it", B, TIDE_TEST_BACKENDS) {
  auto d = to_backend<B>(std::vector<double>{1.5, 2.5, -0.5});
  auto square = [] TIDE_HOST_DEVICE(double v) { return v * v; };  // 2.25, 6.25, 0.25
  auto got = tide::transform_reduce(B::policy(), d.begin(), d.end(), square, 0, tide::plus<int>());
  static_assert(std::is_same_v<decltype(got), int>);
  CHECK(got == 2 + 6 + 0);
  auto exact = tide::transform_reduce(B::policy(), d.begin(), d.end(), square, 0.0, tide::plus<double>());
  CHECK(exact == 8.75);
}

TEST_CASE_TEMPLATE("inner_product multiplies and adds in init's type: int ranges with 0ll do not overflow", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto a = random_vector<int>(n, "ip-big-a", 40000, 60000);
    auto b = random_vector<int>(n, "ip-big-b", -60000, -40000);  // every product is beyond int
    long long want = 0;
    for (std::int64_t i = 0; i < n; ++i) want += static_cast<long long>(a[i]) * b[i];
    auto da = to_backend<B>(a);
    auto db = to_backend<B>(b);
    auto got = tide::inner_product(B::policy(), da.begin(), da.end(), db.begin(), 0ll);
    static_assert(std::is_same_v<decltype(got), long long>);
    CAPTURE(n);
    CHECK(got == want);
  }
}

TEST_CASE_TEMPLATE("inner_product over doubles with an int init truncates each element to int", B,
                   TIDE_TEST_BACKENDS) {
  auto x = to_backend<B>(std::vector<double>{1.5, 2.5, -3.75});
  auto y = to_backend<B>(std::vector<double>{2.5, 1.5, 2.0});
  auto got = tide::inner_product(B::policy(), x.begin(), x.end(), y.begin(), 0);  // 1*2 + 2*1 - 3*2
  static_assert(std::is_same_v<decltype(got), int>);
  CHECK(got == -2);
  auto custom = tide::inner_product(B::policy(), x.begin(), x.end(), y.begin(), 0.5f, tide::plus<>(), tide::multiplies<>());
  static_assert(std::is_same_v<decltype(custom), float>);
  CHECK(custom == 0.5f + 3.75f + 3.75f - 7.5f);
}

TEST_CASE_TEMPLATE("count and count_if return the input's difference_type", B, TIDE_TEST_BACKENDS) {
  auto d = to_backend<B>(std::vector<int>{1, 7, 7, 2, 7});
  using diff_t = typename std::iterator_traits<decltype(d.begin())>::difference_type;
  auto c = tide::count(B::policy(), d.begin(), d.end(), 7);
  static_assert(std::is_same_v<decltype(c), diff_t>);
  CHECK(c == 3);
  auto is_even = [] TIDE_HOST_DEVICE(int v) { return v % 2 == 0; };
  auto e = tide::count_if(B::policy(), d.begin(), d.end(), is_even);
  static_assert(std::is_same_v<decltype(e), diff_t>);
  CHECK(e == 1);
}

TEST_CASE_TEMPLATE("reduce with a non-commutative operator keeps the order", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto a = random_vector<std::uint32_t>(n, "affine-a", 0, 1 << 30);
    auto b = random_vector<std::uint32_t>(n, "affine-b", 0, 1 << 30);
    std::vector<affine> h(n);
    for (std::int64_t i = 0; i < n; ++i) h[i] = {a[i] | 1u, b[i]};
    affine want{1, 0};
    for (auto& f : h) want = affine_compose{}(want, f);
    auto d = to_backend<B>(h);
    affine got = tide::reduce(B::policy(), d.begin(), d.end(), affine{1, 0}, affine_compose{});
    CAPTURE(n);
    CHECK(got == want);
  }
}

TEST_CASE_TEMPLATE("reduce with a commutative operator counts every item once, at every tail and offset", B,
                   TIDE_TEST_BACKENDS) {
  // plus, bit_xor and maximum on integers may be reordered (CUDA: per-thread folds; par:
  // interleaved lanes): wrapping sums and xors of hashed values catch an item lost or taken twice
  // at any warp-tile, run or lane tail, from an aligned pointer and from 1..3 items past it.
  std::vector<std::int64_t> ns;
  for (std::int64_t n = 1; n <= 70; ++n) ns.push_back(n);
  for (std::int64_t m : {128, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 262144})
    for (std::int64_t d = -5; d <= 5; ++d) ns.push_back(m + d);
  auto h = random_vector<std::uint32_t>(262144 + 8, "commutative-tails", 0, 4294967295.0);
  auto d = to_backend<B>(h);
  for (int offset = 0; offset < 4; ++offset) {
    for (std::int64_t n : ns) {
      std::uint32_t sum = 0, x = 0, mx = 0;
      for (std::int64_t i = offset; i < offset + n; ++i) {
        sum += h[i];
        x ^= h[i];
        mx = std::max(mx, h[i]);
      }
      auto first = d.begin() + offset;
      CAPTURE(offset);
      CAPTURE(n);
      CHECK(tide::reduce(B::policy(), first, first + n, std::uint32_t(0)) == sum);
      CHECK(tide::reduce(B::policy(), first, first + n, std::uint32_t(0), tide::bit_xor<std::uint32_t>()) == x);
      CHECK(tide::reduce(B::policy(), first, first + n, std::uint32_t(0), tide::maximum<std::uint32_t>()) == mx);
    }
  }
}

TEST_CASE_TEMPLATE("reduce takes a user struct and operator", B, TIDE_TEST_BACKENDS) {
  std::vector<point> h(1000);
  for (int i = 0; i < 1000; ++i) h[i] = {i, 2 * i};
  auto d = to_backend<B>(h);
  point got = tide::reduce(B::policy(), d.begin(), d.end(), point{0, 0}, point_add{});
  CHECK(got == point{499500, 999000});
}

TEST_CASE_TEMPLATE("reduce over a counting iterator and a transform iterator", B, TIDE_TEST_BACKENDS) {
  auto first = tide::make_counting_iterator<std::int64_t>(0);
  CHECK(tide::reduce(B::policy(), first, first + 100000) == std::int64_t(100000) * 99999 / 2);
  auto h = random_vector<int>(1000, "transform-iter", -50, 50);
  auto d = to_backend<B>(h);
  auto sq = tide::make_transform_iterator(d.begin(), tide::negate<int>());
  long long want = 0;
  for (int x : h) want -= x;
  CHECK(tide::reduce(B::policy(), sq, sq + 1000, 0LL) == want);
}

TEST_CASE_TEMPLATE("reduce_into writes the result through an iterator", B, TIDE_TEST_BACKENDS) {
  auto h = random_vector<int>(12345, "reduce_into", -100, 100);
  auto d = to_backend<B>(h);
  typename B::template vector<long long> out(1, tide::no_init);
  tide::reduce_into(B::policy(), d.begin(), d.end(), out.begin(), 0LL, tide::plus<>());
  CHECK(to_std(out)[0] == static_cast<long long>(reference_sum(h)));
}

TEST_CASE_TEMPLATE("transform_reduce and inner_product", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto x = random_vector<double>(n, "ip-x");
    auto y = random_vector<double>(n, "ip-y");
    double want = 0, want_abs = 0;
    for (std::int64_t i = 0; i < n; ++i) want += x[i] * y[i], want_abs += std::fabs(x[i]);
    auto dx = to_backend<B>(x);
    auto dy = to_backend<B>(y);
    CAPTURE(n);
    CHECK(close(tide::inner_product(B::policy(), dx.begin(), dx.end(), dy.begin(), 0.0), want, 1e-9));
    auto abs_op = [] TIDE_HOST_DEVICE(double v) { return v < 0 ? -v : v; };
    CHECK(close(tide::transform_reduce(B::policy(), dx.begin(), dx.end(), abs_op, 0.0, tide::plus<>()), want_abs, 1e-9));
  }
}

TEST_CASE_TEMPLATE("count and count_if", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<int>(n, "count", 0, 9);
    auto d = to_backend<B>(h);
    std::int64_t sevens = std::count(h.begin(), h.end(), 7);
    std::int64_t evens = std::count_if(h.begin(), h.end(), [](int v) { return v % 2 == 0; });
    CAPTURE(n);
    CHECK(tide::count(B::policy(), d.begin(), d.end(), 7) == sevens);
    auto is_even = [] TIDE_HOST_DEVICE(int v) { return v % 2 == 0; };
    CHECK(tide::count_if(B::policy(), d.begin(), d.end(), is_even) == evens);
  }
}

TEST_CASE_TEMPLATE("reduce with last before first throws naming the algorithm", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1);
  CHECK_THROWS_WITH_AS(tide::reduce(B::policy(), d.end(), d.begin()), "tide::reduce: last is before first",
                       std::invalid_argument);
}

TEST_CASE("reduce without a policy picks the system from the iterators") {
  std::vector<int> h(100, 2);
  CHECK(tide::reduce(h.begin(), h.end()) == 200);
  tide::device_vector<int> d(h.begin(), h.end());
  CHECK(tide::reduce(d.begin(), d.end()) == 200);
  CHECK(tide::reduce(d.begin(), d.end(), 1, tide::plus<int>()) == 201);
}
