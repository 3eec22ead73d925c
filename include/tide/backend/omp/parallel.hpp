#pragma once
// The few parallel primitives the OpenMP backend is written over: parallel_chunks, parallel_tiles,
// parallel_for and parallel_reduce (parallel_scan, the one-pass scan, is in parallel_scan.hpp).
// parallel_chunks cuts the range into one contiguous chunk per thread (static partition: callers
// index per-thread state by chunk); parallel_tiles, and so parallel_for, into tiles that threads
// take as they come (dynamic), so that a slow thread (a VM's vCPU that runs slower or loses its
// core) takes fewer; parallel_reduce into fixed blocks (their association depends on n only, so
// results are the same for any thread count), which threads also take as they come.

#include <algorithm>
#include <atomic>
#include <vector>

#include "../../execution.hpp"

#if TIDE_HAS_OPENMP
#include <omp.h>
#endif

namespace tide::backend::omp::detail {

/// The threads the policy asks for: par.with_threads(n), else OpenMP's default.
inline int policy_threads(const omp_policy& p) {
#if TIDE_HAS_OPENMP
  return p.num_threads > 0 ? p.num_threads : omp_get_max_threads();
#else
  (void)p;
  return 1;
#endif
}

/// The policy's threads, at most one per min_per_thread elements of n.
inline int thread_count(const omp_policy& p, size_type n, size_type min_per_thread = 4096) {
  // Small ranges are not worth a thread team.
  return static_cast<int>(std::max<size_type>(1, std::min<size_type>(policy_threads(p), n / min_per_thread)));
}

/// The team a parallel region asks OpenMP for when `want` threads have work: one, or every thread
/// the policy names, those without work idling through the region. libgomp ends the pool's threads
/// past a smaller team and starts them again for the next bigger one (pthread_create, fresh stacks
/// faulted in): a region of 16 threads then one of 4, in turns, took 536 us a pair against 219 us
/// for 16 and 16 (16 threads on a 2-core EPYC), and a phase of 4 threads inside a call of 16 (or a
/// small call between big ones) paid that churn every time.
inline int team_for(const omp_policy& p, int want) { return want > 1 ? std::max(want, policy_threads(p)) : 1; }

/// Chunk c of [0, n) cut into `chunks` near-equal parts.
inline void chunk_bounds(size_type n, int chunks, int c, size_type& begin, size_type& end) {
  size_type q = n / chunks, r = n % chunks;
  begin = c * q + std::min<size_type>(c, r);
  end = begin + q + (c < r ? 1 : 0);
}

/// Calls body(begin, end, chunk) once per chunk, in parallel: thread_count(p, n) chunks, at most
/// max_chunks.
template <class Body>
void parallel_chunks(const omp_policy& p, size_type n, Body body, int max_chunks = 0) {
  int chunks = thread_count(p, n);
  if (max_chunks > 0) chunks = std::min(chunks, max_chunks);
  if (chunks == 1) {
    body(size_type(0), n, 0);
    return;
  }
#if TIDE_HAS_OPENMP
#pragma omp parallel for num_threads(team_for(p, chunks)) schedule(static, 1)
#endif
  for (int c = 0; c < chunks; ++c) {
    size_type b, e;
    chunk_bounds(n, chunks, c, b, e);
    body(b, e, c);
  }
}

/// parallel_tiles' and parallel_reduce's schedule: about tiles_per_thread tiles or more per
/// thread. Thread u owns a contiguous run of tiles (the static partition: the same thread gets the
/// same items call after call, so a range that fits the L2s stays there) and claims them one by one
/// from its own counter; a thread done with its own then claims the other threads' remaining tiles
/// from theirs, so that a slow thread (a VM's slower vCPU, one that lost its core) hands work to
/// the others. Plain dynamic tiles lost that affinity: 2 cores, reduce u32 at 2^20 (4 MiB),
/// 58-63 us against 52-54 us static. Small ranges, where a tile would be under
/// dynamic_min_items, take one tile per thread and no counters.
struct tile_tuning {
  /// Tiles are multiples of this (parallel_reduce's blocks, cache lines): 4096 items.
  static constexpr size_type align_items = 4096;
  static constexpr size_type dynamic_min_items = 16384;
  static constexpr size_type max_items = 65536;
  static constexpr size_type tiles_per_thread = 8;
};

/// Calls body(begin, end) once per tile of [0, n), in parallel, as tile_tuning describes. Tiles
/// are multiples of align_items (but the last). A smaller team than asked for still runs every
/// tile (the missing threads' tiles are claimed by the others).
template <class Body>
void parallel_tiles(const omp_policy& p, size_type n, Body body) {
  using tt = tile_tuning;
  const int threads = thread_count(p, n, tt::align_items);
  if (threads == 1) {
    body(size_type(0), n);
    return;
  }
  const size_type want = n / (size_type(threads) * tt::tiles_per_thread);
  if (want < tt::dynamic_min_items) {
    const size_type per_thread = (n + threads - 1) / threads;
    const size_type tile = (per_thread + tt::align_items - 1) / tt::align_items * tt::align_items;
    const size_type tiles = (n + tile - 1) / tile;
#if TIDE_HAS_OPENMP
#pragma omp parallel for num_threads(team_for(p, static_cast<int>(tiles))) schedule(static, 1)
#endif
    for (size_type t = 0; t < tiles; ++t) body(t * tile, std::min(n, t * tile + tile));
    return;
  }
  const size_type tile = std::min(want, tt::max_items) / tt::align_items * tt::align_items;
  const size_type tiles = (n + tile - 1) / tile;
  struct alignas(64) owned {
    std::atomic<size_type> next;
    size_type end;
  };
  std::vector<owned> own(static_cast<std::size_t>(threads));
  for (int u = 0; u < threads; ++u) {
    own[u].next.store(tiles * u / threads, std::memory_order_relaxed);
    own[u].end = tiles * (u + 1) / threads;
  }
  auto work = [&](int t) {
    for (int k = 0; k < threads; ++k) {
      owned& o = own[static_cast<std::size_t>((t + k) % threads)];
      for (size_type j; (j = o.next.fetch_add(1, std::memory_order_relaxed)) < o.end;)
        body(j * tile, std::min(n, j * tile + tile));
    }
  };
#if TIDE_HAS_OPENMP
#pragma omp parallel num_threads(team_for(p, threads))
  if (omp_get_thread_num() < threads) work(omp_get_thread_num());
#else
  work(0);
#endif
}

/// f(i) for every i in [0, n).
template <class F>
void parallel_for(const omp_policy& p, size_type n, F f) {
  parallel_tiles(p, n, [&](size_type b, size_type e) {
    for (size_type i = b; i < e; ++i) f(i);
  });
}

/// parallel_reduce's unit of association: items per block.
struct reduce_tuning {
  static constexpr size_type block_items = 4096;
};

/// op(init, r) where r reduces [0, n) (n > 0) by fixed blocks of reduce_tuning::block_items:
/// reduce_block(b, e) gives a block's total, and the totals (an array of them) are reduced in turn
/// by reduce_totals(totals, count). The blocks depend on n only, so the association (and a float
/// result's bits) is the same for any thread count; the threads take runs of blocks dynamically
/// (tile_tuning's sizes), each block's total stored at its own index.
template <class T, class BlockReduce, class TotalsReduce, class Op>
T parallel_reduce(const omp_policy& p, size_type n, T init, BlockReduce reduce_block, TotalsReduce reduce_totals,
                  Op& op) {
  constexpr size_type B = reduce_tuning::block_items;
  static_assert(tile_tuning::align_items % B == 0, "tiles hold whole blocks");
  const size_type blocks = (n + B - 1) / B;
  if (blocks == 1) return op(init, reduce_block(size_type(0), n));
  std::vector<T> totals(static_cast<std::size_t>(blocks), init);
  parallel_tiles(p, n, [&](size_type b, size_type e) {
    // Tiles are multiples of B items, so they hold whole blocks.
    for (size_type j = b / B; j * B < e; ++j)
      totals[static_cast<std::size_t>(j)] = reduce_block(j * B, std::min(n, j * B + B));
  });
  return op(init, reduce_totals(totals.data(), blocks));
}

}  // namespace tide::backend::omp::detail
