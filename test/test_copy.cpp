// copy_if, remove_if, remove, remove_copy_if, remove_copy, unique and unique_copy on every backend,
// against std:: algorithms on std::vector.
#include <algorithm>
#include <numeric>

#include "common.hpp"

using namespace tide_test;

namespace {

struct x_is_one {
  TIDE_HOST_DEVICE bool operator()(const point& p) const { return p.x == 1; }
};
struct same_tens {  // an equivalence: neighbours in the same block of ten are equal
  TIDE_HOST_DEVICE bool operator()(int a, int b) const { return a / 10 == b / 10; }
};
struct first_is_even {
  template <class Tuple>
  TIDE_HOST_DEVICE bool operator()(const Tuple& t) const { return tide::get<0>(t) % 2 == 0; }
};
struct nonzero_value {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x != T(0); }
};
struct below_fifty {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x < T(50); }
};
struct negate_int {
  TIDE_HOST_DEVICE int operator()(int x) const { return -x; }
};

/// n values of T drawn from {0, 1, 2}: long runs of equal neighbours for unique.
template <class T>
std::vector<T> runs(std::int64_t n, const std::string& salt) {
  auto v = random_vector<int>(n, salt, 0, 2);
  return std::vector<T>(v.begin(), v.end());
}

/// Thrust's unique: keeps element i when i == 0 or !pred(in[i-1], in[i]) (neighbours in the input).
template <class T, class Pred>
std::vector<T> reference_unique(const std::vector<T>& in, Pred pred) {
  std::vector<T> out;
  for (std::size_t i = 0; i < in.size(); ++i)
    if (i == 0 || !pred(in[i - 1], in[i])) out.push_back(in[i]);
  return out;
}

}  // namespace

TEST_CASE_TEMPLATE("copy_if matches std::copy_if for every type and size", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "copy_if", 0, 1000);
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(n, T(7));
      auto end = tide::copy_if(B::policy(), d.begin(), d.end(), out.begin(), above{500});
      std::vector<T> want(n, T(7));
      auto want_end = std::copy_if(h.begin(), h.end(), want.begin(), above{500});
      CAPTURE(n);
      CHECK(end - out.begin() == want_end - want.begin());
      CHECK(to_std(out) == want);  // the slots past the end are untouched
    }
  });
}

TEST_CASE_TEMPLATE("copy_if with a stencil keeps the elements whose stencil passes", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "copy_if-stencil");
      auto s = random_vector<int>(n, "copy_if-stencil-s", 0, 9);
      auto d = to_backend<B>(h);
      auto ds = to_backend<B>(s);
      typename B::template vector<T> out(n, T(0));
      auto end = tide::copy_if(B::policy(), d.begin(), d.end(), ds.begin(), out.begin(), is_even{});
      std::vector<T> want;
      for (std::int64_t i = 0; i < n; ++i)
        if (s[i] % 2 == 0) want.push_back(h[i]);
      CAPTURE(n);
      REQUIRE(end - out.begin() == static_cast<std::int64_t>(want.size()));
      auto got = to_std(out);
      CHECK(std::vector<T>(got.begin(), got.begin() + want.size()) == want);
    }
  });
}

