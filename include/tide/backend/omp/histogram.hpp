#pragma once
// OpenMP histograms, the counting: each chunk counts into its own counts, then the counts of each
// bin are summed in chunk order (bins in parallel), converted once and written over the histogram.
// The bins themselves come from histogram_binners.hpp (branch-free functors, the same bins as
// tide::detail::even_bins / range_bins).
//
// A sample not counted goes to a spare bin past the last (no branch). With few bins, the
// increments go round robin into 4 interleaved 32-bit sub-histograms, so that equal bins in a row
// (all-equal or skewed samples, or just the samples in flight over 256 bins) do not wait on each
// other's store; the sub-counts are added to the chunk's 64-bit counts at most every 2^32 - 1
// samples, before any could overflow. 8-bit (and large 16-bit) inputs count through a table of the
// bin of every value. docs/notes/omp_histogram.md has the measurements.

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>

#include "../../detail/histogram_bins.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "histogram_binners.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {
namespace detail {

struct histogram_tuning {
  /// Interleaved 32-bit sub-histograms up to this many bins (4 of 2049 u32: 32 KiB, within L1).
  static constexpr int sub_max_bins = 2048;
  static constexpr int subs = 4;
  /// The most samples counted into the sub-histograms between two flushes: no sub-count can pass
  /// 2^32 - 1. (Tests pass a smaller interval to the functions below.)
  static constexpr std::uint64_t flush_samples = 0xffffffffu;
  /// Range bins: a lookup table from this many bins up.
  static constexpr int table_min_bins = 32;
  /// Range bins, integers: up to this many bins, range_small (bounds by value, an unrolled search).
  static constexpr int small_range_max_bins = 16;
  static constexpr int table_max_log2 = 14;
};

/// Counts samples[b, e) into mine[0, num_bins] (mine[num_bins]: the samples outside every bin).
/// bin_of(x) is the bin of x, or any value >= num_bins (e.g. -1 as unsigned) when x is not counted.
/// sub: null, or 4 sub-histograms of sub_stride >= num_bins + 1 32-bit counts, sample i of a group
/// of 4 counted in the i-th; flushed into mine every flush_samples samples (at most 2^32 - 1, so
/// that no sub-count overflows) and at the end.
template <class SampleIt, class BinOf>
void count_chunk(SampleIt samples, size_type b, size_type e, const BinOf& bin_of_, std::uint32_t num_bins,
                 std::uint64_t* mine, std::uint32_t* sub, std::size_t sub_stride, std::uint64_t flush_samples) {
  const BinOf bin_of = bin_of_;  // a local copy: its members stay in registers across the stores
  const std::uint32_t spare = num_bins;
  auto bin = [&](size_type i) {
    const std::uint32_t k = std::uint32_t(bin_of(samples[i]));
    return k < spare ? k : spare;
  };
  std::fill(mine, mine + num_bins + 1, std::uint64_t(0));
  if (sub == nullptr) {
    for (size_type i = b; i < e; ++i) ++mine[bin(i)];
    return;
  }
  std::uint32_t* s0 = sub;
  std::uint32_t* s1 = sub + sub_stride;
  std::uint32_t* s2 = sub + 2 * sub_stride;
  std::uint32_t* s3 = sub + 3 * sub_stride;
  std::fill(sub, sub + 4 * sub_stride, std::uint32_t(0));
  auto flush = [&] {
    for (std::uint32_t k = 0; k <= num_bins; ++k) {
      mine[k] += std::uint64_t(s0[k]) + s1[k] + s2[k] + s3[k];
      s0[k] = s1[k] = s2[k] = s3[k] = 0;
    }
  };
  for (size_type i = b; i < e;) {
    // Each sub-count is at most the samples since the last flush, at most flush_samples.
    const size_type m = size_type(std::min<std::uint64_t>(std::uint64_t(e - i), flush_samples));
    const size_type stop = i + m;
    for (; i + 4 <= stop; i += 4) {
      const std::uint32_t k0 = bin(i), k1 = bin(i + 1), k2 = bin(i + 2), k3 = bin(i + 3);
      ++s0[k0];
      ++s1[k1];
      ++s2[k2];
      ++s3[k3];
    }
    for (; i < stop; ++i) ++s0[bin(i)];
    flush();
  }
}

/// Counts samples[0, n) into hist[0, num_bins): make_bin_of() gives each chunk its bin functor.
template <class SampleIt, class MakeBinOf, class CounterIt>
void histogram_chunks(const omp_policy& p, SampleIt samples, size_type n, const MakeBinOf& make_bin_of, int num_bins,
                      CounterIt hist, const char* name,
                      std::uint64_t flush_samples = histogram_tuning::flush_samples) {
  using counter_t = typename std::iterator_traits<CounterIt>::value_type;
  // At most one chunk per num_bins samples, so the private counts never outweigh the input.
  const size_type max_chunks = std::max<size_type>(1, n / num_bins);
  const int chunks = int(std::min<size_type>(thread_count(p, n), max_chunks));  // what parallel_chunks will use
  const std::size_t stride = std::size_t(num_bins) + 1;
  tide::detail::temporary_buffer<std::uint64_t> counts(p, std::size_t(chunks) * stride, name);
  const bool use_sub = num_bins <= histogram_tuning::sub_max_bins;
  // Sub-histograms a cache line apart and not a multiple of 4 KiB apart (no false store aliasing).
  const std::size_t sub_stride = use_sub ? (stride + 15) / 16 * 16 + 16 : 0;
  tide::detail::temporary_buffer<std::uint32_t> subs(p, std::size_t(chunks) * 4 * sub_stride, name);
  std::uint64_t* all = counts.data();
  std::uint32_t* all_sub = subs.data();
  parallel_chunks(
      p, n,
      [&](size_type b, size_type e, int c) {
        const auto bin_of = make_bin_of();  // the chunk's own copy, in registers
        count_chunk(samples, b, e, bin_of, std::uint32_t(num_bins), all + std::size_t(c) * stride,
                    use_sub ? all_sub + std::size_t(c) * 4 * sub_stride : nullptr, sub_stride, flush_samples);
      },
      chunks);
  parallel_for(p, num_bins, [&](size_type b) {
    std::uint64_t t = 0;
    for (int c = 0; c < chunks; ++c) t += all[std::size_t(c) * stride + std::size_t(b)];
    hist[b] = counter_t(t);
  });
}

template <class Sample>
inline constexpr bool small_int_sample_v =
    std::is_integral_v<Sample> && !std::is_same_v<Sample, bool> && sizeof(Sample) <= 2;

/// Whether histogram_chunks should count through a table of every Sample value.
template <class Sample>
bool use_value_table(size_type n) {
  if constexpr (small_int_sample_v<Sample>)
    return sizeof(Sample) == 1 ? n >= 1024 : n >= (size_type(1) << 19);
  else
    return false;
}

/// Counts through table_bins: table[v] = bin_of(Sample(v)), computed here once.
template <class Sample, class SampleIt, class BinOf, class CounterIt>
void histogram_by_value(const omp_policy& p, SampleIt samples, size_type n, const BinOf& bin_of, int num_bins,
                        CounterIt hist, const char* name, std::uint64_t flush_samples) {
  using U = std::make_unsigned_t<Sample>;
  constexpr std::size_t values = std::size_t(std::numeric_limits<U>::max()) + 1;
  tide::detail::temporary_buffer<std::uint32_t> table(p, values, name);
  std::uint32_t* t = table.data();
  parallel_for(p, size_type(values), [&](size_type v) {
    const std::uint32_t k = std::uint32_t(bin_of(Sample(U(v))));
    t[v] = k < std::uint32_t(num_bins) ? k : std::uint32_t(num_bins);
  });
  histogram_chunks(
      p, samples, n, [&] { return table_bins<Sample>{t}; }, num_bins, hist, name, flush_samples);
}

}  // namespace detail

