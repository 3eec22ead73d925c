#pragma once
// Stable merge sort for any comparator and any key (and value) type: each block sorts a tile in
// shared memory, then log2(tiles) rounds merge pairs of sorted runs. In a round every block writes
// one tile of output; a small partition kernel first finds, by merge path (co-rank) search, where
// each tile's inputs start, so every block does the same work however the runs interleave. While
// a round has few tiles (merge_sort_fused_max_tiles), each block searches its own two cuts
// instead, with two warps, and the round is one launch. Small sorts (merge_sort_small_max) take
// tiles half as wide where the big tiles have 1024 threads, to spread over more blocks, and those
// of more than one such tile up to merge_sort_narrow_max tiles and rounds of 256 x 9.
//
// The tiles are sorted in place when the number of rounds is even, into the temporary buffer when it
// is odd, so that the last round writes the user's range.

#include <cuda_runtime.h>

#include <atomic>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include "../../config.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "block/block_merge.hpp"
#include "launch.hpp"
#include "partition_search.hpp"
#include "smem_opt_in.hpp"
#include "warp/warp_merge_path.hpp"

namespace tide::backend::cuda::detail {

/// Block shape of the merge sort by key and value size (value 0: keys only): the tile's keys and
/// values fit 44 KiB of shared memory; an odd Items keeps the blocked shared accesses conflict-free.
template <std::size_t KeyBytes, std::size_t ValueBytes>
struct merge_sort_tuning {
  static constexpr std::size_t bytes = KeyBytes + ValueBytes;
  static constexpr int threads = bytes <= 64 ? 256 : 64;
  static constexpr int fit = int(45056 / (std::size_t(threads) * bytes));
  static_assert(fit >= 1, "tide::sort: element type too large for a shared-memory tile");
  static constexpr int capped = fit < 17 ? fit : 17;
  static constexpr int items = capped % 2 == 1 ? capped : (capped > 1 ? capped - 1 : 1);
  static constexpr int tile = threads * items;
};

/// A block shape of the merge rounds: Threads x Items outputs per block.
template <int Threads, int Items>
struct merge_round_shape {
  static constexpr int threads = Threads, items = Items, tile = Threads * Items;
};

/// The merge sort's own shape (tiles sorted by a block, and the rounds' output tiles): bigger tiles
/// than merge and small_sort use, in dynamic shared memory (past 48 KiB with the opt-in), because
/// each doubling of the tile saves a round over the whole input. Items odd (conflict-free blocked
/// shared accesses), Threads a power of two. Measured on an H200, 2^28 f32 keys, custom comparator:
/// tiles 1024x17 with rounds 512x17 (14 rounds) 12.30 ms; tiles 512x17 (15 rounds) 12.51. Rounds
/// of 256x17 (Thrust's shape) since session 32, when 2^24's 3,856 cuts a round became a group's
/// search (partition_search.hpp): a round 44 -> 40 us at 2^24 (ncu); H200, f32 keys, Thrust's time
/// over tide's, 512x17 -> 256x17 rounds: 2^20 1.35 -> 1.41, 2^22 1.13 -> 1.19, 2^24 1.00 -> 1.03,
/// 2^26 0.995 -> 1.03, 2^28 1.02 -> 1.05; u64 keys 2^24 1.12 -> 1.16 (docs/notes/sort.md, session 32).
template <std::size_t KeyBytes, std::size_t ValueBytes>
struct merge_sort_big_tuning {
  using base = merge_sort_tuning<KeyBytes, ValueBytes>;
  static constexpr bool narrow = KeyBytes + ValueBytes <= 8;
  static constexpr bool keys_only_word = ValueBytes == 0 && KeyBytes <= 4;  // 68 KiB tiles
  static constexpr int threads = keys_only_word ? 1024 : narrow ? 512 : base::threads;
  static constexpr int items = narrow ? 17 : base::items;
  static constexpr int tile = threads * items;
  /// The rounds' output tiles (must divide 2 * tile).
  using round = merge_round_shape<(threads < 256 ? threads : 256), items>;
};

/// The shape for sorts of at most merge_sort_small_max keys: where the big shape's tiles are of
/// 1024 threads, tiles of 512 (the same rounds), so that a small sort spreads over more blocks.
/// H100, f32 keys by a user comparator, rounds searching their own cuts: 2^14 keys 0.038 -> 0.032
/// ms, 2^16 0.053 -> 0.043, 2^20 0.081 -> 0.072; 2^21 0.103 against 0.108, hence the limit.
template <class Big>
struct merge_sort_halved_tuning {
  static constexpr int threads = Big::threads / 2, items = Big::items, tile = threads * items;
  using round = typename Big::round;
};
template <std::size_t KeyBytes, std::size_t ValueBytes>
using merge_sort_small_tuning =
    std::conditional_t<merge_sort_big_tuning<KeyBytes, ValueBytes>::threads == 1024,
                       merge_sort_halved_tuning<merge_sort_big_tuning<KeyBytes, ValueBytes>>,
                       merge_sort_big_tuning<KeyBytes, ValueBytes>>;
inline constexpr size_type merge_sort_small_max = size_type(1) << 20;

/// Between one small tile and merge_sort_narrow_max keys, where the small shape is halved: tiles
/// and rounds of 256 x 9, four times the blocks again. H100, f32 keys by a user comparator
/// (compare/experiments/small_msort.cu, two runs), Thrust's time over tide's, 512 x 17 -> 256 x 9:
/// 2^14 0.95 -> 0.995-1.017, 2^16 1.04-1.07 -> 1.14-1.16, 2^18 1.07-1.12 -> 1.23-1.29, 2^19
/// 1.13-1.16 -> 1.22-1.26; 2^20 1.29 -> 1.03-1.18 (hence the limit); at 2^13 one 512 x 17 tile
/// (no round) is faster, hence the lower end.
struct merge_sort_narrow_tuning {
  static constexpr int threads = 256, items = 9, tile = threads * items;
  using round = merge_round_shape<256, 9>;
};
inline constexpr size_type merge_sort_narrow_max = size_type(1) << 19;

/// Dynamic shared memory of a merge sort block: the tile's keys, then its values.
template <class Tuning, bool Pairs, class K, class V>
constexpr std::size_t merge_sort_smem() {
  const std::size_t keys = (std::size_t(Tuning::tile) * sizeof(K) + 15) / 16 * 16;
  return keys + (Pairs ? std::size_t(Tuning::tile) * sizeof(V) : 0);
}

template <class K, class V, class Tuning>
struct merge_sort_shared {
  K* keys;
  V* vals;
  __device__ TIDE_FORCEINLINE merge_sort_shared() {
    extern __shared__ __align__(16) unsigned char merge_smem_raw[];
    keys = reinterpret_cast<K*>(merge_smem_raw);
    vals = reinterpret_cast<V*>(merge_smem_raw + (std::size_t(Tuning::tile) * sizeof(K) + 15) / 16 * 16);
  }
};

template <class It>
using iter_value_t = typename std::iterator_traits<It>::value_type;

/// Blocks of the tile kernel an SM must hold: two of 1024 threads (so 32 registers a thread). Left
/// to itself ptxas took 48 registers after session 31's cheaper serial_merge (one block an SM: 2^24
/// f32 keys, 234 -> 272 us on an H200 with 9% fewer instructions).
template <class Tuning>
inline constexpr int merge_sort_tiles_min_blocks = Tuning::threads >= 1024 ? 2 : 1;

/// Sorts each tile of `tile` elements of in[0, n) into out (in == out is fine: a block reads its
/// whole tile before writing it).
template <class Tuning, bool Pairs, class K, class V, class KIn, class VIn, class KOut, class VOut, class Comp>
__global__ void __launch_bounds__(Tuning::threads, merge_sort_tiles_min_blocks<Tuning>)
    merge_sort_tiles_kernel(KIn keys_in, VIn vals_in, KOut keys_out, VOut vals_out, size_type n, Comp comp) {
  constexpr int threads = Tuning::threads, items = Tuning::items, tile = Tuning::tile;
  const merge_sort_shared<K, V, Tuning> sm;
  const size_type base = size_type(blockIdx.x) * tile;
  const int valid = int(n - base < tile ? n - base : tile);
  K keys[items];
  V vals[Pairs ? items : 1];
  load_blocked<threads, items>(keys_in + base, valid, keys, sm.keys);
  if constexpr (Pairs) load_blocked<threads, items>(vals_in + base, valid, vals, sm.vals);
  block_merge_sort<threads, items, Pairs>(keys, vals, valid, sm.keys, sm.vals, comp);
  store_blocked<threads, items>(keys_out + base, valid, keys, sm.keys);
  if constexpr (Pairs) store_blocked<threads, items>(vals_out + base, valid, vals, sm.vals);
}

/// The runs a merge round pairs up: output tile b lies in the pair starting at `pair`, whose first
/// run has na elements and second nb (tiles never straddle pairs: 2*width is a multiple of the tile).
struct merge_pair {
  size_type pair, na, nb;
  TIDE_HOST_DEVICE merge_pair(size_type d0, size_type n, size_type width) {
    pair = d0 / (2 * width) * (2 * width);
    na = n - pair < width ? n - pair : width;
    const size_type rest = n - pair - na;
    nb = rest < width ? rest : width;
  }
};

/// splits[t]: the merge path where output tile t starts, within its pair of runs (2^log2_lanes
/// lanes a tile: partition_search.hpp).
template <int Tile, class KIn, class Comp>
__global__ void merge_sort_partition_kernel(KIn src, size_type n, size_type width, size_type tiles, size_type* splits,
                                            Comp comp, int log2_lanes) {
  const size_type t = (size_type(blockIdx.x) * blockDim.x + threadIdx.x) >> log2_lanes;
  if (t >= tiles) return;  // (the whole group)
  const merge_pair m(t * Tile, n, width);
  KIn a = src + m.pair, b = src + (m.pair + m.na);
  const size_type d = t * Tile - m.pair;
  const size_type split = partition_merge_path(a, m.na, b, m.nb, d, comp, log2_lanes);
  if ((lane_id() & ((1 << log2_lanes) - 1)) == 0) splits[t] = split;
}

/// One merge round: runs of `width` sorted elements of src are merged pairwise into dst, one
/// output tile per block. Its inputs' cuts come from the partition kernel (splits), or, when splits
/// is null, from the block itself: warps 0 and 1 search its first and last cut (merge_sort's
/// merge_sort_fused_max_tiles says when).
template <class Round, bool Pairs, class K, class V, class KIn, class VIn, class KOut, class VOut, class Comp>
__global__ void __launch_bounds__(Round::threads)
    merge_sort_round_kernel(KIn src, VIn vsrc, KOut dst, VOut vdst, size_type n, size_type width,
                            const size_type* splits, Comp comp) {
  static_assert(Round::threads >= 2 * warp_threads, "two warps search a fused round's cuts");
  constexpr int tile = Round::tile;
  const merge_sort_shared<K, V, Round> sm;
  const size_type d0 = size_type(blockIdx.x) * tile;
  const merge_pair m(d0, n, width);
  const size_type total = m.na + m.nb, local0 = d0 - m.pair;
  const size_type local1 = local0 + tile < total ? local0 + tile : total;
  size_type a0, a1;
  if (splits) {
    a0 = splits[blockIdx.x];
    a1 = local1 == total ? m.na : splits[blockIdx.x + 1];  // the next tile is in this pair
  } else {
    __shared__ size_type cuts[2];
    const int w = warp_id();
    if (w < 2) {
      const size_type d = w == 0 ? local0 : local1;
      const size_type cut = w == 1 && local1 == total
                                ? m.na
                                : warp_merge_path(src + m.pair, m.na, src + (m.pair + m.na), m.nb, d, comp);
      if (lane_id() == 0) cuts[w] = cut;
    }
    __syncthreads();
    a0 = cuts[0];
    a1 = cuts[1];
  }
  merge_tile<Round::threads, Round::items, Pairs>(src + m.pair, vsrc + m.pair, src + (m.pair + m.na),
                                                     vsrc + (m.pair + m.na), local0, local1, a0, a1, dst + m.pair,
                                                     vdst + m.pair, sm.keys, sm.vals, comp);
}

/// Rounds of at most this many output tiles search their own cuts (no partition kernel): below it
/// the partition kernel's launch costs more than each block's two warp searches. H100, f32 keys by
/// a user comparator, rounds of 8,704 outputs: 2^20 keys (121 tiles) 0.101 -> 0.082 ms, 2^22 (482)
/// 0.218 -> 0.203; but 2^24 (1,928) 0.859 -> 0.874 and 2^26 3.31 -> 3.65.
inline constexpr size_type merge_sort_fused_max_tiles = 1024;

/// merge_sort in the block shape `Tuning`, its rounds searching their own cuts up to
/// fused_max_tiles output tiles, past that a partition kernel's 2^log2_lanes lanes a cut
/// (partition_log2_lanes's choice when -1; all exposed for tests and experiments).
template <bool Pairs, class Tuning, class KeyIt, class ValIt, class Comp>
void merge_sort_shaped(const cuda_policy& p, KeyIt keys, ValIt vals, size_type n, Comp comp, const char* algorithm,
                       size_type fused_max_tiles = merge_sort_fused_max_tiles, int log2_lanes = -1) {
  using K = iter_value_t<KeyIt>;
  using V = std::conditional_t<Pairs, iter_value_t<ValIt>, K>;
  using tuning = Tuning;
  using round = typename Tuning::round;
  static_assert((2 * tuning::tile) % round::tile == 0, "a round's output tiles never straddle two pairs of runs");
  if (n <= 1) return;
  constexpr std::size_t smem = merge_sort_smem<tuning, Pairs, K, V>();
  constexpr std::size_t round_smem = merge_sort_smem<round, Pairs, K, V>();
  const size_type tiles = (n + tuning::tile - 1) / tuning::tile;
  const size_type round_tiles = (n + round::tile - 1) / round::tile;
  int rounds = 0;
  while ((size_type(1) << rounds) < tiles) ++rounds;

  tide::detail::temporary_buffer<K> tmp_keys(p, rounds ? std::size_t(n) : 0, algorithm);
  const bool fused = round_tiles <= fused_max_tiles;  // no partition kernel, no splits
  tide::detail::temporary_buffer<size_type> splits(p, rounds && !fused ? std::size_t(round_tiles) : 0, algorithm);
  tide::detail::temporary_buffer<V> tmp_vals(p, rounds && Pairs ? std::size_t(n) : 0, algorithm);
  K* tk = tmp_keys.data();
  V* tv = Pairs ? tmp_vals.data() : reinterpret_cast<V*>(tk);
  const dim3 grid{unsigned(tiles)}, block{unsigned(tuning::threads)};
  const stream_t s = p.stream;

  // The sorted tiles go to the temporary buffer when the number of rounds is odd: the last round
  // then writes the user's range.
  bool in_tmp = rounds % 2 == 1;
  // (One opt-in flag per kernel: each is a distinct function.)
  static std::atomic<std::uint64_t> ready_tiles_tmp{0}, ready_tiles{0}, ready_from{0}, ready_to{0};
  if (in_tmp) {
    auto kernel = merge_sort_tiles_kernel<tuning, Pairs, K, V, KeyIt, ValIt, K*, V*, Comp>;
    allow_dynamic_smem(kernel, smem, ready_tiles_tmp, algorithm);
    launch(algorithm, "merge_sort_tiles", kernel, grid, block, smem, s, keys, vals, tk, tv, n, comp);
  } else {
    auto kernel = merge_sort_tiles_kernel<tuning, Pairs, K, V, KeyIt, ValIt, KeyIt, ValIt, Comp>;
    allow_dynamic_smem(kernel, smem, ready_tiles, algorithm);
    launch(algorithm, "merge_sort_tiles", kernel, grid, block, smem, s, keys, vals, keys, vals, n, comp);
  }
  auto from_tmp = merge_sort_round_kernel<round, Pairs, K, V, K*, V*, KeyIt, ValIt, Comp>;
  auto to_tmp = merge_sort_round_kernel<round, Pairs, K, V, KeyIt, ValIt, K*, V*, Comp>;
  if (rounds > 0) {
    allow_dynamic_smem(from_tmp, round_smem, ready_from, algorithm);
    allow_dynamic_smem(to_tmp, round_smem, ready_to, algorithm);
  }
  // One search a round tile, by as many lanes as partition_search.hpp says.
  const int lanes_log2 = log2_lanes >= 0 ? log2_lanes : partition_log2_lanes(round_tiles);
  auto partition_tmp = merge_sort_partition_kernel<round::tile, K*, Comp>;
  auto partition_keys = merge_sort_partition_kernel<round::tile, KeyIt, Comp>;
  const dim3 search_grid{partition_grid(round_tiles, lanes_log2)};
  const dim3 round_grid{unsigned(round_tiles)}, round_block{unsigned(round::threads)};
  for (int r = 0; r < rounds; ++r) {
    const size_type width = size_type(tuning::tile) << r;
    const size_type* cuts = fused ? nullptr : splits.data();
    if (in_tmp) {
      if (!fused)
        launch(algorithm, "merge_sort_partition", partition_tmp, search_grid, dim3(partition_threads), 0, s, tk, n,
               width, round_tiles, splits.data(), comp, lanes_log2);
      launch(algorithm, "merge_sort_round", from_tmp, round_grid, round_block, round_smem, s, tk, tv, keys, vals, n,
             width, cuts, comp);
    } else {
      if (!fused)
        launch(algorithm, "merge_sort_partition", partition_keys, search_grid, dim3(partition_threads), 0, s, keys, n,
               width, round_tiles, splits.data(), comp, lanes_log2);
      launch(algorithm, "merge_sort_round", to_tmp, round_grid, round_block, round_smem, s, keys, vals, tk, tv, n,
             width, cuts, comp);
    }
    in_tmp = !in_tmp;
  }
}

/// Stable sort of keys[0, n) (and vals[0, n), when Pairs) by `comp`. Without Pairs, `vals` is
/// unused (pass keys).
template <bool Pairs, class KeyIt, class ValIt, class Comp>
void merge_sort(const cuda_policy& p, KeyIt keys, ValIt vals, size_type n, Comp comp, const char* algorithm) {
  constexpr std::size_t key_bytes = sizeof(iter_value_t<KeyIt>);
  constexpr std::size_t value_bytes = Pairs ? sizeof(iter_value_t<ValIt>) : 0;
  using big = merge_sort_big_tuning<key_bytes, value_bytes>;
  using small = merge_sort_small_tuning<key_bytes, value_bytes>;
  if constexpr (!std::is_same_v<big, small>) {
    if (n > small::tile && n <= merge_sort_narrow_max)
      return merge_sort_shaped<Pairs, merge_sort_narrow_tuning>(p, keys, vals, n, comp, algorithm);
    if (n <= merge_sort_small_max) return merge_sort_shaped<Pairs, small>(p, keys, vals, n, comp, algorithm);
  }
  merge_sort_shaped<Pairs, big>(p, keys, vals, n, comp, algorithm);
}

}  // namespace tide::backend::cuda::detail
