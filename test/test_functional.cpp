// Thrust's functional utilities in tide: min/max of two values, square, project1st/2nd, not_fn,
// zip_function, raw_reference_cast, swap, and the named functors of thrust/functional.h.
#include <numeric>

#include "common.hpp"

using namespace tide_test;

namespace {

struct clamp_low {
  TIDE_HOST_DEVICE int operator()(int x) const { return tide::max(x, 0); }
};
struct clamp_high {
  TIDE_HOST_DEVICE int operator()(int x) const { return tide::min(x, 10, tide::less<int>()); }
};
struct even_pred {
  TIDE_HOST_DEVICE bool operator()(int x) const { return x % 2 == 0; }
};
struct fma_into_third {
  template <class C>
  TIDE_HOST_DEVICE void operator()(const float& a, const float& b, C&& c) const {
    c = a * b + c;
  }
};
struct add_three {
  TIDE_HOST_DEVICE int operator()(int a, int b, int c) const { return a + b + c; }
};
// A function whose operator() is not const: zip_function calls it all the same (as Thrust's).
struct counting_sum {
  int calls = 0;
  int operator()(int a, int b) {
    ++calls;
    return a + b;
  }
};
std::vector<float> whole_floats(std::int64_t n, const std::string& salt) {
  auto ints = random_vector<int>(n, salt, -100, 100);
  return std::vector<float>(ints.begin(), ints.end());
}

struct abs_less {
  bool operator()(int a, int b) const { return (a < 0 ? -a : a) < (b < 0 ? -b : b); }
};

}  // namespace

TEST_CASE("min and max return a reference to the smaller or larger argument, the first on ties") {
  int a = 3, b = 5;
  static_assert(std::is_same_v<decltype(tide::min(a, b)), const int&>);
  static_assert(std::is_same_v<decltype(tide::max(a, b, tide::less<int>())), const int&>);
  CHECK(&tide::min(a, b) == &a);
  CHECK(&tide::max(a, b) == &b);
  int c = 3;
  CHECK(&tide::min(a, c) == &a);
  CHECK(&tide::max(a, c) == &a);
  CHECK(tide::min(2.5, -1.0) == -1.0);
  CHECK(tide::max(std::string("pear"), std::string("apple")) == "pear");
  // With a comparator.
  CHECK(tide::min(-7, 3, abs_less{}) == 3);
  CHECK(tide::max(-7, 3, abs_less{}) == -7);
  CHECK(tide::min(1, 2, tide::greater<int>()) == 2);
  // Lists.
  CHECK(tide::min({4, 2, 8, 2}) == 2);
  CHECK(tide::max({4, 2, 8, 2}) == 8);
  CHECK(tide::max({-9, 3, 1}, abs_less{}) == -9);
  CHECK(tide::min({-9, 3, 1}, abs_less{}) == 1);
  // The functors keep their names: min/max do not hide minimum/maximum or min_element.
  CHECK(tide::minimum<int>()(4, 2) == 2);
  CHECK(tide::maximum<>()(4, 2.5) == 4.0);
  std::vector<int> v{3, 1, 2};
  CHECK(*tide::min_element(v.begin(), v.end()) == 1);
}

TEST_CASE_TEMPLATE("min and max in functors run on every backend", B, TIDE_TEST_BACKENDS) {
  auto h = random_vector<int>(1000, "fn-minmax", -50, 50);
  auto d = to_backend<B>(h);
  typename B::template vector<int> out(h.size());
  tide::transform(B::policy(), d.begin(), d.end(), out.begin(), clamp_low{});
  std::vector<int> expect(h.size());
  for (std::size_t i = 0; i < h.size(); ++i) expect[i] = std::max(h[i], 0);
  CHECK(to_std(out) == expect);
  tide::transform(B::policy(), d.begin(), d.end(), out.begin(), clamp_high{});
  for (std::size_t i = 0; i < h.size(); ++i) expect[i] = std::min(h[i], 10);
  CHECK(to_std(out) == expect);
}

