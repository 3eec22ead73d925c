#pragma once
/// \file binary_search.hpp
/// lower_bound, upper_bound, binary_search and equal_range over a sorted range [first, last)
/// (sorted by `comp`, default `tide::less<>`), with and without a policy, in Thrust's two forms:
/// - scalar: `lower_bound(first, last, value[, comp])` gives an iterator (binary_search a bool,
///   equal_range a pair of iterators: [lower_bound, upper_bound));
/// - vectorized: `lower_bound(first, last, values_first, values_last, result[, comp])` writes, for
///   each value, its index in [first, last) (binary_search: whether it is there) to `result`, and
///   returns the end of the output. Thrust 3.0.1 has no vectorized equal_range; tide's (an
///   extension) writes each value's (lower_bound, upper_bound) indices as a `tide::pair` of
///   size_type, converted to the output's value type.
///
/// Composed over the transform primitive: one O(log n) search per value. A scalar search on the
/// CUDA system runs as one search on the device and waits for its result.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <type_traits>

#include "backend/seq/device_code.hpp"
#include "detail/dispatch.hpp"
#include "detail/raw_memory.hpp"
#include "detail/temporary_buffer.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/constant_iterator.hpp"
#include "pair.hpp"
#include "transform.hpp"

namespace tide {

namespace detail {
// The user's comparator or predicate may be __device__ only on the CUDA system: the pragmas
// silence nvcc's host check on the functors that call it.
/// The index of the first element that does not precede the value: lower_bound's (an element
/// precedes when it is less than the value) or, with Upper, upper_bound's (when the value is not
/// less than it).
template <bool Upper, class It, class Comp>
struct bound_fn {
  It first;
  size_type n;
  mutable Comp comp;  // the user's comparator may have a non-const operator()
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class V>
  TIDE_HOST_DEVICE size_type operator()(const V& value) const {
    size_type lo = 0, len = n;
    while (len > 0) {
      size_type half = len / 2;
      bool precedes;
      if constexpr (Upper)
        precedes = !comp(value, first[lo + half]);
      else
        precedes = comp(first[lo + half], value);
      if (precedes) {
        lo += half + 1;
        len -= half + 1;
      } else {
        len = half;
      }
    }
    return lo;
  }
};
/// The index of the first element not less than the value (std::lower_bound's).
template <class It, class Comp>
using lower_bound_fn = bound_fn<false, It, Comp>;
/// The index of the first element greater than the value (std::upper_bound's).
template <class It, class Comp>
using upper_bound_fn = bound_fn<true, It, Comp>;
/// Whether an element equivalent to the value is present.
template <class It, class Comp>
struct binary_search_fn {
  It first;
  size_type n;
  mutable Comp comp;  // the user's comparator may have a non-const operator()
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class V>
  TIDE_HOST_DEVICE bool operator()(const V& value) const {
    size_type i = lower_bound_fn<It, Comp>{first, n, comp}(value);
    return i < n && !comp(value, first[i]);
  }
};

/// (lower_bound, upper_bound) indices of the value: the upper search runs over [lower, n) only.
template <class It, class Comp>
struct equal_range_fn {
  It first;
  size_type n;
  mutable Comp comp;  // the user's comparator may have a non-const operator()
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class V>
  TIDE_HOST_DEVICE pair<size_type, size_type> operator()(const V& value) const {
    const size_type lo = lower_bound_fn<It, Comp>{first, n, comp}(value);
    const size_type hi = lo + upper_bound_fn<It, Comp>{first + lo, n - lo, comp}(value);
    return pair<size_type, size_type>(lo, hi);
  }
};

/// One search: on the host directly; on the CUDA system as a one-element transform, read back.
TIDE_EXEC_CHECK_DISABLE
template <class R, class Policy, class Search, class T>
TIDE_HOST_DEVICE R search_one(const Policy& policy, const Search& search, const T& value, const char* algorithm) {
  if constexpr (std::is_same_v<typename Policy::system_type, cuda_tag>) {
    // A run-time test, not `if constexpr`: nvcc's device pass must see the launch to compile its
    // kernel (backend/seq/device_code.hpp); in device code the search runs in place below.
    if (!in_device_code) {
      temporary_buffer<R> result(policy, 1, algorithm);
      dispatch::transform(policy, constant_iterator<T>(value), size_type(1), result.data(), search);
      R r;
      device_copy_bytes(&r, result.data(), sizeof(R), copy_kind::device_to_host, stream_of(policy), true, algorithm);
      return r;
    }
  }
  (void)policy;
  (void)algorithm;
  return search(value);
}

/// The scalar form: search(value) over the unwrapped [first, last).
TIDE_EXEC_CHECK_DISABLE
template <class R, template <class, class> class Search, class Policy, class It, class T, class Comp>
TIDE_HOST_DEVICE R search_range(const Policy& policy, It first, It last, const T& value, Comp comp,
                                const char* algorithm) {
  size_type n = range_size(policy, first, last, algorithm);
  auto base = unwrap_iterator(first);
  return search_one<R>(policy, Search<decltype(base), Comp>{base, n, comp}, value, algorithm);
}

/// The vectorized form: result[i] = search(values[i]).
TIDE_EXEC_CHECK_DISABLE
template <template <class, class> class Search, class Policy, class It, class ValIt, class OutIt, class Comp>
TIDE_HOST_DEVICE OutIt search_each(const Policy& policy, It first, It last, ValIt values_first, ValIt values_last,
                                   OutIt result, Comp comp, const char* algorithm) {
  size_type n = range_size(policy, first, last, algorithm);
  size_type m = range_size(policy, values_first, values_last, algorithm);
  if (m == 0) return result;
  auto base = unwrap_iterator(first);
  dispatch::transform(writer_policy<OutIt>(run_policy(policy)), unwrap_iterator(values_first), m,
                      unwrap_iterator(result), Search<decltype(base), Comp>{base, n, comp});
  return advanced(result, m);
}
}  // namespace detail

// ---- lower_bound -----------------------------------------------------------------------------------

/// The first position in the sorted [first, last) where `value` could be inserted keeping the order.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It lower_bound(const Policy& policy, It first, It last, const T& value, Comp comp = Comp()) {
  return first +
         detail::search_range<size_type, detail::lower_bound_fn>(policy, first, last, value, comp, "lower_bound");
}
template <class It, class T, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
It lower_bound(It first, It last, const T& value, Comp comp = Comp()) {
  return tide::lower_bound(detail::select_policy(first), first, last, value, comp);
}
/// For each value, its lower_bound index in [first, last), written to result.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class ValIt, class OutIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt lower_bound(const Policy& policy, It first, It last, ValIt values_first, ValIt values_last,
                                   OutIt result, Comp comp = Comp()) {
  return detail::search_each<detail::lower_bound_fn>(policy, first, last, values_first, values_last, result, comp,
                                                     "lower_bound");
}
template <class It, class ValIt, class OutIt, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
OutIt lower_bound(It first, It last, ValIt values_first, ValIt values_last, OutIt result, Comp comp = Comp()) {
  return tide::lower_bound(detail::select_policy(first, values_first, result), first, last, values_first,
                           values_last, result, comp);
}

