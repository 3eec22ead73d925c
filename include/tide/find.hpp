#pragma once
/// \file find.hpp
/// Searching and comparing, with and without a policy, with Thrust's signatures and results:
/// find, find_if, find_if_not (the first match, or last), mismatch (the first position where two
/// ranges differ, as a pair of iterators; with a binary predicate, where it fails), is_sorted and
/// is_sorted_until (default comparator `tide::less<value_type>`, as Thrust), partition_point and
/// is_partitioned.
///
/// All but partition_point are one search primitive per backend: the first index i in [0, n) where
/// a test at i holds (x[i] matches; !pred(a[i], b[i]); comp(x[i], x[i - 1])). It stops early on
/// every backend (seq at the hit; par and CUDA skip whatever lies past a known hit), and of several
/// hits the first is returned, as Thrust. partition_point is a binary search, O(log n): the range
/// must be partitioned by pred (the caller's duty, as for any sorted-input precondition); Thrust
/// scans for it linearly, with the same result on a partitioned range. is_partitioned is a
/// find_if_not, then a find_if after it.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <type_traits>

#include "backend/omp/find.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/find.hpp"
#include "binary_search.hpp"
#include "copy.hpp"
#include "detail/dispatch.hpp"
#include "detail/not_pred.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/transform_iterator.hpp"
#include "pair.hpp"
#include "transform.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/find.hpp"
#endif

namespace tide {

namespace detail {
// The search primitive through the policy a call runs under. In nvcc's device pass a CUDA policy
// runs seq, and the host's call is named in dead code so that its kernel is compiled
// (backend/seq/device_code.hpp; as copy.hpp's compact_in_place).

/// The first i in [0, n) with pred(first[i]), or n.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred>
TIDE_HOST_DEVICE size_type find_if_index(const Policy& policy, It first, size_type n, Pred pred) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    if (false) (void)dispatch::find_if(policy.policy, first, n, pred);
    return dispatch::find_if(seq_policy{}, first, n, pred);
  } else  // the device pass compiles only the branch above
#endif
    return dispatch::find_if(policy, first, n, pred);
}

/// The first i in [0, n) with !pred(first1[i], first2[i]), or n.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class Pred>
TIDE_HOST_DEVICE size_type mismatch_index(const Policy& policy, It1 first1, It2 first2, size_type n, Pred pred) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    if (false) (void)dispatch::mismatch(policy.policy, first1, first2, n, pred);
    return dispatch::mismatch(seq_policy{}, first1, first2, n, pred);
  } else  // the device pass compiles only the branch above
#endif
    return dispatch::mismatch(policy, first1, first2, n, pred);
}

/// The first i in [1, n) with comp(first[i], first[i - 1]), or n.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Comp>
TIDE_HOST_DEVICE size_type sorted_until_index(const Policy& policy, It first, size_type n, Comp comp) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    if (false) (void)dispatch::is_sorted_until(policy.policy, first, n, comp);
    return dispatch::is_sorted_until(seq_policy{}, first, n, comp);
  } else  // the device pass compiles only the branch above
#endif
    return dispatch::is_sorted_until(policy, first, n, comp);
}

/// The index of the first element of a range partitioned by pred for which pred fails (the range's
/// length if none): a binary search. The searched value is unused (search_one's shape).
template <class It, class Pred>
struct partition_point_fn {
  It first;
  size_type n;
  mutable Pred pred;  // the user's predicate may have a non-const operator()
  TIDE_EXEC_CHECK_DISABLE
  template <class V>
  TIDE_HOST_DEVICE size_type operator()(const V&) const {
    size_type lo = 0, len = n;
    while (len > 0) {
      const size_type half = len / 2;
      if (pred(first[lo + half])) {
        lo += half + 1;
        len -= half + 1;
      } else {
        len = half;
      }
    }
    return lo;
  }
};
}  // namespace detail

// ---- find_if, find_if_not, find ---------------------------------------------------------------

