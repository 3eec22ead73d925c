#pragma once
/// \file set_operations.hpp
/// Set operations on sorted ranges (Thrust's forms): set_union, set_intersection, set_difference,
/// set_symmetric_difference and their _by_key forms. Both inputs are sorted by `comp` (default
/// `less`); the output is sorted too, and the result is the standard's multiset one: with m copies
/// of a key in the first range and k in the second, union writes max(m, k) (the m of the first,
/// then the last k - m of the second), intersection the first min(m, k) of the first, difference
/// the last max(m - k, 0) of the first, symmetric difference the last |m - k| of the range with
/// more. The j-th copy in one range matches the j-th copy in the other; of matched copies the
/// first range's is written. The _by_key forms write each written key's value beside it, from the
/// range the key came from (set_intersection_by_key takes values from the first range only, so it
/// has no values_first2, as in Thrust). Each returns the end of its output (a pair for _by_key).
/// The output must not overlap the inputs. NaN keys have no place in a range sorted by `less`.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <type_traits>

#include "backend/omp/set_operations.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/set_operations.hpp"
#include "detail/dispatch.hpp"
#include "detail/set_operation_path.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "pair.hpp"
#include "transform.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/set_operations.hpp"
#endif

namespace tide {

namespace detail {
/// Runs set operation Op on unwrapped ranges under `policy`; returns how many were written.
TIDE_EXEC_CHECK_DISABLE
template <set_op Op, class Policy, class ItA, class ItB, class OutIt, class Comp>
TIDE_HOST_DEVICE size_type run_set_operation(const Policy& policy, ItA a, size_type na, ItB b, size_type nb, OutIt out,
                                             Comp comp) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    // In device code seq; nvcc's device pass also sees the host's call (backend/seq/device_code.hpp).
    if (false) (void)dispatch::set_operation<Op>(policy.policy, a, na, b, nb, out, comp);
    return dispatch::set_operation<Op>(seq_policy{}, a, na, b, nb, out, comp);
  } else
#endif
  {
    return dispatch::set_operation<Op>(policy, a, na, b, nb, out, comp);
  }
}

/// run_set_operation's by-key form.
TIDE_EXEC_CHECK_DISABLE
template <set_op Op, class Policy, class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut,
          class Comp>
TIDE_HOST_DEVICE size_type run_set_operation_by_key(const Policy& policy, KeyA ka, size_type na, KeyB kb, size_type nb,
                                                    ValA va, ValB vb, KeyOut keys_out, ValOut vals_out, Comp comp) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    if (false)
      (void)dispatch::set_operation_by_key<Op>(policy.policy, ka, na, kb, nb, va, vb, keys_out, vals_out, comp);
    return dispatch::set_operation_by_key<Op>(seq_policy{}, ka, na, kb, nb, va, vb, keys_out, vals_out, comp);
  } else
#endif
  {
    return dispatch::set_operation_by_key<Op>(policy, ka, na, kb, nb, va, vb, keys_out, vals_out, comp);
  }
}

/// The public set operations' common body.
TIDE_EXEC_CHECK_DISABLE
template <set_op Op, class Policy, class It1, class It2, class OutIt, class Comp>
TIDE_HOST_DEVICE OutIt set_operation(const Policy& policy, It1 first1, It1 last1, It2 first2, It2 last2, OutIt result,
                                     Comp comp, const char* algorithm) {
  const size_type n1 = range_size(policy, first1, last1, algorithm);
  const size_type n2 = range_size(policy, first2, last2, algorithm);
  // Nothing can be written: an empty first range leaves only intersection's and difference's
  // nothing, and both empty leaves nothing for any.
  if (n1 + n2 == 0 || (n1 == 0 && (Op == set_op::intersection || Op == set_op::difference)) ||
      (n2 == 0 && Op == set_op::intersection))
    return result;
  const size_type k = run_set_operation<Op>(writer_policy<OutIt>(run_policy(policy)), unwrap_iterator(first1), n1,
                                            unwrap_iterator(first2), n2, unwrap_iterator(result), comp);
  return advanced(result, k);
}

