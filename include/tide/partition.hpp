#pragma once
/// \file partition.hpp
/// partition, stable_partition, partition_copy and stable_partition_copy, with and without a
/// stencil, with and without a policy (Thrust's signatures and results).
///   - partition / stable_partition reorder [first, last) in place so that the elements with
///     pred(x) (or pred(stencil[i]) for the element that starts at i) come first, and return the
///     end of that group. stable_partition keeps the order inside both groups. partition keeps the
///     selected group in order too on every system; the rejected group's order is unspecified: on
///     the CUDA system it is reversed, as Thrust's (CUB DevicePartition::If), seq swaps as Thrust's
///     sequential partition, and par (OpenMP) leaves it in order.
///   - partition_copy / stable_partition_copy copy the selected elements to out_true and the others
///     to out_false, both in order (Thrust's CUDA partition_copy is stable too), and return the
///     pair of output ends.
/// As in Thrust, a stencil must not overlap the range it partitions, nor an output its input.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (stable_partition then merges partitioned
/// blocks with rotations: O(n log n)).

#include <type_traits>

#include "backend/omp/partition.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/partition.hpp"
#include "detail/dispatch.hpp"
#include "detail/user_backend.hpp"
#include "pair.hpp"
#include "transform.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/partition.hpp"
#endif

namespace tide {

namespace detail {
/// The stencil argument of the in-place forms without one (the elements are their own stencil).
struct no_stencil {};

/// partition_copy's work over [first, first + n): returns how many were selected.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class SelectedIt, class RejectedIt, class Pred>
TIDE_HOST_DEVICE size_type partition_copy_n(const Policy& policy, It first, size_type n, StencilIt stencil,
                                            SelectedIt selected, RejectedIt rejected, Pred pred) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    // In device code seq; nvcc's device pass also sees the host's call (backend/seq/device_code.hpp).
    if (false) (void)partition_copy_n(policy.policy, first, n, stencil, selected, rejected, pred);
    return partition_copy_n(seq_policy{}, first, n, stencil, selected, rejected, pred);
  } else
#endif
  {
    return dispatch::partition_copy(writer_policy<SelectedIt>(writer_policy<RejectedIt>(policy)),
                                    unwrap_iterator(first), n, unwrap_iterator(stencil), unwrap_iterator(selected),
                                    unwrap_iterator(rejected), pred);
  }
}

/// partition's (Stable: stable_partition's) work in place over [first, first + n); returns how
/// many were selected.
TIDE_EXEC_CHECK_DISABLE
template <bool Stable, class Policy, class It, class StencilIt, class Pred>
TIDE_HOST_DEVICE size_type partition_n(const Policy& policy, It first, size_type n, StencilIt stencil, Pred pred) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    if (false) (void)partition_n<Stable>(policy.policy, first, n, stencil, pred);  // as partition_copy_n
    return partition_n<Stable>(seq_policy{}, first, n, stencil, pred);
  } else
#endif
  {
    const auto p = writer_policy<It>(policy);
    auto u_first = unwrap_iterator(first);
    if constexpr (std::is_same_v<StencilIt, no_stencil>) {
      if constexpr (Stable)
        return dispatch::stable_partition(p, u_first, n, pred);
      else
        return dispatch::partition(p, u_first, n, pred);
    } else {
      if constexpr (Stable)
        return dispatch::stable_partition(p, u_first, n, unwrap_iterator(stencil), pred);
      else
        return dispatch::partition(p, u_first, n, unwrap_iterator(stencil), pred);
    }
  }
}
}  // namespace detail

// ---- partition, stable_partition ----------------------------------------------------------------

/// Reorders [first, last) so that the x with pred(x) come first (in order; the others after them in
/// an unspecified order); returns the end of the selected group.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It partition(const Policy& policy, It first, It last, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "partition");
  if (n == 0) return first;
  return detail::advanced(first, detail::partition_n<false>(detail::run_policy(policy), first, n,
                                                            detail::no_stencil{}, pred));
}
/// Reorders [first, last) so that the elements whose stencil passes (pred(stencil[i]) for the
/// element that starts at i) come first; returns the end of that group.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It partition(const Policy& policy, It first, It last, StencilIt stencil, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "partition");
  if (n == 0) return first;
  return detail::advanced(first, detail::partition_n<false>(detail::run_policy(policy), first, n, stencil, pred));
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
It partition(It first, It last, Pred pred) {
  return tide::partition(detail::select_policy(first), first, last, pred);
}
template <class It, class StencilIt, class Pred, detail::enable_if_not_policy_t<It> = 0>
It partition(It first, It last, StencilIt stencil, Pred pred) {
  return tide::partition(detail::select_policy(first, stencil), first, last, stencil, pred);
}

