// merge and merge_by_key on every backend, against std::merge (stable: ties take the first
// range's elements first) in tide's key order or with the comparator given.
#include "common.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <numeric>
#include <utility>

using namespace tide_test;

namespace {

/// The size pairs merged: empty sides, tiny, lopsided and large.
std::vector<std::pair<std::int64_t, std::int64_t>> merge_sizes() {
  if (std::getenv("TIDE_TEST_SMALL"))  // the sanitizer runs: a few tiles
    return {{0, 0}, {0, 5}, {5, 0}, {1, 1}, {2, 1}, {1000, 31}, {31, 1000}, {50021, 1000}, {30011, 20011}};
  return {{0, 0}, {0, 5}, {5, 0}, {1, 1}, {2, 1}, {1000, 31}, {31, 1000}, {(1 << 20) + 7, 1000}, {600000, 500001}};
}

/// n ascending keys drawn from the integers [lo, hi] (clamped to T; floats take k / 4), with many
/// ties; built by counting, not sorting, so that large inputs cost little.
template <class T>
std::vector<T> sorted_keys(std::int64_t n, const std::string& salt, long long lo = -1000, long long hi = 1000) {
  lo = std::max<long long>(lo, static_cast<long long>(std::numeric_limits<T>::lowest()));
  hi = std::min<long long>(hi, static_cast<long long>(std::min<double>(std::numeric_limits<T>::max(), 1e18)));
  auto g = rng(salt + "#" + std::to_string(n));
  std::uniform_int_distribution<long long> d(lo, hi);
  std::vector<std::int64_t> count(static_cast<std::size_t>(hi - lo + 1), 0);
  for (std::int64_t i = 0; i < n; ++i) ++count[static_cast<std::size_t>(d(g) - lo)];
  std::vector<T> v;
  v.reserve(static_cast<std::size_t>(n));
  for (long long k = lo; k <= hi; ++k) {
    T x = std::is_floating_point_v<T> ? static_cast<T>(static_cast<T>(k) * T(0.25)) : static_cast<T>(k);
    v.insert(v.end(), static_cast<std::size_t>(count[static_cast<std::size_t>(k - lo)]), x);
  }
  return v;
}

/// The keys reversed: descending (they hold no NaN, so this is tide's descending order).
template <class T>
std::vector<T> reversed(std::vector<T> v) {
  std::reverse(v.begin(), v.end());
  return v;
}

template <class T, class Comp>
std::vector<T> reference_merge(const std::vector<T>& a, const std::vector<T>& b, Comp comp) {
  std::vector<T> out(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), out.begin(), comp);
  return out;
}

/// A key and where it came from (range * 2^32 + index): what a stable merge must order ties by.
template <class K>
struct tagged {
  K key;
  std::int64_t tag;
};

/// Merges (ka, va) and (kb, vb) by key with merge_by_key on backend B, checks against std::merge.
template <class B, class K, class Comp, class Ref>
void check_merge_by_key(const std::vector<K>& ka, const std::vector<K>& kb, Comp comp, Ref ref) {
  std::int64_t na = static_cast<std::int64_t>(ka.size()), nb = static_cast<std::int64_t>(kb.size());
  std::vector<std::int64_t> va(ka.size()), vb(kb.size());
  std::iota(va.begin(), va.end(), std::int64_t(0));
  std::iota(vb.begin(), vb.end(), std::int64_t(1) << 32);
  std::vector<tagged<K>> ta(ka.size()), tb(kb.size()), want(ka.size() + kb.size());
  for (std::int64_t i = 0; i < na; ++i) ta[i] = {ka[i], va[i]};
  for (std::int64_t i = 0; i < nb; ++i) tb[i] = {kb[i], vb[i]};
  std::merge(ta.begin(), ta.end(), tb.begin(), tb.end(), want.begin(),
             [&](const tagged<K>& x, const tagged<K>& y) { return ref(x.key, y.key); });
  std::vector<K> want_keys(want.size());
  std::vector<std::int64_t> want_vals(want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    want_keys[i] = want[i].key;
    want_vals[i] = want[i].tag;
  }

  auto dka = to_backend<B>(ka);
  auto dkb = to_backend<B>(kb);
  auto dva = to_backend<B>(va);
  auto dvb = to_backend<B>(vb);
  typename B::template vector<K> keys_out(na + nb, tide::no_init);
  typename B::template vector<std::int64_t> vals_out(na + nb, tide::no_init);
  auto ends = tide::merge_by_key(B::policy(), dka.begin(), dka.end(), dkb.begin(), dkb.end(), dva.begin(),
                                 dvb.begin(), keys_out.begin(), vals_out.begin(), comp);
  CHECK(ends.first == keys_out.end());
  CHECK(ends.second == vals_out.end());
  CHECK(same_bits(to_std(keys_out), want_keys));
  CHECK(to_std(vals_out) == want_vals);
}

}  // namespace