TEST_CASE_TEMPLATE("square squares each element, typed and transparent", B, TIDE_TEST_BACKENDS) {
  auto h = random_vector<int>(1000, "fn-square", -1000, 1000);
  auto d = to_backend<B>(h);
  typename B::template vector<int> out(h.size());
  tide::transform(B::policy(), d.begin(), d.end(), out.begin(), tide::square<int>());
  std::vector<int> expect(h.size());
  for (std::size_t i = 0; i < h.size(); ++i) expect[i] = h[i] * h[i];
  CHECK(to_std(out) == expect);
  tide::transform(B::policy(), d.begin(), d.end(), out.begin(), tide::square<>());
  CHECK(to_std(out) == expect);
  static_assert(std::is_same_v<decltype(tide::square<>()(2.0f)), float>);
  static_assert(std::is_same_v<decltype(tide::square<int>()(2)), int>);
  CHECK(tide::square<double>()(1.5) == 2.25);
}

TEST_CASE("project1st and project2nd return one of their two arguments") {
  CHECK(tide::project1st<int, float>()(1, 2.0f) == 1);
  CHECK(tide::project2nd<int, float>()(1, 2.0f) == 2.0f);
  static_assert(std::is_same_v<decltype(tide::project1st<int, float>()(1, 2.0f)), const int&>);
  static_assert(std::is_same_v<decltype(tide::project2nd<int, float>()(1, 2.0f)), const float&>);
  int a = 1;
  double b = 2;
  CHECK(&tide::project1st<>()(a, b) == &a);
  CHECK(&tide::project2nd<>()(a, b) == &b);
  static_assert(std::is_same_v<decltype(tide::project2nd<>()(a, 3.0)), double&&>);
}

TEST_CASE_TEMPLATE("not_fn negates a predicate", B, TIDE_TEST_BACKENDS) {
  auto h = random_vector<int>(1000, "fn-not_fn", -100, 100);
  auto d = to_backend<B>(h);
  const auto odd = tide::not_fn(even_pred{});
  CHECK(odd(3));
  CHECK_FALSE(odd(4));
  CHECK(tide::count_if(B::policy(), d.begin(), d.end(), odd) ==
        std::count_if(h.begin(), h.end(), [](int x) { return x % 2 != 0; }));
}

TEST_CASE("zip_function unpacks a tuple into the function's arguments") {
  auto f = tide::make_zip_function(add_three{});
  CHECK(f(tide::make_tuple(1, 2, 3)) == 6);
  int x = 1;
  float y = 2, z = 3;
  auto g = tide::make_zip_function(fma_into_third{});
  g(tide::tie(y, y, z));
  CHECK(z == 7.0f);
  CHECK(tide::make_zip_function(tide::plus<>())(tide::make_tuple(x, 0.5)) == 1.5);
  // The function's own non-const operator() is called on the stored copy.
  auto h = tide::make_zip_function(counting_sum{});
  CHECK(h(tide::make_tuple(2, 3)) == 5);
  CHECK(h.underlying_function().calls == 1);
  // Placeholders inside.
  using namespace tide::placeholders;
  CHECK(tide::make_zip_function(_1 * _2 + _3)(tide::make_tuple(2, 3, 4)) == 10);
}

