#pragma once
/// \file sort.hpp
/// sort, stable_sort, sort_by_key and stable_sort_by_key (Thrust's forms: default order `less`,
/// `greater`, or any strict weak order), and tide's radix_sort / radix_sort_by_key, which order
/// keys by a bit range [begin_bit, end_bit) only (as CUB's radix sorts do).
///
/// Key order: with arithmetic keys and `tide::less` / `tide::greater` (transparent or typed on the
/// key; std::less / std::greater too), keys sort in tide's key order (detail/radix_traits.hpp):
/// -0.0 and +0.0 are equal (a stable sort keeps their input order) and NaNs of either sign come
/// last, ascending and descending. Keys are moved, never rewritten: the sign of a zero and a NaN's
/// payload come out as they went in. Any other comparator is used as given.
///
/// `sort` is stable on every backend, so sort and stable_sort give the same result.
///
/// In device code (a kernel or a __device__ function, with tide::seq or tide::device) the sorts run
/// in the calling thread with no allocation: a stable in-place merge sort (backend/seq/
/// in_place_sort.hpp), O(n log^2 n) moves; radix_sort and radix_sort_by_key are host calls only.

#include <type_traits>

#include "backend/omp/sort.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/sort.hpp"
#include "detail/contiguous.hpp"
#include "detail/dispatch.hpp"
#include "detail/radix_traits.hpp"
#include "detail/sort_traits.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/sort.hpp"
#endif

namespace tide {

namespace detail {

/// The iterator a sort works on: a std::vector iterator becomes the pointer to its element, so that
/// the host sorts work in place instead of through a copy of the keys (and values). Called with
/// n >= 2, so *it is an element.
TIDE_EXEC_CHECK_DISABLE
template <class It>
TIDE_HOST_DEVICE auto sort_iterator(const It& it) {
  if constexpr (is_std_vector_iterator_v<It>)
    return &*it;
  else
    return unwrap_iterator(it);
}

TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Comp>
TIDE_HOST_DEVICE void sort_impl(const Policy& policy, It first, It last, const Comp& comp, bool stable,
                                const char* algorithm) {
  size_type n = range_size(policy, first, last, algorithm);
  if (n < 2) return;
  dispatch::sort(run_policy(policy), sort_iterator(first), n, sort_comparator<iter_value_t<It>>(comp), stable);
}

TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class Comp>
TIDE_HOST_DEVICE void sort_by_key_impl(const Policy& policy, KeyIt keys_first, KeyIt keys_last, ValIt values_first,
                                       const Comp& comp, bool stable, const char* algorithm) {
  size_type n = range_size(policy, keys_first, keys_last, algorithm);
  if (n < 2) return;
  dispatch::sort_by_key(run_policy(policy), sort_iterator(keys_first), n, sort_iterator(values_first),
                        sort_comparator<iter_value_t<KeyIt>>(comp), stable);
}

/// radix_sort's checks: a natural comparator on an arithmetic key, and a non-empty bit range
/// inside the key. Returns whether the order is descending.
template <class Key, class Comp>
bool check_radix_sort(int begin_bit, int end_bit, const char* algorithm) {
  static_assert(is_sortable_radix_key_v<Key>, "tide::radix_sort: keys must be arithmetic (1 to 8 bytes)");
  static_assert(sort_order<Key, Comp>::direction != 0,
                "tide::radix_sort: the comparator must be tide::less or tide::greater (or std's)");
  require(begin_bit < end_bit, algorithm, "empty bit range (begin_bit must be less than end_bit)");
  require(begin_bit >= 0 && end_bit <= radix_traits<Key>::key_bits, algorithm,
          "bit range [begin_bit, end_bit) outside the key");
  return sort_order<Key, Comp>::descending;
}

}  // namespace detail

/// Sorts [first, last) by `comp` (default `less`), stably.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void sort(const Policy& policy, It first, It last, Comp comp = Comp()) {
  detail::sort_impl(policy, first, last, comp, false, "sort");
}
/// Also in device code (as Thrust's), where it runs as with tide::seq.
TIDE_EXEC_CHECK_DISABLE
template <class It, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
TIDE_HOST_DEVICE void sort(It first, It last, Comp comp = Comp()) {
  tide::sort(detail::implicit_policy(first), first, last, comp);
}

