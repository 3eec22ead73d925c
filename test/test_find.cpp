// find, find_if, find_if_not, mismatch, is_sorted, is_sorted_until, partition_point,
// is_partitioned and equal_range, on every backend, against the standard library.
#include "common.hpp"

#include <algorithm>
#include <cmath>

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <tide/backend/cuda/find.hpp>
#include <tide/backend/cuda/path_boundaries.hpp>
#endif

using namespace tide_test;

namespace {
/// Items in one warp slice of the CUDA search for elements of `bytes` (its unit of work and the
/// step of its early exit), and in one block (8 slices), for find_if and mismatch or (adjacent)
/// is_sorted_until; the same numbers on the host builds.
constexpr std::int64_t slice_items(std::size_t bytes, bool adjacent = false) {
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  namespace cd = tide::backend::cuda::detail;
  constexpr auto adj = cd::find_mode::adjacent;
  switch (bytes) {
    case 1: return adjacent ? cd::find_tuning<1, adj>::slice_items : cd::find_tuning<1>::slice_items;
    case 2: return adjacent ? cd::find_tuning<2, adj>::slice_items : cd::find_tuning<2>::slice_items;
    case 4: return adjacent ? cd::find_tuning<4, adj>::slice_items : cd::find_tuning<4>::slice_items;
    case 8: return adjacent ? cd::find_tuning<8, adj>::slice_items : cd::find_tuning<8>::slice_items;
    default: return adjacent ? cd::find_tuning<16, adj>::slice_items : cd::find_tuning<16>::slice_items;
  }
#else
  return 32 * (bytes <= 2 ? 32 : bytes <= 4 ? (adjacent ? 32 : 16) : bytes <= 8 ? 8 : 4);
#endif
}

/// Positions around the CUDA search's slice and block boundaries below n, and the ends.
std::vector<std::int64_t> boundary_positions(std::int64_t n, std::size_t bytes, bool adjacent = false) {
  const std::int64_t slice = slice_items(bytes, adjacent);
  std::vector<std::int64_t> p{0, 1, n / 2, n - 2, n - 1};
  for (std::int64_t k : {1, 2, 3, 8, 9, 16})
    for (std::int64_t d = -1; d <= 1; ++d) p.push_back(k * slice + d);
  std::vector<std::int64_t> in;
  for (auto x : p)
    if (x >= 0 && x < n) in.push_back(x);
  std::sort(in.begin(), in.end());
  in.erase(std::unique(in.begin(), in.end()), in.end());
  return in;
}

/// Sizes with CUDA slice and block boundaries (-1, +0, +1) beside the usual ones.
std::vector<std::int64_t> search_sizes(std::size_t bytes, bool adjacent = false) {
  auto v = sizes();
  const std::int64_t slice = slice_items(bytes, adjacent);
  for (std::int64_t k : {1, 2, 8, 9})
    for (std::int64_t d = -1; d <= 1; ++d) v.push_back(k * slice + d);
  return v;
}

template <class F>
void for_search_types(F f) {
  f(std::int8_t{});
  f(std::uint8_t{});
  f(std::int16_t{});
  f(std::int32_t{});
  f(std::uint32_t{});
  f(std::int64_t{});
  f(std::uint64_t{});
  f(float{});
  f(double{});
}

template <class T>
struct eq_value {
  T v;
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x == v; }
};
struct equals_seven {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& x) const {
    return x == T(7);
  }
};
struct is_nan {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& x) const {
    return x != x;
  }
};
struct below {
  int bound;
  TIDE_HOST_DEVICE bool operator()(int x) const { return x < bound; }
};
/// Equal within one: a binary predicate for mismatch.
struct near {
  TIDE_HOST_DEVICE bool operator()(int a, int b) const { return a - b <= 1 && b - a <= 1; }
};
struct below_ll {
  long long bound;
  TIDE_HOST_DEVICE bool operator()(long long x) const { return x < bound; }
};
struct by_y {
  TIDE_HOST_DEVICE bool operator()(const point& a, const point& b) const { return a.y < b.y; }
};
struct sum_is_odd {
  template <class Tuple>
  TIDE_HOST_DEVICE bool operator()(const Tuple& t) const {
    return (tide::get<0>(t) + tide::get<1>(t)) % 2 != 0;
  }
};
/// Per index k: searches of row k of a matrix, in the calling thread (device code on CUDA).
template <class Policy>
struct search_row {
  const int* rows;
  int width;
  long long* out;  // 8 results per row
  TIDE_HOST_DEVICE void operator()(int k) const {
    const int* r = rows + k * width;
    const int* e = r + width;
    long long* o = out + 8 * k;
    o[0] = tide::find(Policy{}, r, e, k) - r;
    o[1] = tide::find_if(Policy{}, r, e, equals_seven{}) - r;
    o[2] = tide::find_if_not(Policy{}, r, e, below{k}) - r;
    o[3] = tide::mismatch(Policy{}, r, e, rows).first - r;
    o[4] = tide::is_sorted_until(Policy{}, r, e) - r;
    o[5] = tide::is_sorted(Policy{}, r, e, tide::greater<>()) ? 1 : 0;
    o[6] = tide::partition_point(Policy{}, r, e, below{k}) - r;
    o[7] = tide::equal_range(Policy{}, r, e, k).second - r;
  }
};
/// A tide::memory_resource that counts its allocations (the search state's temporary on CUDA).
class counted_resource final : public tide::memory_resource {
 public:
  explicit counted_resource(tide::memory_resource* memory) : memory_(memory) {}
  int allocations = 0, deallocations = 0;

