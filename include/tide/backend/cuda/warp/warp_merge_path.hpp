#pragma once
// The merge path found by a group of lanes, for the partition kernels (merge, merge sort rounds,
// set operations): a one-thread binary search over global memory is a chain of log2(n) dependent
// loads (27 round trips for 2^27-element inputs), and with few cuts the kernel is no faster than
// that chain. Here each round the group's G lanes probe G evenly spaced points of the range at once
// and a ballot keeps the segment where the answer lies: ceil(log_G(n)) rounds (6 for 2^27 with a
// whole warp, 9 with groups of 8), each two loads a lane issued together. The price is traffic: 2G
// probes a round, each its own sector, against 2 a step (partition_search.hpp chooses).

#include "../device_utility.hpp"

namespace tide::backend::cuda::detail {

/// How many of the first `diag` elements of the stable merge of a[0, na) and b[0, nb) (ties take
/// a's first) come from a: block_merge.hpp's merge_path, searched by the 2^log2_lanes lanes of an
/// aligned group of the warp (log2_lanes 1 to 5). Every lane of the group must call it with the
/// same arguments; every lane of the group gets the answer. Groups of one warp may differ in their
/// arguments and their number of rounds (each ballot names only its group).
template <class ItA, class ItB, class Size, class Comp>
__device__ TIDE_FORCEINLINE Size group_merge_path(ItA a, Size na, ItB b, Size nb, Size diag, Comp& comp,
                                                  int log2_lanes) {
  const int lanes = 1 << log2_lanes;
  const int rank = lane_id() & (lanes - 1);
  const int first = lane_id() - rank;
  const unsigned group = lanes == warp_threads ? full_warp_mask : ((1u << lanes) - 1) << first;
  Size lo = diag > nb ? diag - nb : Size(0);
  Size hi = diag < na ? diag : na;
  // The answer is the first p in [lo, hi) where a[p] goes after b[diag - 1 - p] (hi if none); that
  // test is false, then true, as p grows.
  while (lo < hi) {
    const Size step = (hi - lo + (lanes - 1)) >> log2_lanes;  // `lanes` probes cover [lo, hi)
    const Size p = lo + step * rank;
    const bool after = p >= hi || comp(b[diag - 1 - p], a[p]);
    const unsigned mask = __ballot_sync(group, after) >> first;
    if (mask == 0) {  // every probe before the answer: it lies past the last lane's
      lo += step * (lanes - 1) + 1;
    } else {
      const int f = __ffs(mask) - 1;  // the first probe at or past the answer (or past hi)
      const Size p_f = lo + step * f;
      if (p_f < hi) hi = p_f;
      if (f > 0) lo += step * (f - 1) + 1;
    }
  }
  return lo;
}

/// group_merge_path by the whole warp: every lane must call it with the same arguments.
template <class ItA, class ItB, class Size, class Comp>
__device__ TIDE_FORCEINLINE Size warp_merge_path(ItA a, Size na, ItB b, Size nb, Size diag, Comp& comp) {
  return group_merge_path(a, na, b, nb, diag, comp, 5);
}

}  // namespace tide::backend::cuda::detail
