// for_each, for_each_n, transform, transform_if, fill, fill_n, sequence, tabulate, copy and copy_n,
// on every backend, against std:: algorithms on std::vector.
#include <algorithm>
#include <functional>
#include <numeric>

#include <limits>

#include "common.hpp"

using namespace tide_test;

namespace {

struct add_one {
  template <class R>
  TIDE_HOST_DEVICE void operator()(R&& x) const { x = x + 1; }
};
struct swap_xy {
  TIDE_HOST_DEVICE point operator()(const point& p) const { return {p.y, p.x}; }
};
struct square_index {
  TIDE_HOST_DEVICE std::int64_t operator()(std::ptrdiff_t i) const { return static_cast<std::int64_t>(i) * i; }
};
struct sum_pair {
  template <class Tuple>
  TIDE_HOST_DEVICE double operator()(const Tuple& t) const { return tide::get<0>(t) + tide::get<1>(t); }
};
struct split_pair {
  TIDE_HOST_DEVICE tide::tuple<int, int> operator()(int x) const { return tide::make_tuple(x, -x); }
};

/// Random bools (common.hpp's random_vector<bool> cannot bind vector<bool>'s proxy to auto&).
std::vector<bool> random_bools(std::int64_t n, const std::string& salt) {
  auto bits = random_vector<int>(n, salt, 0, 1);
  return std::vector<bool>(bits.begin(), bits.end());
}

std::vector<point> random_points(std::int64_t n, const std::string& salt) {
  auto x = random_vector<int>(n, salt + "-x");
  auto y = random_vector<int>(n, salt + "-y");
  std::vector<point> p(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) p[i] = {x[i], y[i]};
  return p;
}

}  // namespace

TEST_CASE_TEMPLATE("for_each applies f to every element once and returns last", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "for_each", 0, 1000);
      auto d = to_backend<B>(h);
      auto ret = tide::for_each(B::policy(), d.begin(), d.end(), add_one{});
      for (auto& x : h) x = x + 1;
      CAPTURE(n);
      CHECK(ret == d.end());
      CHECK(to_std(d) == h);
    }
  });
}

TEST_CASE_TEMPLATE("for_each_n applies f to the first n elements and returns first + n", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<std::int64_t>(n, "for_each_n");
    auto d = to_backend<B>(h);
    std::int64_t half = n / 2;
    auto ret = tide::for_each_n(B::policy(), d.begin(), half, add_one{});
    for (std::int64_t i = 0; i < half; ++i) h[i] += 1;
    CAPTURE(n);
    CHECK(ret == d.begin() + half);
    CHECK(to_std(d) == h);
  }
}

TEST_CASE_TEMPLATE("transform with a unary op matches std::transform for every type and size", B,
                   TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "transform");
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(n, tide::no_init);
      auto ret = tide::transform(B::policy(), d.begin(), d.end(), out.begin(), times2_plus1{});
      std::vector<T> want(n);
      std::transform(h.begin(), h.end(), want.begin(), times2_plus1{});
      CAPTURE(n);
      CHECK(ret == out.end());
      CHECK(to_std(out) == want);
    }
  });
}

TEST_CASE_TEMPLATE("transform with a binary op matches std::transform for every type and size", B,
                   TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto a = random_vector<T>(n, "transform2-a");
      auto b = random_vector<T>(n, "transform2-b");
      auto da = to_backend<B>(a);
      auto db = to_backend<B>(b);
      typename B::template vector<T> out(n, tide::no_init);
      auto ret = tide::transform(B::policy(), da.begin(), da.end(), db.begin(), out.begin(), tide::plus<T>());
      std::vector<T> want(n);
      std::transform(a.begin(), a.end(), b.begin(), want.begin(), std::plus<T>());
      CAPTURE(n);
      CHECK(ret == out.end());
      CHECK(to_std(out) == want);
    }
  });
}

