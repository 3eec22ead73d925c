// Reliability: nothing fails silently.
//
// Out of memory: every algorithm that takes temporaries is run with a memory resource that fails
// its 1st, 2nd, ... allocation until the call succeeds. Each failing call must throw
// tide::bad_alloc (a std::bad_alloc) naming the algorithm and the bytes, give back every byte it
// took, and leave its input ranges as they were. Containers likewise.
//
// Bad input: the cheap precondition checks that are not a family's own "last before first" case
// (those live in each family's test file; the README's Reliability table lists them all).
#include "common.hpp"
#include "fail_resource.hpp"

#include <algorithm>
#include <initializer_list>
#include <numeric>
#include <string>

using namespace tide_test;

namespace {

constexpr bool device_is_cuda = TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA;

/// Past the small-size paths of every device algorithm (one-block sorts, single-tile scans), so the
/// multi-pass paths with the most temporaries run; still quick to repeat for each failing k.
/// Smaller under TIDE_TEST_SMALL (the sanitizer runs), but still past what one reduce block takes in
/// one launch (32K 4-byte items), so that every algorithm here allocates on the device backend.
const std::int64_t oom_n = std::getenv("TIDE_TEST_SMALL") ? 40009 : 100003;

/// Whether `what` is "tide::bad_alloc: <one of names> could not allocate <bytes> bytes".
bool names_one_of(const std::string& what, std::initializer_list<const char*> names, std::size_t bytes) {
  const std::string tail = " could not allocate " + std::to_string(bytes) + " bytes";
  for (const char* name : names)
    if (what == std::string("tide::bad_alloc: ") + name + tail) return true;
  return false;
}

/// Runs `call(policy with a failing resource)` for k = 1, 2, ... until it succeeds, checking each
/// failure (see the top of the file); `unchanged()` says whether the inputs are as they were.
/// `names` are the algorithm names the message may carry (a composed algorithm reports the
/// primitive it was in, e.g. min_element's reduce). Returns the successful call's allocations.
template <class B, class Call, class Unchanged>
int fails_cleanly_at_every_allocation(std::initializer_list<const char*> names, Call call, Unchanged unchanged) {
  tide::memory_resource* upstream = tide::detail::resource_of(B::policy());
  for (int k = 1;; ++k) {
    CAPTURE(k);
    fail_resource r(upstream, k);
    bool threw = false;
    try {
      call(B::policy()(r));
    } catch (const tide::bad_alloc& e) {
      threw = true;
      const std::string what = e.what();
      CAPTURE(what);
      CHECK(e.bytes() == r.failed_bytes());
      CHECK(names_one_of(what, names, r.failed_bytes()));
      const std::bad_alloc& as_std = e;  // catchable as the standard type
      CHECK(std::string(as_std.what()) == what);
    }
    CHECK(r.outstanding() == 0);  // nothing leaked, whether the call threw or not
    CHECK(threw == r.failed());   // a failed allocation is never swallowed
    if (!threw) return r.allocations();
    CHECK(unchanged());
    REQUIRE(k < 64);
  }
}

/// The device backend on CUDA takes every temporary from the policy's resource: there, each of
/// these algorithms must have allocated (else the test showed nothing). On the host backends only
/// some do (sorts, histograms, in-place compaction); the rest need no temporaries.
template <class B>
void check_allocated(int allocations, bool on_every_backend = false) {
  CAPTURE(allocations);
  if (on_every_backend || (device_is_cuda && std::is_same_v<B, device_backend>)) CHECK(allocations >= 1);
}

template <class V>
bool holds(const V& v, const std::vector<typename V::value_type>& want) {
  return to_std(v) == want;
}

struct square_to_double {
  TIDE_HOST_DEVICE double operator()(float x) const { return double(x) * double(x); }
};

}  // namespace

