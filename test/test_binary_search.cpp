// lower_bound, upper_bound and binary_search, scalar and vectorized, on every backend.
#include "common.hpp"

#include <algorithm>

using namespace tide_test;

namespace {
/// A sorted haystack with duplicates (steps of 0 or 1, so no sort is needed), and needles both
/// inside and past its range.
template <class T>
void make_inputs(std::int64_t n, const std::string& salt, std::vector<T>& haystack, std::vector<T>& needles) {
  auto steps = random_vector<int>(n, salt, 0, 1);
  haystack.resize(static_cast<std::size_t>(n));
  T x = T(3);
  for (std::int64_t i = 0; i < n; ++i) haystack[i] = x += T(steps[i]);
  // Enough needles for a parallel transform, few enough for an unoptimized build.
  double top = static_cast<double>(n > 0 ? haystack.back() : T(0)) + 10;
  needles = random_vector<T>(std::clamp<std::int64_t>(n, 100, 50000), salt + "-needles", 0, top);
  if constexpr (std::is_floating_point_v<T>)
    for (auto& v : needles) v = std::floor(v);
}

struct by_x_desc {
  TIDE_HOST_DEVICE bool operator()(const point& a, const point& b) const { return a.x > b.x; }
};
}  // namespace

TEST_CASE_TEMPLATE("vectorized lower_bound, upper_bound, binary_search agree with std", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      std::vector<T> hay, needles;
      make_inputs(n, "search", hay, needles);
      const std::size_t m = needles.size();
      std::vector<std::int64_t> want_lo(m), want_hi(m);
      std::vector<bool> want_found(m);
      for (std::size_t i = 0; i < m; ++i) {
        want_lo[i] = std::lower_bound(hay.begin(), hay.end(), needles[i]) - hay.begin();
        want_hi[i] = std::upper_bound(hay.begin(), hay.end(), needles[i]) - hay.begin();
        want_found[i] = std::binary_search(hay.begin(), hay.end(), needles[i]);
      }
      auto dh = to_backend<B>(hay);
      auto dn = to_backend<B>(needles);
      typename B::template vector<std::int64_t> out(m, tide::no_init);
      typename B::template vector<bool> found(m, tide::no_init);
      CAPTURE(n);
      CHECK(tide::lower_bound(B::policy(), dh.begin(), dh.end(), dn.begin(), dn.end(), out.begin()) == out.end());
      CHECK(to_std(out) == want_lo);
      CHECK(tide::upper_bound(B::policy(), dh.begin(), dh.end(), dn.begin(), dn.end(), out.begin()) == out.end());
      CHECK(to_std(out) == want_hi);
      CHECK(tide::binary_search(B::policy(), dh.begin(), dh.end(), dn.begin(), dn.end(), found.begin()) ==
            found.end());
      CHECK(to_std(found) == want_found);
    }
  });
}

TEST_CASE_TEMPLATE("scalar lower_bound, upper_bound, binary_search agree with std", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      std::vector<T> hay, needles;
      make_inputs(n, "search-scalar", hay, needles);
      auto dh = to_backend<B>(hay);
      CAPTURE(n);
      int bad = 0;
      for (std::size_t i = 0; i < 20; ++i) {
        T v = needles[i];
        bad += tide::lower_bound(B::policy(), dh.begin(), dh.end(), v) - dh.begin() !=
               std::lower_bound(hay.begin(), hay.end(), v) - hay.begin();
        bad += tide::upper_bound(B::policy(), dh.begin(), dh.end(), v) - dh.begin() !=
               std::upper_bound(hay.begin(), hay.end(), v) - hay.begin();
        bad += tide::binary_search(B::policy(), dh.begin(), dh.end(), v) !=
               std::binary_search(hay.begin(), hay.end(), v);
      }
      if (n > 0) {  // every element present, both ends of the range
        bad += !tide::binary_search(B::policy(), dh.begin(), dh.end(), hay.front());
        bad += !tide::binary_search(B::policy(), dh.begin(), dh.end(), hay.back());
        bad += tide::lower_bound(B::policy(), dh.begin(), dh.end(), hay.front()) != dh.begin();
        bad += tide::upper_bound(B::policy(), dh.begin(), dh.end(), hay.back()) != dh.end();
      }
      CHECK(bad == 0);
    }
  });
}

