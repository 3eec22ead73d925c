#pragma once
// The bin functors of the OpenMP histograms (histogram.hpp counts with them): the bins of
// tide::detail::even_bins and range_bins, bit for bit, computed without a branch (a sample outside
// the bins gives a value >= num_bins, e.g. -1 as unsigned) and with their constants held by value,
// so that they stay in registers in the counting loop. Kept apart from the counting because they
// are the arithmetic (and what the seq-comparison tests check), the counting is the memory side.
// docs/notes/omp_histogram.md has the measurements.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../../detail/histogram_bins.hpp"

namespace tide::backend::omp {
namespace detail {

// ---- even bins ---------------------------------------------------------------------------------
// The arithmetic of tide::detail::even_bins, read from an even_bins object (its constants exist
// only there), with its branches made selects (a sample outside the range, half of them say, must
// not cost a branch mispredicted) and, for integers, the 32 x 64 high product as one
// 64 x 64 -> 128 multiply. The constants are copied into the functor so that they stay in
// registers across the count stores (loaded through even_bins they were reloaded after every
// 64-bit store, which may alias them).

/// Integer samples of up to 32 bits with integer levels, when every offset of a sample in the range
/// fits 32 bits (bins.fast()): bin = d * a + floor(d * magic / 2^64), d = x - lower.
template <class Sample, class Level>
struct even_int32_bins {
  static constexpr bool small = sizeof(Sample) <= 4 && sizeof(Level) <= 4;
  Level lower, upper;
  std::int64_t lower64;
  std::uint64_t range, magic;
  std::uint32_t a;

  explicit even_int32_bins(const tide::detail::even_bins<Sample, Level>& bins)
      : lower(bins.lower()), upper(bins.upper()), lower64(std::int64_t(bins.lower())), range(bins.range()),
        magic(bins.magic()), a(bins.a()) {}
  TIDE_FORCEINLINE int operator()(Sample x) const {
    std::uint64_t d;
    bool in;
    if constexpr (small) {
      // Exact in 64 bits: lower <= x < upper is 0 <= x - lower < range.
      d = std::uint64_t(std::int64_t(x) - lower64);
      in = d < range;
    } else {
      d = std::uint64_t(x) - std::uint64_t(lower);
      in = !tide::detail::value_less(x, lower) & tide::detail::value_less(x, upper);
    }
    // floor(d * m / 2^64) = mulhi_32x64(d, m) for a 32-bit d (the same floor, in one product).
    const std::uint32_t d32 = std::uint32_t(d);
    const std::uint32_t hi = std::uint32_t((static_cast<unsigned __int128>(d32) * magic) >> 64);
    const int b = int(d32 * a + hi);
    return in ? b : -1;
  }
};

/// Floating point samples or levels: in double, as even_bins_impl<Sample, Level, true>::bin.
template <class Sample, class Level>
struct even_float_bins {
  static constexpr bool prescale = sizeof(Level) > sizeof(float) && std::is_floating_point_v<Level>;
  Level lower, upper;
  double lo, hi, p, lo_p, scale;
  int last;

  explicit even_float_bins(const tide::detail::even_bins<Sample, Level>& bins)
      : lower(bins.lower()), upper(bins.upper()), lo(bins.lo()), hi(bins.hi()), p(bins.p()), lo_p(bins.lo_p()),
        scale(bins.scale()), last(bins.num_bins() - 1) {}
  TIDE_FORCEINLINE int operator()(Sample x) const {
    const double xd = double(x);
    bool in;
    if constexpr (std::is_same_v<Sample, float> && std::is_same_v<Level, float>)
      in = (x >= lower) & (x < upper);
    else
      in = (xd >= lo) & (xd < hi);
    double t;
    if constexpr (prescale)
      t = (xd * p - lo_p) * scale;
    else
      t = (xd - lo) * scale;
    // In range 0 <= t < num_bins * (1 + 2^-51) < 2^31. Outside (NaN too) t is made +0 by a mask
    // (a select or a clamp in double here, GCC makes a branch), so that the conversion, done
    // whatever x, is defined; then even_bins' clamp, and -1 (all ones) outside.
    std::uint64_t bits;
    std::memcpy(&bits, &t, sizeof bits);
    bits &= std::uint64_t(0) - std::uint64_t(in);
    std::memcpy(&t, &bits, sizeof bits);
    int b = int(t);
    b = b < last ? b : last;
    return b | -int(!in);
  }
};

/// Samples of 8 bits (or 16, for large inputs): the bin of every value, from the bins themselves.
template <class Sample>
struct table_bins {
  const std::uint32_t* table;
  TIDE_FORCEINLINE std::uint32_t operator()(Sample x) const {
    return table[std::size_t(std::make_unsigned_t<Sample>(x))];
  }
};

// ---- range bins --------------------------------------------------------------------------------

/// The bins of tide::detail::range_bins over bounds[0, num_bounds) (strictly increasing): the i with
/// bounds[i] <= x < bounds[i + 1], -1 outside. Since the bounds increase, value_less(x, bounds[i])
/// is false then true as i grows, and any search for the last false finds that same i.
/// A table, when there is one, narrows the search: key(x), monotone over [bounds[0], bounds[last]],
/// puts x in one of 2^k buckets; first[j] is how many bounds have a key below j. A bound whose key
/// is below x's is below x, one whose key is above x's is above it: the bin of x (key j) is within
/// [first[j] - 1, first[j] - 1 + most] (most: the largest number of bounds with one key).
template <class Sample, class Bound>
struct range_search {
  static constexpr bool int_table = std::is_integral_v<Sample> && std::is_same_v<Sample, Bound>;
  static constexpr bool float_table = std::is_floating_point_v<Sample> && std::is_same_v<Sample, Bound>;

