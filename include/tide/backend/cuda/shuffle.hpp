#pragma once
// CUDA select_if, the compaction behind shuffle_copy: copies, in order, the items x = in[i] with
// pred(x). It is copy_if's one-pass select kernel (copy_if.hpp: load a tile, flag, rank by a block
// scan, decoupled look-back for the tile's offset, gather in shared memory, write contiguously) with
// the items as their own stencil, so each in[i] is read (computed) once. Each out[k] is written
// once, by the tile holding the k-th kept item; shuffle_copy's out gathers from its input there.

#include "copy_if.hpp"

namespace tide::backend::cuda {

/// Copies each x = in[i] with pred(x) to the next output slot, in order; returns how many.
template <class In, class Out, class Pred>
size_type select_if(const cuda_policy& p, In in, size_type n, Out out, Pred pred, const char* algorithm) {
  if (n == 0) return 0;
  return detail::select<detail::select_mode::copy_if>(p, in, in, true, n, out, pred, algorithm);
}

}  // namespace tide::backend::cuda
