#pragma once
// Sequential search, the reference: the first index i in [0, n) where a test at i holds, left to
// right, stopping at it (n when there is none). find_if, the mismatch of two ranges and the first
// descent of a range (is_sorted_until) are that search with a test at i; the OpenMP backend runs
// the same tests (omp/find.hpp).

#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

namespace detail {
// The user's predicate or comparator may be __device__ only (called here in device code) and its
// operator() need not be const: `mutable`, and nvcc's host check silenced.

/// pred(first[i]).
template <class It, class Pred>
struct satisfies_at {
  It first;
  mutable Pred pred;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE bool operator()(size_type i) const { return pred(first[i]); }
};
/// !pred(first1[i], first2[i]).
template <class It1, class It2, class Pred>
struct differs_at {
  It1 first1;
  It2 first2;
  mutable Pred pred;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE bool operator()(size_type i) const { return !pred(first1[i], first2[i]); }
};
/// comp(first[i], first[i - 1]) for i >= 1: first[i] goes before its predecessor.
template <class It, class Comp>
struct descends_at {
  It first;
  mutable Comp comp;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE bool operator()(size_type i) const { return i > 0 && comp(first[i], first[i - 1]); }
};
}  // namespace detail

/// The first i in [0, n) with pred_at(i), or n.
TIDE_EXEC_CHECK_DISABLE
template <class PredAt>
TIDE_HOST_DEVICE size_type find_first(const seq_policy&, size_type n, PredAt pred_at) {
  for (size_type i = 0; i < n; ++i)
    if (pred_at(i)) return i;
  return n;
}

/// The first i with pred(first[i]), or n.
TIDE_EXEC_CHECK_DISABLE
template <class It, class Pred>
TIDE_HOST_DEVICE size_type find_if(const seq_policy& p, It first, size_type n, Pred pred) {
  return find_first(p, n, detail::satisfies_at<It, Pred>{first, pred});
}

/// The first i with !pred(first1[i], first2[i]), or n.
TIDE_EXEC_CHECK_DISABLE
template <class It1, class It2, class Pred>
TIDE_HOST_DEVICE size_type mismatch(const seq_policy& p, It1 first1, It2 first2, size_type n, Pred pred) {
  return find_first(p, n, detail::differs_at<It1, It2, Pred>{first1, first2, pred});
}

/// The first i >= 1 with comp(first[i], first[i - 1]), or n.
TIDE_EXEC_CHECK_DISABLE
template <class It, class Comp>
TIDE_HOST_DEVICE size_type is_sorted_until(const seq_policy& p, It first, size_type n, Comp comp) {
  return find_first(p, n, detail::descends_at<It, Comp>{first, comp});
}

}  // namespace tide::backend::seq
