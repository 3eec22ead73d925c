#pragma once
// OpenMP sorts: each thread merge sorts its chunk, then rounds of pairwise merges halve the number
// of sorted runs. In every round the whole output is cut into one equal slice per thread, and a
// thread merges its slice of whichever pairs it overlaps (co-rank search, merge.hpp), so a few
// large merges keep every thread busy. Stable; the partition depends only on n and the thread
// count. sort_by_key sorts (key, value) records. `comp` is the user's comparator or tide's key
// order (detail/sort_traits.hpp).

#include <algorithm>
#include <iterator>
#include <type_traits>
#include <vector>

#include "../../detail/sort_traits.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "merge.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

namespace detail {

template <class It>
using value_of = typename std::iterator_traits<It>::value_type;

/// A key and its value, sorted together.
template <class K, class V>
struct key_value {
  K key;
  V value;
};
/// Compares key_value records by key.
template <class Comp>
struct by_key {
  Comp comp;
  template <class R>
  bool operator()(const R& a, const R& b) const {
    return comp(a.key, b.key);
  }
};

/// Runs this short are insertion sorted before merging.
constexpr size_type insertion_run = 32;

template <class T, class Comp>
void insertion_sort(T* a, size_type n, Comp& comp) {
  for (size_type i = 1; i < n; ++i) {
    T x = a[i];
    size_type j = i;
    for (; j > 0 && comp(x, a[j - 1]); --j) a[j] = a[j - 1];
    a[j] = x;
  }
}

/// Stable merge of a[0, na) and b[0, nb) into out (ties: a first).
template <class T, class Comp>
void merge_runs(const T* a, size_type na, const T* b, size_type nb, T* out, Comp& comp) {
  size_type i = 0, j = 0;
  while (i < na && j < nb) *out++ = comp(b[j], a[i]) ? b[j++] : a[i++];
  out = std::copy(a + i, a + na, out);
  std::copy(b + j, b + nb, out);
}

/// One thread's stable merge sort of data[0, n), with buf[0, n) as scratch; the result ends in data.
template <class T, class Comp>
void local_merge_sort(T* data, T* buf, size_type n, Comp& comp) {
  for (size_type b = 0; b < n; b += insertion_run) insertion_sort(data + b, std::min(insertion_run, n - b), comp);
  T* src = data;
  T* dst = buf;
  for (size_type width = insertion_run; width < n; width *= 2) {
    for (size_type lo = 0; lo < n; lo += 2 * width) {
      size_type mid = std::min(lo + width, n), hi = std::min(lo + 2 * width, n);
      if (mid == hi || !comp(src[mid], src[mid - 1]))  // already in order: copy
        std::copy(src + lo, src + hi, dst + lo);
      else
        merge_runs(src + lo, mid - lo, src + mid, hi - mid, dst + lo, comp);
    }
    std::swap(src, dst);
  }
  if (src != data) std::copy(src, src + n, data);
}

/// Stable parallel merge sort of data[0, n), with buf[0, n) as scratch; the result ends in data.
template <class T, class Comp>
void parallel_merge_sort(const omp_policy& p, T* data, T* buf, size_type n, const Comp& comp) {
  int chunks = thread_count(p, n);
  if (chunks == 1) {
    Comp c = comp;
    local_merge_sort(data, buf, n, c);
    return;
  }
  parallel_chunks(p, n, [&](size_type b, size_type e, int) {
    Comp c = comp;  // each thread calls its own copy
    local_merge_sort(data + b, buf + b, e - b, c);
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
        merge_slice(a, mid - lo, b, hi - mid, s - lo, e - lo, c,
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

template <class T>
void require_trivially_copyable() {
  static_assert(std::is_trivially_copyable_v<T>, "tide: sorted keys and values must be trivially copyable");
}

template <class It, class Comp>
void sort_keys(const omp_policy& p, It keys, size_type n, const Comp& comp) {
  using K = value_of<It>;
  require_trivially_copyable<K>();
  if (n < 2) return;
  if constexpr (std::is_same_v<It, K*>) {
    if (n <= insertion_run) {
      Comp c = comp;
      return insertion_sort(keys, n, c);
    }
    ::tide::detail::temporary_buffer<K> buf(p, static_cast<std::size_t>(n), "sort");
    parallel_merge_sort(p, keys, buf.data(), n, comp);
  } else {  // any other iterator: sort a copy, then write it back
    ::tide::detail::temporary_buffer<K> buf(p, 2 * static_cast<std::size_t>(n), "sort");
    K* data = buf.data();
    parallel_for(p, n, [&](size_type i) { data[i] = keys[i]; });
    parallel_merge_sort(p, data, data + n, n, comp);
    parallel_for(p, n, [&](size_type i) { keys[i] = data[i]; });
  }
}

template <class KeyIt, class ValIt, class Comp>
void sort_pairs(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, const Comp& comp) {
  using K = value_of<KeyIt>;
  using V = value_of<ValIt>;
  require_trivially_copyable<K>();
  require_trivially_copyable<V>();
  if (n < 2) return;
  using record = key_value<K, V>;
  ::tide::detail::temporary_buffer<record> buf(p, 2 * static_cast<std::size_t>(n), "sort_by_key");
  record* data = buf.data();
  parallel_for(p, n, [&](size_type i) { data[i] = record{static_cast<K>(keys[i]), static_cast<V>(vals[i])}; });
  parallel_merge_sort(p, data, data + n, n, by_key<Comp>{comp});
  parallel_for(p, n, [&](size_type i) {
    keys[i] = data[i].key;
    vals[i] = data[i].value;
  });
}

}  // namespace detail

template <class It, class Comp>
void sort(const omp_policy& p, It keys, size_type n, Comp comp, bool /*stable: always*/) {
  detail::sort_keys(p, keys, n, comp);
}

template <class KeyIt, class ValIt, class Comp>
void sort_by_key(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, Comp comp, bool /*stable: always*/) {
  detail::sort_pairs(p, keys, n, vals, comp);
}

/// Stable sort by bits [begin_bit, end_bit) of the key order (the caller checked the range).
template <class It>
void radix_sort(const omp_policy& p, It keys, size_type n, int begin_bit, int end_bit, bool descending) {
  using K = detail::value_of<It>;
  detail::sort_keys(p, keys, n, ::tide::detail::radix_bits_less<K>{begin_bit, end_bit, descending});
}

template <class KeyIt, class ValIt>
void radix_sort_by_key(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, int begin_bit, int end_bit,
                       bool descending) {
  using K = detail::value_of<KeyIt>;
  detail::sort_pairs(p, keys, n, vals, ::tide::detail::radix_bits_less<K>{begin_bit, end_bit, descending});
}

}  // namespace tide::backend::omp