 private:
  void* do_allocate(std::size_t bytes, tide::stream_t s) override {
    ++allocations;
    return memory_->allocate(bytes, s);
  }
  void do_deallocate(void* p, std::size_t bytes, tide::stream_t s) noexcept override {
    ++deallocations;
    memory_->deallocate(p, bytes, s);
  }
  tide::memory_resource* memory_;
};
struct squares {
  TIDE_HOST_DEVICE long long operator()(long long x) const { return x * x; }
};
}  // namespace

// ---- find, find_if, find_if_not -----------------------------------------------------------------

TEST_CASE_TEMPLATE("find_if returns the first match: at the front, at the back, at slice boundaries, or last", B,
                   TIDE_TEST_BACKENDS) {
  for_search_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : search_sizes(sizeof(T))) {
      std::vector<T> h(static_cast<std::size_t>(n), T(1));
      auto d = to_backend<B>(h);
      CAPTURE(n);
      CHECK(tide::find_if(B::policy(), d.begin(), d.end(), equals_seven{}) == d.end());  // absent
      CHECK(tide::find(B::policy(), d.begin(), d.end(), T(7)) == d.end());
      CHECK(tide::find_if_not(B::policy(), d.begin(), d.end(), equals_seven{}) - d.begin() == (n > 0 ? 0 : n));
      for (auto at : boundary_positions(n, sizeof(T))) {
        h[at] = T(7);
        d[at] = T(7);
        CAPTURE(at);
        CHECK(tide::find_if(B::policy(), d.begin(), d.end(), equals_seven{}) - d.begin() == at);
        CHECK(tide::find(B::policy(), d.begin(), d.end(), T(7)) - d.begin() == at);
        h[at] = T(1);
        d[at] = T(1);
      }
    }
  });
}

TEST_CASE_TEMPLATE("find_if of many matches returns the first one", B, TIDE_TEST_BACKENDS) {
  for_search_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : search_sizes(sizeof(T))) {
      // Few distinct values: a match every few items, and also rare matches far apart.
      auto h = random_vector<T>(n, "find-many", 0, 9);
      if constexpr (std::is_floating_point_v<T>)
        for (auto& x : h) x = std::floor(x);
      auto d = to_backend<B>(h);
      CAPTURE(n);
      for (int v : {0, 7, 9}) {
        auto want = std::find(h.begin(), h.end(), T(v)) - h.begin();
        CHECK(tide::find(B::policy(), d.begin(), d.end(), T(v)) - d.begin() == want);
        auto want_not = std::find_if_not(h.begin(), h.end(), [&](T x) { return x == T(v); }) - h.begin();
        CHECK(tide::find_if_not(B::policy(), d.begin(), d.end(), eq_value<T>{T(v)}) - d.begin() == want_not);
      }
      // Matches only in the second half, one per slice: the first of them wins.
      std::vector<T> g(static_cast<std::size_t>(n), T(1));
      for (std::int64_t i = n / 2; i < n; i += slice_items(sizeof(T)) / 3 + 1) g[i] = T(7);
      auto dg = to_backend<B>(g);
      CHECK(tide::find_if(B::policy(), dg.begin(), dg.end(), equals_seven{}) - dg.begin() ==
            std::find(g.begin(), g.end(), T(7)) - g.begin());
    }
  });
}

