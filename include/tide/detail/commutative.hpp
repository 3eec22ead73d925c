#pragma once
// Operators whose type says they are commutative on an accumulator type: a backend may then reorder
// operands, not only regroup them (tide::par's interleaved lanes, the CUDA reduce's per-thread
// accumulators). Any other operator need only be associative, and keeps its order everywhere.

#include <functional>
#include <type_traits>

#include "../functional.hpp"

namespace tide::detail {

/// Whether op(a, b) == op(b, a) for all a, b of Acc, known from the operator's type: `plus` and
/// `multiplies` (tide's or std's, typed or transparent) on arithmetic Acc, and `maximum`, `minimum`,
/// `bit_and`, `bit_or`, `bit_xor` on integral Acc (on floats, max and min are not commutative with NaN).
template <class Op, class Acc>
struct known_commutative : std::false_type {};
template <template <class> class F, class U, class Acc>
struct known_commutative<F<U>, Acc>
    : std::bool_constant<(std::is_arithmetic_v<U> || std::is_void_v<U>) &&
                         ((std::is_arithmetic_v<Acc> &&
                           (std::is_same_v<F<U>, tide::plus<U>> || std::is_same_v<F<U>, std::plus<U>> ||
                            std::is_same_v<F<U>, tide::multiplies<U>> || std::is_same_v<F<U>, std::multiplies<U>>)) ||
                          (std::is_integral_v<Acc> &&
                           std::is_integral_v<std::conditional_t<std::is_void_v<U>, Acc, U>> &&
                           (std::is_same_v<F<U>, tide::maximum<U>> || std::is_same_v<F<U>, tide::minimum<U>> ||
                            std::is_same_v<F<U>, tide::bit_and<U>> || std::is_same_v<F<U>, tide::bit_or<U>> ||
                            std::is_same_v<F<U>, tide::bit_xor<U>> || std::is_same_v<F<U>, std::bit_and<U>> ||
                            std::is_same_v<F<U>, std::bit_or<U>> || std::is_same_v<F<U>, std::bit_xor<U>>)))> {};

}  // namespace tide::detail
