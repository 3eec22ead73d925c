#pragma once
// Sequential element-wise primitives: for_each_n, transform, transform2.

#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

TIDE_EXEC_CHECK_DISABLE
template <class It, class F>
TIDE_HOST_DEVICE void for_each_n(const seq_policy&, It first, size_type n, F f) {
  for (size_type i = 0; i < n; ++i) f(first[i]);
}

TIDE_EXEC_CHECK_DISABLE
template <class It, class OutIt, class Op>
TIDE_HOST_DEVICE void transform(const seq_policy&, It first, size_type n, OutIt out, Op op) {
  for (size_type i = 0; i < n; ++i) out[i] = op(first[i]);
}

TIDE_EXEC_CHECK_DISABLE
template <class It1, class It2, class OutIt, class Op>
TIDE_HOST_DEVICE void transform2(const seq_policy&, It1 first1, size_type n, It2 first2, OutIt out, Op op) {
  for (size_type i = 0; i < n; ++i) out[i] = op(first1[i], first2[i]);
}

}  // namespace tide::backend::seq