/// The public _by_key set operations' common body.
TIDE_EXEC_CHECK_DISABLE
template <set_op Op, class Policy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Comp>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> set_operation_by_key(const Policy& policy, KeyIt1 keys_first1, KeyIt1 keys_last1,
                                                           KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                                           ValIt2 values_first2, KeyOut keys_result,
                                                           ValOut values_result, Comp comp, const char* algorithm) {
  const size_type n1 = range_size(policy, keys_first1, keys_last1, algorithm);
  const size_type n2 = range_size(policy, keys_first2, keys_last2, algorithm);
  if (n1 + n2 == 0 || (n1 == 0 && (Op == set_op::intersection || Op == set_op::difference)) ||
      (n2 == 0 && Op == set_op::intersection))
    return {keys_result, values_result};
  const size_type k = run_set_operation_by_key<Op>(writer_policy<ValOut>(writer_policy<KeyOut>(run_policy(policy))),
                                                   unwrap_iterator(keys_first1), n1, unwrap_iterator(keys_first2), n2,
                                                   unwrap_iterator(values_first1), unwrap_iterator(values_first2),
                                                   unwrap_iterator(keys_result), unwrap_iterator(values_result), comp);
  return {advanced(keys_result, k), advanced(values_result, k)};
}
}  // namespace detail

// ---- set_union -------------------------------------------------------------------------------

/// The union of sorted [first1, last1) and [first2, last2): every element of the first range,
/// and of each key's copies in the second range those beyond the first range's count.
/// Writes to result; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class OutIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt set_union(const Policy& policy, It1 first1, It1 last1, It2 first2, It2 last2, OutIt result,
                                 Comp comp = Comp()) {
  return detail::set_operation<detail::set_op::union_op>(policy, first1, last1, first2, last2, result, comp,
                                                         "set_union");
}
template <class It1, class It2, class OutIt, class Comp = less<>, detail::enable_if_not_policy_t<It1> = 0>
OutIt set_union(It1 first1, It1 last1, It2 first2, It2 last2, OutIt result, Comp comp = Comp()) {
  return tide::set_union(detail::select_policy(first1, first2, result), first1, last1, first2, last2, result, comp);
}

// ---- set_intersection ------------------------------------------------------------------------

/// The intersection: of each key, the first min(m, k) copies of the first range.
/// Writes to result; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class OutIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt set_intersection(const Policy& policy, It1 first1, It1 last1, It2 first2, It2 last2,
                                        OutIt result, Comp comp = Comp()) {
  return detail::set_operation<detail::set_op::intersection>(policy, first1, last1, first2, last2, result, comp,
                                                             "set_intersection");
}
template <class It1, class It2, class OutIt, class Comp = less<>, detail::enable_if_not_policy_t<It1> = 0>
OutIt set_intersection(It1 first1, It1 last1, It2 first2, It2 last2, OutIt result, Comp comp = Comp()) {
  return tide::set_intersection(detail::select_policy(first1, first2, result), first1, last1, first2, last2, result,
                                comp);
}

// ---- set_difference --------------------------------------------------------------------------

/// The difference: of each key, the last max(m - k, 0) copies of the first range.
/// Writes to result; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class OutIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt set_difference(const Policy& policy, It1 first1, It1 last1, It2 first2, It2 last2, OutIt result,
                                      Comp comp = Comp()) {
  return detail::set_operation<detail::set_op::difference>(policy, first1, last1, first2, last2, result, comp,
                                                           "set_difference");
}
template <class It1, class It2, class OutIt, class Comp = less<>, detail::enable_if_not_policy_t<It1> = 0>
OutIt set_difference(It1 first1, It1 last1, It2 first2, It2 last2, OutIt result, Comp comp = Comp()) {
  return tide::set_difference(detail::select_policy(first1, first2, result), first1, last1, first2, last2, result,
                              comp);
}

// ---- set_symmetric_difference ----------------------------------------------------------------

/// The symmetric difference: of each key, the last |m - k| copies of the range with more.
/// Writes to result; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class OutIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt set_symmetric_difference(const Policy& policy, It1 first1, It1 last1, It2 first2, It2 last2,
                                                OutIt result, Comp comp = Comp()) {
  return detail::set_operation<detail::set_op::symmetric_difference>(policy, first1, last1, first2, last2, result, comp,
                                                                     "set_symmetric_difference");
}
template <class It1, class It2, class OutIt, class Comp = less<>, detail::enable_if_not_policy_t<It1> = 0>
OutIt set_symmetric_difference(It1 first1, It1 last1, It2 first2, It2 last2, OutIt result, Comp comp = Comp()) {
  return tide::set_symmetric_difference(detail::select_policy(first1, first2, result), first1, last1, first2, last2,
                                        result, comp);
}

// ---- set_union_by_key ------------------------------------------------------------------------

