// par's stable samplesort (backend/omp/sample_sort.hpp), which sort, stable_sort, sort_by_key and
// stable_sort_by_key take with a comparator other than tide's key order from
// sample_sort_tuning::min_n elements on: against std::stable_sort, at its thresholds, on skewed
// inputs (ties, one heavy key, all equal, sorted, reversed), struct keys, several thread counts,
// and NaNs under a comparator that is no strict weak order (a permutation, whatever the order);
// the one-thread merge sort (sort8 runs, paired merges) on visible ties, and the staged distribution.
#include "common.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

using namespace tide_test;

namespace {

using tuning = tide::backend::omp::detail::sample_sort_tuning;

/// A user's comparator on ints: not tide's key order, so par does not radix sort.
struct int_less {
  bool operator()(int a, int b) const { return a < b; }
};
/// A user's descending comparator on floats, as compare/'s custom-comparator row.
struct float_greater {
  bool operator()(float a, float b) const { return a > b; }
};

/// A struct key ordered by one field only (ties in `id`'s order must survive).
struct record {
  int group;
  int id;
  double payload;
};
struct by_group {
  bool operator()(const record& a, const record& b) const { return a.group < b.group; }
};

std::vector<int> iota_ints(std::int64_t n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  std::iota(v.begin(), v.end(), 0);
  return v;
}

/// Keys of shape `what` (few distinct values: many ties).
std::vector<int> shaped_keys(const std::string& what, std::int64_t n) {
  auto g = rng("samplesort-" + what + "#" + std::to_string(n));
  std::vector<int> v(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) {
    int& x = v[static_cast<std::size_t>(i)];
    if (what == "random") x = static_cast<int>(g() >> 33);
    else if (what == "few distinct") x = static_cast<int>(g() % 7) - 3;
    else if (what == "two values") x = static_cast<int>(g() % 2);
    else if (what == "one heavy key") x = g() % 10 < 9 ? 42 : static_cast<int>(g() >> 40);
    else if (what == "all equal") x = 5;
    else if (what == "sorted") x = static_cast<int>(i / 3);
    else if (what == "reverse sorted") x = static_cast<int>((n - i) / 3);
    else x = static_cast<int>(g() % 1000);  // "a thousand values"
  }
  return v;
}

const std::vector<std::string> shapes = {"random",    "few distinct", "two values",     "one heavy key",
                                         "all equal", "sorted",       "reverse sorted", "a thousand values"};

/// sort_by_key (stable or not: both stable) of keys with their input positions on par(threads),
/// against std::stable_sort; and sort of the keys alone.
void check_ints(const std::vector<int>& keys, int threads, bool stable) {
  const auto n = static_cast<std::int64_t>(keys.size());
  auto p = tide::par.with_threads(threads);
  auto k = keys;
  auto v = iota_ints(n);
  if (stable)
    tide::stable_sort_by_key(p, k.begin(), k.end(), v.begin(), int_less());
  else
    tide::sort_by_key(p, k.begin(), k.end(), v.begin(), int_less());
  auto want = iota_ints(n);
  std::stable_sort(want.begin(), want.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  CHECK(v == want);
  bool keys_follow = true;
  for (std::int64_t i = 0; i < n; ++i) keys_follow &= k[i] == keys[want[i]];
  CHECK(keys_follow);
  auto s = keys;
  if (stable)
    tide::stable_sort(p, s.data(), s.data() + n, int_less());
  else
    tide::sort(p, s.begin(), s.end(), int_less());
  auto sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  CHECK(s == sorted);
}

const bool small = std::getenv("TIDE_TEST_SMALL") != nullptr;

}  // namespace

TEST_CASE("par's samplesort at its threshold and a prime size: every input shape, stable") {
  for (std::int64_t n : {tuning::min_n - 1, tuning::min_n, tuning::min_n + 1, std::int64_t(100003)}) {
    CAPTURE(n);
    for (const auto& what : shapes) {
      CAPTURE(what);
      check_ints(shaped_keys(what, n), 4, n % 2 == 0);
    }
  }
}

TEST_CASE("par's samplesort with 1, 2, 3, 7 and 16 threads: buckets split across any team") {
  const std::int64_t n = small ? 70001 : (std::int64_t(1) << 20) + 3;
  for (int threads : {1, 2, 3, 7, 16}) {
    CAPTURE(threads);
    for (const auto& what : {std::string("random"), std::string("few distinct"), std::string("one heavy key"),
                             std::string("a thousand values")}) {
      CAPTURE(what);
      check_ints(shaped_keys(what, n), threads, threads % 2 == 1);
    }
  }
}

TEST_CASE("par's samplesort of struct keys by one field keeps ties in input order, values alongside") {
  const std::int64_t n = small ? 40009 : 300007;
  auto g = rng("samplesort-records");
  std::vector<record> h(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
    h[i] = record{static_cast<int>(g() % 50), static_cast<int>(i), static_cast<double>(g() % 1000) / 8};
  auto want = h;
  std::stable_sort(want.begin(), want.end(), by_group());
  for (int threads : {2, 5}) {
    CAPTURE(threads);
    auto p = tide::par.with_threads(threads);
    auto d = h;
    tide::sort(p, d.begin(), d.end(), by_group());
    bool same = true;
    for (std::int64_t i = 0; i < n; ++i) same &= d[i].group == want[i].group && d[i].id == want[i].id;
    CHECK(same);
    // Keys (records) with wide values: their positions.
    auto k = h;
    std::vector<std::int64_t> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), std::int64_t(0));
    tide::stable_sort_by_key(p, k.begin(), k.end(), v.begin(), by_group());
    bool moved = true;
    for (std::int64_t i = 0; i < n; ++i) moved &= v[i] == want[i].id && k[i].id == want[i].id;
    CHECK(moved);
  }
}

