#pragma once
// A stable sort with no temporary storage, for device code (one thread sorting its own array, no
// allocation there): insertion sort of blocks of `in_place_block` elements, then bottom-up merges
// of neighbouring runs, each merged in place by SymMerge (Kim and Kutzner, "Stable minimum storage
// merging by symmetric comparisons", 2004; the merge of Go's sort.Stable): O(n log n) comparisons
// and O(n log^2 n) moves, rotations done by three reversals.
//
// SymMerge splits a merge into two independent merges of at most half its length; they wait on a
// fixed stack of `in_place_stack` entries (a static frame in device code: 384 bytes, no recursion,
// whose stack size nvcc could not bound). When the stack is full, the pending merge is done at
// once by a stackless rotation merge (O(|a| |b|) moves at worst; only merges `in_place_stack`
// halvings below a top merge, at most 2^-16 of its length, ever go there), so the sort is correct
// for any n. All of it is __host__ __device__: the host tests run the same code.
//
// The elements are reached through an accessor: keys alone, or keys with their values.

#include <iterator>

#include "../../config.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {
namespace detail {

/// Runs this short are insertion sorted before merging.
constexpr size_type in_place_block = 16;
/// Merges waiting on the stack of one SymMerge.
constexpr int in_place_stack = 16;

/// Keys alone.
template <class KeyIt, class Comp>
struct key_access {
  using record = typename std::iterator_traits<KeyIt>::value_type;
  KeyIt keys;
  Comp& comp;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE record load(size_type i) const { return keys[i]; }
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void store(size_type i, const record& r) const { keys[i] = r; }
  /// Whether element i goes before element j.
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE bool less(size_type i, size_type j) const { return comp(keys[i], keys[j]); }
  /// Whether the record goes before element j (not an overload of less: a record may be an index).
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE bool record_less(const record& r, size_type j) const { return comp(r, keys[j]); }
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void swap(size_type i, size_type j) const {
    record a = keys[i];
    record b = keys[j];
    keys[i] = b;
    keys[j] = a;
  }
};

/// A key and its value, moved together.
template <class K, class V>
struct key_value_record {
  K key;
  V value;
};

/// Keys, and the values that move with them; only keys are compared.
template <class KeyIt, class ValIt, class Comp>
struct key_value_access {
  using key_type = typename std::iterator_traits<KeyIt>::value_type;
  using value_type = typename std::iterator_traits<ValIt>::value_type;
  using record = key_value_record<key_type, value_type>;
  KeyIt keys;
  ValIt vals;
  Comp& comp;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE record load(size_type i) const { return record{keys[i], vals[i]}; }
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void store(size_type i, const record& r) const {
    keys[i] = r.key;
    vals[i] = r.value;
  }
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE bool less(size_type i, size_type j) const { return comp(keys[i], keys[j]); }
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE bool record_less(const record& r, size_type j) const { return comp(r.key, keys[j]); }
  TIDE_HOST_DEVICE void swap(size_type i, size_type j) const {
    record a = load(i);
    record b = load(j);
    store(i, b);
    store(j, a);
  }
};

/// Stable insertion sort of [lo, hi).
template <class Access>
TIDE_HOST_DEVICE void insertion_sort(const Access& acc, size_type lo, size_type hi) {
  for (size_type i = lo + 1; i < hi; ++i) {
    if (!acc.less(i, i - 1)) continue;
    auto x = acc.load(i);
    size_type j = i;
    do {
      acc.store(j, acc.load(j - 1));
      --j;
    } while (j > lo && acc.record_less(x, j - 1));
    acc.store(j, x);
  }
}

/// Reverses [lo, hi).
template <class Access>
TIDE_HOST_DEVICE void reverse(const Access& acc, size_type lo, size_type hi) {
  for (; lo + 1 < hi; ++lo, --hi) acc.swap(lo, hi - 1);
}

/// [a, m) [m, b) becomes [m, b) [a, m).
template <class Access>
TIDE_HOST_DEVICE void rotate(const Access& acc, size_type a, size_type m, size_type b) {
  reverse(acc, a, m);
  reverse(acc, m, b);
  reverse(acc, a, b);
}

/// The first i in [lo, hi) where element `key` goes before element i (upper bound of `key`).
template <class Access>
TIDE_HOST_DEVICE size_type upper_bound_of(const Access& acc, size_type lo, size_type hi, size_type key) {
  while (lo < hi) {
    size_type h = lo + (hi - lo) / 2;
    if (!acc.less(key, h))
      lo = h + 1;
    else
      hi = h;
  }
  return lo;
}
/// The first i in [lo, hi) whose element does not go before element `key` (lower bound of `key`).
template <class Access>
TIDE_HOST_DEVICE size_type lower_bound_of(const Access& acc, size_type lo, size_type hi, size_type key) {
  while (lo < hi) {
    size_type h = lo + (hi - lo) / 2;
    if (acc.less(h, key))
      lo = h + 1;
    else
      hi = h;
  }
  return lo;
}

/// Stable merge of the sorted [a, m) and [m, b) in place without a stack: each round moves the
/// elements of the second run that go before the first run's head in front of it by a rotation.
template <class Access>
TIDE_HOST_DEVICE void rotation_merge(const Access& acc, size_type a, size_type m, size_type b) {
  while (a < m && m < b) {
    a = upper_bound_of(acc, a, m, m);  // [a, new a) is in place: nothing of [m, b) goes before it
    if (a == m) return;
    size_type k = lower_bound_of(acc, m, b, a);  // [m, k) goes before element a
    rotate(acc, a, m, k);
    a += k - m;
    m = k;
  }
}

/// Stable merge of the sorted [a, m) and [m, b) in place (a < m < b), by SymMerge.
template <int StackSize = in_place_stack, class Access>
TIDE_HOST_DEVICE void sym_merge(const Access& acc, size_type a, size_type m, size_type b) {
  struct span {
    size_type a, m, b;
  };
  span stack[StackSize];
  int top = 0;
  for (;;) {
    bool have = true;
    if (m - a == 1) {
      // One element on the left: it moves behind everything on the right that goes before it.
      size_type i = lower_bound_of(acc, m, b, a);
      for (size_type k = a; k + 1 < i; ++k) acc.swap(k, k + 1);
      have = false;
    } else if (b - m == 1) {
      // One element on the right: it moves before everything on the left that it goes before.
      size_type i = upper_bound_of(acc, a, m, m);
      for (size_type k = m; k > i; --k) acc.swap(k, k - 1);
      have = false;
    } else {
      // Find the split `start` of the symmetric comparison around the middle, rotate
      // [start, m) [m, end) into place, leaving two independent merges within [a, mid), [mid, b).
      size_type mid = a + (b - a) / 2;
      size_type n = mid + m;
      size_type start, r;
      if (m > mid) {
        start = n - b;
        r = mid;
      } else {
        start = a;
        r = m;
      }
      size_type p = n - 1;
      while (start < r) {
        size_type c = start + (r - start) / 2;
        if (!acc.less(p - c, c))
          start = c + 1;
        else
          r = c;
      }
      size_type end = n - start;
      if (start < m && m < end) rotate(acc, start, m, end);
      bool left = a < start && start < mid;
      bool right = mid < end && end < b;
      if (left && right) {
        if (top < StackSize)
          stack[top++] = span{mid, end, b};
        else
          rotation_merge(acc, mid, end, b);
      }
      if (left) {
        m = start;
        b = mid;
      } else if (right) {
        a = mid;
        m = end;
      } else {
        have = false;
      }
    }
    if (!have) {
      if (top == 0) return;
      span s = stack[--top];
      a = s.a;
      m = s.m;
      b = s.b;
    }
  }
}

/// Stable sort of [0, n) with no temporary storage.
template <int StackSize = in_place_stack, class Access>
TIDE_HOST_DEVICE void in_place_stable_sort(const Access& acc, size_type n) {
  for (size_type lo = 0; lo < n; lo += in_place_block)
    insertion_sort(acc, lo, n - lo < in_place_block ? n : lo + in_place_block);
  for (size_type width = in_place_block; width < n; width *= 2) {
    for (size_type a = 0; n - a > width; a += 2 * width) {
      size_type m = a + width;
      size_type b = n - m > width ? m + width : n;
      if (acc.less(m, m - 1)) sym_merge<StackSize>(acc, a, m, b);  // else already in order
    }
  }
}

}  // namespace detail

/// Stably sorts keys[0, n) by comp, in place, with no allocation.
template <class KeyIt, class Comp>
TIDE_HOST_DEVICE void in_place_sort(KeyIt keys, size_type n, Comp comp) {
  detail::in_place_stable_sort(detail::key_access<KeyIt, Comp>{keys, comp}, n);
}

/// Stably sorts keys[0, n) by comp, moving vals[0, n) with them, in place, with no allocation.
template <class KeyIt, class ValIt, class Comp>
TIDE_HOST_DEVICE void in_place_sort_by_key(KeyIt keys, size_type n, ValIt vals, Comp comp) {
  detail::in_place_stable_sort(detail::key_value_access<KeyIt, ValIt, Comp>{keys, vals, comp}, n);
}

}  // namespace tide::backend::seq