/// The first x in [first, last) with pred(x), or last.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It find_if(const Policy& policy, It first, It last, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "find_if");
  if (n == 0) return last;
  return detail::advanced(first,
                          detail::find_if_index(detail::run_policy(policy), detail::unwrap_iterator(first), n, pred));
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
It find_if(It first, It last, Pred pred) {
  return tide::find_if(detail::select_policy(first), first, last, pred);
}

/// The first x in [first, last) with !pred(x), or last.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It find_if_not(const Policy& policy, It first, It last, Pred pred) {
  detail::range_size(policy, first, last, "find_if_not");
  return tide::find_if(policy, first, last, detail::not_pred<Pred>{pred});
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
It find_if_not(It first, It last, Pred pred) {
  return tide::find_if_not(detail::select_policy(first), first, last, pred);
}

/// The first x in [first, last) with x == value, or last.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It find(const Policy& policy, It first, It last, const T& value) {
  detail::range_size(policy, first, last, "find");
  return tide::find_if(policy, first, last, detail::equal_to_value<T>{value});
}
template <class It, class T, detail::enable_if_not_policy_t<It> = 0>
It find(It first, It last, const T& value) {
  return tide::find(detail::select_policy(first), first, last, value);
}

// ---- mismatch ---------------------------------------------------------------------------------

/// The first position i where !pred(first1[i], first2[i]) (default: where they are not ==), as
/// (first1 + i, first2 + i); (last1, first2 + n) when the ranges agree throughout.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class Pred = equal_to<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<It1, It2> mismatch(const Policy& policy, It1 first1, It1 last1, It2 first2,
                                          Pred pred = Pred()) {
  size_type n = detail::range_size(policy, first1, last1, "mismatch");
  if (n == 0) return pair<It1, It2>(first1, first2);
  size_type i = detail::mismatch_index(detail::run_policy(policy), detail::unwrap_iterator(first1),
                                       detail::unwrap_iterator(first2), n, pred);
  return pair<It1, It2>(detail::advanced(first1, i), detail::advanced(first2, i));
}
template <class It1, class It2, class Pred = equal_to<>, detail::enable_if_not_policy_t<It1> = 0>
pair<It1, It2> mismatch(It1 first1, It1 last1, It2 first2, Pred pred = Pred()) {
  return tide::mismatch(detail::select_policy(first1, first2), first1, last1, first2, pred);
}

// ---- is_sorted_until, is_sorted ---------------------------------------------------------------

/// The end of the longest sorted prefix of [first, last): the first x whose predecessor it goes
/// before (comp(x, previous)), or last.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Comp = less<detail::iter_value_t<It>>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It is_sorted_until(const Policy& policy, It first, It last, Comp comp = Comp()) {
  size_type n = detail::range_size(policy, first, last, "is_sorted_until");
  if (n < 2) return last;
  return detail::advanced(
      first, detail::sorted_until_index(detail::run_policy(policy), detail::unwrap_iterator(first), n, comp));
}
template <class It, class Comp = less<detail::iter_value_t<It>>, detail::enable_if_not_policy_t<It> = 0>
It is_sorted_until(It first, It last, Comp comp = Comp()) {
  return tide::is_sorted_until(detail::select_policy(first), first, last, comp);
}

/// Whether [first, last) is sorted by comp: no element goes before its predecessor.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Comp = less<detail::iter_value_t<It>>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE bool is_sorted(const Policy& policy, It first, It last, Comp comp = Comp()) {
  detail::range_size(policy, first, last, "is_sorted");
  return tide::is_sorted_until(policy, first, last, comp) == last;
}
template <class It, class Comp = less<detail::iter_value_t<It>>, detail::enable_if_not_policy_t<It> = 0>
bool is_sorted(It first, It last, Comp comp = Comp()) {
  return tide::is_sorted(detail::select_policy(first), first, last, comp);
}

// ---- partition_point, is_partitioned ----------------------------------------------------------

