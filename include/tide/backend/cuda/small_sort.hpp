#pragma once
// Sorts of a few thousand elements: one launch, one block, a stable merge sort in shared memory.
// - Radix-order keys, every size of the one-block path (up to small_sort_capacity: 4352 for
//   elements of up to 10 bytes): the comparator's digits are computed once per key and the block
//   sorts (digits, index) pairs with a one-instruction comparison; the keys and values then move
//   once. (With the digits recomputed at every comparison, the merge chains were ALU-latency bound:
//   1000 f32 keys took 16 us in the kernel; and small_sort_kernel<256, 17> in radix order was
//   71-194 KB of sm_90 code a kernel against 11-15 KB for the digits sort, issue 18.)
// - Anything else: the keys (and values) themselves, with the caller's comparator, in a wide short
//   block up to 1536 elements (512x3: short serial merges, many warps to hide the latency). Past it,
//   elements of up to 8 bytes take a 512x7 block up to 3584, then two launches: blocks of 128x9
//   sort chunks of 1152 in place, and one 512x9 block, launched as a dependent (its launch hidden
//   behind the first), merges the chunks' runs in two levels. Larger elements take the merge sort's
//   tile shape in one block.
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

#include <atomic>
#include <cstdint>
#include <type_traits>

#include "../../config.hpp"
#include "../../execution.hpp"
#include "block/block_merge.hpp"
#include "launch.hpp"
#include "merge_sort.hpp"
#include "smem_opt_in.hpp"

namespace tide::backend::cuda::detail {

/// The small block shape: 512x3 where the tile fits 44 KiB of shared memory, else at most 128
/// threads and 9 items. For elements of up to 8 bytes, the shapes past it (header comment): one
/// block of mid_threads x mid_items, then chunks of chunk_threads x chunk_items merged by one block
/// of merge_threads x merge_items (2 x chunk a multiple of merge_items: blocked items pair up).
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
  static_assert(!split || (large::tile <= merge_tile && (2 * chunk) % merge_items == 0 && large::tile > mid_tile),
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

// ---- radix-order keys ---------------------------------------------------------------------------

struct small_bits_less {
  template <class T>
  __device__ TIDE_FORCEINLINE bool operator()(const T& a, const T& b) const {
    return a < b;
  }
};

/// Dynamic shared memory of small_radix_sort_kernel<Threads, Items> with digits of type Bits: the
/// digits, then (16-byte aligned) the indices.
template <class Bits>
constexpr std::size_t small_radix_smem(int tile) {
  return (std::size_t(tile) * sizeof(Bits) + 15) / 16 * 16 + std::size_t(tile) * sizeof(int);
}

/// Shape of the digits sort, one per key and value type: 512 threads and the fewest odd items
/// (conflict-free blocked shared accesses) that cover small_sort_capacity, so that radix-order keys
/// never instantiate small_sort_kernel: 512x9 up to 10-byte elements (4608 >= 4352), 512x7 up to
/// 16. Shared memory holds only the digits and the indices (the keys and values are gathered from
/// global memory at the end): at most 12 bytes an item, 55 KB at 4608 with 8-byte digits.
/// Up to short_tile keys a second instance at 512x3 (short_items) takes them: H100, session 16,
/// 1,000 keys took 14.0-14.9 us at 512x9 against 12.2-13.2 at 512x3 (u32, f32; u64 13.6 against
/// 15.8-16.6), while 1,537 to 4,352 keys went 1.3-2.7x faster than before at 512x9.
template <class Order, class K, class V, bool Pairs>
struct small_radix_tuning {
  using bits_type = typename Order::bits_type;
  static constexpr int capacity = int(small_sort_capacity<K, V, Pairs>());
  static constexpr int threads = 512;
  static constexpr int items = ((capacity + threads - 1) / threads) | 1;
  static constexpr int tile = threads * items;
  static constexpr std::size_t smem = small_radix_smem<bits_type>(tile);
  static constexpr int short_items = 3;
  static constexpr int short_tile = items > short_items ? threads * short_items : 0;  ///< 0: no second shape
  static constexpr std::size_t short_smem = small_radix_smem<bits_type>(threads * short_items);
};

/// The largest input the digits sort takes: every size of the one-block path.
template <class Order, class K, class V, bool Pairs>
constexpr size_type small_radix_capacity() {
  return small_radix_tuning<Order, K, V, Pairs>::capacity;
}

/// Stable sort of n <= Threads*Items keys (and values) in one block: the digits of each key once,
/// a merge sort of (digits, index) pairs, then each key and value moves once. Dynamic shared
/// memory: small_radix_smem<Order::bits_type>(Threads * Items).
template <int Threads, int Items, bool Pairs, class K, class V, class KeyIt, class ValIt, class Order>
__global__ void __launch_bounds__(Threads, 1) small_radix_sort_kernel(KeyIt keys, ValIt vals, int n, Order order) {
  using bits_t = typename Order::bits_type;
  constexpr int tile = Threads * Items;
  extern __shared__ __align__(16) unsigned char small_radix_raw[];
  bits_t* s_bits = reinterpret_cast<bits_t*>(small_radix_raw);
  int* s_idx = reinterpret_cast<int*>(small_radix_raw + (std::size_t(tile) * sizeof(bits_t) + 15) / 16 * 16);
  const int tid = threadIdx.x, start = tid * Items;
  bits_t bits[Items];
  int idx[Items];
  {  // the digits, from coalesced loads (all loads first), to blocked registers through shared memory
    K k[Items];
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (u * Threads + tid < n) k[u] = keys[u * Threads + tid];
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (u * Threads + tid < n) s_bits[u * Threads + tid] = order.digits(k[u]);
  }
  __syncthreads();
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    idx[u] = start + u;
    if (start + u < n) bits[u] = s_bits[start + u];
  }
  // (No barrier: the first level stores only this thread's own items, the ones it just read.)
  small_bits_less less;
  thread_sort<Items, true>(bits, idx, min(max(n - start, 0), Items), less);
  // block_merge_sort's levels, but only while the runs are shorter than n: a short input takes
  // fewer levels than the whole tile. The indices ride along as the values.
  block_merge_levels<Threads, Items, true>(bits, idx, n, s_bits, s_idx, less, Items, n);
  // Where each output comes from, striped for coalesced stores. After a warp-local last level only
  // this warp read these places; the barrier then orders the stores before every warp's reads.
#pragma unroll
  for (int u = 0; u < Items; ++u)
    if (start + u < n) s_idx[start + u] = idx[u];
  __syncthreads();
  // Every gather reads the input before any thread writes over it (one block: the barrier orders
  // them); the second reads of the keys hit the cache the first loads filled.
  K k[Items];
  V v[Pairs ? Items : 1];
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int i = u * Threads + tid;
    if (i < n) {
      const int src = s_idx[i];
      k[u] = keys[src];
      if constexpr (Pairs) v[u] = vals[src];
    }
  }
  __syncthreads();
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int i = u * Threads + tid;
    if (i < n) {
      keys[i] = k[u];
      if constexpr (Pairs) vals[i] = v[u];
    }
  }
}

