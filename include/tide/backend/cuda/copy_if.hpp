#pragma once
// Stream compaction on the CUDA system (copy_if here, unique_copy in unique.hpp, the partitions in
// partition.hpp): one pass. Each
// block loads its tile (block/block_load_store.hpp), flags the items to keep, ranks them with a
// block scan of per-run counts, gets the tile's output offset by a decoupled look-back over 62-bit
// counts (lookback.hpp), gathers the kept items in shared memory in order, and writes them out
// contiguously (coalesced). Stable. The last tile writes the total count, which the host reads
// with one copy and one wait. copy_if and the partitions over contiguous items with the predicate
// on the items, on a large enough grid, stage the tile in shared memory instead of registers
// (select_staged.hpp: the same results, more tiles in flight while tiles wait for their offsets).
//
// The partition modes also place the rejected items: each one's rank among the tile's rejected
// items is its tile position minus the selected items before it, and the rejected items before the
// tile are (tile start - selected before it), so the one look-back over selected counts places both.
// They are gathered after the selected ones in shared memory (in order, or reversed) and written
// to the `rejected` output: forward from its start (partition_copy: stable), or backward from
// rejected + n (partition_reversed: the rejected item of rank q lands at rejected[n - 1 - q], CUB's
// DevicePartition::If order). Each tile's rejected slots are contiguous, so those writes coalesce
// too. unique_by_key loads a second stream, the values, beside the keys (in the same arrangement,
// vectorized when both are), flags the keys as unique does, and gathers and writes the kept values
// after the kept keys, through the same shared memory, to the same offsets of the second output.
// Both kernels are one body (select_tile); select_kernel (copy_if, unique) passes `no_output` there
// and compiles as before.
//
// out may equal first: a tile writes only below its own end, after every earlier tile has read
// its input (their aggregates are published after loading), and the one item before a tile that a
// later tile reads (unique) can only be overwritten by itself.

#include <type_traits>

#include "../../detail/raw_memory.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "block/block_load_store.hpp"
#include "block/block_scan.hpp"
#include "device_utility.hpp"
#include "launch.hpp"
#include "lookback.hpp"
#include "select_staged.hpp"
#include "smem_opt_in.hpp"

