#pragma once
// parallel_scan, the one-pass scan the OpenMP scans, compactions, partitions and by-key algorithms
// are written over (issue 19). The range is cut into fixed blocks of scan_tuning::block_items;
// block j's carry is the chain C_1 = T_0, C_{j+1} = op(C_j, T_j) of the block totals T_j, and
// block j scans from C_j. The blocks depend on n only, so the association (and a float result's
// bits) is the same for any thread count, and a range of one block is the plain left-to-right loop.
//
// Phases: one thread team walks the blocks in rounds. In each round every thread takes a few
// consecutive blocks (about 64 KiB of 4-byte items, so they stay in its cache):
//   1. it reduces each of them (reduce_chunk) into this round's slot of a shared array;
//   2. a barrier;
//   3. every thread walks the round's totals in block order from the running carry, the same ops
//      in the same order (so the same bits in every thread), scans its own blocks from their
//      carries (scan_chunk) as it passes them, and keeps the chain's end as the next round's carry.
// So each item is read from memory once (phase 3 reads it again from cache) and written once;
// the old form reduced the whole range and then scanned it, reading it from memory twice.
//
// Why it is safe: a block is read (phase 1) before it is written (phase 3), and only by the thread
// that writes it, so in-place scans work. Each block's total has a slot of its own (no reuse).
// Operators see only values someone gave (no identity is
// needed: the first block gets a null carry), and always combine earlier with later (strictly in
// order: non-commutative operators are fine). A smaller team than asked for (nested parallelism,
// thread limits) only changes the rounds, not the blocks; so do slow barriers (an oversubscribed
// machine), which make the rounds bigger, since on such a machine each barrier costs a time slice.

#include <algorithm>
#include <optional>
#include <type_traits>
#include <vector>

#include "parallel.hpp"