// ---- out of memory ------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("sort and stable_sort throw tide::bad_alloc at each failing allocation and keep the input", B,
                   TIDE_TEST_BACKENDS) {
  const auto h = random_vector<int>(oom_n, "oom-sort", -100000, 100000);
  auto want = h;
  std::stable_sort(want.begin(), want.end());
  {  // radix path (arithmetic keys, less)
    auto d = to_backend<B>(h);
    int a = fails_cleanly_at_every_allocation<B>(
        {"sort"}, [&](auto p) { tide::sort(p, d.begin(), d.end()); }, [&] { return holds(d, h); });
    check_allocated<B>(a, true);
    CHECK(holds(d, want));
  }
  auto want_abs = h;
  std::stable_sort(want_abs.begin(), want_abs.end(), by_abs{});
  {  // merge sort path (a comparator of the caller's)
    auto d = to_backend<B>(h);
    int a = fails_cleanly_at_every_allocation<B>(
        {"sort", "stable_sort"}, [&](auto p) { tide::stable_sort(p, d.begin(), d.end(), by_abs{}); },
        [&] { return holds(d, h); });
    check_allocated<B>(a, true);
    CHECK(holds(d, want_abs));
  }
  {
    auto d = to_backend<B>(h);
    int a = fails_cleanly_at_every_allocation<B>(
        {"sort", "stable_sort"}, [&](auto p) { tide::sort(p, d.begin(), d.end(), by_abs{}); },
        [&] { return holds(d, h); });
    check_allocated<B>(a, true);
    CHECK(holds(d, want_abs));  // sort is stable on every backend
  }
}

TEST_CASE_TEMPLATE("sort_by_key throws tide::bad_alloc at each failing allocation and keeps keys and values", B,
                   TIDE_TEST_BACKENDS) {
  const auto hk = random_vector<int>(oom_n, "oom-sbk", -1000, 1000);
  std::vector<int> hv(oom_n);
  std::iota(hv.begin(), hv.end(), 0);
  std::vector<int> want_k = hk, want_v = hv;
  {
    std::vector<std::pair<int, int>> kv(oom_n);
    for (std::int64_t i = 0; i < oom_n; ++i) kv[i] = {hk[i], hv[i]};
    std::stable_sort(kv.begin(), kv.end(), [](auto& a, auto& b) { return a.first < b.first; });
    for (std::int64_t i = 0; i < oom_n; ++i) std::tie(want_k[i], want_v[i]) = kv[i];
  }
  {  // values in one array (the radix passes carry them)
    auto k = to_backend<B>(hk);
    auto v = to_backend<B>(hv);
    int a = fails_cleanly_at_every_allocation<B>(
        {"sort_by_key"}, [&](auto p) { tide::sort_by_key(p, k.begin(), k.end(), v.begin()); },
        [&] { return holds(k, hk) && holds(v, hv); });
    check_allocated<B>(a, true);
    CHECK(holds(k, want_k));
    CHECK(holds(v, want_v));
  }
  {  // values behind a zip iterator (on CUDA: a permutation sorted with the keys, then gathered)
    auto k = to_backend<B>(hk);
    auto v = to_backend<B>(hv);
    auto w = to_backend<B>(hk);
    auto vals = tide::make_zip_iterator(v.begin(), w.begin());
    int a = fails_cleanly_at_every_allocation<B>(
        {"sort_by_key", "stable_sort_by_key"},
        [&](auto p) { tide::stable_sort_by_key(p, k.begin(), k.end(), vals); },
        [&] { return holds(k, hk) && holds(v, hv) && holds(w, hk); });
    check_allocated<B>(a, true);
    CHECK(holds(k, want_k));
    CHECK(holds(v, want_v));
    CHECK(holds(w, want_k));
  }
}

TEST_CASE_TEMPLATE("radix_sort and radix_sort_by_key throw tide::bad_alloc at each failing allocation and keep the "
                   "input",
                   B, TIDE_TEST_BACKENDS) {
  const auto hk = random_vector<std::uint32_t>(oom_n, "oom-radix", 0, 4294967295.0);
  std::vector<std::uint32_t> hv(oom_n);
  std::iota(hv.begin(), hv.end(), 0u);
  auto k = to_backend<B>(hk);
  auto v = to_backend<B>(hv);
  fails_cleanly_at_every_allocation<B>(
      {"radix_sort", "sort"}, [&](auto p) { tide::radix_sort(p, k.begin(), k.end(), 8, 24); },
      [&] { return holds(k, hk); });
  auto after_keys = to_std(k);
  fails_cleanly_at_every_allocation<B>(
      {"radix_sort_by_key", "sort_by_key"},
      [&](auto p) { tide::radix_sort_by_key(p, k.begin(), k.end(), v.begin(), 0, 32); },
      [&] { return holds(k, after_keys) && holds(v, hv); });
  auto got = to_std(k);
  CHECK(std::is_sorted(got.begin(), got.end()));
}