TEST_CASE_TEMPLATE("transform takes a user struct", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_points(n, "transform-point");
    auto d = to_backend<B>(h);
    typename B::template vector<point> out(n, tide::no_init);
    tide::transform(B::policy(), d.begin(), d.end(), out.begin(), swap_xy{});
    std::vector<point> want(n);
    std::transform(h.begin(), h.end(), want.begin(), swap_xy{});
    CAPTURE(n);
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("transform reads counting, transform and zip iterators", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    auto count = tide::make_counting_iterator<std::int64_t>(0);
    typename B::template vector<std::int64_t> out(n, tide::no_init);
    tide::transform(B::policy(), count, count + n, out.begin(), times2_plus1{});
    std::vector<std::int64_t> want(n);
    for (std::int64_t i = 0; i < n; ++i) want[i] = 2 * i + 1;
    CHECK(to_std(out) == want);

    auto h = random_vector<int>(n, "transform-iter");
    auto d = to_backend<B>(h);
    auto neg = tide::make_transform_iterator(d.begin(), tide::negate<int>());
    typename B::template vector<int> out2(n, tide::no_init);
    tide::transform(B::policy(), neg, neg + n, out2.begin(), times2_plus1{});
    std::vector<int> want2(n);
    for (std::int64_t i = 0; i < n; ++i) want2[i] = -2 * h[i] + 1;
    CHECK(to_std(out2) == want2);

    auto g = random_vector<double>(n, "transform-zip");
    auto dg = to_backend<B>(g);
    auto zip = tide::make_zip_iterator(d.begin(), dg.begin());
    typename B::template vector<double> out3(n, tide::no_init);
    tide::transform(B::policy(), zip, zip + n, out3.begin(), sum_pair{});
    std::vector<double> want3(n);
    for (std::int64_t i = 0; i < n; ++i) want3[i] = h[i] + g[i];
    CHECK(to_std(out3) == want3);
  }
}

TEST_CASE_TEMPLATE("transform writes through transform_output, reverse, permutation, zip and discard iterators", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    auto h = random_vector<int>(n, "transform-out");
    auto d = to_backend<B>(h);
    typename B::template vector<int> out(n, tide::no_init);

    auto to = tide::make_transform_output_iterator(out.begin(), times2_plus1{});
    auto ret = tide::transform(B::policy(), d.begin(), d.end(), to, tide::identity<>());
    CHECK(ret - to == n);
    std::vector<int> want(n);
    std::transform(h.begin(), h.end(), want.begin(), times2_plus1{});
    CHECK(to_std(out) == want);

    tide::transform(B::policy(), d.begin(), d.end(), tide::make_reverse_iterator(out.end()), tide::identity<>());
    CHECK(to_std(out) == std::vector<int>(h.rbegin(), h.rend()));

    std::vector<std::int64_t> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng("transform-perm"));
    auto dperm = to_backend<B>(perm);
    tide::transform(B::policy(), d.begin(), d.end(), tide::make_permutation_iterator(out.begin(), dperm.begin()),
                    tide::identity<>());
    for (std::int64_t i = 0; i < n; ++i) want[perm[i]] = h[i];
    CHECK(to_std(out) == want);

    typename B::template vector<int> neg(n, tide::no_init);
    auto zip = tide::make_zip_iterator(out.begin(), neg.begin());
    tide::transform(B::policy(), d.begin(), d.end(), zip, split_pair{});
    std::vector<int> want_neg(n);
    std::transform(h.begin(), h.end(), want_neg.begin(), std::negate<int>());
    CHECK(to_std(out) == h);
    CHECK(to_std(neg) == want_neg);

    auto discard = tide::make_discard_iterator();
    CHECK(tide::transform(B::policy(), d.begin(), d.end(), discard, times2_plus1{}) - discard == n);
  }
}

TEST_CASE_TEMPLATE("transform_if with a stencil writes only where pred(stencil) holds", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "transform_if", 0, 1000);
      auto s = random_vector<int>(n, "transform_if-stencil", 0, 9);
      auto old = random_vector<T>(n, "transform_if-old", 0, 1000);
      auto d = to_backend<B>(h);
      auto ds = to_backend<B>(s);
      auto out = to_backend<B>(old);
      auto ret = tide::transform_if(B::policy(), d.begin(), d.end(), ds.begin(), out.begin(), times2_plus1{},
                                    is_even{});
      std::vector<T> want = old;
      for (std::int64_t i = 0; i < n; ++i)
        if (s[i] % 2 == 0) want[i] = times2_plus1{}(h[i]);
      CAPTURE(n);
      CHECK(ret == out.end());
      CHECK(to_std(out) == want);
    }
  });
}

