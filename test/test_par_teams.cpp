// tide::par's teams: a parallel region asks OpenMP for one thread or the policy's whole team
// (backend/omp/parallel.hpp, team_for), so with more threads than a range has work for, some
// threads of the team idle through the region. Each case runs par.with_threads(16) on sizes that
// give work to fewer threads (a few chunks of 4096, a few radix chunks of 2^14, a few scan blocks)
// and checks the results against seq's.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "common.hpp"

using namespace tide_test;

namespace {
/// Sizes that leave most of 16 threads without work, and one that gives every thread some.
std::vector<std::int64_t> team_sizes() { return {8192 + 1, 3 * 4096 + 7, 5 * 16384 + 3, 40000, 16 * 4096 + 1}; }
const auto wide = tide::par.with_threads(16);
}  // namespace

TEST_CASE("par with idle threads: copy_if, the scans and reduce match seq") {
  for (std::int64_t n : team_sizes()) {
    CAPTURE(n);
    const auto h = random_vector<std::int32_t>(n, "teams-scan", -1000, 1000);
    std::vector<std::int32_t> want(n), got(n);
    auto odd = [](std::int32_t x) { return x % 2 != 0; };
    const auto kw = std::copy_if(h.begin(), h.end(), want.begin(), odd) - want.begin();
    const auto kg = tide::copy_if(wide, h.begin(), h.end(), got.begin(), odd) - got.begin();
    REQUIRE(kg == kw);
    CHECK(std::equal(want.begin(), want.begin() + kw, got.begin()));
    tide::inclusive_scan(tide::seq, h.begin(), h.end(), want.begin());
    tide::inclusive_scan(wide, h.begin(), h.end(), got.begin());
    CHECK(got == want);
    tide::exclusive_scan(tide::seq, h.begin(), h.end(), want.begin(), 5);
    tide::exclusive_scan(wide, h.begin(), h.end(), got.begin(), 5);
    CHECK(got == want);
    CHECK(tide::reduce(wide, h.begin(), h.end(), std::int64_t(0)) ==
          tide::reduce(tide::seq, h.begin(), h.end(), std::int64_t(0)));
  }
}

TEST_CASE("par with idle threads: radix and comparison sorts match seq, stably") {
  for (std::int64_t n : team_sizes()) {
    CAPTURE(n);
    const auto keys = random_vector<std::uint32_t>(n, "teams-sort", 0, 300);  // ties
    std::vector<std::uint32_t> a = keys, b = keys;
    tide::sort(tide::seq, a.begin(), a.end());
    tide::sort(wide, b.begin(), b.end());
    CHECK(b == a);
    std::vector<std::int64_t> va(n), vb(n);
    for (std::int64_t i = 0; i < n; ++i) va[i] = vb[i] = i;
    a = keys, b = keys;
    tide::stable_sort_by_key(tide::seq, a.begin(), a.end(), va.begin(), tide::greater<>());
    tide::stable_sort_by_key(wide, b.begin(), b.end(), vb.begin(), tide::greater<>());
    CHECK(b == a);
    CHECK(vb == va);
    // A user's comparator: the samplesort (from 2^15) or the merge sort.
    const auto f = random_vector<float>(n, "teams-sort-custom", -50, 50);
    std::vector<float> fa = f, fb = f;
    auto by_magnitude = [](float x, float y) { return std::abs(x) < std::abs(y); };
    tide::stable_sort(tide::seq, fa.begin(), fa.end(), by_magnitude);
    tide::stable_sort(wide, fb.begin(), fb.end(), by_magnitude);
    CHECK(fb == fa);
  }
}

TEST_CASE("par with idle threads: unique_by_key, the searches and the histogram match seq") {
  for (std::int64_t n : team_sizes()) {
    CAPTURE(n);
    auto runs = random_runs(n, "teams-unique", 6);
    std::vector<int> ka(runs.begin(), runs.end()), kb = ka;
    std::vector<std::int64_t> va(n), vb(n);
    for (std::int64_t i = 0; i < n; ++i) va[i] = vb[i] = i;
    const auto ea = tide::unique_by_key(tide::seq, ka.begin(), ka.end(), va.begin());
    const auto eb = tide::unique_by_key(wide, kb.begin(), kb.end(), vb.begin());
    REQUIRE(eb.first - kb.begin() == ea.first - ka.begin());
    CHECK(std::equal(ka.begin(), ea.first, kb.begin()));
    CHECK(std::equal(va.begin(), ea.second, vb.begin()));
    std::vector<int> sorted(n);
    for (std::int64_t i = 0; i < n; ++i) sorted[i] = int(i / 3);
    for (std::int64_t at : {std::int64_t(0), n / 3, n - 1}) {
      CAPTURE(at);
      std::vector<int> s = sorted;
      s[at] = -1;
      CHECK(tide::find(wide, s.begin(), s.end(), -1) - s.begin() == at);
      CHECK(tide::mismatch(wide, s.begin(), s.end(), sorted.begin()).first - s.begin() == at);
      if (at > 0) CHECK(tide::is_sorted_until(wide, s.begin(), s.end()) - s.begin() == at);
    }
    CHECK(tide::find(wide, sorted.begin(), sorted.end(), -1) == sorted.end());
    const auto samples = random_vector<float>(n, "teams-histogram", 0, 1);
    std::vector<std::int64_t> ha(64), hb(64);
    tide::histogram_even(tide::seq, samples.begin(), samples.end(), ha.begin(), 64, 0.0f, 1.0f);
    tide::histogram_even(wide, samples.begin(), samples.end(), hb.begin(), 64, 0.0f, 1.0f);
    CHECK(hb == ha);
  }
}