TEST_CASE_TEMPLATE("reductions throw tide::bad_alloc at each failing allocation", B, TIDE_TEST_BACKENDS) {
  const auto h = random_vector<float>(oom_n, "oom-reduce", -1, 1);
  auto d = to_backend<B>(h);
  auto same = [&] { return holds(d, h); };
  float sum = 0;
  int a = fails_cleanly_at_every_allocation<B>(
      {"reduce"}, [&](auto p) { sum = tide::reduce(p, d.begin(), d.end(), 0.0f); }, same);
  check_allocated<B>(a);
  CHECK(close(sum, std::accumulate(h.begin(), h.end(), 0.0), 1e-4));
  double sq = 0;
  a = fails_cleanly_at_every_allocation<B>(
      {"reduce", "transform_reduce"},
      [&](auto p) { sq = tide::transform_reduce(p, d.begin(), d.end(), square_to_double{}, 0.0, tide::plus<>()); },
      same);
  check_allocated<B>(a);
  CHECK(close(sq, [&] { double s = 0; for (float x : h) s += double(x) * x; return s; }(), 1e-6));
  std::int64_t c = 0;
  a = fails_cleanly_at_every_allocation<B>(
      {"reduce", "count_if"}, [&](auto p) { c = tide::count_if(p, d.begin(), d.end(), above{0}); }, same);
  check_allocated<B>(a);
  CHECK(c == std::count_if(h.begin(), h.end(), [](float x) { return x > 0; }));
  std::int64_t at = -1;
  a = fails_cleanly_at_every_allocation<B>(
      {"reduce", "min_element"}, [&](auto p) { at = tide::min_element(p, d.begin(), d.end()) - d.begin(); }, same);
  check_allocated<B>(a);
  CHECK(at == std::min_element(h.begin(), h.end()) - h.begin());
}

TEST_CASE_TEMPLATE("inclusive and exclusive scans throw tide::bad_alloc at each failing allocation", B,
                   TIDE_TEST_BACKENDS) {
  const auto h = random_vector<int>(oom_n, "oom-scan", -100, 100);
  auto d = to_backend<B>(h);
  typename B::template vector<int> out(oom_n, 0);
  auto same = [&] { return holds(d, h); };
  int a = fails_cleanly_at_every_allocation<B>(
      {"inclusive_scan"}, [&](auto p) { tide::inclusive_scan(p, d.begin(), d.end(), out.begin()); }, same);
  check_allocated<B>(a);
  std::vector<int> want(oom_n);
  std::partial_sum(h.begin(), h.end(), want.begin());
  CHECK(holds(out, want));
  a = fails_cleanly_at_every_allocation<B>(
      {"exclusive_scan"}, [&](auto p) { tide::exclusive_scan(p, d.begin(), d.end(), out.begin(), 7); }, same);
  check_allocated<B>(a);
  std::exclusive_scan(h.begin(), h.end(), want.begin(), 7);
  CHECK(holds(out, want));
  // In place: the input is the output, so a failure must come before the first write.
  auto inplace = to_backend<B>(h);
  a = fails_cleanly_at_every_allocation<B>(
      {"inclusive_scan"}, [&](auto p) { tide::inclusive_scan(p, inplace.begin(), inplace.end(), inplace.begin()); },
      [&] { return holds(inplace, h); });
  check_allocated<B>(a);
  std::partial_sum(h.begin(), h.end(), want.begin());
  CHECK(holds(inplace, want));
}

TEST_CASE_TEMPLATE("reduce_by_key throws tide::bad_alloc at each failing allocation", B, TIDE_TEST_BACKENDS) {
  const auto hk = random_runs(oom_n, "oom-rbk", 9);
  const auto hv = random_vector<int>(oom_n, "oom-rbk-v", -100, 100);
  auto k = to_backend<B>(hk);
  auto v = to_backend<B>(hv);
  typename B::template vector<int> kout(oom_n, 0), vout(oom_n, 0);
  std::int64_t segments = 0;
  int a = fails_cleanly_at_every_allocation<B>(
      {"reduce_by_key"},
      [&](auto p) {
        auto ends = tide::reduce_by_key(p, k.begin(), k.end(), v.begin(), kout.begin(), vout.begin());
        segments = ends.first - kout.begin();
      },
      [&] { return holds(k, hk) && holds(v, hv); });
  check_allocated<B>(a);
  std::int64_t want_segments = 1;
  for (std::int64_t i = 1; i < oom_n; ++i) want_segments += hk[i] != hk[i - 1];
  CHECK(segments == want_segments);
  const auto sums = to_std(vout);
  CHECK(std::accumulate(sums.begin(), sums.begin() + segments, 0LL) == std::accumulate(hv.begin(), hv.end(), 0LL));
}

