#pragma once
/// \file complex.hpp
/// `tide::complex<T>`, Thrust's complex number (thrust/complex.h): its own class, host and device,
/// with Thrust 3.0.1's interface. Arithmetic mixes value types and computes in the common type
/// (`complex<float> * 2.0` and `complex<float> + complex<double>` are complex<double>);
/// conversions to and from std::complex (and cuda::std::complex in CUDA builds); comparisons with
/// scalars and std::complex; stream output "(re,im)" and input of "re", "(re)" or "(re,im)"; and
/// the functions abs, arg, norm, conj, proj, polar, exp, log, log10, pow, sqrt, the trigonometric
/// and hyperbolic functions and their inverses (complex/*.hpp).
///
/// As Thrust's: the default constructor leaves the parts uninitialized (`complex<T>()` and `{}`
/// are zero), the arithmetic is the textbook one (no recovery of infinities from NaN results),
/// and a complex<T> is aligned to 2 * sizeof(T), so that the device loads it in one access.

#include <complex>
#include <istream>
#include <ostream>
#include <type_traits>

#include "complex/support.hpp"
#include "config.hpp"

#if TIDE_HAS_CUDA
#include <cuda/std/complex>
#include <cuda/std/type_traits>
#endif

namespace tide {

template <class T>
struct complex;

namespace detail {

// Thrust computes in cuda::std::common_type_t, which knows CUDA's extended types; std's is the
// same for the arithmetic types.
#if TIDE_HAS_CUDA
template <class A, class B>
using cx_common_type = ::cuda::std::common_type<A, B>;
#else
template <class A, class B>
using cx_common_type = std::common_type<A, B>;
#endif
template <class A, class B>
using cx_common_t = typename cx_common_type<A, B>::type;

// Any of the complex types tide meets: they are never "scalars" to the mixed operators.
template <class T>
struct is_any_complex : std::false_type {};
template <class T>
struct is_any_complex<tide::complex<T>> : std::true_type {};
template <class T>
struct is_any_complex<std::complex<T>> : std::true_type {};
#if TIDE_HAS_CUDA
template <class T>
struct is_any_complex<::cuda::std::complex<T>> : std::true_type {};
#endif

/// The common value type of a complex and a scalar operand; no type (so no overload) when the
/// "scalar" is a complex type or has no common type with T. (The specialization names
/// common_type<...>::type itself: with an alias of it inside void_t inside enable_if_t, nvcc's
/// front end makes the failed substitution a hard error.)
template <class T, class S, bool = !is_any_complex<std::remove_cv_t<S>>::value, class = void>
struct cx_scalar_common {};
template <class T, class S>
struct cx_scalar_common<T, S, true, std::void_t<typename cx_common_type<T, S>::type>> {
  using type = typename cx_common_type<T, S>::type;
};
template <class T, class S>
using cx_scalar_common_t = typename cx_scalar_common<T, S>::type;

// std::complex<T> is layout-compatible with T[2] ([complex.numbers]); reading it as an array
// avoids calling its host-only members in device code.
template <class U>
TIDE_HOST_DEVICE inline const U& std_complex_part(const std::complex<U>& z, int i) {
  return reinterpret_cast<const U(&)[2]>(z)[i];
}

}  // namespace detail

/// A complex number with parts of type T (float or double on the device; any floating-point type
/// on the host), as thrust::complex<T>.
template <class T>
struct alignas(2 * sizeof(T)) complex {
  using value_type = T;

  /// Uninitialized parts, as Thrust's (value-initialization, `complex<T>()`, gives zero).
  complex() = default;
  complex(const complex&) = default;
  complex& operator=(const complex&) = default;

