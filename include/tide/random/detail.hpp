#pragma once
/// \file random/detail.hpp
/// What the random engines and distributions share: the LCG step as Thrust computes it,
/// compile-time limits and the stream formats.

#include <istream>
#include <limits>
#include <ostream>
#include <type_traits>

#include "../config.hpp"

/// Before a host-and-device function that calls the caller's engine (or a base engine): such an
/// engine may be host-only, and nvcc then must not warn about the device side never used.
#if defined(__CUDACC__)
#define TIDE_RANDOM_EXEC_CHECK_DISABLE _Pragma("nv_exec_check_disable")
#else
#define TIDE_RANDOM_EXEC_CHECK_DISABLE
#endif

namespace tide {
namespace random {
namespace detail {

/// (a x + c) mod m by Schrage's method, the way Thrust's `static_mod` computes it (so that engines
/// whose parameters make the method inexact still give Thrust's numbers); m = 0 means mod 2^bits.
template <class T, T a, T c, T m>
TIDE_HOST_DEVICE constexpr T lcg_step(T x) {
  if constexpr (m == 0) {
    return static_cast<T>(a * x + c);
  } else {
    if constexpr (a == 1) {
      x = static_cast<T>(x % m);
    } else {
      constexpr T q = m / a;
      constexpr T r = m % a;
      const T low = static_cast<T>(a * (x % q));
      const T high = static_cast<T>(r * (x / q));
      x = low >= high ? static_cast<T>(low - high) : static_cast<T>(m - high + low);
    }
    if constexpr (c != 0) {
      const T room = static_cast<T>(m - x);  // add c mod m without overflow
      x = room > c ? static_cast<T>(x + c) : static_cast<T>(c - room);
    }
    return x;
  }
}

/// x mod m where m = 0 means no reduction (Thrust's `mod<T, 1, 0, m>`).
template <class T, T m>
TIDE_HOST_DEVICE constexpr T reduce_mod(T x) {
  return lcg_step<T, 1, 0, m>(x);
}

/// numeric_limits' values as constants (usable in device code without relaxed constexpr).
template <class T>
inline constexpr T max_value = std::numeric_limits<T>::max();
template <class T>
inline constexpr T lowest_value = std::numeric_limits<T>::lowest();

/// While alive, an output stream writes as Thrust's engines and distributions write: decimal,
/// fixed, left-adjusted, filled with spaces. The stream's flags and fill come back afterwards.
template <class CharT, class Traits>
class output_format {
 public:
  explicit output_format(std::basic_ostream<CharT, Traits>& os) : os_(os), flags_(os.flags()), fill_(os.fill()) {
    os.flags(std::ios_base::dec | std::ios_base::fixed | std::ios_base::left);
    os.fill(os.widen(' '));
  }
  ~output_format() {
    os_.flags(flags_);
    os_.fill(fill_);
  }
  output_format(const output_format&) = delete;
  output_format& operator=(const output_format&) = delete;

 private:
  std::basic_ostream<CharT, Traits>& os_;
  std::ios_base::fmtflags flags_;
  CharT fill_;
};

/// While alive, an input stream reads with `flags`; the stream's own flags come back afterwards.
template <class CharT, class Traits>
class input_format {
 public:
  input_format(std::basic_istream<CharT, Traits>& is, std::ios_base::fmtflags flags) : is_(is), flags_(is.flags()) {
    is.flags(flags);
  }
  ~input_format() { is_.flags(flags_); }
  input_format(const input_format&) = delete;
  input_format& operator=(const input_format&) = delete;

 private:
  std::basic_istream<CharT, Traits>& is_;
  std::ios_base::fmtflags flags_;
};

}  // namespace detail
}  // namespace random
}  // namespace tide
