#pragma once
/// \file functional.hpp
/// Thrust's function objects, callable in host and device code. Each `X<T>` takes `const T&`
/// arguments and returns T (bool for comparisons and logical operations); `X<>` (= `X<void>`) is
/// transparent: it forwards any arguments and deduces its result, as `std::plus<void>` does.

#include <type_traits>

#include "config.hpp"
#include "detail/invoke.hpp"

namespace tide {

namespace detail {

// One struct per operation; binary_functor and unary_functor give it the typed or the transparent
// signature. The operands may be host-only types (std::string): nvcc's host/device check is off.
struct plus_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) + static_cast<B&&>(b)) {
    return static_cast<A&&>(a) + static_cast<B&&>(b);
  }
};
struct minus_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) - static_cast<B&&>(b)) {
    return static_cast<A&&>(a) - static_cast<B&&>(b);
  }
};
struct multiplies_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) * static_cast<B&&>(b)) {
    return static_cast<A&&>(a) * static_cast<B&&>(b);
  }
};
struct divides_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) / static_cast<B&&>(b)) {
    return static_cast<A&&>(a) / static_cast<B&&>(b);
  }
};
struct modulus_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) % static_cast<B&&>(b)) {
    return static_cast<A&&>(a) % static_cast<B&&>(b);
  }
};
struct equal_to_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) == static_cast<B&&>(b)) {
    return static_cast<A&&>(a) == static_cast<B&&>(b);
  }
};
struct not_equal_to_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) != static_cast<B&&>(b)) {
    return static_cast<A&&>(a) != static_cast<B&&>(b);
  }
};
struct less_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) < static_cast<B&&>(b)) {
    return static_cast<A&&>(a) < static_cast<B&&>(b);
  }
};
struct greater_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) > static_cast<B&&>(b)) {
    return static_cast<A&&>(a) > static_cast<B&&>(b);
  }
};
struct less_equal_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) <= static_cast<B&&>(b)) {
    return static_cast<A&&>(a) <= static_cast<B&&>(b);
  }
};
struct greater_equal_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) >= static_cast<B&&>(b)) {
    return static_cast<A&&>(a) >= static_cast<B&&>(b);
  }
};
struct logical_and_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) && static_cast<B&&>(b)) {
    return static_cast<A&&>(a) && static_cast<B&&>(b);
  }
};
struct logical_or_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) || static_cast<B&&>(b)) {
    return static_cast<A&&>(a) || static_cast<B&&>(b);
  }
};
struct bit_and_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) & static_cast<B&&>(b)) {
    return static_cast<A&&>(a) & static_cast<B&&>(b);
  }
};
struct bit_or_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) | static_cast<B&&>(b)) {
    return static_cast<A&&>(a) | static_cast<B&&>(b);
  }
};
struct bit_xor_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B> TIDE_HOST_DEVICE static constexpr auto apply(A&& a, B&& b)
      -> decltype(static_cast<A&&>(a) ^ static_cast<B&&>(b)) {
    return static_cast<A&&>(a) ^ static_cast<B&&>(b);
  }
};
// By value in the common type: a reference could dangle when an argument is a temporary.
struct maximum_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B>
  TIDE_HOST_DEVICE static constexpr std::common_type_t<A, B> apply(const A& a, const B& b) {
    return a < b ? b : a;
  }
};
struct minimum_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B>
  TIDE_HOST_DEVICE static constexpr std::common_type_t<A, B> apply(const A& a, const B& b) {
    return b < a ? b : a;
  }
};
struct negate_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A>
  TIDE_HOST_DEVICE static constexpr auto apply(A&& a) -> decltype(-static_cast<A&&>(a)) {
    return -static_cast<A&&>(a);
  }
};
struct logical_not_op {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A>
  TIDE_HOST_DEVICE static constexpr auto apply(A&& a) -> decltype(!static_cast<A&&>(a)) {
    return !static_cast<A&&>(a);
  }
};

template <class Op, class T, class R>
struct binary_functor {
  using first_argument_type = T;
  using second_argument_type = T;
  using result_type = R;
  TIDE_HOST_DEVICE constexpr R operator()(const T& a, const T& b) const { return Op::apply(a, b); }
};
template <class Op, class R>
struct binary_functor<Op, void, R> {
  using is_transparent = void;
  template <class A, class B>
  TIDE_HOST_DEVICE constexpr auto operator()(A&& a, B&& b) const
      -> decltype(Op::apply(static_cast<A&&>(a), static_cast<B&&>(b))) {
    return Op::apply(static_cast<A&&>(a), static_cast<B&&>(b));
  }
};

template <class Op, class T, class R>
struct unary_functor {
  using argument_type = T;
  using result_type = R;
  TIDE_HOST_DEVICE constexpr R operator()(const T& x) const { return Op::apply(x); }
};
template <class Op, class R>
struct unary_functor<Op, void, R> {
  using is_transparent = void;
  template <class A>
  TIDE_HOST_DEVICE constexpr auto operator()(A&& x) const -> decltype(Op::apply(static_cast<A&&>(x))) {
    return Op::apply(static_cast<A&&>(x));
  }
};

}  // namespace detail

