#pragma once
/// \file random/distributions.hpp
/// The distributions of `thrust/random`: uniform_int_distribution, uniform_real_distribution and
/// normal_distribution, computed as Thrust computes them (the same numbers from the same engine).
/// Host and device callable; the stream operators are host only.
///
/// normal_distribution, as Thrust's, has two algorithms: compiled by nvcc (host and device code
/// alike) it inverts the normal CDF with `erfcinv`, one engine call per number; compiled by a host
/// compiler alone it is Box-Muller, two engine calls per pair of numbers. Each gives Thrust's
/// numbers under the same compiler.
///
/// The arithmetic is written as Thrust writes it, so that nvcc compiles it the same way: in device
/// code it contracts x * y + z into one fused multiply-add (uniform_real_distribution's scaling,
/// and so uniform_int_distribution's; normal_distribution's), where the host rounds twice. Like
/// Thrust's, a number drawn on a CUDA device can then differ from the host's in the last bit (and
/// a uniform_int_distribution number by one, where the fused value truncates across an integer),
/// and normal_distribution's device erfcinv is not the host's. Engines give the same integers
/// everywhere.

#include <cmath>
#include <istream>
#include <ostream>

#include "../config.hpp"
#include "../pair.hpp"
#include "detail.hpp"

#if TIDE_HAS_CUDA && !defined(_NVHPC_CUDA)
#define TIDE_RANDOM_NORMAL_BY_ERFCINV 1
#else
#define TIDE_RANDOM_NORMAL_BY_ERFCINV 0
#endif

namespace tide {
namespace random {

namespace detail {
/// Writes `a b` as Thrust's distributions do (fixed, so 6 decimals for floating point).
template <class CharT, class Traits, class T>
std::basic_ostream<CharT, Traits>& write_params(std::basic_ostream<CharT, Traits>& os, const T& a, const T& b) {
  output_format<CharT, Traits> format(os);
  os << a << os.widen(' ') << b;
  return os;
}
template <class CharT, class Traits, class T>
std::basic_istream<CharT, Traits>& read_params(std::basic_istream<CharT, Traits>& is, T& a, T& b) {
  input_format<CharT, Traits> format(is, std::ios_base::skipws);
  is >> a >> b;
  return is;
}
}  // namespace detail

/// Uniform on [a, b) (Thrust's `uniform_real_distribution`): (e() - min) / (max - min + 1), in
/// RealType, scaled to [a, b). With float and a 31-bit or wider engine the quotient can round up
/// to 1, so b itself can come out, as in Thrust.
template <class RealType = double>
class uniform_real_distribution {
 public:
  using result_type = RealType;
  using param_type = tide::pair<RealType, RealType>;

  TIDE_HOST_DEVICE explicit uniform_real_distribution(RealType a = 0.0, RealType b = 1.0) : param_(a, b) {}
  TIDE_HOST_DEVICE explicit uniform_real_distribution(const param_type& parm) : param_(parm) {}
  TIDE_HOST_DEVICE void reset() {}

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  template <class UniformRandomNumberGenerator>
  TIDE_HOST_DEVICE result_type operator()(UniformRandomNumberGenerator& urng) {
    return (*this)(urng, param_);
  }
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  template <class UniformRandomNumberGenerator>
  TIDE_HOST_DEVICE result_type operator()(UniformRandomNumberGenerator& urng, const param_type& parm) {
    using G = UniformRandomNumberGenerator;
    result_type x = static_cast<result_type>(urng() - G::min);
    x /= result_type(1) + static_cast<result_type>(G::max - G::min);
    return x * (parm.second - parm.first) + parm.first;  // one fma in device code, as Thrust's
  }

  TIDE_HOST_DEVICE result_type a() const { return param_.first; }
  TIDE_HOST_DEVICE result_type b() const { return param_.second; }
  TIDE_HOST_DEVICE param_type param() const { return param_; }
  TIDE_HOST_DEVICE void param(const param_type& parm) { param_ = parm; }
  TIDE_HOST_DEVICE result_type min() const { return a(); }
  TIDE_HOST_DEVICE result_type max() const { return b(); }

