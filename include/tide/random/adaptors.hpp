#pragma once
/// \file random/adaptors.hpp
/// Engines built on engines, as in `thrust/random`: discard_block_engine (ranlux24, ranlux48) and
/// xor_combine_engine (taus88). Host and device callable; the stream operators are host only.

#include <cstddef>
#include <istream>
#include <limits>
#include <ostream>
#include <type_traits>

#include "../config.hpp"
#include "detail.hpp"

namespace tide {
namespace random {

/// Of each block of p outputs of Engine, keeps the first r and throws the rest away. Thrust's
/// `discard_block_engine`.
template <class Engine, std::size_t p, std::size_t r>
class discard_block_engine {
 public:
  using base_type = Engine;
  using result_type = typename base_type::result_type;
  static constexpr std::size_t block_size = p;
  static constexpr std::size_t used_block = r;
  static constexpr result_type min = base_type::min;
  static constexpr result_type max = base_type::max;

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE discard_block_engine() : e_(), n_(0) {}
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE explicit discard_block_engine(const base_type& urng) : e_(urng), n_(0) {}
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE explicit discard_block_engine(result_type s) : e_(s), n_(0) {}

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void seed() {
    e_.seed();
    n_ = 0;
  }
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void seed(result_type s) {
    e_.seed(s);
    n_ = 0;
  }

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE result_type operator()() {
    if (n_ >= used_block) {
      e_.discard(block_size - n_);
      n_ = 0;
    }
    ++n_;
    return e_();
  }

  TIDE_HOST_DEVICE void discard(unsigned long long z) {
    for (; z > 0; --z) (*this)();
  }

  TIDE_HOST_DEVICE const base_type& base() const { return e_; }

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE friend bool operator==(const discard_block_engine& l, const discard_block_engine& r_) {
    return l.e_ == r_.e_ && l.n_ == r_.n_;
  }
  TIDE_HOST_DEVICE friend bool operator!=(const discard_block_engine& l, const discard_block_engine& r_) {
    return !(l == r_);
  }
  /// The base engine, a space, and how many of the block were used.
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                       const discard_block_engine& e) {
    detail::output_format<CharT, Traits> format(os);
    os << e.e_ << os.widen(' ') << e.n_;
    return os;
  }
  template <class CharT, class Traits>
  friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is,
                                                       discard_block_engine& e) {
    detail::input_format<CharT, Traits> format(is, std::ios_base::skipws);
    is >> e.e_ >> e.n_;
    return is;
  }

 private:
  base_type e_;
  unsigned int n_;
};

namespace detail {

/// The compile-time arithmetic Thrust's xor_combine_engine_max does, so that
/// xor_combine_engine::max is Thrust's number (shifts by the width or more give 0).
template <class T>
constexpr T shift_left(T x, T by) {
  return by >= static_cast<T>(std::numeric_limits<T>::digits) ? T(0) : static_cast<T>(x << by);
}
template <class T>
constexpr T floor_log2(T x) {
  T n = 0;
  for (; x > 1; x /= 2) ++n;
  return n;
}
/// The largest of (a << d) ^ y over y in [0, b] (and a's side 0..a), by Thrust's case analysis.
template <class T>
constexpr T xor_max(T a, T b, int d) {
  const T two_to_d = shift_left<T>(1, static_cast<T>(d));
  const T c = shift_left<T>(a, static_cast<T>(d));
  if (a == 0 || b < two_to_d) return static_cast<T>(c + b);
  const T t = !(c < b) ? c : b;
  const T u = c < b ? c : b;
  const T p = floor_log2(u);
  const T two_to_p = shift_left<T>(1, p);
  const T k = static_cast<T>(t / two_to_p);
  const T top = shift_left<T>(static_cast<T>(k + 1), p);
  if (k & 1) return static_cast<T>(top - 1);
  if (a * two_to_d >= b) return static_cast<T>(top + xor_max<T>(static_cast<T>(t % two_to_p / two_to_p), static_cast<T>(u % two_to_p), d));
  return static_cast<T>(top + xor_max<T>(static_cast<T>(u % two_to_p / two_to_p), static_cast<T>(t % two_to_p), d));
}
template <class T, class Engine1, std::size_t s1, class Engine2, std::size_t s2>
constexpr T xor_combine_max() {
  constexpr std::size_t w = static_cast<std::size_t>(std::numeric_limits<T>::digits);
  const T range1 = static_cast<T>(Engine1::max - Engine1::min);
  const T range2 = static_cast<T>(Engine2::max - Engine2::min);
  const T cap1 = static_cast<T>(shift_left<T>(1, static_cast<T>(w - s1)) - 1);
  const T cap2 = static_cast<T>(shift_left<T>(1, static_cast<T>(w - s2)) - 1);
  const T m1 = range1 < cap1 ? range1 : cap1;
  const T m2 = range2 < cap2 ? range2 : cap2;
  return shift_left<T>(xor_max<T>(m1, m2, static_cast<int>(s1 - s2)), static_cast<T>(s2));
}

}  // namespace detail