TEST_CASE_TEMPLATE("copy_if and remove_if, by a predicate and by a stencil of the items' width, are right at every "
                   "output offset and in place, past a million items",
                   B, TIDE_TEST_BACKENDS) {
  // On CUDA, 2^23 + 5 items take the staged tiles, whose warps write their kept items as one range
  // each (by a stencil, and by a predicate on 4-byte items, ranked a row at a time), through 16-byte
  // stores between a scalar head and tail: the output offsets 0-3 put that head at every phase, and
  // remove_if writes over its own input.
  const std::int64_t n = std::getenv("TIDE_TEST_SMALL") ? 4099 : (1 << 23) + 5;
  auto one_type = [&](auto tag) {
    using T = decltype(tag);
    CAPTURE(sizeof(T));
    const auto h = random_vector<T>(n, "copy_if-wide", 0, 100);
    const auto bits = random_vector<int>(n, "copy_if-wide-s", 0, 1);
    const std::vector<T> s(bits.begin(), bits.end());
    std::vector<T> kept, dropped, low, high;  // by the stencil; by the predicate
    for (std::int64_t i = 0; i < n; ++i) {
      (s[i] != T(0) ? kept : dropped).push_back(h[i]);
      (below_fifty{}(h[i]) ? low : high).push_back(h[i]);
    }
    const auto d = to_backend<B>(h);
    const auto ds = to_backend<B>(s);
    for (int offset = 0; offset < 4; ++offset) {
      CAPTURE(offset);
      auto written_at_offset = [&](auto&& call, const std::vector<T>& selected) {
        typename B::template vector<T> out(n + 4, T(7));
        auto end = call(out.begin() + offset);
        REQUIRE(end - out.begin() == offset + static_cast<std::int64_t>(selected.size()));
        std::vector<T> want(n + 4, T(7));
        std::copy(selected.begin(), selected.end(), want.begin() + offset);
        CHECK(to_std(out) == want);  // nothing before the offset or past the end written
      };
      written_at_offset(
          [&](auto to) { return tide::copy_if(B::policy(), d.begin(), d.end(), ds.begin(), to, nonzero_value{}); },
          kept);
      written_at_offset([&](auto to) { return tide::copy_if(B::policy(), d.begin(), d.end(), to, below_fifty{}); },
                        low);
    }
    auto removed_in_place = [&](auto&& call, const std::vector<T>& left) {
      auto v = to_backend<B>(h);
      auto end = call(v);
      REQUIRE(end - v.begin() == static_cast<std::int64_t>(left.size()));
      auto got = to_std(v);
      CHECK(std::vector<T>(got.begin(), got.begin() + left.size()) == left);
    };
    removed_in_place(
        [&](auto& v) { return tide::remove_if(B::policy(), v.begin(), v.end(), ds.begin(), nonzero_value{}); },
        dropped);
    removed_in_place([&](auto& v) { return tide::remove_if(B::policy(), v.begin(), v.end(), below_fifty{}); }, high);
  };
  one_type(std::uint8_t{});
  one_type(std::int16_t{});
  one_type(std::uint32_t{});
  one_type(std::int32_t{});
  one_type(std::uint64_t{});
  one_type(float{});
}

TEST_CASE_TEMPLATE("copy_if keeps the input order of equal-looking user structs", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto keys = random_vector<int>(n, "copy_if-stable", 0, 2);
    std::vector<point> h(n);
    for (std::int64_t i = 0; i < n; ++i) h[i] = {keys[i], static_cast<int>(i)};
    auto d = to_backend<B>(h);
    typename B::template vector<point> out(n);  // partly written: initialized, as the whole is copied back
    auto end = tide::copy_if(B::policy(), d.begin(), d.end(), out.begin(), x_is_one{});
    std::vector<point> want;
    std::copy_if(h.begin(), h.end(), std::back_inserter(want), x_is_one{});
    CAPTURE(n);
    REQUIRE(end - out.begin() == static_cast<std::int64_t>(want.size()));
    auto got = to_std(out);
    CHECK(std::vector<point>(got.begin(), got.begin() + want.size()) == want);
  }
}

TEST_CASE_TEMPLATE("copy_if reads counting and zip iterators and writes discard, transform_output and zip iterators",
                   B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    auto count = tide::make_counting_iterator<int>(0);
    typename B::template vector<int> out(n, 0);
    auto end = tide::copy_if(B::policy(), count, count + n, out.begin(), is_even{});
    std::int64_t evens = (n + 1) / 2;
    CHECK(end - out.begin() == evens);
    std::vector<int> want(n, 0);
    for (std::int64_t i = 0; i < evens; ++i) want[i] = static_cast<int>(2 * i);
    CHECK(to_std(out) == want);

    auto discard = tide::make_discard_iterator();
    CHECK(tide::copy_if(B::policy(), count, count + n, discard, is_even{}) - discard == evens);

    auto neg = tide::make_transform_output_iterator(out.begin(), negate_int{});
    tide::copy_if(B::policy(), count, count + n, neg, is_even{});
    for (std::int64_t i = 0; i < evens; ++i) want[i] = static_cast<int>(-2 * i);
    CHECK(to_std(out) == want);

    auto a = random_vector<int>(n, "copy_if-zip-a", 0, 100);
    auto b = random_vector<double>(n, "copy_if-zip-b");
    auto da = to_backend<B>(a);
    auto db = to_backend<B>(b);
    typename B::template vector<int> oa(n, 0);
    typename B::template vector<double> ob(n, 0.0);
    auto zin = tide::make_zip_iterator(da.begin(), db.begin());
    auto zout = tide::make_zip_iterator(oa.begin(), ob.begin());
    auto zend = tide::copy_if(B::policy(), zin, zin + n, zout, first_is_even{});
    std::vector<int> want_a(n, 0);
    std::vector<double> want_b(n, 0.0);
    std::int64_t k = 0;
    for (std::int64_t i = 0; i < n; ++i)
      if (a[i] % 2 == 0) want_a[k] = a[i], want_b[k] = b[i], ++k;
    CHECK(zend - zout == k);
    CHECK(to_std(oa) == want_a);
    CHECK(to_std(ob) == want_b);
  }
}

