#pragma once
/// \file scan.hpp
/// inclusive_scan, exclusive_scan, inclusive_scan_by_key, exclusive_scan_by_key,
/// transform_inclusive_scan and transform_exclusive_scan, with Thrust's argument orders, each with
/// and without a policy. Each returns the end of the output.
///
/// The accumulator types are Thrust's (thrust/system/cuda/detail/scan.h, scan_by_key.h and
/// thrust/system/detail/sequential/scan.h, scan_by_key.h):
/// - inclusive_scan without init, inclusive_scan_by_key: the input's (the values') value type V,
///   even into a wider output: an inclusive_scan of signed char into int wraps at 127.
/// - inclusive_scan with init: the decayed type of `op(init, x)`.
/// - exclusive_scan, exclusive_scan_by_key: init's type T; without init, init is `V{}`. Each
///   element is converted to T before `op` sees it: `exclusive_scan(first, last, out, 0)` over
///   doubles adds the doubles truncated to int, and over int64 adds in int.
/// - The transform scans are the scans of the transformed elements, as Thrust writes them
///   (thrust/system/detail/generic/transform_scan.inl, system/cuda/detail/transform_scan.h: a
///   transform_iterator whose elements have a named type): transform_inclusive_scan's elements are
///   `f(x)` as the decayed type of f's result, U, so without init it accumulates in U (an f
///   returning signed char wraps at 127 into an int output), with init in the type of
///   `op(init, u)`; transform_exclusive_scan's elements are `f(x)` converted to init's type T, and
///   it accumulates in T. One pass: f is applied as each element is read (on CUDA, to the staged
///   tile: the same kernel and association as the plain scan).
/// Every partial result is held in the accumulator; where the accumulator is not V the elements
/// are read as accumulators. The output converts on assignment. The default operator is `plus<>`.
/// `op` must be associative (it need not be commutative) and never sees a value that no one gave.
/// In place is allowed: `result` may equal `first` (by key: the values' first). By key, element i
/// continues the segment of i - 1 when `pred(keys[i - 1], keys[i])` holds.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <iterator>
#include <type_traits>

#include "backend/omp/scan.hpp"
#include "backend/omp/scan_by_key.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/scan.hpp"
#include "backend/seq/scan_by_key.hpp"
#include "detail/accumulator.hpp"
#include "detail/dispatch.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/transform_iterator.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/scan.hpp"
#include "backend/cuda/scan_by_key.hpp"
#endif