// ---- upper_bound -----------------------------------------------------------------------------------

/// The last position in the sorted [first, last) where `value` could be inserted keeping the order.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It upper_bound(const Policy& policy, It first, It last, const T& value, Comp comp = Comp()) {
  return first +
         detail::search_range<size_type, detail::upper_bound_fn>(policy, first, last, value, comp, "upper_bound");
}
template <class It, class T, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
It upper_bound(It first, It last, const T& value, Comp comp = Comp()) {
  return tide::upper_bound(detail::select_policy(first), first, last, value, comp);
}
/// For each value, its upper_bound index in [first, last), written to result.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class ValIt, class OutIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt upper_bound(const Policy& policy, It first, It last, ValIt values_first, ValIt values_last,
                                   OutIt result, Comp comp = Comp()) {
  return detail::search_each<detail::upper_bound_fn>(policy, first, last, values_first, values_last, result, comp,
                                                     "upper_bound");
}
template <class It, class ValIt, class OutIt, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
OutIt upper_bound(It first, It last, ValIt values_first, ValIt values_last, OutIt result, Comp comp = Comp()) {
  return tide::upper_bound(detail::select_policy(first, values_first, result), first, last, values_first,
                           values_last, result, comp);
}

// ---- binary_search ---------------------------------------------------------------------------------

/// Whether the sorted [first, last) holds an element equivalent to `value`.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE bool binary_search(const Policy& policy, It first, It last, const T& value, Comp comp = Comp()) {
  return detail::search_range<bool, detail::binary_search_fn>(policy, first, last, value, comp, "binary_search");
}
template <class It, class T, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
bool binary_search(It first, It last, const T& value, Comp comp = Comp()) {
  return tide::binary_search(detail::select_policy(first), first, last, value, comp);
}
/// For each value, whether it is in [first, last), written to result.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class ValIt, class OutIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt binary_search(const Policy& policy, It first, It last, ValIt values_first, ValIt values_last,
                                     OutIt result, Comp comp = Comp()) {
  return detail::search_each<detail::binary_search_fn>(policy, first, last, values_first, values_last, result, comp,
                                                       "binary_search");
}
template <class It, class ValIt, class OutIt, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
OutIt binary_search(It first, It last, ValIt values_first, ValIt values_last, OutIt result, Comp comp = Comp()) {
  return tide::binary_search(detail::select_policy(first, values_first, result), first, last, values_first,
                             values_last, result, comp);
}

// ---- equal_range -----------------------------------------------------------------------------------

