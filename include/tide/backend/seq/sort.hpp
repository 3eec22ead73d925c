#pragma once
// Sequential sorts: a stable merge sort (insertion-sorted runs, then merges ping-ponging through
// a temporary buffer from the policy's resource). sort_by_key sorts (key, value) records.
// `comp` is the user's comparator or tide's key order (detail/sort_traits.hpp); every sort here
// is stable, so the `stable` flag asks for nothing more.

#include <algorithm>
#include <iterator>
#include <type_traits>

#include "../../detail/sort_traits.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "merge.hpp"

namespace tide::backend::seq {

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

/// Stable merge sort of data[0, n), with buf[0, n) as scratch; the result ends in data.
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
        serial_merge(src + lo, mid - lo, src + mid, hi - mid, dst + lo, comp);
    }
    std::swap(src, dst);
  }
  if (src != data) std::copy(src, src + n, data);
}

template <class T>
void require_trivially_copyable() {
  static_assert(std::is_trivially_copyable_v<T>, "tide: sorted keys and values must be trivially copyable");
}

template <class It, class Comp>
void sort_keys(const seq_policy& p, It keys, size_type n, Comp comp) {
  using K = value_of<It>;
  require_trivially_copyable<K>();
  if (n < 2) return;
  if constexpr (std::is_same_v<It, K*>) {
    if (n <= insertion_run) return insertion_sort(keys, n, comp);
    ::tide::detail::temporary_buffer<K> buf(p, static_cast<std::size_t>(n), "sort");
    merge_sort(keys, buf.data(), n, comp);
  } else {  // any other iterator: sort a copy, then write it back
    ::tide::detail::temporary_buffer<K> buf(p, 2 * static_cast<std::size_t>(n), "sort");
    K* data = buf.data();
    for (size_type i = 0; i < n; ++i) data[i] = keys[i];
    merge_sort(data, data + n, n, comp);
    for (size_type i = 0; i < n; ++i) keys[i] = data[i];
  }
}

template <class KeyIt, class ValIt, class Comp>
void sort_pairs(const seq_policy& p, KeyIt keys, size_type n, ValIt vals, Comp comp) {
  using K = value_of<KeyIt>;
  using V = value_of<ValIt>;
  require_trivially_copyable<K>();
  require_trivially_copyable<V>();
  if (n < 2) return;
  using record = key_value<K, V>;
  ::tide::detail::temporary_buffer<record> buf(p, 2 * static_cast<std::size_t>(n), "sort_by_key");
  record* data = buf.data();
  for (size_type i = 0; i < n; ++i) data[i] = record{static_cast<K>(keys[i]), static_cast<V>(vals[i])};
  by_key<Comp> by{comp};
  merge_sort(data, data + n, n, by);
  for (size_type i = 0; i < n; ++i) {
    keys[i] = data[i].key;
    vals[i] = data[i].value;
  }
}

}  // namespace detail

template <class It, class Comp>
void sort(const seq_policy& p, It keys, size_type n, Comp comp, bool /*stable*/) {
  detail::sort_keys(p, keys, n, comp);
}

template <class KeyIt, class ValIt, class Comp>
void sort_by_key(const seq_policy& p, KeyIt keys, size_type n, ValIt vals, Comp comp, bool /*stable*/) {
  detail::sort_pairs(p, keys, n, vals, comp);
}

/// Stable sort by bits [begin_bit, end_bit) of the key order (the caller checked the range).
template <class It>
void radix_sort(const seq_policy& p, It keys, size_type n, int begin_bit, int end_bit, bool descending) {
  using K = detail::value_of<It>;
  detail::sort_keys(p, keys, n, ::tide::detail::radix_bits_less<K>{begin_bit, end_bit, descending});
}

template <class KeyIt, class ValIt>
void radix_sort_by_key(const seq_policy& p, KeyIt keys, size_type n, ValIt vals, int begin_bit, int end_bit,
                       bool descending) {
  using K = detail::value_of<KeyIt>;
  detail::sort_pairs(p, keys, n, vals, ::tide::detail::radix_bits_less<K>{begin_bit, end_bit, descending});
}

}  // namespace tide::backend::seq
