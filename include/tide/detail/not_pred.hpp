#pragma once
// !pred(x): the negated predicate of remove_copy_if, remove_if and all_of.

#include "../config.hpp"

namespace tide::detail {

/// !pred(x). The user's predicate may be __device__ only on the CUDA system: the pragma silences
/// nvcc's host check. `mutable`: the predicate's operator() need not be const (as in Thrust).
template <class Pred>
struct not_pred {
  mutable Pred pred;
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class X>
  TIDE_HOST_DEVICE bool operator()(const X& x) const {
    return !pred(x);
  }
};

}  // namespace tide::detail
