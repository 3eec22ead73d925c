#pragma once
// OpenMP element-wise primitives: for_each_n, transform, transform2.

#include "../../execution.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

template <class It, class F>
void for_each_n(const omp_policy& p, It first, size_type n, F f) {
  detail::parallel_for(p, n, [&](size_type i) { f(first[i]); });
}

template <class It, class OutIt, class Op>
void transform(const omp_policy& p, It first, size_type n, OutIt out, Op op) {
  detail::parallel_for(p, n, [&](size_type i) { out[i] = op(first[i]); });
}

template <class It1, class It2, class OutIt, class Op>
void transform2(const omp_policy& p, It1 first1, size_type n, It2 first2, OutIt out, Op op) {
  detail::parallel_for(p, n, [&](size_type i) { out[i] = op(first1[i], first2[i]); });
}

}  // namespace tide::backend::omp