TEST_CASE_TEMPLATE("zip_function over a zip_iterator in for_each and transform", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {0, 1, 1000}) {
    // Whole numbers: a * b + c is then exact whether or not the compiler fuses it (nvcc does).
    auto ha = whole_floats(n, "fn-zip-a");
    auto hb = whole_floats(n, "fn-zip-b");
    auto hc = whole_floats(n, "fn-zip-c");
    auto a = to_backend<B>(ha);
    auto b = to_backend<B>(hb);
    auto c = to_backend<B>(hc);
    auto first = tide::make_zip_iterator(a.begin(), b.begin(), c.begin());
    tide::for_each(B::policy(), first, first + n, tide::make_zip_function(fma_into_third{}));
    for (std::int64_t i = 0; i < n; ++i) hc[i] = ha[i] * hb[i] + hc[i];
    CAPTURE(n);
    CHECK(to_std(c) == hc);

    using namespace tide::placeholders;
    typename B::template vector<float> out(n);
    auto ab = tide::make_zip_iterator(a.begin(), b.begin());
    tide::transform(B::policy(), ab, ab + n, out.begin(), tide::make_zip_function(_1 - _2));
    std::vector<float> expect(n);
    for (std::int64_t i = 0; i < n; ++i) expect[i] = ha[i] - hb[i];
    CHECK(to_std(out) == expect);
  }
}

TEST_CASE("raw_reference_cast sees through device_reference and keeps ordinary references") {
  tide::device_vector<int> v(3);
  int* raw = tide::raw_pointer_cast(v.data());
  tide::device_reference<int> r(raw + 1);
  static_assert(std::is_same_v<decltype(tide::raw_reference_cast(r)), int&>);
  CHECK(&tide::raw_reference_cast(r) == raw + 1);
  CHECK(&tide::raw_reference_cast(tide::device_reference<int>(raw + 2)) == raw + 2);
  static_assert(std::is_same_v<decltype(tide::raw_reference_cast(tide::device_reference<const int>(raw))), const int&>);
  CHECK(&tide::raw_reference_cast(tide::device_reference<const int>(raw)) == raw);
  // Whatever the device_vector's own reference is (a device_reference in CUDA builds, int& else).
  CHECK(&tide::raw_reference_cast(v[2]) == raw + 2);
  static_assert(std::is_same_v<decltype(tide::raw_reference_cast(v[2])), int&>);

  int x = 4;
  static_assert(std::is_same_v<decltype(tide::raw_reference_cast(x)), int&>);
  CHECK(&tide::raw_reference_cast(x) == &x);
  const int cx = 5;
  static_assert(std::is_same_v<decltype(tide::raw_reference_cast(cx)), const int&>);
  CHECK(&tide::raw_reference_cast(cx) == &cx);
}

TEST_CASE("raw_reference_cast of a tuple unwraps its device_references element-wise") {
  tide::device_vector<int> a(2);
  tide::device_vector<float> b(2);
  int* ra = tide::raw_pointer_cast(a.data());
  float* rb = tide::raw_pointer_cast(b.data());
  // A zip_iterator's element: tuple<device_reference...> in CUDA builds, tuple<int&, float&> else;
  // either way a tuple of plain references comes out.
  auto zip = tide::make_zip_iterator(a.begin(), b.begin());
  auto t = tide::raw_reference_cast(zip[1]);
  static_assert(std::is_same_v<std::decay_t<decltype(tide::get<0>(t))>, int>);
  static_assert(std::is_same_v<decltype(tide::get<0>(t)), int&>);
  static_assert(std::is_same_v<decltype(tide::get<1>(t)), float&>);
  CHECK(&tide::get<0>(t) == ra + 1);
  CHECK(&tide::get<1>(t) == rb + 1);

  tide::tuple<tide::device_reference<int>, tide::device_reference<float>> refs{tide::device_reference<int>(ra),
                                                                               tide::device_reference<float>(rb)};
  auto u = tide::raw_reference_cast(refs);
  static_assert(std::is_same_v<decltype(u), tide::tuple<int&, float&>>);
  CHECK(&tide::get<0>(u) == ra);
  CHECK(&tide::get<1>(u) == rb);

  // Mixed: a device_reference, a plain reference and a value.
  int x = 0;
  tide::tuple<tide::device_reference<int>, int&, int> mixed{tide::device_reference<int>(ra + 1), x, 7};
  auto w = tide::raw_reference_cast(mixed);
  static_assert(std::is_same_v<decltype(w), tide::tuple<int&, int&, int>>);
  CHECK(&tide::get<0>(w) == ra + 1);
  CHECK(&tide::get<1>(w) == &x);
  CHECK(tide::get<2>(w) == 7);

  // Nothing to unwrap: the tuple itself (by reference) or, for a temporary, its copy.
  tide::tuple<int&, int> plain(x, 1);
  CHECK(&tide::raw_reference_cast(plain) == &plain);
  static_assert(std::is_same_v<decltype(tide::raw_reference_cast(tide::tuple<int&>(x))), tide::tuple<int&>>);
}

