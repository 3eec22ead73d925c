// The path-boundary sweep (sweep.hpp): sort and sort_by_key in tide's key order (the radix sort).
#include "sweep.hpp"

using namespace boundary_sweep;  // the sweep's helpers (sweep.hpp)

namespace {

/// pb::radix_sort's sizes, and the digits sort's own (small_radix_tuning): where its merge takes one
/// more level (runs of items * 2^k, the last warp-local one among them) in both of its shapes, and
/// the short shape's tile (512x3: 1536), where the big one takes over. V void: keys only.
template <class T, class V = void>
pb::edges radix_sort_edges(std::int64_t limit) {
  constexpr bool pairs = !std::is_void_v<V>;
  using value_t = std::conditional_t<pairs, V, T>;
  using order_t = tide::detail::radix_bits_less<T>;
  using digits = tide::backend::cuda::detail::small_radix_tuning<order_t, T, value_t, pairs>;
  pb::edges e = pb::radix_sort<T, V>(limit);
  for (std::int64_t width = digits::items; width < digits::capacity; width *= 2) e.at(width);
  if (digits::short_tile > 0) {  // the 512x3 instance up to its tile, then the big shape
    for (std::int64_t width = digits::short_items; width < digits::short_tile; width *= 2) e.at(width);
    e.at(digits::short_tile);
  }
  e.at(1536);
  e.done();
  return e;
}

}  // namespace

TEST_CASE("sort and sort_by_key are right at every path boundary of every key type, both orders") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const std::int64_t limit = sweep_limit();
    for (bool pairs : {false, true}) {
      const pb::edges e = pairs ? radix_sort_edges<T, std::uint32_t>(limit) : radix_sort_edges<T>(limit);
      const auto h = key_values<T>(largest(e), std::string("radix-") + type_name<T>());
      const tide::device_vector<T> d(h.begin(), h.end());
      sweep(pairs ? "sort_by_key" : "sort", type_name<T>(), e, [&](std::int64_t n) {
        check_sort_prefix(h, d, n, pairs, tide::less<T>(), "ascending");
        check_sort_prefix(h, d, n, pairs, tide::greater<T>(), "descending");
      });
    }
  });
}