TEST_CASE("par's samplesort of floats by a user's `a > b`: descending, stable, NaNs give a permutation") {
  const std::int64_t n = small ? 50021 : (std::int64_t(1) << 20) + 7;
  auto g = rng("samplesort-floats");
  std::vector<float> h(static_cast<std::size_t>(n));
  for (auto& x : h) x = static_cast<float>(g() % 4096) / 16.0f - 128.0f;  // many ties, -0.0 aside
  auto want = iota_ints(n);
  std::stable_sort(want.begin(), want.end(), [&](int a, int b) { return h[a] > h[b]; });
  auto p = tide::par.with_threads(3);
  auto k = h;
  auto v = iota_ints(n);
  tide::sort_by_key(p, k.begin(), k.end(), v.begin(), float_greater());
  CHECK(v == want);
  // NaNs: `a > b` is no strict weak order then; the result is a permutation of the input (the
  // README promises NaNs last only for tide's own less / greater).
  for (int every : {2, 10, 1000}) {
    CAPTURE(every);
    auto nans = h;
    for (std::int64_t i = 0; i < n; i += every) nans[i] = (i / every) % 2 ? NAN : -NAN;
    auto d = nans;
    auto idx = iota_ints(n);
    tide::sort_by_key(p, d.begin(), d.end(), idx.begin(), float_greater());
    auto seen = idx;
    std::sort(seen.begin(), seen.end());
    CHECK(seen == iota_ints(n));
    bool follows = true;
    for (std::int64_t i = 0; i < n; ++i) follows &= std::memcmp(&d[i], &nans[idx[i]], sizeof(float)) == 0;
    CHECK(follows);
    auto s = nans;
    tide::sort(p, s.begin(), s.end(), float_greater());
    std::vector<std::uint32_t> a(s.size()), b(s.size());
    std::memcpy(a.data(), s.data(), s.size() * sizeof(float));
    std::memcpy(b.data(), nans.data(), s.size() * sizeof(float));
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    CHECK(a == b);
  }
}

TEST_CASE("the samplesort's one-thread level: at its threshold, into either array, stable") {
  namespace omp = tide::backend::omp::detail;
  for (std::int64_t n : {tuning::serial_min_n - 1, tuning::serial_min_n, tuning::serial_min_n + 1,
                         std::int64_t(30011)}) {
    CAPTURE(n);
    for (const auto& what : shapes) {
      CAPTURE(what);
      auto keys = shaped_keys(what, n);
      auto want = iota_ints(n);
      std::stable_sort(want.begin(), want.end(), [&](int a, int b) { return keys[a] < keys[b]; });
      for (bool into_other : {false, true}) {
        CAPTURE(into_other);
        using rec = tide::detail::host::key_value<int, int>;
        std::vector<rec> from(static_cast<std::size_t>(n)), other(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i) from[i] = rec{keys[i], static_cast<int>(i)};
        omp::sample_workspace<rec> ws(n);
        tide::detail::host::by_key<int_less> by{int_less()};
        omp::serial_sample_sort(from.data(), other.data(), n, into_other, by, ws);
        const auto& out = into_other ? other : from;
        bool same = true;
        for (std::int64_t i = 0; i < n; ++i) same &= out[i].value == want[i];
        CHECK(same);
      }
    }
  }
}

