#pragma once
// Partitioning on the CUDA system, over copy_if.hpp's one-pass select kernel (its partition modes):
//   - partition_copy: selected items to one output, rejected ones to the other, both in order
//     (Thrust's CUDA partition_copy and stable_partition_copy are both this).
//   - partition (in place): Thrust's order, selected items first in order, then the rejected ones
//     in reverse order (CUB DevicePartition::If's single output).
//   - stable_partition (in place): selected, then rejected, both in order.
// In place, one kernel pass writes the selected items straight back into the range (a forward
// compaction, safe in place by copy_if.hpp's argument: a tile writes only below its own end, after
// every earlier tile has loaded) and the rejected ones to a temporary (they belong at the end of the
// range, which later tiles may not have read yet); then only the rejected items are copied back.
// That moves n + n + 2 * rejected items (Thrust: a copy of all n to a temporary, the pass, and a
// reverse of the rejected part for stable_partition).

#include <type_traits>

#include "../../detail/dispatch.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "copy_if.hpp"
#include "for_each.hpp"

namespace tide::backend::cuda {
namespace detail {

/// The value itself (the copy back of the rejected items).
struct copy_value {
  template <class T>
  __host__ __device__ T operator()(const T& x) const {
    return x;
  }
};

/// Whether the stencil is the items themselves (one load instead of two).
template <class It, class StencilIt>
bool same_range(It first, StencilIt stencil) {
  if constexpr (std::is_same_v<It, StencilIt> && std::is_pointer_v<It>) return first == stencil;
  (void)first;
  (void)stencil;
  return false;
}

/// In-place partition of [first, first + n) by pred(stencil[i]); rejected items end in order
/// (Stable) or reversed. Returns how many were selected.
template <bool Stable, class It, class StencilIt, class Pred>
size_type partition_in_place(const cuda_policy& p, It first, size_type n, StencilIt stencil, bool same, Pred pred,
                             const char* algorithm) {
  if (n == 0) return 0;
  using value_t = tide::detail::iter_value_t<It>;
  tide::detail::temporary_buffer<value_t> rejected(p, static_cast<std::size_t>(n), algorithm);
  constexpr select_mode mode = Stable ? select_mode::partition_copy : select_mode::partition_reversed;
  // Selected items to first[0, s); rejected item q to rejected[q] (stable) or rejected[n - 1 - q].
  const size_type s = select<mode>(p, first, stencil, same, n, first, rejected.data(), pred, algorithm);
  if (s < n) {
    const value_t* from = rejected.data() + (Stable ? size_type(0) : s);
    transform(p, from, n - s, first + s, copy_value{});
  }
  return s;
}

}  // namespace detail

/// Writes, in order, first[i] with pred(stencil[i]) to selected and the others to rejected;
/// returns how many were selected. The outputs must not overlap the inputs.
template <class It, class StencilIt, class SelectedIt, class RejectedIt, class Pred>
size_type partition_copy(const cuda_policy& p, It first, size_type n, StencilIt stencil, SelectedIt selected,
                         RejectedIt rejected, Pred pred) {
  if (n == 0) return 0;
  return detail::select<detail::select_mode::partition_copy>(p, first, stencil, detail::same_range(first, stencil), n,
                                                             selected, rejected, pred, "partition_copy");
}

/// Thrust's CUDA partition: selected items first in order, then the rejected ones reversed.
template <class It, class StencilIt, class Pred>
size_type partition(const cuda_policy& p, It first, size_type n, StencilIt stencil, Pred pred) {
  return detail::partition_in_place<false>(p, first, n, stencil, detail::same_range(first, stencil), pred,
                                           "partition");
}
template <class It, class Pred>
size_type partition(const cuda_policy& p, It first, size_type n, Pred pred) {
  return detail::partition_in_place<false>(p, first, n, first, std::is_pointer_v<It>, pred, "partition");
}

/// Selected items first, then the rejected ones, both in order.
template <class It, class StencilIt, class Pred>
size_type stable_partition(const cuda_policy& p, It first, size_type n, StencilIt stencil, Pred pred) {
  return detail::partition_in_place<true>(p, first, n, stencil, detail::same_range(first, stencil), pred,
                                          "stable_partition");
}
template <class It, class Pred>
size_type stable_partition(const cuda_policy& p, It first, size_type n, Pred pred) {
  return detail::partition_in_place<true>(p, first, n, first, std::is_pointer_v<It>, pred, "stable_partition");
}

}  // namespace tide::backend::cuda
