#pragma once
/// \file complex/inverse.hpp
/// asin, acos, atan, asinh, acosh, atanh of tide::complex (included by tide/complex.hpp). Branch
/// cuts as C99 and Thrust: asin and acos on the real axis outside [-1, 1], atan on the imaginary
/// axis outside [-i, i], asinh and atanh as atan and asin rotated, acosh on the real axis left of 1.
///
/// asin and acos follow Hull, Fairgrieve and Tang ("Implementing the complex arcsine and
/// arccosine functions using exception handling", ACM TOMS 23(3), 1997), which keep full relative
/// accuracy near the branch points +-1 and for tiny and huge arguments; atanh uses
/// 1/4 log1p(4x / ((1-x)^2 + y^2)), which has no cancellation for x >= 0.

#include "exp_log.hpp"

namespace tide {

namespace detail::cx {

template <class T>
struct asin_acos_parts {
  T asin_re;  // the real part of asin(x + yi)
  T acos_re;  // the real part of acos(x + yi)
  T im;       // the imaginary part of asin, minus that of acos (>= 0)
};

/// asin and acos of x + yi for x, y >= 0 (not NaN); the other quadrants follow by symmetry.
template <class T>
TIDE_HOST_DEVICE asin_acos_parts<T> asin_acos_first_quadrant(T x, T y) {
  asin_acos_parts<T> p;
  // Beyond 1/sqrt(eps), asin z = -i log(2iz) + O(1/z^2) to the last bit, and A^2 below could
  // overflow: the imaginary part is log 2|z|, the real parts the angles of z.
  if (x > T(1) / fn::sqrt(epsilon<T>()) || y > T(1) / fn::sqrt(epsilon<T>())) {
    p.asin_re = fn::atan2(x, y);
    p.acos_re = fn::atan2(y, x);
    p.im = log_abs(x, y) + ln2<T>();
    return p;
  }
  // R = |z + 1|, S = |z - 1|, A = (R + S) / 2 >= 1 and B = x / A <= 1: asin z = asin B + i acosh A.
  const T r = fn::hypot(x + T(1), y), s = fn::hypot(x - T(1), y);
  const T a = (r + s) * T(0.5);
  const T b = x / a;
  const T y2 = y * y;
  // R - (x + 1) and S -+ (1 - x) as quotients where the differences would cancel.
  const T r_excess = y2 / (r + (x + T(1)));
  const T s_excess = x < T(1) ? y2 / (s + (T(1) - x)) : s + (x - T(1));
  const T sqrt_min = fn::sqrt(min_normal<T>());

  // The imaginary part, acosh A = log(A + sqrt(A^2 - 1)), with A - 1 computed without cancellation.
  if (x < T(1) && y < T(4) * sqrt_min) {
    p.im = y / fn::sqrt((T(1) - x) * (T(1) + x));  // y^2 would underflow; the first-order term is exact
  } else if (a <= T(1.5)) {
    // 2 (A - 1) times A + 1 before the halving, so that a subnormal A - 1 (z within a subnormal
    // of 1) keeps its bits under the root.
    const T am1_2 = r_excess + s_excess;
    p.im = fn::log1p(T(0.5) * am1_2 + fn::sqrt(am1_2 * (a + T(1)) * T(0.5)));
  } else {
    p.im = fn::log(a + fn::sqrt(a * a - T(1)));
  }

  // The real parts: asin B and acos B, or, where B is near 1 and they lose accuracy, the same
  // angles as atan of x against sqrt(A^2 - x^2), that root from terms without cancellation.
  if (b <= T(0.6417)) {
    p.asin_re = fn::asin(b);
    p.acos_re = fn::acos(b);
  } else {
    const T apx = a + x;
    T root;  // sqrt(A^2 - x^2)
    if (x <= T(1)) {
      root = fn::sqrt(T(0.5) * apx * (r_excess + (s + (T(1) - x))));
    } else {
      root = y * fn::sqrt(T(0.5) * (apx / (r + (x + T(1))) + apx / (s + (x - T(1)))));
    }
    p.asin_re = fn::atan(x / root);
    p.acos_re = fn::atan(root / x);
  }
  return p;
}

}  // namespace detail::cx

/// The inverse hyperbolic sine, log(z + sqrt(z^2 + 1)).
template <class T>
TIDE_HOST_DEVICE complex<T> asinh(const complex<T>& z) {
  namespace cx = detail::cx;
  const T x = z.real(), y = z.imag();
  if (cx::is_nan(x) || cx::is_nan(y)) {
    if (cx::is_inf(x)) return complex<T>(x, y);  // +-inf + NaN i
    if (cx::is_inf(y)) return complex<T>(y, x);  // +-inf + NaN i (the inf's sign unspecified)
    if (y == T(0)) return complex<T>(x, y);      // NaN + 0i
    return complex<T>(x + y, x + y);
  }
  // asinh z = -i asin(iz), and asin(|y| + |x| i) gives the first quadrant.
  const auto p = cx::asin_acos_first_quadrant(cx::fn::fabs(y), cx::fn::fabs(x));
  return complex<T>(cx::copy_sign(p.im, x), cx::copy_sign(p.asin_re, y));
}

/// The inverse sine, -i asinh(iz), computed as asinh with the parts swapped before and after
/// (asin z = swap(asinh(swap z)), swap(x + yi) = y + xi): no sign flips, so NaN signs pass
/// through as Thrust's do.
template <class T>
TIDE_HOST_DEVICE complex<T> asin(const complex<T>& z) {
  const complex<T> w = asinh(complex<T>(z.imag(), z.real()));
  return complex<T>(w.imag(), w.real());
}

/// The inverse cosine, pi/2 - asin z (real part in [0, pi]).
template <class T>
TIDE_HOST_DEVICE complex<T> acos(const complex<T>& z) {
  namespace cx = detail::cx;
  const T x = z.real(), y = z.imag();
  if (cx::is_nan(x) || cx::is_nan(y)) {
    if (cx::is_inf(x)) return complex<T>(y, -cx::infinity<T>());  // NaN +- inf i (the sign unspecified)
    if (cx::is_inf(y)) return complex<T>(x, -y);                  // NaN -+ inf i
    if (x == T(0)) return complex<T>(cx::half_pi<T>(), y);  // pi/2 + NaN i
    return complex<T>(x + y, x + y);
  }
  const auto p = cx::asin_acos_first_quadrant(cx::fn::fabs(x), cx::fn::fabs(y));
  // acos(-x + yi) = pi - acos(x - yi); the imaginary part has the sign opposite to y's.
  const T re = x < T(0) ? cx::pi<T>() - p.acos_re : p.acos_re;
  return complex<T>(re, -cx::copy_sign(p.im, y));
}

/// The inverse hyperbolic cosine (real part >= 0): +-i acos z, the sign that makes the real part
/// nonnegative; the imaginary part takes the sign of z's.
template <class T>
TIDE_HOST_DEVICE complex<T> acosh(const complex<T>& z) {
  namespace cx = detail::cx;
  const complex<T> w = acos(z);
  const T a = w.real(), b = w.imag();
  if (cx::is_nan(a)) return complex<T>(cx::is_nan(b) ? b : cx::fn::fabs(b), a);  // +inf + NaN i from infinities
  if (cx::is_nan(b)) return complex<T>(b, b);  // acosh(x + NaN i) = NaN + NaN i, also for x = 0
  return complex<T>(cx::fn::fabs(b), cx::copy_sign(a, z.imag()));
}

/// The inverse hyperbolic tangent, log((1 + z) / (1 - z)) / 2.
template <class T>
TIDE_HOST_DEVICE complex<T> atanh(const complex<T>& z) {
  namespace cx = detail::cx;
  const T x = z.real(), y = z.imag();
  if (cx::is_inf(y)) return complex<T>(cx::copy_sign(T(0), x), cx::copy_sign(cx::half_pi<T>(), y));
  if (cx::is_inf(x)) {
    if (cx::is_nan(y)) return complex<T>(cx::copy_sign(T(0), x), y);
    return complex<T>(cx::copy_sign(T(0), x), cx::copy_sign(cx::half_pi<T>(), y));
  }
  if (cx::is_nan(x) || cx::is_nan(y)) {
    if (x == T(0)) return complex<T>(x, y);  // +-0 + NaN i
    return complex<T>(x + y, x + y);
  }
  if (x == T(0)) return complex<T>(x, cx::fn::atan(y));  // atanh(iy) = i atan y, exactly so
  const T ax = cx::fn::fabs(x), ay = cx::fn::fabs(y);
  T re, im;
  if (ax > cx::fn::sqrt(cx::max_value<T>()) / T(4) || ay > cx::fn::sqrt(cx::max_value<T>()) / T(4)) {
    // Where |1 - z|^2 would overflow, atanh z = 1/z +- pi/2 i to the last bit: the real part is
    // x / |z|^2, and Im(1/z), of order 1/|z|, vanishes beside pi/2.
    const T h = cx::fn::hypot(ax, ay);
    re = (ax / h) / h;
    im = cx::half_pi<T>();
  } else {
    // Re = 1/4 log(|1 + z|^2 / |1 - z|^2) = 1/4 log1p(4x / |1 - z|^2);
    // Im = 1/2 arg((1 + z)(1 - conj z)) = 1/2 atan2(2y, (1 - x)(1 + x) - y^2).
    const T omx = T(1) - ax;
    const T sqrt_min = cx::fn::sqrt(cx::min_normal<T>());
    if (cx::fn::fabs(omx) < sqrt_min && ay < sqrt_min) {
      // z is so close to 1 that |1 - z|^2 would underflow: the logarithms apart (no cancellation:
      // log|1 + z| ~ log 2 and log|1 - z| is large).
      re = T(0.5) * (cx::log_abs(T(1) + ax, ay) - cx::log_abs(omx, ay));
    } else {
      re = T(0.25) * cx::fn::log1p(T(4) * ax / (omx * omx + ay * ay));
    }
    im = T(0.5) * cx::fn::atan2(T(2) * ay, omx * (T(1) + ax) - ay * ay);
  }
  return complex<T>(cx::copy_sign(re, x), cx::copy_sign(im, y));
}

/// The inverse tangent, -i atanh(iz), as swap(atanh(swap z)) (see asin).
template <class T>
TIDE_HOST_DEVICE complex<T> atan(const complex<T>& z) {
  const complex<T> w = atanh(complex<T>(z.imag(), z.real()));
  return complex<T>(w.imag(), w.real());
}

}  // namespace tide
