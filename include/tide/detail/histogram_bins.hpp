#pragma once
// Which bin a sample falls in, for histogram_even and histogram_range. Shared by every backend and
// by host and device code, so all backends count alike, bit for bit.
//
// Even bins: bin(x) = floor(num_bins * (x - lower) / (upper - lower)) for lower <= x < upper, else
// -1 (NaN included).
// - Integers: exact, never overflowing. When the offset x - lower fits 32 bits (always for samples
//   and levels of up to 32 bits, and e.g. u32 samples with 64-bit levels [0, 2^32)) the division is
//   a multiply by a 64-bit fixed-point reciprocal, proven exact below; otherwise a double estimate
//   corrected with 128-bit products.
// - Floating point (a float or double sample or level): computed in double, then clamped, so a
//   sample equal to lower is in bin 0 and one just below upper is in the last bin, never past it.
//   The bin never decreases as x grows. Double levels are prescaled by a power of two when their
//   range would overflow or make the scale overflow.
// Range bins: bin(x) = i where bounds[i] <= x < bounds[i + 1] (the last bound below or at x), found
// by a branch-free binary search with a fixed number of steps; -1 outside [bounds[0], bounds[last]).

#include <cstdint>
#include <limits>
#include <type_traits>

#include "../config.hpp"

namespace tide::detail {

// ---- comparisons across signedness (std::cmp_less of C++20) -------------------------------------

template <class A, class B>
TIDE_HOST_DEVICE TIDE_FORCEINLINE bool value_less(const A& a, const B& b) {
  if constexpr (std::is_integral_v<A> && std::is_integral_v<B> && std::is_signed_v<A> != std::is_signed_v<B>) {
    if constexpr (std::is_signed_v<A>)
      return a < 0 || static_cast<std::make_unsigned_t<A>>(a) < b;
    else
      return b >= 0 && a < static_cast<std::make_unsigned_t<B>>(b);
  } else {
    return a < b;
  }
}

// ---- 64 x 64 -> 128-bit products -------------------------------------------------------------

struct u128 {
  std::uint64_t hi, lo;
};
TIDE_HOST_DEVICE TIDE_FORCEINLINE bool operator<(u128 a, u128 b) {
  return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}
TIDE_HOST_DEVICE TIDE_FORCEINLINE u128 operator+(u128 a, std::uint64_t b) {
  std::uint64_t lo = a.lo + b;
  return {a.hi + (lo < b ? 1u : 0u), lo};
}
TIDE_HOST_DEVICE TIDE_FORCEINLINE u128 operator-(u128 a, std::uint64_t b) {
  return {a.hi - (a.lo < b ? 1u : 0u), a.lo - b};
}

TIDE_HOST_DEVICE TIDE_FORCEINLINE std::uint64_t mulhi_u64(std::uint64_t a, std::uint64_t b) {
#if defined(__CUDA_ARCH__)
  return __umul64hi(a, b);
#else
  std::uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32, b_lo = b & 0xffffffffu, b_hi = b >> 32;
  std::uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi, hl = a_hi * b_lo, hh = a_hi * b_hi;
  std::uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}
TIDE_HOST_DEVICE TIDE_FORCEINLINE u128 mul_wide(std::uint64_t a, std::uint64_t b) { return {mulhi_u64(a, b), a * b}; }

/// floor(d * m / 2^64) for a 32-bit d: two 32 x 32 -> 64 products.
TIDE_HOST_DEVICE TIDE_FORCEINLINE std::uint32_t mulhi_32x64(std::uint32_t d, std::uint64_t m) {
#if defined(__CUDA_ARCH__)
  const std::uint32_t low = __umulhi(d, std::uint32_t(m));
#else
  const std::uint32_t low = std::uint32_t((std::uint64_t(d) * std::uint32_t(m)) >> 32);
#endif
  return std::uint32_t((std::uint64_t(d) * std::uint32_t(m >> 32) + low) >> 32);
}

/// ceil(2^64 * b / r) for b < r (bit-serial long division; construction only).
TIDE_HOST_DEVICE inline std::uint64_t ceil_frac64(std::uint64_t b, std::uint64_t r) {
  std::uint64_t q = 0, rem = b;
  for (int i = 0; i < 64; ++i) {
    bool carry = (rem >> 63) != 0;  // 2 * rem >= 2^64 > r
    rem <<= 1;
    q <<= 1;
    if (carry || rem >= r) {
      rem -= r;  // modulo 2^64, the true difference (it is below r)
      q |= 1;
    }
  }
  return q + (rem != 0 ? 1u : 0u);
}

// ---- even bins ---------------------------------------------------------------------------------

template <class Sample, class Level>
inline constexpr bool even_bins_floating_v = std::is_floating_point_v<Sample> || std::is_floating_point_v<Level>;

template <class Sample, class Level, bool Floating = even_bins_floating_v<Sample, Level>>
class even_bins_impl;

/// Floating point: in double. With double levels, (x * p - lower * p) * scale, p a power of two
/// that keeps the range and the scale finite (p is 1 unless the levels are extreme).
template <class Sample, class Level>
class even_bins_impl<Sample, Level, true> {
  static constexpr bool prescale = sizeof(Level) > sizeof(float) && std::is_floating_point_v<Level>;