TEST_CASE_TEMPLATE("transform_if without a stencil tests each input", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<float>(n, "transform_if-nostencil", 0, 1000);
    auto old = random_vector<float>(n, "transform_if-nostencil-old", 0, 1000);
    auto d = to_backend<B>(h);
    auto out = to_backend<B>(old);
    auto ret = tide::transform_if(B::policy(), d.begin(), d.end(), out.begin(), times2_plus1{}, above{500});
    std::vector<float> want = old;
    for (std::int64_t i = 0; i < n; ++i)
      if (h[i] > 500) want[i] = times2_plus1{}(h[i]);
    CAPTURE(n);
    CHECK(ret == out.end());
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("transform_if with a binary op and a stencil", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto a = random_vector<std::int64_t>(n, "transform_if2-a");
    auto b = random_vector<std::int64_t>(n, "transform_if2-b");
    auto s = random_vector<int>(n, "transform_if2-s", 0, 9);
    auto da = to_backend<B>(a);
    auto db = to_backend<B>(b);
    auto ds = to_backend<B>(s);
    typename B::template vector<std::int64_t> out(n, std::int64_t(-7));
    auto ret = tide::transform_if(B::policy(), da.begin(), da.end(), db.begin(), ds.begin(), out.begin(),
                                  tide::minus<>(), is_even{});
    std::vector<std::int64_t> want(n, -7);
    for (std::int64_t i = 0; i < n; ++i)
      if (s[i] % 2 == 0) want[i] = a[i] - b[i];
    CAPTURE(n);
    CHECK(ret == out.end());
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("transform_if leaves every unselected output alone at run and tile boundaries", B,
                   TIDE_TEST_BACKENDS) {
  // tide::par tests the stencil 1024 indices at a time, then transforms the kept ones: sizes around
  // those runs and parallel_tiles' 4096-item tiles; stencils random, all kept, none kept, and in
  // runs of 1000 that straddle the run boundaries.
  for (std::int64_t n : {1023, 1024, 1025, 2047, 2049, 4097, 3 * 16384 + 5, 3 * 65536 + 1}) {
    auto a = random_vector<std::int64_t>(n, "transform_if-runs-a");
    auto b = random_vector<std::int64_t>(n, "transform_if-runs-b");
    auto r = random_vector<int>(n, "transform_if-runs-s", 0, 9);
    for (int kind = 0; kind < 4; ++kind) {
      std::vector<int> s(static_cast<std::size_t>(n));
      for (std::int64_t i = 0; i < n; ++i)
        s[i] = kind == 0 ? r[i] : kind == 1 ? 0 : kind == 2 ? 1 : int((i / 1000) % 2);
      auto da = to_backend<B>(a);
      auto db = to_backend<B>(b);
      auto ds = to_backend<B>(s);
      typename B::template vector<std::int64_t> out1(n, std::int64_t(-7)), out2(n, std::int64_t(-9));
      tide::transform_if(B::policy(), da.begin(), da.end(), ds.begin(), out1.begin(), times2_plus1{}, is_even{});
      tide::transform_if(B::policy(), da.begin(), da.end(), db.begin(), ds.begin(), out2.begin(), tide::minus<>(),
                         is_even{});
      std::vector<std::int64_t> want1(n, -7), want2(n, -9);
      for (std::int64_t i = 0; i < n; ++i)
        if (s[i] % 2 == 0) want1[i] = times2_plus1{}(a[i]), want2[i] = a[i] - b[i];
      CAPTURE(n);
      CAPTURE(kind);
      CHECK(to_std(out1) == want1);
      CHECK(to_std(out2) == want2);
    }
  }
}

TEST_CASE_TEMPLATE("fill writes the value everywhere and fill_n returns first + n", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "fill");
      auto d = to_backend<B>(h);
      tide::fill(B::policy(), d.begin(), d.end(), T(42));
      CAPTURE(n);
      CHECK(to_std(d) == std::vector<T>(n, T(42)));
      auto ret = tide::fill_n(B::policy(), d.begin(), n / 2, T(7));
      CHECK(ret == d.begin() + n / 2);
      std::vector<T> want(n, T(42));
      std::fill_n(want.begin(), n / 2, T(7));
      CHECK(to_std(d) == want);
    }
  });
  typename B::template vector<point> p(1000, tide::no_init);
  tide::fill(B::policy(), p.begin(), p.end(), point{3, -4});
  CHECK(to_std(p) == std::vector<point>(1000, point{3, -4}));
}