/// Sorts [first, last) by `comp` (default `less`); equal keys keep their input order.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void stable_sort(const Policy& policy, It first, It last, Comp comp = Comp()) {
  detail::sort_impl(policy, first, last, comp, true, "stable_sort");
}
template <class It, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
void stable_sort(It first, It last, Comp comp = Comp()) {
  tide::stable_sort(detail::select_policy(first), first, last, comp);
}

/// Sorts the keys [keys_first, keys_last) by `comp` (default `less`), stably, and moves the values
/// starting at `values_first` with them.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void sort_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last, ValIt values_first,
                                  Comp comp = Comp()) {
  detail::sort_by_key_impl(policy, keys_first, keys_last, values_first, comp, false, "sort_by_key");
}
template <class KeyIt, class ValIt, class Comp = less<>, detail::enable_if_not_policy_t<KeyIt> = 0>
void sort_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, Comp comp = Comp()) {
  tide::sort_by_key(detail::select_policy(keys_first, values_first), keys_first, keys_last, values_first, comp);
}

/// sort_by_key; values of equal keys keep their input order.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt, class ValIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void stable_sort_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last, ValIt values_first,
                                         Comp comp = Comp()) {
  detail::sort_by_key_impl(policy, keys_first, keys_last, values_first, comp, true, "stable_sort_by_key");
}
template <class KeyIt, class ValIt, class Comp = less<>, detail::enable_if_not_policy_t<KeyIt> = 0>
void stable_sort_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, Comp comp = Comp()) {
  tide::stable_sort_by_key(detail::select_policy(keys_first, values_first), keys_first, keys_last, values_first,
                           comp);
}

/// Stably sorts arithmetic keys by bits [begin_bit, end_bit) of tide's key order only (bit 0 the
/// least significant; for signed integers the order flips the sign bit, for floats it is the float
/// flip), ascending with `less` (the default) or descending with `greater`. Throws
/// std::invalid_argument when the range is empty or reaches outside the key.
template <class Policy, class It, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
void radix_sort(const Policy& policy, It first, It last, int begin_bit, int end_bit, Comp = Comp()) {
  using key_t = detail::iter_value_t<It>;
  bool descending = detail::check_radix_sort<key_t, Comp>(begin_bit, end_bit, "radix_sort");
  size_type n = detail::checked_distance(first, last, "radix_sort");
  if (n < 2) return;
  detail::dispatch::radix_sort(policy, detail::sort_iterator(first), n, begin_bit, end_bit, descending);
}
template <class It, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
void radix_sort(It first, It last, int begin_bit, int end_bit, Comp comp = Comp()) {
  tide::radix_sort(detail::select_policy(first), first, last, begin_bit, end_bit, comp);
}

/// radix_sort of the keys, moving the values starting at `values_first` with them.
template <class Policy, class KeyIt, class ValIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
void radix_sort_by_key(const Policy& policy, KeyIt keys_first, KeyIt keys_last, ValIt values_first, int begin_bit,
                       int end_bit, Comp = Comp()) {
  using key_t = detail::iter_value_t<KeyIt>;
  bool descending = detail::check_radix_sort<key_t, Comp>(begin_bit, end_bit, "radix_sort_by_key");
  size_type n = detail::checked_distance(keys_first, keys_last, "radix_sort_by_key");
  if (n < 2) return;
  detail::dispatch::radix_sort_by_key(policy, detail::sort_iterator(keys_first), n,
                                      detail::sort_iterator(values_first), begin_bit, end_bit, descending);
}
template <class KeyIt, class ValIt, class Comp = less<>, detail::enable_if_not_policy_t<KeyIt> = 0>
void radix_sort_by_key(KeyIt keys_first, KeyIt keys_last, ValIt values_first, int begin_bit, int end_bit,
                       Comp comp = Comp()) {
  tide::radix_sort_by_key(detail::select_policy(keys_first, values_first), keys_first, keys_last, values_first,
                          begin_bit, end_bit, comp);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(sort)
TIDE_USER_BACKEND(stable_sort)
TIDE_USER_BACKEND(sort_by_key)
TIDE_USER_BACKEND(stable_sort_by_key)

}  // namespace tide
