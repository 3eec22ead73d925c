#pragma once
/// \file complex/exp_log.hpp
/// exp, log, log10, pow and sqrt of tide::complex (included by tide/complex.hpp). Special values
/// (zeros, infinities, NaN) follow C99's Annex G, as Thrust's functions do.

#include "support.hpp"

namespace tide {

namespace detail::cx {

/// v * e^x * 2^p for an x > 0 whose e^x overflows while the product need not (|v| <= 1 may be as small
/// as a subnormal: in double, results stay finite up to x ~ 1455). e^x = 2^k e^r with
/// r = x - k ln 2 in [0, ln 2), k ln 2 subtracted in two pieces (Cody and Waite: k times the
/// 16-bit head is exact) so that r is exact to far below an ulp, and 2^k applied in two halves by
/// ldexp: the first lifts a subnormal v to a normal number before it is multiplied (where it
/// would overflow, so does the result), the second rounds at most once.
template <class T>
TIDE_HOST_DEVICE T mul_exp_large(T v, T x, int p = 0) {
  using limits = fn::numeric_limits<T>;
  // Past this x the product overflows for every nonzero v (and k below stays small).
  const T cap = T(limits::max_exponent - limits::min_exponent + limits::digits + 4) * ln2<T>();
  if (x > cap) return v == T(0) ? v : v * infinity<T>();
  const int k = int(x / ln2<T>());
  const T r = (x - T(k) * T(0.693145751953125)) - T(k) * T(1.42860682030941723212e-06);
  return fn::ldexp(fn::ldexp(v, k / 2) * fn::exp(r), k - k / 2 + p);
}

/// log |x + yi|, accurate where |z| is near 1 (there log |z| is small and log(hypot) would keep
/// only its absolute accuracy): |z|^2 - 1 is summed from exact squares (an fma gives each square's
/// rounding error) and passed to log1p.
template <class T>
TIDE_HOST_DEVICE T log_abs(T x, T y) {
  T a = fn::fabs(x), b = fn::fabs(y);
  if (is_inf(a) || is_inf(b)) return infinity<T>();  // even with a NaN part
  if (a < b) {
    const T t = a;
    a = b;
    b = t;
  }
  if (!(a == a) || !(b == b)) return a + b;  // NaN
  if (a >= T(0.71) && a <= T(1.41)) {
    // a^2 in [0.504, 1.99]: a^2 - 1 is exact, and b <= a.
    const T aa = a * a, bb = b * b;
    const T lo = fused_mul_add(a, a, -aa) + fused_mul_add(b, b, -bb);
    return T(0.5) * fn::log1p(((aa - T(1)) + bb) + lo);
  }
  if (a > max_value<T>() / T(4)) return fn::log(fn::hypot(a * T(0.5), b * T(0.5))) + ln2<T>();
  return fn::log(fn::hypot(a, b));
}

}  // namespace detail::cx

/// e^z = e^re (cos im + i sin im). exp(x + 0i) is real with the zero's sign kept; a finite
/// result whose e^re alone would overflow is still computed.
template <class T>
TIDE_HOST_DEVICE complex<T> exp(const complex<T>& z) {
  namespace cx = detail::cx;
  const T x = z.real(), y = z.imag();
  if (y == T(0)) return complex<T>(cx::fn::exp(x), y);
  if (x == T(0)) return complex<T>(cx::fn::cos(y), cx::fn::sin(y));
  if (!cx::is_finite(y)) {
    // The angle is undefined: NaN parts, but e^-inf = 0 makes the result 0 and e^+inf keeps inf.
    if (cx::is_inf(x)) return x > T(0) ? complex<T>(x, y - y) : complex<T>(T(0), T(0));
    return complex<T>(y - y, y - y);
  }
  const T e = cx::fn::exp(x);
  if (cx::is_inf(e) && cx::is_finite(x))
    return complex<T>(cx::mul_exp_large(cx::fn::cos(y), x), cx::mul_exp_large(cx::fn::sin(y), x));
  return complex<T>(e * cx::fn::cos(y), e * cx::fn::sin(y));
}

/// The natural logarithm log|z| + i arg(z): branch cut along the negative real axis, imaginary
/// part in [-pi, pi]; log(0) = -inf.
template <class T>
TIDE_HOST_DEVICE complex<T> log(const complex<T>& z) {
  return complex<T>(detail::cx::log_abs(z.real(), z.imag()), detail::cx::fn::atan2(z.imag(), z.real()));
}

/// The base-10 logarithm, log(z) / ln 10.
template <class T>
TIDE_HOST_DEVICE complex<T> log10(const complex<T>& z) {
  return log(z) / detail::cx::ln10<T>();
}

/// x^y = e^(y log x), in the common value type (`pow(complex<float>, complex<double>)` is
/// complex<double>), as Thrust's.
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_common_t<T0, T1>> pow(const complex<T0>& x, const complex<T1>& y) {
  using T = detail::cx_common_t<T0, T1>;
  return exp(log(complex<T>(x)) * complex<T>(y));
}
/// x^y for a real exponent.
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_scalar_common_t<T0, T1>> pow(const complex<T0>& x, const T1& y) {
  using T = detail::cx_scalar_common_t<T0, T1>;
  return exp(log(complex<T>(x)) * T(y));
}
/// x^y for a real base. A negative base takes the principal logarithm, log|x| + pi i, where
/// Thrust's real log gives NaN.
template <class T0, class T1>
TIDE_HOST_DEVICE complex<detail::cx_scalar_common_t<T1, T0>> pow(const T0& x, const complex<T1>& y) {
  using T = detail::cx_scalar_common_t<T1, T0>;
  const T b = T(x);
  if (b < T(0)) return exp(log(complex<T>(b)) * complex<T>(y));
  return exp(detail::cx::fn::log(b) * complex<T>(y));
}

/// The principal square root (real part >= 0, branch cut along the negative real axis).
/// Algorithm 312 (CACM 10, 1967) with the scalings that keep hypot from overflowing and tiny
/// parts from underflowing, as in FreeBSD's csqrt, which Thrust uses: the results are the same to
/// the bit on the host.
template <class T>
TIDE_HOST_DEVICE complex<T> sqrt(const complex<T>& z) {
  namespace cx = detail::cx;
  T a = z.real(), b = z.imag();
  if (a == T(0) && b == T(0)) return complex<T>(T(0), b);
  if (cx::is_inf(b)) return complex<T>(cx::infinity<T>(), b);  // even sqrt(NaN + inf i)
  if (cx::is_nan(a)) return complex<T>(a, (b - b) / (b - b));  // NaN + NaN i
  if (cx::is_inf(a)) {
    // sqrt(-inf + yi) = 0 + inf i and sqrt(+inf + yi) = inf + 0i (NaN for the zero if y is NaN).
    if (cx::sign_bit(a)) return complex<T>(cx::fn::fabs(b - b), cx::copy_sign(a, b));
    return complex<T>(a, cx::copy_sign(b - b, b));
  }
  // Parts near the largest finite value: quarter them (hypot(a, b) + |a| can reach
  // (1 + sqrt 2) max); parts near the smallest normal: times 4; the root is rescaled by 2.
  const T big = cx::max_value<T>() / T(2.414213562373095048801688724209698);
  const T small = cx::min_normal<T>() * T(2);
  int scale = 0;
  if (cx::fn::fabs(a) >= big || cx::fn::fabs(b) >= big) {
    a *= T(0.25);
    b *= T(0.25);
    scale = 1;
  } else if (cx::fn::fabs(a) <= small && cx::fn::fabs(b) <= small) {
    a *= T(4);
    b *= T(4);
    scale = 2;
  }
  complex<T> r;
  // t = sqrt((|a| + |z|) / 2) is the larger part of the root, never a difference of nearly
  // equal numbers; the other part is b / (2t).
  if (a >= T(0)) {
    const T t = cx::fn::sqrt((a + cx::fn::hypot(a, b)) * T(0.5));
    r = complex<T>(t, b / (T(2) * t));
  } else {
    const T t = cx::fn::sqrt((-a + cx::fn::hypot(a, b)) * T(0.5));
    r = complex<T>(cx::fn::fabs(b) / (T(2) * t), cx::copy_sign(t, b));
  }
  if (scale == 1) return r * T(2);
  if (scale == 2) return r * T(0.5);
  return r;
}

}  // namespace tide