TEST_CASE("the samplesort's splitter tree is upper_bound for any splitter count, and gives equality buckets") {
  namespace omp = tide::backend::omp::detail;
  auto g = rng("samplesort-tree");
  for (int ns = 1; ns <= 70; ++ns) {
    CAPTURE(ns);
    omp::splitter_tree<int> tree;
    tree.reserve(128);
    for (int i = 0; i < ns; ++i) tree.sorted.push_back(10 * i + static_cast<int>(g() % 5));
    std::vector<int> x(static_cast<std::size_t>(200 + ns % 8));  // the batches of 8, then a tail
    for (auto& v : x) v = static_cast<int>(g() % (10 * ns + 20)) - 10;
    for (int i = 0; i < ns; ++i) x[i] = tree.sorted[i];  // the splitters themselves
    for (bool equal : {false, true}) {
      CAPTURE(equal);
      tree.build(equal);
      std::vector<std::uint16_t> got(x.size());
      std::vector<tide::size_type> counts(static_cast<std::size_t>(tree.buckets()), 0);
      int_less less;
      tree.classify(x.data(), static_cast<tide::size_type>(x.size()), got.data(), counts.data(), less);
      bool right = true;
      for (std::size_t i = 0; i < x.size(); ++i) {
        int b = static_cast<int>(std::upper_bound(tree.sorted.begin(), tree.sorted.end(), x[i]) - tree.sorted.begin());
        if (equal) b = 2 * b + (b > 0 && tree.sorted[b - 1] == x[i] ? 0 : 1);
        right &= got[i] == b;
      }
      CHECK(right);
      CHECK(std::accumulate(counts.begin(), counts.end(), tide::size_type(0)) == tide::size_type(x.size()));
    }
  }
}

namespace {
/// `<=`: no strict weak order (x <= x), a common mistake. Every splitter compares less than its
/// equals: one bucket gets everything, which the team's merge sort (threads > 1) or a thread's
/// merge sort (one thread, every level) must take.
struct int_less_equal {
  bool operator()(int a, int b) const { return a <= b; }
};
}  // namespace

TEST_CASE("par's samplesort under `<=` on heavy keys: a sorted permutation through the large-bucket paths") {
  const std::int64_t n = small ? 40009 : 200003;
  for (const auto& what : {std::string("all equal"), std::string("two values"), std::string("random")}) {
    CAPTURE(what);
    const auto keys = shaped_keys(what, n);
    for (int threads : {1, 4}) {
      CAPTURE(threads);
      auto k = keys;
      auto v = iota_ints(n);
      tide::sort_by_key(tide::par.with_threads(threads), k.begin(), k.end(), v.begin(), int_less_equal());
      auto seen = v;
      std::sort(seen.begin(), seen.end());
      CHECK(seen == iota_ints(n));
      bool follows = true;
      for (std::int64_t i = 0; i < n; ++i) follows &= k[i] == keys[v[i]];
      CHECK(follows);
      CHECK(std::is_sorted(k.begin(), k.end()));
    }
  }
}

namespace {
/// Floats by magnitude: x and -x are equivalent, so the order of ties is visible in the keys
/// themselves (the arithmetic path: branchless sort8 runs, then the paired merges).
struct by_magnitude {
  bool operator()(float a, float b) const { return std::fabs(a) < std::fabs(b); }
};
/// n floats of `magnitudes` magnitudes, either sign.
std::vector<float> signed_ties(std::int64_t n, const std::string& salt, int magnitudes = 97) {
  auto g = rng("samplesort-magnitude-" + salt + "#" + std::to_string(n));
  std::vector<float> v(static_cast<std::size_t>(n));
  for (auto& x : v) x = static_cast<float>(g() % magnitudes) * (g() % 2 ? 1.0f : -1.0f);
  return v;
}
/// An inconsistent comparator: a fixed pseudo-random answer for each pair of values.
struct coin_flip {
  bool operator()(float a, float b) const {
    std::uint32_t x, y;
    std::memcpy(&x, &a, 4);
    std::memcpy(&y, &b, 4);
    return ((x * 0x9e3779b1u) ^ (y * 0x85ebca6bu)) >> 31;
  }
};
}  // namespace

