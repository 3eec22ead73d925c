// min_element, max_element, minmax_element, all_of, any_of, none_of and equal, on every backend.
#include "common.hpp"

#include <algorithm>

using namespace tide_test;

namespace {
/// The indices the reference expects (Thrust's minmax_element gives the first largest, as max_element;
/// std::minmax_element would give the last).
template <class T, class Comp>
std::int64_t ref_min(const std::vector<T>& v, Comp comp) {
  return std::min_element(v.begin(), v.end(), comp) - v.begin();
}
template <class T, class Comp>
std::int64_t ref_max(const std::vector<T>& v, Comp comp) {
  return std::max_element(v.begin(), v.end(), comp) - v.begin();
}

struct by_y {
  TIDE_HOST_DEVICE bool operator()(const point& a, const point& b) const { return a.y < b.y; }
};
struct is_positive {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& x) const {
    return x > T(0);
  }
};
}  // namespace

// ---- extrema -----------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("min_element, max_element, minmax_element find the first smallest and the first largest", B,
                   TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      // Few distinct values: many ties, so which of them is picked matters.
      auto h = random_vector<T>(n, "extrema", 0, 9);
      if constexpr (std::is_floating_point_v<T>)
        for (auto& x : h) x = std::floor(x);
      auto d = to_backend<B>(h);
      CAPTURE(n);
      std::less<> lt;
      CHECK(tide::min_element(B::policy(), d.begin(), d.end()) - d.begin() == ref_min(h, lt));
      CHECK(tide::max_element(B::policy(), d.begin(), d.end()) - d.begin() == ref_max(h, lt));
      auto mm = tide::minmax_element(B::policy(), d.begin(), d.end());
      CHECK(mm.first - d.begin() == ref_min(h, lt));
      CHECK(mm.second - d.begin() == ref_max(h, lt));
    }
  });
}

TEST_CASE_TEMPLATE("minmax_element with ties returns the first smallest and the first largest, as Thrust", B,
                   TIDE_TEST_BACKENDS) {
  auto d = to_backend<B>(std::vector<int>{3, 1, 3, 1, 2});
  auto mm = tide::minmax_element(B::policy(), d.begin(), d.end());
  CHECK(mm.first - d.begin() == 1);
  CHECK(mm.second - d.begin() == 0);  // std::minmax_element: 2
  for (auto n : sizes()) {
    typename B::template vector<int> same(n, 5);  // every element ties
    auto all = tide::minmax_element(B::policy(), same.begin(), same.end());
    CAPTURE(n);
    CHECK(all.first - same.begin() == 0);
    CHECK(all.second - same.begin() == 0);
  }
  auto g = tide::minmax_element(B::policy(), d.begin(), d.end(), tide::greater<>());  // smallest is 3
  CHECK(g.first - d.begin() == 0);
  CHECK(g.second - d.begin() == 1);
}

TEST_CASE_TEMPLATE("extrema take a comparator", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<int>(n, "extrema-greater", -5, 5);
    auto d = to_backend<B>(h);
    CAPTURE(n);
    std::greater<> gt;
    CHECK(tide::min_element(B::policy(), d.begin(), d.end(), tide::greater<>()) - d.begin() == ref_min(h, gt));
    CHECK(tide::max_element(B::policy(), d.begin(), d.end(), tide::greater<>()) - d.begin() == ref_max(h, gt));
    auto [lo, hi] = tide::minmax_element(B::policy(), d.begin(), d.end(), tide::greater<>());
    CHECK(lo - d.begin() == ref_min(h, gt));
    CHECK(hi - d.begin() == ref_max(h, gt));
  }
}

TEST_CASE_TEMPLATE("extrema of a user struct by a user comparator", B, TIDE_TEST_BACKENDS) {
  std::vector<point> h(5000);
  for (int i = 0; i < 5000; ++i) h[i] = {i, (i * 7919) % 1000};
  auto d = to_backend<B>(h);
  by_y comp;
  CHECK(tide::min_element(B::policy(), d.begin(), d.end(), comp) - d.begin() == ref_min(h, comp));
  CHECK(tide::max_element(B::policy(), d.begin(), d.end(), comp) - d.begin() == ref_max(h, comp));
  CHECK(tide::minmax_element(B::policy(), d.begin(), d.end(), comp).second - d.begin() == ref_max(h, comp));
}

TEST_CASE_TEMPLATE("extrema over a transform_iterator return that iterator", B, TIDE_TEST_BACKENDS) {
  auto h = random_vector<int>(100003, "extrema-transform", -1000, 1000);
  auto d = to_backend<B>(h);
  auto sq = tide::make_transform_iterator(d.begin(), [] TIDE_HOST_DEVICE(int x) { return x * x; });
  std::vector<int> hs(h.size());
  for (std::size_t i = 0; i < h.size(); ++i) hs[i] = h[i] * h[i];
  auto it = tide::min_element(B::policy(), sq, sq + 100003);
  CHECK(it - sq == ref_min(hs, std::less<>()));
  CHECK(*it == *std::min_element(hs.begin(), hs.end()));
  auto first = tide::make_counting_iterator<std::int64_t>(-50000);
  CHECK(*tide::max_element(B::policy(), first, first + 100000) == 49999);
}