TEST_CASE_TEMPLATE("remove_if in place matches std::remove_if and returns the new end", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "remove_if", 0, 1000);
      auto d = to_backend<B>(h);
      auto end = tide::remove_if(B::policy(), d.begin(), d.end(), above{300});
      auto want_end = std::remove_if(h.begin(), h.end(), above{300});
      std::int64_t k = want_end - h.begin();
      CAPTURE(n);
      REQUIRE(end - d.begin() == k);
      auto got = to_std(d);
      CHECK(std::vector<T>(got.begin(), got.begin() + k) == std::vector<T>(h.begin(), want_end));
    }
  });
}

TEST_CASE_TEMPLATE("remove_if with a stencil removes the elements whose stencil passes", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<double>(n, "remove_if-stencil");
    auto s = random_vector<int>(n, "remove_if-stencil-s", 0, 9);
    auto d = to_backend<B>(h);
    auto ds = to_backend<B>(s);
    auto end = tide::remove_if(B::policy(), d.begin(), d.end(), ds.begin(), is_even{});
    std::vector<double> want;
    for (std::int64_t i = 0; i < n; ++i)
      if (s[i] % 2 != 0) want.push_back(h[i]);
    CAPTURE(n);
    REQUIRE(end - d.begin() == static_cast<std::int64_t>(want.size()));
    auto got = to_std(d);
    CHECK(std::vector<double>(got.begin(), got.begin() + want.size()) == want);
    CHECK(to_std(ds) == s);
  }
}

TEST_CASE_TEMPLATE("remove_if over a zip iterator compacts both ranges together", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto a = random_vector<int>(n, "remove_if-zip-a", 0, 100);
    auto b = random_vector<float>(n, "remove_if-zip-b");
    auto da = to_backend<B>(a);
    auto db = to_backend<B>(b);
    auto z = tide::make_zip_iterator(da.begin(), db.begin());
    auto end = tide::remove_if(B::policy(), z, z + n, first_is_even{});
    std::vector<int> want_a;
    std::vector<float> want_b;
    for (std::int64_t i = 0; i < n; ++i)
      if (a[i] % 2 != 0) want_a.push_back(a[i]), want_b.push_back(b[i]);
    std::int64_t k = static_cast<std::int64_t>(want_a.size());
    CAPTURE(n);
    REQUIRE(end - z == k);
    auto ga = to_std(da);
    auto gb = to_std(db);
    CHECK(std::vector<int>(ga.begin(), ga.begin() + k) == want_a);
    CHECK(std::vector<float>(gb.begin(), gb.begin() + k) == want_b);
  }
}

