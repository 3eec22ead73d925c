#pragma once
// OpenMP stream compaction: copy_if and unique_copy over parallel_split (below; parallel_scan.hpp). Each
// block counts what it keeps, the counts become carries in block order, then the block writes from
// its carry while it is still in cache (one pass over memory): stable, and the same output for any
// thread count. Not in-place safe (a block may write where a later block is still to be read).

#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "parallel_scan.hpp"

namespace tide::backend::omp {

namespace detail {
/// Stable split of [0, n): selected(i) says whether element i goes first; write_selected(i, k)
/// stores it at selected slot k, write_rejected(i, q) at rejected slot q. Returns the number
/// selected. selected is called twice per element (count, then write: the second time the element
/// is in cache). The partitions use it whole; the compactions below with no rejected writes.
template <class Selected, class WriteSelected, class WriteRejected>
size_type parallel_split(const omp_policy& p, size_type n, Selected selected, WriteSelected write_selected,
                         WriteRejected write_rejected, size_type item_bytes) {
  size_type total = 0;
  parallel_scan<size_type>(
      p, n,
      [&](size_type b, size_type e) {
        size_type k = 0;
        for (size_type i = b; i < e; ++i) k += selected(i) ? 1 : 0;
        return k;
      },
      [&](size_type b, size_type e, const size_type* carry) {
        size_type k = carry ? *carry : 0, q = b - k;
        for (size_type i = b; i < e; ++i) {
          if (selected(i))
            write_selected(i, k++);
          else
            write_rejected(i, q++);
        }
        if (e == n) total = k;  // the last block knows the total
      },
      [](size_type a, size_type b) { return a + b; }, item_bytes);
  return total;
}

/// Stable compaction over [0, n): keep(i) says whether element i stays, write(i, k) stores it in
/// output slot k. Returns the number kept.
template <class Keep, class Write>
size_type parallel_compact(const omp_policy& p, size_type n, Keep keep, Write write, size_type item_bytes) {
  return parallel_split(p, n, keep, write, [](size_type, size_type) {}, item_bytes);
}
}  // namespace detail

/// Copies first[i] to the next output slot where pred(stencil[i]); returns how many were written.
template <class It, class StencilIt, class OutIt, class Pred>
size_type copy_if(const omp_policy& p, It first, size_type n, StencilIt stencil, OutIt out, Pred pred) {
  return detail::parallel_compact(
      p, n, [&](size_type i) -> bool { return pred(stencil[i]); },
      [&](size_type i, size_type k) { out[k] = first[i]; }, sizeof(tide::detail::iter_value_t<It>));
}

/// Copies the first element of each run of neighbours that pred calls equal; returns how many.
template <class It, class OutIt, class Pred>
size_type unique_copy(const omp_policy& p, It first, size_type n, OutIt out, Pred pred) {
  return detail::parallel_compact(
      p, n, [&](size_type i) -> bool { return i == 0 || !pred(first[i - 1], first[i]); },
      [&](size_type i, size_type k) { out[k] = first[i]; }, sizeof(tide::detail::iter_value_t<It>));
}

}  // namespace tide::backend::omp
