#pragma once
// How the partition kernels (merge, merge sort rounds, set operations) search their cuts: each cut
// is a merge path search over global memory, by a warp while cuts are few (ceil(log32(n)) rounds
// of 64 probes), by a group of 8 lanes up to group_search_max_cuts (ceil(log8(n)) rounds of 16),
// and by one thread past that (log2(n) dependent steps of 2 loads), where the threads' chains
// overlap anyway and wider groups' probes cost more traffic than their shorter chains save.

#include "../../config.hpp"
#include "block/block_merge.hpp"
#include "device_utility.hpp"
#include "warp/warp_merge_path.hpp"

namespace tide::backend::cuda::detail {

/// A partition kernel's search of one cut by 2^log2_lanes lanes (0: one thread, merge_path).
template <class ItA, class ItB, class Size, class Comp>
__device__ TIDE_FORCEINLINE Size partition_merge_path(ItA a, Size na, ItB b, Size nb, Size diag, Comp& comp,
                                                      int log2_lanes) {
  return log2_lanes == 0 ? merge_path(a, na, b, nb, diag, comp)
                         : group_merge_path(a, na, b, nb, diag, comp, log2_lanes);
}

/// The partition kernels search by warps up to this many cuts. H100, session 16: the set
/// operations' cuts on two sorted u32 inputs, 217 cuts (2^20) 7.1 us by warps against 9.9 by
/// threads, 3,451 cuts (2^24) 14.6 against 11.8, 55,190 (2^28) 314 against 72; the merge sort of f32
/// keys by a user comparator (every round by warps) 2^20 (121 cuts a round) 0.095 ms against 0.115,
/// 2^24 (1,928) 0.844 against 0.891.
inline constexpr size_type warp_search_max_cuts = 2048;

/// Past warp_search_max_cuts, groups of 8 lanes search a cut up to this many cuts, threads past it.
/// H200, session 32 (compare/experiments/partition_lanes.cu: the merge sort's partition alone, the
/// last round's pairs, us a launch by events; thread / 4 / 8 / 16 lanes / warp): 1,928 cuts 12.5 /
/// 14.5 / 10.7 / 9.3 / 9.5; 3,856 cuts 12.1 / 13.7 / 10.3 / 10.8 / 12.0; 7,711 cuts 18.1 / 18.0 /
/// 20.5 / 27.6 / 37.9; 15,421 cuts 25.8 / 27.4 / 33.2 / 46.7 / 62.5. So a group of 8 gains a little
/// from 2^11 to 2^12 cuts (merge of 2^24 u32 keys, 3,856 tiles: 0.0640 -> 0.0592 ms).
inline constexpr size_type group_search_max_cuts = 4096;

/// log2 of the lanes that search each of `cuts` cuts: 5 (a warp), 3 (a group of 8) or 0 (a thread).
constexpr int partition_log2_lanes(size_type cuts) {
  return cuts <= warp_search_max_cuts ? 5 : cuts <= group_search_max_cuts ? 3 : 0;
}

/// Threads a partition block (merge, merge sort rounds, set operations).
inline constexpr int partition_threads = 256;

/// Blocks of partition_threads for `cuts` searches of 2^log2_lanes lanes each.
constexpr unsigned partition_grid(size_type cuts, int log2_lanes) {
  return unsigned(ceil_div(cuts << log2_lanes, partition_threads));
}

}  // namespace tide::backend::cuda::detail