TEST_CASE_TEMPLATE("scans by key throw tide::bad_alloc at each failing allocation", B, TIDE_TEST_BACKENDS) {
  const auto hk = random_runs(oom_n, "oom-sbk-scan", 9);
  const auto hv = random_vector<int>(oom_n, "oom-sbk-scan-v", -100, 100);
  auto k = to_backend<B>(hk);
  auto v = to_backend<B>(hv);
  typename B::template vector<int> out(oom_n, 0);
  auto same = [&] { return holds(k, hk) && holds(v, hv); };
  std::vector<int> want(oom_n);
  for (std::int64_t i = 0; i < oom_n; ++i) want[i] = hv[i] + (i && hk[i] == hk[i - 1] ? want[i - 1] : 0);
  int a = fails_cleanly_at_every_allocation<B>(
      {"inclusive_scan_by_key"},
      [&](auto p) { tide::inclusive_scan_by_key(p, k.begin(), k.end(), v.begin(), out.begin()); }, same);
  check_allocated<B>(a);
  CHECK(holds(out, want));
  a = fails_cleanly_at_every_allocation<B>(
      {"exclusive_scan_by_key"},
      [&](auto p) { tide::exclusive_scan_by_key(p, k.begin(), k.end(), v.begin(), out.begin(), 0); }, same);
  check_allocated<B>(a);
  auto got = to_std(out);
  bool ok = true;
  for (std::int64_t i = 0; i < oom_n; ++i) ok = ok && got[i] == want[i] - hv[i];
  CHECK(ok);
}

TEST_CASE_TEMPLATE("copy_if, remove_if, unique and unique_copy throw tide::bad_alloc at each failing allocation", B,
                   TIDE_TEST_BACKENDS) {
  const auto h = random_vector<int>(oom_n, "oom-select", 0, 50);
  auto d = to_backend<B>(h);
  typename B::template vector<int> out(oom_n, 0);
  auto same = [&] { return holds(d, h); };
  std::int64_t kept = 0;
  int a = fails_cleanly_at_every_allocation<B>(
      {"copy_if"}, [&](auto p) { kept = tide::copy_if(p, d.begin(), d.end(), out.begin(), is_even{}) - out.begin(); },
      same);
  check_allocated<B>(a);
  CHECK(kept == std::count_if(h.begin(), h.end(), [](int x) { return x % 2 == 0; }));
  a = fails_cleanly_at_every_allocation<B>(
      {"unique_copy"}, [&](auto p) { kept = tide::unique_copy(p, d.begin(), d.end(), out.begin()) - out.begin(); },
      same);
  check_allocated<B>(a);
  std::vector<int> want = h;
  want.erase(std::unique(want.begin(), want.end()), want.end());
  CHECK(kept == std::int64_t(want.size()));
  // In place: a failure must come before the first element moves.
  a = fails_cleanly_at_every_allocation<B>(
      {"unique", "unique_copy"}, [&](auto p) { kept = tide::unique(p, d.begin(), d.end()) - d.begin(); }, same);
  check_allocated<B>(a);
  CHECK(kept == std::int64_t(want.size()));
  auto e = to_backend<B>(h);
  a = fails_cleanly_at_every_allocation<B>(
      {"remove_if", "copy_if"}, [&](auto p) { kept = tide::remove_if(p, e.begin(), e.end(), is_even{}) - e.begin(); },
      [&] { return holds(e, h); });
  check_allocated<B>(a);
  CHECK(kept == std::count_if(h.begin(), h.end(), [](int x) { return x % 2 != 0; }));
}