namespace tide {

// ---- inclusive_scan ----------------------------------------------------------------------------

/// result[i] = first[0] op ... op first[i].
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, class Op, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt inclusive_scan(const Policy& policy, InIt first, InIt last, OutIt result, Op op) {
  using acc_t = detail::iter_value_t<InIt>;  // Thrust: the input's value type
  size_type n = detail::range_size(policy, first, last, "inclusive_scan");
  if (n == 0) return result;
  detail::dispatch::inclusive_scan<acc_t>(detail::run_policy(policy), detail::unwrap_iterator(first), n,
                                          detail::unwrap_iterator(result), op);
  return result + n;
}
/// result[i] = init op first[0] op ... op first[i].
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, class T, class Op, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt inclusive_scan(const Policy& policy, InIt first, InIt last, OutIt result, T init, Op op) {
  using acc_t = detail::accumulator_t<Op, T, InIt>;
  size_type n = detail::range_size(policy, first, last, "inclusive_scan");
  if (n == 0) return result;
  detail::dispatch::inclusive_scan_init(detail::run_policy(policy),
                                        detail::read_as<acc_t, Op>(detail::unwrap_iterator(first)), n,
                                        detail::unwrap_iterator(result), acc_t(init), op);
  return result + n;
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt inclusive_scan(const Policy& policy, InIt first, InIt last, OutIt result) {
  return tide::inclusive_scan(policy, first, last, result, plus<>());
}
template <class InIt, class OutIt, class T, class Op, detail::enable_if_not_policy_t<InIt> = 0>
OutIt inclusive_scan(InIt first, InIt last, OutIt result, T init, Op op) {
  return tide::inclusive_scan(detail::select_policy(first, result), first, last, result, init, op);
}
template <class InIt, class OutIt, class Op, detail::enable_if_not_policy_t<InIt> = 0>
OutIt inclusive_scan(InIt first, InIt last, OutIt result, Op op) {
  return tide::inclusive_scan(detail::select_policy(first, result), first, last, result, op);
}
template <class InIt, class OutIt, detail::enable_if_not_policy_t<InIt> = 0>
OutIt inclusive_scan(InIt first, InIt last, OutIt result) {
  return tide::inclusive_scan(detail::select_policy(first, result), first, last, result, plus<>());
}

// ---- exclusive_scan ----------------------------------------------------------------------------

/// result[0] = init, result[i] = init op first[0] op ... op first[i - 1].
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, class T, class Op, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt exclusive_scan(const Policy& policy, InIt first, InIt last, OutIt result, T init, Op op) {
  using acc_t = T;  // Thrust: init's type, the elements read as T
  size_type n = detail::range_size(policy, first, last, "exclusive_scan");
  if (n == 0) return result;
  detail::dispatch::exclusive_scan(detail::run_policy(policy),
                                   detail::read_as<acc_t, Op>(detail::unwrap_iterator(first)), n,
                                   detail::unwrap_iterator(result), init, op);
  return result + n;
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt exclusive_scan(const Policy& policy, InIt first, InIt last, OutIt result, T init) {
  return tide::exclusive_scan(policy, first, last, result, init, plus<>());
}
/// init is the input's value_type{} (0 for numbers), as in Thrust.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt exclusive_scan(const Policy& policy, InIt first, InIt last, OutIt result) {
  return tide::exclusive_scan(policy, first, last, result, detail::iter_value_t<InIt>{}, plus<>());
}
template <class InIt, class OutIt, class T, class Op, detail::enable_if_not_policy_t<InIt> = 0>
OutIt exclusive_scan(InIt first, InIt last, OutIt result, T init, Op op) {
  return tide::exclusive_scan(detail::select_policy(first, result), first, last, result, init, op);
}
template <class InIt, class OutIt, class T, detail::enable_if_not_policy_t<InIt> = 0>
OutIt exclusive_scan(InIt first, InIt last, OutIt result, T init) {
  return tide::exclusive_scan(detail::select_policy(first, result), first, last, result, init, plus<>());
}
template <class InIt, class OutIt, detail::enable_if_not_policy_t<InIt> = 0>
OutIt exclusive_scan(InIt first, InIt last, OutIt result) {
  return tide::exclusive_scan(detail::select_policy(first, result), first, last, result);
}

// ---- inclusive_scan_by_key ---------------------------------------------------------------------

/// Inclusive scan of the values, restarting at each segment of equal (by `pred`) adjacent keys.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class OutIt, class Pred, class Op,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt inclusive_scan_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                             ValIt values_first, OutIt result, Pred pred, Op op) {
  using acc_t = detail::iter_value_t<ValIt>;  // Thrust: the values' value type
  size_type n = detail::range_size(policy, keys_first, keys_last, "inclusive_scan_by_key");
  if (n == 0) return result;
  detail::dispatch::inclusive_scan_by_key<acc_t>(detail::run_policy(policy), detail::unwrap_iterator(keys_first), n,
                                                 detail::unwrap_iterator(values_first),
                                                 detail::unwrap_iterator(result), pred, op);
  return result + n;
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class OutIt, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt inclusive_scan_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                             ValIt values_first, OutIt result, Pred pred) {
  return tide::inclusive_scan_by_key(policy, keys_first, keys_last, values_first, result, pred, plus<>());
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt inclusive_scan_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                             ValIt values_first, OutIt result) {
  return tide::inclusive_scan_by_key(policy, keys_first, keys_last, values_first, result, equal_to<>(), plus<>());
}
template <class KeyIt, class ValIt, class OutIt, class Pred, class Op, detail::enable_if_not_policy_t<KeyIt> = 0>
OutIt inclusive_scan_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, OutIt result, Pred pred, Op op) {
  return tide::inclusive_scan_by_key(detail::select_policy(keys_first, values_first, result), keys_first, keys_last,
                                     values_first, result, pred, op);
}
template <class KeyIt, class ValIt, class OutIt, class Pred, detail::enable_if_not_policy_t<KeyIt> = 0>
OutIt inclusive_scan_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, OutIt result, Pred pred) {
  return tide::inclusive_scan_by_key(keys_first, keys_last, values_first, result, pred, plus<>());
}
template <class KeyIt, class ValIt, class OutIt, detail::enable_if_not_policy_t<KeyIt> = 0>
OutIt inclusive_scan_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, OutIt result) {
  return tide::inclusive_scan_by_key(keys_first, keys_last, values_first, result, equal_to<>(), plus<>());
}

