// The path-boundary sweep (sweep.hpp): sort and sort_by_key in tide's key order (the radix sort).
#include "sweep.hpp"

using namespace boundary_sweep;  // the sweep's helpers (sweep.hpp)

TEST_CASE("sort and sort_by_key are right at every path boundary of every key type, both orders") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const std::int64_t limit = sweep_limit();
    for (bool pairs : {false, true}) {
      const pb::edges e = pairs ? pb::radix_sort<T, std::uint32_t>(limit) : pb::radix_sort<T>(limit);
      const auto h = key_values<T>(largest(e), std::string("radix-") + type_name<T>());
      const tide::device_vector<T> d(h.begin(), h.end());
      sweep(pairs ? "sort_by_key" : "sort", type_name<T>(), e, [&](std::int64_t n) {
        check_sort_prefix(h, d, n, pairs, tide::less<T>(), "ascending");
        check_sort_prefix(h, d, n, pairs, tide::greater<T>(), "descending");
      });
    }
  });
}
