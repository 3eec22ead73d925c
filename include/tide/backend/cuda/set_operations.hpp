#pragma once
// Set operations on the CUDA system (set_union, set_intersection, set_difference,
// set_symmetric_difference and their _by_key forms), in two kernels:
//
// 1. set_partition_kernel: for each tile boundary d = t * tile of the merged length na + nb (a
//    warp each while they are few, warp/warp_merge_path.hpp), the balanced path (detail/set_operation_path.hpp): the
//    merge path there, moved inside a run of equal keys to the first state of the standard's loop
//    at or after d. The j-th copy of a key in
//    a and the j-th copy in b then always fall in the same tile, so each tile decides its outputs
//    alone; a tile takes between tile - 1 and tile + 1 inputs.
// 2. set_operation_kernel, one block per tile, one pass:
//    - loads its piece of a, then of b, into shared memory (coalesced; every load issued before
//      the first store, none guarded: load_piece_striped);
//    - each thread cuts the piece at its own diagonal (threadIdx.x * items) by the same balanced
//      path, so the piece's loop splits into per-thread loops with the same events, and runs its
//      loop for at most items + 1 steps, keeping in registers where each written element lies
//      (intersection and difference run loops of their own, which test fewer range ends);
//    - a block scan of the per-thread counts ranks the written elements, and a decoupled look-back
//      over 62-bit counts (lookback.hpp, as copy_if) gives the tile's offset in the output;
//    - the places are gathered in shared memory in output order (16-bit while the piece allows:
//      with the keys, 29 KiB for 4-byte keys, so 6 blocks fit an SM), then written out
//      contiguously: each key from shared memory, each value (by_key) from the range it came from.
//    The last tile writes the total count, which the host reads with one copy and one wait.
//
// The output must not overlap the inputs (as in Thrust and the standard). The comparator is only
// called on real elements. Keys of both ranges are held as the first range's value type.

#include <cuda_runtime.h>

#include <atomic>
#include <cstdint>
#include <type_traits>

#include "../../detail/raw_memory.hpp"
#include "../../detail/set_operation_path.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "block/block_merge.hpp"
#include "block/block_scan.hpp"
#include "device_utility.hpp"
#include "launch.hpp"
#include "lookback.hpp"
#include "smem_opt_in.hpp"
#include "partition_search.hpp"

