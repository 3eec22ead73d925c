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

TEST_CASE_TEMPLATE("reduce's accumulator is the type of op(init, x), so an int init sums doubles", B,
                   TIDE_TEST_BACKENDS) {
  std::vector<double> h{0.5, 0.25, 0.25, 1.5};
  auto d = to_backend<B>(h);
  auto got = tide::reduce(B::policy(), d.begin(), d.end(), 0);
  static_assert(std::is_same_v<decltype(got), double>);
  CHECK(got == 2.5);
  std::vector<std::int64_t> big{std::int64_t(1) << 40, std::int64_t(1) << 40};
  auto db = to_backend<B>(big);
  auto s = tide::reduce(B::policy(), db.begin(), db.end(), 0);
  static_assert(std::is_same_v<decltype(s), std::int64_t>);
  CHECK(s == (std::int64_t(1) << 41));
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
