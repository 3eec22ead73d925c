#pragma once
/// \file logical.hpp
/// all_of, any_of, none_of and equal, with and without a policy. Composed over count_if (so over
/// the reduce primitive): every element is tested, there is no early exit. On an empty range
/// all_of and none_of are true, any_of is false, and equal is true.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include "detail/not_pred.hpp"
#include "detail/user_backend.hpp"
#include "find.hpp"
#include "functional.hpp"
#include "iterator/zip_iterator.hpp"
#include "reduce.hpp"
#include "tuple.hpp"

namespace tide {

namespace detail {
// The user's comparator or predicate may be __device__ only on the CUDA system: the pragmas
// silence nvcc's host check on the functors that call it.
/// !pred(a, b) for a zipped (a, b).
template <class Pred>
struct pair_mismatch {
  mutable Pred pred;  // the user's predicate may have a non-const operator()
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class Tuple>
  TIDE_HOST_DEVICE bool operator()(const Tuple& t) const {
    return !pred(get<0>(t), get<1>(t));
  }
};
}  // namespace detail

/// Whether pred(x) holds for every x in [first, last).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE bool all_of(const Policy& policy, It first, It last, Pred pred) {
  detail::range_size(policy, first, last, "all_of");
  return tide::count_if(policy, first, last, detail::not_pred<Pred>{pred}) == 0;
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
bool all_of(It first, It last, Pred pred) {
  return tide::all_of(detail::select_policy(first), first, last, pred);
}

/// Whether pred(x) holds for some x in [first, last).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE bool any_of(const Policy& policy, It first, It last, Pred pred) {
  detail::range_size(policy, first, last, "any_of");
  return tide::count_if(policy, first, last, pred) != 0;
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
bool any_of(It first, It last, Pred pred) {
  return tide::any_of(detail::select_policy(first), first, last, pred);
}

/// Whether pred(x) holds for no x in [first, last).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE bool none_of(const Policy& policy, It first, It last, Pred pred) {
  detail::range_size(policy, first, last, "none_of");
  return tide::count_if(policy, first, last, pred) == 0;
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
bool none_of(It first, It last, Pred pred) {
  return tide::none_of(detail::select_policy(first), first, last, pred);
}

/// Whether pred(first1[i], first2[i]) holds for every i (default: ==).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class Pred = equal_to<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE bool equal(const Policy& policy, It1 first1, It1 last1, It2 first2, Pred pred = Pred()) {
  size_type n = detail::range_size(policy, first1, last1, "equal");
  if (n == 0) return true;
  auto zip = make_zip_iterator(first1, first2);
  return tide::count_if(policy, zip, zip + n, detail::pair_mismatch<Pred>{pred}) == 0;
}
template <class It1, class It2, class Pred = equal_to<>, detail::enable_if_not_policy_t<It1> = 0>
bool equal(It1 first1, It1 last1, It2 first2, Pred pred = Pred()) {
  return tide::equal(detail::select_policy(first1, first2), first1, last1, first2, pred);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else, as Thrust's generic
// layer (its CUDA system's too), all_of and any_of over the user's find_if and none_of over any_of.
TIDE_USER_BACKEND(equal)

namespace detail::user_chain {
TIDE_USER_CHAIN_DEFAULT(all_of)
TIDE_USER_CHAIN_DEFAULT(any_of)
TIDE_USER_CHAIN_DEFAULT(none_of)
template <class D, class It, class Pred>
TIDE_HOST_DEVICE bool all_of(D& d, It first, It last, Pred pred);
template <class D, class It, class Pred>
TIDE_HOST_DEVICE bool any_of(D& d, It first, It last, Pred pred);
template <class D, class It, class Pred>
TIDE_HOST_DEVICE bool none_of(D& d, It first, It last, Pred pred);
}  // namespace detail::user_chain

TIDE_USER_BACKEND_CHAINED(all_of)
TIDE_USER_BACKEND_CHAINED(any_of)
TIDE_USER_BACKEND_CHAINED(none_of)

namespace detail::user_chain {
template <class D, class It, class Pred>
TIDE_HOST_DEVICE bool all_of(D& d, It first, It last, Pred pred) {
  return tide::find_if(d, first, last, not_pred<Pred>{pred}) == last;
}
template <class D, class It, class Pred>
TIDE_HOST_DEVICE bool any_of(D& d, It first, It last, Pred pred) {
  return tide::find_if(d, first, last, pred) != last;
}
template <class D, class It, class Pred>
TIDE_HOST_DEVICE bool none_of(D& d, It first, It last, Pred pred) {
  return !tide::any_of(d, first, last, pred);
}
}  // namespace detail::user_chain

}  // namespace tide
