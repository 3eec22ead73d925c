#pragma once
/// \file random/engines.hpp
/// The base engines of `thrust/random`: linear congruential, linear feedback shift and
/// subtract-with-carry, with Thrust's template parameters, constants, seeding and stream formats,
/// so that each gives Thrust 3.0.1's numbers bit for bit. Host and device callable; the stream
/// operators are host only.

#include <cstddef>
#include <cstdint>
#include <istream>
#include <limits>
#include <ostream>
#include <type_traits>

#include "../config.hpp"
#include "detail.hpp"

namespace tide {
namespace random {

/// x <- (a x + c) mod m (m = 0: mod 2^bits), output x. Thrust's `linear_congruential_engine`.
template <class UIntType, UIntType a, UIntType c, UIntType m>
class linear_congruential_engine {
 public:
  using result_type = UIntType;
  static constexpr result_type multiplier = a;
  static constexpr result_type increment = c;
  static constexpr result_type modulus = m;
  static constexpr result_type min = c == 0u ? 1u : 0u;
  static constexpr result_type max = static_cast<result_type>(m - 1u);  // m = 0: the largest value
  static constexpr result_type default_seed = 1u;

  TIDE_HOST_DEVICE explicit linear_congruential_engine(result_type s = default_seed) { seed(s); }

  /// The state becomes s mod m, or 1 where both s and c are 0 mod m (0 would be a fixed point).
  TIDE_HOST_DEVICE void seed(result_type s = default_seed) {
    const result_type reduced = detail::reduce_mod<UIntType, m>(s);
    x_ = detail::reduce_mod<UIntType, m>(c) == 0 && reduced == 0 ? detail::reduce_mod<UIntType, m>(1) : reduced;
  }

  TIDE_HOST_DEVICE result_type operator()() {
    x_ = detail::lcg_step<UIntType, a, c, m>(x_);
    return x_;
  }

  /// As z calls. 32-bit engines with c = 0 (minstd_rand, minstd_rand0) jump there in O(log z):
  /// x a^z mod m, a^z by squaring, as Thrust does.
  TIDE_HOST_DEVICE void discard(unsigned long long z) {
    if constexpr (std::is_same_v<UIntType, std::uint32_t> && c == 0 && m != 0) {
      unsigned long long power = 1, base = a;
      for (; z > 0; z >>= 1) {
        if (z & 1) power = power * base % m;
        base = base * base % m;
      }
      x_ = static_cast<std::uint32_t>(power * x_ % m);
    } else {
      for (; z > 0; --z) x_ = detail::lcg_step<UIntType, a, c, m>(x_);
    }
  }

  TIDE_HOST_DEVICE friend bool operator==(const linear_congruential_engine& l, const linear_congruential_engine& r) {
    return l.x_ == r.x_;
  }
  TIDE_HOST_DEVICE friend bool operator!=(const linear_congruential_engine& l, const linear_congruential_engine& r) {
    return !(l == r);
  }
  /// Writes the state, as Thrust does.
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                       const linear_congruential_engine& e) {
    detail::output_format<CharT, Traits> format(os);
    os << e.x_;
    return os;
  }
  /// Reads what operator<< wrote. Unlike Thrust's (which reads with `dec` alone, so that leading
  /// blanks fail, and with them an xor_combine_engine of LCGs), this one skips leading blanks.
  template <class CharT, class Traits>
  friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is,
                                                       linear_congruential_engine& e) {
    detail::input_format<CharT, Traits> format(is, std::ios_base::dec | std::ios_base::skipws);
    is >> e.x_;
    return is;
  }

 private:
  result_type x_;
};

/// Park and Miller's minimal standard generators (the standard's `minstd_rand0`, `minstd_rand`).
using minstd_rand0 = linear_congruential_engine<std::uint32_t, 16807, 0, 2147483647>;
using minstd_rand = linear_congruential_engine<std::uint32_t, 48271, 0, 2147483647>;

namespace detail {
/// Bits 1 .. w-1 (Thrust's word mask leaves out bit 0; its engine's max is 2^w - 2, kept here so
/// that the numbers agree).
template <class T>
constexpr T lfsr_wordmask(std::size_t w) {
  T mask = 0;
  for (std::size_t i = 1; i < w; ++i) mask = static_cast<T>(mask | (T(1) << i));
  return mask;
}
}  // namespace detail

/// A linear feedback shift register generator (Tausworthe), Thrust's
/// `linear_feedback_shift_engine`: the parts taus88 combines.
template <class UIntType, std::size_t w, std::size_t k, std::size_t q, std::size_t s>
class linear_feedback_shift_engine {
  static constexpr UIntType wordmask = detail::lfsr_wordmask<UIntType>(w);

 public:
  using result_type = UIntType;
  static constexpr std::size_t word_size = w;
  static constexpr std::size_t exponent1 = k;
  static constexpr std::size_t exponent2 = q;
  static constexpr std::size_t step_size = s;
  static constexpr result_type min = 0;
  static constexpr result_type max = wordmask;
  static constexpr result_type default_seed = 341u;

  TIDE_HOST_DEVICE explicit linear_feedback_shift_engine(result_type value = default_seed) { seed(value); }
  TIDE_HOST_DEVICE void seed(result_type value = default_seed) { value_ = value; }

  TIDE_HOST_DEVICE result_type operator()() {
    // In at least unsigned int, so that types narrower than int never shift a signed value.
    using wide = std::conditional_t<(sizeof(UIntType) < sizeof(unsigned)), unsigned, UIntType>;
    const wide v = value_;
    const wide feedback = (((v << q) ^ v) & wide(wordmask)) >> (k - s);
    const wide keep = (static_cast<wide>(~wide(0)) << (w - k)) & wide(wordmask);
    value_ = static_cast<UIntType>(((v & keep) << s) ^ feedback);
    return value_;
  }