// ---- exclusive_scan_by_key ---------------------------------------------------------------------

/// Exclusive scan of the values from `init`, restarting from `init` at each segment.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class OutIt, class T, class Pred, class Op,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt exclusive_scan_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                             ValIt values_first, OutIt result, T init, Pred pred, Op op) {
  using acc_t = T;  // Thrust: init's type, the values read as T
  size_type n = detail::range_size(policy, keys_first, keys_last, "exclusive_scan_by_key");
  if (n == 0) return result;
  detail::dispatch::exclusive_scan_by_key(detail::run_policy(policy), detail::unwrap_iterator(keys_first), n,
                                          detail::read_as<acc_t, Op>(detail::unwrap_iterator(values_first)),
                                          detail::unwrap_iterator(result), init, pred, op);
  return result + n;
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class OutIt, class T, class Pred,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt exclusive_scan_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                             ValIt values_first, OutIt result, T init, Pred pred) {
  return tide::exclusive_scan_by_key(policy, keys_first, keys_last, values_first, result, init, pred, plus<>());
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class OutIt, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt exclusive_scan_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                             ValIt values_first, OutIt result, T init) {
  return tide::exclusive_scan_by_key(policy, keys_first, keys_last, values_first, result, init, equal_to<>(),
                                     plus<>());
}
/// init is the values' value_type{}, as in Thrust.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt exclusive_scan_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last,
                                             ValIt values_first, OutIt result) {
  return tide::exclusive_scan_by_key(policy, keys_first, keys_last, values_first, result,
                                     detail::iter_value_t<ValIt>{}, equal_to<>(), plus<>());
}
template <class KeyIt, class ValIt, class OutIt, class T, class Pred, class Op,
          detail::enable_if_not_policy_t<KeyIt> = 0>
OutIt exclusive_scan_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, OutIt result, T init, Pred pred,
                            Op op) {
  return tide::exclusive_scan_by_key(detail::select_policy(keys_first, values_first, result), keys_first, keys_last,
                                     values_first, result, init, pred, op);
}
template <class KeyIt, class ValIt, class OutIt, class T, class Pred, detail::enable_if_not_policy_t<KeyIt> = 0>
OutIt exclusive_scan_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, OutIt result, T init, Pred pred) {
  return tide::exclusive_scan_by_key(keys_first, keys_last, values_first, result, init, pred, plus<>());
}
template <class KeyIt, class ValIt, class OutIt, class T, detail::enable_if_not_policy_t<KeyIt> = 0>
OutIt exclusive_scan_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, OutIt result, T init) {
  return tide::exclusive_scan_by_key(keys_first, keys_last, values_first, result, init, equal_to<>(), plus<>());
}
template <class KeyIt, class ValIt, class OutIt, detail::enable_if_not_policy_t<KeyIt> = 0>
OutIt exclusive_scan_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, OutIt result) {
  return tide::exclusive_scan_by_key(keys_first, keys_last, values_first, result, detail::iter_value_t<ValIt>{},
                                     equal_to<>(), plus<>());
}

// ---- transform_inclusive_scan, transform_exclusive_scan --------------------------------------------

namespace detail {
/// f(x) as a V: the element of Thrust's `transform_iterator<F, It, V>`. f is called as a non-const
/// object, as transform_iterator calls it.
template <class V, class F>
struct transformed_as {
  F f;
  TIDE_EXEC_CHECK_DISABLE
  template <class X>
  TIDE_HOST_DEVICE V operator()(X&& x) {
    return static_cast<V>(f(static_cast<X&&>(x)));
  }
};
/// The elements f(x) of [first, ...) as V.
template <class V, class InIt, class F>
TIDE_HOST_DEVICE auto transformed(const InIt& first, const F& f) {
  return make_transform_iterator(unwrap_iterator(first), transformed_as<V, F>{f});
}
/// The decayed type of f(x) for x of InIt's value type.
template <class F, class InIt>
using transform_result_t = std::decay_t<invoke_result_t<F&, iter_value_t<InIt>>>;
}  // namespace detail

