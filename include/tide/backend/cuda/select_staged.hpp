#pragma once
// The staged select tile: copy_if and the partitions over contiguous items whose runs are 16 bytes,
// with the predicate on the items themselves or on a contiguous stencil of the same width (staged
// beside the items); copy_if.hpp's select_tile does everything else.
// Same results as select_tile, in the same order; what differs is where the tile waits.
//
// Why: a compaction tile cannot write before its look-back has its offset, and select_tile holds
// the whole tile in registers meanwhile, so few tiles fit an SM and too few loads are in flight
// (H200, 2^28 u32 half kept: 0.84 ms with the look-back, 0.45 without it; CUB 0.57). Here, as in
// the scan (scan.hpp), the tile goes to shared memory by cp.async and no registers hold it:
//   1. stage: each warp copies its slice to shared memory (block_load_store.hpp's staging), and
//      its stencil's slice after the tile when there is one;
//   2. flag: each lane reads its runs back, flags the kept items (one bit each) and counts them
//      per run; a block scan of the counts ranks the runs (warp-run order = memory order);
//   3. look-back: warp 0 gets the tile's offset; meanwhile
//   4. compact: each warp rewrites each run of its slice in place, run by run (the 32 lanes' run r
//      is one contiguous chunk of 32 * RunLen items, read into registers before any is written):
//      the kept items first, in order, then the rejected ones (partitions), in order;
//   5. write: after a barrier (the offset), each chunk's kept items go to out, coalesced, and its
//      rejected ones to `rejected` (forward, or backward from its end: partition_reversed).
// copy_if compacts and writes a warp at a time instead (staged_compaction, below): in step 4 the
// warp's kept items go to the front of its slice, in order, and in step 5 to one range of out,
// through 16-byte stores between a scalar head and tail. By a stencil of its own (warp_runs) the
// compaction goes run by run as above; by a predicate on 4-byte items (warp_rows) step 2 flags
// lane-striped rows of 32 items and step 4 ranks each row by a ballot, so every store of the
// compaction lands in its own bank, and far fewer values stay live. H200, u32 half kept, CUB's time
// over the kernel's at 2^24 / 2^28 / 2^30 (compare/experiments/copy_if_shapes.cu):
//   - by a u32 stencil (FlaggedIf), session 26 (WRITE_AB): chunks 0.95-0.98 / 1.01-1.03 / 1.02,
//     warp_runs 1.01-1.12 / 1.07-1.09 / 1.08; session 27 (STRIPED_AB) warp_runs 1.04-1.06 /
//     1.07-1.09 / 1.09-1.10, warp_rows 1.00-1.05 / 1.06-1.07 / 1.06-1.08;
//   - by a predicate (If), session 27 (STRIPED_AB, 128x48 at 7 blocks an SM): u32 by odd, chunks
//     0.93-0.95 / 1.02-1.03 / 1.01-1.04, warp_rows 0.97-1.04 / 1.06 / 1.05-1.07; f32 by x > 0.5f,
//     chunks 0.90-0.98 / 0.88-0.89 / 0.89 (26 bytes spilled), warp_rows 1.04-1.05 / 1.06-1.07 /
//     1.07 (56 registers, none spilled).
// In place (out == first) is safe for the same reason as select_tile's: a tile writes only below
// its own end, after the look-back, and every earlier tile has read its input by then.

#include <cstdint>
#include <type_traits>

#include "block/block_load_store.hpp"
#include "block/block_scan.hpp"
#include "device_utility.hpp"
#include "lookback.hpp"