TEST_CASE_TEMPLATE("find of NaN finds nothing, find_if with isnan finds it, and 0.0 finds -0.0", B,
                   TIDE_TEST_BACKENDS) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> h{1.0, nan, -0.0, 2.0, nan, 0.0};
  auto d = to_backend<B>(h);
  CHECK(tide::find(B::policy(), d.begin(), d.end(), nan) == d.end());
  CHECK(tide::find_if(B::policy(), d.begin(), d.end(), is_nan{}) - d.begin() == 1);
  CHECK(tide::find(B::policy(), d.begin(), d.end(), 0.0) - d.begin() == 2);
  CHECK(tide::find(B::policy(), d.begin(), d.end(), -0.0) - d.begin() == 2);
  std::vector<float> f(5000, 1.0f);
  f[4097] = std::numeric_limits<float>::quiet_NaN();
  auto df = to_backend<B>(f);
  CHECK(tide::find(B::policy(), df.begin(), df.end(), f[4097]) == df.end());
  CHECK(tide::find_if(B::policy(), df.begin(), df.end(), is_nan{}) - df.begin() == 4097);
}

TEST_CASE_TEMPLATE("find works on a user type and on iterator adaptors", B, TIDE_TEST_BACKENDS) {
  std::vector<point> h(3000, point{1, 2});
  h[2049] = point{5, 6};
  h[2500] = point{5, 6};
  auto d = to_backend<B>(h);
  CHECK(tide::find(B::policy(), d.begin(), d.end(), point{5, 6}) - d.begin() == 2049);
  CHECK(tide::find(B::policy(), d.begin(), d.end(), point{5, 7}) == d.end());

  // counting_iterator and transform_iterator: the first square at or above a bound.
  tide::counting_iterator<long long> c(0);
  CHECK(tide::find_if_not(B::policy(), c, c + 100000, below{77777}) - c == 77777);
  auto sq = tide::make_transform_iterator(c, squares{});
  CHECK(tide::find(B::policy(), sq, sq + 100000, 99980001LL) - sq == 9999);
  CHECK(tide::find(B::policy(), sq, sq + 100000, 2LL) - sq == 100000);

  // zip_iterator: the first position where a[i] + b[i] is odd.
  std::vector<int> a(10000, 2), b(10000, 4);
  b[6000] = 5;
  auto da = to_backend<B>(a);
  auto db = to_backend<B>(b);
  auto z = tide::make_zip_iterator(da.begin(), db.begin());
  CHECK(tide::find_if(B::policy(), z, z + 10000, sum_is_odd{}) - z == 6000);

  // permutation_iterator: searching a reversed view.
  std::vector<long long> rev(10000);
  for (int i = 0; i < 10000; ++i) rev[i] = 9999 - i;
  auto dr = to_backend<B>(rev);
  std::vector<int> vals(10000);
  for (int i = 0; i < 10000; ++i) vals[i] = i;
  auto dv = to_backend<B>(vals);
  auto perm = tide::make_permutation_iterator(dv.begin(), dr.begin());
  CHECK(tide::find(B::policy(), perm, perm + 10000, 1234) - perm == 9999 - 1234);
}

TEST_CASE_TEMPLATE("searches of an empty range return last (or true)", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(3, 1), e(2, 1);
  auto f = d.begin() + 1;
  CHECK(tide::find(B::policy(), f, f, 1) == f);
  CHECK(tide::find_if(B::policy(), f, f, equals_seven{}) == f);
  CHECK(tide::find_if_not(B::policy(), f, f, equals_seven{}) == f);
  auto m = tide::mismatch(B::policy(), f, f, e.begin());
  CHECK(m.first == f);
  CHECK(m.second == e.begin());
  CHECK(tide::is_sorted(B::policy(), f, f));
  CHECK(tide::is_sorted_until(B::policy(), f, f) == f);
  CHECK(tide::is_sorted_until(B::policy(), f, f + 1) == f + 1);
  CHECK(tide::partition_point(B::policy(), f, f, below{3}) == f);
  CHECK(tide::is_partitioned(B::policy(), f, f, below{3}));
  auto r = tide::equal_range(B::policy(), f, f, 1);
  CHECK(r.first == f);
  CHECK(r.second == f);
}

