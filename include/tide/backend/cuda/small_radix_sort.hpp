#pragma once
// Sorts of a few thousand arithmetic keys in tide's key order (radix_bits_less: a bit range of the
// order bits, ascending or descending), in one block: every size up to small_sort_capacity, where
// the onesweep radix sort takes over (sort.hpp).
//
// - Digits of up to 4 bytes, keys alone or with values of up to 8 bytes: an LSD radix sort in
//   shared memory (small_lsd_sort_kernel). The keys (and values) are loaded once into registers,
//   warp-striped; each pass ranks the items' 8-bit digit across the block (block_radix_rank, the
//   onesweep pass's ranking: stable), scatters them to their ranks in shared memory and reads them
//   back in the same striped places; one pass a digit of the bit range, then one store. The ranking
//   costs what the tile costs (the padding past n is ranked too), so the block is the smallest of
//   four shapes that holds n: 512 threads of 3, 5, 7 or 9 items. (H200, timed as compare/ does,
//   compare/experiments/small_radix_lsd.cu: 4096 u32 keys 14.3 us against 17.2 in the digits merge
//   sort below and 15-18 in Thrust, f32 15.3 against 18.4, u32 keys with u32 values 16.5 against
//   18.0 and 19-24; 2049 u32 keys 10.4-11.5 against 13.5. Shapes of 256 threads, or of more items,
//   cost more at every size. u64 keys in eight passes took 27 us against 21 in the merge sort.)
// - Anything else (8-byte digits, larger values): a merge sort of (digits, index) pairs
//   (small_radix_sort_kernel): the comparator's digits are computed once per key and the merges
//   compare them with one instruction; the keys and values then move once. (With the digits
//   recomputed at every comparison, the merge chains were ALU-latency bound: 1000 f32 keys took 16
//   us in the kernel; and small_sort_kernel<256, 17> in radix order was 71-194 KB of sm_90 code a
//   kernel against 11-15 KB for the digits sort, issue 18.)
//
// Both are one block, and a barrier separates the last read of the input from the first write:
// they sort in place, through any iterator.

#include <cuda_runtime.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../../config.hpp"
#include "../../execution.hpp"
#include "block/block_merge.hpp"
#include "block/block_radix_rank.hpp"
#include "launch.hpp"
#include "small_sort.hpp"
#include "smem_opt_in.hpp"

namespace tide::backend::cuda::detail {

// ---- the LSD sort -------------------------------------------------------------------------------

/// One shape of the LSD sort, and its dynamic shared memory: the ranking's counters, then the keys,
/// then the values (each 16-byte aligned).
template <int Threads, int Items, class K, class V, bool Pairs>
struct small_lsd_shape {
  static constexpr int threads = Threads, items = Items, tile = Threads * Items;
  using rank_t = block_radix_rank<Threads, Items>;
  static constexpr std::size_t keys_offset = (sizeof(typename rank_t::storage) + 15) / 16 * 16;
  static constexpr std::size_t vals_offset = keys_offset + (std::size_t(tile) * sizeof(K) + 15) / 16 * 16;
  static constexpr std::size_t smem = vals_offset + (Pairs ? std::size_t(tile) * sizeof(V) : 0);
};

/// Whether the LSD sort takes these keys and values, and its four shapes, smallest first (the
/// last one's tile covers small_sort_capacity: 4608 >= 4352).
template <class Order, class K, class V, bool Pairs>
struct small_lsd_tuning {
  static constexpr bool takes = sizeof(typename Order::bits_type) <= 4 && (!Pairs || sizeof(V) <= 8);
  using s0 = small_lsd_shape<512, 3, K, V, Pairs>;
  using s1 = small_lsd_shape<512, 5, K, V, Pairs>;
  using s2 = small_lsd_shape<512, 7, K, V, Pairs>;
  using s3 = small_lsd_shape<512, 9, K, V, Pairs>;
  static_assert(s3::tile >= small_sort_capacity<K, V, Pairs>(), "small_lsd_tuning: the last shape holds every size");
};

/// Stable sort of keys[0, n) (and vals) in order's bit range, n <= Threads * Items, in one block:
/// one 8-bit LSD pass a digit (header comment). Dynamic shared memory: Shape::smem.
template <class Shape, bool Pairs, class K, class V, class KeyIt, class ValIt, class Order>
__global__ void __launch_bounds__(Shape::threads, 1)
    small_lsd_sort_kernel(KeyIt keys, ValIt vals, int n, Order order) {
  constexpr int Items = Shape::items;
  using rank_t = typename Shape::rank_t;
  using traits = tide::detail::radix_traits<K>;
  extern __shared__ __align__(16) unsigned char small_lsd_raw[];
  auto& rank_storage = *reinterpret_cast<typename rank_t::storage*>(small_lsd_raw);
  K* s_keys = reinterpret_cast<K*>(small_lsd_raw + Shape::keys_offset);
  V* s_vals = reinterpret_cast<V*>(small_lsd_raw + Shape::vals_offset);
  const int first = (threadIdx.x >> 5) * 32 * Items + (threadIdx.x & 31);  // item u: element first + 32u

  // 1. Load, warp-striped. Items past n take the padding: the key whose order bits are all ones
  //    (bool: the last value), so its digit is the largest of any key's in every pass, and as the
  //    tile's last items they rank past every key below n (no test in the passes).
  const K pad = traits::key_of_order_bits(typename traits::bits_type(~0ull), order.descending);
  K k[Items];
  V v[Pairs ? Items : 1];
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    k[u] = pad;
    if (first + 32 * u < n) {
      k[u] = keys[first + 32 * u];
      if constexpr (Pairs) v[u] = vals[first + 32 * u];
    }
  }
  // Every load issued before the first use: with each float key's digit computed right after its
  // load (its NaN and zero tests are branches), cicc let each load wait for the one before (H200,
  // 4096 f32 keys: 18.8 us, 17.2 with the barrier; 15.3 with the padding too, no `i < n` test).
  __syncwarp();

