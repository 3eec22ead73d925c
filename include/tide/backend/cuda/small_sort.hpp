#pragma once
// Sorts of a few thousand elements by the caller's comparator (radix-order keys:
// small_radix_sort.hpp): a stable merge sort of the keys (and values) in shared memory.
// - Up to 1536 elements, one wide short block (512x3: short serial merges, many warps to hide the
//   latency).
// - Past it, elements of up to 8 bytes take a 512x7 block up to 3584, then two launches: blocks of
//   128x9 sort chunks of 1152 in place, and one 512x9 block, launched as a dependent (its launch
//   hidden behind the first), merges the chunks' runs in two levels. Larger elements take the merge
//   sort's tile shape in one block.
//   (H100, f32 keys by `a > b`, timed as compare/ does, compare/experiments/small_custom_shapes.cu:
//   4096 keys in one 256x17 block 15.9-16.1 us, in one 512x9 block 14.8, in the two launches
//   13.7-14.5, Thrust 14.6-15.3; 2048 keys 14.3-14.5 -> 11.6-12.2 in the 512x7 block. A merge level
//   is latency-bound, a search of up to 12 steps and a serial merge a thread, so a level costs
//   about the same in small blocks on several SMs as in one block: more, smaller blocks first pay.)
//
// The kernels run as one block, or a few, so they declare __launch_bounds__(Threads, 1): there is no
// occupancy to buy with fewer registers. Under the plain bound, ptxas (CUDA 13.0) capped
// small_sort_kernel<256, 17> of double keys in radix order at 64 registers, spilled, and the
// spilled build lost keys (values never in the input came out, every n from 1537 to 4352). The
// same source with more registers sorted right; so did every other key type (issue 15).

#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "../../config.hpp"
#include "../../execution.hpp"
#include "block/block_merge.hpp"
#include "launch.hpp"
#include "merge_sort.hpp"

