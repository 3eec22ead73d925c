#pragma once
/// \file adjacent_difference.hpp
/// adjacent_difference, with Thrust's signatures and results, with and without a policy:
/// result[0] = first[0] and result[i] = op(first[i], first[i - 1]); returns the output's end.
///
/// Types, as Thrust's (thrust/system/detail/sequential/adjacent_difference.h, generic/ and CUB's):
/// each element is held as the input's value type V and passed to `op` as such; op's result is
/// assigned to the output, and result[0] is assigned first[0] itself. The default operator is
/// `minus<V>`: it computes in V, so int8 differences wrap in int8, even into a wider output.
/// In place is allowed: `result` may equal `first` (otherwise the two must not overlap).
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <type_traits>

#include "backend/omp/adjacent_difference.hpp"
#include "backend/seq/adjacent_difference.hpp"
#include "backend/seq/device_code.hpp"
#include "detail/dispatch.hpp"
#include "detail/user_backend.hpp"
#include "execution.hpp"
#include "functional.hpp"
#include "transform.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/adjacent_difference.hpp"
#endif

#if defined(__CUDA_ARCH__)
// nvcc's device pass: seq in device code, naming the CUDA call the host makes (as the forwarders of
// backend/seq/device_code.hpp, written out here for this family).
namespace tide::backend::device_pass {
TIDE_EXEC_CHECK_DISABLE
template <class P, class... A>
TIDE_HOST_DEVICE void adjacent_difference(const ::tide::detail::device_pass_policy<P>& p, A&&... a) {
  if (false)
    adjacent_difference(::tide::detail::adl_policy<::tide::cuda_policy, ::tide::backend::cuda::adl_tag>(p.policy),
                        a...);
  adjacent_difference(::tide::detail::adl_policy<::tide::seq_policy, ::tide::backend::seq::adl_tag>(seq_policy{}),
                      static_cast<A&&>(a)...);
}
}  // namespace tide::backend::device_pass
#endif

namespace tide {

/// result[0] = first[0], result[i] = op(first[i], first[i - 1]); returns result + (last - first).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, class Op, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt adjacent_difference(const Policy& policy, InIt first, InIt last, OutIt result, Op op) {
  size_type n = detail::range_size(policy, first, last, "adjacent_difference");
  if (n == 0) return result;
  detail::dispatch::adjacent_difference(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                        detail::unwrap_iterator(first), n, detail::unwrap_iterator(result), op);
  return detail::advanced(result, n);
}
/// result[0] = first[0], result[i] = first[i] - first[i - 1], computed in the input's value type.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt adjacent_difference(const Policy& policy, InIt first, InIt last, OutIt result) {
  return tide::adjacent_difference(policy, first, last, result, minus<detail::iter_value_t<InIt>>());
}
template <class InIt, class OutIt, class Op, detail::enable_if_not_policy_t<InIt> = 0>
OutIt adjacent_difference(InIt first, InIt last, OutIt result, Op op) {
  return tide::adjacent_difference(detail::select_policy(first, result), first, last, result, op);
}
template <class InIt, class OutIt, detail::enable_if_not_policy_t<InIt> = 0>
OutIt adjacent_difference(InIt first, InIt last, OutIt result) {
  return tide::adjacent_difference(detail::select_policy(first, result), first, last, result,
                                   minus<detail::iter_value_t<InIt>>());
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(adjacent_difference)

}  // namespace tide