TEST_CASE_TEMPLATE("searches refuse last before first, naming the algorithm", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1);
  CHECK_THROWS_WITH_AS(tide::find(B::policy(), d.end(), d.begin(), 1), "tide::find: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::find_if(B::policy(), d.end(), d.begin(), equals_seven{}),
                       "tide::find_if: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::find_if_not(B::policy(), d.end(), d.begin(), equals_seven{}),
                       "tide::find_if_not: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::mismatch(B::policy(), d.end(), d.begin(), d.begin()),
                       "tide::mismatch: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::is_sorted(B::policy(), d.end(), d.begin()), "tide::is_sorted: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::is_sorted_until(B::policy(), d.end(), d.begin()),
                       "tide::is_sorted_until: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::partition_point(B::policy(), d.end(), d.begin(), below{1}),
                       "tide::partition_point: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::is_partitioned(B::policy(), d.end(), d.begin(), below{1}),
                       "tide::is_partitioned: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::equal_range(B::policy(), d.end(), d.begin(), 1), "tide::equal_range: last is before first",
                       std::invalid_argument);
}

// ---- mismatch -------------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("mismatch returns the first difference, or (last1, first2 + n) for equal ranges", B,
                   TIDE_TEST_BACKENDS) {
  for_search_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : search_sizes(sizeof(T))) {
      auto h = random_vector<T>(n, "mismatch", 0, 100);
      auto d1 = to_backend<B>(h);
      auto d2 = to_backend<B>(h);
      CAPTURE(n);
      auto same = tide::mismatch(B::policy(), d1.begin(), d1.end(), d2.begin());
      CHECK(same.first == d1.end());
      CHECK(same.second == d2.begin() + n);
      for (auto at : boundary_positions(n, sizeof(T))) {
        CAPTURE(at);
        const T old = h[at];
        d2[at] = T(old + T(1));
        auto m = tide::mismatch(B::policy(), d1.begin(), d1.end(), d2.begin());
        CHECK(m.first - d1.begin() == at);
        CHECK(m.second - d2.begin() == at);
        d2[at] = old;
      }
    }
  });
}

TEST_CASE_TEMPLATE("mismatch takes a binary predicate and ranges of two types", B, TIDE_TEST_BACKENDS) {
  for (auto n : search_sizes(4)) {
    std::vector<int> a(static_cast<std::size_t>(n)), b(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
      a[i] = int(i % 1000);
      b[i] = a[i] + int(i % 3) - 1;  // within one: `near` holds everywhere
    }
    std::int64_t want = n;
    if (n > 10) {
      want = n - n / 3;
      b[want] = a[want] + 2;
      b[n - 1] = a[n - 1] + 5;  // a later difference loses to the first
    }
    auto da = to_backend<B>(a);
    auto db = to_backend<B>(b);
    CAPTURE(n);
    auto m = tide::mismatch(B::policy(), da.begin(), da.end(), db.begin(), near{});
    CHECK(m.first - da.begin() == want);
    CHECK(m.second - db.begin() == want);
    auto plain = tide::mismatch(B::policy(), da.begin(), da.end(), db.begin());
    CHECK(plain.first - da.begin() == std::mismatch(a.begin(), a.end(), b.begin()).first - a.begin());
  }
  // int against double, compared as Thrust's `_1 == _2` does (no conversion to the first type).
  std::vector<int> i{1, 2, 3, 4};
  std::vector<double> x{1.0, 2.0, 3.5, 4.0};
  auto di = to_backend<B>(i);
  auto dx = to_backend<B>(x);
  auto m = tide::mismatch(B::policy(), di.begin(), di.end(), dx.begin());
  CHECK(m.first - di.begin() == 2);
  // -0.0 and 0.0 are equal; NaN differs from itself.
  std::vector<double> p{0.0, 1.0, std::nan("")}, q{-0.0, 1.0, std::nan("")};
  auto dp = to_backend<B>(p);
  auto dq = to_backend<B>(q);
  CHECK(tide::mismatch(B::policy(), dp.begin(), dp.end(), dq.begin()).first - dp.begin() == 2);
}

// ---- is_sorted, is_sorted_until -------------------------------------------------------------------

