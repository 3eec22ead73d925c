#pragma once
// Sequential partitioning: partition_copy (stable, two outputs), partition (in place, unstable:
// Thrust's sequential swap loop), stable_partition (in place; on the host through a temporary copy
// as Thrust's sequential one, in device code without allocation by merging partitioned blocks with
// rotations). Each returns the number of selected elements. The stencil forms evaluate
// pred(stencil[i]) for the element that starts at position i; the forms without a stencil pass
// the range itself as the stencil.

#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "device_code.hpp"
#if !defined(__CUDA_ARCH__)
#include "../../detail/temporary_buffer.hpp"
#endif

namespace tide::backend::seq {

/// Writes, in order, first[i] with pred(stencil[i]) to selected and the others to rejected;
/// returns how many were selected.
TIDE_EXEC_CHECK_DISABLE
template <class It, class StencilIt, class SelectedIt, class RejectedIt, class Pred>
TIDE_HOST_DEVICE size_type partition_copy(const seq_policy&, It first, size_type n, StencilIt stencil,
                                          SelectedIt selected, RejectedIt rejected, Pred pred) {
  size_type k = 0, r = 0;
  for (size_type i = 0; i < n; ++i) {
    if (pred(stencil[i]))
      selected[k++] = first[i];
    else
      rejected[r++] = first[i];
  }
  return k;
}

namespace detail {
TIDE_EXEC_CHECK_DISABLE
template <class It>
TIDE_HOST_DEVICE void swap_at(It first, size_type a, size_type b) {
  tide::detail::iter_value_t<It> x = first[a];
  tide::detail::iter_value_t<It> y = first[b];
  first[a] = y;
  first[b] = x;
}
/// Reverses [first + a, first + b).
TIDE_EXEC_CHECK_DISABLE
template <class It>
TIDE_HOST_DEVICE void reverse_range(It first, size_type a, size_type b) {
  while (a + 1 < b) swap_at(first, a++, --b);
}
/// How many pred(stencil[i]) hold for i in [a, b).
TIDE_EXEC_CHECK_DISABLE
template <class StencilIt, class Pred>
TIDE_HOST_DEVICE size_type count_selected(StencilIt stencil, size_type a, size_type b, Pred& pred) {
  size_type k = 0;
  for (size_type i = a; i < b; ++i) k += pred(stencil[i]) ? 1 : 0;
  return k;
}
}  // namespace detail

/// Moves the elements with pred(stencil[i]) before the others, by swaps (unstable: Thrust's
/// sequential partition); returns how many were selected. Each stencil position is read once,
/// before any swap moves the element at that position.
TIDE_EXEC_CHECK_DISABLE
template <class It, class StencilIt, class Pred>
TIDE_HOST_DEVICE size_type partition(const seq_policy&, It first, size_type n, StencilIt stencil, Pred pred) {
  size_type k = 0;
  while (k < n && pred(stencil[k])) ++k;
  for (size_type i = k + 1; i < n; ++i) {
    if (pred(stencil[i])) {
      detail::swap_at(first, k, i);
      ++k;
    }
  }
  return k;
}

/// The same with the elements as their own stencil.
TIDE_EXEC_CHECK_DISABLE
template <class It, class Pred>
TIDE_HOST_DEVICE size_type partition(const seq_policy& p, It first, size_type n, Pred pred) {
  return seq::partition(p, first, n, first, pred);
}

/// Stable partition in place without allocation (what device code runs): blocks of width 1, 2, 4,
/// ... are partitioned by merging two partitioned halves, [S1 R1][S2 R2] -> [S1 S2 R1 R2], one
/// rotation of R1 S2 (three reversals). A block's split is its start plus the number of selected
/// among its stencil positions: the block holds a permutation of the elements that started there
/// (so this holds for the items themselves too, when they are the stencil). O(n log n).
TIDE_EXEC_CHECK_DISABLE
template <class It, class StencilIt, class Pred>
TIDE_HOST_DEVICE size_type stable_partition_in_place(It first, size_type n, StencilIt stencil, Pred pred) {
  for (size_type width = 1; width < n; width *= 2) {
    for (size_type b = 0; b + width < n; b += 2 * width) {
      const size_type m = b + width, e = m + width < n ? m + width : n;
      const size_type s1 = b + detail::count_selected(stencil, b, m, pred);
      const size_type s2 = m + detail::count_selected(stencil, m, e, pred);
      if (s1 < m && m < s2) {  // rotate [s1, s2) left by m - s1
        detail::reverse_range(first, s1, m);
        detail::reverse_range(first, m, s2);
        detail::reverse_range(first, s1, s2);
      }
    }
  }
  return detail::count_selected(stencil, 0, n, pred);
}

namespace detail {
/// stable_partition's work; Stencil is the range itself (the copy is then the stencil read back)
/// when ItemsAreStencil.
TIDE_EXEC_CHECK_DISABLE
template <bool ItemsAreStencil, class It, class StencilIt, class Pred>
TIDE_HOST_DEVICE size_type stable_partition(const seq_policy& p, It first, size_type n, StencilIt stencil, Pred& pred) {
#if defined(__CUDA_ARCH__)
  (void)p;
  return stable_partition_in_place(first, n, stencil, pred);
#else
  using value_t = tide::detail::iter_value_t<It>;
  tide::detail::temporary_buffer<value_t> copy(p, static_cast<std::size_t>(n), "stable_partition");
  value_t* c = copy.data();
  for (size_type i = 0; i < n; ++i) c[i] = first[i];
  auto write = [&](auto st) {
    size_type k = 0;
    for (size_type i = 0; i < n; ++i)
      if (pred(st[i])) first[k++] = c[i];
    size_type r = k;
    for (size_type i = 0; i < n; ++i)
      if (!pred(st[i])) first[r++] = c[i];
    return k;
  };
  if constexpr (ItemsAreStencil) {
    (void)stencil;
    return write(static_cast<const value_t*>(c));
  } else {
    return write(stencil);
  }
#endif
}
}  // namespace detail

/// Moves the elements with pred(stencil[i]) before the others, keeping the order within each
/// group; returns how many were selected. On the host the range is copied to a temporary first
/// (selected, then rejected, are written back from it, as Thrust's sequential one); in device code,
/// stable_partition_in_place.
TIDE_EXEC_CHECK_DISABLE
template <class It, class StencilIt, class Pred>
TIDE_HOST_DEVICE size_type stable_partition(const seq_policy& p, It first, size_type n, StencilIt stencil, Pred pred) {
  return detail::stable_partition<false>(p, first, n, stencil, pred);
}
/// The same with the elements as their own stencil.
TIDE_EXEC_CHECK_DISABLE
template <class It, class Pred>
TIDE_HOST_DEVICE size_type stable_partition(const seq_policy& p, It first, size_type n, Pred pred) {
  return detail::stable_partition<true>(p, first, n, first, pred);
}

}  // namespace tide::backend::seq