TEST_CASE_TEMPLATE("searches take a comparator for a range sorted another way", B, TIDE_TEST_BACKENDS) {
  std::vector<point> hay(3000);
  for (int i = 0; i < 3000; ++i) hay[i] = {(2999 - i) / 3, i};  // x descending, each three times
  auto dh = to_backend<B>(hay);
  std::vector<point> needles{{-1, 0}, {0, 0}, {500, 0}, {999, 0}, {1000, 0}};
  auto dn = to_backend<B>(needles);
  typename B::template vector<int> out(5, tide::no_init);
  tide::lower_bound(B::policy(), dh.begin(), dh.end(), dn.begin(), dn.end(), out.begin(), by_x_desc{});
  CHECK(to_std(out) == std::vector<int>{3000, 2997, 1497, 0, 0});
  tide::upper_bound(B::policy(), dh.begin(), dh.end(), dn.begin(), dn.end(), out.begin(), by_x_desc{});
  CHECK(to_std(out) == std::vector<int>{3000, 3000, 1500, 3, 0});
  CHECK(tide::lower_bound(B::policy(), dh.begin(), dh.end(), point{500, 0}, by_x_desc{}) - dh.begin() == 1497);
  CHECK(tide::upper_bound(B::policy(), dh.begin(), dh.end(), point{500, 0}, by_x_desc{}) - dh.begin() == 1500);
  CHECK(tide::binary_search(B::policy(), dh.begin(), dh.end(), point{500, 7}, by_x_desc{}));
  CHECK_FALSE(tide::binary_search(B::policy(), dh.begin(), dh.end(), point{1000, 0}, by_x_desc{}));

  auto desc = to_backend<B>(std::vector<int>{9, 7, 7, 5, 1});
  CHECK(tide::lower_bound(B::policy(), desc.begin(), desc.end(), 7, tide::greater<>()) - desc.begin() == 1);
  CHECK(tide::upper_bound(B::policy(), desc.begin(), desc.end(), 7, tide::greater<>()) - desc.begin() == 3);
  CHECK_FALSE(tide::binary_search(B::policy(), desc.begin(), desc.end(), 6, tide::greater<>()));
}

TEST_CASE_TEMPLATE("searches read and write through iterator adaptors", B, TIDE_TEST_BACKENDS) {
  // The haystack 0, 2, 4, ... as a transform of a counting iterator; the needles a counting
  // iterator; indices written negated through a transform_output_iterator.
  const std::int64_t n = 100000, m = 1000;
  auto evens = tide::make_transform_iterator(tide::make_counting_iterator<std::int64_t>(0),
                                             [] TIDE_HOST_DEVICE(std::int64_t i) { return 2 * i; });
  auto needles = tide::make_counting_iterator<std::int64_t>(-10);
  typename B::template vector<std::int64_t> out(m, tide::no_init);
  auto neg = tide::make_transform_output_iterator(out.begin(), tide::negate<std::int64_t>());
  tide::lower_bound(B::policy(), evens, evens + n, needles, needles + m, neg);
  auto got = to_std(out);
  bool ok = true;
  for (std::int64_t i = 0; i < m; ++i) {
    std::int64_t v = i - 10;
    ok = ok && got[i] == -(v <= 0 ? 0 : (v + 1) / 2);
  }
  CHECK(ok);
  CHECK(tide::lower_bound(B::policy(), evens, evens + n, std::int64_t(1001)) - evens == 501);
  CHECK(tide::binary_search(B::policy(), evens, evens + n, std::int64_t(1000)));
  CHECK_FALSE(tide::binary_search(B::policy(), evens, evens + n, std::int64_t(1001)));
}

TEST_CASE_TEMPLATE("searches of an empty range or no values", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> empty, values(3, 5), out(3, -1);
  CHECK(tide::lower_bound(B::policy(), empty.begin(), empty.end(), 5) == empty.end());
  CHECK(tide::upper_bound(B::policy(), empty.begin(), empty.end(), 5) == empty.end());
  CHECK_FALSE(tide::binary_search(B::policy(), empty.begin(), empty.end(), 5));
  tide::lower_bound(B::policy(), empty.begin(), empty.end(), values.begin(), values.end(), out.begin());
  CHECK(to_std(out) == std::vector<int>{0, 0, 0});
  CHECK(tide::upper_bound(B::policy(), values.begin(), values.end(), empty.begin(), empty.end(), out.begin()) ==
        out.begin());
}

TEST_CASE_TEMPLATE("searches with last before first throw naming the algorithm", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1), out(10, 0);
  CHECK_THROWS_WITH_AS(tide::lower_bound(B::policy(), d.end(), d.begin(), 1), "tide::lower_bound: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::upper_bound(B::policy(), d.end(), d.begin(), 1), "tide::upper_bound: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::binary_search(B::policy(), d.end(), d.begin(), 1),
                       "tide::binary_search: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::lower_bound(B::policy(), d.begin(), d.end(), d.end(), d.begin(), out.begin()),
                       "tide::lower_bound: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::binary_search(B::policy(), d.end(), d.begin(), d.begin(), d.end(), out.begin()),
                       "tide::binary_search: last is before first", std::invalid_argument);
  CHECK(to_std(out) == std::vector<int>(10, 0));
}

TEST_CASE("searches without a policy pick the system from the iterators") {
  std::vector<int> h{1, 3, 3, 5, 8};
  CHECK(tide::lower_bound(h.begin(), h.end(), 3) - h.begin() == 1);
  CHECK(tide::upper_bound(h.begin(), h.end(), 3) - h.begin() == 3);
  CHECK(tide::binary_search(h.begin(), h.end(), 8));
  tide::device_vector<int> d(h.begin(), h.end()), v(std::vector<int>{0, 3, 9}), out(3);
  tide::upper_bound(d.begin(), d.end(), v.begin(), v.end(), out.begin());
  CHECK(to_std(out) == std::vector<int>{0, 3, 5});
  CHECK(tide::lower_bound(d.begin(), d.end(), 5) - d.begin() == 3);
  CHECK_FALSE(tide::binary_search(d.begin(), d.end(), 4));
}
