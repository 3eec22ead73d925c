#pragma once
/// \file complex/hyperbolic.hpp
/// sinh, cosh, tanh of tide::complex and, through them, sin, cos, tan (included by
/// tide/complex.hpp). Special values follow C99's Annex G, as Thrust's functions do.

#include "exp_log.hpp"

namespace tide {

namespace detail::cx {

/// From this |x| on, cosh x and |sinh x| equal e^|x| / 2 to the last bit (e^-2|x| is below half
/// an ulp): 9 for float and 22 for double, Thrust's bounds, so that host results agree to the bit.
template <class T>
TIDE_HOST_DEVICE constexpr T cosh_is_half_exp() {
  return fn::numeric_limits<T>::digits <= 24 ? T(9) : fn::numeric_limits<T>::digits <= 53 ? T(22) : T(fn::numeric_limits<T>::digits / 2);
}
/// From this |x| on, tanh x is +-1 to the last bit: 11 for float, 22 for double (Thrust's).
template <class T>
TIDE_HOST_DEVICE constexpr T tanh_is_one() {
  return fn::numeric_limits<T>::digits <= 24 ? T(11) : fn::numeric_limits<T>::digits <= 53 ? T(22) : T(fn::numeric_limits<T>::digits / 2);
}

/// cosh x * c and sinh x * s for a finite |x| >= cosh_is_half_exp: e^|x| / 2 times each, the sign
/// of x on the sinh side, with the overflow of e^|x| alone avoided.
template <class T>
TIDE_HOST_DEVICE void half_exp_products(T x, T c, T s, T& cosh_c, T& sinh_s) {
  const T ax = fn::fabs(x);
  const T e = fn::exp(ax);
  if (is_finite(e)) {
    const T h = e * T(0.5);
    cosh_c = h * c;
    sinh_s = copy_sign(h, x) * s;
  } else {
    cosh_c = mul_exp_large(c, ax, -1);  // the halving in the exponent: 0.5 * c may round
    sinh_s = mul_exp_large(s, ax, -1);
    if (x < T(0)) sinh_s = -sinh_s;
  }
}

}  // namespace detail::cx

/// sinh(x + yi) = sinh x cos y + i cosh x sin y.
template <class T>
TIDE_HOST_DEVICE complex<T> sinh(const complex<T>& z) {
  namespace cx = detail::cx;
  const T x = z.real(), y = z.imag();
  if (cx::is_finite(x) && cx::is_finite(y)) {
    if (y == T(0)) return complex<T>(cx::fn::sinh(x), y);
    if (cx::fn::fabs(x) < cx::cosh_is_half_exp<T>())
      return complex<T>(cx::fn::sinh(x) * cx::fn::cos(y), cx::fn::cosh(x) * cx::fn::sin(y));
    T re, im;
    cx::half_exp_products(x, cx::fn::sin(y), cx::fn::cos(y), im, re);
    return complex<T>(re, im);
  }
  // The rest has an infinite or NaN part. Where C99 leaves a sign or the NaN's sign open, the
  // expressions are those that give Thrust's results.
  const T nan_y = y - y;  // NaN, as y is infinite or NaN here or unused
  if (x == T(0)) return complex<T>(cx::copy_sign(T(0), x * nan_y), nan_y);  // +-0 + NaN i
  if (y == T(0)) return complex<T>(x, y);  // sinh(+-inf + 0i) = +-inf + 0i, NaN x alike
  if (cx::is_finite(x)) return complex<T>(nan_y, x * nan_y);
  if (cx::is_inf(x)) {
    if (!cx::is_finite(y)) return complex<T>(x * x, x * nan_y);  // inf + NaN i
    return complex<T>(x * cx::fn::cos(y), cx::infinity<T>() * cx::fn::sin(y));
  }
  return complex<T>((x * x) * nan_y, (x + x) * nan_y);  // NaN x, y not zero
}

/// cosh(x + yi) = cosh x cos y + i sinh x sin y.
template <class T>
TIDE_HOST_DEVICE complex<T> cosh(const complex<T>& z) {
  namespace cx = detail::cx;
  const T x = z.real(), y = z.imag();
  if (cx::is_finite(x) && cx::is_finite(y)) {
    if (y == T(0)) return complex<T>(cx::fn::cosh(x), x * y);
    if (cx::fn::fabs(x) < cx::cosh_is_half_exp<T>())
      return complex<T>(cx::fn::cosh(x) * cx::fn::cos(y), cx::fn::sinh(x) * cx::fn::sin(y));
    T re, im;
    cx::half_exp_products(x, cx::fn::cos(y), cx::fn::sin(y), re, im);
    return complex<T>(re, im);
  }
  // As in sinh, the open signs as Thrust's.
  const T nan_y = y - y;
  if (x == T(0)) return complex<T>(nan_y, cx::copy_sign(T(0), x * nan_y));  // NaN + 0i
  if (y == T(0)) {  // +inf + 0i, NaN + 0i
    if (cx::is_inf(x)) return complex<T>(x * x, cx::copy_sign(T(0), x) * y);
    return complex<T>(x * x, cx::copy_sign(T(0), (x + x) * y));
  }
  if (cx::is_finite(x)) return complex<T>(nan_y, x * nan_y);
  if (cx::is_inf(x)) {
    if (!cx::is_finite(y)) return complex<T>(x * x, x * nan_y);  // +inf + NaN i
    return complex<T>((x * x) * cx::fn::cos(y), x * cx::fn::sin(y));
  }
  return complex<T>((x * x) * nan_y, (x + x) * nan_y);  // NaN x, y not zero
}

/// tanh(x + yi), by Kahan's formula ("Branch cuts for complex elementary functions", 1987), as in
/// FreeBSD's ctanh, which Thrust uses (the same to the bit on the host): with t = tan y,
/// b = 1 + t^2 = 1 / cos^2 y, s = sinh x and r = cosh x = sqrt(1 + s^2),
/// tanh z = (b r s + i t) / (1 + b s^2), which has no cancellation and no spurious overflow up
/// to the |x| where tanh x rounds to +-1.
template <class T>
TIDE_HOST_DEVICE complex<T> tanh(const complex<T>& z) {
  namespace cx = detail::cx;
  const T x = z.real(), y = z.imag();
  if (!cx::is_finite(x)) {
    if (cx::is_nan(x)) return complex<T>(x, y == T(0) ? y : x * y);  // NaN + 0i keeps its zero
    // tanh(+-inf + yi) = +-1 + 0i, the zero with the sign of sin 2y.
    const T s = cx::is_inf(y) ? y : cx::fn::sin(y) * cx::fn::cos(y);
    return complex<T>(cx::copy_sign(T(1), x), cx::copy_sign(T(0), s));
  }
  if (!cx::is_finite(y)) return complex<T>(y - y, y - y);
  if (cx::fn::fabs(x) >= cx::tanh_is_one<T>()) {
    // tanh z ~ +-1 + i 4 sin y cos y e^-2|x| (sinh^2 x ~ e^2|x| / 4), with e^-|x| squared so
    // that nothing underflows before its time.
    const T e = cx::fn::exp(-cx::fn::fabs(x));
    return complex<T>(cx::copy_sign(T(1), x), T(4) * cx::fn::sin(y) * cx::fn::cos(y) * e * e);
  }
  const T t = cx::fn::tan(y);
  const T b = T(1) + t * t;
  const T s = cx::fn::sinh(x);
  const T r = cx::fn::sqrt(T(1) + s * s);
  const T den = T(1) + b * s * s;
  return complex<T>((b * r * s) / den, t / den);
}

/// sin z = -i sinh(iz).
template <class T>
TIDE_HOST_DEVICE complex<T> sin(const complex<T>& z) {
  const complex<T> w = sinh(complex<T>(-z.imag(), z.real()));
  return complex<T>(w.imag(), -w.real());
}

/// cos z = cosh(iz).
template <class T>
TIDE_HOST_DEVICE complex<T> cos(const complex<T>& z) {
  return cosh(complex<T>(-z.imag(), z.real()));
}

/// tan z = -i tanh(iz).
template <class T>
TIDE_HOST_DEVICE complex<T> tan(const complex<T>& z) {
  const complex<T> w = tanh(complex<T>(-z.imag(), z.real()));
  return complex<T>(w.imag(), -w.real());
}

}  // namespace tide
