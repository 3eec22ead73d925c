#pragma once
/// \file uninitialized.hpp
/// uninitialized_copy, uninitialized_copy_n, uninitialized_fill and uninitialized_fill_n, with
/// Thrust's signatures and results (uninitialized_fill returns nothing, the others the output's
/// end). The output is raw storage: each element is constructed in place (placement new) from
/// the input element or the value, in the output's value type. As in Thrust, for a value type with
/// a trivial copy constructor that is exactly copy or fill (assignment, no construction); otherwise
/// a for_each over the indices constructs each element once. No element is destroyed if a
/// constructor throws (Thrust's neither).
/// The forms that take a policy also run in device code, with tide::seq or tide::device.

#include <new>
#include <type_traits>

#include "detail/user_backend.hpp"
#include "iterator/counting_iterator.hpp"
#include "transform.hpp"

namespace tide {

namespace detail {

/// Index i: constructs out[i] as V(in[i]).
template <class V, class InIt, class OutIt>
struct construct_from_fn {
  InIt in;
  OutIt out;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void operator()(size_type i) const {
    ::new (static_cast<void*>(&out[i])) V(in[i]);
  }
};
/// Index i: constructs out[i] as a copy of `value`.
template <class V, class OutIt>
struct construct_fill_fn {
  OutIt out;
  V value;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void operator()(size_type i) const {
    ::new (static_cast<void*>(&out[i])) V(value);
  }
};

/// Whether the uninitialized algorithms writing through It copy or fill (Thrust's test).
template <class It>
inline constexpr bool constructs_by_assignment_v = std::is_trivially_copy_constructible_v<iter_value_t<It>>;

/// Constructs each element of [first, first + n), n > 0, as a copy of V(value), V its value type.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T>
TIDE_HOST_DEVICE void uninitialized_fill_impl(const Policy& policy, It first, size_type n, const T& value) {
  if constexpr (constructs_by_assignment_v<It>) {
    dispatch::transform(writer_policy<It>(run_policy(policy)), make_constant_iterator(value), n,
                        unwrap_iterator(first), identity<>());
  } else {
    using V = iter_value_t<It>;
    auto u_first = unwrap_iterator(first);
    dispatch::for_each_n(writer_policy<It>(run_policy(policy)), counting_iterator<size_type>(0), n,
                         construct_fill_fn<V, decltype(u_first)>{u_first, V(value)});
  }
}

}  // namespace detail

// ---- uninitialized_copy, uninitialized_copy_n -------------------------------------------------

/// Constructs out[i] from first[i] for each i of [first, last); returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt uninitialized_copy(const Policy& policy, It first, It last, OutIt out) {
  size_type n = detail::range_size(policy, first, last, "uninitialized_copy");
  if constexpr (detail::constructs_by_assignment_v<OutIt>) {
    return tide::copy(policy, first, last, out);
  } else {
    if (n > 0) {
      auto u_first = detail::unwrap_iterator(first);
      auto u_out = detail::unwrap_iterator(out);
      detail::dispatch::for_each_n(
          detail::writer_policy<OutIt>(detail::run_policy(policy)), counting_iterator<size_type>(0), n,
          detail::construct_from_fn<detail::iter_value_t<OutIt>, decltype(u_first), decltype(u_out)>{u_first, u_out});
    }
    return detail::advanced(out, n);
  }
}
/// Without a policy; a trivially copy-constructible output may be in another system than the input
/// (a copy between host and device).
template <class It, class OutIt, detail::enable_if_not_policy_t<It> = 0>
OutIt uninitialized_copy(It first, It last, OutIt out) {
  if constexpr (detail::constructs_by_assignment_v<OutIt>) {
    detail::checked_distance(first, last, "uninitialized_copy");
    return tide::copy(first, last, out);
  } else {
    return tide::uninitialized_copy(detail::select_policy(first, out), first, last, out);
  }
}

/// Constructs out[i] from first[i] for i < count; returns out + count.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Size, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt uninitialized_copy_n(const Policy& policy, It first, Size count, OutIt out) {
  size_type n = detail::count_size(policy, count, "uninitialized_copy_n");
  return tide::uninitialized_copy(policy, first, detail::advanced(first, n), out);
}
template <class It, class Size, class OutIt, detail::enable_if_not_policy_t<It> = 0>
OutIt uninitialized_copy_n(It first, Size count, OutIt out) {
  size_type n = detail::checked_count(count, "uninitialized_copy_n");
  return tide::uninitialized_copy(first, detail::advanced(first, n), out);
}

// ---- uninitialized_fill, uninitialized_fill_n -------------------------------------------------

/// Constructs every element of [first, last) as a copy of `value` (converted to the value type).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void uninitialized_fill(const Policy& policy, It first, It last, const T& value) {
  size_type n = detail::range_size(policy, first, last, "uninitialized_fill");
  if (n > 0) detail::uninitialized_fill_impl(policy, first, n, value);
}
template <class It, class T, detail::enable_if_not_policy_t<It> = 0>
void uninitialized_fill(It first, It last, const T& value) {
  tide::uninitialized_fill(detail::select_policy(first), first, last, value);
}

/// Constructs the first `count` elements from first as copies of `value`; returns first + count.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Size, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It uninitialized_fill_n(const Policy& policy, It first, Size count, const T& value) {
  size_type n = detail::count_size(policy, count, "uninitialized_fill_n");
  if (n > 0) detail::uninitialized_fill_impl(policy, first, n, value);
  return detail::advanced(first, n);
}
template <class It, class Size, class T, detail::enable_if_not_policy_t<It> = 0>
It uninitialized_fill_n(It first, Size count, const T& value) {
  return tide::uninitialized_fill_n(detail::select_policy(first), first, count, value);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(uninitialized_copy)
TIDE_USER_BACKEND(uninitialized_copy_n)
TIDE_USER_BACKEND(uninitialized_fill)
TIDE_USER_BACKEND(uninitialized_fill_n)

}  // namespace tide
