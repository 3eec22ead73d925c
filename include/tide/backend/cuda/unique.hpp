#pragma once
// unique_copy on the CUDA system: stream compaction (copy_if.hpp's one-pass kernel) of the items
// that differ from the one before them: x[0], and x[i] where !pred(x[i-1], x[i]).

#include "../../execution.hpp"
#include "copy_if.hpp"

namespace tide::backend::cuda {

/// Copies the first item of each run of consecutive items equal under pred(previous, item) to out,
/// in order; returns how many. out may equal first.
template <class InputIt, class OutputIt, class Pred>
size_type unique_copy(const cuda_policy& p, InputIt first, size_type n, OutputIt out, Pred pred) {
  if (n == 0) return 0;
  return detail::select<detail::select_mode::unique>(p, first, first, false, n, out, pred, "unique_copy");
}

}  // namespace tide::backend::cuda