 public:
  even_bins_impl() = default;
  TIDE_HOST_DEVICE even_bins_impl(int num_bins, Level lower, Level upper)
      : num_bins_(num_bins), lower_(lower), upper_(upper), lo_(double(lower)), hi_(double(upper)) {
    double p = 1;
    if constexpr (prescale) {
      constexpr double huge = std::numeric_limits<double>::max();
      if (!(hi_ - lo_ <= huge)) p = 0.5;                                      // the range overflows
      else if (double(num_bins) / (hi_ - lo_) > huge / 2) p = 0x1p600;        // the scale would
    }
    p_ = p;
    lo_p_ = lo_ * p;
    scale_ = double(num_bins) / (hi_ * p - lo_p_);
  }
  TIDE_HOST_DEVICE int num_bins() const { return num_bins_; }
  // Read-only constants (for backends that specialise the loop around them, e.g. OpenMP's).
  TIDE_HOST_DEVICE Level lower() const { return lower_; }
  TIDE_HOST_DEVICE Level upper() const { return upper_; }
  TIDE_HOST_DEVICE double lo() const { return lo_; }
  TIDE_HOST_DEVICE double hi() const { return hi_; }
  TIDE_HOST_DEVICE double p() const { return p_; }
  TIDE_HOST_DEVICE double lo_p() const { return lo_p_; }
  TIDE_HOST_DEVICE double scale() const { return scale_; }

  TIDE_HOST_DEVICE TIDE_FORCEINLINE int bin(Sample x) const {
    const double xd = double(x);
    bool in;
    if constexpr (std::is_same_v<Sample, float> && std::is_same_v<Level, float>)
      in = x >= lower_ && x < upper_;  // the same test, in float
    else
      in = xd >= lo_ && xd < hi_;  // false for NaN
    double t;
    if constexpr (prescale)
      t = (xd * p_ - lo_p_) * scale_;
    else
      t = (xd - lo_) * scale_;
    // In range, 0 <= t < num_bins * (1 + 2^-51) < 2^31: the conversion is defined; then clamp.
    const int b = in ? int(t) : -1;
    return b < num_bins_ ? b : num_bins_ - 1;
  }

 private:
  int num_bins_ = 1;
  Level lower_ = 0, upper_ = 1;
  double lo_ = 0, hi_ = 1, p_ = 1, lo_p_ = 0, scale_ = 1;
};

/// Integers: with d = x - lower, r = upper - lower, B = num_bins = a * r + b (b < r):
/// floor(d * B / r) = d * a + floor(d * b / r). When d <= dmax with dmax * r <= 2^64 (and d < 2^32),
/// floor(d * b / r) = floor(d * m / 2^64) for m = ceil(2^64 * b / r): the error d * (m - 2^64 b/r) / 2^64
/// is below d / 2^64 <= 1/r, and the fraction of d * b / r is a multiple of 1/r below 1.
template <class Sample, class Level>
class even_bins_impl<Sample, Level, false> {
  static_assert(std::is_integral_v<Sample> && std::is_integral_v<Level> && !std::is_same_v<Sample, bool> &&
                    !std::is_same_v<Level, bool>,
                "tide::histogram_even: samples and levels must be arithmetic (not bool)");
  static constexpr bool same = std::is_same_v<Sample, Level>;
  static constexpr bool always_fast = sizeof(Sample) <= 4 && sizeof(Level) <= 4;
  using usample = std::make_unsigned_t<Sample>;

 public:
  even_bins_impl() = default;
  TIDE_HOST_DEVICE even_bins_impl(int num_bins, Level lower, Level upper)
      : num_bins_(num_bins), lower_(lower), upper_(upper) {
    range_ = std::uint64_t(upper) - std::uint64_t(lower);  // modulo 2^64: the true range (< 2^64)
    std::uint64_t B = std::uint64_t(num_bins);
    a_ = std::uint32_t(range_ <= B ? B / range_ : 0);
    frac_ = range_ <= B ? B % range_ : B;
    magic_ = frac_ ? ceil_frac64(frac_, range_) : 0;
    frac_over_range_ = double(frac_) / double(range_);
    fast_ = true;
    if constexpr (!always_fast) {
      // The largest offset a sample can have: samples stop at Sample's maximum.
      constexpr Sample smax = std::numeric_limits<Sample>::max();
      std::uint64_t dmax = range_ - 1;
      if (value_less(smax, lower))
        dmax = 0;
      else if (value_less(smax, upper))
        dmax = std::uint64_t(smax) - std::uint64_t(lower);
      fast_ = dmax <= 0xffffffffu && mulhi_u64(dmax, range_) == 0;
    }
  }
  TIDE_HOST_DEVICE int num_bins() const { return num_bins_; }
  // Read-only constants (for backends that specialise the loop around them, e.g. OpenMP's).
  TIDE_HOST_DEVICE Level lower() const { return lower_; }
  TIDE_HOST_DEVICE Level upper() const { return upper_; }
  TIDE_HOST_DEVICE std::uint64_t range() const { return range_; }
  TIDE_HOST_DEVICE std::uint32_t a() const { return a_; }
  TIDE_HOST_DEVICE std::uint64_t magic() const { return magic_; }
  /// Whether bin() takes the 32-bit path: every offset of a sample in the range fits 32 bits.
  TIDE_HOST_DEVICE bool fast() const { return always_fast || fast_; }

