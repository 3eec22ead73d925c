#pragma once
/// \file reduce.hpp
/// reduce, transform_reduce, inner_product, count, count_if, and their `_into` forms, which
/// write the result through an iterator (device memory on the device system) and never wait.
///
/// Types, as Thrust (thrust/system/detail/generic/reduce.inl, inner_product.inl, count.inl) and
/// std::reduce: the accumulator and the result are init's type T; every partial result is held as a
/// T, and the elements are read as T where they convert to it (as CUB loads them as its accumulator
/// type). The default operator is `plus<T>`, which converts each element to T before adding, so `reduce(first, last,
/// 0)` over doubles adds the doubles truncated to int and returns an int. Without init, init is the value type's 0 and
/// the operator `plus<V>`: a sum of signed char wraps and is a signed char. inner_product's defaults are `plus<T>` and
/// `multiplies<T>`: over ints with init `0ll` it multiplies and adds in long long. count and
/// count_if return the input's difference_type.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <iterator>
#include <type_traits>

#include "backend/omp/reduce.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/reduce.hpp"
#include "detail/accumulator.hpp"
#include "detail/dispatch.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/transform_iterator.hpp"
#include "iterator/zip_iterator.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/reduce.hpp"
#endif

namespace tide {

namespace detail {
/// Maps a tuple (a, b) to op(a, b): inner_product's element-wise product over a zip.
template <class Op>
struct apply_pair {
  mutable Op op;  // the user's functor may have a non-const operator()
  TIDE_EXEC_CHECK_DISABLE
  template <class Tuple>
  TIDE_HOST_DEVICE auto operator()(const Tuple& t) const {
    return op(get<0>(t), get<1>(t));
  }
};
/// 1 where pred(x) holds, else 0, as the count type.
template <class Pred, class Count>
struct count_pred {
  mutable Pred pred;
  TIDE_EXEC_CHECK_DISABLE
  template <class X>
  TIDE_HOST_DEVICE Count operator()(const X& x) const {
    return pred(x) ? Count(1) : Count(0);
  }
};
/// 1 where x == value.
template <class T>
struct equals_value {
  T value;
  TIDE_EXEC_CHECK_DISABLE
  template <class X>
  TIDE_HOST_DEVICE bool operator()(const X& x) const {
    return x == value;
  }
};
}  // namespace detail

/// Reduces [first, last) with `op` starting from `init`; `op` must be associative (it need not be
/// commutative). The accumulator and the result are T.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, class Op, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE T reduce(const Policy& policy, It first, It last, T init, Op op) {
  size_type n = detail::range_size(policy, first, last, "reduce");
  if (n == 0) return init;
  return static_cast<T>(detail::dispatch::reduce(detail::run_policy(policy),
                                                 detail::read_as<T, Op>(detail::unwrap_iterator(first)), n, init, op));
}
/// The sum in T: `plus<T>` (each element converted to T, as Thrust).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE T reduce(const Policy& policy, It first, It last, T init) {
  return tide::reduce(policy, first, last, init, plus<T>());
}
/// The sum in the value type V, from V's 0, with `plus<V>` (a sum of small integers wraps in V).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE detail::iter_value_t<It> reduce(const Policy& policy, It first, It last) {
  using value_t = detail::iter_value_t<It>;
  return tide::reduce(policy, first, last, detail::zero_value<value_t>(), plus<value_t>());
}
template <class It, class T, class Op, detail::enable_if_not_policy_t<It> = 0>
T reduce(It first, It last, T init, Op op) {
  return tide::reduce(detail::select_policy(first), first, last, init, op);
}
template <class It, class T, detail::enable_if_not_policy_t<It> = 0>
T reduce(It first, It last, T init) {
  return tide::reduce(detail::select_policy(first), first, last, init, plus<T>());
}
template <class It, detail::enable_if_not_policy_t<It> = 0>
detail::iter_value_t<It> reduce(It first, It last) {
  return tide::reduce(detail::select_policy(first), first, last);
}

/// Writes reduce(first, last, init, op) (a T) to *out without waiting for the result.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class T, class Op, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void reduce_into(const Policy& policy, It first, It last, OutIt out, T init, Op op) {
  size_type n = detail::range_size(policy, first, last, "reduce_into");
  detail::dispatch::reduce_into(detail::run_policy(policy), detail::read_as<T, Op>(detail::unwrap_iterator(first)), n,
                                detail::unwrap_iterator(out), init, op);
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void reduce_into(const Policy& policy, It first, It last, OutIt out, T init) {
  tide::reduce_into(policy, first, last, out, init, plus<T>());
}