TEST_CASE_TEMPLATE("is_sorted_until finds the first descent; duplicates are sorted", B, TIDE_TEST_BACKENDS) {
  for_search_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : search_sizes(sizeof(T), true)) {
      // Ascending with runs of equal values.
      std::vector<T> h(static_cast<std::size_t>(n));
      for (std::int64_t i = 0; i < n; ++i) h[i] = T((i / 7) % 100);
      std::sort(h.begin(), h.end());
      auto d = to_backend<B>(h);
      CAPTURE(n);
      CHECK(tide::is_sorted(B::policy(), d.begin(), d.end()));
      CHECK(tide::is_sorted_until(B::policy(), d.begin(), d.end()) == d.end());
      for (auto at : boundary_positions(n, sizeof(T), true)) {
        if (at == 0) continue;
        CAPTURE(at);
        const T old = h[at];
        h[at] = T(h[at - 1] - T(1));
        d[at] = h[at];
        if (h[at] < h[at - 1]) {
          CHECK(tide::is_sorted_until(B::policy(), d.begin(), d.end()) - d.begin() ==
                std::is_sorted_until(h.begin(), h.end()) - h.begin());
          CHECK_FALSE(tide::is_sorted(B::policy(), d.begin(), d.end()));
        }
        h[at] = old;
        d[at] = old;
      }
      // Random data: wherever its first descent is.
      auto r = random_vector<T>(n, "is_sorted_until", 0, 100);
      std::sort(r.begin(), r.begin() + n * 3 / 4);
      auto dr = to_backend<B>(r);
      CHECK(tide::is_sorted_until(B::policy(), dr.begin(), dr.end()) - dr.begin() ==
            std::is_sorted_until(r.begin(), r.end()) - r.begin());
      CHECK(tide::is_sorted(B::policy(), dr.begin(), dr.end()) == std::is_sorted(r.begin(), r.end()));
    }
  });
}

TEST_CASE_TEMPLATE("is_sorted and is_sorted_until take a comparator", B, TIDE_TEST_BACKENDS) {
  for (auto n : search_sizes(4, true)) {
    std::vector<int> h(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) h[i] = int((n - i) / 3);  // descending with duplicates
    auto d = to_backend<B>(h);
    CAPTURE(n);
    CHECK(tide::is_sorted(B::policy(), d.begin(), d.end(), tide::greater<int>()));
    CHECK(tide::is_sorted(B::policy(), d.begin(), d.end(), tide::greater<>()));
    CHECK(tide::is_sorted(B::policy(), d.begin(), d.end()) == (n < 4));
    CHECK(tide::is_sorted_until(B::policy(), d.begin(), d.end()) - d.begin() ==
          std::is_sorted_until(h.begin(), h.end()) - h.begin());
    if (n > 5) {
      d[n - 2] = h[n - 2] = h[n - 3] + 1;  // the one rise, late
      CHECK(tide::is_sorted_until(B::policy(), d.begin(), d.end(), tide::greater<>()) - d.begin() == n - 2);
    }
  }
  // A user type by one field; the all-equal range is sorted.
  std::vector<point> pts{{9, 1}, {0, 2}, {5, 2}, {1, 3}, {7, 2}};
  auto dp = to_backend<B>(pts);
  CHECK(tide::is_sorted_until(B::policy(), dp.begin(), dp.end(), by_y{}) - dp.begin() == 4);
  typename B::template vector<int> same(5000, 3);
  CHECK(tide::is_sorted(B::policy(), same.begin(), same.end()));
  // NaN compares false both ways: with less a NaN never counts as a descent (std agrees).
  std::vector<double> f{1.0, std::nan(""), 0.5, 2.0};
  auto df = to_backend<B>(f);
  CHECK(tide::is_sorted_until(B::policy(), df.begin(), df.end()) - df.begin() ==
        std::is_sorted_until(f.begin(), f.end()) - f.begin());
  std::vector<double> z{-0.0, 0.0, -0.0};
  auto dz = to_backend<B>(z);
  CHECK(tide::is_sorted(B::policy(), dz.begin(), dz.end()));
}

// ---- partition_point, is_partitioned --------------------------------------------------------------

