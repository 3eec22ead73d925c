#pragma once
// CUDA select_if, the compaction behind shuffle_copy: writes, in order, the items x = in[i] with
// pred(x). It launches copy_if's one-pass select kernel (copy_if.hpp: load a tile, flag, rank by a
// block scan, decoupled look-back for the tile's offset, gather in shared memory, write
// contiguously) with the items as their own stencil, so each in[i] is read (computed) once. Each
// out[k] is written once, by the tile holding the k-th kept item; shuffle_copy's out gathers from
// its input there, so only kept items are ever read from it.
//
// Unlike copy_if (detail::select) it does not read the count back: it is detail::select_launch
// alone, since the caller knows the count (shuffle keeps n), so the call is asynchronous, a launch
// or two on the policy's stream. The kernel still writes its total to a one-element temporary that
// nobody reads.

#include "copy_if.hpp"

namespace tide::backend::cuda {

/// Writes each x = in[i] with pred(x) to the next output slot, in order, on p's stream.
template <class In, class Out, class Pred>
void select_if(const cuda_policy& p, In in, size_type n, Out out, Pred pred, const char* algorithm) {
  if (n == 0) return;
  detail::check_pending(algorithm);
  tide::detail::temporary_buffer<size_type> d_count(p, 1, algorithm);  // written, never read
  detail::select_launch<detail::select_mode::copy_if>(p, in, in, true, n, out, detail::no_output{}, pred,
                                                      d_count.data(), algorithm);
}

}  // namespace tide::backend::cuda
