#pragma once
/// \file unique_by_key.hpp
/// unique_by_key, unique_by_key_copy and unique_count, with and without a policy and a binary
/// predicate (Thrust's signatures and results).
///   - unique_by_key keeps, in place, the first key of each run of consecutive keys that
///     pred(previous, current) calls equal, with its value; returns the pair of new ends.
///   - unique_by_key_copy writes those keys and values to two outputs; returns their ends.
///   - unique_count returns the number of such runs (the input's difference_type) and writes
///     nothing.
/// The by-key forms are one primitive, unique_by_key_copy, on every system (on CUDA the select
/// kernel of copy_if and unique_copy with the values as a second stream; in place on seq and CUDA);
/// unique_count is a transform_reduce over the neighbour pairs (no writes, no look-back). Stable,
/// as Thrust's.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <type_traits>

#include "backend/omp/unique_by_key.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/unique_by_key.hpp"
#include "detail/dispatch.hpp"
#include "detail/temporary_buffer.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/counting_iterator.hpp"
#include "iterator/zip_iterator.hpp"
#include "pair.hpp"
#include "reduce.hpp"
#include "transform.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/unique_by_key.hpp"
#endif

namespace tide {

namespace detail {
/// Index i (from 1): 1 where first[i] starts a run (!pred(first[i - 1], first[i])), else 0. An int,
/// summed in the difference type: the CUDA reduction moves 4 bytes per element through its tiles.
template <class It, class Pred>
struct run_start {
  It first;
  mutable Pred pred;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE int operator()(size_type i) const { return pred(first[i - 1], first[i]) ? 0 : 1; }
};

/// unique_by_key_copy's work: returns how many keys were kept.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred>
TIDE_HOST_DEVICE size_type unique_by_key_copy_n(const Policy& policy, KeyIt keys, size_type n, ValIt values,
                                                KeyOut keys_out, ValOut values_out, Pred pred) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    // In device code seq; nvcc's device pass also sees the host's call (backend/seq/device_code.hpp).
    if (false) (void)unique_by_key_copy_n(policy.policy, keys, n, values, keys_out, values_out, pred);
    return unique_by_key_copy_n(seq_policy{}, keys, n, values, keys_out, values_out, pred);
  } else
#endif
  {
    return dispatch::unique_by_key_copy(writer_policy<KeyOut>(writer_policy<ValOut>(policy)), unwrap_iterator(keys),
                                        n, unwrap_iterator(values), unwrap_iterator(keys_out),
                                        unwrap_iterator(values_out), pred);
  }
}

/// unique_by_key's work in place; returns how many keys were kept. seq runs left to right and CUDA's
/// select kernel writes each tile only after every earlier tile has loaded (backend/cuda/copy_if.hpp):
/// both are safe in place. OpenMP chunks are not: they compact into temporaries and copy back.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class Pred>
TIDE_HOST_DEVICE size_type unique_by_key_in_place(const Policy& policy, KeyIt keys, size_type n, ValIt values,
                                                  Pred pred) {
  if constexpr (std::is_same_v<base_policy_t<Policy>, omp_policy>) {
    temporary_buffer<iter_value_t<KeyIt>> kept_keys(policy, static_cast<std::size_t>(n), "unique_by_key");
    temporary_buffer<iter_value_t<ValIt>> kept_values(policy, static_cast<std::size_t>(n), "unique_by_key");
    size_type k = unique_by_key_copy_n(policy, keys, n, values, kept_keys.data(), kept_values.data(), pred);
    dispatch::transform(writer_policy<KeyIt>(policy), kept_keys.data(), k, unwrap_iterator(keys), identity<>());
    dispatch::transform(writer_policy<ValIt>(policy), kept_values.data(), k, unwrap_iterator(values), identity<>());
    return k;
  } else {
    return unique_by_key_copy_n(policy, keys, n, values, keys, values, pred);
  }
}
}  // namespace detail

// ---- unique_by_key ------------------------------------------------------------------------------

/// Keeps the first key of each run of consecutive keys equal under pred(previous, current), and
/// its value, in order at the front of both ranges; returns the new ends (what lies after them is
/// unspecified).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class BinaryPred = equal_to<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyIt, ValIt> unique_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                                  ValIt values_first, BinaryPred pred = BinaryPred()) {
  size_type n = detail::range_size(policy, keys_first, keys_last, "unique_by_key");
  if (n == 0) return {keys_first, values_first};
  size_type k = detail::unique_by_key_in_place(detail::run_policy(policy), keys_first, n, values_first, pred);
  return {detail::advanced(keys_first, k), detail::advanced(values_first, k)};
}
template <class KeyIt, class ValIt, class BinaryPred = equal_to<>, detail::enable_if_not_policy_t<KeyIt> = 0>
pair<KeyIt, ValIt> unique_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, BinaryPred pred = BinaryPred()) {
  return tide::unique_by_key(detail::select_policy(keys_first, values_first), keys_first, keys_last, values_first,
                             pred);
}

