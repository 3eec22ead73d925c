#pragma once
// The key order of tide's sorts, shared by every backend (the seeds' float flip, done right).
//
// `order_bits(key)` maps a key to unsigned bits whose ascending order is the sort order:
// - signed integers: the sign bit flipped;
// - floating point: the float flip (negative: all bits inverted; positive: sign bit set), with
//   -0.0 and +0.0 given the same bits (equal keys: a stable sort keeps their input order) and every
//   NaN, of either sign, given the largest bits (last);
// - descending (`greater`): the bits inverted, except that NaNs stay last.
// Keys are never rewritten: the original bits (sign of zero, NaN payload) come out of the sort;
// only the digits a radix pass reads come from order_bits.

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../config.hpp"

namespace tide::detail {

template <std::size_t Bytes> struct uint_of_size;
template <> struct uint_of_size<1> { using type = std::uint8_t; };
template <> struct uint_of_size<2> { using type = std::uint16_t; };
template <> struct uint_of_size<4> { using type = std::uint32_t; };
template <> struct uint_of_size<8> { using type = std::uint64_t; };

template <class T>
TIDE_HOST_DEVICE TIDE_FORCEINLINE typename uint_of_size<sizeof(T)>::type bits_of(T key) {
  typename uint_of_size<sizeof(T)>::type u;
  std::memcpy(&u, &key, sizeof(T));
  return u;
}

/// Whether tide's radix order applies to T (arithmetic keys; bool is an 8-bit unsigned key).
template <class T>
inline constexpr bool is_radix_key_v = std::is_arithmetic_v<T>;

template <class T>
struct radix_traits {
  static_assert(is_radix_key_v<T>, "tide: radix order is defined for arithmetic keys");
  using bits_type = typename uint_of_size<sizeof(T)>::type;
  static constexpr int key_bits = 8 * sizeof(T);
  static constexpr bits_type top_bit = bits_type(bits_type(1) << (key_bits - 1));

  /// Ascending-order bits of `key`.
  static TIDE_HOST_DEVICE TIDE_FORCEINLINE bits_type ascending_bits(T key) {
    bits_type u = bits_of(key);
    if constexpr (std::is_floating_point_v<T>) {
      if (key != key) return bits_type(~bits_type(0));  // every NaN last
      if (key == T(0)) u = 0;                            // -0.0 == +0.0
      return (u & top_bit) ? bits_type(~u) : bits_type(u | top_bit);
    } else if constexpr (std::is_signed_v<T>) {
      return bits_type(u ^ top_bit);
    } else {
      return u;
    }
  }

  /// The bits a radix sort orders by: ascending, or descending with NaNs still last.
  static TIDE_HOST_DEVICE TIDE_FORCEINLINE bits_type order_bits(T key, bool descending) {
    bits_type a = ascending_bits(key);
    if (!descending) return a;
    if constexpr (std::is_floating_point_v<T>)
      if (key != key) return a;
    return bits_type(~a);
  }

  /// The key whose order_bits are `bits`, where order_bits maps keys one to one (all but NaNs and
  /// -0.0); all ones give a key whose order bits are all ones (a NaN for floats; bool: the last
  /// value in the order), which the small GPU radix sort pads its tile with.
  static TIDE_HOST_DEVICE TIDE_FORCEINLINE T key_of_order_bits(bits_type bits, bool descending) {
    bits_type a = descending ? bits_type(~bits) : bits;
    if constexpr (std::is_same_v<T, bool>)
      return a != 0;
    else if constexpr (std::is_floating_point_v<T>)
      a = (a & top_bit) ? bits_type(a & bits_type(~top_bit)) : bits_type(~a);
    else if constexpr (std::is_signed_v<T>)
      a = bits_type(a ^ top_bit);
    T key;
    std::memcpy(&key, &a, sizeof(T));
    return key;
  }
};

/// Comparison in tide's key order, for the host backends and merge paths: less by order_bits.
template <class T, bool Descending>
struct radix_order_less {
  TIDE_HOST_DEVICE bool operator()(const T& a, const T& b) const {
    return radix_traits<T>::order_bits(a, Descending) < radix_traits<T>::order_bits(b, Descending);
  }
};

}  // namespace tide::detail
