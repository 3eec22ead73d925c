#pragma once
// OpenMP sorts: each thread merge sorts its chunk, then rounds of pairwise merges halve the number
// of sorted runs. In every round the whole output is cut into one equal slice per thread, and a
// thread merges its slice of whichever pairs it overlaps (co-rank search, detail/host_merge.hpp),
// so a few large merges keep every thread busy. Stable; the partition depends only on n and the thread
// count. sort_by_key sorts (key, value) records. `comp` is the user's comparator or tide's key
// order (detail/sort_traits.hpp).
//
// From sample_sort_tuning::min_n elements on, the comparison sorts take the stable samplesort
// (sample_sort.hpp) instead: one distribution into buckets, then a sequential merge sort a bucket.
//
// Arithmetic keys in tide's key order (less / greater), and radix_sort's bit ranges, take the LSD
// radix sort (radix_entry.hpp) from radix_sort_min_n keys on; it orders them exactly as this merge
// sort would (stable, by the same order bits).

#include <algorithm>
#include <cstdint>
#include <vector>

#include "../../detail/host_merge.hpp"
#include "../../detail/host_sort.hpp"
#include "../../detail/sort_traits.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"
#include "radix_entry.hpp"
#include "sample_sort.hpp"

namespace tide::backend::omp {

namespace detail {
namespace host = ::tide::detail::host;

/// Stable parallel merge sort of data[0, n), with buf[0, n) as scratch; the result ends in data.
template <class T, class Comp>
void parallel_merge_sort(const omp_policy& p, T* data, T* buf, size_type n, const Comp& comp) {
  int chunks = thread_count(p, n);
  if (chunks == 1) {
    Comp c = comp;
    host::merge_sort(data, buf, n, c);
    return;
  }
  parallel_chunks(p, n, [&](size_type b, size_type e, int) {
    Comp c = comp;  // each thread calls its own copy
    host::merge_sort(data + b, buf + b, e - b, c);
  });
  // Boundaries of the sorted runs: the chunks, as parallel_chunks cut them.
  std::vector<size_type> runs(chunks + 1, n);
  for (int c = 0; c < chunks; ++c) {
    size_type e;
    chunk_bounds(n, chunks, c, runs[c], e);
  }
  T* src = data;
  T* dst = buf;
  while (runs.size() > 2) {
    // Pair g merges runs [runs[2g], runs[2g+1]) and [runs[2g+1], runs[2g+2]); an odd last run is copied.
    parallel_chunks(p, n, [&](size_type k0, size_type k1, int) {
      Comp c = comp;
      for (std::size_t g = 0; g + 1 < runs.size(); g += 2) {
        size_type lo = runs[g], mid = runs[g + 1], hi = g + 2 < runs.size() ? runs[g + 2] : mid;
        size_type s = std::max(k0, lo), e = std::min(k1, hi);
        if (s >= e) continue;
        if (mid == hi || !c(src[mid], src[mid - 1])) {  // one run, or already in order
          std::copy(src + s, src + e, dst + s);
          continue;
        }
        const T* a = src + lo;
        const T* b = src + mid;
        T* out = dst + lo;
        host::merge_slice(a, mid - lo, b, hi - mid, s - lo, e - lo, c,
                          [&](bool from_a, size_type i, size_type k) { out[k] = from_a ? a[i] : b[i]; });
      }
    });
    std::vector<size_type> next;
    for (std::size_t i = 0; i < runs.size(); i += 2) next.push_back(runs[i]);
    if (next.back() != n) next.push_back(n);
    runs.swap(next);
    std::swap(src, dst);
  }
  if (src != data) parallel_for(p, n, [&](size_type i) { data[i] = src[i]; });
}

/// Stable comparison sort of data[0, n) with buf[0, n) as scratch, the result in data: the samplesort
/// from sample_sort_tuning::min_n elements on, else the merge sort.
template <class T, class Comp>
void comparison_sort(const omp_policy& p, T* data, T* buf, size_type n, const Comp& comp) {
  if (n < sample_sort_tuning::min_n) return parallel_merge_sort(p, data, buf, n, comp);
  sample_sort(p, data, buf, n, comp, [&p](T* d, T* b, size_type m, const Comp& c) {
    parallel_merge_sort(p, d, b, m, c);
  });
}

template <class It, class Comp>
void sort_keys(const omp_policy& p, It keys, size_type n, const Comp& comp) {
  host::sort_keys(
      p, keys, n, comp, [&p](size_type m, auto f) { parallel_for(p, m, f); },
      [&p](auto* data, auto* buf, size_type m, const auto& c) { comparison_sort(p, data, buf, m, c); });
}

template <class KeyIt, class ValIt, class Comp>
void sort_pairs(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, const Comp& comp) {
  host::sort_pairs(
      p, keys, n, vals, comp, [&p](size_type m, auto f) { parallel_for(p, m, f); },
      [&p](auto* data, auto* buf, size_type m, const auto& c) { comparison_sort(p, data, buf, m, c); });
}

/// Radix sort by order bits [begin_bit, end_bit), keys alone or (Pairs) with vals.
template <bool Descending, bool Pairs, class KeyIt, class ValIt>
void radix_sort_any(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, int begin_bit, int end_bit,
                    const char* algorithm, radix_options options = {}) {
  if constexpr (!Pairs) {
    host::require_trivially_copyable<host::value_of<KeyIt>>();
    radix_sort_keys<Descending>(p, keys, n, begin_bit, end_bit, algorithm, options);
  } else {
    host::require_trivially_copyable<host::value_of<KeyIt>>();
    host::require_trivially_copyable<host::value_of<ValIt>>();
    if (radix_moves_values_v<ValIt> || n <= size_type(UINT32_MAX))
      radix_sort_pairs<Descending, std::uint32_t>(p, keys, n, vals, begin_bit, end_bit, algorithm, options);
    else
      radix_sort_pairs<Descending, std::uint64_t>(p, keys, n, vals, begin_bit, end_bit, algorithm, options);
  }
}

/// Stable sort of keys (and vals when Pairs) by bits [begin_bit, end_bit) of the key order: the
/// radix sort from radix_sort_min_n keys on, else the merge sort by radix_bits_less.
template <bool Pairs, class KeyIt, class ValIt>
void radix_bits_sort(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, int begin_bit, int end_bit,
                     bool descending, const char* algorithm) {
  using K = host::value_of<KeyIt>;
  if (n < radix_sort_min_n) {
    const ::tide::detail::radix_bits_less<K> order{begin_bit, end_bit, descending};
    if constexpr (Pairs)
      sort_pairs(p, keys, n, vals, order);
    else
      sort_keys(p, keys, n, order);
  } else if (descending) {
    radix_sort_any<true, Pairs>(p, keys, n, vals, begin_bit, end_bit, algorithm);
  } else {
    radix_sort_any<false, Pairs>(p, keys, n, vals, begin_bit, end_bit, algorithm);
  }
}

}  // namespace detail

template <class It, class Comp>
void sort(const omp_policy& p, It keys, size_type n, Comp comp, bool /*stable: always*/) {
  using K = detail::host::value_of<It>;
  using radix = ::tide::detail::radix_sortable<K, Comp>;
  if constexpr (radix::value) {
    if (n >= detail::radix_sort_min_n)
      return detail::radix_sort_any<radix::descending, false>(p, keys, n, keys, 0, int(8 * sizeof(K)), "sort");
  }
  detail::sort_keys(p, keys, n, comp);
}

template <class KeyIt, class ValIt, class Comp>
void sort_by_key(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, Comp comp, bool /*stable: always*/) {
  using K = detail::host::value_of<KeyIt>;
  using radix = ::tide::detail::radix_sortable<K, Comp>;
  if constexpr (radix::value) {
    if (n >= detail::radix_sort_min_n)
      return detail::radix_sort_any<radix::descending, true>(p, keys, n, vals, 0, int(8 * sizeof(K)), "sort_by_key");
  }
  detail::sort_pairs(p, keys, n, vals, comp);
}

/// Stable sort by bits [begin_bit, end_bit) of the key order (the caller checked the range).
template <class It>
void radix_sort(const omp_policy& p, It keys, size_type n, int begin_bit, int end_bit, bool descending) {
  detail::radix_bits_sort<false>(p, keys, n, keys, begin_bit, end_bit, descending, "radix_sort");
}

template <class KeyIt, class ValIt>
void radix_sort_by_key(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, int begin_bit, int end_bit,
                       bool descending) {
  detail::radix_bits_sort<true>(p, keys, n, vals, begin_bit, end_bit, descending, "radix_sort_by_key");
}

}  // namespace tide::backend::omp