/// ((e1() - e1.min) << s1) ^ ((e2() - e2.min) << s2), in the wider of the two result types.
/// Thrust's `xor_combine_engine`.
template <class Engine1, std::size_t s1, class Engine2, std::size_t s2 = 0u>
class xor_combine_engine {
  static_assert(s1 >= s2, "tide::xor_combine_engine: shift1 must be at least shift2 (Thrust rejects it too)");

 public:
  using base1_type = Engine1;
  using base2_type = Engine2;
  using result_type = std::conditional_t<(sizeof(typename base2_type::result_type) > sizeof(typename base1_type::result_type)),
                                         typename base2_type::result_type, typename base1_type::result_type>;
  static constexpr std::size_t shift1 = s1;
  static constexpr std::size_t shift2 = s2;
  static constexpr result_type min = 0;
  static constexpr result_type max = detail::xor_combine_max<result_type, Engine1, s1, Engine2, s2>();

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE xor_combine_engine() : b1_(), b2_() {}
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE xor_combine_engine(const base1_type& urng1, const base2_type& urng2) : b1_(urng1), b2_(urng2) {}
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE xor_combine_engine(result_type s)  // implicit, as Thrust's
      : b1_(static_cast<typename base1_type::result_type>(s)), b2_(static_cast<typename base2_type::result_type>(s)) {}

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void seed() {
    b1_.seed();
    b2_.seed();
  }
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void seed(result_type s) {
    b1_.seed(static_cast<typename base1_type::result_type>(s));
    b2_.seed(static_cast<typename base2_type::result_type>(s));
  }

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE result_type operator()() {
    const result_type x1 = static_cast<result_type>(b1_() - base1_type::min);
    const result_type x2 = static_cast<result_type>(b2_() - base2_type::min);
    return static_cast<result_type>((x1 << shift1) ^ (x2 << shift2));
  }

  TIDE_HOST_DEVICE void discard(unsigned long long z) {
    for (; z > 0; --z) (*this)();
  }

  TIDE_HOST_DEVICE const base1_type& base1() const { return b1_; }
  TIDE_HOST_DEVICE const base2_type& base2() const { return b2_; }

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE friend bool operator==(const xor_combine_engine& l, const xor_combine_engine& r) {
    return l.b1_ == r.b1_ && l.b2_ == r.b2_;
  }
  TIDE_HOST_DEVICE friend bool operator!=(const xor_combine_engine& l, const xor_combine_engine& r) {
    return !(l == r);
  }
  /// The two engines, separated by a space.
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                       const xor_combine_engine& e) {
    detail::output_format<CharT, Traits> format(os);
    os << e.b1_ << os.widen(' ') << e.b2_;
    return os;
  }
  template <class CharT, class Traits>
  friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is,
                                                       xor_combine_engine& e) {
    detail::input_format<CharT, Traits> format(is, std::ios_base::skipws);
    is >> e.b1_ >> e.b2_;
    return is;
  }

 private:
  base1_type b1_;
  base2_type b2_;
};

}  // namespace random

using random::discard_block_engine;
using random::xor_combine_engine;

}  // namespace tide