/// The elements of the sorted [first, last) equivalent to `value`: [lower_bound, upper_bound).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<It, It> equal_range(const Policy& policy, It first, It last, const T& value,
                                          Comp comp = Comp()) {
  const auto r = detail::search_range<pair<size_type, size_type>, detail::equal_range_fn>(policy, first, last, value,
                                                                                          comp, "equal_range");
  return pair<It, It>(first + r.first, first + r.second);
}
template <class It, class T, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
pair<It, It> equal_range(It first, It last, const T& value, Comp comp = Comp()) {
  return tide::equal_range(detail::select_policy(first), first, last, value, comp);
}
/// tide's extension (Thrust 3.0.1 has no vectorized equal_range): for each value, its
/// (lower_bound, upper_bound) indices in [first, last) as a pair<size_type, size_type>, written
/// to result (converted to its value type); returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class ValIt, class OutIt, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt equal_range(const Policy& policy, It first, It last, ValIt values_first, ValIt values_last,
                                   OutIt result, Comp comp = Comp()) {
  return detail::search_each<detail::equal_range_fn>(policy, first, last, values_first, values_last, result, comp,
                                                     "equal_range");
}
template <class It, class ValIt, class OutIt, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
OutIt equal_range(It first, It last, ValIt values_first, ValIt values_last, OutIt result, Comp comp = Comp()) {
  return tide::equal_range(detail::select_policy(first, values_first, result), first, last, values_first, values_last,
                           result, comp);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system;
// as Thrust's generic layer (its CUDA system's too), the forms without a comparator call the
// forms with `less<>` through the user's overloads first, and equal_range calls lower_bound and
// upper_bound so.
namespace detail::user_chain {
TIDE_USER_CHAIN_DEFAULT(lower_bound)
TIDE_USER_CHAIN_DEFAULT(upper_bound)
TIDE_USER_CHAIN_DEFAULT(binary_search)
TIDE_USER_CHAIN_DEFAULT(equal_range)
#define TIDE_USER_CHAIN_SEARCH_DECLARE(name)                                                  \
  template <class D, class It, class T>                                                       \
  TIDE_HOST_DEVICE decltype(auto) name(D& d, It first, It last, const T& value);              \
  template <class D, class It, class ValIt, class OutIt>                                      \
  TIDE_HOST_DEVICE OutIt name(D& d, It first, It last, ValIt values_first, ValIt values_last, OutIt result);
TIDE_USER_CHAIN_SEARCH_DECLARE(lower_bound)
TIDE_USER_CHAIN_SEARCH_DECLARE(upper_bound)
TIDE_USER_CHAIN_SEARCH_DECLARE(binary_search)
template <class D, class It, class T>
TIDE_HOST_DEVICE pair<It, It> equal_range(D& d, It first, It last, const T& value);
template <class D, class It, class T, class Comp>
TIDE_HOST_DEVICE pair<It, It> equal_range(D& d, It first, It last, const T& value, Comp comp);
}  // namespace detail::user_chain

TIDE_USER_BACKEND_CHAINED(lower_bound)
TIDE_USER_BACKEND_CHAINED(upper_bound)
TIDE_USER_BACKEND_CHAINED(binary_search)
TIDE_USER_BACKEND_CHAINED(equal_range)

namespace detail::user_chain {
#define TIDE_USER_CHAIN_SEARCH_DEFINE(name)                                                              \
  template <class D, class It, class T>                                                                  \
  TIDE_HOST_DEVICE decltype(auto) name(D& d, It first, It last, const T& value) {                        \
    return tide::name(d, first, last, value, less<>());                                                  \
  }                                                                                                      \
  template <class D, class It, class ValIt, class OutIt>                                                 \
  TIDE_HOST_DEVICE OutIt name(D& d, It first, It last, ValIt values_first, ValIt values_last, OutIt result) { \
    return tide::name(d, first, last, values_first, values_last, result, less<>());                      \
  }
TIDE_USER_CHAIN_SEARCH_DEFINE(lower_bound)
TIDE_USER_CHAIN_SEARCH_DEFINE(upper_bound)
TIDE_USER_CHAIN_SEARCH_DEFINE(binary_search)
#undef TIDE_USER_CHAIN_SEARCH_DECLARE
#undef TIDE_USER_CHAIN_SEARCH_DEFINE
template <class D, class It, class T>
TIDE_HOST_DEVICE pair<It, It> equal_range(D& d, It first, It last, const T& value) {
  return tide::equal_range(d, first, last, value, less<>());
}
template <class D, class It, class T, class Comp>
TIDE_HOST_DEVICE pair<It, It> equal_range(D& d, It first, It last, const T& value, Comp comp) {
  It lower = tide::lower_bound(d, first, last, value, comp);
  return pair<It, It>(lower, tide::upper_bound(d, first, last, value, comp));
}
}  // namespace detail::user_chain

}  // namespace tide
