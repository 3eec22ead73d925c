// replace, replace_if (with and without a stencil), replace_copy and replace_copy_if (with and
// without a stencil) on every backend, against std:: algorithms on std::vector.
#include <algorithm>
#include <cmath>

#include "common.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <tide/backend/cuda/path_boundaries.hpp>
#endif
#include "raw_buffer.hpp"

using namespace tide_test;

namespace {

/// sizes() and the CUDA transform's tile edges (256 threads x 4, 8 or 16 items), each -1, 0, +1.
template <class T = int>
std::vector<std::int64_t> replace_sizes() {
  auto s = sizes();
  if (!std::getenv("TIDE_TEST_SMALL"))
    for (std::int64_t t : {1024, 2048, 4096, 8192})
      for (std::int64_t d : {-1, 0, 1}) s.push_back(t + d);
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  for (std::int64_t n : tide::backend::cuda::boundaries::replace_reverse<T>().sizes) s.push_back(n);
#endif
  return s;
}

/// n values of T drawn from {0, ..., 9}: many duplicates of every value.
template <class T>
std::vector<T> digits(std::int64_t n, const std::string& salt) {
  auto v = random_vector<int>(n, salt, 0, 9);
  return std::vector<T>(v.begin(), v.end());
}

/// Writes 2v at index i (a tabulate_output_iterator's function).
struct store_twice {
  int* out;
  TIDE_HOST_DEVICE void operator()(std::ptrdiff_t i, int v) const { out[i] = 2 * v; }
};

struct is_nan {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(T x) const { return x != x; }
};
struct below5 {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x < T(5); }
};

/// An element that counts the assignments it receives: replace assigns matched elements only.
struct tallied {
  int value;
  int writes;
  tallied() = default;
  tallied(const tallied&) = default;
  TIDE_HOST_DEVICE tallied(int v, int w) : value(v), writes(w) {}
  TIDE_HOST_DEVICE tallied& operator=(const tallied& o) {
    value = o.value;
    writes = writes + 1;
    return *this;
  }
  TIDE_HOST_DEVICE friend bool operator==(const tallied& a, const tallied& b) { return a.value == b.value; }
};

/// Whether x's integer part is odd (floats and doubles).
struct truncated_odd {
  template <class X>
  TIDE_HOST_DEVICE bool operator()(const X& x) const {
    return static_cast<long long>(x) % 2 != 0;
  }
};

}  // namespace

TEST_CASE_TEMPLATE("replace assigns new_value to the elements equal to old_value, for every type and size", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : replace_sizes<T>()) {
      CAPTURE(n);
      auto h = digits<T>(n, "replace");
      auto d = to_backend<B>(h);
      tide::replace(B::policy(), d.begin(), d.end(), T(3), T(7));
      std::replace(h.begin(), h.end(), T(3), T(7));
      CHECK(to_std(d) == h);
    }
  });
}

TEST_CASE_TEMPLATE("replace_if assigns new_value where pred(x) holds", B, TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : replace_sizes<T>()) {
      CAPTURE(n);
      auto h = digits<T>(n, "replace_if");
      auto d = to_backend<B>(h);
      tide::replace_if(B::policy(), d.begin(), d.end(), below5{}, T(9));
      std::replace_if(h.begin(), h.end(), below5{}, T(9));
      CHECK(to_std(d) == h);
    }
  });
}

TEST_CASE_TEMPLATE("replace_if with a stencil assigns new_value where pred(stencil[i]) holds", B,
                   TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : replace_sizes<T>()) {
      CAPTURE(n);
      auto h = random_vector<T>(n, "replace_if-stencil", 0, 100);
      auto s = random_vector<int>(n, "replace_if-stencil-s", 0, 100);
      auto d = to_backend<B>(h);
      auto ds = to_backend<B>(s);
      tide::replace_if(B::policy(), d.begin(), d.end(), ds.begin(), is_even{}, T(-1));
      for (std::int64_t i = 0; i < n; ++i)
        if (s[i] % 2 == 0) h[i] = T(-1);
      CHECK(to_std(d) == h);
      CHECK(to_std(ds) == s);
    }
  });
}