TEST_CASE_TEMPLATE("remove and remove_copy drop the elements equal to a value", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<std::int64_t>(n, "remove", 0, 3);
    auto d = to_backend<B>(h);
    typename B::template vector<std::int64_t> out(n, -1);
    auto out_end = tide::remove_copy(B::policy(), d.begin(), d.end(), out.begin(), std::int64_t(2));
    auto end = tide::remove(B::policy(), d.begin(), d.end(), std::int64_t(2));
    std::vector<std::int64_t> want;
    std::remove_copy(h.begin(), h.end(), std::back_inserter(want), 2);
    std::int64_t k = static_cast<std::int64_t>(want.size());
    CAPTURE(n);
    REQUIRE(end - d.begin() == k);
    REQUIRE(out_end - out.begin() == k);
    auto got = to_std(d);
    CHECK(std::vector<std::int64_t>(got.begin(), got.begin() + k) == want);
    want.resize(n, -1);
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("remove_copy_if with and without a stencil leaves the input alone", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "remove_copy_if", 0, 1000);
      auto s = random_vector<int>(n, "remove_copy_if-s", 0, 9);
      auto d = to_backend<B>(h);
      auto ds = to_backend<B>(s);
      typename B::template vector<T> out(n, T(0));
      CAPTURE(n);
      auto end = tide::remove_copy_if(B::policy(), d.begin(), d.end(), out.begin(), above{500});
      std::vector<T> want(n, T(0));
      auto want_end = std::remove_copy_if(h.begin(), h.end(), want.begin(), above{500});
      CHECK(end - out.begin() == want_end - want.begin());
      CHECK(to_std(out) == want);

      end = tide::remove_copy_if(B::policy(), d.begin(), d.end(), ds.begin(), out.begin(), is_even{});
      std::vector<T> want_s;
      for (std::int64_t i = 0; i < n; ++i)
        if (s[i] % 2 != 0) want_s.push_back(h[i]);
      REQUIRE(end - out.begin() == static_cast<std::int64_t>(want_s.size()));
      auto got = to_std(out);
      CHECK(std::vector<T>(got.begin(), got.begin() + want_s.size()) == want_s);
      CHECK(to_std(d) == h);
    }
  });
}

TEST_CASE_TEMPLATE("unique in place keeps the first of each run of equal elements", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = runs<T>(n, "unique");
      auto d = to_backend<B>(h);
      auto end = tide::unique(B::policy(), d.begin(), d.end());
      auto want_end = std::unique(h.begin(), h.end());
      std::int64_t k = want_end - h.begin();
      CAPTURE(n);
      REQUIRE(end - d.begin() == k);
      auto got = to_std(d);
      CHECK(std::vector<T>(got.begin(), got.begin() + k) == std::vector<T>(h.begin(), want_end));
    }
  });
}

TEST_CASE_TEMPLATE("unique with a binary predicate compares input neighbours", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<int>(n, "unique-pred", 0, 100000);
    std::sort(h.begin(), h.end());
    auto d = to_backend<B>(h);
    auto want = reference_unique(h, same_tens{});
    auto end = tide::unique(B::policy(), d.begin(), d.end(), same_tens{});
    std::int64_t k = static_cast<std::int64_t>(want.size());
    CAPTURE(n);
    REQUIRE(end - d.begin() == k);
    auto got = to_std(d);
    CHECK(std::vector<int>(got.begin(), got.begin() + k) == want);
  }
}

TEST_CASE_TEMPLATE("unique_copy with and without a predicate", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = runs<T>(n, "unique_copy");
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(n, T(9));
      auto end = tide::unique_copy(B::policy(), d.begin(), d.end(), out.begin());
      std::vector<T> want(n, T(9));
      auto want_end = std::unique_copy(h.begin(), h.end(), want.begin());
      CAPTURE(n);
      CHECK(end - out.begin() == want_end - want.begin());
      CHECK(to_std(out) == want);
      CHECK(to_std(d) == h);
    }
  });
  for (auto n : sizes()) {
    auto h = random_vector<int>(n, "unique_copy-pred", 0, 100000);
    std::sort(h.begin(), h.end());
    auto d = to_backend<B>(h);
    typename B::template vector<int> out(n);  // partly written: initialized, as the whole is copied back
    auto want = reference_unique(h, same_tens{});
    auto end = tide::unique_copy(B::policy(), d.begin(), d.end(), out.begin(), same_tens{});
    CAPTURE(n);
    REQUIRE(end - out.begin() == static_cast<std::int64_t>(want.size()));
    auto got = to_std(out);
    CHECK(std::vector<int>(got.begin(), got.begin() + want.size()) == want);
    auto discard = tide::make_discard_iterator();
    CHECK(tide::unique_copy(B::policy(), d.begin(), d.end(), discard, same_tens{}) - discard ==
          static_cast<std::int64_t>(want.size()));
  }
}

