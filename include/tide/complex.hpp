#pragma once
/// \file complex.hpp
/// `tide::complex<T>` and Thrust's complex functions (thrust/complex.h): abs, arg, norm, conj,
/// polar, proj, exp, log, log10, pow, sqrt, the trigonometric and hyperbolic functions and their
/// inverses, and stream input/output as "(re,im)".
///
/// In CUDA builds tide::complex<T> is cuda::std::complex<T> (host and device, converts to and
/// from std::complex<T>); in host-only builds, which have no CUDA toolkit, std::complex<T>.
/// Thrust 3.0.1 keeps its own class with the same interface; unlike it, tide::complex follows the
/// standard in arithmetic: both operands have the same value type (`complex<float> * 2.0f`, not
/// `complex<float> * 2.0`). tide::pow mixes value types as Thrust's does.

#include <type_traits>

#include "config.hpp"

#if TIDE_HAS_CUDA
#include <cuda/std/complex>
#else
#include <complex>
#endif

#if defined(__CUDACC__)
#define TIDE_CX_NO_EXEC_CHECK _Pragma("nv_exec_check_disable")
#else
#define TIDE_CX_NO_EXEC_CHECK
#endif

namespace tide {

namespace detail {
#if TIDE_HAS_CUDA
namespace complex_impl = ::cuda::std;
#else
namespace complex_impl = ::std;
#endif
}  // namespace detail

/// A complex number of T (float or double): cuda::std::complex<T> or, host-only, std::complex<T>.
template <class T>
using complex = detail::complex_impl::complex<T>;

// One forwarding function per operation, on complex<T> only, so that tide's names do not take
// over the real-valued std functions.
#define TIDE_CX_UNARY(R, name)                                                                   \
  TIDE_CX_NO_EXEC_CHECK                                                                          \
  template <class T>                                                                             \
  TIDE_HOST_DEVICE R name(const complex<T>& z) {                                                 \
    return detail::complex_impl::name(z);                                                        \
  }
/// The magnitude |z|.
TIDE_CX_UNARY(T, abs)
/// The phase angle, in (-pi, pi].
TIDE_CX_UNARY(T, arg)
/// The squared magnitude |z|^2.
TIDE_CX_UNARY(T, norm)
/// The complex conjugate.
TIDE_CX_UNARY(complex<T>, conj)
/// The projection onto the Riemann sphere (infinities map to (inf, +-0)).
TIDE_CX_UNARY(complex<T>, proj)
/// e^z.
TIDE_CX_UNARY(complex<T>, exp)
/// The natural logarithm (branch cut along the negative real axis).
TIDE_CX_UNARY(complex<T>, log)
/// The base-10 logarithm.
TIDE_CX_UNARY(complex<T>, log10)
/// The principal square root.
TIDE_CX_UNARY(complex<T>, sqrt)
/// Trigonometric functions.
TIDE_CX_UNARY(complex<T>, sin)
TIDE_CX_UNARY(complex<T>, cos)
TIDE_CX_UNARY(complex<T>, tan)
/// Inverse trigonometric functions.
TIDE_CX_UNARY(complex<T>, asin)
TIDE_CX_UNARY(complex<T>, acos)
TIDE_CX_UNARY(complex<T>, atan)
/// Hyperbolic functions.
TIDE_CX_UNARY(complex<T>, sinh)
TIDE_CX_UNARY(complex<T>, cosh)
TIDE_CX_UNARY(complex<T>, tanh)
/// Inverse hyperbolic functions.
TIDE_CX_UNARY(complex<T>, asinh)
TIDE_CX_UNARY(complex<T>, acosh)
TIDE_CX_UNARY(complex<T>, atanh)
#undef TIDE_CX_UNARY

/// The complex number of magnitude m and phase angle theta.
TIDE_CX_NO_EXEC_CHECK
template <class T>
TIDE_HOST_DEVICE complex<T> polar(const T& m, const T& theta = T()) {
  return detail::complex_impl::polar(m, theta);
}

/// x^y, computed in the common value type (`pow(complex<float>, complex<double>)` is
/// complex<double>), as Thrust's.
TIDE_CX_NO_EXEC_CHECK
template <class T0, class T1>
TIDE_HOST_DEVICE complex<std::common_type_t<T0, T1>> pow(const complex<T0>& x, const complex<T1>& y) {
  using R = complex<std::common_type_t<T0, T1>>;
  return detail::complex_impl::pow(R(x), R(y));
}
/// x^y for a real exponent.
TIDE_CX_NO_EXEC_CHECK
template <class T0, class T1, std::enable_if_t<std::is_arithmetic_v<T1>, int> = 0>
TIDE_HOST_DEVICE complex<std::common_type_t<T0, T1>> pow(const complex<T0>& x, const T1& y) {
  using V = std::common_type_t<T0, T1>;
  return detail::complex_impl::pow(complex<V>(x), V(y));
}
/// x^y for a real base.
TIDE_CX_NO_EXEC_CHECK
template <class T0, class T1, std::enable_if_t<std::is_arithmetic_v<T0>, int> = 0>
TIDE_HOST_DEVICE complex<std::common_type_t<T0, T1>> pow(const T0& x, const complex<T1>& y) {
  using V = std::common_type_t<T0, T1>;
  return detail::complex_impl::pow(V(x), complex<V>(y));
}

// operator<< and operator>> come with the complex type itself (found by argument-dependent
// lookup in std or cuda::std): they print and read "(re,im)", as Thrust's.

}  // namespace tide

#undef TIDE_CX_NO_EXEC_CHECK