TEST_CASE_TEMPLATE("histograms throw tide::bad_alloc at each failing allocation", B, TIDE_TEST_BACKENDS) {
  const auto h = random_vector<float>(oom_n, "oom-hist", 0, 1);
  auto d = to_backend<B>(h);
  typename B::template vector<std::uint32_t> hist(1000, 0);
  auto same = [&] { return holds(d, h); };
  int a = fails_cleanly_at_every_allocation<B>(
      {"histogram_even"},
      [&](auto p) { tide::histogram_even(p, d.begin(), d.end(), hist.begin(), 1000, 0.0f, 1.0f); }, same);
  check_allocated<B>(a, true);
  auto got = to_std(hist);
  CHECK(std::accumulate(got.begin(), got.end(), std::uint64_t(0)) == std::uint64_t(oom_n));
  std::vector<float> hb(101);
  for (int i = 0; i <= 100; ++i) hb[i] = i / 100.0f;
  auto bounds = to_backend<B>(hb);
  a = fails_cleanly_at_every_allocation<B>(
      {"histogram_range"},
      [&](auto p) { tide::histogram_range(p, d.begin(), d.end(), bounds.begin(), bounds.end(), hist.begin()); },
      [&] { return same() && holds(bounds, hb); });
  check_allocated<B>(a, true);
  got = to_std(hist);
  CHECK(std::accumulate(got.begin(), got.begin() + 100, std::uint64_t(0)) == std::uint64_t(oom_n));
}

TEST_CASE_TEMPLATE("merge and merge_by_key throw tide::bad_alloc at each failing allocation", B, TIDE_TEST_BACKENDS) {
  auto ha = random_vector<int>(oom_n, "oom-merge-a", -1000, 1000);
  auto hb = random_vector<int>(oom_n / 2, "oom-merge-b", -1000, 1000);
  std::sort(ha.begin(), ha.end());
  std::sort(hb.begin(), hb.end());
  auto a_ = to_backend<B>(ha);
  auto b_ = to_backend<B>(hb);
  typename B::template vector<int> out(ha.size() + hb.size(), 0), vout(ha.size() + hb.size(), 0);
  auto same = [&] { return holds(a_, ha) && holds(b_, hb); };
  int a = fails_cleanly_at_every_allocation<B>(
      {"merge"}, [&](auto p) { tide::merge(p, a_.begin(), a_.end(), b_.begin(), b_.end(), out.begin()); }, same);
  check_allocated<B>(a);
  std::vector<int> want(ha.size() + hb.size());
  std::merge(ha.begin(), ha.end(), hb.begin(), hb.end(), want.begin());
  CHECK(holds(out, want));
  a = fails_cleanly_at_every_allocation<B>(
      {"merge_by_key"},
      [&](auto p) {
        tide::merge_by_key(p, a_.begin(), a_.end(), b_.begin(), b_.end(), a_.begin(), b_.begin(), out.begin(),
                           vout.begin());
      },
      same);
  check_allocated<B>(a);
  CHECK(holds(out, want));
  CHECK(holds(vout, want));
}

TEST_CASE_TEMPLATE("searches throw tide::bad_alloc at each failing allocation", B, TIDE_TEST_BACKENDS) {
  std::vector<int> h(oom_n);
  std::iota(h.begin(), h.end(), 0);
  auto d = to_backend<B>(h);
  bool found = false;
  int a = fails_cleanly_at_every_allocation<B>(
      {"binary_search"}, [&](auto p) { found = tide::binary_search(p, d.begin(), d.end(), 4242); },
      [&] { return holds(d, h); });
  check_allocated<B>(a);
  CHECK(found);
  auto values = to_backend<B>(std::vector<int>{-1, 0, 5, int(oom_n) + 1});
  typename B::template vector<std::int64_t> where(4, 0);
  fails_cleanly_at_every_allocation<B>(
      {"lower_bound"},
      [&](auto p) { tide::lower_bound(p, d.begin(), d.end(), values.begin(), values.end(), where.begin()); },
      [&] { return holds(d, h); });
  CHECK(holds(where, std::vector<std::int64_t>{0, 0, 5, oom_n}));
}

TEST_CASE("a device_vector whose resource fails throws tide::bad_alloc, leaks nothing, and keeps its contents") {
  using alloc_t = tide::device_allocator<int>;
  tide::memory_resource* upstream = tide::default_container_resource();
  {
    fail_resource r(upstream, 1);
    CHECK_THROWS_AS(tide::device_vector<int>(1000, 5, alloc_t(&r)), tide::bad_alloc);
    CHECK(r.outstanding() == 0);
  }
  {
    fail_resource r(upstream, 2);  // the first allocation holds the vector, the second is its growth
    tide::device_vector<int> v(1000, 5, alloc_t(&r));
    CHECK_THROWS_AS(v.resize(100000, 7), std::bad_alloc);
    CHECK(v.size() == 1000);
    CHECK(to_std(v) == std::vector<int>(1000, 5));
    CHECK(r.outstanding() == 1000 * sizeof(int));  // only the vector's own block
  }
}