TEST_CASE_TEMPLATE("sequence counts from 0, from init, and by step", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      typename B::template vector<T> d(n, tide::no_init);
      std::vector<T> want(n);
      CAPTURE(n);
      tide::sequence(B::policy(), d.begin(), d.end());
      for (std::int64_t i = 0; i < n; ++i) want[i] = static_cast<T>(i);
      CHECK(to_std(d) == want);
      tide::sequence(B::policy(), d.begin(), d.end(), T(5));
      for (std::int64_t i = 0; i < n; ++i) want[i] = static_cast<T>(T(5) + static_cast<T>(i));
      CHECK(to_std(d) == want);
      // Exact in float and double: the step is a power of two.
      T init = std::is_floating_point_v<T> ? T(1.5) : T(3), step = std::is_floating_point_v<T> ? T(0.25) : T(2);
      tide::sequence(B::policy(), d.begin(), d.end(), init, step);
      for (std::int64_t i = 0; i < n; ++i) want[i] = static_cast<T>(init + step * static_cast<T>(i));
      CHECK(to_std(d) == want);
    }
  });
}

TEST_CASE_TEMPLATE("sequence computes in init's type, as Thrust, then converts to the output's", B,
                   TIDE_TEST_BACKENDS) {
  // An int init and step over int64: init + step * i in int, wrapping at 2^31 as Thrust does.
  typename B::template vector<std::int64_t> d(8, tide::no_init);
  tide::sequence(B::policy(), d.begin(), d.end(), 0, 1 << 30);
  std::vector<std::int64_t> want(8);
  for (std::int64_t i = 0; i < 8; ++i)
    want[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(i) << 30);
  CHECK(to_std(d) == want);
  tide::sequence(B::policy(), d.begin(), d.end(), std::int64_t(0), std::int64_t(1) << 30);  // in int64
  for (std::int64_t i = 0; i < 8; ++i) want[i] = i << 30;
  CHECK(to_std(d) == want);
  // Step 1 (its own path: no multiply) wraps the same way: int init past INT_MAX, int8 past 127.
  tide::sequence(B::policy(), d.begin(), d.end(), 2147483645);
  for (std::int64_t i = 0; i < 8; ++i)
    want[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(2147483645) + static_cast<std::uint32_t>(i));
  CHECK(to_std(d) == want);
  CHECK(want[3] == std::numeric_limits<std::int32_t>::min());
  tide::sequence(B::policy(), d.begin(), d.end(), std::int8_t(125), std::int8_t(1));
  for (std::int64_t i = 0; i < 8; ++i) want[i] = static_cast<std::int8_t>(static_cast<std::uint8_t>(125 + i));
  CHECK(to_std(d) == want);
  CHECK(want[3] == -128);
  // A float init and step over doubles: stepped in float.
  const std::int64_t n = 1000;
  typename B::template vector<double> f(n, tide::no_init);
  tide::sequence(B::policy(), f.begin(), f.end(), 0.0f, 0.1f);
  std::vector<double> wantf(n);
  for (std::int64_t i = 0; i < n; ++i) wantf[i] = static_cast<double>(0.0f + 0.1f * static_cast<float>(i));
  CHECK(to_std(f) == wantf);
  CHECK(wantf[3] != 0.1 * 3);  // not what double arithmetic gives
}

TEST_CASE_TEMPLATE("tabulate writes op(index)", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    typename B::template vector<std::int64_t> d(n, tide::no_init);
    tide::tabulate(B::policy(), d.begin(), d.end(), square_index{});
    std::vector<std::int64_t> want(n);
    for (std::int64_t i = 0; i < n; ++i) want[i] = i * i;
    CAPTURE(n);
    CHECK(to_std(d) == want);
  }
}

