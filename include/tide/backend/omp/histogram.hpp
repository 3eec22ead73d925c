#pragma once
// OpenMP histograms: each chunk counts into its own 64-bit counts, then the counts of each bin are
// summed in chunk order (bins in parallel), converted once and written over the histogram.

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include "../../detail/histogram_bins.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {
namespace detail {

template <class SampleIt, class Bins, class CounterIt>
void histogram_count(const omp_policy& p, SampleIt samples, size_type n, const Bins& bins, int num_bins,
                     CounterIt hist, const char* name) {
  using counter_t = typename std::iterator_traits<CounterIt>::value_type;
  // At most one chunk per num_bins samples, so the private counts never outweigh the input.
  const size_type max_chunks = std::max<size_type>(1, n / num_bins);
  const omp_policy q = p.with_threads(int(std::min<size_type>(thread_count(p, n), max_chunks)));
  const int chunks = thread_count(q, n);  // what parallel_chunks will use
  tide::detail::temporary_buffer<std::uint64_t> counts(p, std::size_t(chunks) * std::size_t(num_bins), name);
  std::uint64_t* all = counts.data();
  parallel_chunks(q, n, [&](size_type b, size_type e, int c) {
    std::uint64_t* mine = all + std::size_t(c) * std::size_t(num_bins);
    std::fill(mine, mine + num_bins, std::uint64_t(0));
    for (size_type i = b; i < e; ++i) {
      const int k = bins.bin(samples[i]);
      if (k >= 0) ++mine[k];
    }
  });
  parallel_for(p, num_bins, [&](size_type b) {
    std::uint64_t t = 0;
    for (int c = 0; c < chunks; ++c) t += all[std::size_t(c) * std::size_t(num_bins) + std::size_t(b)];
    hist[b] = counter_t(t);
  });
}

}  // namespace detail

template <class SampleIt, class CounterIt, class Level>
void histogram_even(const omp_policy& p, SampleIt samples, size_type n, CounterIt hist, int num_bins, Level lower,
                    Level upper) {
  using sample_t = std::remove_cv_t<typename std::iterator_traits<SampleIt>::value_type>;
  detail::histogram_count(p, samples, n, tide::detail::even_bins<sample_t, Level>(num_bins, lower, upper), num_bins,
                          hist, "histogram_even");
}

template <class SampleIt, class BoundIt, class CounterIt>
void histogram_range(const omp_policy& p, SampleIt samples, size_type n, BoundIt bounds, int num_bounds,
                     CounterIt hist) {
  using sample_t = std::remove_cv_t<typename std::iterator_traits<SampleIt>::value_type>;
  detail::histogram_count(p, samples, n, tide::detail::range_bins<sample_t, BoundIt>{bounds, num_bounds},
                          num_bounds - 1, hist, "histogram_range");
}

}  // namespace tide::backend::omp