namespace detail {
template <class SampleIt, class CounterIt, class Level>
void histogram_even(const omp_policy& p, SampleIt samples, size_type n, CounterIt hist, int num_bins, Level lower,
                    Level upper, std::uint64_t flush_samples) {
  using sample_t = std::remove_cv_t<typename std::iterator_traits<SampleIt>::value_type>;
  const char* name = "histogram_even";
  const tide::detail::even_bins<sample_t, Level> bins(num_bins, lower, upper);
  if constexpr (small_int_sample_v<sample_t> && std::is_arithmetic_v<Level>) {
    if (use_value_table<sample_t>(n))
      return histogram_by_value<sample_t>(p, samples, n, [&](sample_t x) { return bins.bin(x); }, num_bins, hist, name,
                                          flush_samples);
  }
  if constexpr (tide::detail::even_bins_floating_v<sample_t, Level>) {
    const even_float_bins<sample_t, Level> f(bins);
    histogram_chunks(p, samples, n, [&] { return f; }, num_bins, hist, name, flush_samples);
    return;
  } else if constexpr (sizeof(sample_t) <= 4) {
    if (bins.fast()) {
      const even_int32_bins<sample_t, Level> f(bins);
      histogram_chunks(p, samples, n, [&] { return f; }, num_bins, hist, name, flush_samples);
      return;
    }
  }
  histogram_chunks(
      p, samples, n, [&] { return [b = bins](sample_t x) { return b.bin(x); }; }, num_bins, hist, name,
      flush_samples);
}
}  // namespace detail

