#pragma once
/// \file copy.hpp
/// Stream compaction: copy_if (with and without a stencil), remove_if, remove, remove_copy_if,
/// remove_copy, unique and unique_copy. All are stable and return the output's new end, as Thrust
/// does. The in-place forms (remove_if, remove, unique) compact into a temporary buffer and copy
/// back: a parallel compaction may write where another thread still reads.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <type_traits>

#include "backend/omp/copy_if.hpp"
#include "backend/seq/copy_if.hpp"
#include "backend/seq/device_code.hpp"
#include "detail/dispatch.hpp"
#include "detail/not_pred.hpp"
#include "detail/temporary_buffer.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "transform.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/copy_if.hpp"
#include "backend/cuda/unique.hpp"
#endif

namespace tide {

namespace detail {
/// x == value.
template <class T>
struct equal_to_value {
  T value;
  TIDE_EXEC_CHECK_DISABLE
  template <class X>
  TIDE_HOST_DEVICE bool operator()(const X& x) const {
    return x == value;
  }
};

/// Compacts [first, first + n) in place: keeps first[i] where keep(stencil[i]); returns how many.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class Keep>
TIDE_HOST_DEVICE size_type compact_in_place(const Policy& policy, It first, size_type n, StencilIt stencil, Keep keep,
                                            const char* algorithm) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    // In device code seq; nvcc's device pass also sees the host's call (backend/seq/device_code.hpp).
    if (false) (void)compact_in_place(policy.policy, first, n, stencil, keep, algorithm);
    return compact_in_place(seq_policy{}, first, n, stencil, keep, algorithm);
  }
#endif
  auto u_first = unwrap_iterator(first);
  if constexpr (std::is_same_v<base_policy_t<Policy>, seq_policy>) {
    // Left to right, each write lands at or before the element just read: safe in place.
    return dispatch::copy_if(policy, u_first, n, unwrap_iterator(stencil), u_first, keep);
  } else {
    temporary_buffer<iter_value_t<It>> kept(policy, static_cast<std::size_t>(n), algorithm);
    size_type k = dispatch::copy_if(policy, u_first, n, unwrap_iterator(stencil), kept.data(), keep);
    if (k > 0) dispatch::transform(writer_policy<It>(policy), kept.data(), k, u_first, identity<>());
    return k;
  }
}

/// unique's work: keeps the first of each run of [first, first + n) in place; returns how many.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class BinaryPred>
TIDE_HOST_DEVICE size_type unique_in_place(const Policy& policy, It first, size_type n, BinaryPred pred) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    if (false) (void)unique_in_place(policy.policy, first, n, pred);  // as compact_in_place
    return unique_in_place(seq_policy{}, first, n, pred);
  }
#endif
  auto u_first = unwrap_iterator(first);
  if constexpr (std::is_same_v<base_policy_t<Policy>, seq_policy>) {
    // Left to right, comparing input neighbours that no earlier write has touched: safe in place.
    return dispatch::unique_copy(policy, u_first, n, u_first, pred);
  } else {
    temporary_buffer<iter_value_t<It>> kept(policy, static_cast<std::size_t>(n), "unique");
    size_type k = dispatch::unique_copy(policy, u_first, n, kept.data(), pred);
    dispatch::transform(writer_policy<It>(policy), kept.data(), k, u_first, identity<>());
    return k;
  }
}
}  // namespace detail

// ---- copy_if ----------------------------------------------------------------------------------

/// Copies each first[i] with pred(stencil[i]) to out, in order; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class OutIt, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt copy_if(const Policy& policy, It first, It last, StencilIt stencil, OutIt out, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "copy_if");
  if (n == 0) return out;
  size_type k = detail::dispatch::copy_if(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                          detail::unwrap_iterator(first), n, detail::unwrap_iterator(stencil),
                                          detail::unwrap_iterator(out), pred);
  return detail::advanced(out, k);
}
/// Copies each x in [first, last) with pred(x) to out, in order; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt copy_if(const Policy& policy, It first, It last, OutIt out, Pred pred) {
  return tide::copy_if(policy, first, last, first, out, pred);
}
template <class It, class StencilIt, class OutIt, class Pred, detail::enable_if_not_policy_t<It> = 0>
OutIt copy_if(It first, It last, StencilIt stencil, OutIt out, Pred pred) {
  return tide::copy_if(detail::select_policy(first, stencil, out), first, last, stencil, out, pred);
}
template <class It, class OutIt, class Pred, detail::enable_if_not_policy_t<It> = 0>
OutIt copy_if(It first, It last, OutIt out, Pred pred) {
  return tide::copy_if(detail::select_policy(first, out), first, last, first, out, pred);
}

// ---- remove_copy_if, remove_copy --------------------------------------------------------------

