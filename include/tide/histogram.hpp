#pragma once
/// \file histogram.hpp
/// histogram_even and histogram_range: how many samples fall in each bin (one channel, as CUB's
/// DeviceHistogram::HistogramEven / HistogramRange). The histogram is overwritten: it holds the
/// counts of this call, not counts added to what was there.
///
/// - `histogram_even(first, last, hist, num_bins, lower, upper)`: num_bins equal bins over
///   [lower, upper); bin = floor(num_bins * (x - lower) / (upper - lower)). Integers are exact (no
///   overflow, any range of the type); floating point is computed in double and clamped, so lower
///   is in bin 0 and a sample just below upper is in the last bin.
/// - `histogram_range(first, last, bounds_first, bounds_last, hist)`: bin i counts
///   bounds[i] <= x < bounds[i + 1], for num_bounds - 1 bins.
/// Samples outside the bins, and NaNs, are not counted. Counters may be any arithmetic type (int,
/// unsigned, uint64, float, ...): each is the exact count converted once, so float counters are
/// exact up to 2^24 and the same run after run.
///
/// Checked (std::invalid_argument naming the algorithm): num_bins < 1; lower not below upper (NaN
/// levels included); fewer than 2 bounds; and, on the host systems, bounds not strictly increasing
/// (NaN bounds included). On the CUDA system the bounds are in device memory, and checking them
/// would make the call wait for the device: keeping them strictly increasing is the caller's duty.

#include <climits>
#include <type_traits>

#include "backend/omp/histogram.hpp"
#include "backend/seq/histogram.hpp"
#include "detail/dispatch.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/histogram.hpp"
#endif

namespace tide {

namespace detail {
template <class Level>
void check_histogram_levels(int num_bins, const Level& lower, const Level& upper) {
  require(num_bins >= 1, "histogram_even", "num_bins must be at least 1");
  require(lower < upper, "histogram_even", "lower must be below upper (and neither may be NaN)");
}

/// The number of bounds, checked; on the host systems, that they strictly increase.
template <class Policy, class BoundIt>
int checked_histogram_bounds(const Policy&, BoundIt first, BoundIt last) {
  const size_type n = checked_distance(first, last, "histogram_range");
  require(n >= 2, "histogram_range", "needs at least 2 bounds (one bin)");
  require(n <= size_type(INT_MAX), "histogram_range", "too many bounds");
  if constexpr (!std::is_same_v<typename Policy::system_type, cuda_tag>) {
    auto b = unwrap_iterator(first);
    for (size_type i = 1; i < n; ++i)
      require(b[i - 1] < b[i], "histogram_range", "bounds must be strictly increasing (and not NaN)");
  }
  return int(n);
}
}  // namespace detail

/// Counts [first, last) in num_bins equal bins over [lower, upper) into hist[0, num_bins).
template <class Policy, class InputIt, class CounterIt, class Level, detail::enable_if_policy_t<Policy> = 0>
void histogram_even(const Policy& policy, InputIt first, InputIt last, CounterIt hist, int num_bins, Level lower,
                    Level upper) {
  const size_type n = detail::checked_distance(first, last, "histogram_even");
  detail::check_histogram_levels(num_bins, lower, upper);
  detail::dispatch::histogram_even(policy, detail::unwrap_iterator(first), n, detail::unwrap_iterator(hist), num_bins,
                                   lower, upper);
}
template <class InputIt, class CounterIt, class Level, detail::enable_if_not_policy_t<InputIt> = 0>
void histogram_even(InputIt first, InputIt last, CounterIt hist, int num_bins, Level lower, Level upper) {
  tide::histogram_even(detail::select_policy(first, hist), first, last, hist, num_bins, lower, upper);
}

/// Counts [first, last) in the bins [bounds[i], bounds[i + 1]) of the increasing bounds
/// [bounds_first, bounds_last) into hist[0, num_bounds - 1).
template <class Policy, class InputIt, class BoundIt, class CounterIt, detail::enable_if_policy_t<Policy> = 0>
void histogram_range(const Policy& policy, InputIt first, InputIt last, BoundIt bounds_first, BoundIt bounds_last,
                     CounterIt hist) {
  const size_type n = detail::checked_distance(first, last, "histogram_range");
  const int num_bounds = detail::checked_histogram_bounds(policy, bounds_first, bounds_last);
  detail::dispatch::histogram_range(policy, detail::unwrap_iterator(first), n, detail::unwrap_iterator(bounds_first),
                                    num_bounds, detail::unwrap_iterator(hist));
}
template <class InputIt, class BoundIt, class CounterIt, detail::enable_if_not_policy_t<InputIt> = 0>
void histogram_range(InputIt first, InputIt last, BoundIt bounds_first, BoundIt bounds_last, CounterIt hist) {
  tide::histogram_range(detail::select_policy(first, bounds_first, hist), first, last, bounds_first, bounds_last,
                        hist);
}

}  // namespace tide