TEST_CASE_TEMPLATE("merge of two sorted ranges, ascending and descending, at every size", B, TIDE_TEST_BACKENDS) {
  auto run = [](auto tag) {
    using T = decltype(tag);
    for (auto [na, nb] : merge_sizes()) {
      for (bool descending : {false, true}) {
        CAPTURE(na);
        CAPTURE(nb);
        CAPTURE(descending);
        std::vector<T> a = sorted_keys<T>(na, "merge-a"), b = sorted_keys<T>(nb, "merge-b"), want;
        if (descending) {
          a = reversed(a);
          b = reversed(b);
          want = reference_merge(a, b, key_order<T, true>());
        } else {
          want = reference_merge(a, b, key_order<T, false>());
        }
        auto da = to_backend<B>(a);
        auto db = to_backend<B>(b);
        typename B::template vector<T> out(na + nb, tide::no_init);
        auto end = descending ? tide::merge(B::policy(), da.begin(), da.end(), db.begin(), db.end(), out.begin(),
                                            tide::greater<>())
                              : tide::merge(B::policy(), da.begin(), da.end(), db.begin(), db.end(), out.begin());
        CHECK(end == out.end());
        CHECK(same_bits(to_std(out), want));
      }
    }
  };
  run(std::int32_t{});
  run(std::uint32_t{});
  run(std::int64_t{});
  run(std::uint64_t{});
  run(float{});
  run(double{});
}

TEST_CASE_TEMPLATE("merge is stable: of equal keys, the first range's come first, each in order", B,
                   TIDE_TEST_BACKENDS) {
  for (auto [na, nb] : merge_sizes()) {
    CAPTURE(na);
    CAPTURE(nb);
    auto a = sorted_keys<std::int32_t>(na, "merge-stable-a", 0, 9);
    auto b = sorted_keys<std::int32_t>(nb, "merge-stable-b", 0, 9);
    check_merge_by_key<B>(a, b, tide::less<>(), std::less<>());
    std::reverse(a.begin(), a.end());
    std::reverse(b.begin(), b.end());
    check_merge_by_key<B>(a, b, std::greater<std::int32_t>(), std::greater<>());
  }
}

TEST_CASE_TEMPLATE("merge_by_key moves each key's value, for every key type", B, TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto [na, nb] : {std::pair<std::int64_t, std::int64_t>{0, 3}, {1000, 999}, {200003, 100000}}) {
      CAPTURE(na);
      CAPTURE(nb);
      auto a = sorted_keys<T>(na, "merge_by_key-a");
      auto b = sorted_keys<T>(nb, "merge_by_key-b");
      check_merge_by_key<B>(a, b, tide::less<T>(), key_order<T, false>());
      std::reverse(a.begin(), a.end());  // descending now (no NaNs among them)
      std::reverse(b.begin(), b.end());
      check_merge_by_key<B>(a, b, tide::greater<>(), key_order<T, true>());
    }
  });
}

