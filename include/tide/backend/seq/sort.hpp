#pragma once
// Sequential sorts: detail/host_sort.hpp's stable merge sort (insertion-sorted runs, then merges
// ping-ponging through a temporary buffer from the policy's resource), run with plain loops.
// sort_by_key sorts (key, value) records. `comp` is the user's comparator or tide's key order
// (detail/sort_traits.hpp); every sort here is stable, so the `stable` flag asks for nothing more.
// In device code (no allocation there) sort and sort_by_key run in_place_sort.hpp's stable sort.

#include "../../detail/host_sort.hpp"
#include "../../detail/sort_traits.hpp"
#include "../../execution.hpp"
#include "device_code.hpp"
#include "in_place_sort.hpp"

namespace tide::backend::seq {

namespace detail {
namespace host = ::tide::detail::host;

template <class It, class Comp>
void sort_keys(const seq_policy& p, It keys, size_type n, const Comp& comp) {
  host::sort_keys(p, keys, n, comp, host::serial_for{}, host::serial_merge_sort{});
}

template <class KeyIt, class ValIt, class Comp>
void sort_pairs(const seq_policy& p, KeyIt keys, size_type n, ValIt vals, const Comp& comp) {
  host::sort_pairs(p, keys, n, vals, comp, host::serial_for{}, host::serial_merge_sort{});
}
}  // namespace detail

template <class It, class Comp>
TIDE_HOST_DEVICE void sort(const seq_policy& p, It keys, size_type n, Comp comp, bool /*stable*/) {
#if defined(__CUDA_ARCH__)
  (void)p;
  in_place_sort(keys, n, comp);
#else
  detail::sort_keys(p, keys, n, comp);
#endif
}

template <class KeyIt, class ValIt, class Comp>
TIDE_HOST_DEVICE void sort_by_key(const seq_policy& p, KeyIt keys, size_type n, ValIt vals, Comp comp,
                                  bool /*stable*/) {
#if defined(__CUDA_ARCH__)
  (void)p;
  in_place_sort_by_key(keys, n, vals, comp);
#else
  detail::sort_pairs(p, keys, n, vals, comp);
#endif
}

/// Stable sort by bits [begin_bit, end_bit) of the key order (the caller checked the range).
template <class It>
void radix_sort(const seq_policy& p, It keys, size_type n, int begin_bit, int end_bit, bool descending) {
  using K = detail::host::value_of<It>;
  detail::sort_keys(p, keys, n, ::tide::detail::radix_bits_less<K>{begin_bit, end_bit, descending});
}

template <class KeyIt, class ValIt>
void radix_sort_by_key(const seq_policy& p, KeyIt keys, size_type n, ValIt vals, int begin_bit, int end_bit,
                       bool descending) {
  using K = detail::host::value_of<KeyIt>;
  detail::sort_pairs(p, keys, n, vals, ::tide::detail::radix_bits_less<K>{begin_bit, end_bit, descending});
}

}  // namespace tide::backend::seq
