#pragma once
/// \file complex/basic.hpp
/// abs, arg, norm, conj, proj and polar of tide::complex (included by tide/complex.hpp).

#include "support.hpp"

namespace tide {

/// |z|, without overflow or underflow on the way (hypot).
template <class T>
TIDE_HOST_DEVICE T abs(const complex<T>& z) {
  return detail::cx::fn::hypot(z.real(), z.imag());
}

/// The phase angle atan2(imag, real), in [-pi, pi]; the sign of a zero imaginary part decides
/// between pi and -pi on the negative real axis.
template <class T>
TIDE_HOST_DEVICE T arg(const complex<T>& z) {
  return detail::cx::fn::atan2(z.imag(), z.real());
}

/// |z|^2. When both parts are below sqrt(min normal), their squares would be subnormal and lose
/// bits: they are squared 4 times larger and the sum divided by 16 (exactly), as Thrust does.
template <class T>
TIDE_HOST_DEVICE T norm(const complex<T>& z) {
  namespace cx = detail::cx;
  const T x = z.real(), y = z.imag();
  const T tiny = cx::fn::sqrt(cx::min_normal<T>());
  if (cx::fn::fabs(x) < tiny && cx::fn::fabs(y) < tiny) {
    const T a = x * T(4), b = y * T(4);
    return (a * a + b * b) / T(16);
  }
  return x * x + y * y;
}

/// The complex conjugate, re - im i.
template <class T>
TIDE_HOST_DEVICE complex<T> conj(const complex<T>& z) {
  return complex<T>(z.real(), -z.imag());
}

/// The projection onto the Riemann sphere: z itself, except that every complex infinity (either
/// part infinite, the other even NaN) becomes inf + 0i with the sign of the imaginary part.
template <class T>
TIDE_HOST_DEVICE complex<T> proj(const complex<T>& z) {
  namespace cx = detail::cx;
  if (cx::is_inf(z.real()) || cx::is_inf(z.imag()))
    return complex<T>(cx::infinity<T>(), cx::copy_sign(T(0), z.imag()));
  return z;
}

/// The complex number of magnitude m and phase angle theta, m cos(theta) + m sin(theta) i, in the
/// common type of m and theta. theta may be left out (Thrust's declaration cannot deduce it then).
template <class T0, class T1 = T0>
TIDE_HOST_DEVICE complex<detail::cx_common_t<T0, T1>> polar(const T0& m, const T1& theta = T1()) {
  using R = complex<detail::cx_common_t<T0, T1>>;
  return R(m * detail::cx::fn::cos(theta), m * detail::cx::fn::sin(theta));
}

}  // namespace tide
