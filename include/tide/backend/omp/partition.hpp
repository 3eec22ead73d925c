#pragma once
// OpenMP partitioning: partition_copy (stable, two outputs) and the in-place stable_partition and
// partition (both stable here: any stable result is a valid partition). One chunk per thread:
// each chunk counts its selected elements, the counts become offsets in chunk order (and their sum
// the selected total), then each chunk writes its selected elements from its offset and its
// rejected ones from (chunk start - offset) past the rejected output's start. The same output for
// any thread count. The in-place forms read from a temporary copy: a chunk may write where another
// still reads.

#include <vector>

#include "../../detail/dispatch.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

namespace detail {
/// Stable split of [0, n): selected(i) says whether element i goes first; write_selected(i, k)
/// stores it at selected slot k, write_rejected(i, q, total) at rejected slot q, where total is the
/// number selected. Returns that number. selected is called twice per element.
template <class Selected, class WriteSelected, class WriteRejected>
size_type parallel_split(const omp_policy& p, size_type n, Selected selected, WriteSelected write_selected,
                         WriteRejected write_rejected) {
  const int chunks = thread_count(p, n);  // parallel_chunks cuts the same chunks
  std::vector<size_type> offset(static_cast<std::size_t>(chunks) + 1, 0);
  parallel_chunks(p, n, [&](size_type b, size_type e, int c) {
    size_type k = 0;
    for (size_type i = b; i < e; ++i) k += selected(i) ? 1 : 0;
    offset[c + 1] = k;
  });
  for (int c = 0; c < chunks; ++c) offset[c + 1] += offset[c];
  const size_type total = offset[chunks];
  parallel_chunks(p, n, [&](size_type b, size_type e, int c) {
    size_type k = offset[c], q = b - offset[c];
    for (size_type i = b; i < e; ++i) {
      if (selected(i))
        write_selected(i, k++);
      else
        write_rejected(i, q++, total);
    }
  });
  return total;
}

/// stable_partition's work over a copy of the range; with ItemsAreStencil the copy is the stencil.
template <bool ItemsAreStencil, class It, class StencilIt, class Pred>
size_type stable_partition(const omp_policy& p, It first, size_type n, StencilIt stencil, Pred& pred) {
  using value_t = tide::detail::iter_value_t<It>;
  tide::detail::temporary_buffer<value_t> copy(p, static_cast<std::size_t>(n), "stable_partition");
  value_t* c = copy.data();
  parallel_for(p, n, [&](size_type i) { c[i] = first[i]; });
  auto split = [&](auto st) {
    return parallel_split(
        p, n, [&](size_type i) -> bool { return pred(st[i]); }, [&](size_type i, size_type k) { first[k] = c[i]; },
        [&](size_type i, size_type q, size_type total) { first[total + q] = c[i]; });
  };
  if constexpr (ItemsAreStencil) {
    (void)stencil;
    return split(static_cast<const value_t*>(c));
  } else {
    return split(stencil);
  }
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
      [&](size_type i, size_type q, size_type) { rejected[q] = first[i]; });
}

/// Stable partition in place by pred(stencil[i]); returns how many were selected.
template <class It, class StencilIt, class Pred>
size_type stable_partition(const omp_policy& p, It first, size_type n, StencilIt stencil, Pred pred) {
  return detail::stable_partition<false>(p, first, n, stencil, pred);
}
/// The same with the elements as their own stencil.
template <class It, class Pred>
size_type stable_partition(const omp_policy& p, It first, size_type n, Pred pred) {
  return detail::stable_partition<true>(p, first, n, first, pred);
}

/// partition on this system is the stable one.
template <class It, class StencilIt, class Pred>
size_type partition(const omp_policy& p, It first, size_type n, StencilIt stencil, Pred pred) {
  return detail::stable_partition<false>(p, first, n, stencil, pred);
}
template <class It, class Pred>
size_type partition(const omp_policy& p, It first, size_type n, Pred pred) {
  return detail::stable_partition<true>(p, first, n, first, pred);
}

}  // namespace tide::backend::omp