TEST_CASE_TEMPLATE("partition_point and is_partitioned on partitioned and unpartitioned ranges", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : search_sizes(4)) {
    for (auto split : boundary_positions(n + 1, 4)) {  // includes n: all satisfy
      std::vector<int> h(static_cast<std::size_t>(n));
      for (std::int64_t i = 0; i < n; ++i) h[i] = i < split ? int(i % 50) : 100 + int(i % 50);
      auto d = to_backend<B>(h);
      CAPTURE(n);
      CAPTURE(split);
      CHECK(tide::partition_point(B::policy(), d.begin(), d.end(), below{100}) - d.begin() == split);
      CHECK(tide::is_partitioned(B::policy(), d.begin(), d.end(), below{100}));
      if (split + 1 < n) {
        // One satisfying element after the first that fails breaks the partition, wherever it is.
        for (std::int64_t late : {split + 1, split + 1 + (n - split - 1) / 2, n - 1}) {
          CAPTURE(late);
          d[late] = 1;
          CHECK_FALSE(tide::is_partitioned(B::policy(), d.begin(), d.end(), below{100}));
          d[late] = h[late];
        }
      }
    }
  }
}

// ---- equal_range ----------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("equal_range gives the run of equivalent elements", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_runs(n, "equal_range", 9);
    auto d = to_backend<B>(h);
    CAPTURE(n);
    for (int v : {-1, 0, 1, 2, 3, n > 0 ? h[n / 2] : 0, n > 0 ? h[n - 1] : 0, n > 0 ? h[n - 1] + 1 : 1}) {
      auto want = std::equal_range(h.begin(), h.end(), v);
      auto got = tide::equal_range(B::policy(), d.begin(), d.end(), v);
      CAPTURE(v);
      CHECK(got.first - d.begin() == want.first - h.begin());
      CHECK(got.second - d.begin() == want.second - h.begin());
    }
    // Descending, with greater.
    std::vector<int> g(h.rbegin(), h.rend());
    auto dg = to_backend<B>(g);
    if (n > 0) {
      int v = g[n / 3];
      auto want = std::equal_range(g.begin(), g.end(), v, std::greater<>());
      auto got = tide::equal_range(B::policy(), dg.begin(), dg.end(), v, tide::greater<>());
      CHECK(got.first - dg.begin() == want.first - g.begin());
      CHECK(got.second - dg.begin() == want.second - g.begin());
    }
  }
  std::vector<int> h{0, 2, 5, 7, 8};  // Thrust's documented example
  auto d = to_backend<B>(h);
  auto r = tide::equal_range(B::policy(), d.begin(), d.end(), 2);
  CHECK(r.first - d.begin() == 1);
  CHECK(r.second - d.begin() == 2);
  r = tide::equal_range(B::policy(), d.begin(), d.end(), 9);
  CHECK(r.first == d.end());
  CHECK(r.second == d.end());
}

TEST_CASE_TEMPLATE("equal_range over many values writes (lower_bound, upper_bound) pairs (tide's extension)", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_runs(n, "equal_range-values", 5);
    std::vector<int> values{-1, 0, 1, 2, 3, 5, 8, 13, 100000};
    if (n > 0) values.push_back(h[n - 1]);
    auto d = to_backend<B>(h);
    auto dv = to_backend<B>(values);
    typename B::template vector<tide::pair<long long, long long>> out(values.size());
    auto end = tide::equal_range(B::policy(), d.begin(), d.end(), dv.begin(), dv.end(), out.begin());
    CHECK(end == out.end());
    auto got = to_std(out);
    CAPTURE(n);
    for (std::size_t k = 0; k < values.size(); ++k) {
      auto want = std::equal_range(h.begin(), h.end(), values[k]);
      CHECK(got[k].first == want.first - h.begin());
      CHECK(got[k].second == want.second - h.begin());
    }
    auto e2 = tide::equal_range(B::policy(), d.begin(), d.end(), dv.begin(), dv.begin(), out.begin());
    CHECK(e2 == out.begin());
  }
}

