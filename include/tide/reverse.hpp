#pragma once
/// \file reverse.hpp
/// reverse, reverse_copy and swap_ranges, with Thrust's signatures and results (reverse returns
/// nothing; reverse_copy the output's end; swap_ranges the end of the second range).
/// All three are transforms over adaptors, so every backend (and the CUDA transform kernel's
/// tiles: each thread loads all its items before it stores any) serves them unchanged:
/// - swap_ranges transforms zip(first1, first2) into itself, each pair (a, b) becoming (b, a):
///   every position is read and written by one thread only, so the same range swapped with itself
///   is left as it is; other overlaps are outside Thrust's contract.
/// - reverse is swap_ranges of the first half with the second half read backwards: pair i is
///   (x[i], x[n-1-i]) for i < n/2, the middle element of an odd n untouched. On CUDA a warp reads
///   and writes 32 consecutive elements at each end, both coalesced.
/// - reverse_copy is a copy from a reverse_iterator.
/// The forms that take a policy also run in device code, with tide::seq or tide::device.

#include <type_traits>

#include "detail/user_backend.hpp"
#include "iterator/reverse_iterator.hpp"
#include "iterator/zip_iterator.hpp"
#include "transform.hpp"
#include "tuple.hpp"

namespace tide {

namespace detail {

/// (a, b) -> (b, a), through the element type's swap (found by ADL where it has its own, as
/// Thrust's swap_ranges calls it).
template <class V1, class V2>
struct swap_pair_fn {
  TIDE_EXEC_CHECK_DISABLE
  template <class Pair>
  TIDE_HOST_DEVICE tuple<V1, V2> operator()(const Pair& p) const {
    V1 a = get<0>(p);
    V2 b = get<1>(p);
    using tide::swap;
    swap(a, b);
    return tuple<V1, V2>(a, b);
  }
};

/// Swaps a[i] and b[i] for i < n (n > 0) by a transform of zip(a, b) into itself.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2>
TIDE_HOST_DEVICE void swap_elements(const Policy& policy, It1 a, size_type n, It2 b) {
  auto zip = tide::make_zip_iterator(a, b);
  dispatch::transform(policy, zip, n, zip, swap_pair_fn<iter_value_t<It1>, iter_value_t<It2>>{});
}

}  // namespace detail

// ---- swap_ranges ------------------------------------------------------------------------------

/// Swaps first1[i] and first2[i] for each i; returns first2 + (last1 - first1). The ranges are the
/// same range or do not overlap.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It2 swap_ranges(const Policy& policy, It1 first1, It1 last1, It2 first2) {
  size_type n = detail::range_size(policy, first1, last1, "swap_ranges");
  if (n > 0)
    detail::swap_elements(detail::writer_policy<It1>(detail::writer_policy<It2>(detail::run_policy(policy))),
                          detail::unwrap_iterator(first1), n, detail::unwrap_iterator(first2));
  return detail::advanced(first2, n);
}
template <class It1, class It2, detail::enable_if_not_policy_t<It1> = 0>
It2 swap_ranges(It1 first1, It1 last1, It2 first2) {
  return tide::swap_ranges(detail::select_policy(first1, first2), first1, last1, first2);
}

// ---- reverse, reverse_copy --------------------------------------------------------------------

/// Reverses [first, last) in place.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void reverse(const Policy& policy, It first, It last) {
  size_type n = detail::range_size(policy, first, last, "reverse");
  if (n < 2) return;
  auto u_first = detail::unwrap_iterator(first);
  detail::swap_elements(detail::writer_policy<It>(detail::run_policy(policy)), u_first, n / 2,
                        tide::make_reverse_iterator(detail::advanced(u_first, n)));
}
template <class It, detail::enable_if_not_policy_t<It> = 0>
void reverse(It first, It last) {
  tide::reverse(detail::select_policy(first), first, last);
}

/// out[i] = first[n-1-i] for n = last - first; returns out + n. The ranges do not overlap.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt reverse_copy(const Policy& policy, It first, It last, OutIt out) {
  size_type n = detail::range_size(policy, first, last, "reverse_copy");
  if (n > 0)
    detail::dispatch::transform(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                tide::make_reverse_iterator(detail::advanced(detail::unwrap_iterator(first), n)), n,
                                detail::unwrap_iterator(out), identity<>());
  return detail::advanced(out, n);
}
template <class It, class OutIt, detail::enable_if_not_policy_t<It> = 0>
OutIt reverse_copy(It first, It last, OutIt out) {
  return tide::reverse_copy(detail::select_policy(first, out), first, last, out);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(reverse)
TIDE_USER_BACKEND(reverse_copy)
TIDE_USER_BACKEND(swap_ranges)

}  // namespace tide