TEST_CASE_TEMPLATE("copy and copy_n reproduce the input and return the output end", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "copy");
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(n, T(0));
      CAPTURE(n);
      CHECK(tide::copy(B::policy(), d.begin(), d.end(), out.begin()) == out.end());
      CHECK(to_std(out) == h);
      typename B::template vector<T> half(n, T(0));
      CHECK(tide::copy_n(B::policy(), d.begin(), n / 2, half.begin()) == half.begin() + n / 2);
      std::vector<T> want(n, T(0));
      std::copy_n(h.begin(), n / 2, want.begin());
      CHECK(to_std(half) == want);
    }
  });
  auto p = random_points(1000, "copy-point");
  auto dp = to_backend<B>(p);
  typename B::template vector<point> out(1000, tide::no_init);
  tide::copy(B::policy(), dp.begin(), dp.end(), out.begin());
  CHECK(to_std(out) == p);
}

TEST_CASE_TEMPLATE("copy converts between element types", B, TIDE_TEST_BACKENDS) {
  auto h = random_vector<int>(1000, "copy-convert");
  auto d = to_backend<B>(h);
  typename B::template vector<double> out(1000, tide::no_init);
  tide::copy(B::policy(), d.begin(), d.end(), out.begin());
  CHECK(to_std(out) == std::vector<double>(h.begin(), h.end()));
}

TEST_CASE_TEMPLATE("copy reads counting and transform iterators and writes a discard iterator", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    typename B::template vector<std::int64_t> out(n, tide::no_init);
    auto count = tide::make_counting_iterator<std::int64_t>(10);
    tide::copy(B::policy(), count, count + n, out.begin());
    std::vector<std::int64_t> want(n);
    std::iota(want.begin(), want.end(), 10);
    CHECK(to_std(out) == want);
    auto t = tide::make_transform_iterator(count, times2_plus1{});
    tide::copy_n(B::policy(), t, n, out.begin());
    for (auto& x : want) x = 2 * x + 1;
    CHECK(to_std(out) == want);
    auto discard = tide::make_discard_iterator();
    CHECK(tide::copy(B::policy(), out.begin(), out.end(), discard) - discard == n);
  }
}

TEST_CASE_TEMPLATE("copy between the backend's vector and std::vector<bool>, both ways", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    auto h = random_bools(n, "copy-bool");
    typename B::template vector<bool> d(n, false);
    CHECK(tide::copy(h.begin(), h.end(), d.begin()) == d.end());
    std::vector<bool> back(n, false);
    CHECK(tide::copy(d.begin(), d.end(), back.begin()) == back.end());
    CHECK(back == h);
    std::vector<bool> flipped(n);
    for (std::int64_t i = 0; i < n; ++i) flipped[i] = !h[i];
    tide::copy(B::policy(), flipped.begin(), flipped.end(), d.begin());
    tide::copy(B::policy(), d.begin(), d.end(), back.begin());
    CHECK(back == flipped);
  }
}

TEST_CASE("copy without a policy moves data between device_vector, host_vector and std::vector") {
  for (auto n : sizes()) {
    CAPTURE(n);
    auto h = random_vector<double>(n, "copy-across");
    tide::device_vector<double> d(n, 0.0);
    CHECK(tide::copy(h.begin(), h.end(), d.begin()) == d.end());
    std::vector<double> back(n, 0.0);
    CHECK(tide::copy(d.begin(), d.end(), back.begin()) == back.end());
    CHECK(back == h);
    tide::host_vector<double> hv(n, 0.0);
    CHECK(tide::copy_n(d.begin(), n, hv.begin()) == hv.end());
    CHECK(std::vector<double>(hv.begin(), hv.end()) == h);
    tide::device_vector<float> df(n, 0.0f);
    tide::copy(hv.begin(), hv.end(), df.begin());  // converts on the way
    std::vector<float> want(h.begin(), h.end());
    CHECK(to_std(df) == want);
  }
}

