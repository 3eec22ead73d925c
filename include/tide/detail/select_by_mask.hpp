#pragma once
// c ? a : b without a branch, on the host, for arithmetic types of 1, 2, 4 or 8 bytes: a mask over
// their bits. GCC compiles such ternaries (floats, and integer selects feeding a store) into a
// conditional jump, which a random condition mispredicts half the time: the samplesort's runs of
// 8 (8.6 -> 3.6 ns a key), the replace family (tide::par replace_copy_if of u32 by "odd", one
// thread, 2^24: 56 -> 3.2 ms). Exact for any bits (NaN, -0.0). Other types take the ternary.

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace tide::detail {

/// Whether select_by_mask blends T's bits (else it takes the ternary).
template <class T>
inline constexpr bool selects_by_mask = std::is_arithmetic_v<T> && !std::is_same_v<T, bool> &&
                                        (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);

/// c ? a : b, by a mask over the bits where selects_by_mask<T>.
template <class T>
T select_by_mask(bool c, const T& a, const T& b) {
  if constexpr (selects_by_mask<T>) {
    using U = std::conditional_t<sizeof(T) == 1, std::uint8_t,
                                 std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                                    std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;
    U ua, ub;
    std::memcpy(&ua, &a, sizeof(T));
    std::memcpy(&ub, &b, sizeof(T));
    const U mask = static_cast<U>(U(0) - static_cast<U>(c));
    const U r = static_cast<U>(ub ^ ((ua ^ ub) & mask));
    T out;
    std::memcpy(&out, &r, sizeof(T));
    return out;
  } else {
    return c ? a : b;
  }
}

}  // namespace tide::detail
