#pragma once
// Sequential reductions: the reference order, left to right.

#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

TIDE_EXEC_CHECK_DISABLE
template <class It, class T, class Op>
TIDE_HOST_DEVICE T reduce(const seq_policy&, It first, size_type n, T init, Op op) {
  for (size_type i = 0; i < n; ++i) init = op(init, first[i]);
  return init;
}

TIDE_EXEC_CHECK_DISABLE
template <class It, class OutIt, class T, class Op>
TIDE_HOST_DEVICE void reduce_into(const seq_policy& p, It first, size_type n, OutIt out, T init, Op op) {
  *out = reduce(p, first, n, init, op);
}

}  // namespace tide::backend::seq
