#pragma once
// adjacent_difference on the CUDA system: out[0] = in[0], out[i] = op(in[i], in[i - 1]). One pass,
// one block per tile (block/block_load_store.hpp's warp slices: 16-byte vectors for aligned
// pointers, a warp transpose for anything else):
//   1. the block loads its tile into registers, every item of it before any store;
//   2. each item's predecessor: within a warp's slice by shuffles (warp_tile_io::previous); the
//      item before a slice is the last item of the previous warp's slice, or, for warp 0, the item
//      before the tile;
//   3. op(item, predecessor) for each item (never for items past the end, nor for in[0]);
//   4. the tile is stored: vectors or the warp transpose; tile 0 item by item, so that out[0] is
//      assigned in[0] itself, not in[0] converted to op's result type (Thrust: `*result = *first`).
//
// In place. A tile writes only its own items, so the only items a block reads that another block
// writes are the items before the tiles: tile t reads in[t * T - 1], the last item of tile t - 1,
// which tile t - 1 may already have overwritten. Where the input and the output may share memory
// (the same pointer, or iterators we cannot see through), the items before the tiles are first
// copied to a small temporary (one per tile, tile_predecessors_kernel), before the main kernel
// starts (stream order), and the main kernel reads them there: then no block reads global memory
// that another block writes. Within a block, the warps hand their last items to the next warp
// through shared memory, and a barrier after all the tile's loads comes before any store, so no
// warp reads an item another warp of the block has overwritten. Where the two are disjoint raw
// pointers, none of that is needed: each warp reads the item before its slice from global memory.
// Aliasing other than out == first (a partial overlap) is not allowed, as in Thrust.

#include <cstdint>
#include <type_traits>

#include "../../detail/invoke.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "block/block_load_store.hpp"
#include "device_utility.hpp"
#include "launch.hpp"

namespace tide::backend::cuda {
namespace detail {

/// adjacent_difference tiles (sm_90 and newer), by the largest element. H100, minus on u32
/// (session 16, against CUB's SubtractLeftCopy in one run): 256x16 0.985-0.989x CUB at 2^28 and
/// 2^24, 256x8 0.997 and 1.021, 256x12 0.993 / 1.014, 256x24 0.989 / 0.994, 512x8 1.000 / 0.974.
template <std::size_t MaxBytes, int Arch>
struct adjacent_difference_tuning {
  static constexpr int block_threads = 256;
  static constexpr int items_per_thread = MaxBytes <= 4 ? 8 : MaxBytes <= 8 ? 8 : 4;
};
template <std::size_t MaxBytes>
struct adjacent_difference_tuning<MaxBytes, 800> : adjacent_difference_tuning<MaxBytes, 900> {};

/// The type of op(x, y) for two elements of type V (held as lvalues, as Thrust holds them).
template <class Op, class V>
using adjacent_result_t = std::decay_t<tide::detail::invoke_result_t<Op&, V&, V&>>;

/// d_pred[t] = in[(t + 1) * tile_items - 1] for t < count: the item before tile t + 1.
template <class In, class T>
__global__ void tile_predecessors_kernel(In in, size_type tile_items, size_type count, T* d_pred) {
  const size_type t = size_type(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t < count) d_pred[t] = in[(t + 1) * tile_items - 1];
}

template <int Threads, int Items, int RunLen, tile_access Access, bool MayAlias, class In, class Out, class Op>
__global__ void __launch_bounds__(Threads)
    adjacent_difference_kernel(In in, Out out, size_type n, Op op, const iter_value_t<In>* d_pred) {
  using io = warp_tile_io<Items, RunLen, Access>;
  using value_t = iter_value_t<In>;
  using result_t = adjacent_result_t<Op, value_t>;
  constexpr int warps = Threads / warp_threads;
  union warp_exchange {
    typename io::template temp_storage<value_t> in;
    typename io::template temp_storage<result_t> out;
  };
  __shared__ warp_exchange exchange[io::transposes ? warps : 1];
  __shared__ raw_array<value_t, MayAlias ? warps : 1> warp_last;

  const tile_geometry<Threads, Items> g(n);
  const int lane = lane_id(), warp = warp_id();
  auto& my_exchange = exchange[io::transposes ? warp : 0];
  const bool first_slice = g.warp_begin == 0;  // holds in[0], which has no predecessor

  // 1. The tile.
  value_t items[Items];
  value_t fill{};
  if (!g.full()) fill = in[g.tile_begin];  // tail items: any given value (never used)
  io::load(in + g.warp_begin, items, g.warp_valid, fill, my_exchange.in);

  // 2. Predecessors. A slice with items follows a full one, so the previous warp's last item is real.
  value_t warp_prev = items[0];
  if constexpr (MayAlias) {
    if (lane == warp_threads - 1) warp_last[warp] = items[Items - 1];  // the slice's last item
    __syncthreads();  // the whole tile is loaded: no store below changes what this block reads
    if (warp > 0) warp_prev = warp_last[warp - 1];
    else if (g.tile > 0) warp_prev = d_pred[g.tile - 1];
  } else {
    if (lane == 0 && !first_slice && g.warp_valid > 0) warp_prev = in[g.warp_begin - 1];
  }
  value_t prev[Items];
  io::previous(items, warp_prev, prev);

  // 3. The differences.
  result_t results[Items];
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const int pos = io::position(lane, i);
    if ((g.full() || pos < g.warp_valid) && !(first_slice && pos == 0)) results[i] = op(items[i], prev[i]);
  }