/// In [first, last) partitioned by pred (every x with pred(x) before every x without), the first x
/// without pred(x), or last. A binary search: on a range not so partitioned the result is
/// unspecified (Thrust's linear scan gives the first x without pred(x) there too).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It partition_point(const Policy& policy, It first, It last, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "partition_point");
  if (n == 0) return last;
  auto base = detail::unwrap_iterator(first);
  return detail::advanced(first, detail::search_one<size_type>(
                                     policy, detail::partition_point_fn<decltype(base), Pred>{base, n, pred}, 0,
                                     "partition_point"));
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
It partition_point(It first, It last, Pred pred) {
  return tide::partition_point(detail::select_policy(first), first, last, pred);
}

/// Whether every x in [first, last) with pred(x) comes before every x without (true if empty).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE bool is_partitioned(const Policy& policy, It first, It last, Pred pred) {
  size_type n = detail::range_size(policy, first, last, "is_partitioned");
  if (n == 0) return true;
  auto run = detail::run_policy(policy);
  auto base = detail::unwrap_iterator(first);
  // The first x without pred(x); past it, none may have pred(x).
  size_type k = detail::find_if_index(run, base, n, detail::not_pred<Pred>{pred});
  if (k >= n - 1) return true;
  return detail::find_if_index(run, base + k + 1, n - k - 1, pred) == n - k - 1;
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
bool is_partitioned(It first, It last, Pred pred) {
  return tide::is_partitioned(detail::select_policy(first), first, last, pred);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system;
// is_sorted_until without a comparator, is_sorted, is_partitioned and partition_point compose over
// the user's overloads of the others first, as Thrust's generic layer does (its CUDA system too).
TIDE_USER_BACKEND(find)
TIDE_USER_BACKEND(find_if)
TIDE_USER_BACKEND(find_if_not)
TIDE_USER_BACKEND(mismatch)

namespace detail::user_chain {
TIDE_USER_CHAIN_DEFAULT(is_sorted_until)
TIDE_USER_CHAIN_DEFAULT(is_sorted)
TIDE_USER_CHAIN_DEFAULT(is_partitioned)
TIDE_USER_CHAIN_DEFAULT(partition_point)
template <class D, class It>
TIDE_HOST_DEVICE It is_sorted_until(D& d, It first, It last);
template <class D, class It>
TIDE_HOST_DEVICE bool is_sorted(D& d, It first, It last);
template <class D, class It, class Comp>
TIDE_HOST_DEVICE bool is_sorted(D& d, It first, It last, Comp comp);
template <class D, class It, class Pred>
TIDE_HOST_DEVICE bool is_partitioned(D& d, It first, It last, Pred pred);
template <class D, class It, class Pred>
TIDE_HOST_DEVICE It partition_point(D& d, It first, It last, Pred pred);
}  // namespace detail::user_chain

TIDE_USER_BACKEND_CHAINED(is_sorted_until)
TIDE_USER_BACKEND_CHAINED(is_sorted)
TIDE_USER_BACKEND_CHAINED(is_partitioned)
TIDE_USER_BACKEND_CHAINED(partition_point)

namespace detail::user_chain {
template <class D, class It>
TIDE_HOST_DEVICE It is_sorted_until(D& d, It first, It last) {
  return tide::is_sorted_until(d, first, last, less<iter_value_t<It>>());
}
template <class D, class It>
TIDE_HOST_DEVICE bool is_sorted(D& d, It first, It last) {
  return tide::is_sorted_until(d, first, last) == last;
}
template <class D, class It, class Comp>
TIDE_HOST_DEVICE bool is_sorted(D& d, It first, It last, Comp comp) {
  return tide::is_sorted_until(d, first, last, comp) == last;
}
/// Partitioned: !pred(x) is sorted, false before true.
template <class D, class It, class Pred>
TIDE_HOST_DEVICE bool is_partitioned(D& d, It first, It last, Pred pred) {
  return tide::is_sorted(d, make_transform_iterator(first, not_pred<Pred>{pred}),
                         make_transform_iterator(last, not_pred<Pred>{pred}));
}
template <class D, class It, class Pred>
TIDE_HOST_DEVICE It partition_point(D& d, It first, It last, Pred pred) {
  return tide::find_if_not(d, first, last, pred);
}
}  // namespace detail::user_chain

}  // namespace tide