/// Stable sort of keys[0, n) (and vals, when Pairs; else pass keys) in radix order `order`
/// (radix_bits_less) in one block; needs 1 < n <= small_radix_capacity<Order, K, V, Pairs>().
template <bool Pairs, class KeyIt, class ValIt, class Order>
void small_radix_sort(const cuda_policy& p, KeyIt keys, ValIt vals, size_type n, Order order,
                      const char* algorithm) {
  using K = iter_value_t<KeyIt>;
  using V = std::conditional_t<Pairs, iter_value_t<ValIt>, K>;
  using t = small_radix_tuning<Order, K, V, Pairs>;
  if constexpr (t::short_tile > 0) {
    if (n <= t::short_tile) {  // (its shared memory stays under 48 KiB)
      launch(algorithm, "small_radix_sort",
             small_radix_sort_kernel<t::threads, t::short_items, Pairs, K, V, KeyIt, ValIt, Order>, dim3(1),
             dim3(t::threads), t::short_smem, p.stream, keys, vals, int(n), order);
      return;
    }
  }
  auto kernel = small_radix_sort_kernel<t::threads, t::items, Pairs, K, V, KeyIt, ValIt, Order>;
  static std::atomic<std::uint64_t> opted_in{0};  // past 48 KiB (8-byte digits): one opt-in per device
  allow_dynamic_smem(kernel, t::smem, opted_in, algorithm);
  launch(algorithm, "small_radix_sort", kernel, dim3(1), dim3(t::threads), t::smem, p.stream, keys, vals, int(n),
         order);
}

}  // namespace tide::backend::cuda::detail
