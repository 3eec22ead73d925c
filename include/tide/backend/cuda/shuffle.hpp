#pragma once
// CUDA select_if, the compaction behind shuffle_copy: writes, in order, the items x = in[i] with
// pred(x). It launches copy_if's one-pass select kernel (copy_if.hpp: load a tile, flag, rank by a
// block scan, decoupled look-back for the tile's offset, gather in shared memory, write
// contiguously) with the items as their own stencil, so each in[i] is read (computed) once. Each
// out[k] is written once, by the tile holding the k-th kept item; shuffle_copy's out gathers from
// its input there, so only kept items are ever read from it.
//
// Unlike copy_if (detail::select) it does not read the count back: the caller knows it (shuffle keeps n), so the
// call is asynchronous, a launch or two on the policy's stream. The kernel still writes its total
// to a one-element temporary that nobody reads.

#include "copy_if.hpp"

namespace tide::backend::cuda {

/// Writes each x = in[i] with pred(x) to the next output slot, in order, on p's stream.
template <class In, class Out, class Pred>
void select_if(const cuda_policy& p, In in, size_type n, Out out, Pred pred, const char* algorithm) {
  if (n == 0) return;
  detail::check_pending(algorithm);
  tide::detail::temporary_buffer<size_type> d_count(p, 1, algorithm);
  detail::with_arch([&](auto arch) {
    using tuning = detail::select_tuning<sizeof(tide::detail::iter_value_t<In>), decltype(arch)::value>;
    constexpr int threads = tuning::block_threads, items = tuning::items_per_thread;
    using arrangement = detail::tile_arrangement<items, In, In>;
    const size_type tiles = detail::ceil_div(n, threads * items);
    const unsigned grid = detail::tile_grid(tiles, algorithm);
    detail::tile_state_buffer<detail::count_tile_state> state(p, tiles, algorithm);
    arrangement::dispatch(
        [&](auto access) {
          auto kernel = &detail::select_kernel<threads, items, arrangement::run_len, decltype(access)::value,
                                               detail::select_mode::copy_if, In, In, Out, Pred>;
          detail::launch(algorithm, "select_kernel", kernel, grid, threads, 0, p.stream, in, in, true, out, n, pred,
                         state.state(), tiles, d_count.data());
        },
        in, in);
  });
}

}  // namespace tide::backend::cuda
