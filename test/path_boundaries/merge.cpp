// The path-boundary sweep (sweep.hpp): merge, merge_by_key, and the merge sort (a comparator of
// the caller's).
#include "sweep.hpp"

using namespace boundary_sweep;  // the sweep's helpers (sweep.hpp)

TEST_CASE("merge and merge_by_key are right at every path boundary of every element type") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const std::int64_t limit = sweep_limit();
    pb::edges e = pb::merge<T>(limit);
    for (std::int64_t n : pb::merge<T, std::uint32_t>(limit).sizes) e.sizes.push_back(n);
    e.done();
    auto h = key_values<T>(largest(e), std::string("merge-") + type_name<T>());
    std::vector<std::uint32_t> vals(h.size());
    std::iota(vals.begin(), vals.end(), 0u);
    tide::device_vector<T> out(h.size());
    tide::device_vector<std::uint32_t> vout(h.size());
    std::vector<T> want(h.size());
    std::vector<std::uint32_t> want_v(h.size());
    sweep("merge", type_name<T>(), e, [&](std::int64_t n) {
      // Two sorted runs of the first n keys, split unevenly (a third, two thirds).
      std::vector<T> a(h.begin(), h.begin() + n / 3), b(h.begin() + n / 3, h.begin() + n);
      tide::sort(tide::seq, a.begin(), a.end());
      tide::sort(tide::seq, b.begin(), b.end());
      const tide::device_vector<T> da(a.begin(), a.end()), db(b.begin(), b.end());
      const tide::device_vector<std::uint32_t> dva(vals.begin(), vals.begin() + a.size()),
          dvb(vals.begin() + a.size(), vals.begin() + n);
      tide::merge(tide::device, da.begin(), da.end(), db.begin(), db.end(), out.begin());
      tide::merge(tide::seq, a.begin(), a.end(), b.begin(), b.end(), want.begin());
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(out, n), first_n(want, n)), "merge");
      tide::merge_by_key(tide::device, da.begin(), da.end(), db.begin(), db.end(), dva.begin(), dvb.begin(),
                         out.begin(), vout.begin());
      tide::merge_by_key(tide::seq, a.begin(), a.end(), b.begin(), b.end(), vals.begin(), vals.begin() + a.size(),
                         want.begin(), want_v.begin());
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(out, n), first_n(want, n)), "merge_by_key keys");
      CHECK_MESSAGE(device_prefix(vout, n) == first_n(want_v, n), "merge_by_key values");
    });
  });
}

TEST_CASE("sort and sort_by_key with a comparator of the caller's are right at every merge sort boundary") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    // Each round of the merge sort is the same code, its parity alone changing where the tiles go:
    // by default the rounds up to 2^21 keys (7 of them for 4-byte keys) run, the rest under
    // TIDE_TEST_LARGE (they took 4 of the sweep's 5 minutes on an H100).
    const std::int64_t limit =
        tide_test::large_enabled() ? sweep_limit() : std::min<std::int64_t>(sweep_limit(), 1 << 21);
    for (bool pairs : {false, true}) {
      const pb::edges e = pairs ? pb::merge_sort<T, std::uint32_t>(limit) : pb::merge_sort<T>(limit);
      const auto h = key_values<T>(largest(e), std::string("merge-sort-") + type_name<T>());
      const tide::device_vector<T> d(h.begin(), h.end());
      sweep(pairs ? "merge_sort pairs" : "merge_sort", type_name<T>(), e,
            [&](std::int64_t n) { check_sort_prefix(h, d, n, pairs, by_low_bits(), "by the low 4 bits"); });
    }
  });
}