  TIDE_HOST_DEVICE friend bool operator==(const uniform_real_distribution& l, const uniform_real_distribution& r) {
    return l.param_ == r.param_;
  }
  TIDE_HOST_DEVICE friend bool operator!=(const uniform_real_distribution& l, const uniform_real_distribution& r) {
    return !(l == r);
  }
  /// `a b`, fixed: 6 decimals, as Thrust writes them (so a round trip keeps only those).
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                       const uniform_real_distribution& d) {
    return detail::write_params(os, d.param_.first, d.param_.second);
  }
  template <class CharT, class Traits>
  friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is,
                                                       uniform_real_distribution& d) {
    return detail::read_params(is, d.param_.first, d.param_.second);
  }

 private:
  param_type param_;
};

/// Uniform on [a, b] (Thrust's `uniform_int_distribution`): a uniform double on [a, b + 1),
/// converted to IntType.
template <class IntType = int>
class uniform_int_distribution {
 public:
  using result_type = IntType;
  using param_type = tide::pair<IntType, IntType>;

  TIDE_HOST_DEVICE explicit uniform_int_distribution(IntType a = 0, IntType b = detail::max_value<IntType>)
      : param_(a, b) {}
  TIDE_HOST_DEVICE explicit uniform_int_distribution(const param_type& parm) : param_(parm) {}
  TIDE_HOST_DEVICE void reset() {}

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  template <class UniformRandomNumberGenerator>
  TIDE_HOST_DEVICE result_type operator()(UniformRandomNumberGenerator& urng) {
    return (*this)(urng, param_);
  }
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  template <class UniformRandomNumberGenerator>
  TIDE_HOST_DEVICE result_type operator()(UniformRandomNumberGenerator& urng, const param_type& parm) {
    const double low = static_cast<double>(parm.first);
    const double high = static_cast<double>(parm.second);
    uniform_real_distribution<double> real(low, high + 1.0);
    return static_cast<result_type>(real(urng));
  }

  TIDE_HOST_DEVICE result_type a() const { return param_.first; }
  TIDE_HOST_DEVICE result_type b() const { return param_.second; }
  TIDE_HOST_DEVICE param_type param() const { return param_; }
  TIDE_HOST_DEVICE void param(const param_type& parm) { param_ = parm; }
  TIDE_HOST_DEVICE result_type min() const { return a(); }
  TIDE_HOST_DEVICE result_type max() const { return b(); }

  TIDE_HOST_DEVICE friend bool operator==(const uniform_int_distribution& l, const uniform_int_distribution& r) {
    return l.param_ == r.param_;
  }
  TIDE_HOST_DEVICE friend bool operator!=(const uniform_int_distribution& l, const uniform_int_distribution& r) {
    return !(l == r);
  }
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                       const uniform_int_distribution& d) {
    return detail::write_params(os, d.param_.first, d.param_.second);
  }
  template <class CharT, class Traits>
  friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is,
                                                       uniform_int_distribution& d) {
    return detail::read_params(is, d.param_.first, d.param_.second);
  }

 private:
  param_type param_;
};

namespace detail {

#if TIDE_RANDOM_NORMAL_BY_ERFCINV
/// nvcc's algorithm: one engine call u, folded into the lower half (the sign remembered), then
/// mean + stddev * -sqrt(2) * erfcinv(2p), p = u / range + 1 / (2 range). No state.
template <class RealType>
class normal_sampler {
 public:
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  template <class G>
  TIDE_HOST_DEVICE RealType operator()(G& urng, RealType mean, RealType stddev) {
    using uint_type = typename G::result_type;
    constexpr uint_type range = G::max - G::min;
    constexpr RealType step = static_cast<RealType>(1. / static_cast<double>(range));
    constexpr RealType half_step = step / 2;
    RealType scale = static_cast<RealType>(-1.4142135623730950488016887242097);  // -sqrt(2)
    uint_type u = static_cast<uint_type>(urng() - G::min);
    if (u > range / 2) {
      u = static_cast<uint_type>(range - u);
      scale = -scale;
    }
    const RealType p = u * step + half_step;
    return mean + stddev * scale * ::erfcinv(2 * p);
  }
  TIDE_HOST_DEVICE void reset() {}
};
#else
/// The host compiler's algorithm (Box-Muller): two uniforms r1, r2 on [0, 1) give
/// rho = sqrt(-2 log(1 - r2)); the first call returns rho cos(2 pi r1), the second rho sin(2 pi r1).
template <class RealType>
class normal_sampler {
 public:
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  template <class G>
  TIDE_HOST_DEVICE RealType operator()(G& urng, RealType mean, RealType stddev) {
    using std::cos;
    using std::log;
    using std::sin;
    using std::sqrt;
    if (!valid_) {
      uniform_real_distribution<RealType> u01;
      r1_ = u01(urng);
      r2_ = u01(urng);
      rho_ = sqrt(-RealType(2) * log(RealType(1) - r2_));
      valid_ = true;
    } else {
      valid_ = false;
    }
    const RealType pi = RealType(3.14159265358979323846);
    const RealType angle = RealType(2) * pi * r1_;
    const RealType z = rho_ * (valid_ ? cos(angle) : sin(angle));
    return mean + stddev * z;
  }
  TIDE_HOST_DEVICE void reset() { valid_ = false; }

