#pragma once
// OpenMP reductions: one chunk per thread, partials combined in chunk order.

#include "../../execution.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

template <class It, class T, class Op>
T reduce(const omp_policy& p, It first, size_type n, T init, Op op) {
  if (n == 0) return init;
  // Each chunk starts from its own first element, so no identity value is needed.
  return detail::parallel_reduce(
      p, n, init,
      [&](size_type b, size_type e) {
        T acc = first[b];
        for (size_type i = b + 1; i < e; ++i) acc = op(acc, first[i]);
        return acc;
      },
      op);
}

template <class It, class OutIt, class T, class Op>
void reduce_into(const omp_policy& p, It first, size_type n, OutIt out, T init, Op op) {
  *out = reduce(p, first, n, init, op);
}

}  // namespace tide::backend::omp
