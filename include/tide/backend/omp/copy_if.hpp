#pragma once
// OpenMP stream compaction: copy_if and unique_copy over parallel_scan (parallel_scan.hpp). Each
// block counts what it keeps, the counts become carries in block order, then the block writes from
// its carry while it is still in cache (one pass over memory): stable, and the same output for any
// thread count. Not in-place safe (a block may write where a later block is still to be read).

#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "parallel_scan.hpp"

namespace tide::backend::omp {

namespace detail {
/// Stable compaction over [0, n): keep(i) says whether element i stays, write(i, k) stores it in
/// output slot k. Returns the number kept. keep is called twice per element (count, then write:
/// the second time the element is in cache).
template <class Keep, class Write>
size_type parallel_compact(const omp_policy& p, size_type n, Keep keep, Write write, size_type item_bytes) {
  size_type total = 0;
  parallel_scan<size_type>(
      p, n,
      [&](size_type b, size_type e) {
        size_type count = 0;
        for (size_type i = b; i < e; ++i) count += keep(i) ? 1 : 0;
        return count;
      },
      [&](size_type b, size_type e, const size_type* carry) {
        size_type k = carry ? *carry : 0;
        for (size_type i = b; i < e; ++i)
          if (keep(i)) write(i, k++);
        if (e == n) total = k;  // the last block knows the total
      },
      [](size_type a, size_type b) { return a + b; }, item_bytes);
  return total;
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