  TIDE_HOST_DEVICE void discard(unsigned long long z) {
    for (; z > 0; --z) (*this)();
  }

  TIDE_HOST_DEVICE friend bool operator==(const linear_feedback_shift_engine& l, const linear_feedback_shift_engine& r) {
    return l.value_ == r.value_;
  }
  TIDE_HOST_DEVICE friend bool operator!=(const linear_feedback_shift_engine& l, const linear_feedback_shift_engine& r) {
    return !(l == r);
  }
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                       const linear_feedback_shift_engine& e) {
    detail::output_format<CharT, Traits> format(os);
    os << e.value_;
    return os;
  }
  template <class CharT, class Traits>
  friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is,
                                                       linear_feedback_shift_engine& e) {
    detail::input_format<CharT, Traits> format(is, std::ios_base::skipws);
    is >> e.value_;
    return is;
  }

 private:
  result_type value_;
};

/// Marsaglia and Zaman's subtract-with-carry generator, Thrust's `subtract_with_carry_engine`:
/// x_i = (x_{i-s} - x_{i-r} - carry) mod 2^w. Seeded as Thrust seeds it: word i is the i-th output
/// of linear_congruential_engine<UIntType, 40014, 0, 2147483563>(seed, or 19780503 for 0) mod
/// 2^w, one output per word (the standard takes two per word when w > 32, so ranlux48_base and
/// ranlux48 give other numbers than std::'s).
template <class UIntType, std::size_t w, std::size_t s, std::size_t r>
class subtract_with_carry_engine {
  static_assert(w > 0 && w < static_cast<std::size_t>(std::numeric_limits<UIntType>::digits),
                "tide::subtract_with_carry_engine: the word size w must be below the bits of UIntType");
  static_assert(r > 0 && s <= r, "tide::subtract_with_carry_engine: needs 0 < long lag r and short lag s <= r");
  static constexpr UIntType modulus = UIntType(1) << w;

 public:
  using result_type = UIntType;
  static constexpr std::size_t word_size = w;
  static constexpr std::size_t short_lag = s;
  static constexpr std::size_t long_lag = r;
  static constexpr result_type min = 0;
  static constexpr result_type max = modulus - 1;
  static constexpr result_type default_seed = 19780503u;

  TIDE_HOST_DEVICE explicit subtract_with_carry_engine(result_type value = default_seed) { seed(value); }

  TIDE_HOST_DEVICE void seed(result_type value = default_seed) {
    linear_congruential_engine<result_type, 40014u, 0u, 2147483563u> words(value == 0u ? default_seed : value);
    for (std::size_t i = 0; i < r; ++i) x_[i] = detail::reduce_mod<UIntType, modulus>(words());
    carry_ = x_[r - 1] == 0;
    k_ = 0;
  }

  TIDE_HOST_DEVICE result_type operator()() {
    const std::size_t j = k_ >= s ? k_ - s : k_ + r - s;  // x_{i-s}; x_[k_] holds x_{i-r}
    const result_type carry = static_cast<result_type>(carry_);
    result_type xi;
    if (x_[j] >= x_[k_] + carry) {
      xi = static_cast<result_type>(x_[j] - x_[k_] - carry);
      carry_ = 0;
    } else {
      xi = static_cast<result_type>(modulus - x_[k_] - carry + x_[j]);
      carry_ = 1;
    }
    x_[k_] = xi;
    if (++k_ >= r) k_ = 0;
    return xi;
  }

  TIDE_HOST_DEVICE void discard(unsigned long long z) {
    for (; z > 0; --z) (*this)();
  }

  /// Equal when the next r words and the carry are.
  TIDE_HOST_DEVICE friend bool operator==(const subtract_with_carry_engine& l, const subtract_with_carry_engine& r_) {
    for (std::size_t i = 0; i < r; ++i)
      if (l.x_[(i + l.k_) % r] != r_.x_[(i + r_.k_) % r]) return false;
    return l.carry_ == r_.carry_;
  }
  TIDE_HOST_DEVICE friend bool operator!=(const subtract_with_carry_engine& l, const subtract_with_carry_engine& r_) {
    return !(l == r_);
  }
  /// The r words oldest first, each followed by a space, then the carry (Thrust's format).
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                       const subtract_with_carry_engine& e) {
    detail::output_format<CharT, Traits> format(os);
    const CharT space = os.widen(' ');
    for (std::size_t i = 0; i < r; ++i) os << e.x_[(i + e.k_) % r] << space;
    os << e.carry_;
    return os;
  }
  template <class CharT, class Traits>
  friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is,
                                                       subtract_with_carry_engine& e) {
    detail::input_format<CharT, Traits> format(is, std::ios_base::dec | std::ios_base::skipws);
    for (std::size_t i = 0; i < r; ++i) is >> e.x_[i];
    is >> e.carry_;
    e.k_ = 0;
    return is;
  }

 private:
  result_type x_[r];
  unsigned int k_;
  int carry_;
};

/// The standard's ranlux bases with Thrust's seeding (see subtract_with_carry_engine).
using ranlux24_base = subtract_with_carry_engine<std::uint32_t, 24, 10, 24>;
using ranlux48_base = subtract_with_carry_engine<std::uint64_t, 48, 5, 12>;

}  // namespace random

using random::linear_congruential_engine;
using random::linear_feedback_shift_engine;
using random::minstd_rand;
using random::minstd_rand0;
using random::ranlux24_base;
using random::ranlux48_base;
using random::subtract_with_carry_engine;

}  // namespace tide
