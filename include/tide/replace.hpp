#pragma once
/// \file replace.hpp
/// replace, replace_if (with and without a stencil), replace_copy and replace_copy_if (with and
/// without a stencil), with Thrust's signatures and results: the in-place forms return nothing,
/// the copying forms the output's end. `x == old_value` decides replace and replace_copy, so a NaN
/// old_value replaces nothing and 0.0 also replaces -0.0 (use replace_if with an isnan predicate
/// for NaNs).
/// Built on transform: the copying forms are `out[i] = pred(x) ? new_value : x` (as Thrust, in
/// the output's value type); the in-place forms over trivially copyable elements behind pointers
/// (raw or device_ptr) are the same transform in place (every element rewritten, the unmatched
/// with their own bits: the vectorized transform, reading and writing at memcpy's rate), and
/// otherwise transform_if (only the matched elements are assigned, as Thrust does: types whose
/// assignment does something, adaptors, host iterators).
/// The forms that take a policy also run in device code, with tide::seq or tide::device.

#include <type_traits>

#include "copy.hpp"  // detail::equal_to_value
#include "detail/select_by_mask.hpp"
#include "detail/user_backend.hpp"
#include "transform.hpp"

namespace tide {

namespace detail {

/// x -> pred(x) ? new_value : x (unary), (x, s) -> pred(s) ? new_value : x (with a stencil), in
/// Out (Thrust's new_value_if: the output's value type; void: the conditional's own type).
template <class Pred, class T, class Out>
struct replace_value_fn {
  mutable Pred pred;  // the user's predicate may have a non-const operator()
  T new_value;
  TIDE_EXEC_CHECK_DISABLE
  template <class X>
  TIDE_HOST_DEVICE auto operator()(const X& x) const {
    return result(pred(x), x);
  }
  TIDE_EXEC_CHECK_DISABLE
  template <class X, class S>
  TIDE_HOST_DEVICE auto operator()(const X& x, const S& s) const {
    return result(pred(s), x);
  }

 private:
#if !defined(__CUDA_ARCH__)
  /// new_value or x as the conditional `replace ? new_value : x` gives it (its common type), then
  /// converted to R.
  template <class R, class X>
  static R convert(const T& v, const X& x, bool take_v) {
    using C = std::common_type_t<T, X>;
    return static_cast<R>(take_v ? static_cast<C>(v) : static_cast<C>(x));
  }
#endif
  TIDE_EXEC_CHECK_DISABLE
  template <class X>
  TIDE_HOST_DEVICE auto result(bool replace, const X& x) const {
    if constexpr (std::is_void_v<Out>) {
      return replace ? new_value : x;
    } else {
#if !defined(__CUDA_ARCH__)
      // A ternary here compiled to a branch (detail/select_by_mask.hpp).
      if constexpr (selects_by_mask<Out> && std::is_arithmetic_v<X> && std::is_arithmetic_v<T>)
        return select_by_mask<Out>(replace, convert<Out>(new_value, x, true), convert<Out>(new_value, x, false));
#endif
      Out r = replace ? new_value : x;  // implicit conversion, as Thrust's return statement
      return r;
    }
  }
};

/// Any input -> new_value (Thrust's constant_f): the op of transform_if in place.
template <class T>
struct replacement_fn {
  T value;
  template <class X>
  TIDE_HOST_DEVICE T operator()(const X&) const {
    return value;
  }
};

/// replace_if's work on [first, first + n), n > 0: first[i] = new_value where pred(stencil[i])
/// (Unary: the stencil is first itself).
TIDE_EXEC_CHECK_DISABLE
template <bool Unary, class Policy, class It, class StencilIt, class Pred, class T>
TIDE_HOST_DEVICE void replace_in_place(const Policy& policy, It first, size_type n, StencilIt stencil, Pred pred,
                                       const T& new_value) {
  using value_t = iter_value_t<It>;
  auto u_first = unwrap_iterator(first);
  if constexpr (std::is_pointer_v<decltype(u_first)> && std::is_trivially_copyable_v<value_t>) {
    // Rewriting an unmatched element with its own bits is invisible: the (vectorized) transform.
    replace_value_fn<Pred, T, value_t> op{pred, new_value};
    auto p = writer_policy<It>(run_policy(policy));
    if constexpr (Unary)
      dispatch::transform(p, u_first, n, u_first, op);
    else
      dispatch::transform2(p, u_first, n, unwrap_iterator(stencil), u_first, op);
  } else {
    tide::transform_if(policy, first, advanced(first, n), stencil, first, replacement_fn<T>{new_value}, pred);
  }
}

}  // namespace detail

// ---- replace_if, replace ----------------------------------------------------------------------

/// first[i] = new_value where pred(stencil[i]); the other elements are left alone.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class Pred, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void replace_if(const Policy& policy, It first, It last, StencilIt stencil, Pred pred,
                                 const T& new_value) {
  size_type n = detail::range_size(policy, first, last, "replace_if");
  if (n > 0) detail::replace_in_place<false>(policy, first, n, stencil, pred, new_value);
}
/// x = new_value for each x in [first, last) with pred(x).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Pred, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void replace_if(const Policy& policy, It first, It last, Pred pred, const T& new_value) {
  size_type n = detail::range_size(policy, first, last, "replace_if");
  if (n > 0) detail::replace_in_place<true>(policy, first, n, first, pred, new_value);
}
template <class It, class StencilIt, class Pred, class T, detail::enable_if_not_policy_t<It> = 0>
void replace_if(It first, It last, StencilIt stencil, Pred pred, const T& new_value) {
  tide::replace_if(detail::select_policy(first, stencil), first, last, stencil, pred, new_value);
}
template <class It, class Pred, class T, detail::enable_if_not_policy_t<It> = 0>
void replace_if(It first, It last, Pred pred, const T& new_value) {
  tide::replace_if(detail::select_policy(first), first, last, pred, new_value);
}