TEST_CASE_TEMPLATE("merge of float keys: zeros equal and taken first range first, NaNs last, bits kept", B,
                   TIDE_TEST_BACKENDS) {
  auto run = [](auto tag) {
    using T = decltype(tag);
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const T inf = std::numeric_limits<T>::infinity();
    // Each input as tide's sorts leave it: -0.0 == +0.0 in input order, NaNs (either sign) last.
    std::vector<T> a = {-inf, T(-1), T(-0.0), T(0.0), T(2), inf, nan, -nan};
    std::vector<T> b = {-inf, T(0.0), T(-0.0), T(2), -nan};
    check_merge_by_key<B>(a, b, tide::less<>(), key_order<T, false>());
    auto da = to_backend<B>(a);
    auto db = to_backend<B>(b);
    typename B::template vector<T> out(a.size() + b.size(), tide::no_init);
    tide::merge(B::policy(), da.begin(), da.end(), db.begin(), db.end(), out.begin());
    auto got = to_std(out);
    std::vector<T> want = {-inf, -inf, T(-1), T(-0.0), T(0.0), T(0.0), T(-0.0), T(2), T(2), inf, nan, -nan, -nan};
    CHECK(same_bits(got, want));
    // Descending: numbers from the top, NaNs still last.
    std::vector<T> ad = {inf, T(2), T(0.0), T(-0.0), T(-1), -nan, nan};
    std::vector<T> bd = {T(3), T(-0.0), -inf, nan};
    check_merge_by_key<B>(ad, bd, std::greater<>(), key_order<T, true>());
    auto dad = to_backend<B>(ad);
    auto dbd = to_backend<B>(bd);
    typename B::template vector<T> outd(ad.size() + bd.size(), tide::no_init);
    tide::merge(B::policy(), dad.begin(), dad.end(), dbd.begin(), dbd.end(), outd.begin(), tide::greater<T>());
    std::vector<T> wantd = {inf, T(3), T(2), T(0.0), T(-0.0), T(-0.0), T(-1), -inf, -nan, nan, nan};
    CHECK(same_bits(to_std(outd), wantd));
  };
  run(float{});
  run(double{});
}

namespace {
struct point_by_x {
  TIDE_HOST_DEVICE bool operator()(const point& a, const point& b) const { return a.x < b.x; }
};
}  // namespace

TEST_CASE_TEMPLATE("merge with a custom comparator: by absolute value, and a struct key", B, TIDE_TEST_BACKENDS) {
  for (auto [na, nb] : merge_sizes()) {
    CAPTURE(na);
    CAPTURE(nb);
    // Sorted by absolute value: sorted magnitudes, each negated or not at random.
    auto a = sorted_keys<int>(na, "merge-abs-a", 0, 20);
    auto b = sorted_keys<int>(nb, "merge-abs-b", 0, 20);
    auto g = rng("merge-abs-sign");
    for (auto& x : a) x = (g() & 1) ? -x : x;
    for (auto& x : b) x = (g() & 1) ? -x : x;
    auto da = to_backend<B>(a);
    auto db = to_backend<B>(b);
    typename B::template vector<int> out(na + nb, tide::no_init);
    tide::merge(B::policy(), da.begin(), da.end(), db.begin(), db.end(), out.begin(), by_abs());
    CHECK(to_std(out) == reference_merge(a, b, by_abs()));  // x and -x tie: the order says where each came from
    check_merge_by_key<B>(a, b, by_abs(), by_abs());

    auto ax = sorted_keys<int>(na, "merge-pt-a", 0, 50);
    auto bx = sorted_keys<int>(nb, "merge-pt-b", 0, 50);
    std::vector<point> pa(ax.size()), pb(bx.size());
    for (std::size_t i = 0; i < pa.size(); ++i) pa[i] = {ax[i], static_cast<int>(i)};
    for (std::size_t i = 0; i < pb.size(); ++i) pb[i] = {bx[i], -1 - static_cast<int>(i)};
    auto dpa = to_backend<B>(pa);
    auto dpb = to_backend<B>(pb);
    typename B::template vector<point> pout(na + nb, tide::no_init);
    tide::merge(B::policy(), dpa.begin(), dpa.end(), dpb.begin(), dpb.end(), pout.begin(), point_by_x());
    CHECK(to_std(pout) == reference_merge(pa, pb, point_by_x()));
  }
}