/// `a + b`.
template <class T = void>
struct plus : detail::binary_functor<detail::plus_op, T, T> {};
/// `a - b`.
template <class T = void>
struct minus : detail::binary_functor<detail::minus_op, T, T> {};
/// `a * b`.
template <class T = void>
struct multiplies : detail::binary_functor<detail::multiplies_op, T, T> {};
/// `a / b`.
template <class T = void>
struct divides : detail::binary_functor<detail::divides_op, T, T> {};
/// `a % b`.
template <class T = void>
struct modulus : detail::binary_functor<detail::modulus_op, T, T> {};
/// `a & b`.
template <class T = void>
struct bit_and : detail::binary_functor<detail::bit_and_op, T, T> {};
/// `a | b`.
template <class T = void>
struct bit_or : detail::binary_functor<detail::bit_or_op, T, T> {};
/// `a ^ b`.
template <class T = void>
struct bit_xor : detail::binary_functor<detail::bit_xor_op, T, T> {};
/// The larger of a and b (`a < b ? b : a`); `maximum<>` returns the common type.
template <class T = void>
struct maximum : detail::binary_functor<detail::maximum_op, T, T> {};
/// The smaller of a and b (`b < a ? b : a`); `minimum<>` returns the common type.
template <class T = void>
struct minimum : detail::binary_functor<detail::minimum_op, T, T> {};
/// `a == b`, as bool.
template <class T = void>
struct equal_to : detail::binary_functor<detail::equal_to_op, T, bool> {};
/// `a != b`, as bool.
template <class T = void>
struct not_equal_to : detail::binary_functor<detail::not_equal_to_op, T, bool> {};
/// `a < b`, as bool.
template <class T = void>
struct less : detail::binary_functor<detail::less_op, T, bool> {};
/// `a > b`, as bool.
template <class T = void>
struct greater : detail::binary_functor<detail::greater_op, T, bool> {};
/// `a <= b`, as bool.
template <class T = void>
struct less_equal : detail::binary_functor<detail::less_equal_op, T, bool> {};
/// `a >= b`, as bool.
template <class T = void>
struct greater_equal : detail::binary_functor<detail::greater_equal_op, T, bool> {};
/// `a && b`, as bool.
template <class T = void>
struct logical_and : detail::binary_functor<detail::logical_and_op, T, bool> {};
/// `a || b`, as bool.
template <class T = void>
struct logical_or : detail::binary_functor<detail::logical_or_op, T, bool> {};
/// `-x`.
template <class T = void>
struct negate : detail::unary_functor<detail::negate_op, T, T> {};
/// `!x`, as bool.
template <class T = void>
struct logical_not : detail::unary_functor<detail::logical_not_op, T, bool> {};

/// `x` itself.
template <class T = void>
struct identity {
  using argument_type = T;
  using result_type = T;
  TIDE_HOST_DEVICE constexpr const T& operator()(const T& x) const { return x; }
};
template <>
struct identity<void> {
  using is_transparent = void;
  template <class A>
  TIDE_HOST_DEVICE constexpr A&& operator()(A&& x) const {
    return static_cast<A&&>(x);
  }
};

/// The first of two arguments.
template <class T1 = void, class T2 = void>
struct project1st {
  using first_argument_type = T1;
  using second_argument_type = T2;
  using result_type = T1;
  TIDE_HOST_DEVICE constexpr const T1& operator()(const T1& a, const T2&) const { return a; }
};
template <>
struct project1st<void, void> {
  using is_transparent = void;
  template <class A, class B>
  TIDE_HOST_DEVICE constexpr A&& operator()(A&& a, B&&) const {
    return static_cast<A&&>(a);
  }
};

/// The second of two arguments.
template <class T1 = void, class T2 = void>
struct project2nd {
  using first_argument_type = T1;
  using second_argument_type = T2;
  using result_type = T2;
  TIDE_HOST_DEVICE constexpr const T2& operator()(const T1&, const T2& b) const { return b; }
};
template <>
struct project2nd<void, void> {
  using is_transparent = void;
  template <class A, class B>
  TIDE_HOST_DEVICE constexpr B&& operator()(A&&, B&& b) const {
    return static_cast<B&&>(b);
  }
};

/// Wraps `f` into a functor whose calls return `T` and which declares `result_type = T`.
///
/// Needed for nvcc extended `__device__` lambdas (`[] __device__ (int x) { ... }`) wherever tide
/// must know the result type on the host: transform_iterator, the accumulator type of reduce and
/// scan, transform's output, ... nvcc's host pass cannot query such a lambda's return type, and
/// tide stops with a static_assert naming this function. Not needed for `__host__ __device__`
/// lambdas or ordinary functors (nor where the result is only stored, as in
/// transform_output_iterator). Example:
///   auto half = tide::proclaim_return_type<float>([] __device__ (int x) { return x * 0.5f; });
///   auto it = tide::make_transform_iterator(p, half);
template <class T, class F>
TIDE_HOST_DEVICE constexpr detail::proclaimed_function<T, F> proclaim_return_type(F f) {
  return detail::proclaimed_function<T, F>{static_cast<F&&>(f)};
}

}  // namespace tide

// Thrust's other function-object facilities: placeholders (_1 .. _10), min/max/square/not_fn/
// zip_function, and raw_reference_cast/swap.
#include "functional/placeholders.hpp"
#include "functional/utility.hpp"
#include "functional/reference.hpp"
