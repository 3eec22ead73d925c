#pragma once
// Sorts of a few thousand elements: one launch, one block, a stable merge sort in shared memory.
// - Radix-order keys up to 1536 (with small values): the comparator's digits are computed once per
//   key and the block sorts (digits, index) pairs with a one-instruction comparison; the keys and
//   values then move once. (With the digits recomputed at every comparison, the merge chains were
//   ALU-latency bound: 1000 f32 keys took 16 us in the kernel.)
// - Anything else: the keys (and values) themselves, with the caller's comparator, in a wide short
//   block up to 1536 elements (512x3: short serial merges, many warps to hide the latency), else the
//   merge sort's tile shape.
//
// Both kernels run as a single block, so they declare __launch_bounds__(Threads, 1): there is no
// occupancy to buy with fewer registers. Under the plain bound, ptxas (CUDA 13.0) capped
// small_sort_kernel<256, 17> of double keys in radix order at 64 registers, spilled, and the
// spilled build lost keys (values never in the input came out, every n from 1537 to 4352). The
// same source with more registers sorted right; so did every other key type (issue 15).

#include <cuda_runtime.h>

#include <type_traits>

#include "../../config.hpp"
#include "../../execution.hpp"
#include "block/block_merge.hpp"
#include "launch.hpp"
#include "merge_sort.hpp"

namespace tide::backend::cuda::detail {

/// The small block shape: 512x3 where the tile fits 44 KiB of shared memory, else at most 128
/// threads and 9 items.
template <std::size_t KeyBytes, std::size_t ValueBytes>
struct small_sort_tuning {
  using large = merge_sort_tuning<KeyBytes, ValueBytes>;
  static constexpr bool wide = 512 * 3 * (KeyBytes + ValueBytes) <= 45056;
  static constexpr int threads = wide ? 512 : (large::threads < 128 ? large::threads : 128);
  static constexpr int items = wide ? 3 : (large::items < 9 ? large::items : 9);
  static constexpr int tile = threads * items;
};

/// The largest input a single block sorts.
template <class K, class V, bool Pairs>
constexpr size_type small_sort_capacity() {
  return merge_sort_tuning<sizeof(K), Pairs ? sizeof(V) : 0>::tile;
}

template <int Threads, int Items, bool Pairs, class K, class V, class KeyIt, class ValIt, class Comp>
__global__ void __launch_bounds__(Threads, 1) small_sort_kernel(KeyIt keys, ValIt vals, int n, Comp comp) {
  __shared__ shared_array<K, Threads * Items> s_keys;
  __shared__ shared_array<V, Pairs ? Threads * Items : 1> s_vals;
  K k[Items];
  V v[Pairs ? Items : 1];
  load_blocked<Threads, Items>(keys, n, k, s_keys.data());
  if constexpr (Pairs) load_blocked<Threads, Items>(vals, n, v, s_vals.data());
  block_merge_sort<Threads, Items, Pairs>(k, v, n, s_keys.data(), s_vals.data(), comp);
  store_blocked<Threads, Items>(keys, n, k, s_keys.data());
  if constexpr (Pairs) store_blocked<Threads, Items>(vals, n, v, s_vals.data());
}

/// Stable sort of keys[0, n) (and vals, when Pairs; else pass keys) in one block;
/// needs 1 < n <= small_sort_capacity<K, V, Pairs>().
template <bool Pairs, class KeyIt, class ValIt, class Comp>
void small_sort(const cuda_policy& p, KeyIt keys, ValIt vals, size_type n, Comp comp, const char* algorithm) {
  using K = iter_value_t<KeyIt>;
  using V = std::conditional_t<Pairs, iter_value_t<ValIt>, K>;
  using small = small_sort_tuning<sizeof(K), Pairs ? sizeof(V) : 0>;
  using large = merge_sort_tuning<sizeof(K), Pairs ? sizeof(V) : 0>;
  if (n <= small::tile)
    launch(algorithm, "small_sort", small_sort_kernel<small::threads, small::items, Pairs, K, V, KeyIt, ValIt, Comp>,
           dim3(1), dim3(small::threads), 0, p.stream, keys, vals, int(n), comp);
  else
    launch(algorithm, "small_sort", small_sort_kernel<large::threads, large::items, Pairs, K, V, KeyIt, ValIt, Comp>,
           dim3(1), dim3(large::threads), 0, p.stream, keys, vals, int(n), comp);
}

// ---- radix-order keys ---------------------------------------------------------------------------

struct small_bits_less {
  template <class T>
  __device__ TIDE_FORCEINLINE bool operator()(const T& a, const T& b) const {
    return a < b;
  }
};

/// Shape of the digits sort: 512x3, when digits, indices, keys and values fit 44 KiB.
template <class Order, class K, class V, bool Pairs>
struct small_radix_tuning {
  static constexpr int threads = 512, items = 3, tile = threads * items;
  static constexpr std::size_t bytes =
      sizeof(typename Order::bits_type) + sizeof(int) + sizeof(K) + (Pairs ? sizeof(V) : 0);
  static constexpr bool fits = std::size_t(tile) * bytes <= 45056;
};

/// The largest input the digits sort takes (0: it does not fit).
template <class Order, class K, class V, bool Pairs>
constexpr size_type small_radix_capacity() {
  using t = small_radix_tuning<Order, K, V, Pairs>;
  return t::fits ? t::tile : 0;
}

template <int Threads, int Items, bool Pairs, class K, class V, class KeyIt, class ValIt, class Order>
__global__ void __launch_bounds__(Threads, 1) small_radix_sort_kernel(KeyIt keys, ValIt vals, int n, Order order) {
  using bits_t = typename Order::bits_type;
  constexpr int tile = Threads * Items;
  __shared__ shared_array<bits_t, tile> s_bits;
  __shared__ shared_array<int, tile> s_idx;
  __shared__ shared_array<K, tile> s_keys;
  __shared__ shared_array<V, Pairs ? tile : 1> s_vals;
  const int tid = threadIdx.x;
  {  // the keys (and values) into shared memory, all loads first
    K k[Items];
    V v[Pairs ? Items : 1];
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      const int i = u * Threads + tid;
      if (i < n) {
        k[u] = keys[i];
        if constexpr (Pairs) v[u] = vals[i];
      }
    }
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      const int i = u * Threads + tid;
      if (i < n) {
        s_keys.data()[i] = k[u];
        if constexpr (Pairs) s_vals.data()[i] = v[u];
      }
    }
  }
  __syncthreads();
  bits_t bits[Items];
  int idx[Items];
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int j = tid * Items + u;
    idx[u] = j;
    if (j < n) bits[u] = order.digits(s_keys.data()[j]);
  }
  small_bits_less less;
  block_merge_sort<Threads, Items, true>(bits, idx, n, s_bits.data(), s_idx.data(), less);  // ends synchronized
#pragma unroll
  for (int u = 0; u < Items; ++u)
    if (tid * Items + u < n) s_idx.data()[tid * Items + u] = idx[u];
  __syncthreads();
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int i = u * Threads + tid;
    if (i < n) {
      const int from = s_idx.data()[i];
      keys[i] = s_keys.data()[from];
      if constexpr (Pairs) vals[i] = s_vals.data()[from];
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
  launch(algorithm, "small_radix_sort", small_radix_sort_kernel<t::threads, t::items, Pairs, K, V, KeyIt, ValIt, Order>,
         dim3(1), dim3(t::threads), 0, p.stream, keys, vals, int(n), order);
}

}  // namespace tide::backend::cuda::detail