  // 4. The stores.
  if (g.tile == 0) {
    Out slice_out = out + g.warp_begin;
#pragma unroll
    for (int i = 0; i < Items; ++i) {
      const int pos = io::position(lane, i);
      if (pos < g.warp_valid) {
        if (first_slice && pos == 0) slice_out[0] = items[i];
        else slice_out[pos] = results[i];
      }
    }
  } else {
    io::store(out + g.warp_begin, results, g.warp_valid, my_exchange.out);
  }
}

/// Whether [a, a + n) and [b, b + n) are raw pointers to memory that does not overlap.
template <class A, class B>
bool disjoint(A a, B b, size_type n) {
  if constexpr (std::is_pointer_v<A> && std::is_pointer_v<B>) {
    const auto a0 = reinterpret_cast<std::uintptr_t>(a), b0 = reinterpret_cast<std::uintptr_t>(b);
    const auto a1 = a0 + std::uintptr_t(n) * sizeof(*a), b1 = b0 + std::uintptr_t(n) * sizeof(*b);
    return a1 <= b0 || b1 <= a0;
  } else {
    return false;
  }
}

/// The sizes that decide the tiles.
template <class In, class Out>
constexpr std::size_t adjacent_difference_bytes() {
  std::size_t s = sizeof(iter_value_t<In>);
  if constexpr (std::is_pointer_v<Out>) s = sizeof(std::remove_pointer_t<Out>) > s ? sizeof(std::remove_pointer_t<Out>) : s;
  return s;
}

}  // namespace detail

/// out[0] = first[0], out[i] = op(first[i], first[i - 1]) for 0 < i < n. out may equal first.
template <class InputIt, class OutputIt, class Op>
void adjacent_difference(const cuda_policy& p, InputIt first, size_type n, OutputIt out, Op op) {
  if (n == 0) return;
  constexpr const char* algorithm = "adjacent_difference";
  detail::check_pending(algorithm);
  using value_t = detail::iter_value_t<InputIt>;
  detail::with_arch([&](auto arch) {
    using tuning = detail::adjacent_difference_tuning<detail::adjacent_difference_bytes<InputIt, OutputIt>(),
                                                      decltype(arch)::value>;
    constexpr int threads = tuning::block_threads, items = tuning::items_per_thread;
    using arrangement = detail::tile_arrangement<items, InputIt, OutputIt>;
    const size_type tile_items = size_type(threads) * items;
    const size_type tiles = detail::ceil_div(n, tile_items);
    const unsigned grid = detail::tile_grid(tiles, algorithm);
    const bool may_alias = !detail::disjoint(first, out, n);
    tide::detail::temporary_buffer<value_t> d_pred(p, may_alias ? std::size_t(tiles - 1) : 0, algorithm);
    if (may_alias && tiles > 1) {
      constexpr int pred_threads = 256;
      detail::launch(algorithm, "tile_predecessors_kernel", &detail::tile_predecessors_kernel<InputIt, value_t>,
                     unsigned(detail::ceil_div(tiles - 1, pred_threads)), pred_threads, 0, p.stream, first,
                     tile_items, tiles - 1, d_pred.data());
    }
    arrangement::dispatch(
        [&](auto access) {
          constexpr detail::tile_access a = decltype(access)::value;
          if (may_alias)
            detail::launch(algorithm, "adjacent_difference_kernel",
                           &detail::adjacent_difference_kernel<threads, items, arrangement::run_len, a, true, InputIt,
                                                               OutputIt, Op>,
                           grid, threads, 0, p.stream, first, out, n, op, d_pred.data());
          else
            detail::launch(algorithm, "adjacent_difference_kernel",
                           &detail::adjacent_difference_kernel<threads, items, arrangement::run_len, a, false,
                                                               InputIt, OutputIt, Op>,
                           grid, threads, 0, p.stream, first, out, n, op, static_cast<const value_t*>(nullptr));
        },
        first, out);
  });
}

}  // namespace tide::backend::cuda