TEST_CASE_TEMPLATE("extrema of an empty range return last", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d;
  CHECK(tide::min_element(B::policy(), d.begin(), d.end()) == d.end());
  CHECK(tide::max_element(B::policy(), d.begin(), d.end()) == d.end());
  auto mm = tide::minmax_element(B::policy(), d.begin(), d.end());
  CHECK(mm.first == d.end());
  CHECK(mm.second == d.end());
}

// ---- logical -----------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("all_of, any_of, none_of agree with std at every size", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      // Mostly positive; then all positive; then one non-positive element at a random place.
      auto h = random_vector<T>(n, "logical", 1, 100);
      auto pos = [](T x) { return x > T(0); };
      for (int variant = 0; variant < 3; ++variant) {
        if (variant == 1 && n > 0) h[static_cast<std::size_t>(rng("logical-pos")() % n)] = T(0);
        if (variant == 2)
          for (auto& x : h) x = T(0);
        auto d = to_backend<B>(h);
        CAPTURE(n);
        CAPTURE(variant);
        CHECK(tide::all_of(B::policy(), d.begin(), d.end(), is_positive{}) == std::all_of(h.begin(), h.end(), pos));
        CHECK(tide::any_of(B::policy(), d.begin(), d.end(), is_positive{}) == std::any_of(h.begin(), h.end(), pos));
        CHECK(tide::none_of(B::policy(), d.begin(), d.end(), is_positive{}) ==
              std::none_of(h.begin(), h.end(), pos));
      }
    }
  });
}

TEST_CASE_TEMPLATE("equal finds a single difference at every size", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto a = random_vector<T>(n, "equal", 0, 1000);
      auto b = a;
      auto da = to_backend<B>(a);
      auto db = to_backend<B>(b);
      CAPTURE(n);
      CHECK(tide::equal(B::policy(), da.begin(), da.end(), db.begin()));
      if (n == 0) continue;
      b[static_cast<std::size_t>(rng("equal-at")() % n)] += T(1);
      db = to_backend<B>(b);
      CHECK_FALSE(tide::equal(B::policy(), da.begin(), da.end(), db.begin()));
    }
  });
}

TEST_CASE_TEMPLATE("equal takes a predicate and iterator adaptors", B, TIDE_TEST_BACKENDS) {
  auto h = random_vector<int>(10007, "equal-pred", -100, 100);
  auto d = to_backend<B>(h);
  auto neg = tide::make_transform_iterator(d.begin(), tide::negate<int>());
  auto opposite = [] TIDE_HOST_DEVICE(int x, int y) { return x == -y; };
  CHECK(tide::equal(B::policy(), d.begin(), d.end(), neg, opposite));
  // x == -x only for zeros.
  CHECK(tide::equal(B::policy(), d.begin(), d.end(), d.begin(), opposite) ==
        std::all_of(h.begin(), h.end(), [](int x) { return x == 0; }));
  auto first = tide::make_counting_iterator(0);
  CHECK(tide::equal(B::policy(), first, first + 1000, tide::make_counting_iterator(0)));
  typename B::template vector<int> empty;
  CHECK(tide::equal(B::policy(), empty.begin(), empty.end(), d.begin()));
  CHECK(tide::all_of(B::policy(), empty.begin(), empty.end(), is_positive{}));
  CHECK_FALSE(tide::any_of(B::policy(), empty.begin(), empty.end(), is_positive{}));
  CHECK(tide::none_of(B::policy(), empty.begin(), empty.end(), is_positive{}));
}

// ---- errors and system selection ---------------------------------------------------------------

TEST_CASE_TEMPLATE("extrema and logical with last before first throw naming the algorithm", B,
                   TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1);
  CHECK_THROWS_WITH_AS(tide::min_element(B::policy(), d.end(), d.begin()), "tide::min_element: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::max_element(B::policy(), d.end(), d.begin()), "tide::max_element: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::minmax_element(B::policy(), d.end(), d.begin()),
                       "tide::minmax_element: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::all_of(B::policy(), d.end(), d.begin(), is_positive{}),
                       "tide::all_of: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::any_of(B::policy(), d.end(), d.begin(), is_positive{}),
                       "tide::any_of: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::none_of(B::policy(), d.end(), d.begin(), is_positive{}),
                       "tide::none_of: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::equal(B::policy(), d.end(), d.begin(), d.begin()), "tide::equal: last is before first",
                       std::invalid_argument);
}

TEST_CASE("extrema and logical without a policy pick the system from the iterators") {
  std::vector<int> h{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5};
  CHECK(tide::min_element(h.begin(), h.end()) - h.begin() == 1);
  CHECK(tide::max_element(h.begin(), h.end()) - h.begin() == 5);
  tide::device_vector<int> d(h.begin(), h.end());
  auto mm = tide::minmax_element(d.begin(), d.end());
  CHECK(mm.first - d.begin() == 1);
  CHECK(mm.second - d.begin() == 5);
  CHECK(tide::all_of(d.begin(), d.end(), is_positive{}));
  CHECK_FALSE(tide::none_of(d.begin(), d.end(), is_positive{}));
  tide::device_vector<int> d2(h.begin(), h.end());
  CHECK(tide::equal(d.begin(), d.end(), d2.begin()));
  CHECK(tide::equal(h.begin(), h.end(), h.begin()));
}
