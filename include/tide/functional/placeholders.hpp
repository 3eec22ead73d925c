#pragma once
/// \file placeholders.hpp
/// `tide::placeholders::_1` .. `_10`: Thrust's placeholder expressions. An expression of
/// placeholders, operators and values is a functor: `_1 + _2` adds its two arguments,
/// `a * _1 + _2` computes a saxpy, `_1 > _2` is a comparator, `_1 *= 2` doubles its argument in
/// place (compound assignment and `=` write through the argument, as in Thrust).
///
/// As in Thrust, the expression forwards its arguments to the operators untouched (references,
/// proxies such as tide::device_reference), values captured in the expression (the `a` above) are
/// stored by value, and the result type is the operator's own: `_1 + _2` on int and float gives
/// float, `_1 < _2` gives bool, `_1 += _2` gives the left argument's reference.

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../config.hpp"
#include "../functional.hpp"

#if defined(__CUDACC__)
#define TIDE_PH_NO_EXEC_CHECK _Pragma("nv_exec_check_disable")
#else
#define TIDE_PH_NO_EXEC_CHECK
#endif

namespace tide {
namespace detail {
namespace lambda {

// The operations Thrust's placeholders have beyond tide's named functors: one transparent functor
// each, forwarding its arguments so that assignment and increment reach the argument itself.
#define TIDE_PH_BINARY_OP(name, op)                                                              \
  struct name {                                                                                  \
    TIDE_PH_NO_EXEC_CHECK                                                                        \
    template <class A, class B>                                                                  \
    TIDE_HOST_DEVICE constexpr auto operator()(A&& a, B&& b) const                               \
        -> decltype(static_cast<A&&>(a) op static_cast<B&&>(b)) {                                \
      return static_cast<A&&>(a) op static_cast<B&&>(b);                                         \
    }                                                                                            \
  };
TIDE_PH_BINARY_OP(assign, =)
TIDE_PH_BINARY_OP(plus_assign, +=)
TIDE_PH_BINARY_OP(minus_assign, -=)
TIDE_PH_BINARY_OP(multiplies_assign, *=)
TIDE_PH_BINARY_OP(divides_assign, /=)
TIDE_PH_BINARY_OP(modulus_assign, %=)
TIDE_PH_BINARY_OP(bit_and_assign, &=)
TIDE_PH_BINARY_OP(bit_or_assign, |=)
TIDE_PH_BINARY_OP(bit_xor_assign, ^=)
TIDE_PH_BINARY_OP(shift_left_assign, <<=)
TIDE_PH_BINARY_OP(shift_right_assign, >>=)
TIDE_PH_BINARY_OP(shift_left, <<)
TIDE_PH_BINARY_OP(shift_right, >>)
#undef TIDE_PH_BINARY_OP

#define TIDE_PH_UNARY_OP(name, before, after)                                                    \
  struct name {                                                                                  \
    TIDE_PH_NO_EXEC_CHECK                                                                        \
    template <class A>                                                                           \
    TIDE_HOST_DEVICE constexpr auto operator()(A&& a) const                                      \
        -> decltype(before static_cast<A&&>(a) after) {                                          \
      return before static_cast<A&&>(a) after;                                                   \
    }                                                                                            \
  };
TIDE_PH_UNARY_OP(unary_plus, +, )
TIDE_PH_UNARY_OP(bit_not, ~, )
TIDE_PH_UNARY_OP(pre_increment, ++, )
TIDE_PH_UNARY_OP(pre_decrement, --, )
TIDE_PH_UNARY_OP(post_increment, , ++)
TIDE_PH_UNARY_OP(post_decrement, , --)
#undef TIDE_PH_UNARY_OP

/// The N-th (0-based) of the call's arguments, forwarded as it came.
template <std::size_t N>
struct argument {
  TIDE_PH_NO_EXEC_CHECK
  template <class T, class... Ts>
  TIDE_HOST_DEVICE static constexpr auto eval(T&&, Ts&&... rest)
      -> decltype(argument<N - 1>::eval(static_cast<Ts&&>(rest)...)) {
    return argument<N - 1>::eval(static_cast<Ts&&>(rest)...);
  }
};
template <>
struct argument<0> {
  TIDE_PH_NO_EXEC_CHECK
  template <class T, class... Ts>
  TIDE_HOST_DEVICE static constexpr T&& eval(T&& first, Ts&&...) {
    return static_cast<T&&>(first);
  }
};

/// A value captured in the expression (a copy), whatever the arguments.
template <class T>
struct value {
  T val;
  TIDE_PH_NO_EXEC_CHECK
  template <class... Ts>
  TIDE_HOST_DEVICE constexpr T eval(Ts&&...) const {
    return val;
  }
};

/// `Op(sub(args...)...)`: an operator applied to the results of its operand expressions.
template <class Op, class... Subs>
struct composite;
template <class Op, class S>
struct composite<Op, S> {
  S s;
  TIDE_PH_NO_EXEC_CHECK
  template <class... Ts>
  TIDE_HOST_DEVICE constexpr auto eval(Ts&&... args) const
      -> decltype(Op{}(std::declval<const S&>().eval(static_cast<Ts&&>(args)...))) {
    return Op{}(s.eval(static_cast<Ts&&>(args)...));
  }
};
template <class Op, class S1, class S2>
struct composite<Op, S1, S2> {
  S1 s1;
  S2 s2;
  TIDE_PH_NO_EXEC_CHECK
  template <class... Ts>
  TIDE_HOST_DEVICE constexpr auto eval(Ts&&... args) const
      -> decltype(Op{}(std::declval<const S1&>().eval(static_cast<Ts&&>(args)...),
                       std::declval<const S2&>().eval(static_cast<Ts&&>(args)...))) {
    return Op{}(s1.eval(static_cast<Ts&&>(args)...), s2.eval(static_cast<Ts&&>(args)...));
  }
};

template <class E>
struct actor;

template <class T>
struct is_actor : std::false_type {};
template <class E>
struct is_actor<actor<E>> : std::true_type {};

// An operand of an operator: an actor as it is, anything else captured by value.
template <class T>
TIDE_HOST_DEVICE constexpr actor<value<std::decay_t<T>>> make_actor(const T& x) {
  return actor<value<std::decay_t<T>>>(value<std::decay_t<T>>{x});
}
template <class E>
TIDE_HOST_DEVICE constexpr actor<E> make_actor(const actor<E>& x) {
  return x;
}
template <class T>
using actor_of = decltype(make_actor(std::declval<const T&>()));

template <class Op, class A>
using unary_actor = actor<composite<Op, actor_of<A>>>;
template <class Op, class A, class B>
using binary_actor = actor<composite<Op, actor_of<A>, actor_of<B>>>;

TIDE_PH_NO_EXEC_CHECK
template <class Op, class A>
TIDE_HOST_DEVICE constexpr unary_actor<Op, A> compose(const A& a) {
  return unary_actor<Op, A>(composite<Op, actor_of<A>>{make_actor(a)});
}
TIDE_PH_NO_EXEC_CHECK
template <class Op, class A, class B>
TIDE_HOST_DEVICE constexpr binary_actor<Op, A, B> compose(const A& a, const B& b) {
  return binary_actor<Op, A, B>(composite<Op, actor_of<A>, actor_of<B>>{make_actor(a), make_actor(b)});
}

/// A node of an expression, callable with any arguments: `actor(args...)` evaluates the expression.
template <class E>
struct actor : E {
  constexpr actor() = default;
  TIDE_HOST_DEVICE constexpr explicit actor(const E& e) : E(e) {}

