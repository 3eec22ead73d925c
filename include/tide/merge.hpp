#pragma once
/// \file merge.hpp
/// merge and merge_by_key (Thrust's forms): two ranges sorted by `comp` (default `less`) merged
/// into one, stably: of equal keys, those of the first range come first, each range in its order.
///
/// With arithmetic keys of one type and `less` / `greater`, the inputs are taken to be in tide's key
/// order (as tide's sorts leave them: -0.0 == +0.0, NaNs last; see sort.hpp).
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <type_traits>

#include "backend/omp/merge.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/merge.hpp"
#include "detail/dispatch.hpp"
#include "detail/sort_traits.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "pair.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/merge.hpp"
#endif

namespace tide {

namespace detail {
/// The comparator a merge backend gets: tide's key order when both ranges hold the same
/// arithmetic key and `comp` is less/greater, else `comp`.
template <class Key1, class Key2, class Comp>
TIDE_HOST_DEVICE auto merge_comparator(const Comp& comp) {
  if constexpr (std::is_same_v<Key1, Key2>)
    return sort_comparator<Key1>(comp);
  else
    return comp;
}
}  // namespace detail

/// Merges sorted [first1, last1) and [first2, last2) into `result`; returns the end of the output.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class OutIt, class Comp, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt merge(const Policy& policy, It1 first1, It1 last1, It2 first2, It2 last2, OutIt result,
                             Comp comp) {
  size_type n1 = detail::range_size(policy, first1, last1, "merge");
  size_type n2 = detail::range_size(policy, first2, last2, "merge");
  if (n1 + n2 == 0) return result;
  detail::dispatch::merge(detail::run_policy(policy), detail::unwrap_iterator(first1), n1,
                          detail::unwrap_iterator(first2), n2, detail::unwrap_iterator(result),
                          detail::merge_comparator<detail::iter_value_t<It1>, detail::iter_value_t<It2>>(comp));
  return result + (n1 + n2);
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt merge(const Policy& policy, It1 first1, It1 last1, It2 first2, It2 last2, OutIt result) {
  return tide::merge(policy, first1, last1, first2, last2, result, less<>());
}
template <class It1, class It2, class OutIt, class Comp, detail::enable_if_not_policy_t<It1> = 0>
OutIt merge(It1 first1, It1 last1, It2 first2, It2 last2, OutIt result, Comp comp) {
  return tide::merge(detail::select_policy(first1, first2, result), first1, last1, first2, last2, result, comp);
}
template <class It1, class It2, class OutIt, detail::enable_if_not_policy_t<It1> = 0>
OutIt merge(It1 first1, It1 last1, It2 first2, It2 last2, OutIt result) {
  return tide::merge(detail::select_policy(first1, first2, result), first1, last1, first2, last2, result);
}

/// Merges two key ranges as merge does, moving each key's value (from values_first1 or
/// values_first2) with it; returns the ends of the key and value outputs.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Comp,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> merge_by_key(const Policy& policy, KeyIt1 keys_first1, KeyIt1 keys_last1,
                                                   KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                                   ValIt2 values_first2, KeyOut keys_result, ValOut values_result,
                                                   Comp comp) {
  size_type n1 = detail::range_size(policy, keys_first1, keys_last1, "merge_by_key");
  size_type n2 = detail::range_size(policy, keys_first2, keys_last2, "merge_by_key");
  if (n1 + n2 == 0) return {keys_result, values_result};
  detail::dispatch::merge_by_key(
      detail::run_policy(policy), detail::unwrap_iterator(keys_first1), n1, detail::unwrap_iterator(keys_first2), n2,
      detail::unwrap_iterator(values_first1), detail::unwrap_iterator(values_first2),
      detail::unwrap_iterator(keys_result), detail::unwrap_iterator(values_result),
      detail::merge_comparator<detail::iter_value_t<KeyIt1>, detail::iter_value_t<KeyIt2>>(comp));
  return {keys_result + (n1 + n2), values_result + (n1 + n2)};
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> merge_by_key(const Policy& policy, KeyIt1 keys_first1, KeyIt1 keys_last1,
                                                   KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                                   ValIt2 values_first2, KeyOut keys_result, ValOut values_result) {
  return tide::merge_by_key(policy, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                            keys_result, values_result, less<>());
}
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Comp,
          detail::enable_if_not_policy_t<KeyIt1> = 0>
pair<KeyOut, ValOut> merge_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                  ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result,
                                  ValOut values_result, Comp comp) {
  return tide::merge_by_key(detail::select_policy(keys_first1, keys_first2, values_first1, values_first2,
                                                  keys_result, values_result),
                            keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                            keys_result, values_result, comp);
}
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          detail::enable_if_not_policy_t<KeyIt1> = 0>
pair<KeyOut, ValOut> merge_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                  ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result,
                                  ValOut values_result) {
  return tide::merge_by_key(detail::select_policy(keys_first1, keys_first2, values_first1, values_first2,
                                                  keys_result, values_result),
                            keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                            keys_result, values_result);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(merge)
TIDE_USER_BACKEND(merge_by_key)

}  // namespace tide