namespace tide::backend::cuda::detail {

/// The small block shape: 512x3 where the tile fits 44 KiB of shared memory, else at most 128
/// threads and 9 items. For elements of up to 8 bytes, the shapes past it (header comment): one
/// block of mid_threads x mid_items, then chunks of chunk_threads x chunk_items merged by one block
/// of merge_threads x merge_items (a chunk merge_items times a power of two: block_merge_levels).
template <std::size_t KeyBytes, std::size_t ValueBytes>
struct small_sort_tuning {
  using large = merge_sort_tuning<KeyBytes, ValueBytes>;
  static constexpr bool wide = 512 * 3 * (KeyBytes + ValueBytes) <= 45056;
  static constexpr int threads = wide ? 512 : (large::threads < 128 ? large::threads : 128);
  static constexpr int items = wide ? 3 : (large::items < 9 ? large::items : 9);
  static constexpr int tile = threads * items;
  static constexpr bool split = KeyBytes + ValueBytes <= 8;  ///< the middle shape and the two launches
  static constexpr int mid_threads = 512, mid_items = 7, mid_tile = mid_threads * mid_items;
  static constexpr int chunk_threads = 128, chunk_items = 9, chunk = chunk_threads * chunk_items;
  static constexpr int merge_threads = 512, merge_items = 9, merge_tile = merge_threads * merge_items;
  static_assert(!split || (large::tile <= merge_tile && chunk % merge_items == 0 &&
                            ((chunk / merge_items) & (chunk / merge_items - 1)) == 0 && large::tile > mid_tile),
                "small_sort_tuning: the two launches must cover the one-block capacity");
};

/// The largest input a single block sorts.
template <class K, class V, bool Pairs>
constexpr size_type small_sort_capacity() {
  return merge_sort_tuning<sizeof(K), Pairs ? sizeof(V) : 0>::tile;
}

/// Block b sorts keys[b * tile, min(n, (b + 1) * tile)) (tile = Threads * Items) in place: one block
/// sorts a small input whole; several sort small_merge_kernel's runs.
template <int Threads, int Items, bool Pairs, class K, class V, class KeyIt, class ValIt, class Comp>
__global__ void __launch_bounds__(Threads, 1) small_sort_kernel(KeyIt keys, ValIt vals, int n, Comp comp) {
  __shared__ shared_array<K, Threads * Items> s_keys;
  __shared__ shared_array<V, Pairs ? Threads * Items : 1> s_vals;
  grid_dependents_may_start();  // small_merge_kernel's block may take its place early and wait
  const int base = int(blockIdx.x) * (Threads * Items), valid = min(Threads * Items, n - base);
  const KeyIt my_keys = keys + base;
  const ValIt my_vals = vals + (Pairs ? base : 0);
  K k[Items];
  V v[Pairs ? Items : 1];
  load_blocked<Threads, Items>(my_keys, valid, k, s_keys.data());
  if constexpr (Pairs) load_blocked<Threads, Items>(my_vals, valid, v, s_vals.data());
  block_merge_sort<Threads, Items, Pairs>(k, v, valid, s_keys.data(), s_vals.data(), comp);
  store_blocked<Threads, Items>(my_keys, valid, k, s_keys.data());
  if constexpr (Pairs) store_blocked<Threads, Items>(my_vals, valid, v, s_vals.data());
}

/// One block merges the sorted runs of `width0` elements of keys[0, n) (n <= Threads * Items) into
/// one, in place, after the kernel before it (small_sort_kernel's chunks) has finished.
template <int Threads, int Items, bool Pairs, class K, class V, class KeyIt, class ValIt, class Comp>
__global__ void __launch_bounds__(Threads, 1) small_merge_kernel(KeyIt keys, ValIt vals, int n, int width0, Comp comp) {
  __shared__ shared_array<K, Threads * Items> s_keys;
  __shared__ shared_array<V, Pairs ? Threads * Items : 1> s_vals;
  grid_dependency_wait();
  K k[Items];
  V v[Pairs ? Items : 1];
  load_blocked<Threads, Items>(keys, n, k, s_keys.data());
  if constexpr (Pairs) load_blocked<Threads, Items>(vals, n, v, s_vals.data());
  block_merge_levels<Threads, Items, Pairs>(k, v, n, s_keys.data(), s_vals.data(), comp, width0, n);
  store_blocked<Threads, Items>(keys, n, k, s_keys.data());
  if constexpr (Pairs) store_blocked<Threads, Items>(vals, n, v, s_vals.data());
}

/// Stable sort of keys[0, n) (and vals, when Pairs; else pass keys) in one block, or two launches;
/// needs 1 < n <= small_sort_capacity<K, V, Pairs>().
template <bool Pairs, class KeyIt, class ValIt, class Comp>
void small_sort(const cuda_policy& p, KeyIt keys, ValIt vals, size_type n, Comp comp, const char* algorithm) {
  using K = iter_value_t<KeyIt>;
  using V = std::conditional_t<Pairs, iter_value_t<ValIt>, K>;
  using small = small_sort_tuning<sizeof(K), Pairs ? sizeof(V) : 0>;
  using large = merge_sort_tuning<sizeof(K), Pairs ? sizeof(V) : 0>;
  if (n <= small::tile) {
    launch(algorithm, "small_sort", small_sort_kernel<small::threads, small::items, Pairs, K, V, KeyIt, ValIt, Comp>,
           dim3(1), dim3(small::threads), 0, p.stream, keys, vals, int(n), comp);
    return;
  }
  if constexpr (small::split) {
    if (n <= small::mid_tile) {
      launch(algorithm, "small_sort",
             small_sort_kernel<small::mid_threads, small::mid_items, Pairs, K, V, KeyIt, ValIt, Comp>, dim3(1),
             dim3(small::mid_threads), 0, p.stream, keys, vals, int(n), comp);
    } else {
      launch(algorithm, "small_sort",
             small_sort_kernel<small::chunk_threads, small::chunk_items, Pairs, K, V, KeyIt, ValIt, Comp>,
             dim3(unsigned((n + small::chunk - 1) / small::chunk)), dim3(small::chunk_threads), 0, p.stream, keys,
             vals, int(n), comp);
      launch_dependent(algorithm, "small_merge",
                       small_merge_kernel<small::merge_threads, small::merge_items, Pairs, K, V, KeyIt, ValIt, Comp>,
                       dim3(1), dim3(small::merge_threads), 0, p.stream, keys, vals, int(n), int(small::chunk), comp);
    }
  } else {
    launch(algorithm, "small_sort", small_sort_kernel<large::threads, large::items, Pairs, K, V, KeyIt, ValIt, Comp>,
           dim3(1), dim3(large::threads), 0, p.stream, keys, vals, int(n), comp);
  }
}

}  // namespace tide::backend::cuda::detail