TEST_CASE("par writes std::vector<bool> outputs without racing on shared words") {
  std::int64_t n = (1 << 20) + 7;
  auto h = random_vector<int>(n, "par-bool", 0, 9);
  std::vector<bool> out(n, false);
  tide::transform(tide::par, h.begin(), h.end(), out.begin(), is_even{});
  std::vector<bool> want(n);
  for (std::int64_t i = 0; i < n; ++i) want[i] = h[i] % 2 == 0;
  CHECK(out == want);
  tide::fill(tide::par, out.begin(), out.end(), true);
  CHECK(out == std::vector<bool>(n, true));
}

TEST_CASE_TEMPLATE("empty ranges write nothing", B, TIDE_TEST_BACKENDS) {
  std::vector<int> h{1, 2, 3};
  auto d = to_backend<B>(h);
  auto b = d.begin();
  CHECK(tide::for_each(B::policy(), b, b, add_one{}) == b);
  CHECK(tide::for_each_n(B::policy(), b, 0, add_one{}) == b);
  CHECK(tide::transform(B::policy(), b, b, b + 1, times2_plus1{}) == b + 1);
  CHECK(tide::transform(B::policy(), b, b, b, b + 1, tide::plus<>()) == b + 1);
  CHECK(tide::transform_if(B::policy(), b, b, b + 1, times2_plus1{}, above{-1e9}) == b + 1);
  tide::fill(B::policy(), b, b, 9);
  CHECK(tide::fill_n(B::policy(), b, 0, 9) == b);
  tide::sequence(B::policy(), b, b);
  tide::tabulate(B::policy(), b, b, square_index{});
  CHECK(tide::copy(B::policy(), b + 1, b + 1, b) == b);
  CHECK(tide::copy_n(B::policy(), b + 1, 0, b) == b);
  CHECK(to_std(d) == h);
}

TEST_CASE_TEMPLATE("last before first throws std::invalid_argument naming the algorithm", B, TIDE_TEST_BACKENDS) {
  std::vector<int> h(10, 1);
  auto d = to_backend<B>(h);
  typename B::template vector<int> out(10, 0);
  auto first = d.begin(), last = d.end();
  CHECK_THROWS_WITH_AS(tide::for_each(B::policy(), last, first, add_one{}), "tide::for_each: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::transform(B::policy(), last, first, out.begin(), times2_plus1{}),
                       "tide::transform: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::transform(B::policy(), last, first, first, out.begin(), tide::plus<>()),
                       "tide::transform: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::transform_if(B::policy(), last, first, out.begin(), times2_plus1{}, above{0}),
                       "tide::transform_if: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::fill(B::policy(), last, first, 0), "tide::fill: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::sequence(B::policy(), last, first), "tide::sequence: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::tabulate(B::policy(), last, first, square_index{}),
                       "tide::tabulate: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::copy(B::policy(), last, first, out.begin()), "tide::copy: last is before first",
                       std::invalid_argument);
  CHECK(to_std(d) == h);
  CHECK(to_std(out) == std::vector<int>(10, 0));
}

TEST_CASE_TEMPLATE("a negative count throws for fill_n, copy_n and for_each_n", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1);
  typename B::template vector<int> out(10, 0);
  CHECK_THROWS_WITH_AS(tide::fill_n(B::policy(), d.begin(), -1, 0), "tide::fill_n: negative count",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::copy_n(B::policy(), d.begin(), -3, out.begin()), "tide::copy_n: negative count",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::for_each_n(B::policy(), d.begin(), std::int64_t(-1), add_one{}),
                       "tide::for_each_n: negative count", std::invalid_argument);
  CHECK(to_std(d) == std::vector<int>(10, 1));
}

TEST_CASE("the algorithms without a policy pick the system from the iterators") {
  std::vector<int> h(1000);
  tide::sequence(h.begin(), h.end(), 1);
  tide::device_vector<int> d(h.begin(), h.end());
  tide::transform(d.begin(), d.end(), d.begin(), times2_plus1{});
  tide::for_each(d.begin(), d.end(), add_one{});
  std::vector<int> want(1000);
  for (int i = 0; i < 1000; ++i) want[i] = 2 * (i + 1) + 2;
  CHECK(to_std(d) == want);
  tide::fill_n(d.begin(), 10, 0);
  tide::tabulate(d.begin() + 10, d.end(), square_index{});
  CHECK(to_std(d)[20] == 100);
  CHECK(to_std(d)[0] == 0);
}