TEST_CASE("swap exchanges values, device elements and containers") {
  int a = 1, b = 2;
  tide::swap(a, b);
  CHECK(a == 2);
  CHECK(b == 1);
  std::string s = "x", t = "y";
  tide::swap(s, t);
  CHECK(s == "y");

  tide::device_vector<int> v(2);
  v[0] = 10;
  v[1] = 20;
  tide::swap(v[0], v[1]);  // the vector's reference (a device_reference, or int& on host systems)
  CHECK(static_cast<int>(v[0]) == 20);
  tide::swap(v[0], v[1]);
  int* raw = tide::raw_pointer_cast(v.data());
  tide::swap(tide::device_reference<int>(raw), tide::device_reference<int>(raw + 1));
  CHECK(static_cast<int>(v[0]) == 20);
  CHECK(static_cast<int>(v[1]) == 10);
  tide::device_reference<int> r0(raw), r1(raw + 1);
  tide::swap(r0, r1);  // the elements, not the references
  CHECK(static_cast<int>(v[0]) == 10);
  CHECK(static_cast<int>(v[1]) == 20);
  {
    using tide::swap;
    swap(tide::device_reference<int>(raw), tide::device_reference<int>(raw + 1));
  }
  CHECK(static_cast<int>(v[0]) == 20);

  tide::host_vector<int> h1(1, 5), h2(3, 6);
  tide::swap(h1, h2);
  CHECK(h1.size() == 3);
  CHECK(h2.size() == 1);
}

TEST_CASE("every named functor of Thrust's functional.h exists, typed and transparent") {
  CHECK(tide::plus<int>()(2, 3) == 5);
  CHECK(tide::minus<int>()(2, 3) == -1);
  CHECK(tide::multiplies<int>()(2, 3) == 6);
  CHECK(tide::divides<int>()(7, 2) == 3);
  CHECK(tide::modulus<int>()(7, 2) == 1);
  CHECK(tide::negate<int>()(7) == -7);
  CHECK(tide::equal_to<int>()(2, 2));
  CHECK(tide::not_equal_to<int>()(2, 3));
  CHECK(tide::greater<int>()(3, 2));
  CHECK(tide::less<int>()(2, 3));
  CHECK(tide::greater_equal<int>()(3, 3));
  CHECK(tide::less_equal<int>()(3, 3));
  CHECK(tide::logical_and<bool>()(true, true));
  CHECK(tide::logical_or<bool>()(false, true));
  CHECK(tide::logical_not<bool>()(false));
  CHECK(tide::bit_and<int>()(6, 3) == 2);
  CHECK(tide::bit_or<int>()(6, 3) == 7);
  CHECK(tide::bit_xor<int>()(6, 3) == 5);
  CHECK(tide::maximum<int>()(6, 3) == 6);
  CHECK(tide::minimum<int>()(6, 3) == 3);
  CHECK(tide::identity<int>()(6) == 6);
  CHECK(tide::square<int>()(6) == 36);
  CHECK(tide::plus<>()(1, 0.5) == 1.5);
  static_assert(std::is_same_v<decltype(tide::plus<>()(1, 0.5)), double>);
  static_assert(std::is_same_v<decltype(tide::less<>()(1, 0.5)), bool>);
}