/// result[i] = f(first[0]) op ... op f(first[i]), accumulated in the type of f's result.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, class UnaryOp, class Op, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt transform_inclusive_scan(const Policy& policy, InIt first, InIt last, OutIt result, UnaryOp f,
                                                Op op) {
  using acc_t = detail::transform_result_t<UnaryOp, InIt>;  // Thrust: the transformed elements' type
  size_type n = detail::range_size(policy, first, last, "transform_inclusive_scan");
  if (n == 0) return result;
  detail::dispatch::inclusive_scan<acc_t>(detail::run_policy(policy), detail::transformed<acc_t>(first, f), n,
                                          detail::unwrap_iterator(result), op);
  return result + n;
}
/// result[i] = init op f(first[0]) op ... op f(first[i]), accumulated in the type of op(init, f(x)).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, class UnaryOp, class T, class Op,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt transform_inclusive_scan(const Policy& policy, InIt first, InIt last, OutIt result, UnaryOp f,
                                                T init, Op op) {
  using value_t = detail::transform_result_t<UnaryOp, InIt>;
  auto elements = detail::transformed<value_t>(first, f);
  using acc_t = detail::accumulator_t<Op, T, decltype(elements)>;  // as inclusive_scan with init
  size_type n = detail::range_size(policy, first, last, "transform_inclusive_scan");
  if (n == 0) return result;
  detail::dispatch::inclusive_scan_init(detail::run_policy(policy), detail::read_as<acc_t, Op>(elements), n,
                                        detail::unwrap_iterator(result), acc_t(init), op);
  return result + n;
}
template <class InIt, class OutIt, class UnaryOp, class Op, detail::enable_if_not_policy_t<InIt> = 0>
OutIt transform_inclusive_scan(InIt first, InIt last, OutIt result, UnaryOp f, Op op) {
  return tide::transform_inclusive_scan(detail::select_policy(first, result), first, last, result, f, op);
}
template <class InIt, class OutIt, class UnaryOp, class T, class Op, detail::enable_if_not_policy_t<InIt> = 0>
OutIt transform_inclusive_scan(InIt first, InIt last, OutIt result, UnaryOp f, T init, Op op) {
  return tide::transform_inclusive_scan(detail::select_policy(first, result), first, last, result, f, init, op);
}

/// result[0] = init, result[i] = init op f(first[0]) op ... op f(first[i - 1]), accumulated in
/// init's type, each f(x) converted to it.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class InIt, class OutIt, class UnaryOp, class T, class Op,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt transform_exclusive_scan(const Policy& policy, InIt first, InIt last, OutIt result, UnaryOp f,
                                                T init, Op op) {
  using acc_t = T;  // Thrust: init's type, the transformed elements made T
  size_type n = detail::range_size(policy, first, last, "transform_exclusive_scan");
  if (n == 0) return result;
  detail::dispatch::exclusive_scan(detail::run_policy(policy), detail::transformed<acc_t>(first, f), n,
                                   detail::unwrap_iterator(result), init, op);
  return result + n;
}
template <class InIt, class OutIt, class UnaryOp, class T, class Op, detail::enable_if_not_policy_t<InIt> = 0>
OutIt transform_exclusive_scan(InIt first, InIt last, OutIt result, UnaryOp f, T init, Op op) {
  return tide::transform_exclusive_scan(detail::select_policy(first, result), first, last, result, f, init, op);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(inclusive_scan)
TIDE_USER_BACKEND(exclusive_scan)
TIDE_USER_BACKEND(transform_inclusive_scan)
TIDE_USER_BACKEND(transform_exclusive_scan)
TIDE_USER_BACKEND(inclusive_scan_by_key)
TIDE_USER_BACKEND(exclusive_scan_by_key)

}  // namespace tide
