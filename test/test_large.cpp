// Large sizes on the device system (TIDE_TEST_LARGE=1; the GPU script's "large" step): 2^24+1 and
// 2^28 elements through reduce, scans, transform, copy_if, gather, scatter, sort and histogram,
// against host references. Without TIDE_TEST_LARGE they are reported as skipped, not passed.
#include "common.hpp"

#include <numeric>

using namespace tide_test;

namespace {
std::vector<std::int64_t> large_sizes() { return {(std::int64_t(1) << 24) + 1, std::int64_t(1) << 28}; }
}  // namespace

TEST_CASE("large: reduce, scans and transform at 2^24+1 and 2^28" * doctest::skip(!large_enabled())) {
  for (auto n : large_sizes()) {
    CAPTURE(n);
    auto h = random_vector<std::uint32_t>(n, "large-u32", 0, 1000);
    tide::device_vector<std::uint32_t> d(h.begin(), h.end());
    std::uint64_t want = std::accumulate(h.begin(), h.end(), std::uint64_t(0));
    CHECK(tide::reduce(tide::device, d.begin(), d.end(), std::uint64_t(0)) == want);
    tide::device_vector<std::uint32_t> out(n, tide::no_init);
    tide::inclusive_scan(tide::device, d.begin(), d.end(), out.begin());
    std::vector<std::uint32_t> want_scan(n);
    std::partial_sum(h.begin(), h.end(), want_scan.begin());
    CHECK(to_std(out) == want_scan);
    tide::exclusive_scan(tide::device, d.begin(), d.end(), out.begin(), 5u);
    std::vector<std::uint32_t> got = to_std(out);
    bool ok = got[0] == 5u;
    for (std::int64_t i = 1; i < n && ok; ++i) ok = got[i] == want_scan[i - 1] + 5u;
    CHECK(ok);
    tide::transform(tide::device, d.begin(), d.end(), out.begin(), tide::negate<std::uint32_t>());
    got = to_std(out);
    ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i) ok = got[i] == std::uint32_t(0) - h[i];
    CHECK(ok);
  }
}

TEST_CASE("large: copy_if, gather and scatter at 2^24+1 and 2^28" * doctest::skip(!large_enabled())) {
  for (auto n : large_sizes()) {
    CAPTURE(n);
    auto h = random_vector<int>(n, "large-int", 0, 1 << 20);
    tide::device_vector<int> d(h.begin(), h.end()), out(n, tide::no_init);
    auto is_odd = [] TIDE_HOST_DEVICE(int v) { return (v & 1) != 0; };
    auto end = tide::copy_if(tide::device, d.begin(), d.end(), out.begin(), is_odd);
    std::vector<int> want;
    std::copy_if(h.begin(), h.end(), std::back_inserter(want), [](int v) { return (v & 1) != 0; });
    REQUIRE(end - out.begin() == static_cast<std::ptrdiff_t>(want.size()));
    auto got = to_std(out);
    got.resize(want.size());
    CHECK(got == want);
    std::vector<int> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng("large-perm"));
    tide::device_vector<int> map(perm.begin(), perm.end());
    tide::gather(tide::device, map.begin(), map.end(), d.begin(), out.begin());
    got = to_std(out);
    bool ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i) ok = got[i] == h[perm[i]];
    CHECK(ok);
    tide::scatter(tide::device, d.begin(), d.end(), map.begin(), out.begin());
    got = to_std(out);
    ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i) ok = got[perm[i]] == h[i];
    CHECK(ok);
  }
}

TEST_CASE("large: sort keys and pairs, and histogram_even at 2^24+1 and 2^28" * doctest::skip(!large_enabled())) {
  for (auto n : large_sizes()) {
    CAPTURE(n);
    auto h = random_vector<std::uint32_t>(n, "large-sort", 0, 4294967295.0);
    tide::device_vector<std::uint32_t> d(h.begin(), h.end());
    tide::device_vector<std::uint32_t> idx(n, tide::no_init);
    tide::sequence(tide::device, idx.begin(), idx.end());
    tide::stable_sort_by_key(tide::device, d.begin(), d.end(), idx.begin());
    auto keys = to_std(d);
    auto vals = to_std(idx);
    bool ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i) {
      ok = keys[i] == h[vals[i]];
      if (i) ok = ok && (keys[i - 1] < keys[i] || (keys[i - 1] == keys[i] && vals[i - 1] < vals[i]));
    }
    CHECK(ok);
    std::sort(h.begin(), h.end());
    CHECK(keys == h);
    tide::device_vector<std::uint32_t> hist(256, tide::no_init);
    tide::histogram_even(tide::device, d.begin(), d.end(), hist.begin(), 256, 0ull, 1ull << 32);
    std::vector<std::uint32_t> want(256, 0);
    for (auto k : h) want[k >> 24]++;
    CHECK(to_std(hist) == want);
  }
}