/// partition that keeps the order inside both groups.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It stable_partition(const Policy& policy, It first, It last, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "stable_partition");
  if (n == 0) return first;
  return detail::advanced(first, detail::partition_n<true>(detail::run_policy(policy), first, n,
                                                           detail::no_stencil{}, pred));
}
/// partition with a stencil that keeps the order inside both groups.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It stable_partition(const Policy& policy, It first, It last, StencilIt stencil, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "stable_partition");
  if (n == 0) return first;
  return detail::advanced(first, detail::partition_n<true>(detail::run_policy(policy), first, n, stencil, pred));
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
It stable_partition(It first, It last, Pred pred) {
  return tide::stable_partition(detail::select_policy(first), first, last, pred);
}
template <class It, class StencilIt, class Pred, detail::enable_if_not_policy_t<It> = 0>
It stable_partition(It first, It last, StencilIt stencil, Pred pred) {
  return tide::stable_partition(detail::select_policy(first, stencil), first, last, stencil, pred);
}

// ---- partition_copy, stable_partition_copy ------------------------------------------------------

/// Copies each first[i] with pred(stencil[i]) to out_true and the others to out_false, both in
/// order; returns the ends of both outputs. The outputs must not overlap the input.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class OutTrue, class OutFalse, class Pred,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<OutTrue, OutFalse> stable_partition_copy(const Policy& policy, It first, It last,
                                                               StencilIt stencil, OutTrue out_true,
                                                               OutFalse out_false, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "stable_partition_copy");
  if (n == 0) return {out_true, out_false};
  size_type k = detail::partition_copy_n(detail::run_policy(policy), first, n, stencil, out_true, out_false, pred);
  return {detail::advanced(out_true, k), detail::advanced(out_false, n - k)};
}
/// Copies each x in [first, last) with pred(x) to out_true and the others to out_false, in order.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutTrue, class OutFalse, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<OutTrue, OutFalse> stable_partition_copy(const Policy& policy, It first, It last,
                                                               OutTrue out_true, OutFalse out_false, Pred pred) {
  return tide::stable_partition_copy(policy, first, last, first, out_true, out_false, pred);
}
template <class It, class StencilIt, class OutTrue, class OutFalse, class Pred, detail::enable_if_not_policy_t<It> = 0>
pair<OutTrue, OutFalse> stable_partition_copy(It first, It last, StencilIt stencil, OutTrue out_true,
                                              OutFalse out_false, Pred pred) {
  return tide::stable_partition_copy(detail::select_policy(first, stencil, out_true, out_false), first, last, stencil,
                                     out_true, out_false, pred);
}
template <class It, class OutTrue, class OutFalse, class Pred, detail::enable_if_not_policy_t<It> = 0>
pair<OutTrue, OutFalse> stable_partition_copy(It first, It last, OutTrue out_true, OutFalse out_false, Pred pred) {
  return tide::stable_partition_copy(detail::select_policy(first, out_true, out_false), first, last, first, out_true,
                                     out_false, pred);
}

/// stable_partition_copy under Thrust's other name: on every system the copies keep their order.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class OutTrue, class OutFalse, class Pred,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<OutTrue, OutFalse> partition_copy(const Policy& policy, It first, It last, StencilIt stencil,
                                                        OutTrue out_true, OutFalse out_false, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "partition_copy");
  if (n == 0) return {out_true, out_false};
  size_type k = detail::partition_copy_n(detail::run_policy(policy), first, n, stencil, out_true, out_false, pred);
  return {detail::advanced(out_true, k), detail::advanced(out_false, n - k)};
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutTrue, class OutFalse, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<OutTrue, OutFalse> partition_copy(const Policy& policy, It first, It last, OutTrue out_true,
                                                        OutFalse out_false, Pred pred) {
  return tide::partition_copy(policy, first, last, first, out_true, out_false, pred);
}
template <class It, class StencilIt, class OutTrue, class OutFalse, class Pred, detail::enable_if_not_policy_t<It> = 0>
pair<OutTrue, OutFalse> partition_copy(It first, It last, StencilIt stencil, OutTrue out_true, OutFalse out_false,
                                       Pred pred) {
  return tide::partition_copy(detail::select_policy(first, stencil, out_true, out_false), first, last, stencil,
                              out_true, out_false, pred);
}
template <class It, class OutTrue, class OutFalse, class Pred, detail::enable_if_not_policy_t<It> = 0>
pair<OutTrue, OutFalse> partition_copy(It first, It last, OutTrue out_true, OutFalse out_false, Pred pred) {
  return tide::partition_copy(detail::select_policy(first, out_true, out_false), first, last, first, out_true,
                              out_false, pred);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(partition)
TIDE_USER_BACKEND(partition_copy)
TIDE_USER_BACKEND(stable_partition)
TIDE_USER_BACKEND(stable_partition_copy)

}  // namespace tide
