#pragma once
// The merge path found by a whole warp, for the partition kernels (merge, merge sort rounds, set
// operations) when they have few cuts to find: a one-thread binary search over global memory is a
// chain of log2(n) dependent loads (27 round trips for 2^27-element inputs), and with few cuts the
// kernel is no faster than that chain. Here each round the 32 lanes probe 32 evenly spaced points
// of the range at once and a ballot keeps the segment where the answer lies: ceil(log32(n)) rounds
// (6 for 2^27), each two loads a lane issued together. The price is traffic: 64 probes a round,
// each its own sector, against 2 a step; with many cuts the threads' chains overlap anyway and
// the warps' probes cost more (warp_search_max_cuts).

#include "../device_utility.hpp"

namespace tide::backend::cuda::detail {

/// How many of the first `diag` elements of the stable merge of a[0, na) and b[0, nb) (ties take
/// a's first) come from a: block_merge.hpp's merge_path, searched by the whole warp. Every lane
/// must call it with the same arguments; every lane gets the answer.
template <class ItA, class ItB, class Size, class Comp>
__device__ TIDE_FORCEINLINE Size warp_merge_path(ItA a, Size na, ItB b, Size nb, Size diag, Comp& comp) {
  Size lo = diag > nb ? diag - nb : Size(0);
  Size hi = diag < na ? diag : na;
  const int lane = lane_id();
  // The answer is the first p in [lo, hi) where a[p] goes after b[diag - 1 - p] (hi if none); that
  // test is false, then true, as p grows.
  while (lo < hi) {
    const Size step = (hi - lo + (warp_threads - 1)) / warp_threads;  // 32 probes cover [lo, hi)
    const Size p = lo + step * lane;
    const bool after = p >= hi || comp(b[diag - 1 - p], a[p]);
    const unsigned mask = __ballot_sync(full_warp_mask, after);
    if (mask == 0) {  // every probe before the answer: it lies past lane 31's
      lo += step * (warp_threads - 1) + 1;
    } else {
      const int f = __ffs(mask) - 1;  // the first probe at or past the answer (or past hi)
      const Size p_f = lo + step * f;
      if (p_f < hi) hi = p_f;
      if (f > 0) lo += step * (f - 1) + 1;
    }
  }
  return lo;
}

/// The partition kernels search by warps up to this many cuts, by threads past it. H100, session
/// 16: the set operations' cuts on two sorted u32 inputs, 217 cuts (2^20) 7.1 us by warps against
/// 9.9 by threads, 3,451 cuts (2^24) 14.6 against 11.8, 55,190 (2^28) 314 against 72; the merge
/// sort of f32 keys by a user comparator (every round by warps) 2^20 (121 cuts a round) 0.095 ms
/// against 0.115, 2^24 (1,928) 0.844 against 0.891.
inline constexpr size_type warp_search_max_cuts = 2048;

/// Threads a partition block (merge, merge sort rounds, set operations).
inline constexpr int partition_threads = 256;

/// Blocks of partition_threads for `cuts` searches, a warp or a thread each.
constexpr unsigned partition_grid(size_type cuts, bool by_warp) {
  return unsigned(ceil_div(by_warp ? cuts * warp_threads : cuts, partition_threads));
}

}  // namespace tide::backend::cuda::detail