template <class SampleIt, class CounterIt, class Level>
void histogram_even(const omp_policy& p, SampleIt samples, size_type n, CounterIt hist, int num_bins, Level lower,
                    Level upper) {
  detail::histogram_even(p, samples, n, hist, num_bins, lower, upper, detail::histogram_tuning::flush_samples);
}

namespace detail {
template <class SampleIt, class BoundIt, class CounterIt>
void histogram_range(const omp_policy& p, SampleIt samples, size_type n, BoundIt bounds, int num_bounds,
                     CounterIt hist, std::uint64_t flush_samples) {
  using sample_t = std::remove_cv_t<typename std::iterator_traits<SampleIt>::value_type>;
  using bound_t = std::remove_cv_t<typename std::iterator_traits<BoundIt>::value_type>;
  const char* name = "histogram_range";
  const int num_bins = num_bounds - 1;
  if constexpr (!std::is_arithmetic_v<sample_t> || !std::is_arithmetic_v<bound_t>) {
    const tide::detail::range_bins<sample_t, BoundIt> bins{bounds, num_bounds};
    histogram_chunks(
        p, samples, n, [&] { return [b = bins](const sample_t& x) { return b.bin(x); }; }, num_bins, hist, name,
        flush_samples);
  } else {
    using search_t = range_search<sample_t, bound_t>;
    // The bounds in one array (whatever the iterator), and the table when it helps.
    tide::detail::temporary_buffer<bound_t> own(p, std::size_t(num_bounds), name);
    std::copy(bounds, bounds + num_bounds, own.data());
    search_t s;
    s.bounds = own.data();
    s.num_bounds = num_bounds;
    if constexpr (small_int_sample_v<sample_t>) {
      if (use_value_table<sample_t>(n))
        return histogram_by_value<sample_t>(p, samples, n, s, num_bins, hist, name, flush_samples);
    }
    // Few bounds, integers: an unrolled search over a padded copy (1.2-2x; with float or double
    // samples or bounds it measured within +-15% of range_search, so those keep range_search).
    if constexpr (std::is_integral_v<sample_t> && std::is_integral_v<bound_t>) {
      static_assert(histogram_tuning::small_range_max_bins == 16, "range_small: N = 2, 4, 8, 16 below");
      if (num_bins <= histogram_tuning::small_range_max_bins) {
        const bound_t* bs = own.data();
        auto count_with = [&](const auto& f) {
          histogram_chunks(p, samples, n, [&] { return f; }, num_bins, hist, name, flush_samples);
        };
        if (num_bins <= 2)
          count_with(range_small<sample_t, bound_t, 2>(bs, num_bounds));
        else if (num_bins <= 4)
          count_with(range_small<sample_t, bound_t, 4>(bs, num_bounds));
        else if (num_bins <= 8)
          count_with(range_small<sample_t, bound_t, 8>(bs, num_bounds));
        else
          count_with(range_small<sample_t, bound_t, 16>(bs, num_bounds));
        return;
      }
    }
    int log2 = 0;
    if constexpr (search_t::int_table || search_t::float_table) {
      if (num_bins >= histogram_tuning::table_min_bins)
        while (log2 < histogram_tuning::table_max_log2 && (1 << log2) < 2 * num_bins) ++log2;
    }
    tide::detail::temporary_buffer<std::int32_t> table(p, log2 > 0 ? (std::size_t(1) << log2) + 1 : 0, name);
    if (log2 > 0) build_range_table(s, table.data(), log2);
    histogram_chunks(p, samples, n, [&] { return s; }, num_bins, hist, name, flush_samples);
  }
}
}  // namespace detail

template <class SampleIt, class BoundIt, class CounterIt>
void histogram_range(const omp_policy& p, SampleIt samples, size_type n, BoundIt bounds, int num_bounds,
                     CounterIt hist) {
  detail::histogram_range(p, samples, n, bounds, num_bounds, hist, detail::histogram_tuning::flush_samples);
}

}  // namespace tide::backend::omp
