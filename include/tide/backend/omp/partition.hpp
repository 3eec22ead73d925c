#pragma once
// OpenMP partitioning: partition_copy (stable, two outputs) and the in-place stable_partition and
// partition (both stable here: any stable result is a valid partition), over copy_if.hpp's parallel_split
// (parallel_scan.hpp, one pass over memory). Each block counts its selected elements, the counts
// are chained in block order into the selected elements before the block (k), so k items go to
// the selected output before it and (block start - k) to the rejected one; then the block writes
// its elements from there while it is still in cache. The same output for any thread count.
// The in-place forms split into a temporary buffer (selected from its front, rejected from its
// back, so no total is needed before writing) and copy it back: a block may write where another
// is still to be read, and the rejected elements' place depends on the selected total.

#include "../../detail/dispatch.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"
#include "copy_if.hpp"  // parallel_split

namespace tide::backend::omp {

namespace detail {
/// stable_partition's work: split first[0, n) by pred(stencil[i]) into a buffer, then copy it back.
template <class It, class StencilIt, class Pred>
size_type stable_partition(const omp_policy& p, It first, size_type n, StencilIt stencil, Pred& pred) {
  using value_t = tide::detail::iter_value_t<It>;
  tide::detail::temporary_buffer<value_t> buffer(p, static_cast<std::size_t>(n), "stable_partition");
  value_t* c = buffer.data();
  // Rejected slot q is c[n - 1 - q]: written from the back, it needs no total.
  const size_type total = parallel_split(
      p, n, [&](size_type i) -> bool { return pred(stencil[i]); }, [&](size_type i, size_type k) { c[k] = first[i]; },
      [&](size_type i, size_type q) { c[n - 1 - q] = first[i]; }, sizeof(value_t));
  parallel_for(p, n, [&](size_type i) { first[i] = i < total ? c[i] : c[n - 1 - (i - total)]; });
  return total;
}
}  // namespace detail

/// Writes, in order, first[i] with pred(stencil[i]) to selected and the others to rejected;
/// returns how many were selected.
template <class It, class StencilIt, class SelectedIt, class RejectedIt, class Pred>
size_type partition_copy(const omp_policy& p, It first, size_type n, StencilIt stencil, SelectedIt selected,
                         RejectedIt rejected, Pred pred) {
  return detail::parallel_split(
      p, n, [&](size_type i) -> bool { return pred(stencil[i]); },
      [&](size_type i, size_type k) { selected[k] = first[i]; },
      [&](size_type i, size_type q) { rejected[q] = first[i]; }, sizeof(tide::detail::iter_value_t<It>));
}

/// Stable partition in place by pred(stencil[i]); returns how many were selected.
template <class It, class StencilIt, class Pred>
size_type stable_partition(const omp_policy& p, It first, size_type n, StencilIt stencil, Pred pred) {
  return detail::stable_partition(p, first, n, stencil, pred);
}
/// The same with the elements as their own stencil.
template <class It, class Pred>
size_type stable_partition(const omp_policy& p, It first, size_type n, Pred pred) {
  return detail::stable_partition(p, first, n, first, pred);
}

/// partition on this system is the stable one.
template <class It, class StencilIt, class Pred>
size_type partition(const omp_policy& p, It first, size_type n, StencilIt stencil, Pred pred) {
  return detail::stable_partition(p, first, n, stencil, pred);
}
template <class It, class Pred>
size_type partition(const omp_policy& p, It first, size_type n, Pred pred) {
  return detail::stable_partition(p, first, n, first, pred);
}

}  // namespace tide::backend::omp
