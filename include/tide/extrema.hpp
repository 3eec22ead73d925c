#pragma once
/// \file extrema.hpp
/// min_element, max_element, minmax_element, with and without a policy and a comparator
/// (`comp(a, b)`: a is less than b; default `tide::less<>`). As Thrust (thrust/system/detail/
/// generic/extrema.inl, thrust/system/cuda/detail/extrema.h, thrust/system/detail/sequential/
/// extrema.h): min_element gives the first smallest, max_element the first largest, and
/// minmax_element the first smallest and the first largest (std::minmax_element gives the last
/// largest; Thrust does not); an empty range gives `last` (both, for minmax_element).
///
/// Composed over the reduce primitive: a reduction of indices (a counting_iterator) under an
/// operator that compares the elements at two indices through the unwrapped iterator. Ties go by
/// index inside the operator, so it is commutative and the backend's grouping cannot change which
/// of several equal elements is picked.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <type_traits>

#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/counting_iterator.hpp"
#include "iterator/transform_iterator.hpp"
#include "pair.hpp"
#include "reduce.hpp"

namespace tide {

namespace detail {
// The user's comparator or predicate may be __device__ only on the CUDA system: the pragmas
// silence nvcc's host check on the functors that call it.
/// Index of the smaller element; of two equal ones, the lower index.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class It, class Comp>
TIDE_HOST_DEVICE size_type pick_min(const It& first, Comp& comp, size_type a, size_type b) {
  auto&& x = first[a];
  auto&& y = first[b];
  if (comp(y, x)) return b;
  if (comp(x, y)) return a;
  return a < b ? a : b;
}
/// Index of the larger element; of two equal ones, the lower index.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class It, class Comp>
TIDE_HOST_DEVICE size_type pick_max(const It& first, Comp& comp, size_type a, size_type b) {
  auto&& x = first[a];
  auto&& y = first[b];
  if (comp(x, y)) return b;
  if (comp(y, x)) return a;
  return a < b ? a : b;
}

template <class It, class Comp>
struct min_index_op {
  It first;
  mutable Comp comp;  // the user's comparator may have a non-const operator()
  TIDE_HOST_DEVICE size_type operator()(size_type a, size_type b) const { return pick_min(first, comp, a, b); }
};
template <class It, class Comp>
struct max_index_op {
  It first;
  mutable Comp comp;  // the user's comparator may have a non-const operator()
  TIDE_HOST_DEVICE size_type operator()(size_type a, size_type b) const {
    return pick_max(first, comp, a, b);
  }
};

/// The running (first smallest, first largest) indices.
struct minmax_indices {
  size_type min, max;
};
struct index_to_minmax {
  TIDE_HOST_DEVICE minmax_indices operator()(size_type i) const { return {i, i}; }
};
template <class It, class Comp>
struct minmax_index_op {
  It first;
  mutable Comp comp;  // the user's comparator may have a non-const operator()
  TIDE_HOST_DEVICE minmax_indices operator()(const minmax_indices& a, const minmax_indices& b) const {
    return {pick_min(first, comp, a.min, b.min), pick_max(first, comp, a.max, b.max)};
  }
};

/// Reduces the indices [0, n) (n >= 1) under an index operator, through the reduce primitive.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class IndexOp>
TIDE_HOST_DEVICE size_type reduce_indices(const Policy& policy, size_type n, IndexOp op) {
  return dispatch::reduce(run_policy(policy), counting_iterator<size_type>(1), n - 1, size_type(0), op);
}

/// The element of [first, last) an index operator picks (min_index_op or max_index_op), or last.
TIDE_EXEC_CHECK_DISABLE
template <template <class, class> class IndexOp, class Policy, class It, class Comp>
TIDE_HOST_DEVICE It pick_element(const Policy& policy, It first, It last, Comp comp, const char* algorithm) {
  size_type n = range_size(policy, first, last, algorithm);
  if (n == 0) return last;
  auto base = unwrap_iterator(first);
  return first + reduce_indices(policy, n, IndexOp<decltype(base), Comp>{base, comp});
}
}  // namespace detail

/// The first smallest element of [first, last), or last if empty.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It min_element(const Policy& policy, It first, It last, Comp comp = Comp()) {
  return detail::pick_element<detail::min_index_op>(policy, first, last, comp, "min_element");
}
template <class It, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
It min_element(It first, It last, Comp comp = Comp()) {
  return tide::min_element(detail::select_policy(first), first, last, comp);
}

/// The first largest element of [first, last), or last if empty.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It max_element(const Policy& policy, It first, It last, Comp comp = Comp()) {
  return detail::pick_element<detail::max_index_op>(policy, first, last, comp, "max_element");
}
template <class It, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
It max_element(It first, It last, Comp comp = Comp()) {
  return tide::max_element(detail::select_policy(first), first, last, comp);
}

/// (first smallest, first largest) of [first, last), or (last, last) if empty.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Comp = less<>, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE pair<It, It> minmax_element(const Policy& policy, It first, It last, Comp comp = Comp()) {
  size_type n = detail::range_size(policy, first, last, "minmax_element");
  if (n == 0) return {last, last};
  auto base = detail::unwrap_iterator(first);
  auto indices = make_transform_iterator(counting_iterator<size_type>(1), detail::index_to_minmax{});
  detail::minmax_indices r =
      detail::dispatch::reduce(detail::run_policy(policy), indices, n - 1, detail::minmax_indices{0, 0},
                               detail::minmax_index_op<decltype(base), Comp>{base, comp});
  return {first + r.min, first + r.max};
}
template <class It, class Comp = less<>, detail::enable_if_not_policy_t<It> = 0>
pair<It, It> minmax_element(It first, It last, Comp comp = Comp()) {
  return tide::minmax_element(detail::select_policy(first), first, last, comp);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(min_element)
TIDE_USER_BACKEND(max_element)
TIDE_USER_BACKEND(minmax_element)

}  // namespace tide