TEST_CASE_TEMPLATE("merge through iterator adaptors: a counting input, a discarded output", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {std::int64_t(0), std::int64_t(1000), std::int64_t(300001)}) {
    CAPTURE(n);
    auto evens = tide::make_counting_iterator<std::int64_t>(0);
    auto b = sorted_keys<std::int64_t>(n, "merge-count", 0, n);
    auto db = to_backend<B>(b);
    typename B::template vector<std::int64_t> out(n + n, tide::no_init);
    tide::merge(B::policy(), evens, evens + n, db.begin(), db.end(), out.begin());
    std::vector<std::int64_t> a(static_cast<std::size_t>(n));
    std::iota(a.begin(), a.end(), std::int64_t(0));
    CHECK(to_std(out) == reference_merge(a, b, std::less<>()));
    auto end = tide::merge(B::policy(), db.begin(), db.end(), evens, evens + n, tide::make_discard_iterator());
    CHECK(end - tide::make_discard_iterator() == 2 * n);
  }
}

TEST_CASE_TEMPLATE("merge with last before first throws naming the algorithm", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1);
  typename B::template vector<int> out(20, 0);
  CHECK_THROWS_WITH_AS(tide::merge(B::policy(), d.end(), d.begin(), d.begin(), d.end(), out.begin()),
                       "tide::merge: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::merge_by_key(B::policy(), d.begin(), d.end(), d.end(), d.begin(), d.begin(), d.begin(),
                                          out.begin(), out.begin()),
                       "tide::merge_by_key: last is before first", std::invalid_argument);
  CHECK(to_std(out) == std::vector<int>(20, 0));
}

TEST_CASE("merge on par with odd thread counts: slices found by co-rank") {
  auto a = sorted_keys<std::int32_t>(700001, "par-merge-a", 0, 99);
  auto b = sorted_keys<std::int32_t>(300007, "par-merge-b", 0, 99);
  auto want = reference_merge(a, b, std::less<>());
  for (int threads : {3, 5, 16}) {
    CAPTURE(threads);
    std::vector<std::int32_t> out(a.size() + b.size());
    tide::merge(tide::par.with_threads(threads), a.data(), a.data() + a.size(), b.data(), b.data() + b.size(),
                out.data());
    CHECK(out == want);
  }
}

