#pragma once
// Sequential select_if, the compaction behind shuffle_copy: writes, in order, the items x = in[i]
// with pred(x). Unlike copy_if(first, n, stencil, ...) each in[i] is read once, which matters when
// reading it is the work (shuffle's items are the Feistel bijection's values). It returns nothing:
// the caller knows how many are kept (shuffle keeps n), and the CUDA one does not wait to count.

#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

/// Writes each x = in[i] with pred(x) to the next output slot, in order.
TIDE_EXEC_CHECK_DISABLE
template <class In, class Out, class Pred>
TIDE_HOST_DEVICE void select_if(const seq_policy&, In in, size_type n, Out out, Pred pred, const char*) {
  size_type k = 0;
  for (size_type i = 0; i < n; ++i) {
    auto x = in[i];
    if (pred(x)) out[k++] = x;
  }
}

}  // namespace tide::backend::seq