TEST_CASE("a device_vector of more bytes than the device has throws tide::bad_alloc and the device stays usable" *
          doctest::skip(under_asan)) {
  // 2^50 bytes: beyond any GPU's memory and any host's (and the 2^47-byte user address space of
  // x86-64), yet a size a caller could compute; test_vector covers the 2^62-byte overflow-ish case.
  const std::size_t bytes = std::size_t(1) << 50;
  bool threw = false;
  try {
    tide::device_vector<char> v(bytes, tide::no_init);
  } catch (const tide::bad_alloc& e) {
    threw = true;
    CAPTURE(e.what());
    CHECK(e.bytes() == bytes);
    CHECK(std::string(e.what()).find(std::to_string(bytes) + " bytes") != std::string::npos);
  }
  CHECK(threw);
  // Nothing left behind: the next allocation and algorithm work, with no error pending.
  tide::device_vector<int> d(1000, 1);
  CHECK(tide::reduce(tide::device, d.begin(), d.end()) == 1000);
}

// ---- bad input ----------------------------------------------------------------------------------
// Each family's file tests its own "last before first"; these are the checks that belong to no one
// family.

TEST_CASE_TEMPLATE("a vector from a range with last before first throws naming vector, not bad_alloc", B,
                   TIDE_TEST_BACKENDS) {
  // Cast to size_t, the negative length would otherwise be a 2^64-byte request.
  std::vector<int> h(10, 1);
  auto d = to_backend<B>(h);
  using V = typename B::template vector<int>;
  CHECK_THROWS_WITH_AS(V(d.end(), d.begin()), "tide::vector: last is before first", std::invalid_argument);
  V v(3, 7);
  CHECK_THROWS_WITH_AS(v.assign(h.end(), h.begin()), "tide::vector: last is before first", std::invalid_argument);
  CHECK(to_std(v) == std::vector<int>(3, 7));
}

TEST_CASE_TEMPLATE("vector erase and insert outside the vector throw std::invalid_argument and change nothing", B,
                   TIDE_TEST_BACKENDS) {
  using V = typename B::template vector<int>;
  V v(std::vector<int>{1, 2, 3, 4});
  const std::vector<int> same = {1, 2, 3, 4};
  CHECK_THROWS_WITH_AS(v.erase(v.begin() + 3, v.begin() + 1), "tide::vector::erase: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(v.erase(v.begin() + 2, v.begin() + 5), "tide::vector::erase: position outside the vector",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(v.insert(v.begin() - 1, 9), "tide::vector::insert: position outside the vector",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(v.insert(v.end() + 1, std::size_t(2), 9), "tide::vector::insert: position outside the vector",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(v.insert(v.end() + 2, same.begin(), same.end()),
                       "tide::vector::insert: position outside the vector", std::invalid_argument);
  CHECK(to_std(v) == same);
  // The edges are positions too.
  v.insert(v.end(), 5);
  v.erase(v.begin(), v.begin());
  CHECK(to_std(v) == std::vector<int>{1, 2, 3, 4, 5});
}

TEST_CASE_TEMPLATE("compositions over reduce name themselves when last is before first", B, TIDE_TEST_BACKENDS) {
  // transform_reduce and count run through reduce; the message names what the caller called.
  typename B::template vector<int> d(10, 1);
  typename B::template vector<std::int64_t> out(1, 0);
  auto first = d.begin(), last = d.end();
  CHECK_THROWS_WITH_AS(tide::transform_reduce(B::policy(), last, first, times2_plus1{}, 0, tide::plus<>()),
                       "tide::transform_reduce: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::count(B::policy(), last, first, 1), "tide::count: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::count_if(B::policy(), last, first, is_even{}), "tide::count_if: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::count_into(B::policy(), last, first, out.begin(), 1),
                       "tide::count_into: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::inner_product(B::policy(), last, first, first, 0),
                       "tide::inner_product: last is before first", std::invalid_argument);
  CHECK(to_std(out) == std::vector<std::int64_t>{0});
}