/// Copies each first[i] without pred(stencil[i]) to out, in order; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class OutIt, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt remove_copy_if(const Policy& policy, It first, It last, StencilIt stencil, OutIt out,
                                      Pred pred) {
  detail::range_size(policy, first, last, "remove_copy_if");
  return tide::copy_if(policy, first, last, stencil, out, detail::not_pred<Pred>{pred});
}
/// Copies each x in [first, last) without pred(x) to out, in order; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt remove_copy_if(const Policy& policy, It first, It last, OutIt out, Pred pred) {
  return tide::remove_copy_if(policy, first, last, first, out, pred);
}
template <class It, class StencilIt, class OutIt, class Pred, detail::enable_if_not_policy_t<It> = 0>
OutIt remove_copy_if(It first, It last, StencilIt stencil, OutIt out, Pred pred) {
  return tide::remove_copy_if(detail::select_policy(first, stencil, out), first, last, stencil, out, pred);
}
template <class It, class OutIt, class Pred, detail::enable_if_not_policy_t<It> = 0>
OutIt remove_copy_if(It first, It last, OutIt out, Pred pred) {
  return tide::remove_copy_if(detail::select_policy(first, out), first, last, first, out, pred);
}

/// Copies each x in [first, last) with !(x == value) to out, in order; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt remove_copy(const Policy& policy, It first, It last, OutIt out, const T& value) {
  detail::range_size(policy, first, last, "remove_copy");
  return tide::remove_copy_if(policy, first, last, first, out, detail::equal_to_value<T>{value});
}
template <class It, class OutIt, class T, detail::enable_if_not_policy_t<It> = 0>
OutIt remove_copy(It first, It last, OutIt out, const T& value) {
  return tide::remove_copy(detail::select_policy(first, out), first, last, out, value);
}

// ---- remove_if, remove ------------------------------------------------------------------------

/// Removes each first[i] with pred(stencil[i]), keeping the others in order at the front; returns
/// the new end (the elements after it are unspecified).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It remove_if(const Policy& policy, It first, It last, StencilIt stencil, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "remove_if");
  if (n == 0) return first;
  size_type k = detail::compact_in_place(detail::run_policy(policy), first, n, stencil, detail::not_pred<Pred>{pred},
                                         "remove_if");
  return detail::advanced(first, k);
}
/// Removes each x in [first, last) with pred(x); returns the new end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It remove_if(const Policy& policy, It first, It last, Pred pred) {
  return tide::remove_if(policy, first, last, first, pred);
}
template <class It, class StencilIt, class Pred, detail::enable_if_not_policy_t<It> = 0>
It remove_if(It first, It last, StencilIt stencil, Pred pred) {
  return tide::remove_if(detail::select_policy(first, stencil), first, last, stencil, pred);
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
It remove_if(It first, It last, Pred pred) {
  return tide::remove_if(detail::select_policy(first), first, last, first, pred);
}

/// Removes each x in [first, last) equal to value; returns the new end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It remove(const Policy& policy, It first, It last, const T& value) {
  detail::range_size(policy, first, last, "remove");
  return tide::remove_if(policy, first, last, first, detail::equal_to_value<T>{value});
}
template <class It, class T, detail::enable_if_not_policy_t<It> = 0>
It remove(It first, It last, const T& value) {
  return tide::remove(detail::select_policy(first), first, last, value);
}

// ---- unique_copy, unique ----------------------------------------------------------------------

/// Copies the first element of each run of consecutive elements that pred(previous, current)
/// calls equal; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class BinaryPred = equal_to<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt unique_copy(const Policy& policy, It first, It last, OutIt out, BinaryPred pred = BinaryPred()) {
  size_type n = detail::range_size(policy, first, last, "unique_copy");
  if (n == 0) return out;
  size_type k = detail::dispatch::unique_copy(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                              detail::unwrap_iterator(first), n, detail::unwrap_iterator(out), pred);
  return detail::advanced(out, k);
}
template <class It, class OutIt, class BinaryPred = equal_to<>, detail::enable_if_not_policy_t<It> = 0>
OutIt unique_copy(It first, It last, OutIt out, BinaryPred pred = BinaryPred()) {
  return tide::unique_copy(detail::select_policy(first, out), first, last, out, pred);
}

/// Keeps the first element of each run of consecutive equal elements (pred(previous, current)),
/// in order at the front; returns the new end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class BinaryPred = equal_to<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It unique(const Policy& policy, It first, It last, BinaryPred pred = BinaryPred()) {
  size_type n = detail::range_size(policy, first, last, "unique");
  if (n == 0) return first;
  size_type k = detail::unique_in_place(detail::run_policy(policy), first, n, pred);
  return detail::advanced(first, k);
}
template <class It, class BinaryPred = equal_to<>, detail::enable_if_not_policy_t<It> = 0>
It unique(It first, It last, BinaryPred pred = BinaryPred()) {
  return tide::unique(detail::select_policy(first), first, last, pred);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(copy_if)
TIDE_USER_BACKEND(remove)
TIDE_USER_BACKEND(remove_copy)
TIDE_USER_BACKEND(remove_copy_if)
TIDE_USER_BACKEND(remove_if)
TIDE_USER_BACKEND(unique)
TIDE_USER_BACKEND(unique_copy)

}  // namespace tide
