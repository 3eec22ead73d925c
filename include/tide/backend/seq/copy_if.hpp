#pragma once
// Sequential stream compaction: copy_if and unique_copy, left to right (stable). Each writes
// out[k] only after reading element i >= k, so running them in place (out == first) is safe.

#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

/// Copies first[i] to the next output slot where pred(stencil[i]); returns how many were written.
TIDE_EXEC_CHECK_DISABLE
template <class It, class StencilIt, class OutIt, class Pred>
TIDE_HOST_DEVICE size_type copy_if(const seq_policy&, It first, size_type n, StencilIt stencil, OutIt out, Pred pred) {
  size_type k = 0;
  for (size_type i = 0; i < n; ++i)
    if (pred(stencil[i])) out[k++] = first[i];
  return k;
}

/// Copies the first element of each run of neighbours that pred calls equal; returns how many.
TIDE_EXEC_CHECK_DISABLE
template <class It, class OutIt, class Pred>
TIDE_HOST_DEVICE size_type unique_copy(const seq_policy&, It first, size_type n, OutIt out, Pred pred) {
  if (n == 0) return 0;
  out[0] = first[0];
  size_type k = 1;
  for (size_type i = 1; i < n; ++i)
    if (!pred(first[i - 1], first[i])) out[k++] = first[i];
  return k;
}

}  // namespace tide::backend::seq
