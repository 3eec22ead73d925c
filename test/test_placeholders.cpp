// tide::placeholders (_1 .. _10): the functors the expressions build, their result types, and
// their use as operators of tide algorithms on every backend (as Thrust's placeholders).
#include <numeric>

#include "common.hpp"

using namespace tide_test;
using namespace tide::placeholders;

namespace {

std::vector<std::int64_t> small_sizes() { return {0, 1, 2, 31, 1000, 4099}; }

std::vector<float> whole_floats(std::int64_t n, const std::string& salt) {
  auto ints = random_vector<int>(n, salt, -100, 100);
  return std::vector<float>(ints.begin(), ints.end());
}

template <class F, class... Args>
using result_t = decltype(std::declval<const F&>()(std::declval<Args>()...));

}  // namespace

TEST_CASE("placeholders select their argument, passed on by reference") {
  int a = 1, b = 2, c = 3;
  CHECK(_1(a, b, c) == 1);
  CHECK(_2(a, b, c) == 2);
  CHECK(_3(a, b, c) == 3);
  CHECK(_10(0, 1, 2, 3, 4, 5, 6, 7, 8, 9) == 9);
  CHECK(_7(0, 1, 2, 3, 4, 5, 6) == 6);
  static_assert(std::is_same_v<result_t<decltype(_2), int&, float&>, float&>);
  static_assert(std::is_same_v<result_t<decltype(_1), const int&>, const int&>);
  CHECK(&_2(a, b) == &b);
}

TEST_CASE("arithmetic expressions compute as the operators do, in the operators' result types") {
  CHECK((_1 + _2)(3, 4) == 7);
  CHECK((_1 - _2)(3, 4) == -1);
  CHECK((_1 * _2)(3, 4) == 12);
  CHECK((_1 / _2)(9, 2) == 4);
  CHECK((_1 % _2)(9, 4) == 1);
  CHECK((-_1)(5) == -5);
  CHECK((+_1)(5) == 5);
  CHECK((_1 + _2)(1, 0.5f) == 1.5f);
  static_assert(std::is_same_v<result_t<decltype(_1 + _2), int, float>, float>);
  static_assert(std::is_same_v<result_t<decltype(_1 * _2), int, double>, double>);
  static_assert(std::is_same_v<result_t<decltype(_1 / _2), int, int>, int>);
  static_assert(std::is_same_v<result_t<decltype(-_1), char>, int>);  // integral promotion, as -c
  static_assert(std::is_same_v<result_t<decltype(_1 + _2), std::string, const char*>, std::string>);
  CHECK((_1 + _2)(std::string("ab"), "cd") == "abcd");
}

TEST_CASE("values on either side of an operator are captured by value") {
  float a = 2.0f;
  auto saxpy = a * _1 + _2;
  a = 100.0f;  // the expression keeps the value it was built with
  CHECK(saxpy(3.0f, 1.0f) == 7.0f);
  CHECK((10 - _1)(3) == 7);
  CHECK((_1 - 10)(3) == -7);
  CHECK((1 + _1 * 2 + _2 * _3)(1, 2, 3) == 9);
  CHECK(((_1 + _2) * (_1 - _2))(5, 3) == 16);
  static_assert(std::is_same_v<result_t<decltype(0.5 * _1), int>, double>);
  static_assert(std::is_same_v<result_t<decltype(_1 + 1), float>, float>);
}

TEST_CASE("comparisons and logical operators give bool") {
  CHECK((_1 < _2)(1, 2));
  CHECK_FALSE((_1 > _2)(1, 2));
  CHECK((_1 <= _2)(2, 2));
  CHECK((_1 >= _2)(2, 2));
  CHECK((_1 == _2)(2, 2));
  CHECK((_1 != _2)(2, 3));
  CHECK((_1 > 0 && _1 < 10)(5));
  CHECK_FALSE((_1 > 0 && _1 < 10)(15));
  CHECK((_1 < 0 || _1 > 10)(15));
  CHECK((!_1)(0));
  CHECK_FALSE((!(_1 == 3))(3));
  static_assert(std::is_same_v<result_t<decltype(_1 < _2), int, double>, bool>);
  static_assert(std::is_same_v<result_t<decltype(_1 && _2), int, int>, bool>);
  static_assert(std::is_same_v<result_t<decltype(!_1), int>, bool>);
}