/// x = new_value for each x in [first, last) with x == old_value.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void replace(const Policy& policy, It first, It last, const T& old_value, const T& new_value) {
  size_type n = detail::range_size(policy, first, last, "replace");
  if (n > 0) detail::replace_in_place<true>(policy, first, n, first, detail::equal_to_value<T>{old_value}, new_value);
}
template <class It, class T, detail::enable_if_not_policy_t<It> = 0>
void replace(It first, It last, const T& old_value, const T& new_value) {
  tide::replace(detail::select_policy(first), first, last, old_value, new_value);
}

// ---- replace_copy_if, replace_copy ------------------------------------------------------------

/// out[i] = pred(stencil[i]) ? new_value : first[i]; returns the output's end. out may be first.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class OutIt, class Pred, class T,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt replace_copy_if(const Policy& policy, It first, It last, StencilIt stencil, OutIt out,
                                       Pred pred, const T& new_value) {
  size_type n = detail::range_size(policy, first, last, "replace_copy_if");
  if (n > 0)
    detail::dispatch::transform2(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                 detail::unwrap_iterator(first), n, detail::unwrap_iterator(stencil),
                                 detail::unwrap_iterator(out),
                                 detail::replace_value_fn<Pred, T, detail::iter_value_t<OutIt>>{pred, new_value});
  return detail::advanced(out, n);
}
/// out[i] = pred(first[i]) ? new_value : first[i]; returns the output's end. out may be first.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class Pred, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt replace_copy_if(const Policy& policy, It first, It last, OutIt out, Pred pred,
                                       const T& new_value) {
  size_type n = detail::range_size(policy, first, last, "replace_copy_if");
  if (n > 0)
    detail::dispatch::transform(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                detail::unwrap_iterator(first), n, detail::unwrap_iterator(out),
                                detail::replace_value_fn<Pred, T, detail::iter_value_t<OutIt>>{pred, new_value});
  return detail::advanced(out, n);
}
template <class It, class StencilIt, class OutIt, class Pred, class T, detail::enable_if_not_policy_t<It> = 0>
OutIt replace_copy_if(It first, It last, StencilIt stencil, OutIt out, Pred pred, const T& new_value) {
  return tide::replace_copy_if(detail::select_policy(first, stencil, out), first, last, stencil, out, pred,
                               new_value);
}
template <class It, class OutIt, class Pred, class T, detail::enable_if_not_policy_t<It> = 0>
OutIt replace_copy_if(It first, It last, OutIt out, Pred pred, const T& new_value) {
  return tide::replace_copy_if(detail::select_policy(first, out), first, last, out, pred, new_value);
}

/// out[i] = first[i] == old_value ? new_value : first[i]; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt replace_copy(const Policy& policy, It first, It last, OutIt out, const T& old_value,
                                    const T& new_value) {
  detail::range_size(policy, first, last, "replace_copy");
  return tide::replace_copy_if(policy, first, last, out, detail::equal_to_value<T>{old_value}, new_value);
}
template <class It, class OutIt, class T, detail::enable_if_not_policy_t<It> = 0>
OutIt replace_copy(It first, It last, OutIt out, const T& old_value, const T& new_value) {
  return tide::replace_copy(detail::select_policy(first, out), first, last, out, old_value, new_value);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(replace)
TIDE_USER_BACKEND(replace_if)
TIDE_USER_BACKEND(replace_copy)
TIDE_USER_BACKEND(replace_copy_if)

}  // namespace tide
