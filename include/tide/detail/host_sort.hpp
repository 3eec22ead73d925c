#pragma once
// Stable merge sorts on the host, shared by the seq and omp backends (no backend includes another):
// insertion-sorted runs, then merges ping-ponging through a scratch buffer. sort_keys and
// sort_pairs take the loop and the run sorter as arguments: serial for seq, parallel for omp.
// `comp` is the user's comparator or tide's key order (detail/sort_traits.hpp).

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <type_traits>

#include "../execution.hpp"
#include "temporary_buffer.hpp"

namespace tide::detail::host {

template <class It>
using value_of = typename std::iterator_traits<It>::value_type;

/// A key and its value, sorted together.
template <class K, class V>
struct key_value {
  K key;
  V value;
};
/// Compares key_value records by key. `mutable`: comp's operator() need not be const.
template <class Comp>
struct by_key {
  mutable Comp comp;
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

/// Stable merge sort of data[0, n) on one thread, with buf[0, n) as scratch; the result ends in data.
template <class T, class Comp>
void merge_sort(T* data, T* buf, size_type n, Comp& comp) {
  for (size_type b = 0; b < n; b += insertion_run) insertion_sort(data + b, std::min(insertion_run, n - b), comp);
  T* src = data;
  T* dst = buf;
  for (size_type width = insertion_run; width < n; width *= 2) {
    for (size_type lo = 0; lo < n; lo += 2 * width) {
      size_type mid = std::min(lo + width, n), hi = std::min(lo + 2 * width, n);
      if (mid == hi || !comp(src[mid], src[mid - 1]))  // already in order (sorted input): copy
        std::copy(src + lo, src + hi, dst + lo);
      else
        merge_runs(src + lo, mid - lo, src + mid, hi - mid, dst + lo, comp);
    }
    std::swap(src, dst);
  }
  if (src != data) std::copy(src, src + n, data);
}

/// The seq backend's loop and run sorter for sort_keys / sort_pairs.
struct serial_for {
  template <class F>
  void operator()(size_type n, F f) const {
    for (size_type i = 0; i < n; ++i) f(i);
  }
};
struct serial_merge_sort {
  template <class T, class Comp>
  void operator()(T* data, T* buf, size_type n, Comp& comp) const {
    merge_sort(data, buf, n, comp);
  }
};

template <class T>
void require_trivially_copyable() {
  static_assert(std::is_trivially_copyable_v<T>, "tide: sorted keys and values must be trivially copyable");
}

/// Stably sorts keys[0, n): in place when keys is a pointer, else through a copy. `for_each_index(m,
/// f)` calls f(i) for each i in [0, m); `sort_run(data, buf, m, comp)` sorts data[0, m) with
/// buf[0, m) as scratch.
template <class Policy, class It, class Comp, class ForEachIndex, class SortRun>
void sort_keys(const Policy& p, It keys, size_type n, Comp comp, ForEachIndex for_each_index, SortRun sort_run) {
  using K = value_of<It>;
  require_trivially_copyable<K>();
  if (n < 2) return;
  if constexpr (std::is_same_v<It, K*>) {
    if (n <= insertion_run) return insertion_sort(keys, n, comp);
    temporary_buffer<K> buf(p, static_cast<std::size_t>(n), "sort");
    sort_run(keys, buf.data(), n, comp);
  } else {  // any other iterator: sort a copy, then write it back
    temporary_buffer<K> buf(p, 2 * static_cast<std::size_t>(n), "sort");
    K* data = buf.data();
    for_each_index(n, [&](size_type i) { data[i] = keys[i]; });
    sort_run(data, data + n, n, comp);
    for_each_index(n, [&](size_type i) { keys[i] = data[i]; });
  }
}

/// Stably sorts keys[0, n), moving vals[0, n) with them, as (key, value) records; arguments as
/// sort_keys.
template <class Policy, class KeyIt, class ValIt, class Comp, class ForEachIndex, class SortRun>
void sort_pairs(const Policy& p, KeyIt keys, size_type n, ValIt vals, Comp comp, ForEachIndex for_each_index,
                SortRun sort_run) {
  using K = value_of<KeyIt>;
  using V = value_of<ValIt>;
  require_trivially_copyable<K>();
  require_trivially_copyable<V>();
  if (n < 2) return;
  using record = key_value<K, V>;
  temporary_buffer<record> buf(p, 2 * static_cast<std::size_t>(n), "sort_by_key");
  record* data = buf.data();
  for_each_index(n, [&](size_type i) { data[i] = record{static_cast<K>(keys[i]), static_cast<V>(vals[i])}; });
  by_key<Comp> by{comp};
  sort_run(data, data + n, n, by);
  for_each_index(n, [&](size_type i) {
    keys[i] = data[i].key;
    vals[i] = data[i].value;
  });
}

}  // namespace tide::detail::host