TEST_CASE("bitwise operators and shifts") {
  CHECK((_1 & _2)(0b1100, 0b1010) == 0b1000);
  CHECK((_1 | _2)(0b1100, 0b1010) == 0b1110);
  CHECK((_1 ^ _2)(0b1100, 0b1010) == 0b0110);
  CHECK((~_1)(0) == -1);
  CHECK((_1 << _2)(1, 4) == 16);
  CHECK((_1 >> 2)(16) == 4);
  CHECK((1u << _1)(31) == 0x80000000u);
  static_assert(std::is_same_v<result_t<decltype(_1 << _2), unsigned, int>, unsigned>);
  static_assert(std::is_same_v<result_t<decltype(~_1), std::uint8_t>, int>);
}

TEST_CASE("assignment, compound assignment and increments write through the argument") {
  int x = 5;
  (_1 = 7)(x);
  CHECK(x == 7);
  (_1 = _2)(x, 3);
  CHECK(x == 3);
  (_1 += 2)(x);
  CHECK(x == 5);
  (_1 -= _2)(x, 1);
  CHECK(x == 4);
  (_1 *= 3)(x);
  CHECK(x == 12);
  (_1 /= 4)(x);
  CHECK(x == 3);
  (_1 %= 2)(x);
  CHECK(x == 1);
  (_1 <<= 3)(x);
  CHECK(x == 8);
  (_1 >>= 1)(x);
  CHECK(x == 4);
  (_1 |= 3)(x);
  CHECK(x == 7);
  (_1 &= 5)(x);
  CHECK(x == 5);
  (_1 ^= 1)(x);
  CHECK(x == 4);
  CHECK((++_1)(x) == 5);
  CHECK(x == 5);
  CHECK((_1++)(x) == 5);
  CHECK(x == 6);
  CHECK((--_1)(x) == 5);
  CHECK((_1--)(x) == 5);
  CHECK(x == 4);
  // The result is the argument itself, as the built-in operators give.
  static_assert(std::is_same_v<result_t<decltype(_1 += 2), int&>, int&>);
  static_assert(std::is_same_v<result_t<decltype(_1 = _2), int&, int>, int&>);
  static_assert(std::is_same_v<result_t<decltype(_1++), int&>, int>);
  CHECK(&(_1 *= 1)(x) == &x);
  // _2 = _1 + 1 writes the second argument from the first.
  int y = 0;
  (_2 = _1 + 1)(41, y);
  CHECK(y == 42);
}

TEST_CASE("placeholder expressions work on device_reference elements from host code") {
  tide::device_vector<int> storage(3);
  int* raw = tide::raw_pointer_cast(storage.data());
  const auto v = [raw](int i) { return tide::device_reference<int>(raw + i); };
  v(0) = 4;
  v(1) = 6;
  v(2) = 0;
  CHECK((_1 + _2)(v(0), v(1)) == 10);
  CHECK((_1 < _2)(v(0), v(1)));
  CHECK((2 * _1 - 1)(v(1)) == 11);
  (_1 *= 2)(v(0));
  CHECK(static_cast<int>(v(0)) == 8);
  (_1 = _2 + _3)(v(2), v(0), v(1));
  CHECK(static_cast<int>(v(2)) == 14);
  (_1 += 1)(v(2));
  CHECK(static_cast<int>(v(2)) == 15);
  (++_1)(v(2));
  CHECK(static_cast<int>(v(2)) == 16);
  (_1 = 3)(v(1));
  CHECK(static_cast<int>(v(1)) == 3);
}

TEST_CASE_TEMPLATE("transform with placeholder expressions (unary and binary, saxpy)", B, TIDE_TEST_BACKENDS) {
  for (auto n : small_sizes()) {
    // Whole numbers: a * x + y is then exact whether or not the compiler fuses it (nvcc does).
    auto hx = whole_floats(n, "ph-transform-x");
    auto hy = whole_floats(n, "ph-transform-y");
    auto x = to_backend<B>(hx);
    auto y = to_backend<B>(hy);
    typename B::template vector<float> out(n);
    const float a = 2.5f;
    tide::transform(B::policy(), x.begin(), x.end(), y.begin(), out.begin(), a * _1 + _2);
    std::vector<float> expect(n);
    for (std::int64_t i = 0; i < n; ++i) expect[i] = a * hx[i] + hy[i];
    CAPTURE(n);
    CHECK(to_std(out) == expect);

    typename B::template vector<int> neg(n);
    tide::transform(B::policy(), x.begin(), x.end(), neg.begin(), _1 < 0);
    std::vector<int> expect_neg(n);
    for (std::int64_t i = 0; i < n; ++i) expect_neg[i] = hx[i] < 0;
    CHECK(to_std(neg) == expect_neg);
  }
}