  const Bound* bounds = nullptr;
  int num_bounds = 2;
  const std::int32_t* first = nullptr;  // the table, or null
  int most = 0;
  int last_key = 0;  // 2^k - 1
  int shift = 0;     // integers: key = (x - bounds[0]) >> shift
  double lo = 0, scale = 0;

  TIDE_FORCEINLINE int key(Sample x) const {
    if constexpr (int_table) {
      using U = std::make_unsigned_t<Sample>;
      const std::uint64_t d = std::uint64_t(U(U(x) - U(bounds[0])));
      return int(std::min<std::uint64_t>(d >> shift, std::uint64_t(last_key)));
    } else if constexpr (float_table) {
      double t = (double(x) - lo) * scale;
      t = t > 0 ? t : 0;  // NaN too (its bin is -1 whatever the key)
      t = t < double(last_key) ? t : double(last_key);
      return int(t);
    } else {
      (void)x;
      return 0;
    }
  }

  /// base: a bound at or below x; len - 1: how many bounds past it may be (with Clamp, bounds past
  /// the last read as +infinity). Branch-free, a fixed number of steps for a given len.
  template <bool Clamp>
  TIDE_FORCEINLINE int search(Sample x, int base, int len) const {
    const int top = num_bounds - 1;
    while (len > 1) {
      const int half = len >> 1;
      const int probe = Clamp ? std::min(base + half, top) : base + half;
      base += half & -int(!tide::detail::value_less(x, bounds[probe]));
      len -= half;
    }
    return base;
  }

  TIDE_FORCEINLINE int operator()(Sample x) const {
    const bool in = !tide::detail::value_less(x, bounds[0]) & tide::detail::value_less(x, bounds[num_bounds - 1]);
    int b;
    if constexpr (int_table || float_table) {
      if (first != nullptr)
        b = search<true>(x, std::max(first[key(x)] - 1, 0), most + 1);
      else
        b = search<false>(x, 0, num_bounds - 1);
    } else {
      b = search<false>(x, 0, num_bounds - 1);
    }
    return in ? b : -1;
  }
};

/// Few integer bounds (up to N + 1, N = 2, 4, 8 or 16): the bounds by value, padded to N + 1 with the last
/// one, and log2(N) fixed steps, unrolled. The padding is never below an x in range (x < the last
/// bound), so the last bound at or below x is the same as over the bounds themselves. Measured
/// against range_search at 9 bounds: u32 259 -> 550 M/s, one thread (not better for floats).
template <class Sample, class Bound, int N>
struct range_small {
  static_assert(N == 2 || N == 4 || N == 8 || N == 16, "range_small: N = 2, 4, 8 or 16");
  Bound b[N + 1];

  range_small(const Bound* bounds, int num_bounds) {
    for (int i = 0; i <= N; ++i) b[i] = bounds[std::min(i, num_bounds - 1)];
  }
  TIDE_FORCEINLINE int operator()(Sample x) const {
    const bool in = !tide::detail::value_less(x, b[0]) & tide::detail::value_less(x, b[N]);
    int base = 0;  // b[base] <= x; the steps written out (a loop was left rolled at 3 steps)
    auto step = [&](int half) { base = tide::detail::value_less(x, b[base + half]) ? base : base + half; };
    if constexpr (N >= 16) step(8);
    if constexpr (N >= 8) step(4);
    if constexpr (N >= 4) step(2);
    step(1);
    return in ? base : -1;
  }
};

/// Fills s's table over its bounds in first[0, 2^log2 + 1) when it narrows the search; else leaves
/// s.first null.
template <class Sample, class Bound>
void build_range_table(range_search<Sample, Bound>& s, std::int32_t* first, int log2) {
  using rs = range_search<Sample, Bound>;
  const Bound lo = s.bounds[0], hi = s.bounds[s.num_bounds - 1];
  const int buckets = 1 << log2;
  s.last_key = buckets - 1;
  if constexpr (rs::int_table) {
    using U = std::make_unsigned_t<Sample>;
    const std::uint64_t range = std::uint64_t(U(U(hi) - U(lo)));  // > 0
    int bits = 0;
    while (bits < 64 && (range >> bits) != 0) ++bits;  // range < 2^bits
    s.shift = std::max(0, bits - log2);
  } else if constexpr (rs::float_table) {
    const double l = double(lo), h = double(hi);
    if (!(std::isfinite(l) && std::isfinite(h) && std::isfinite(h - l))) return;
    const double scale = double(buckets) / (h - l);
    if (!(std::isfinite(scale) && scale > 0)) return;
    s.lo = l;
    s.scale = scale;
  } else {
    return;
  }
  std::fill(first, first + buckets + 1, std::int32_t(0));
  for (int i = 0; i < s.num_bounds; ++i) ++first[s.key(s.bounds[i]) + 1];
  int most = 0;
  for (int j = 1; j <= buckets; ++j) {
    most = std::max(most, int(first[j]));
    first[j] += first[j - 1];
  }
  // Not worth it when one bucket holds a good part of the bounds (a plain search is as short).
  int steps_plain = 0, steps_table = 0;
  for (int len = s.num_bounds - 1; len > 1; len -= len >> 1) ++steps_plain;
  for (int len = most + 1; len > 1; len -= len >> 1) ++steps_table;
  if (steps_table + 2 >= steps_plain) return;
  s.most = most;
  s.first = first;
}

}  // namespace detail
}  // namespace tide::backend::omp