 private:
  RealType r1_{}, r2_{}, rho_{};
  bool valid_ = false;
};
#endif

}  // namespace detail

// Each algorithm's normal_distribution has a name of its own (an inline namespace), so that a
// program linking translation units of both compilers gets two types, not one type defined twice.
#if TIDE_RANDOM_NORMAL_BY_ERFCINV
inline namespace normal_by_erfcinv {
#else
inline namespace normal_by_box_muller {
#endif

/// Normal with the given mean and standard deviation (Thrust's `normal_distribution`; its
/// algorithm depends on the compiler, see the top of this file). Equality compares the
/// parameters only, as Thrust's.
template <class RealType = double>
class normal_distribution {
 public:
  using result_type = RealType;
  using param_type = tide::pair<RealType, RealType>;

  TIDE_HOST_DEVICE explicit normal_distribution(RealType mean = 0.0, RealType stddev = 1.0) : param_(mean, stddev) {}
  TIDE_HOST_DEVICE explicit normal_distribution(const param_type& parm) : param_(parm) {}
  /// Forgets a cached second number (Box-Muller); nothing to do for the erfcinv algorithm.
  TIDE_HOST_DEVICE void reset() { sampler_.reset(); }

  TIDE_RANDOM_EXEC_CHECK_DISABLE
  template <class UniformRandomNumberGenerator>
  TIDE_HOST_DEVICE result_type operator()(UniformRandomNumberGenerator& urng) {
    return (*this)(urng, param_);
  }
  TIDE_RANDOM_EXEC_CHECK_DISABLE
  template <class UniformRandomNumberGenerator>
  TIDE_HOST_DEVICE result_type operator()(UniformRandomNumberGenerator& urng, const param_type& parm) {
    return sampler_(urng, parm.first, parm.second);
  }

  TIDE_HOST_DEVICE result_type mean() const { return param_.first; }
  TIDE_HOST_DEVICE result_type stddev() const { return param_.second; }
  TIDE_HOST_DEVICE param_type param() const { return param_; }
  TIDE_HOST_DEVICE void param(const param_type& parm) { param_ = parm; }
  TIDE_HOST_DEVICE result_type min() const { return detail::lowest_value<RealType>; }
  TIDE_HOST_DEVICE result_type max() const { return detail::max_value<RealType>; }

  TIDE_HOST_DEVICE friend bool operator==(const normal_distribution& l, const normal_distribution& r) {
    return l.param_ == r.param_;
  }
  TIDE_HOST_DEVICE friend bool operator!=(const normal_distribution& l, const normal_distribution& r) {
    return !(l == r);
  }
  /// `mean stddev`, fixed: 6 decimals, as Thrust writes them.
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                       const normal_distribution& d) {
    return detail::write_params(os, d.param_.first, d.param_.second);
  }
  template <class CharT, class Traits>
  friend std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, normal_distribution& d) {
    return detail::read_params(is, d.param_.first, d.param_.second);
  }

 private:
  param_type param_;
  detail::normal_sampler<RealType> sampler_;
};

}  // inline namespace

}  // namespace random

using random::normal_distribution;
using random::uniform_int_distribution;
using random::uniform_real_distribution;

}  // namespace tide
