#pragma once
// OpenMP reductions: fixed 4096-item blocks (parallel_reduce), each reduced over lanes
// (lanes.hpp), then the block totals reduced the same way. The association depends on n only: the
// same bits for any thread count. Operands are regrouped, never reordered, except under operators
// known to be commutative (lanes.hpp's known_commutative: plus and multiplies on arithmetic types).

#include "../../execution.hpp"
#include "lanes.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

template <class It, class T, class Op>
T reduce(const omp_policy& p, It first, size_type n, T init, Op op) {
  if (n == 0) return init;
  // Each block starts from its own first element, so no identity value is needed.
  return detail::parallel_reduce(
      p, n, init, [&](size_type b, size_type e) { return detail::reduce_block<T>(first, b, e, op); },
      [&](const T* totals, size_type count) { return detail::reduce_block<T>(totals, 0, count, op); }, op);
}

template <class It, class OutIt, class T, class Op>
void reduce_into(const omp_policy& p, It first, size_type n, OutIt out, T init, Op op) {
  *out = reduce(p, first, n, init, op);
}

}  // namespace tide::backend::omp