  /// re + 0i (implicit, so that scalars convert where a complex is expected).
  TIDE_HOST_DEVICE constexpr complex(const T& re) : re_(re), im_(T()) {}
  /// re + im i.
  TIDE_HOST_DEVICE constexpr complex(const T& re, const T& im) : re_(re), im_(im) {}
  /// From a complex of another value type (implicit, as Thrust's, narrowing included).
  template <class U>
  TIDE_HOST_DEVICE constexpr complex(const complex<U>& z) : re_(T(z.real())), im_(T(z.imag())) {}
  /// From std::complex (host and device, as Thrust's).
  template <class U>
  TIDE_HOST_DEVICE complex(const std::complex<U>& z)
      : re_(T(detail::std_complex_part(z, 0))), im_(T(detail::std_complex_part(z, 1))) {}
#if TIDE_HAS_CUDA
  /// From cuda::std::complex (CUDA builds: what tide::complex was before it was a class).
  template <class U>
  TIDE_HOST_DEVICE constexpr complex(const ::cuda::std::complex<U>& z) : re_(T(z.real())), im_(T(z.imag())) {}
#endif

  /// re + 0i.
  TIDE_HOST_DEVICE complex& operator=(const T& re) {
    re_ = re;
    im_ = T();
    return *this;
  }
  template <class U>
  TIDE_HOST_DEVICE complex& operator=(const complex<U>& z) {
    re_ = T(z.real());
    im_ = T(z.imag());
    return *this;
  }
  template <class U>
  TIDE_HOST_DEVICE complex& operator=(const std::complex<U>& z) {
    re_ = T(detail::std_complex_part(z, 0));
    im_ = T(detail::std_complex_part(z, 1));
    return *this;
  }
#if TIDE_HAS_CUDA
  template <class U>
  TIDE_HOST_DEVICE complex& operator=(const ::cuda::std::complex<U>& z) {
    re_ = T(z.real());
    im_ = T(z.imag());
    return *this;
  }
#endif

  // Compound assignment computes as the binary operator (in the common type) and converts back.
  template <class U>
  TIDE_HOST_DEVICE complex& operator+=(const complex<U>& z) { return *this = *this + z; }
  template <class U>
  TIDE_HOST_DEVICE complex& operator-=(const complex<U>& z) { return *this = *this - z; }
  template <class U>
  TIDE_HOST_DEVICE complex& operator*=(const complex<U>& z) { return *this = *this * z; }
  template <class U>
  TIDE_HOST_DEVICE complex& operator/=(const complex<U>& z) { return *this = *this / z; }
  template <class U, class = detail::cx_scalar_common_t<T, U>>
  TIDE_HOST_DEVICE complex& operator+=(const U& s) { return *this = *this + s; }
  template <class U, class = detail::cx_scalar_common_t<T, U>>
  TIDE_HOST_DEVICE complex& operator-=(const U& s) { return *this = *this - s; }
  template <class U, class = detail::cx_scalar_common_t<T, U>>
  TIDE_HOST_DEVICE complex& operator*=(const U& s) { return *this = *this * s; }
  template <class U, class = detail::cx_scalar_common_t<T, U>>
  TIDE_HOST_DEVICE complex& operator/=(const U& s) { return *this = *this / s; }

  /// The real and imaginary parts; the volatile forms serve reductions through volatile memory.
  TIDE_HOST_DEVICE constexpr T real() const { return re_; }
  TIDE_HOST_DEVICE constexpr T imag() const { return im_; }
  TIDE_HOST_DEVICE T real() const volatile { return re_; }
  TIDE_HOST_DEVICE T imag() const volatile { return im_; }
  /// Set one part, keeping the other.
  TIDE_HOST_DEVICE void real(T re) { re_ = re; }
  TIDE_HOST_DEVICE void imag(T im) { im_ = im; }
  TIDE_HOST_DEVICE void real(T re) volatile { re_ = re; }
  TIDE_HOST_DEVICE void imag(T im) volatile { im_ = im; }

  /// To std::complex<T> (host code, as Thrust's).
  __host__ operator std::complex<T>() const { return std::complex<T>(re_, im_); }
#if TIDE_HAS_CUDA
  /// To cuda::std::complex<T> (CUDA builds, host and device).
  TIDE_HOST_DEVICE constexpr operator ::cuda::std::complex<T>() const { return ::cuda::std::complex<T>(re_, im_); }
#endif