TEST_CASE_TEMPLATE("for_each with compound assignment scales the range in place", B, TIDE_TEST_BACKENDS) {
  for (auto n : small_sizes()) {
    auto h = random_vector<int>(n, "ph-for_each", -1000, 1000);
    auto d = to_backend<B>(h);
    tide::for_each(B::policy(), d.begin(), d.end(), _1 *= 2);
    tide::for_each(B::policy(), d.begin(), d.end(), _1 += 1);
    for (auto& v : h) v = v * 2 + 1;
    CAPTURE(n);
    CHECK(to_std(d) == h);
  }
}

TEST_CASE_TEMPLATE("reduce and scans with placeholder operators", B, TIDE_TEST_BACKENDS) {
  for (auto n : small_sizes()) {
    auto h = random_vector<std::int64_t>(n, "ph-reduce", -1000, 1000);
    auto d = to_backend<B>(h);
    CAPTURE(n);
    CHECK(tide::reduce(B::policy(), d.begin(), d.end(), std::int64_t(0), _1 + _2) ==
          std::accumulate(h.begin(), h.end(), std::int64_t(0)));

    typename B::template vector<std::int64_t> out(n);
    tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), _1 + _2);
    std::vector<std::int64_t> expect(n);
    std::partial_sum(h.begin(), h.end(), expect.begin());
    CHECK(to_std(out) == expect);

    tide::exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), std::int64_t(5), _1 + _2);
    std::int64_t acc = 5;
    for (std::int64_t i = 0; i < n; ++i) {
      expect[i] = acc;
      acc += h[i];
    }
    CHECK(to_std(out) == expect);
  }
}

TEST_CASE_TEMPLATE("sort with a placeholder comparator orders as the comparison says", B, TIDE_TEST_BACKENDS) {
  for (auto n : small_sizes()) {
    auto h = random_vector<int>(n, "ph-sort", -100000, 100000);
    auto d = to_backend<B>(h);
    tide::sort(B::policy(), d.begin(), d.end(), _1 > _2);
    std::sort(h.begin(), h.end(), std::greater<int>());
    CAPTURE(n);
    CHECK(to_std(d) == h);
  }
}

TEST_CASE_TEMPLATE("copy_if and count_if with placeholder predicates", B, TIDE_TEST_BACKENDS) {
  for (auto n : small_sizes()) {
    auto h = random_vector<int>(n, "ph-copy_if", -100, 100);
    auto d = to_backend<B>(h);
    typename B::template vector<int> out(n);
    auto end = tide::copy_if(B::policy(), d.begin(), d.end(), out.begin(), _1 % 3 == 0 && _1 > 0);
    std::vector<int> expect;
    for (int v : h)
      if (v % 3 == 0 && v > 0) expect.push_back(v);
    CAPTURE(n);
    REQUIRE(end - out.begin() == static_cast<std::ptrdiff_t>(expect.size()));
    out.resize(expect.size());
    CHECK(to_std(out) == expect);
    CHECK(tide::count_if(B::policy(), d.begin(), d.end(), _1 < 0) ==
          std::count_if(h.begin(), h.end(), [](int v) { return v < 0; }));
  }
}

TEST_CASE_TEMPLATE("placeholder expressions drive transform_iterator and transform_reduce", B, TIDE_TEST_BACKENDS) {
  for (auto n : small_sizes()) {
    auto h = random_vector<std::int64_t>(n, "ph-transform_iterator", -1000, 1000);
    auto d = to_backend<B>(h);
    auto first = tide::make_transform_iterator(d.begin(), _1 * _1 + 1);
    auto last = first;
    last = tide::make_transform_iterator(d.end(), _1 * _1 + 1);  // the functor is copy-assignable
    std::int64_t expect = 0;
    for (auto v : h) expect += v * v + 1;
    CAPTURE(n);
    CHECK(tide::reduce(B::policy(), first, last, std::int64_t(0), _1 + _2) == expect);
    CHECK(tide::transform_reduce(B::policy(), d.begin(), d.end(), _1 * _1 + 1, std::int64_t(0), _1 + _2) == expect);
  }
}