// ---- unique_by_key_copy -------------------------------------------------------------------------

/// Copies the first key of each run of consecutive keys equal under pred(previous, current) to
/// keys_out and its value to values_out, in order; returns the ends of both outputs.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class KeyOut, class ValOut, class BinaryPred = equal_to<>,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> unique_by_key_copy(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                                         ValIt values_first, KeyOut keys_out, ValOut values_out,
                                                         BinaryPred pred = BinaryPred()) {
  size_type n = detail::range_size(policy, keys_first, keys_last, "unique_by_key_copy");
  if (n == 0) return {keys_out, values_out};
  size_type k =
      detail::unique_by_key_copy_n(detail::run_policy(policy), keys_first, n, values_first, keys_out, values_out, pred);
  return {detail::advanced(keys_out, k), detail::advanced(values_out, k)};
}
template <class KeyIt, class ValIt, class KeyOut, class ValOut, class BinaryPred = equal_to<>,
          detail::enable_if_not_policy_t<KeyIt> = 0>
pair<KeyOut, ValOut> unique_by_key_copy(KeyIt keys_first, KeyIt keys_last, ValIt values_first, KeyOut keys_out,
                                        ValOut values_out, BinaryPred pred = BinaryPred()) {
  return tide::unique_by_key_copy(detail::select_policy(keys_first, values_first, keys_out, values_out), keys_first,
                                  keys_last, values_first, keys_out, values_out, pred);
}

// ---- unique_count -------------------------------------------------------------------------------

/// The number of runs of consecutive elements equal under pred(previous, current) in [first, last)
/// (what unique would keep); writes nothing.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class BinaryPred = equal_to<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE detail::iter_difference_t<It> unique_count(const Policy& policy, It first, It last,
                                                            BinaryPred pred = BinaryPred()) {
  using count_t = detail::iter_difference_t<It>;
  size_type n = detail::range_size(policy, first, last, "unique_count");
  if (n == 0) return count_t(0);
  auto index = make_counting_iterator<size_type>(1);
  auto first_u = detail::unwrap_iterator(first);
  return tide::transform_reduce(policy, index, index + (n - 1),
                                detail::run_start<decltype(first_u), BinaryPred>{first_u, pred},
                                count_t(1), plus<count_t>());
}
template <class It, class BinaryPred = equal_to<>, detail::enable_if_not_policy_t<It> = 0>
detail::iter_difference_t<It> unique_count(It first, It last, BinaryPred pred = BinaryPred()) {
  return tide::unique_count(detail::select_policy(first), first, last, pred);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system;
// unique_count, as Thrust's CUDA system, counts the neighbour pairs that differ through the user's
// count_if (without a predicate: through the user's unique_count with equal_to first).
TIDE_USER_BACKEND(unique_by_key)
TIDE_USER_BACKEND(unique_by_key_copy)

namespace detail::user_chain {
TIDE_USER_CHAIN_DEFAULT(unique_count)
/// !pred(a, b) for a zipped neighbour pair (a, b).
template <class Pred>
struct neighbours_differ {
  mutable Pred pred;
  TIDE_EXEC_CHECK_DISABLE
  template <class Tuple>
  TIDE_HOST_DEVICE bool operator()(const Tuple& t) const {
    return !pred(get<0>(t), get<1>(t));
  }
};
template <class D, class It, class BinaryPred>
TIDE_HOST_DEVICE iter_difference_t<It> unique_count(D& d, It first, It last, BinaryPred pred) {
  if (first == last) return 0;
  auto n = last - first;
  auto pairs = make_zip_iterator(first, first + 1);
  return 1 + tide::count_if(d, pairs, pairs + (n - 1), neighbours_differ<BinaryPred>{pred});
}
template <class D, class It>
TIDE_HOST_DEVICE iter_difference_t<It> unique_count(D& d, It first, It last);
}  // namespace detail::user_chain
TIDE_USER_BACKEND_CHAINED(unique_count)
namespace detail::user_chain {
template <class D, class It>
TIDE_HOST_DEVICE iter_difference_t<It> unique_count(D& d, It first, It last) {
  return tide::unique_count(d, first, last, equal_to<iter_value_t<It>>());
}
}  // namespace detail::user_chain

}  // namespace tide