/// set_union on the keys; each written key's value comes from the range the key came from.
/// Returns the ends of the key and value outputs.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> set_union_by_key(const Policy& policy, KeyIt1 keys_first1, KeyIt1 keys_last1,
                                                       KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                                       ValIt2 values_first2, KeyOut keys_result, ValOut values_result,
                                                       Comp comp = Comp()) {
  return detail::set_operation_by_key<detail::set_op::union_op>(policy, keys_first1, keys_last1, keys_first2,
                                                                keys_last2, values_first1, values_first2, keys_result,
                                                                values_result, comp, "set_union_by_key");
}
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Comp = less<>,
          detail::enable_if_not_policy_t<KeyIt1> = 0>
pair<KeyOut, ValOut> set_union_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                      ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result,
                                      ValOut values_result, Comp comp = Comp()) {
  return tide::set_union_by_key(
      detail::select_policy(keys_first1, keys_first2, values_first1, values_first2, keys_result, values_result),
      keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result, values_result, comp);
}

// ---- set_intersection_by_key -------------------------------------------------------------------

/// set_intersection on the keys, with the first range's values (there is no values_first2).
/// Returns the ends of the key and value outputs.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Comp = less<>,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> set_intersection_by_key(const Policy& policy, KeyIt1 keys_first1,
                                                              KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                                              ValIt1 values_first1, KeyOut keys_result,
                                                              ValOut values_result, Comp comp = Comp()) {
  // The second range's values are never read: values_first1 stands in for them.
  return detail::set_operation_by_key<detail::set_op::intersection>(
      policy, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first1, keys_result,
      values_result, comp, "set_intersection_by_key");
}
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Comp = less<>,
          detail::enable_if_not_policy_t<KeyIt1> = 0>
pair<KeyOut, ValOut> set_intersection_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                             KeyIt2 keys_last2, ValIt1 values_first1, KeyOut keys_result,
                                             ValOut values_result, Comp comp = Comp()) {
  return tide::set_intersection_by_key(
      detail::select_policy(keys_first1, keys_first2, values_first1, keys_result, values_result), keys_first1,
      keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp);
}

// ---- set_difference_by_key -------------------------------------------------------------------

/// set_difference on the keys, with the first range's values.
/// Returns the ends of the key and value outputs.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> set_difference_by_key(const Policy& policy, KeyIt1 keys_first1, KeyIt1 keys_last1,
                                                            KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                                            ValIt2 values_first2, KeyOut keys_result,
                                                            ValOut values_result, Comp comp = Comp()) {
  return detail::set_operation_by_key<detail::set_op::difference>(policy, keys_first1, keys_last1, keys_first2,
                                                                  keys_last2, values_first1, values_first2, keys_result,
                                                                  values_result, comp, "set_difference_by_key");
}
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Comp = less<>,
          detail::enable_if_not_policy_t<KeyIt1> = 0>
pair<KeyOut, ValOut> set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                           ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result,
                                           ValOut values_result, Comp comp = Comp()) {
  return tide::set_difference_by_key(
      detail::select_policy(keys_first1, keys_first2, values_first1, values_first2, keys_result, values_result),
      keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result, values_result, comp);
}

// ---- set_symmetric_difference_by_key ---------------------------------------------------------

/// set_symmetric_difference on the keys; each written key's value comes from the range the
/// key came from.
/// Returns the ends of the key and value outputs.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> set_symmetric_difference_by_key(const Policy& policy, KeyIt1 keys_first1,
                                                                      KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                                      KeyIt2 keys_last2, ValIt1 values_first1,
                                                                      ValIt2 values_first2, KeyOut keys_result,
                                                                      ValOut values_result, Comp comp = Comp()) {
  return detail::set_operation_by_key<detail::set_op::symmetric_difference>(
      policy, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
      values_result, comp, "set_symmetric_difference_by_key");
}
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Comp = less<>,
          detail::enable_if_not_policy_t<KeyIt1> = 0>
pair<KeyOut, ValOut> set_symmetric_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                     KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                                     KeyOut keys_result, ValOut values_result, Comp comp = Comp()) {
  return tide::set_symmetric_difference_by_key(
      detail::select_policy(keys_first1, keys_first2, values_first1, values_first2, keys_result, values_result),
      keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result, values_result, comp);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(set_union)
TIDE_USER_BACKEND(set_intersection)
TIDE_USER_BACKEND(set_difference)
TIDE_USER_BACKEND(set_symmetric_difference)
TIDE_USER_BACKEND(set_union_by_key)
TIDE_USER_BACKEND(set_intersection_by_key)
TIDE_USER_BACKEND(set_difference_by_key)
TIDE_USER_BACKEND(set_symmetric_difference_by_key)

}  // namespace tide