/// reduce over `unary(x)` for each x; the accumulator and the result are T.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, class BinaryOp, class UnaryOp, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE T transform_reduce(const Policy& policy, It first, It last, UnaryOp unary, T init, BinaryOp binary) {
  detail::range_size(policy, first, last, "transform_reduce");  // named here, not as reduce
  return tide::reduce(policy, make_transform_iterator(first, unary), make_transform_iterator(last, unary), init,
                      binary);
}
template <class It, class T, class BinaryOp, class UnaryOp, detail::enable_if_not_policy_t<It> = 0>
T transform_reduce(It first, It last, UnaryOp unary, T init, BinaryOp binary) {
  return tide::transform_reduce(detail::select_policy(first), first, last, unary, init, binary);
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class T, class BinaryOp, class UnaryOp,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void transform_reduce_into(const Policy& policy, It first, It last, OutIt out, UnaryOp unary, T init,
                                            BinaryOp binary) {
  detail::range_size(policy, first, last, "transform_reduce_into");
  tide::reduce_into(policy, make_transform_iterator(first, unary), make_transform_iterator(last, unary), out,
                    init, binary);
}

/// init op1 (a0 op2 b0) op1 (a1 op2 b1) ...; the accumulator and the result are T.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class T, class Op1, class Op2, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE T inner_product(const Policy& policy, It1 first1, It1 last1, It2 first2, T init, Op1 op1, Op2 op2) {
  size_type n = detail::range_size(policy, first1, last1, "inner_product");
  auto zip = make_zip_iterator(first1, first2);
  return tide::transform_reduce(policy, zip, zip + n, detail::apply_pair<Op2>{op2}, init, op1);
}
/// `plus<T>` and `multiplies<T>`: the products too are computed in T (over ints with init 0ll, in
/// long long), as Thrust.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE T inner_product(const Policy& policy, It1 first1, It1 last1, It2 first2, T init) {
  return tide::inner_product(policy, first1, last1, first2, init, plus<T>(), multiplies<T>());
}
template <class It1, class It2, class T, class Op1, class Op2, detail::enable_if_not_policy_t<It1> = 0>
T inner_product(It1 first1, It1 last1, It2 first2, T init, Op1 op1, Op2 op2) {
  return tide::inner_product(detail::select_policy(first1, first2), first1, last1, first2, init, op1, op2);
}
template <class It1, class It2, class T, detail::enable_if_not_policy_t<It1> = 0>
T inner_product(It1 first1, It1 last1, It2 first2, T init) {
  return tide::inner_product(detail::select_policy(first1, first2), first1, last1, first2, init);
}

/// How many x in [first, last) satisfy pred(x).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE detail::iter_difference_t<It> count_if(const Policy& policy, It first, It last, Pred pred) {
  detail::range_size(policy, first, last, "count_if");
  using count_t = detail::iter_difference_t<It>;
  return tide::transform_reduce(policy, first, last, detail::count_pred<Pred, count_t>{pred}, count_t(0),
                                plus<count_t>());
}
template <class It, class Pred, detail::enable_if_not_policy_t<It> = 0>
auto count_if(It first, It last, Pred pred) {
  return tide::count_if(detail::select_policy(first), first, last, pred);
}
/// How many x in [first, last) equal `value`.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE auto count(const Policy& policy, It first, It last, const T& value) {
  detail::range_size(policy, first, last, "count");
  return tide::count_if(policy, first, last, detail::equals_value<T>{value});
}
template <class It, class T, detail::enable_if_not_policy_t<It> = 0>
auto count(It first, It last, const T& value) {
  return tide::count(detail::select_policy(first), first, last, value);
}
/// count_if, written to *out without waiting.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void count_if_into(const Policy& policy, It first, It last, OutIt out, Pred pred) {
  detail::range_size(policy, first, last, "count_if_into");
  using count_t = detail::iter_difference_t<It>;
  tide::transform_reduce_into(policy, first, last, out, detail::count_pred<Pred, count_t>{pred}, count_t(0),
                              plus<count_t>());
}
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void count_into(const Policy& policy, It first, It last, OutIt out, const T& value) {
  detail::range_size(policy, first, last, "count_into");
  tide::count_if_into(policy, first, last, out, detail::equals_value<T>{value});
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(reduce)
TIDE_USER_BACKEND(transform_reduce)
TIDE_USER_BACKEND(inner_product)
TIDE_USER_BACKEND(count)
TIDE_USER_BACKEND(count_if)

}  // namespace tide