namespace tide::backend::cuda {
namespace detail {

/// A staged tile shape (select_staged.hpp): Threads x Items a tile, at least MinBlocks blocks an SM
/// (0: no bound; registers then decide), taken when the grid has at least MinTilesPerSm tiles an SM.
template <int Threads, int Items, int MinBlocks, int MinTilesPerSm>
struct staged_shape {
  static constexpr int threads = Threads, items = Items, min_blocks = MinBlocks, min_tiles_per_sm = MinTilesPerSm;
};

/// Compaction tiles (sm_90 and newer), by value size: through registers (select_tile), or staged
/// in shared memory (select_staged.hpp) when the grid has enough staged tiles per SM; fewer,
/// smaller register tiles fill the SMs better below that.
///   - staged / staged_stencil: the partitions' (and other sizes' copy_if's) 192 bytes a thread,
///     at most 64 items, in blocks of 256; with a stencil of their own, half the items.
///   - copy_staged / copy_staged_stencil: copy_if of 4-byte values in blocks of 128 at 7 (6)
///     blocks an SM. H100, cub::DeviceSelect::If's time over the kernel's, 2^24 / 2^28 / 2^30 u32,
///     half kept (compare/experiments/copy_if_shapes.cu, 11 shapes): 256x48 0.79 / 0.96 / 0.97,
///     128x48 at 8 blocks 0.89 / 1.03 / 1.04; by a stencil (FlaggedIf) 256x24 0.89 / 0.95 / 0.97,
///     128x32 at 6 blocks 0.95 / 0.99 / 0.99. More, smaller tiles: each waits on a nearer front.
///     The switch stays at the same n (8 and 6 tiles an SM of half and two thirds the items).
///     Predicates that take registers spill at 8 blocks (64 registers): 7 (72) since session 26.
///     H200 at 2^28, 8 blocks against 7 (FLOAT_SHAPES): u32 by odd 1.016-1.018 / 1.021-1.022; f32
///     by x > 0.5f 0.83 / 0.89, by x != 0 0.84 / 0.91, by x < 0.25f 0.77-0.78 / 0.85-0.86.
template <std::size_t ValueBytes, int Arch>
struct select_tuning {
  static constexpr int block_threads = 256;
  static constexpr int items_per_thread = ValueBytes <= 4 ? 16 : ValueBytes <= 8 ? 8 : 4;
  static constexpr int staged_items_per_thread = 192 / ValueBytes < 64 ? int(192 / ValueBytes) : 64;
  using staged = staged_shape<block_threads, staged_items_per_thread, 0, 4>;
  using staged_stencil = staged_shape<block_threads, staged_items_per_thread / 2, 0, 4>;
  using copy_staged = std::conditional_t<ValueBytes == 4, staged_shape<128, 48, 7, 8>, staged>;
  using copy_staged_stencil = std::conditional_t<ValueBytes == 4, staged_shape<128, 32, 6, 6>, staged_stencil>;
};
template <std::size_t ValueBytes>
struct select_tuning<ValueBytes, 800> : select_tuning<ValueBytes, 900> {};

/// copy_if flags pred(stencil[i]) (the items themselves when `same`); unique flags the first of each
/// run of items equal under pred(previous, item). The partition modes flag as copy_if and also write
/// the unflagged items (see above). unique_by_key flags as unique (the items are the keys) and
/// also writes the flagged items' values, the `stencil` stream, to the `rejected` output.
enum class select_mode { copy_if, unique, partition_copy, partition_reversed, unique_by_key };

/// The `rejected` argument of the modes that write no second output.
struct no_output {};
/// The values a mode other than unique_by_key does not hold.
struct no_values {};

/// One tile of select_kernel (copy_if, unique) or partition_kernel: the whole kernel body.
template <int Threads, int Items, int RunLen, tile_access Access, select_mode Mode, class In, class Stencil,
          class Out, class Rejected, class Pred>
__device__ TIDE_FORCEINLINE void select_tile(In in, Stencil stencil, bool same, Out out, Rejected rejected,
                                             size_type n, Pred pred, count_tile_state state, size_type tiles,
                                             size_type* d_count) {
  constexpr bool partitions = Mode == select_mode::partition_copy || Mode == select_mode::partition_reversed;
  constexpr bool by_key = Mode == select_mode::unique_by_key;
  using io = warp_tile_io<Items, RunLen, Access>;
  using value_t = iter_value_t<In>;
  using stencil_t = iter_value_t<Stencil>;
  using scan_t = block_scan<int, Threads>;
  constexpr int warps = Threads / warp_threads, runs = io::runs, exchanges = io::transposes ? warps : 1;
  // Each warp's exchange serves values, then stencils; all exchanges are done before block_scan's
  // barrier, and the gathered items come after it.
  union warp_exchange {
    typename io::template temp_storage<value_t> values;
    typename io::template temp_storage<stencil_t> stencils;
  };
  using values_t = std::conditional_t<by_key, stencil_t, value_t>;  // value_t: no second member
  union shared_items {
    warp_exchange exchange[exchanges];
    raw_array<value_t, Threads * Items> gathered;
    raw_array<values_t, Threads * Items> gathered_values;  // unique_by_key, after the keys are out
  };
  __shared__ shared_items shared;
  __shared__ typename scan_t::temp_storage scan_storage;
  __shared__ size_type tile_offset;

  const tile_geometry<Threads, Items> g(n);
  const int lane = lane_id(), warp = warp_id();
  const int exchange = io::transposes ? warp : 0;

  value_t items[Items];
  value_t fill{};
  if (!g.full()) fill = in[g.tile_begin];  // tail items: any valid value
  io::load(in + g.warp_begin, items, g.warp_valid, fill, shared.exchange[exchange].values);

  std::conditional_t<by_key, stencil_t, no_values> values[by_key ? Items : 1];
  if constexpr (by_key) {
    stencil_t values_fill{};
    if (!g.full()) values_fill = stencil[g.tile_begin];
    io::load(stencil + g.warp_begin, values, g.warp_valid, values_fill, shared.exchange[exchange].stencils);
  }

  bool keep[Items];
  if constexpr (Mode == select_mode::unique || by_key) {
    value_t prev[Items];
    value_t warp_prev = items[0];
    if (lane == 0 && g.warp_begin > 0 && g.warp_valid > 0) warp_prev = in[g.warp_begin - 1];
    io::previous(items, warp_prev, prev);
#pragma unroll
    for (int i = 0; i < Items; ++i) {
      const int pos = io::position(lane, i);
      keep[i] = pos < g.warp_valid && (g.warp_begin + pos == 0 || !pred(prev[i], items[i]));
    }
  } else {
    bool from_items = false;
    if constexpr (std::is_same_v<In, Stencil>) from_items = same;
    if (from_items) {
      if constexpr (std::is_same_v<In, Stencil>) {
#pragma unroll
        for (int i = 0; i < Items; ++i) keep[i] = io::position(lane, i) < g.warp_valid && pred(items[i]);
      }
    } else {
      stencil_t flags[Items];
      stencil_t stencil_fill{};
      if (!g.full()) stencil_fill = stencil[g.tile_begin];
      io::load(stencil + g.warp_begin, flags, g.warp_valid, stencil_fill, shared.exchange[exchange].stencils);
#pragma unroll
      for (int i = 0; i < Items; ++i) keep[i] = io::position(lane, i) < g.warp_valid && pred(flags[i]);
    }
  }

  // Ranks within the tile.
  int rank[runs];
  int block_count;
  {
    int counts[runs];
#pragma unroll
    for (int r = 0; r < runs; ++r) {
      counts[r] = 0;
#pragma unroll
      for (int e = 0; e < RunLen; ++e) counts[r] += keep[r * RunLen + e];
    }
    if (!scan_t(scan_storage).exclusive_runs(counts, rank, block_count, sum_op{})) rank[0] = 0;
  }

  // The tile's offset in the output.
  if (warp == 0) {
    lookback_prefix<size_type, count_tile_state, sum_op> prefix{state, sum_op{}, g.tile, tiles, false, 0};
    size_type before = 0;
    const bool has = prefix(size_type(block_count), before);
    if (lane == 0) tile_offset = has ? before : 0;
  }

  // Gather the kept items in order (the partitions: the rejected ones after them), then write them
  // out contiguously.
#pragma unroll
  for (int r = 0; r < runs; ++r) {
    int k = rank[r];
#pragma unroll
    for (int e = 0; e < RunLen; ++e) {
      if (keep[r * RunLen + e]) {
        shared.gathered[k++] = items[r * RunLen + e];
      } else if constexpr (partitions) {
        const int pos = io::position(lane, r * RunLen + e);
        if (pos < g.warp_valid) {
          const int q = warp * io::warp_items + pos - k;  // rejected items before it in the tile
          shared.gathered[Mode == select_mode::partition_copy ? block_count + q : g.valid - 1 - q] =
              items[r * RunLen + e];
        }
      }
    }
  }
  __syncthreads();
  const size_type offset = tile_offset;
  Out tile_out = out + offset;
  if constexpr (partitions) {
    const size_type rejected_before = g.tile_begin - offset;
    const int rejected_count = g.valid - block_count;
    const size_type first_slot = Mode == select_mode::partition_copy
                                     ? rejected_before
                                     : n - rejected_before - size_type(rejected_count);
    Rejected tile_rejected = rejected + first_slot;
    for (int k = int(threadIdx.x); k < g.valid; k += Threads) {
      if (k < block_count)
        tile_out[k] = shared.gathered[k];
      else
        tile_rejected[k - block_count] = shared.gathered[k];
    }
  } else if constexpr (by_key) {
    for (int k = int(threadIdx.x); k < block_count; k += Threads) tile_out[k] = shared.gathered[k];
    __syncthreads();  // the keys are read out: the values take their place
#pragma unroll
    for (int r = 0; r < runs; ++r) {
      int k = rank[r];
#pragma unroll
      for (int e = 0; e < RunLen; ++e)
        if (keep[r * RunLen + e]) shared.gathered_values[k++] = values[r * RunLen + e];
    }
    __syncthreads();
    Rejected tile_values = rejected + offset;
    for (int k = int(threadIdx.x); k < block_count; k += Threads) tile_values[k] = shared.gathered_values[k];
  } else {
    (void)rejected;
    (void)values;
    for (int k = int(threadIdx.x); k < block_count; k += Threads) tile_out[k] = shared.gathered[k];
  }
  if (g.tile == tiles - 1 && threadIdx.x == 0) *d_count = offset + block_count;
}

/// The modes that write only the selected items (copy_if, unique).
template <int Threads, int Items, int RunLen, tile_access Access, select_mode Mode, class In, class Stencil,
          class Out, class Pred>
__global__ void __launch_bounds__(Threads)
    select_kernel(In in, Stencil stencil, bool same, Out out, size_type n, Pred pred, count_tile_state state,
                  size_type tiles, size_type* d_count) {
  select_tile<Threads, Items, RunLen, Access, Mode>(in, stencil, same, out, no_output{}, n, pred, state, tiles,
                                                    d_count);
}

/// The partition modes (the rejected items go to `rejected`) and unique_by_key (the kept values go
/// there).
template <int Threads, int Items, int RunLen, tile_access Access, select_mode Mode, class In, class Stencil,
          class Out, class Rejected, class Pred>
__global__ void __launch_bounds__(Threads)
    partition_kernel(In in, Stencil stencil, bool same, Out out, Rejected rejected, size_type n, Pred pred,
                     count_tile_state state, size_type tiles, size_type* d_count) {
  select_tile<Threads, Items, RunLen, Access, Mode>(in, stencil, same, out, rejected, n, pred, state, tiles, d_count);
}

/// A type as a value.
template <class T>
struct type_tag {
  using type = T;
};

/// Launches select_staged_kernel where the items (and a stencil other than the items, of the same
/// width) are contiguous 16-byte runs and the grid is large enough (returns false, launching
/// nothing, otherwise), in the tuning's shape for the mode, with or without a stencil.
template <class Tuning, select_mode Mode, class In, class Stencil, class Out, class Rejected, class Pred>
bool select_staged_launch(const cuda_policy& p, In in, Stencil stencil, bool same, size_type n, Out out,
                          Rejected rejected, Pred pred, size_type* d_count, const char* algorithm) {
  if constexpr (!std::is_pointer_v<In> || !std::is_pointer_v<Stencil>) {
    return false;
  } else {
    using T = std::remove_cv_t<std::remove_pointer_t<In>>;
    using S = std::remove_cv_t<std::remove_pointer_t<Stencil>>;
    constexpr bool copy = Mode == select_mode::copy_if;
    using whole = std::conditional_t<copy, typename Tuning::copy_staged, typename Tuning::staged>;
    using half = std::conditional_t<copy, typename Tuning::copy_staged_stencil, typename Tuning::staged_stencil>;
    using whole_runs = tile_arrangement<whole::items, In, Stencil>;
    using half_runs = tile_arrangement<half::items, In, Stencil>;
    if constexpr (sizeof(S) != sizeof(T) || whole_runs::run == 0 || whole_runs::run_len * sizeof(T) != 16 ||
                  half_runs::run == 0 || half_runs::run_len * sizeof(T) != 16) {
      return false;
    } else {
      auto go = [&](auto shape_tag, auto stencil_tag) -> bool {
        using shape = typename decltype(shape_tag)::type;
        constexpr int threads = shape::threads, items = shape::items;
        using s_or_void = typename decltype(stencil_tag)::type;
        using arrangement = tile_arrangement<items, In, Stencil>;
        const size_type tiles = ceil_div(n, size_type(threads) * items);
        if (tiles < size_type(shape::min_tiles_per_sm) * device_props().sm_count) return false;
        const unsigned grid = tile_grid(tiles, algorithm);
        tile_state_buffer<count_tile_state> state(p, tiles, algorithm);
        constexpr bool partitions = !copy, reversed = Mode == select_mode::partition_reversed;
        constexpr std::size_t smem = std::size_t(threads) * items * (std::is_void_v<s_or_void> ? 1 : 2) * sizeof(T);
        const s_or_void* d_stencil = static_cast<const s_or_void*>(static_cast<const S*>(stencil));
        arrangement::dispatch(
            [&](auto access) {
              auto kernel = &select_staged_kernel<threads, items, shape::min_blocks, arrangement::run_len,
                                                  decltype(access)::value, partitions, reversed, T, s_or_void, Out,
                                                  Rejected, Pred>;
              allow_dynamic_shared(kernel, smem, algorithm);
              launch(algorithm, "select_staged_kernel", kernel, grid, threads, smem, p.stream, in, d_stencil, out,
                     rejected, n, pred, state.state(), tiles, d_count);
            },
            in, stencil);
        return true;
      };
      if (same) return go(type_tag<whole>{}, type_tag<void>{});
      return go(type_tag<half>{}, type_tag<S>{});
    }
  }
}

/// Launches select_kernel (or partition_kernel when there is a `rejected` output) over
/// [in, in + n) (n > 0) on p's stream; the last tile writes the number of items selected to
/// *d_count. Asynchronous.
template <select_mode Mode, class In, class Stencil, class Out, class Rejected, class Pred>
void select_launch(const cuda_policy& p, In in, Stencil stencil, bool same, size_type n, Out out, Rejected rejected,
                   Pred pred, size_type* d_count, const char* algorithm) {
  with_arch([&](auto arch) {
    using tuning = select_tuning<sizeof(iter_value_t<In>), decltype(arch)::value>;
    constexpr int threads = tuning::block_threads, items = tuning::items_per_thread;
    using arrangement = std::conditional_t<Mode == select_mode::unique, tile_arrangement<items, In>,
                                           tile_arrangement<items, In, Stencil>>;
    if constexpr (Mode == select_mode::copy_if || Mode == select_mode::partition_copy ||
                  Mode == select_mode::partition_reversed) {
      if (select_staged_launch<tuning, Mode>(p, in, stencil, same, n, out, rejected, pred, d_count, algorithm)) return;
    }
    const size_type tiles = ceil_div(n, threads * items);
    const unsigned grid = tile_grid(tiles, algorithm);
    tile_state_buffer<count_tile_state> state(p, tiles, algorithm);
    auto go = [&](auto access) {
      constexpr tile_access a = decltype(access)::value;
      if constexpr (std::is_same_v<Rejected, no_output>) {
        auto kernel = &select_kernel<threads, items, arrangement::run_len, a, Mode, In, Stencil, Out, Pred>;
        launch(algorithm, "select_kernel", kernel, grid, threads, 0, p.stream, in, stencil, same, out, n, pred,
               state.state(), tiles, d_count);
      } else {
        auto kernel = &partition_kernel<threads, items, arrangement::run_len, a, Mode, In, Stencil, Out, Rejected, Pred>;
        launch(algorithm, "partition_kernel", kernel, grid, threads, 0, p.stream, in, stencil, same, out, rejected, n,
               pred, state.state(), tiles, d_count);
      }
    };
    if constexpr (Mode == select_mode::unique) {
      arrangement::dispatch(go, in);
    } else {
      arrangement::dispatch(go, in, stencil);
    }
  });
}

/// Runs select_launch and returns the number of items selected (written to out; the partitions
/// write the others to `rejected`).
template <select_mode Mode, class In, class Stencil, class Out, class Rejected, class Pred>
size_type select(const cuda_policy& p, In in, Stencil stencil, bool same, size_type n, Out out, Rejected rejected,
                 Pred pred, const char* algorithm) {
  check_pending(algorithm);
  tide::detail::temporary_buffer<size_type> d_count(p, 1, algorithm);
  select_launch<Mode>(p, in, stencil, same, n, out, rejected, pred, d_count.data(), algorithm);
  size_type count = 0;
  tide::detail::device_copy_bytes(&count, d_count.data(), sizeof(count), tide::detail::copy_kind::device_to_host,
                                  p.stream, true, algorithm);
  return count;
}

/// The modes that write only the selected items.
template <select_mode Mode, class In, class Stencil, class Out, class Pred>
size_type select(const cuda_policy& p, In in, Stencil stencil, bool same, size_type n, Out out, Pred pred,
                 const char* algorithm) {
  static_assert(Mode == select_mode::copy_if || Mode == select_mode::unique, "tide: the partitions take `rejected`");
  return select<Mode>(p, in, stencil, same, n, out, no_output{}, pred, algorithm);
}

}  // namespace detail

/// Copies, in order, the x = first[i] with pred(stencil[i]) to out; returns how many. out may equal
/// first.
template <class InputIt, class StencilIt, class OutputIt, class Pred>
size_type copy_if(const cuda_policy& p, InputIt first, size_type n, StencilIt stencil, OutputIt out, Pred pred) {
  if (n == 0) return 0;
  bool same = false;
  if constexpr (std::is_same_v<InputIt, StencilIt>) {
    if constexpr (std::is_pointer_v<InputIt>) same = first == stencil;
  }
  return detail::select<detail::select_mode::copy_if>(p, first, stencil, same, n, out, pred, "copy_if");
}

}  // namespace tide::backend::cuda