TEST_CASE_TEMPLATE("replace_copy and replace_copy_if write the replaced copy, return its end, keep the input", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : replace_sizes<T>()) {
      CAPTURE(n);
      auto h = digits<T>(n, "replace_copy");
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(n, tide::no_init);
      std::vector<T> want(n);

      auto end = tide::replace_copy(B::policy(), d.begin(), d.end(), out.begin(), T(0), T(5));
      std::replace_copy(h.begin(), h.end(), want.begin(), T(0), T(5));
      CHECK(end == out.end());
      CHECK(to_std(out) == want);

      end = tide::replace_copy_if(B::policy(), d.begin(), d.end(), out.begin(), below5{}, T(8));
      std::replace_copy_if(h.begin(), h.end(), want.begin(), below5{}, T(8));
      CHECK(end == out.end());
      CHECK(to_std(out) == want);
      CHECK(to_std(d) == h);
    }
  });
}

TEST_CASE_TEMPLATE("replace_copy_if with a stencil tests the stencil and copies the others", B, TIDE_TEST_BACKENDS) {
  for (auto n : replace_sizes()) {
    CAPTURE(n);
    auto h = random_vector<double>(n, "replace_copy_if-stencil");
    auto s = random_vector<int>(n, "replace_copy_if-stencil-s", 0, 100);
    auto d = to_backend<B>(h);
    auto ds = to_backend<B>(s);
    typename B::template vector<double> out(n, tide::no_init);
    auto end = tide::replace_copy_if(B::policy(), d.begin(), d.end(), ds.begin(), out.begin(), is_even{}, 0.5);
    std::vector<double> want(h);
    for (std::int64_t i = 0; i < n; ++i)
      if (s[i] % 2 == 0) want[i] = 0.5;
    CHECK(end == out.end());
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("replace_copy and replace_copy_if work in place (out == first)", B, TIDE_TEST_BACKENDS) {
  for (auto n : replace_sizes()) {
    CAPTURE(n);
    auto h = digits<int>(n, "replace_copy-in-place");
    auto s = digits<int>(n, "replace_copy-in-place-s");
    auto d = to_backend<B>(h);
    auto ds = to_backend<B>(s);
    CHECK(tide::replace_copy(B::policy(), d.begin(), d.end(), d.begin(), 4, 40) == d.end());
    std::replace(h.begin(), h.end(), 4, 40);
    CHECK(to_std(d) == h);
    CHECK(tide::replace_copy_if(B::policy(), d.begin(), d.end(), d.begin(), below5{}, -5) == d.end());
    std::replace_if(h.begin(), h.end(), below5{}, -5);
    CHECK(to_std(d) == h);
    CHECK(tide::replace_copy_if(B::policy(), d.begin(), d.end(), ds.begin(), d.begin(), is_even{}, 100) == d.end());
    for (std::int64_t i = 0; i < n; ++i)
      if (s[i] % 2 == 0) h[i] = 100;
    CHECK(to_std(d) == h);
  }
}

TEST_CASE_TEMPLATE("replace compares with ==: a NaN old_value replaces nothing, 0.0 replaces -0.0 too", B,
                   TIDE_TEST_BACKENDS) {
  auto run = [](auto tag) {
    using T = decltype(tag);
    const T nan = std::numeric_limits<T>::quiet_NaN();
    for (auto n : replace_sizes<T>()) {
      CAPTURE(n);
      auto h = random_vector<T>(n, "replace-nan", -2, 2);
      for (std::int64_t i = 0; i < n; ++i) {
        if (i % 5 == 1) h[i] = nan;
        if (i % 7 == 2) h[i] = T(-0.0);
        if (i % 11 == 3) h[i] = T(0.0);
      }
      auto d = to_backend<B>(h);

      tide::replace(B::policy(), d.begin(), d.end(), nan, T(1));  // NaN == NaN is false
      CHECK(same_bits(to_std(d), h));

      tide::replace_if(B::policy(), d.begin(), d.end(), is_nan{}, T(2));
      std::vector<T> want(h);
      for (auto& x : want)
        if (std::isnan(x)) x = T(2);
      CHECK(same_bits(to_std(d), want));

      tide::replace(B::policy(), d.begin(), d.end(), T(0.0), T(5));  // -0.0 == 0.0
      for (auto& x : want)
        if (x == T(0)) x = T(5);
      CHECK(same_bits(to_std(d), want));
      CHECK(std::count(want.begin(), want.end(), T(5)) >= (n > 3 ? 1 : 0));

      // replace_copy keeps the bits of what it does not replace (NaNs, -0.0).
      auto d2 = to_backend<B>(h);
      typename B::template vector<T> out(n, tide::no_init);
      tide::replace_copy(B::policy(), d2.begin(), d2.end(), out.begin(), T(7), T(8));
      CHECK(same_bits(to_std(out), h));
    }
  };
  run(float{});
  run(double{});
}

TEST_CASE_TEMPLATE("replace converts new_value to the element type and replace_copy to the output's", B,
                   TIDE_TEST_BACKENDS) {
  std::vector<float> h{1.5f, 2.0f, 3.25f, 2.0f};
  auto d = to_backend<B>(h);
  tide::replace(B::policy(), d.begin(), d.end(), 2.0f, 0.125f);
  CHECK(to_std(d) == std::vector<float>{1.5f, 0.125f, 3.25f, 0.125f});
  typename B::template vector<int> out(4, 0);
  // Thrust's new_value_if: (x < 2 ? 7.75 : x) in double, then converted to int.
  tide::replace_copy_if(B::policy(), d.begin(), d.end(), out.begin(), below5{}, 7.75);
  CHECK(to_std(out) == std::vector<int>{7, 7, 7, 7});
  tide::replace_copy(B::policy(), d.begin(), d.end(), out.begin(), 1.5f, 9.0f);
  CHECK(to_std(out) == std::vector<int>{9, 0, 3, 0});
}

TEST_CASE_TEMPLATE("replace_copy_if converts by way of the conditional's common type, as Thrust's new_value_if", B,
                   TIDE_TEST_BACKENDS) {
  // (x odd ? new_value : x) in common_type<int, float> = float, then to int: 16777217 rounds to
  // 16777216 on the way; the kept items truncate. The same for int64 through double.
  const std::int64_t n = 5000;
  std::vector<float> hf(static_cast<std::size_t>(n));
  std::vector<double> hd(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) hf[i] = float(i) + 0.75f, hd[i] = double(i) + 0.75;
  auto df = to_backend<B>(hf);
  auto dd = to_backend<B>(hd);
  typename B::template vector<int> out(n, 0);
  typename B::template vector<std::int64_t> out64(n, 0);
  tide::replace_copy_if(B::policy(), df.begin(), df.end(), out.begin(), truncated_odd{}, 16777217);
  tide::replace_copy_if(B::policy(), dd.begin(), dd.end(), out64.begin(), truncated_odd{},
                        (std::int64_t(1) << 53) + 1);
  std::vector<int> want(static_cast<std::size_t>(n));
  std::vector<std::int64_t> want64(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) {
    want[i] = i % 2 ? 16777216 : int(i);
    want64[i] = i % 2 ? (std::int64_t(1) << 53) : i;
  }
  CHECK(to_std(out) == want);
  CHECK(to_std(out64) == want64);
}

TEST_CASE_TEMPLATE("replace on a user struct assigns the matched elements only", B, TIDE_TEST_BACKENDS) {
  for (auto n : replace_sizes()) {
    CAPTURE(n);
    auto v = digits<int>(n, "replace-tallied");
    std::vector<int> ints(2 * n);
    for (std::int64_t i = 0; i < n; ++i) ints[2 * i] = v[i], ints[2 * i + 1] = 0;
    raw_buffer<B, tallied> buf(n);
    buf.set_ints(ints);
    tide::replace(B::policy(), buf.begin(), buf.end(), tallied(6, 0), tallied(60, 0));
    auto s = random_vector<int>(n, "replace-tallied-s", 0, 1);
    auto ds = to_backend<B>(s);
    tide::replace_if(B::policy(), buf.begin(), buf.end(), ds.begin(), is_even{}, tallied(-1, 0));
    auto got = buf.ints();
    bool ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i) {
      int want_value = s[i] % 2 == 0 ? -1 : v[i] == 6 ? 60 : v[i];
      int want_writes = int(v[i] == 6) + int(s[i] % 2 == 0);
      ok = got[2 * i] == want_value && got[2 * i + 1] == want_writes;
      if (!ok) CAPTURE(i);
    }
    CHECK(ok);
  }
}

TEST_CASE_TEMPLATE("replace_copy writes through a transform_output_iterator and reads a counting iterator", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : replace_sizes()) {
    CAPTURE(n);
    typename B::template vector<int> out(n, tide::no_init);
    auto count = tide::make_counting_iterator<int>(0);
    auto to = tide::make_transform_output_iterator(out.begin(), times2_plus1{});
    auto end = tide::replace_copy_if(B::policy(), count, count + n, to, is_even{}, -1);
    CHECK(end - to == n);
    std::vector<int> want(n);
    for (int i = 0; i < n; ++i) want[i] = i % 2 == 0 ? -1 : 2 * i + 1;
    CHECK(to_std(out) == want);

    // Outputs without a value type of their own: discard, and tabulate_output (value_type void).
    auto discard = tide::make_discard_iterator();
    CHECK(tide::replace_copy(B::policy(), count, count + n, discard, 3, 4) - discard == n);
    auto tab = tide::make_tabulate_output_iterator(store_twice{tide::raw_pointer_cast(out.data())});
    CHECK(tide::replace_copy_if(B::policy(), count, count + n, tab, is_even{}, 5) - tab == n);
    for (int i = 0; i < n; ++i) want[i] = 2 * (i % 2 == 0 ? 5 : i);
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("replace on empty ranges writes nothing; last before first throws naming the algorithm", B,
                   TIDE_TEST_BACKENDS) {
  std::vector<int> h{1, 2, 3};
  auto d = to_backend<B>(h);
  auto b = d.begin(), e = d.end();
  tide::replace(B::policy(), b, b, 1, 9);
  tide::replace_if(B::policy(), b, b, below5{}, 9);
  tide::replace_if(B::policy(), b, b, b, below5{}, 9);
  CHECK(tide::replace_copy(B::policy(), b, b, b + 1, 1, 9) == b + 1);
  CHECK(tide::replace_copy_if(B::policy(), b, b, b + 1, below5{}, 9) == b + 1);
  CHECK(tide::replace_copy_if(B::policy(), b, b, b, b + 1, below5{}, 9) == b + 1);
  CHECK(to_std(d) == h);
  CHECK_THROWS_WITH_AS(tide::replace(B::policy(), e, b, 1, 9), "tide::replace: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::replace_if(B::policy(), e, b, below5{}, 9), "tide::replace_if: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::replace_if(B::policy(), e, b, b, below5{}, 9),
                       "tide::replace_if: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::replace_copy(B::policy(), e, b, b, 1, 9), "tide::replace_copy: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::replace_copy_if(B::policy(), e, b, b, below5{}, 9),
                       "tide::replace_copy_if: last is before first", std::invalid_argument);
  CHECK(to_std(d) == h);
}

TEST_CASE("replace and its kin without a policy pick the system from the iterators") {
  std::vector<int> h{1, 2, 3, 2, 1};
  tide::device_vector<int> d(h.begin(), h.end());
  tide::device_vector<int> s(h.begin(), h.end());
  tide::device_vector<int> out(5);
  tide::replace(d.begin(), d.end(), 2, 20);
  tide::replace_if(d.begin(), d.end(), below5{}, 0);
  CHECK(to_std(d) == std::vector<int>{0, 20, 0, 20, 0});
  tide::replace_if(d.begin(), d.end(), s.begin(), is_even{}, 7);
  CHECK(to_std(d) == std::vector<int>{0, 7, 0, 7, 0});
  CHECK(tide::replace_copy(s.begin(), s.end(), out.begin(), 1, 10) == out.end());
  CHECK(to_std(out) == std::vector<int>{10, 2, 3, 2, 10});
  CHECK(tide::replace_copy_if(s.begin(), s.end(), out.begin(), is_even{}, 0) == out.end());
  CHECK(to_std(out) == std::vector<int>{1, 0, 3, 0, 1});
  CHECK(tide::replace_copy_if(s.begin(), s.end(), d.begin(), out.begin(), is_even{}, 5) == out.end());
  CHECK(to_std(out) == std::vector<int>{5, 2, 5, 2, 5});  // the stencil d is {0, 7, 0, 7, 0}
  std::vector<int> hv(h);
  tide::replace(hv.begin(), hv.end(), 3, 30);  // std::vector: the host system
  CHECK(hv == std::vector<int>{1, 2, 30, 2, 1});
}