namespace tide::backend::cuda::detail {

/// How a staged tile compacts (step 4) and writes (step 5); the header comment has the figures.
enum class staged_compaction {
  chunks,     // chunk by chunk, kept items then rejected ones: the partitions (whose rejected
              // items move right, which in place needs the per-chunk slots)
  warp_runs,  // the warp's kept items to the front of its slice, run by run: copy_if by a stencil
  warp_rows,  // the same by lane-striped rows, a ballot each: copy_if by a predicate
};
/// The partitions: chunks. copy_if by a stencil: warp_runs. copy_if by a predicate: warp_rows for
/// 4-byte items, the only width measured so far; chunks for the others, as before session 27.
template <bool Partitions, class T, class S>
inline constexpr staged_compaction default_staged_compaction =
    Partitions           ? staged_compaction::chunks
    : !std::is_void_v<S> ? staged_compaction::warp_runs
    : sizeof(T) == 4     ? staged_compaction::warp_rows
                         : staged_compaction::chunks;

/// One tile of select_staged_kernel. Mode: select_mode::copy_if, partition_copy or
/// partition_reversed (copy_if.hpp); Rejected is no_output for copy_if.
/// S: the stencil's element type (void: the items are their own stencil).
template <int Threads, int Items, int RunLen, tile_access Access, bool Partitions, bool Reversed, class T, class S,
          class Out, class Rejected, class Pred,
          staged_compaction Compaction = default_staged_compaction<Partitions, T, S>>
__device__ TIDE_FORCEINLINE void select_tile_staged(const T* in, const S* stencil, Out out, Rejected rejected,
                                                    size_type n, Pred pred, count_tile_state state, size_type tiles,
                                                    size_type* d_count) {
  constexpr bool own_stencil = !std::is_void_v<S>;
  using io = warp_tile_io<Items, RunLen, Access>;
  using scan_t = block_scan<int, Threads>;
  constexpr int runs = io::runs, chunk = warp_threads * RunLen;
  constexpr bool rows = Compaction == staged_compaction::warp_rows;
  constexpr bool warp_write = Compaction != staged_compaction::chunks;
  static_assert(!(Partitions && warp_write), "tide: the partitions compact chunk by chunk");
  static_assert(Items <= 64, "tide: one 64-bit mask of flags per lane");
  __shared__ typename scan_t::temp_storage scan_storage;
  __shared__ size_type tile_offset;
  extern __shared__ uint4 staged[];

  const tile_geometry<Threads, Items> g(n);
  const int lane = lane_id(), warp = warp_id();
  T* slice = reinterpret_cast<T*>(staged) + warp * io::warp_items;

  // 1. Stage (the stencil after the tile).
  using flag_t = std::conditional_t<own_stencil, S, T>;
  const flag_t* flags = reinterpret_cast<const flag_t*>(slice);
  if constexpr (own_stencil) {
    static_assert(sizeof(S) == sizeof(T), "tide: a staged stencil has the items' runs");
    S* stencil_slice = reinterpret_cast<S*>(reinterpret_cast<T*>(staged) + Threads * Items) + warp * io::warp_items;
    io::template stage<true>(stencil + g.warp_begin, stencil_slice, g.warp_valid);
    flags = stencil_slice;
  }
  io::template stage<true>(in + g.warp_begin, slice, g.warp_valid);
  io::wait_staged();

  // 2. Flag and rank. warp_rows: lane-striped (bit j: item j * 32 + lane of the slice; a lane's
  // count is all the scan needs, as the warp ranks its items by ballots in step 4). Otherwise by
  // runs (bit r * RunLen + e: item e of the lane's run r), one count a run.
  unsigned long long keep = 0;
  int counts[runs], rank[runs];
  if constexpr (rows) {
    int c = 0;
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      const int i = j * warp_threads + lane;
      const bool k = i < g.warp_valid && pred(flags[i]);
      keep |= static_cast<unsigned long long>(k) << j;
      c += k;
    }
    counts[0] = c;
#pragma unroll
    for (int r = 1; r < runs; ++r) counts[r] = 0;
  } else {
#pragma unroll
    for (int r = 0; r < runs; ++r) {
      const int begin = r * chunk + lane * RunLen;
      const auto run = load_run<RunLen>(flags + begin);
      int c = 0;
#pragma unroll
      for (int e = 0; e < RunLen; ++e) {
        const bool k = begin + e < g.warp_valid && pred(run.v[e]);
        keep |= static_cast<unsigned long long>(k) << (r * RunLen + e);
        c += k;
      }
      counts[r] = c;
    }
  }
  int block_count;
  if (!scan_t(scan_storage).exclusive_runs(counts, rank, block_count, sum_op{})) rank[0] = 0;

