#pragma once
/// \file complex/support.hpp
/// The real functions that tide::complex's functions are built from, callable on the host and the
/// device: cuda::std's in CUDA builds (each dispatches to the CUDA math library on the device and
/// to the C library on the host), std's in host-only builds. Both end in the same C library
/// functions on the host (sinf for float, sin for double), which is what lets host results match
/// Thrust's to the bit where the algorithms agree.

#include <limits>
#include <math.h>

#include "../config.hpp"

#if TIDE_HAS_CUDA
#include <cuda/std/cmath>
#include <cuda/std/limits>
#else
#include <cmath>
#endif

namespace tide::detail::cx {

#if TIDE_HAS_CUDA
namespace fn = ::cuda::std;
#else
namespace fn = ::std;
#endif

template <class T>
TIDE_HOST_DEVICE constexpr T infinity() {
  return fn::numeric_limits<T>::infinity();
}
template <class T>
TIDE_HOST_DEVICE constexpr T epsilon() {
  return fn::numeric_limits<T>::epsilon();
}
template <class T>
TIDE_HOST_DEVICE constexpr T max_value() {
  return fn::numeric_limits<T>::max();
}
template <class T>
TIDE_HOST_DEVICE constexpr T min_normal() {
  return fn::numeric_limits<T>::min();
}

template <class T>
TIDE_HOST_DEVICE constexpr T pi() {
  return T(3.14159265358979323846264338327950288);
}
template <class T>
TIDE_HOST_DEVICE constexpr T half_pi() {
  return T(1.57079632679489661923132169163975144);
}
template <class T>
TIDE_HOST_DEVICE constexpr T ln2() {
  return T(0.693147180559945309417232121458176568);
}
template <class T>
TIDE_HOST_DEVICE constexpr T ln10() {
  return T(2.30258509299404568401799145468436421);
}

template <class T>
TIDE_HOST_DEVICE bool is_nan(T x) {
  return fn::isnan(x);
}
template <class T>
TIDE_HOST_DEVICE bool is_inf(T x) {
  return fn::isinf(x);
}
template <class T>
TIDE_HOST_DEVICE bool is_finite(T x) {
  return fn::isfinite(x);
}
template <class T>
TIDE_HOST_DEVICE bool sign_bit(T x) {
  return fn::signbit(x);
}
/// |x| with the sign of s.
template <class T>
TIDE_HOST_DEVICE T copy_sign(T x, T s) {
  return fn::copysign(x, s);
}

// a * b + c with one rounding (the C library's fma on the host; one instruction on the device).
TIDE_HOST_DEVICE inline float fused_mul_add(float a, float b, float c) { return ::fmaf(a, b, c); }
TIDE_HOST_DEVICE inline double fused_mul_add(double a, double b, double c) { return ::fma(a, b, c); }
template <class T>
T fused_mul_add(T a, T b, T c) {  // long double, host only
  return std::fma(a, b, c);
}

}  // namespace tide::detail::cx