TEST_CASE("searches run in device code with tide::seq and tide::device") {
  // Row k: 0, 1, ..., width - 1 (sorted, partitioned by x < k), with row 3 reversed.
  const int rows = 8, width = 100;
  std::vector<int> h(rows * width);
  for (int k = 0; k < rows; ++k)
    for (int i = 0; i < width; ++i) h[k * width + i] = k == 3 ? width - 1 - i : i;
  std::vector<long long> want(8 * rows);
  for (int k = 0; k < rows; ++k) {
    const int* r = h.data() + k * width;
    long long* o = want.data() + 8 * k;
    o[0] = std::find(r, r + width, k) - r;
    o[1] = std::find(r, r + width, 7) - r;
    o[2] = std::find_if_not(r, r + width, [&](int x) { return x < k; }) - r;
    o[3] = std::mismatch(r, r + width, h.data()).first - r;
    o[4] = std::is_sorted_until(r, r + width) - r;
    o[5] = std::is_sorted(r, r + width, std::greater<>()) ? 1 : 0;
    o[6] = k == 3 ? -1 : std::partition_point(r, r + width, [&](int x) { return x < k; }) - r;
    o[7] = k == 3 ? -1 : std::upper_bound(r, r + width, k) - r;
  }
  tide::device_vector<int> d(h.begin(), h.end());
  for (int policy = 0; policy < 2; ++policy) {
    tide::device_vector<long long> out(8 * rows, -2);
    const int* rp = tide::raw_pointer_cast(d.data());
    long long* op = tide::raw_pointer_cast(out.data());
    if (policy == 0)
      tide::for_each_n(tide::device, tide::counting_iterator<int>(0), rows, search_row<tide::seq_policy>{rp, width, op});
    else
      tide::for_each_n(tide::device, tide::counting_iterator<int>(0), rows, search_row<tide::device_policy>{rp, width, op});
    auto got = to_std(out);
    CAPTURE(policy);
    for (int k = 0; k < 8 * rows; ++k) {
      if (want[k] == -1) continue;  // row 3 is not partitioned or sorted: unspecified
      CAPTURE(k);
      CHECK(got[k] == want[k]);
    }
  }
}

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
TEST_CASE_TEMPLATE("CUDA searches hit at every path boundary: slices, blocks, the end of the first wave", T,
                   std::uint8_t, std::uint32_t, double) {
  const auto edges = tide::backend::cuda::boundaries::find<T>();
  REQUIRE(!edges.sizes.empty());
  const std::int64_t n = edges.sizes.back() + 2;
  std::vector<T> h(static_cast<std::size_t>(n), T(1));
  tide::device_vector<T> d(h.begin(), h.end()), e(h.begin(), h.end());
  CHECK(tide::find(tide::device, d.begin(), d.end(), T(7)) == d.end());
  CHECK(tide::mismatch(tide::device, d.begin(), d.end(), e.begin()).first == d.end());
  CHECK(tide::is_sorted(tide::device, d.begin(), d.end()));
  for (std::int64_t edge : edges.sizes) {
    for (std::int64_t at : {edge - 1, edge}) {  // the last item before the boundary and the first past it
      if (at < 1) continue;
      CAPTURE(at);
      d[at] = T(7);  // a match, a difference and a rise; then a descent after it
      CHECK(tide::find(tide::device, d.begin(), d.end(), T(7)) - d.begin() == at);
      CHECK(tide::mismatch(tide::device, d.begin(), d.end(), e.begin()).first - d.begin() == at);
      CHECK(tide::is_sorted_until(tide::device, d.begin(), d.end()) - d.begin() == at + 1);
      CHECK(tide::is_sorted_until(tide::device, d.begin(), d.end(), tide::greater<>()) - d.begin() == at);
      CHECK(tide::find(tide::device, d.begin(), d.begin() + at, T(7)) == d.begin() + at);  // ends just before
      d[at] = T(1);
    }
  }
  // Each first-wave slice of its own holds a match: the first wins whatever order warps finish in.
  for (std::int64_t edge : edges.sizes)
    if (edge >= 1 && edge < n) d[edge] = T(7);
  CHECK(tide::find(tide::device, d.begin(), d.end(), T(7)) - d.begin() == std::max<std::int64_t>(1, edges.sizes.front()));
}
#endif

TEST_CASE_TEMPLATE("searches with the policy's own resource give the same answers, and return what they take", B,
                   TIDE_TEST_BACKENDS) {
  // On CUDA a policy with a resource keeps its search state in a temporary from it (cleared by a
  // kernel) instead of the stream's scratch block: the other path, run back to back with the first.
  counted_resource resource(std::is_same_v<B, device_backend> ? tide::default_container_resource()
                                                                : tide::new_delete_resource());
  const auto p = B::policy()(resource);
  for (std::int64_t n : {std::int64_t(1), std::int64_t(5000), std::int64_t(1 << 20) + 7}) {
    std::vector<int> h(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) h[i] = int(i % 1000);
    auto d = to_backend<B>(h);
    auto e = to_backend<B>(h);
    const std::int64_t at = n * 2 / 3;
    e[at] = -1;
    CAPTURE(n);
    for (int round = 0; round < 2; ++round) {
      CHECK(tide::find(p, d.begin(), d.end(), 999) - d.begin() == std::min<std::int64_t>(999, n));
      CHECK(tide::find(B::policy(), d.begin(), d.end(), 999) - d.begin() == std::min<std::int64_t>(999, n));
      CHECK(tide::mismatch(p, d.begin(), d.end(), e.begin()).first - d.begin() == at);
      CHECK(tide::is_sorted_until(p, d.begin(), d.end()) - d.begin() == std::min<std::int64_t>(1000, n));
      CHECK(tide::is_sorted_until(B::policy(), d.begin(), d.end()) - d.begin() == std::min<std::int64_t>(1000, n));
      CHECK(tide::is_partitioned(p, d.begin(), d.end(), below{0}));
    }
  }
  CHECK(resource.allocations == resource.deallocations);
}