  // 3. The tile's offset (warp 0), while the others compact.
  if (warp == 0) {
    lookback_prefix<size_type, count_tile_state, sum_op> prefix{state, sum_op{}, g.tile, tiles, false, 0};
    size_type before = 0;
    const bool has = prefix(size_type(block_count), before);
    if (lane == 0) tile_offset = has ? before : 0;
  }

  // 4. Compact in place. The warp forms move the warp's kept items to the front of its slice, in
  // order; an item's slot is its rank in the warp, never past its own place.
  //   warp_rows: a row of 32 at a time; a ballot ranks the row's kept items, which go to
  //   consecutive slots (one store each, no two in a bank). A slot is never in a later group of
  //   rows, so a group's rows are read (and __syncwarp) before any is written.
  //   warp_runs: run by run, every chunk up to the current one read before it is written.
  // chunks: each chunk, kept items first, then (partitions) the rejected ones.
  int warp_kept = 0;  // the warp forms: this warp's kept items
  if constexpr (rows) {
    constexpr int group = 4;
    const unsigned below = (1u << lane) - 1u;
#pragma unroll
    for (int j0 = 0; j0 < Items; j0 += group) {
      T v[group];
#pragma unroll
      for (int x = 0; x < group; ++x)
        if (j0 + x < Items) v[x] = slice[(j0 + x) * warp_threads + lane];
      __syncwarp();  // every lane has read the group's rows
#pragma unroll
      for (int x = 0; x < group; ++x) {
        if (j0 + x < Items) {
          const bool k = (keep >> (j0 + x)) & 1;
          const unsigned row = __ballot_sync(0xffffffffu, k);
          if (k) slice[warp_kept + __popc(row & below)] = v[x];
          warp_kept += __popc(row);
        }
      }
    }
  } else if constexpr (warp_write) {
    const int warp_kept_before = shfl_idx(rank[0], 0);  // kept items of the tile before this warp
    warp_kept = shfl_idx(rank[runs - 1] + counts[runs - 1], warp_threads - 1) - warp_kept_before;
#pragma unroll
    for (int r = 0; r < runs; ++r) {
      const auto run = load_run<RunLen>(slice + r * chunk + lane * RunLen);
      int k = rank[r] - warp_kept_before;
      __syncwarp();  // every lane has read the chunk
#pragma unroll
      for (int e = 0; e < RunLen; ++e)
        if ((keep >> (r * RunLen + e)) & 1) slice[k++] = run.v[e];
    }
  } else {
#pragma unroll
    for (int r = 0; r < runs; ++r) {
      const int begin = r * chunk + lane * RunLen;
      const auto run = load_run<RunLen>(slice + begin);
      const int chunk_kept_before = shfl_idx(rank[r], 0);  // kept items of the tile before this chunk
      int k = rank[r] - chunk_kept_before;                  // this lane's first slot in the chunk
      const int chunk_kept = shfl_idx(rank[r] + counts[r], warp_threads - 1) - chunk_kept_before;
      int q = chunk_kept + lane * RunLen - k;  // rejected slots follow the kept ones
      __syncwarp();                            // every lane has read the chunk
#pragma unroll
      for (int e = 0; e < RunLen; ++e) {
        if ((keep >> (r * RunLen + e)) & 1) {
          slice[r * chunk + k++] = run.v[e];
        } else if constexpr (Partitions) {
          if (begin + e < g.warp_valid) slice[r * chunk + q] = run.v[e];
          ++q;
        }
      }
    }
  }
  __syncthreads();  // tile_offset, and every chunk compacted