  // 2. A pass a digit: rank, scatter to the ranks, read back the same striped places.
  const int width = order.end_bit - order.begin_bit;  // order.digits: the range, shifted down
  for (int shift = 0; shift < width; shift += 8) {
    int digit_rank[Items];
#pragma unroll
    for (int u = 0; u < Items; ++u) digit_rank[u] = int((order.digits(k[u]) >> shift) & 255u);
    int count, excl;
    rank_t::rank(digit_rank, rank_storage, [](int) {}, count, excl);
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (digit_rank[u] < n) {
        s_keys[digit_rank[u]] = k[u];
        if constexpr (Pairs) s_vals[digit_rank[u]] = v[u];
      }
    __syncthreads();  // the scatter done (and the ranking's counters free again)
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (first + 32 * u < n) {
        k[u] = s_keys[first + 32 * u];
        if constexpr (Pairs) v[u] = s_vals[first + 32 * u];
      }
    __syncthreads();  // every read before the next pass's scatter
  }

  // 3. Store, warp-striped (coalesced).
#pragma unroll
  for (int u = 0; u < Items; ++u)
    if (first + 32 * u < n) {
      keys[first + 32 * u] = k[u];
      if constexpr (Pairs) vals[first + 32 * u] = v[u];
    }
}

/// Launches the LSD sort in `Shape`.
template <class Shape, bool Pairs, class KeyIt, class ValIt, class Order>
void small_lsd_sort(const cuda_policy& p, KeyIt keys, ValIt vals, size_type n, Order order, const char* algorithm) {
  using K = iter_value_t<KeyIt>;
  using V = std::conditional_t<Pairs, iter_value_t<ValIt>, K>;
  auto kernel = small_lsd_sort_kernel<Shape, Pairs, K, V, KeyIt, ValIt, Order>;
  static std::atomic<std::uint64_t> opted_in{0};  // pairs past 48 KiB: one opt-in per device
  allow_dynamic_smem(kernel, Shape::smem, opted_in, algorithm);
  launch(algorithm, "small_radix_sort", kernel, dim3(1), dim3(Shape::threads), Shape::smem, p.stream, keys, vals,
         int(n), order);
}

// ---- the digits merge sort ----------------------------------------------------------------------

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
  using lsd = small_lsd_tuning<Order, K, V, Pairs>;
  if constexpr (lsd::takes) {
    if (n <= lsd::s0::tile)
      small_lsd_sort<typename lsd::s0, Pairs>(p, keys, vals, n, order, algorithm);
    else if (n <= lsd::s1::tile)
      small_lsd_sort<typename lsd::s1, Pairs>(p, keys, vals, n, order, algorithm);
    else if (n <= lsd::s2::tile)
      small_lsd_sort<typename lsd::s2, Pairs>(p, keys, vals, n, order, algorithm);
    else
      small_lsd_sort<typename lsd::s3, Pairs>(p, keys, vals, n, order, algorithm);
  } else {
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
}

}  // namespace tide::backend::cuda::detail