  TIDE_PH_NO_EXEC_CHECK
  template <class... Ts>
  TIDE_HOST_DEVICE constexpr auto operator()(Ts&&... args) const
      -> decltype(std::declval<const E&>().eval(static_cast<Ts&&>(args)...)) {
    return E::eval(static_cast<Ts&&>(args)...);
  }

  /// `_1 = x`: a functor assigning x (a value or an expression) to its argument.
  TIDE_PH_NO_EXEC_CHECK
  template <class T>
  TIDE_HOST_DEVICE constexpr binary_actor<assign, actor, T> operator=(const T& x) const {
    return compose<assign>(*this, x);
  }
};

// The operators, found by argument-dependent lookup whenever one operand is an expression.
#define TIDE_PH_BINARY(op, functor)                                                              \
  TIDE_PH_NO_EXEC_CHECK                                                                          \
  template <class A, class B, std::enable_if_t<is_actor<A>::value || is_actor<B>::value, int> = 0> \
  TIDE_HOST_DEVICE constexpr binary_actor<functor, A, B> operator op(const A& a, const B& b) {    \
    return compose<functor>(a, b);                                                               \
  }
TIDE_PH_BINARY(+, tide::plus<>)
TIDE_PH_BINARY(-, tide::minus<>)
TIDE_PH_BINARY(*, tide::multiplies<>)
TIDE_PH_BINARY(/, tide::divides<>)
TIDE_PH_BINARY(%, tide::modulus<>)
TIDE_PH_BINARY(==, tide::equal_to<>)
TIDE_PH_BINARY(!=, tide::not_equal_to<>)
TIDE_PH_BINARY(<, tide::less<>)
TIDE_PH_BINARY(>, tide::greater<>)
TIDE_PH_BINARY(<=, tide::less_equal<>)
TIDE_PH_BINARY(>=, tide::greater_equal<>)
TIDE_PH_BINARY(&&, tide::logical_and<>)
TIDE_PH_BINARY(||, tide::logical_or<>)
TIDE_PH_BINARY(&, tide::bit_and<>)
TIDE_PH_BINARY(|, tide::bit_or<>)
TIDE_PH_BINARY(^, tide::bit_xor<>)
TIDE_PH_BINARY(<<, shift_left)
TIDE_PH_BINARY(>>, shift_right)
TIDE_PH_BINARY(+=, plus_assign)
TIDE_PH_BINARY(-=, minus_assign)
TIDE_PH_BINARY(*=, multiplies_assign)
TIDE_PH_BINARY(/=, divides_assign)
TIDE_PH_BINARY(%=, modulus_assign)
TIDE_PH_BINARY(&=, bit_and_assign)
TIDE_PH_BINARY(|=, bit_or_assign)
TIDE_PH_BINARY(^=, bit_xor_assign)
TIDE_PH_BINARY(<<=, shift_left_assign)
TIDE_PH_BINARY(>>=, shift_right_assign)
#undef TIDE_PH_BINARY

#define TIDE_PH_UNARY(op, functor, ...)                                                          \
  TIDE_PH_NO_EXEC_CHECK                                                                          \
  template <class A, std::enable_if_t<is_actor<A>::value, int> = 0>                              \
  TIDE_HOST_DEVICE constexpr unary_actor<functor, A> operator op(const A& a __VA_ARGS__) {       \
    return compose<functor>(a);                                                                  \
  }
TIDE_PH_UNARY(-, tide::negate<>)
TIDE_PH_UNARY(+, unary_plus)
TIDE_PH_UNARY(!, tide::logical_not<>)
TIDE_PH_UNARY(~, bit_not)
TIDE_PH_UNARY(++, pre_increment)
TIDE_PH_UNARY(--, pre_decrement)
TIDE_PH_UNARY(++, post_increment, , int)
TIDE_PH_UNARY(--, post_decrement, , int)
#undef TIDE_PH_UNARY

/// The type of placeholder N (0-based).
template <std::size_t N>
using placeholder = actor<argument<N>>;

}  // namespace lambda
}  // namespace detail

// The placeholder objects are usable in host and device code: under nvcc's device pass they are
// __device__ constants (as Thrust's are), in host code inline constexpr objects.
#if defined(__CUDA_ARCH__)
#define TIDE_PH_CONSTANT __device__ constexpr
#else
#define TIDE_PH_CONSTANT inline constexpr
#endif

/// `using namespace tide::placeholders;` brings `_1` .. `_10` into scope.
namespace placeholders {
/// The first argument of the call.
TIDE_PH_CONSTANT detail::lambda::placeholder<0> _1{};
/// The second argument of the call.
TIDE_PH_CONSTANT detail::lambda::placeholder<1> _2{};
/// The third argument, and so on up to `_10`.
TIDE_PH_CONSTANT detail::lambda::placeholder<2> _3{};
TIDE_PH_CONSTANT detail::lambda::placeholder<3> _4{};
TIDE_PH_CONSTANT detail::lambda::placeholder<4> _5{};
TIDE_PH_CONSTANT detail::lambda::placeholder<5> _6{};
TIDE_PH_CONSTANT detail::lambda::placeholder<6> _7{};
TIDE_PH_CONSTANT detail::lambda::placeholder<7> _8{};
TIDE_PH_CONSTANT detail::lambda::placeholder<8> _9{};
TIDE_PH_CONSTANT detail::lambda::placeholder<9> _10{};
}  // namespace placeholders

#undef TIDE_PH_CONSTANT

}  // namespace tide

#undef TIDE_PH_NO_EXEC_CHECK