  // 5. Write. The warp forms: the warp's kept items, one contiguous range of out; through a
  // pointer, as aligned 16-byte stores between a scalar head and tail (whole sectors, a quarter of
  // the store instructions). warp_rows gathers a lane's vector from shared memory starting at a
  // rotated item, (lane / 8) places on: lanes 16 bytes apart would otherwise meet in a bank (4 ways
  // for 4-byte items); warp_runs was measured without the rotation (session 26) and keeps that.
  // chunks: each chunk, kept items to out, rejected ones to `rejected`.
  const size_type offset = tile_offset;
  if constexpr (warp_write) {
    const int warp_kept_before = shfl_idx(rank[0], 0);
    auto to = out + (offset + warp_kept_before);
    if constexpr (std::is_same_v<Out, T*> && sizeof(T) < 16 && 16 % sizeof(T) == 0) {
      constexpr int vec = int(16 / sizeof(T));
      const int misaligned = int((reinterpret_cast<std::uintptr_t>(to) & 15) / sizeof(T));
      int head = misaligned == 0 ? 0 : vec - misaligned;
      head = head < warp_kept ? head : warp_kept;
      if (lane < head) to[lane] = slice[lane];
      const int vectors = (warp_kept - head) / vec;
      const int rot = rows ? ((lane >> 3) * (vec >= 4 ? vec / 4 : 1)) & (vec - 1) : 0;
      for (int v = lane; v < vectors; v += warp_threads) {
        const T* from = slice + head + v * vec;
        aligned_run<T, vec> run;
#pragma unroll
        for (int e = 0; e < vec; ++e) run.v[e] = from[(e + rot) & (vec - 1)];  // item (e + rot) of the vector
#pragma unroll
        for (int bit = 1; bit < vec; bit <<= 1) {  // rotate right by rot: run.v[i] = item i
          const bool turn = rot & bit;
          aligned_run<T, vec> turned;
#pragma unroll
          for (int i = 0; i < vec; ++i) turned.v[i] = turn ? run.v[(i - bit) & (vec - 1)] : run.v[i];
          run = turned;
        }
        store_run(to + head + v * vec, run);
      }
      const int tail = head + vectors * vec;
      if (lane < warp_kept - tail) to[tail + lane] = slice[tail + lane];
    } else {
      for (int j = lane; j < warp_kept; j += warp_threads) to[j] = slice[j];
    }
  } else {
#pragma unroll
    for (int r = 0; r < runs; ++r) {
      const int chunk_kept_before = shfl_idx(rank[r], 0);
      const int chunk_kept = shfl_idx(rank[r] + counts[r], warp_threads - 1) - chunk_kept_before;
      const T* c = slice + r * chunk;
      const size_type to = offset + chunk_kept_before;
      for (int j = lane; j < chunk_kept; j += warp_threads) out[to + j] = c[j];
      if constexpr (Partitions) {
        const int chunk_begin = warp * io::warp_items + r * chunk;  // position in the tile
        int chunk_valid = g.valid - chunk_begin;
        chunk_valid = chunk_valid < 0 ? 0 : chunk_valid > chunk ? chunk : chunk_valid;
        // Rejected items before this chunk: before the tile, then in the tile before the chunk.
        const size_type rejected_before = (g.tile_begin - offset) + (chunk_begin - chunk_kept_before);
        for (int j = chunk_kept + lane; j < chunk_valid; j += warp_threads) {
          const size_type q = rejected_before + (j - chunk_kept);
          if constexpr (Reversed)
            rejected[n - 1 - q] = c[j];
          else
            rejected[q] = c[j];
        }
      }
    }
  }
  if (g.tile == tiles - 1 && threadIdx.x == 0) *d_count = offset + block_count;
}

/// copy_if (Partitions false) and the partitions over staged tiles; dynamic shared memory: the tile
/// (and the stencil's). At least MinBlocks blocks an SM; 0 leaves the bound out, which is not the
/// same as 1: ptxas (CUDA 13.0) gave the u32 partition kernels 80 registers under (256, 1) and 64
/// under (256), 3 blocks an SM instead of 4 (partition_copy 1.04x -> 0.95x CUB at 2^28).
template <int Threads, int Items, int MinBlocks, int RunLen, tile_access Access, bool Partitions, bool Reversed,
          class T, class S, class Out, class Rejected, class Pred>
__global__ void __launch_bounds__(Threads, MinBlocks)
    select_staged_kernel(const T* in, const S* stencil, Out out, Rejected rejected, size_type n, Pred pred,
                         count_tile_state state, size_type tiles, size_type* d_count) {
  select_tile_staged<Threads, Items, RunLen, Access, Partitions, Reversed, T, S>(in, stencil, out, rejected, n, pred,
                                                                                state, tiles, d_count);
}

}  // namespace tide::backend::cuda::detail
