#pragma once
// Sequential histograms: one pass counting in 64 bits, then each count converted once and written
// over the histogram (float counters: exact counts, rounded once, as on every backend).

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include "../../detail/histogram_bins.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"

namespace tide::backend::seq {
namespace detail {

template <class SampleIt, class Bins, class CounterIt>
void histogram_count(const seq_policy& p, SampleIt samples, size_type n, const Bins& bins, int num_bins,
                     CounterIt hist, const char* name) {
  using counter_t = typename std::iterator_traits<CounterIt>::value_type;
  tide::detail::temporary_buffer<std::uint64_t> counts(p, std::size_t(num_bins), name);
  std::uint64_t* c = counts.data();
  std::fill(c, c + num_bins, std::uint64_t(0));
  for (size_type i = 0; i < n; ++i) {
    const int b = bins.bin(samples[i]);
    if (b >= 0) ++c[b];
  }
  for (int b = 0; b < num_bins; ++b) hist[b] = counter_t(c[b]);
}

}  // namespace detail

template <class SampleIt, class CounterIt, class Level>
void histogram_even(const seq_policy& p, SampleIt samples, size_type n, CounterIt hist, int num_bins, Level lower,
                    Level upper) {
  using sample_t = std::remove_cv_t<typename std::iterator_traits<SampleIt>::value_type>;
  detail::histogram_count(p, samples, n, tide::detail::even_bins<sample_t, Level>(num_bins, lower, upper), num_bins,
                          hist, "histogram_even");
}

template <class SampleIt, class BoundIt, class CounterIt>
void histogram_range(const seq_policy& p, SampleIt samples, size_type n, BoundIt bounds, int num_bounds,
                     CounterIt hist) {
  using sample_t = std::remove_cv_t<typename std::iterator_traits<SampleIt>::value_type>;
  detail::histogram_count(p, samples, n, tide::detail::range_bins<sample_t, BoundIt>{bounds, num_bounds},
                          num_bounds - 1, hist, "histogram_range");
}

}  // namespace tide::backend::seq