 private:
  T re_;
  T im_;
};

// ---- arithmetic: in the common value type of the operands, as Thrust's --------------------------

/// x + y, x - y, x * y, x / y for two complex numbers of any value types.
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_common_t<T0, T1>> operator+(const complex<T0>& x, const complex<T1>& y) {
  using R = complex<detail::cx_common_t<T0, T1>>;
  return R(x.real() + y.real(), x.imag() + y.imag());
}
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_common_t<T0, T1>> operator-(const complex<T0>& x, const complex<T1>& y) {
  using R = complex<detail::cx_common_t<T0, T1>>;
  return R(x.real() - y.real(), x.imag() - y.imag());
}
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_common_t<T0, T1>> operator*(const complex<T0>& x, const complex<T1>& y) {
  using R = complex<detail::cx_common_t<T0, T1>>;
  return R(x.real() * y.real() - x.imag() * y.imag(), x.real() * y.imag() + x.imag() * y.real());
}
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_common_t<T0, T1>> operator/(const complex<T0>& x, const complex<T1>& y) {
  using T = detail::cx_common_t<T0, T1>;
  // Both operands scaled by 1 / (|c| + |d|) first, so that c^2 + d^2 neither overflows nor
  // underflows for parts of any magnitude. Thrust divides the same way, to the bit.
  const T c = y.real(), d = y.imag();
  const T inv = T(1) / (detail::cx::fn::fabs(c) + detail::cx::fn::fabs(d));
  const T a = x.real() * inv, b = x.imag() * inv, cs = c * inv, ds = d * inv;
  const T inv_den = T(1) / (cs * cs + ds * ds);
  return complex<T>((a * cs + b * ds) * inv_den, (b * cs - a * ds) * inv_den);
}

/// A complex number and a scalar (any arithmetic type, or one with a common type with T).
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_scalar_common_t<T0, T1>> operator+(const complex<T0>& x, const T1& y) {
  return complex<detail::cx_scalar_common_t<T0, T1>>(x.real() + y, x.imag());
}
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_scalar_common_t<T1, T0>> operator+(const T0& x, const complex<T1>& y) {
  return complex<detail::cx_scalar_common_t<T1, T0>>(x + y.real(), y.imag());
}
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_scalar_common_t<T0, T1>> operator-(const complex<T0>& x, const T1& y) {
  return complex<detail::cx_scalar_common_t<T0, T1>>(x.real() - y, x.imag());
}
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_scalar_common_t<T1, T0>> operator-(const T0& x, const complex<T1>& y) {
  return complex<detail::cx_scalar_common_t<T1, T0>>(x - y.real(), -y.imag());
}
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_scalar_common_t<T0, T1>> operator*(const complex<T0>& x, const T1& y) {
  return complex<detail::cx_scalar_common_t<T0, T1>>(x.real() * y, x.imag() * y);
}
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_scalar_common_t<T1, T0>> operator*(const T0& x, const complex<T1>& y) {
  return complex<detail::cx_scalar_common_t<T1, T0>>(x * y.real(), x * y.imag());
}
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_scalar_common_t<T0, T1>> operator/(const complex<T0>& x, const T1& y) {
  return complex<detail::cx_scalar_common_t<T0, T1>>(x.real() / y, x.imag() / y);
}
/// A scalar over a complex number: the scalar as a complex, divided as above.
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_scalar_common_t<T1, T0>> operator/(const T0& x, const complex<T1>& y) {
  using T = detail::cx_scalar_common_t<T1, T0>;
  return complex<T>(T(x)) / y;
}

/// +z and -z.
template <class T>
TIDE_HOST_DEVICE complex<T> operator+(const complex<T>& z) {
  return z;
}
template <class T>
TIDE_HOST_DEVICE complex<T> operator-(const complex<T>& z) {
  return complex<T>(-z.real(), -z.imag());
}

// ---- comparisons: exact, part by part; a scalar is a complex with imaginary part 0 -------------

/// Equal when both parts are equal.
template <class T0, class T1>
TIDE_HOST_DEVICE bool operator==(const complex<T0>& x, const complex<T1>& y) {
  return x.real() == y.real() && x.imag() == y.imag();
}
template <class T0, class T1>
TIDE_HOST_DEVICE bool operator==(const complex<T0>& x, const std::complex<T1>& y) {
  return x.real() == detail::std_complex_part(y, 0) && x.imag() == detail::std_complex_part(y, 1);
}
template <class T0, class T1>
TIDE_HOST_DEVICE bool operator==(const std::complex<T0>& x, const complex<T1>& y) {
  return y == x;
}
#if TIDE_HAS_CUDA
template <class T0, class T1>
TIDE_HOST_DEVICE bool operator==(const complex<T0>& x, const ::cuda::std::complex<T1>& y) {
  return x.real() == y.real() && x.imag() == y.imag();
}
template <class T0, class T1>
TIDE_HOST_DEVICE bool operator==(const ::cuda::std::complex<T0>& x, const complex<T1>& y) {
  return y == x;
}
#endif
template <class T0, class T1, class = detail::cx_scalar_common_t<T0, T1>>
TIDE_HOST_DEVICE bool operator==(const complex<T0>& x, const T1& y) {
  return x.real() == y && x.imag() == T1();
}
template <class T0, class T1, class = detail::cx_scalar_common_t<T1, T0>>
TIDE_HOST_DEVICE bool operator==(const T0& x, const complex<T1>& y) {
  return x == y.real() && y.imag() == T1();
}

/// Different when either part differs; with a scalar, also when the imaginary part is not 0.
template <class T0, class T1>
TIDE_HOST_DEVICE bool operator!=(const complex<T0>& x, const complex<T1>& y) {
  return !(x == y);
}
template <class T0, class T1>
TIDE_HOST_DEVICE bool operator!=(const complex<T0>& x, const std::complex<T1>& y) {
  return !(x == y);
}
template <class T0, class T1>
TIDE_HOST_DEVICE bool operator!=(const std::complex<T0>& x, const complex<T1>& y) {
  return !(x == y);
}
#if TIDE_HAS_CUDA
template <class T0, class T1>
TIDE_HOST_DEVICE bool operator!=(const complex<T0>& x, const ::cuda::std::complex<T1>& y) {
  return !(x == y);
}
template <class T0, class T1>
TIDE_HOST_DEVICE bool operator!=(const ::cuda::std::complex<T0>& x, const complex<T1>& y) {
  return !(x == y);
}
#endif
template <class T0, class T1, class = detail::cx_scalar_common_t<T0, T1>>
TIDE_HOST_DEVICE bool operator!=(const complex<T0>& x, const T1& y) {
  return !(x == y);
}
template <class T0, class T1, class = detail::cx_scalar_common_t<T1, T0>>
TIDE_HOST_DEVICE bool operator!=(const T0& x, const complex<T1>& y) {
  return !(x == y);
}

// ---- streams -------------------------------------------------------------------------------------

/// Writes "(re,im)", each part with the stream's own format (as Thrust's, which writes the parts
/// one after the other: a width applies to the "(" only).
template <class T, class CharT, class Traits>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const complex<T>& z) {
  return os << '(' << z.real() << ',' << z.imag() << ')';
}

/// Reads "re", "(re)" or "(re,im)" (whitespace allowed before each token). On malformed input the
/// stream's failbit is set and z is left as it was.
template <class T, class CharT, class Traits>
std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, complex<T>& z) {
  CharT ch{};
  T re{}, im{};
  if (!(is >> ch)) return is;
  if (!Traits::eq(ch, CharT('('))) {  // a bare real number
    is.putback(ch);
    if (is >> re) z = complex<T>(re, T());
    return is;
  }
  if (!(is >> re >> ch)) return is;
  if (Traits::eq(ch, CharT(')'))) {
    z = complex<T>(re, T());
  } else if (Traits::eq(ch, CharT(',')) && (is >> im >> ch) && Traits::eq(ch, CharT(')'))) {
    z = complex<T>(re, im);
  } else {
    is.setstate(std::ios_base::failbit);
  }
  return is;
}

}  // namespace tide

// The functions of complex numbers.
#include "complex/basic.hpp"
#include "complex/exp_log.hpp"
#include "complex/hyperbolic.hpp"
#include "complex/inverse.hpp"