namespace tide::backend::cuda {
namespace detail {

/// The block shape, by key size: the piece (up to tile + 1 keys) stays near 24 KiB of shared
/// memory (keys over 64 bytes: half the threads, one item each; larger keys take the opt-in past
/// 48 KiB), at most 19 items a thread (4-byte keys: 19; a thread's items + 1 steps fit in a 32-bit
/// mask). H200, two sorted u32 inputs of 2^27 half overlapping, Thrust's time over tide's at 256
/// threads: 15 items 0.65-0.79, 19 items 0.72-0.88, 384 x 13 0.63-0.75, 512 x 9 0.47-0.57, 128 x 23
/// 0.65-0.88 (Thrust's own tiles are 512 x 19). H100, session 16 (docs/notes/set_operations.md):
/// 6 blocks an SM against 5, intersection 0.86 -> 0.92-0.93x Thrust, the others within noise;
/// 23-31 items, 512 x 15-19 and 128 x 31 slower.
template <std::size_t KeyBytes>
struct set_tuning {
  static constexpr int threads = KeyBytes > 64 ? 128 : 256;
  static constexpr int by_size = int(24576 / (threads * KeyBytes));
  static constexpr int items = by_size > 19 ? 19 : by_size < 1 ? 1 : by_size;
  static constexpr int tile = threads * items;
  /// Blocks per SM for __launch_bounds__ (0: unspecified). 4-byte keys: 6, which 16-bit places
  /// leave room for in shared memory (the registers then spill a few bytes).
  static constexpr int min_blocks = KeyBytes <= 4 ? 6 : 0;
};

/// A tile's places in shared memory: 16 bits while the piece's positions fit them.
template <int Tile>
using set_place_t = std::conditional_t<(Tile + 2 <= 65536), unsigned short, int>;

/// The dynamic shared memory of a tile: the piece's keys (tile + 2), then the places (tile + 1).
template <class Tuning, class K>
constexpr std::size_t set_keys_bytes() {
  constexpr std::size_t a = alignof(set_place_t<Tuning::tile>);
  return (std::size_t(Tuning::tile + 2) * sizeof(K) + a - 1) / a * a;
}
template <class Tuning, class K>
constexpr std::size_t set_smem_bytes() {
  return set_keys_bytes<Tuning, K>() + std::size_t(Tuning::tile + 1) * sizeof(set_place_t<Tuning::tile>);
}

/// cut_a[t], cut_b[t]: the state where tile t's work begins (t = 0 .. tiles; the last is (na, nb)):
/// the merge path (2^log2_lanes lanes a cut: partition_search.hpp), then the balance (a probe or
/// two, the same in every lane of a group).
template <int Tile, class KA, class KB, class Comp>
__global__ void set_partition_kernel(KA a, size_type na, KB b, size_type nb, size_type tiles, size_type* cut_a,
                                     size_type* cut_b, Comp comp, int log2_lanes) {
  const size_type t = (size_type(blockIdx.x) * blockDim.x + threadIdx.x) >> log2_lanes;
  if (t > tiles) return;  // (the whole group)
  const size_type total = na + nb;
  const size_type d = t * Tile < total ? t * Tile : total;
  const size_type i = partition_merge_path(a, na, b, nb, d, comp, log2_lanes);
  const auto s = tide::detail::balance(a, na, b, nb, d, i, comp);
  if ((lane_id() & ((1 << log2_lanes) - 1)) == 0) {
    cut_a[t] = s.i;
    cut_b[t] = s.j;
  }
}

/// Loads the piece a[0, la) ++ b[0, n - la) (n >= 1) into registers, striped: x[u] = piece[u *
/// Threads + threadIdx.x], positions from n on reading the piece's last element again. No load is
/// guarded: a guard an item keeps a predicate register live from the load to its shared store, and
/// with 20 items and 7 predicate registers ptxas issued the loads in three batches, a memory round
/// trip each, where Thrust's kernel issues all of them at once (ncu, session 28). H200, 2^28:
/// union 1.10 -> 1.05 ms, difference 1.00 -> 0.97, symmetric 1.10 -> 1.06, intersection unchanged.
/// (The same clamp in merge_tile and load_blocked made merge 4% and the merge sort 0-2% slower.)
template <int Threads, int Items, class ItA, class ItB, class T>
__device__ TIDE_FORCEINLINE void load_piece_striped(ItA a, int la, ItB b, int n, T (&x)[Items]) {
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int p = min(u * Threads + int(threadIdx.x), n - 1);
    x[u] = p < la ? static_cast<T>(a[p]) : static_cast<T>(b[p - la]);
  }
}

/// One thread's loop over s[i, i_end) (a's part) and s[la + j, la + j_end) (b's): at most
/// items + 1 events, each consuming at least one input; write(u, place) for each event that
/// writes (a pair writes a's element), in order.
template <class Rules, int Items, class K, class Comp, class Write>
__device__ TIDE_FORCEINLINE void set_walk(const K* s, int la, int i, int i_end, int j, int j_end, Comp& comp,
                                          Write&& write) {
  K ka = s[i < i_end ? i : 0];
  K kb = s[la + (j < j_end ? j : 0)];
#pragma unroll
  for (int u = 0; u <= Items; ++u) {
    const bool has_a = i < i_end, has_b = j < j_end;
    bool a_first = has_a, b_first = has_b;  // a single, b single; neither: a pair
    if (has_a && has_b) {
      a_first = comp(ka, kb);
      b_first = !a_first && comp(kb, ka);
    }
    const bool any = has_a || has_b;
    if (any && (a_first ? Rules::a_single : b_first ? Rules::b_single : Rules::pair)) write(u, b_first ? la + j : i);
    if (any && !b_first) {
      ++i;
      ka = s[i < i_end ? i : 0];
    }
    if (any && !a_first) {
      ++j;
      kb = s[la + (j < j_end ? j : 0)];
    }
  }
}

/// set_walk for an intersection, which writes pairs only: once either part is used up nothing
/// more is written, so the loop need not stop there. It compares and advances without the range
/// tests of set_walk (its reads clamped to the piece's last key, s[last], so the comparator still
/// sees only real keys), and a pair writes only while both parts remain. H200, 2^28 (compare/'s
/// data): 0.93 -> 0.81 ms, 0.87x -> 1.00-1.02x Thrust (session 28).
template <int Items, class K, class Comp, class Write>
__device__ TIDE_FORCEINLINE void intersection_walk(const K* s, int la, int last, int i, int i_end, int j, int j_end,
                                                   Comp& comp, Write&& write) {
  if (i >= i_end || j >= j_end) return;  // (every thread of an empty piece)
  j += la;
  j_end += la;
  K ka = s[i], kb = s[j];
#pragma unroll
  for (int u = 0; u <= Items; ++u) {
    const bool a_less = comp(ka, kb), b_less = comp(kb, ka);
    if (!a_less && !b_less && i < i_end && j < j_end) write(u, i);
    if (!b_less) ka = s[min(++i, last)];
    if (!a_less) kb = s[min(++j, last)];
  }
}

/// set_walk for a difference, which writes a's singles only: nothing more once a's part is used
/// up, and every a left once b's is. The keys are compared unconditionally (reads clamped to
/// s[last]) and only b's end is tested in the advance. H200, 2^28: 0.96 -> 0.87-0.89 ms, 0.95x ->
/// 1.04x Thrust (session 28).
template <int Items, class K, class Comp, class Write>
__device__ TIDE_FORCEINLINE void difference_walk(const K* s, int la, int last, int i, int i_end, int j, int j_end,
                                                 Comp& comp, Write&& write) {
  if (i >= i_end) return;  // (every thread of an empty piece)
  j += la;
  j_end += la;
  K ka = s[i], kb = s[min(j, last)];
#pragma unroll
  for (int u = 0; u <= Items; ++u) {
    const bool b_in = j < j_end;
    const bool a_less = comp(ka, kb) || !b_in, b_less = b_in && comp(kb, ka);
    if (a_less && i < i_end) write(u, i);
    if (!b_less) ka = s[min(++i, last)];
    if (!a_less) kb = s[min(++j, last)];
  }
}

template <class Tuning, tide::detail::set_op Op, bool Pairs, class K, class KA, class KB, class VA, class VB,
          class KO, class VO, class Comp>
__global__ void __launch_bounds__(Tuning::threads, Tuning::min_blocks)
    set_operation_kernel(KA a, KB b, VA va, VB vb, const size_type* cut_a, const size_type* cut_b, KO keys_out,
                         VO vals_out, Comp comp, count_tile_state state, size_type tiles, size_type* d_count) {
  constexpr int threads = Tuning::threads, items = Tuning::items, tile = Tuning::tile;
  using rules = tide::detail::set_rules<Op>;
  using scan_t = block_scan<int, threads>;
  using place_t = set_place_t<tile>;
  // Dynamic: a's piece, then b's (one spare slot for safe reads); then the written elements'
  // places in the piece, in output order.
  extern __shared__ __align__(16) unsigned char set_smem[];
  K* s = reinterpret_cast<K*>(set_smem);
  place_t* s_place = reinterpret_cast<place_t*>(set_smem + set_keys_bytes<Tuning, K>());
  __shared__ int s_cut_a[threads + 1], s_cut_b[threads + 1];
  __shared__ typename scan_t::temp_storage scan_storage;
  __shared__ size_type tile_offset;

  const size_type t = blockIdx.x;
  const size_type a0 = cut_a[t], b0 = cut_b[t];
  const int la = int(cut_a[t + 1] - a0), lb = int(cut_b[t + 1] - b0);
  const int n_local = la + lb;  // at most tile + 1

  // The piece into shared memory: all loads first, unguarded (load_piece_striped), then the stores.
  if (n_local > 0) {
    K x[items + 1];
    load_piece_striped<threads, items + 1>(a + a0, la, b + b0, n_local, x);
#pragma unroll
    for (int u = 0; u <= items; ++u) {
      const int p = u * threads + int(threadIdx.x);
      if (p < n_local) s[p] = x[u];
    }
  }
  __syncthreads();

  // This thread's cut; its loop runs to the next thread's.
  {
    const int d = min(int(threadIdx.x) * items, n_local);
    const auto c = tide::detail::balance(s, la, s + la, lb, d, merge_path(s, la, s + la, lb, d, comp), comp);
    s_cut_a[threadIdx.x] = c.i;
    s_cut_b[threadIdx.x] = c.j;
    if (threadIdx.x == 0) {
      s_cut_a[threads] = la;
      s_cut_b[threads] = lb;
    }
  }
  __syncthreads();
  int i = s_cut_a[threadIdx.x], j = s_cut_b[threadIdx.x];
  const int i_end = s_cut_a[threadIdx.x + 1], j_end = s_cut_b[threadIdx.x + 1];

  // The loop: at most items + 1 events (each consumes at least one of at most items + 1 inputs).
  int block_count, rank;
  {
    int place[items + 1];
    unsigned written = 0;
    int count = 0;
    auto keep = [&](int u, int p) {
      place[u] = p;
      written |= 1u << u;
      ++count;
    };
    if constexpr (Op == tide::detail::set_op::intersection)
      intersection_walk<items>(s, la, n_local - 1, i, i_end, j, j_end, comp, keep);
    else if constexpr (Op == tide::detail::set_op::difference)
      difference_walk<items>(s, la, n_local - 1, i, i_end, j, j_end, comp, keep);
    else
      set_walk<rules, items>(s, la, i, i_end, j, j_end, comp, keep);
    rank = scan_t(scan_storage).exclusive_scan(count, 0, sum_op{}, block_count);
    // The tile's offset in the output.
    if (warp_id() == 0) {
      lookback_prefix<size_type, count_tile_state, sum_op> prefix{state, sum_op{}, t, tiles, false, 0};
      size_type before = 0;
      const bool has = prefix(size_type(block_count), before);
      if (lane_id() == 0) tile_offset = has ? before : 0;
    }
#pragma unroll
    for (int u = 0; u <= items; ++u)
      if (written & (1u << u)) s_place[rank++] = place_t(place[u]);
  }
  __syncthreads();

  const size_type offset = tile_offset;
  for (int k = int(threadIdx.x); k < block_count; k += threads) {
    const int p = int(s_place[k]);
    keys_out[offset + k] = s[p];
    if constexpr (Pairs) {
      if (p < la)
        vals_out[offset + k] = va[a0 + p];
      else
        vals_out[offset + k] = vb[b0 + (p - la)];
    }
  }
  if (t == tiles - 1 && threadIdx.x == 0) *d_count = offset + block_count;
}

/// Runs set operation Op (by key when Pairs) and returns the number of elements written.
/// `Tuning`: the block shape (set_tuning's by default; for experiments).
template <tide::detail::set_op Op, bool Pairs, class Tuning = void, class KA, class KB, class VA, class VB, class KO,
          class VO, class Comp>
size_type set_operation_impl(const cuda_policy& p, KA a, size_type na, KB b, size_type nb, VA va, VB vb,
                             KO keys_out, VO vals_out, Comp comp, const char* algorithm) {
  check_pending(algorithm);
  using K = iter_value_t<KA>;
  using tuning = std::conditional_t<std::is_void_v<Tuning>, set_tuning<sizeof(K)>, Tuning>;
  const size_type total = na + nb;
  if (total == 0) return 0;
  const size_type tiles = ceil_div(total, tuning::tile);
  const unsigned grid = tile_grid(tiles, algorithm);
  tide::detail::temporary_buffer<size_type> cuts(p, std::size_t(2 * (tiles + 1)), algorithm);
  tide::detail::temporary_buffer<size_type> d_count(p, 1, algorithm);
  tile_state_buffer<count_tile_state> state(p, tiles, algorithm);
  size_type* cut_a = cuts.data();
  size_type* cut_b = cuts.data() + (tiles + 1);
  const int log2_lanes = partition_log2_lanes(tiles + 1);
  launch(algorithm, "set_partition", set_partition_kernel<tuning::tile, KA, KB, Comp>,
         dim3(partition_grid(tiles + 1, log2_lanes)), dim3(partition_threads), 0, p.stream, a, na, b, nb, tiles,
         cut_a, cut_b, comp, log2_lanes);
  constexpr std::size_t smem = set_smem_bytes<tuning, K>();
  const auto kernel = set_operation_kernel<tuning, Op, Pairs, K, KA, KB, VA, VB, KO, VO, Comp>;
  if constexpr (smem > 40 * 1024) {  // with the static part (cuts, scan) it may pass 48 KiB: ask
    static std::atomic<std::uint64_t> opted_in{0};
    allow_dynamic_smem(kernel, smem > 48 * 1024 ? smem : 48 * 1024 + 16, opted_in, algorithm);
  }
  launch(algorithm, "set_operation", kernel, dim3(grid), dim3(tuning::threads), smem, p.stream, a, b, va, vb, static_cast<const size_type*>(cut_a),
         static_cast<const size_type*>(cut_b), keys_out, vals_out, comp, state.state(), tiles, d_count.data());
  size_type count = 0;
  tide::detail::device_copy_bytes(&count, d_count.data(), sizeof(count), tide::detail::copy_kind::device_to_host,
                                  p.stream, true, algorithm);
  return count;
}

}  // namespace detail

/// Writes the elements of set operation Op on sorted a[0, na) and b[0, nb) to out; returns how many.
template <::tide::detail::set_op Op, class ItA, class ItB, class OutIt, class Comp>
size_type set_operation(const cuda_policy& p, ItA a, size_type na, ItB b, size_type nb, OutIt out, Comp comp) {
  return detail::set_operation_impl<Op, false>(p, a, na, b, nb, a, a, out, out, comp,
                                               ::tide::detail::set_op_name<Op>(false));
}

/// set_operation on the keys ka and kb, writing each written key's value (from va or vb) beside it.
template <::tide::detail::set_op Op, class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut,
          class Comp>
size_type set_operation_by_key(const cuda_policy& p, KeyA ka, size_type na, KeyB kb, size_type nb, ValA va, ValB vb,
                               KeyOut keys_out, ValOut vals_out, Comp comp) {
  return detail::set_operation_impl<Op, true>(p, ka, na, kb, nb, va, vb, keys_out, vals_out, comp,
                                              ::tide::detail::set_op_name<Op>(true));
}

}  // namespace tide::backend::cuda
