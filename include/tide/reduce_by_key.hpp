#pragma once
/// \file reduce_by_key.hpp
/// reduce_by_key: for each run of equal (by `pred`) adjacent keys, its first key and the reduction
/// of its values, with Thrust's argument order, with and without a policy. Returns
/// `tide::pair(keys_output end, values_output end)`; structured bindings work:
/// `auto [keys_end, values_end] = tide::reduce_by_key(...);`.
///
/// Types, as Thrust (thrust/system/detail/sequential/reduce_by_key.h, thrust/system/cuda/detail/
/// reduce_by_key.h, thrust/system/detail/generic/reduce_by_key.inl): the accumulator is the input
/// values' value type V; the default operator is `plus<U>`, U the output values' value type (V
/// where the output has none, as a discard_iterator). So signed char values summed into an int
/// output wrap at 127. `op` must be associative (not necessarily commutative). Element i continues
/// the run of i - 1 when `pred(keys[i - 1], keys[i])` holds. The outputs must not overlap the
/// inputs; they are only written (a discard_iterator may take the keys).
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <iterator>
#include <type_traits>

#include "backend/omp/reduce_by_key.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/reduce_by_key.hpp"
#include "detail/dispatch.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/discard_iterator.hpp"
#include "pair.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/reduce_by_key.hpp"
#endif

namespace tide {

namespace detail {
/// The type Thrust's default reduce_by_key operator adds in: the output values' value type, or the
/// input values' where the output is write-only (no value type, or a discard_iterator's).
template <class ValIt, class ValOut>
using reduce_by_key_sum_t =
    std::conditional_t<std::is_void_v<iter_value_t<ValOut>> ||
                           std::is_same_v<iter_value_t<ValOut>, iterators::discard_reference>,
                       iter_value_t<ValIt>, iter_value_t<ValOut>>;
}  // namespace detail

/// Reduces each run of equal adjacent keys; writes one key and one value per run.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred, class Op,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> reduce_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                                    ValIt values_first, KeyOut keys_output, ValOut values_output,
                                                    Pred pred, Op op) {
  using acc_t = detail::iter_value_t<ValIt>;  // Thrust: the input values' value type
  size_type n = detail::range_size(policy, keys_first, keys_last, "reduce_by_key");
  if (n == 0) return {keys_output, values_output};
  size_type segments = detail::dispatch::reduce_by_key<acc_t>(
      detail::run_policy(policy), detail::unwrap_iterator(keys_first), n, detail::unwrap_iterator(values_first),
      detail::unwrap_iterator(keys_output), detail::unwrap_iterator(values_output), pred, op);
  return {keys_output + segments, values_output + segments};
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> reduce_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                                    ValIt values_first, KeyOut keys_output, ValOut values_output,
                                                    Pred pred) {
  return tide::reduce_by_key(policy, keys_first, keys_last, values_first, keys_output, values_output, pred,
                             plus<detail::reduce_by_key_sum_t<ValIt, ValOut>>());
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class KeyOut, class ValOut, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<KeyOut, ValOut> reduce_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                                    ValIt values_first, KeyOut keys_output, ValOut values_output) {
  return tide::reduce_by_key(policy, keys_first, keys_last, values_first, keys_output, values_output, equal_to<>(),
                             plus<detail::reduce_by_key_sum_t<ValIt, ValOut>>());
}
template <class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred, class Op,
          detail::enable_if_not_policy_t<KeyIt> = 0>
pair<KeyOut, ValOut> reduce_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, KeyOut keys_output,
                                   ValOut values_output, Pred pred, Op op) {
  return tide::reduce_by_key(detail::select_policy(keys_first, values_first, keys_output, values_output), keys_first,
                             keys_last, values_first, keys_output, values_output, pred, op);
}
template <class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred, detail::enable_if_not_policy_t<KeyIt> = 0>
pair<KeyOut, ValOut> reduce_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, KeyOut keys_output,
                                   ValOut values_output, Pred pred) {
  return tide::reduce_by_key(keys_first, keys_last, values_first, keys_output, values_output, pred,
                             plus<detail::reduce_by_key_sum_t<ValIt, ValOut>>());
}
template <class KeyIt, class ValIt, class KeyOut, class ValOut, detail::enable_if_not_policy_t<KeyIt> = 0>
pair<KeyOut, ValOut> reduce_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, KeyOut keys_output,
                                   ValOut values_output) {
  return tide::reduce_by_key(keys_first, keys_last, values_first, keys_output, values_output, equal_to<>(),
                             plus<detail::reduce_by_key_sum_t<ValIt, ValOut>>());
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(reduce_by_key)

}  // namespace tide