TEST_CASE("the samplesort's merge sort: sort8 runs, paired merges, the split last pass; stable, into either array") {
  namespace omp = tide::backend::omp::detail;
  for (std::int64_t m : {1, 2, 7, 8, 9, 15, 16, 17, 24, 31, 33, 63, 64, 65, 100, 255, 256, 257, 1000, 4097}) {
    CAPTURE(m);
    const auto keys = signed_ties(m, "merge");
    auto want = keys;
    std::stable_sort(want.begin(), want.end(), by_magnitude());
    for (bool into_other : {false, true}) {
      CAPTURE(into_other);
      auto from = keys;
      std::vector<float> other(keys.size(), 0.5f);
      by_magnitude c;
      omp::merge_sort_to(from.data(), other.data(), m, into_other, c);
      CHECK(std::memcmp((into_other ? other : from).data(), want.data(), want.size() * sizeof(float)) == 0);
    }
  }
}

TEST_CASE("the samplesort's merge sort and par's samplesort under an inconsistent comparator: a permutation") {
  namespace omp = tide::backend::omp::detail;
  const std::int64_t sizes[] = {9, 64, 257, 4097, std::int64_t(1) << 18};  // the last: samplesort
  for (std::int64_t m : sizes) {
    CAPTURE(m);
    const auto keys = signed_ties(m, "coin");
    auto want = keys;
    std::sort(want.begin(), want.end());
    auto from = keys;
    std::vector<float> other(keys.size());
    coin_flip c;
    omp::merge_sort_to(from.data(), other.data(), m, true, c);
    std::sort(other.begin(), other.end());
    CHECK(other == want);
    auto s = keys;
    tide::sort(tide::par.with_threads(3), s.begin(), s.end(), coin_flip());
    std::sort(s.begin(), s.end());
    CHECK(s == want);
  }
}

TEST_CASE("par's samplesort of floats by magnitude: stable through the staged distribution, 1 to 4 threads") {
  // 2^18 + 5 and more: 64 buckets or more at the parallel level, so the distribution is staged.
  // n / 3 magnitudes: ties inside the buckets the merge sort takes; 97: equality buckets.
  for (std::int64_t n : {(std::int64_t(1) << 18) + 5, small ? std::int64_t(300007) : (std::int64_t(1) << 21) + 3}) {
    for (int magnitudes : {static_cast<int>(n / 3), 97}) {
      CAPTURE(n);
      CAPTURE(magnitudes);
      const auto keys = signed_ties(n, "par", magnitudes);
      auto want = keys;
      std::stable_sort(want.begin(), want.end(), by_magnitude());
      for (int threads : {1, 2, 4}) {
        CAPTURE(threads);
        auto s = keys;
        tide::sort(tide::par.with_threads(threads), s.begin(), s.end(), by_magnitude());
        CHECK(std::memcmp(s.data(), want.data(), want.size() * sizeof(float)) == 0);
      }
    }
  }
}

TEST_CASE("the staged distribution: buffers full, partial and empty, for 1-, 4- and 16-byte elements") {
  namespace omp = tide::backend::omp::detail;
  auto check = [](auto zero) {
    using T = decltype(zero);
    constexpr tide::size_type w = omp::combine_items<T>;
    const int buckets = 70;
    auto g = rng("samplesort-staged-" + std::to_string(sizeof(T)));
    // Bucket j gets about j * w / 8 elements: none, fewer than a buffer, exactly w, and many.
    std::vector<std::uint16_t> o;
    for (int j = 0; j < buckets; ++j)
      for (tide::size_type i = 0; i < (j == 9 ? w : j * w / 8); ++i) o.push_back(static_cast<std::uint16_t>(j));
    std::shuffle(o.begin(), o.end(), g);
    const auto m = static_cast<tide::size_type>(o.size());
    std::vector<T> x(o.size()), got(o.size()), want(o.size());
    for (std::size_t i = 0; i < x.size(); ++i) std::memset(&x[i], static_cast<int>(i * 37 + 1), sizeof(T));
    std::vector<tide::size_type> next(buckets, 0), start(buckets + 1, 0);
    for (auto j : o) ++start[j + 1];
    for (int j = 0; j < buckets; ++j) start[j + 1] += start[j];
    auto ref = start;
    for (tide::size_type i = 0; i < m; ++i) want[ref[o[i]]++] = x[i];
    std::copy(start.begin(), start.end() - 1, next.begin());
    std::vector<T> stage(static_cast<std::size_t>(buckets * w));
    std::vector<std::uint32_t> fill(buckets);
    omp::distribute_staged(x.data(), o.data(), m, got.data(), next.data(), stage.data(), fill.data(), buckets);
    CHECK(std::memcmp(got.data(), want.data(), got.size() * sizeof(T)) == 0);
    CHECK(std::equal(next.begin(), next.end(), start.begin() + 1));
  };
  struct sixteen {
    std::uint64_t a, b;
  };
  check(std::uint8_t());
  check(float());
  check(sixteen());
}
