#pragma once
// unique_by_key_copy on the CUDA system: copy_if.hpp's one-pass select kernel in its unique_by_key
// mode (keys flagged as unique_copy flags them, the values a second stream written beside them).

#include "../../execution.hpp"
#include "copy_if.hpp"

namespace tide::backend::cuda {

/// Copies the first key of each run of consecutive keys equal under pred(previous, key), and its
/// value, to keys_out and values_out, in order; returns how many. The outputs may equal the inputs
/// (copy_if.hpp: a tile writes only below its own end, after every earlier tile has loaded).
template <class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred>
size_type unique_by_key_copy(const cuda_policy& p, KeyIt keys, size_type n, ValIt values, KeyOut keys_out,
                             ValOut values_out, Pred pred) {
  if (n == 0) return 0;
  return detail::select<detail::select_mode::unique_by_key>(p, keys, values, false, n, keys_out, values_out, pred,
                                                            "unique_by_key");
}

}  // namespace tide::backend::cuda