  TIDE_HOST_DEVICE TIDE_FORCEINLINE int bin(Sample x) const {
    std::uint64_t d;
    bool in;
    if constexpr (same) {
      // One unsigned compare: below lower wraps to an offset at least the range.
      const usample du = usample(usample(x) - usample(lower_));
      in = du < usample(range_);
      d = du;
    } else {
      in = !value_less(x, lower_) && value_less(x, upper_);
      d = std::uint64_t(x) - std::uint64_t(lower_);
    }
    if (always_fast || fast_) {
      // Computed whatever x, selected after: no branch.
      const std::uint32_t d32 = std::uint32_t(d);
      const int b = int(d32 * a_ + mulhi_32x64(d32, magic_));
      return in ? b : -1;
    }
    return in ? int(std::uint64_t(d) * a_ + wide_frac(d)) : -1;
  }

 private:
  /// floor(d * frac / range) for any 64-bit d < range: a double estimate, corrected exactly.
  TIDE_HOST_DEVICE std::uint64_t wide_frac(std::uint64_t d) const {
    if (frac_ == 0) return 0;
    double est = double(d) * frac_over_range_;
    std::uint64_t q = est < double(num_bins_) ? std::uint64_t(est) : std::uint64_t(num_bins_);
    u128 p = mul_wide(d, frac_), qr = mul_wide(q, range_);
    while (p < qr) --q, qr = qr - range_;                 // q * range > d * frac: q too large
    while (!(p < qr + range_)) ++q, qr = qr + range_;     // (q + 1) * range <= d * frac: too small
    return q;
  }

  int num_bins_ = 1;
  Level lower_ = 0, upper_ = 1;
  std::uint64_t range_ = 1, frac_ = 0, magic_ = 0;
  double frac_over_range_ = 0;
  std::uint32_t a_ = 1;
  bool fast_ = true;
};

/// The bins of histogram_even(samples, n, hist, num_bins, lower, upper). Preconditions (checked by
/// the public functions): num_bins >= 1, lower < upper.
template <class Sample, class Level = Sample>
class even_bins : public even_bins_impl<Sample, Level> {
 public:
  even_bins() = default;
  TIDE_HOST_DEVICE even_bins(int num_bins, Level lower, Level upper)
      : even_bins_impl<Sample, Level>(num_bins, lower, upper) {}
  // int bin(Sample x) const: the bin of x in [0, num_bins), or -1 when x is not counted.
};

// ---- range bins --------------------------------------------------------------------------------

/// The bins of histogram_range: num_bounds - 1 bins over increasing bounds (any random-access
/// iterator: host memory, device memory in device code, or shared memory).
template <class Sample, class BoundIt>
struct range_bins {
  BoundIt bounds;
  int num_bounds;

  TIDE_HOST_DEVICE int num_bins() const { return num_bounds - 1; }

  // BoundIt may be a host-only iterator (the host backends): silence nvcc's host/device check.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE TIDE_FORCEINLINE int bin(Sample x) const { return contains(x) ? search(x) : -1; }

  /// bounds[0] <= x < bounds[num_bounds - 1] (false for NaN: it is not below the last bound).
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE TIDE_FORCEINLINE bool contains(Sample x) const {
    return !value_less(x, bounds[0]) && value_less(x, bounds[num_bounds - 1]);
  }

  /// The bin of x when contains(x); for any other x, some bin (the steps and the bounds they read
  /// depend on num_bounds only, so a warp may search for all its lanes and drop the misses).
  TIDE_HOST_DEVICE TIDE_FORCEINLINE int search(Sample x) const {
    const Sample one[1] = {x};
    int base[1];
    search(one, base);
    return base[0];
  }

  /// search() of N samples step by step together: N independent loads a step, where N searches
  /// one after the other would wait on each load in turn.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <int N>
  TIDE_HOST_DEVICE TIDE_FORCEINLINE void search(const Sample (&x)[N], int (&base)[N]) const {
    for (int i = 0; i < N; ++i) base[i] = 0;
    for (int len = num_bounds - 1; len > 1;) {  // bounds[base] <= x < bounds[base + len]
      // Any 1 <= half <= len / 2 keeps x's bin among the next len - half. Past 64 an odd one: with
      // power-of-two halves (power-of-two bin counts) a step's probes are multiples of a power of
      // two, which in shared memory are all one bank (up to 32-way conflicts); odd halves spread them.
      const int half = len >= 64 ? ((len >> 1) - 1) | 1 : len >> 1;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
      for (int i = 0; i < N; ++i) base[i] = value_less(x[i], bounds[base[i] + half]) ? base[i] : base[i] + half;
      len -= half;
    }
  }
};

}  // namespace tide::detail