TEST_CASE("merge without a policy picks the system from the iterators") {
  std::vector<int> a = {1, 3, 5}, b = {2, 3, 4};
  std::vector<int> out(6);
  CHECK(tide::merge(a.begin(), a.end(), b.begin(), b.end(), out.begin()) == out.end());
  CHECK(out == std::vector<int>{1, 2, 3, 3, 4, 5});
  tide::device_vector<int> da(a.begin(), a.end()), db(b.begin(), b.end()), dout(6);
  tide::device_vector<int> va(3, 1), vb(3, 2), vout(6);
  auto ends = tide::merge_by_key(da.begin(), da.end(), db.begin(), db.end(), va.begin(), vb.begin(), dout.begin(),
                                 vout.begin());
  CHECK(ends.first == dout.end());
  CHECK(to_std(dout) == std::vector<int>{1, 2, 3, 3, 4, 5});
  CHECK(to_std(vout) == std::vector<int>{1, 2, 1, 2, 2, 1});
}

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
// partition_search.hpp: a partition kernel searches a cut by one thread, a group of 2 to 16 lanes
// or a whole warp; groups of one warp finish their searches in different rounds. Every width must
// find merge_path's cut, in merge's and the merge sort's partition kernels alike, over more cuts
// than one block holds.
TEST_CASE("the partition kernels find merge_path's cuts by a thread, a group of lanes or a warp alike") {
  namespace cd = tide::backend::cuda::detail;
  constexpr int tile = 64;
  auto comp = std::less<std::int32_t>();
  for (auto [na, nb] : std::vector<std::pair<std::int64_t, std::int64_t>>{{5000, 3001}, {1, 9000}, {9000, 0}}) {
    CAPTURE(na);
    CAPTURE(nb);
    auto a = sorted_keys<std::int32_t>(na, "lanes-a", 0, 60);
    auto b = sorted_keys<std::int32_t>(nb, "lanes-b", 20, 90);
    const std::int64_t tiles = (na + nb + tile - 1) / tile;
    std::vector<std::int64_t> want(static_cast<std::size_t>(tiles));
    for (std::int64_t t = 0; t < tiles; ++t)
      want[std::size_t(t)] = cd::merge_path(a.data(), na, b.data(), nb, t * tile, comp);
    tide::device_vector<std::int32_t> da(a.begin(), a.end()), db(b.begin(), b.end());
    tide::device_vector<std::int64_t> splits(static_cast<std::size_t>(tiles), -1);
    const std::int32_t* pa = tide::raw_pointer_cast(da.data());
    const std::int32_t* pb = tide::raw_pointer_cast(db.data());
    for (int log2_lanes = 0; log2_lanes <= 5; ++log2_lanes) {
      CAPTURE(log2_lanes);
      tide::fill(tide::device, splits.begin(), splits.end(), std::int64_t(-1));
      cd::merge_partition_kernel<tile><<<cd::partition_grid(tiles, log2_lanes), cd::partition_threads>>>(
          pa, na, pb, nb, tiles, tide::raw_pointer_cast(splits.data()), comp, log2_lanes);
      REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
      CHECK(to_std(splits) == want);
    }
  }
  // The merge sort's kernel: runs of `width` in pairs, a pair's second run short or missing.
  const std::int64_t width = 1000, n = 5 * width + 321;
  std::vector<std::int32_t> keys;
  for (std::int64_t r = 0; r * width < n; ++r) {
    auto run = sorted_keys<std::int32_t>(std::min(width, n - r * width), "lanes-run" + std::to_string(r), 0, 300);
    keys.insert(keys.end(), run.begin(), run.end());
  }
  const std::int64_t tiles = (n + tile - 1) / tile;
  std::vector<std::int64_t> want(static_cast<std::size_t>(tiles));
  for (std::int64_t t = 0; t < tiles; ++t) {
    const cd::merge_pair m(t * tile, n, width);
    want[std::size_t(t)] = cd::merge_path(keys.data() + m.pair, m.na, keys.data() + m.pair + m.na, m.nb,
                                          t * tile - m.pair, comp);
  }
  tide::device_vector<std::int32_t> dk(keys.begin(), keys.end());
  tide::device_vector<std::int64_t> splits(static_cast<std::size_t>(tiles), -1);
  for (int log2_lanes = 0; log2_lanes <= 5; ++log2_lanes) {
    CAPTURE(log2_lanes);
    tide::fill(tide::device, splits.begin(), splits.end(), std::int64_t(-1));
    cd::merge_sort_partition_kernel<tile><<<cd::partition_grid(tiles, log2_lanes), cd::partition_threads>>>(
        static_cast<const std::int32_t*>(tide::raw_pointer_cast(dk.data())), n, width, tiles,
        tide::raw_pointer_cast(splits.data()), comp, log2_lanes);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(to_std(splits) == want);
  }
}

TEST_CASE("the partition kernels search by a warp up to warp_search_max_cuts, a group of 8, then a thread") {
  namespace cd = tide::backend::cuda::detail;
  CHECK(cd::partition_log2_lanes(1) == 5);
  CHECK(cd::partition_log2_lanes(cd::warp_search_max_cuts) == 5);
  CHECK(cd::partition_log2_lanes(cd::warp_search_max_cuts + 1) == 3);
  CHECK(cd::partition_log2_lanes(cd::group_search_max_cuts) == 3);
  CHECK(cd::partition_log2_lanes(cd::group_search_max_cuts + 1) == 0);
  CHECK(cd::partition_grid(cd::warp_search_max_cuts, 5) == unsigned(cd::warp_search_max_cuts * 32 / 256));
  CHECK(cd::partition_grid(33, 3) == 2u);  // 264 lanes
  CHECK(cd::partition_grid(257, 0) == 2u);
}
#endif