TEST_CASE_TEMPLATE("unique_copy keeps one of each run of user structs", B, TIDE_TEST_BACKENDS) {
  auto keys = runs<int>(1000, "unique-point");
  std::vector<point> h(1000);
  for (int i = 0; i < 1000; ++i) h[i] = {keys[i], -keys[i]};
  auto d = to_backend<B>(h);
  typename B::template vector<point> out(1000);  // partly written: initialized, as the whole is copied back
  auto end = tide::unique_copy(B::policy(), d.begin(), d.end(), out.begin());
  std::vector<point> want;
  std::unique_copy(h.begin(), h.end(), std::back_inserter(want));
  REQUIRE(end - out.begin() == static_cast<std::int64_t>(want.size()));
  auto got = to_std(out);
  CHECK(std::vector<point>(got.begin(), got.begin() + want.size()) == want);
}

TEST_CASE_TEMPLATE("compaction of an empty range writes nothing and returns its start", B, TIDE_TEST_BACKENDS) {
  std::vector<int> h{1, 2, 3};
  auto d = to_backend<B>(h);
  auto b = d.begin();
  CHECK(tide::copy_if(B::policy(), b, b, b + 1, is_even{}) == b + 1);
  CHECK(tide::copy_if(B::policy(), b, b, b, b + 1, is_even{}) == b + 1);
  CHECK(tide::remove_if(B::policy(), b, b, is_even{}) == b);
  CHECK(tide::remove_copy_if(B::policy(), b, b, b + 1, is_even{}) == b + 1);
  CHECK(tide::unique(B::policy(), b, b) == b);
  CHECK(tide::unique_copy(B::policy(), b, b, b + 1) == b + 1);
  CHECK(to_std(d) == h);
}

TEST_CASE_TEMPLATE("compaction with last before first throws naming the algorithm and changes nothing", B,
                   TIDE_TEST_BACKENDS) {
  std::vector<int> h{1, 2, 2, 3, 4, 4};
  auto d = to_backend<B>(h);
  typename B::template vector<int> out(6, 0);
  auto first = d.begin(), last = d.end();
  CHECK_THROWS_WITH_AS(tide::copy_if(B::policy(), last, first, out.begin(), is_even{}),
                       "tide::copy_if: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::remove_if(B::policy(), last, first, is_even{}), "tide::remove_if: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::remove(B::policy(), last, first, 2), "tide::remove: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::remove_copy_if(B::policy(), last, first, out.begin(), is_even{}),
                       "tide::remove_copy_if: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::unique(B::policy(), last, first), "tide::unique: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::unique_copy(B::policy(), last, first, out.begin()),
                       "tide::unique_copy: last is before first", std::invalid_argument);
  CHECK(to_std(d) == h);
  CHECK(to_std(out) == std::vector<int>(6, 0));
}

TEST_CASE("compaction without a policy picks the system from the iterators") {
  std::vector<int> h(1000);
  std::iota(h.begin(), h.end(), 0);
  tide::device_vector<int> d(h.begin(), h.end());
  tide::device_vector<int> out(1000, 0);
  CHECK(tide::copy_if(d.begin(), d.end(), out.begin(), is_even{}) - out.begin() == 500);
  CHECK(tide::remove_if(d.begin(), d.end(), is_even{}) - d.begin() == 500);
  CHECK(to_std(d)[0] == 1);
  std::vector<int> host_out(1000);
  CHECK(tide::unique_copy(h.begin(), h.end(), host_out.begin(), same_tens{}) - host_out.begin() == 100);
  CHECK(host_out[1] == 10);
}

TEST_CASE("copy_if with par into std::vector<bool> writes every bit") {
  std::int64_t n = (1 << 20) + 7;
  auto h = random_vector<int>(n, "copy_if-bool", 0, 9);
  std::vector<bool> out(n, false);
  auto end = tide::copy_if(tide::par, h.begin(), h.end(), h.begin(), out.begin(), is_even{});
  std::vector<bool> want(n, false);
  std::int64_t k = 0;
  for (std::int64_t i = 0; i < n; ++i)
    if (h[i] % 2 == 0) want[k++] = h[i] != 0;  // ints convert to bool
  CHECK(end - out.begin() == k);
  CHECK(out == want);
}