// ---- no policy, large ------------------------------------------------------------------------------

TEST_CASE("searches without a policy pick the system from the iterators") {
  std::vector<int> h{1, 3, 3, 5, 8, 2};
  CHECK(tide::find(h.begin(), h.end(), 5) - h.begin() == 3);
  CHECK(tide::find_if(h.begin(), h.end(), below{3}) - h.begin() == 0);
  CHECK(tide::find_if_not(h.begin(), h.end(), below{3}) - h.begin() == 1);
  CHECK(tide::is_sorted_until(h.begin(), h.end()) - h.begin() == 5);
  CHECK_FALSE(tide::is_sorted(h.begin(), h.end()));
  CHECK(tide::partition_point(h.begin(), h.begin() + 5, below{4}) - h.begin() == 3);
  CHECK(tide::is_partitioned(h.begin(), h.end(), below{4}) == false);
  auto er = tide::equal_range(h.begin(), h.begin() + 5, 3);
  CHECK(er.first - h.begin() == 1);
  CHECK(er.second - h.begin() == 3);
  tide::device_vector<int> d(h.begin(), h.end()), e(h.begin(), h.end());
  e[4] = 9;
  auto m = tide::mismatch(d.begin(), d.end(), e.begin());
  CHECK(m.first - d.begin() == 4);
  CHECK(m.second - e.begin() == 4);
  CHECK(tide::find(d.begin(), d.end(), 8) - d.begin() == 4);
  CHECK(tide::is_sorted(d.begin(), d.begin() + 5));
  CHECK(tide::is_sorted_until(d.begin(), d.end(), tide::less<>()) - d.begin() == 5);
  CHECK(tide::partition_point(d.begin(), d.begin() + 5, below{4}) - d.begin() == 3);
  CHECK(tide::is_partitioned(d.begin(), d.begin() + 5, below{4}));
  tide::device_vector<tide::pair<long long, long long>> out(2);
  tide::device_vector<int> v(std::vector<int>{3, 4});
  tide::equal_range(d.begin(), d.begin() + 5, v.begin(), v.end(), out.begin());
  tide::pair<long long, long long> p0 = out[0], p1 = out[1];
  CHECK(p0.first == 1);
  CHECK(p0.second == 3);
  CHECK(p1.first == 3);
  CHECK(p1.second == 3);
}

TEST_CASE_TEMPLATE("searches of 2^28 items, and past 2^31 (TIDE_TEST_LARGE)", B, TIDE_TEST_BACKENDS) {
  if (!large_enabled()) return;
  const std::int64_t n = std::int64_t(1) << 28;
  typename B::template vector<std::uint32_t> d(n, 1u);
  for (std::int64_t at : {n / 100, n / 2, n - 1}) {
    d[at] = 7u;
    CHECK(tide::find(B::policy(), d.begin(), d.end(), 7u) - d.begin() == at);
    CHECK(tide::is_sorted_until(B::policy(), d.begin(), d.end()) - d.begin() == (at == n - 1 ? n : at + 1));
    d[at] = 1u;
  }
  CHECK(tide::find(B::policy(), d.begin(), d.end(), 7u) == d.end());
  CHECK(tide::is_sorted(B::policy(), d.begin(), d.end()));
  // Past 2^31: 64-bit indices (a counting iterator, no memory).
  tide::counting_iterator<long long> c(0);
  const long long big = (1LL << 31) + 12345;
  CHECK(tide::find(B::policy(), c, c + big + 10, big) - c == big);
  CHECK(tide::is_sorted(B::policy(), c, c + big));
  CHECK(tide::partition_point(B::policy(), c, c + big + 10, below_ll{1LL << 30}) - c == (1LL << 30));
}
