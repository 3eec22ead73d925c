#pragma once
// Sorts of a few thousand elements: one launch, one block, a stable merge sort in shared memory
// (radix keys come with a comparator in tide's key order). Two block shapes, so that a small input
// does not pay for the merge levels of a big block.

#include <cuda_runtime.h>

#include <type_traits>

#include "../../config.hpp"
#include "../../execution.hpp"
#include "block/block_merge.hpp"
#include "launch.hpp"
#include "merge_sort.hpp"

namespace tide::backend::cuda::detail {

/// The small block shape: at most 128 threads and 9 items each.
template <std::size_t KeyBytes, std::size_t ValueBytes>
struct small_sort_tuning {
  using large = merge_sort_tuning<KeyBytes, ValueBytes>;
  static constexpr int threads = large::threads < 128 ? large::threads : 128;
  static constexpr int items = large::items < 9 ? large::items : 9;
  static constexpr int tile = threads * items;
};

/// The largest input a single block sorts.
template <class K, class V, bool Pairs>
constexpr size_type small_sort_capacity() {
  return merge_sort_tuning<sizeof(K), Pairs ? sizeof(V) : 0>::tile;
}

template <int Threads, int Items, bool Pairs, class K, class V, class KeyIt, class ValIt, class Comp>
__global__ void __launch_bounds__(Threads) small_sort_kernel(KeyIt keys, ValIt vals, int n, Comp comp) {
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

}  // namespace tide::backend::cuda::detail