namespace tide::backend::omp::detail {

/// parallel_scan's tuning; the tests read it to hit block and round boundaries.
struct scan_tuning {
  /// The unit of association: items per block (each block's total is reduced on its own).
  static constexpr size_type block_items = 4096;
  /// The input bytes a thread takes per round, at most (whole blocks, at least one): read in
  /// phase 1 and again in phase 3, with as much written, inside a core's L2 in between. On 2 cores
  /// (2 MiB L2 each) 64 KiB, 256 KiB and 1 MiB gave the same u32/f32 times within noise at 2^24 and
  /// 2^26 items; 256 KiB halves the rounds (barriers) of 64 KiB and leaves room on smaller L2s.
  static constexpr size_type share_bytes = 256 * 1024;
  /// A barrier wait this long (seconds) means a thread lost its core: the rounds grow 4x.
  static constexpr double slow_barrier_s = 500e-6;
};

/// The blocks a thread takes per round, at most, for items of item_bytes bytes.
constexpr size_type scan_share_blocks(size_type item_bytes) {
  const size_type b = scan_tuning::share_bytes / (scan_tuning::block_items * (item_bytes > 0 ? item_bytes : 1));
  return b > 0 ? b : 1;
}

/// The blocks of [0, n): ceil(n / block_items).
inline size_type scan_blocks(size_type n) { return (n + scan_tuning::block_items - 1) / scan_tuning::block_items; }

/// The team parallel_scan asks for over n items: one thread, or the policy's team (team_for), some
/// of it without blocks when they are few. Its callers size per-thread state by it.
inline int scan_team(const omp_policy& p, size_type n) {
  return team_for(p, static_cast<int>(std::min<size_type>(thread_count(p, n), scan_blocks(n))));
}

/// Calls scan_chunk(b, e, carry) for each block [b, e) of [0, n) with the carry of the blocks before
/// it (null for the first), where reduce_chunk(b, e) gives a block's total and op combines totals
/// (earlier, later). reduce_chunk of a block is called before scan_chunk of it, by the same thread,
/// and a thread scans its blocks in the order it reduced them; the last block is never reduced.
/// scan_chunk may take a fourth argument, the first item of the block this thread is likely to
/// reduce next (n if none): a hint for prefetching. item_bytes, the bytes read per item, sizes the
/// rounds only.
template <class T, class ChunkReduce, class ChunkScan, class Op>
void parallel_scan(const omp_policy& p, size_type n, ChunkReduce reduce_chunk, ChunkScan scan_chunk, Op op,
                   size_type item_bytes = 4) {
  constexpr size_type B = scan_tuning::block_items;
  const size_type blocks = scan_blocks(n);
  auto scan_one = [&](size_type b, size_type e, const T* carry) {  // no block ahead
    if constexpr (std::is_invocable_v<ChunkScan&, size_type, size_type, const T*, size_type>)
      scan_chunk(b, e, carry, n);
    else
      scan_chunk(b, e, carry);
  };
  if (blocks <= 1) {
    scan_one(size_type(0), n, static_cast<const T*>(nullptr));
    return;
  }
  auto bounds = [&](size_type j, size_type& b, size_type& e) {
    b = j * B;
    e = std::min(n, b + B);
  };
  // The carry as it goes on past block j's total t (in block order).
  auto extend = [&](std::optional<T>& carry, const T& t) {
    if (carry)
      carry = static_cast<T>(op(*carry, t));
    else
      carry = t;
  };
  const int threads = scan_team(p, n);
  if (threads == 1) {
    std::optional<T> carry;
    for (size_type j = 0; j < blocks; ++j) {
      size_type b, e;
      bounds(j, b, e);
      std::optional<T> total;
      if (j + 1 < blocks) total = reduce_chunk(b, e);  // before the scan: in place, it overwrites the block
      scan_one(b, e, carry ? &*carry : static_cast<const T*>(nullptr));
      if (total) extend(carry, *total);
    }
    return;
  }
#if TIDE_HAS_OPENMP
  // A round's blocks: each thread's share, fewer when the range is short (so that every thread has
  // work in a single round).
  const size_type most = (blocks + threads - 1) / threads;
  const size_type share0 = std::min<size_type>(scan_share_blocks(item_bytes), most);
  // Block totals by block (n / 4096 entries: no slot is reused, so any sequence of rounds is safe),
  // and each thread's wait at the last two rounds' barriers (by round parity).
  std::vector<std::optional<T>> totals(static_cast<std::size_t>(blocks));
  std::vector<double> waited(static_cast<std::size_t>(2 * threads), 0.0);
#pragma omp parallel num_threads(threads)
  {
    const size_type t = omp_get_thread_num(), team = omp_get_num_threads();
    size_type share = share0;
    std::optional<T> carry;  // the carry into the round's first block: the same in every thread
    for (size_type first = 0, r = 0; first < blocks; first += share * team, ++r) {
      if (r >= 2) {
        // A barrier that waited a scheduler's time slice means a thread lost its core (more threads
        // than free cores): then a round costs a time slice, whatever its size, so take bigger
        // rounds, up to one (the two-pass form). Every thread reads the same waits (written before
        // the last barrier, rewritten only after the next), so all agree on the rounds; the blocks,
        // and so the results, do not change.
        double worst = 0;
        for (size_type u = 0; u < team; ++u)
          worst = std::max(worst, waited[static_cast<std::size_t>((r & 1) * threads + u)]);
        if (worst > scan_tuning::slow_barrier_s) share = std::min(most, share * 4);
      }
      const size_type in_round = std::min(share * team, blocks - first);
      const size_type lo = in_round * t / team, hi = in_round * (t + 1) / team;  // this thread's blocks
      std::optional<T>* total = &totals[static_cast<std::size_t>(first)];
      // Phase 1: this thread's block totals (the last block's is never needed).
      for (size_type l = lo; l < hi; ++l) {
        size_type b, e;
        bounds(first + l, b, e);
        if (first + l + 1 < blocks) total[l] = reduce_chunk(b, e);
      }
      const double arrived = omp_get_wtime();
#pragma omp barrier
      waited[static_cast<std::size_t>((r & 1) * threads + t)] = omp_get_wtime() - arrived;
      // Phase 3: the chain through the round, scanning this thread's blocks on the way. A
      // scan_chunk that takes a fourth argument is also told where this thread's block of the
      // same rank starts in the next round (n if none), so it can prefetch it while it writes.
      const size_type next_first = first + in_round, next_in_round = std::min(share * team, blocks - next_first);
      const size_type next_lo = next_in_round * t / team, next_hi = next_in_round * (t + 1) / team;
      for (size_type l = 0; l < in_round; ++l) {
        if (l >= lo && l < hi) {
          size_type b, e;
          bounds(first + l, b, e);
          const T* c = carry ? &*carry : static_cast<const T*>(nullptr);
          if constexpr (std::is_invocable_v<ChunkScan&, size_type, size_type, const T*, size_type>) {
            const size_type ahead = next_lo + (l - lo);
            scan_chunk(b, e, c, next_first < blocks && ahead < next_hi ? (next_first + ahead) * B : n);
          } else {
            scan_chunk(b, e, c);
          }
        }
        if (first + l + 1 < blocks) extend(carry, *total[l]);
      }
    }
  }
#endif
}

}  // namespace tide::backend::omp::detail
