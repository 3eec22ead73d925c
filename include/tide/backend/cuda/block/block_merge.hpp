#pragma once
// Merging and sorting building blocks: the merge path (co-rank) search, a thread's serial merge,
// a thread's register sort, a block's stable merge sort of one tile in shared memory, and the
// merge of one output tile of two sorted ranges (used by merge, merge_by_key and merge sort).
//
// Every merge is stable: on ties the element of the first range goes first. Comparators are only
// ever called on real elements (never on padding), so any strict weak order works.

#include <cuda_runtime.h>

#include "../../../config.hpp"

namespace tide::backend::cuda::detail {

/// Uninitialized shared storage for N objects of T (a __shared__ variable may not be constructed).
template <class T, int N>
struct shared_array {
  alignas(alignof(T) > 16 ? alignof(T) : 16) unsigned char raw[N * sizeof(T)];
  __device__ TIDE_FORCEINLINE T* data() { return reinterpret_cast<T*>(raw); }
};

/// How many of the first `diag` elements of the stable merge of a[0, na) and b[0, nb) come from a.
template <class ItA, class ItB, class Size, class Comp>
TIDE_HOST_DEVICE TIDE_FORCEINLINE Size merge_path(ItA a, Size na, ItB b, Size nb, Size diag, Comp& comp) {
  Size lo = diag > nb ? diag - nb : Size(0);
  Size hi = diag < na ? diag : na;
  while (lo < hi) {
    const Size mid = lo + (hi - lo) / 2;
    if (comp(b[diag - 1 - mid], a[mid]))
      hi = mid;
    else
      lo = mid + 1;  // a[mid] goes before b[diag - 1 - mid]
  }
  return lo;
}

/// Merges s[a, a_end) and s[b, b_end) (both in one shared array) into up to Items outputs, with the
/// index in s of each; outputs past the end repeat garbage and must be ignored by the caller. An
/// exhausted side reads the last element of its run again (s[0] for an empty run; never compared):
/// a place the caller may read (within its own warp's part when only the warp has synchronized).
/// That clamp is one min a step; the test-and-select it replaced (`b < b_end ? b : safe`) was two,
/// of the 16 a step took where CUB's unclamped step takes 12 (H200 SASS, session 31): the serial
/// merge is half of the merge sort's tile kernel.
template <int Items, class K, class Comp>
__device__ TIDE_FORCEINLINE void serial_merge(const K* s, int a, int a_end, int b, int b_end, K (&out)[Items],
                                              int (&idx)[Items], Comp& comp) {
  const int a_last = max(a_end - 1, 0), b_last = max(b_end - 1, 0);
  K ka = s[min(a, a_last)];
  K kb = s[min(b, b_last)];
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    const bool take_b = b < b_end && (a >= a_end || comp(kb, ka));
    out[j] = take_b ? kb : ka;
    idx[j] = take_b ? b : a;
    if (take_b) {
      ++b;
      kb = s[min(b, b_last)];
    } else {
      ++a;
      ka = s[min(a, a_last)];
    }
  }
}

/// Stable sort of a thread's first `count` items in registers (odd-even transposition: swaps only
/// neighbours that are strictly out of order).
template <int Items, bool Pairs, class K, class V, class Comp>
__device__ TIDE_FORCEINLINE void thread_sort(K (&keys)[Items], V (&vals)[Pairs ? Items : 1], int count, Comp& comp) {
#pragma unroll
  for (int r = 0; r < Items; ++r) {
#pragma unroll
    for (int i = r & 1; i + 1 < Items; i += 2) {
      if (i + 1 < count && comp(keys[i + 1], keys[i])) {
        K t = keys[i];
        keys[i] = keys[i + 1];
        keys[i + 1] = t;
        if constexpr (Pairs) {
          V v = vals[i];
          vals[i] = vals[i + 1];
          vals[i + 1] = v;
        }
      }
    }
  }
}

/// Loads in[0, valid) into registers, blocked (thread t gets elements t*Items ...), through `s`.
template <int Threads, int Items, class It, class T>
__device__ TIDE_FORCEINLINE void load_blocked(It in, int valid, T (&x)[Items], T* s) {
  // All loads first, then the shared stores: a store right after its load would wait for it, and
  // the loads would run one after the other.
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int i = u * Threads + threadIdx.x;
    if (i < valid) x[u] = in[i];
  }
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int i = u * Threads + threadIdx.x;
    if (i < valid) s[i] = x[u];
  }
  __syncthreads();
#pragma unroll
  for (int u = 0; u < Items; ++u)
    if (int(threadIdx.x) * Items + u < valid) x[u] = s[threadIdx.x * Items + u];
  __syncthreads();
}

/// Stores blocked registers to out[0, valid), coalesced through `s`.
template <int Threads, int Items, class It, class T>
__device__ TIDE_FORCEINLINE void store_blocked(It out, int valid, const T (&x)[Items], T* s) {
#pragma unroll
  for (int u = 0; u < Items; ++u)
    if (int(threadIdx.x) * Items + u < valid) s[threadIdx.x * Items + u] = x[u];
  __syncthreads();
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int i = u * Threads + threadIdx.x;
    if (i < valid) out[i] = s[i];
  }
  __syncthreads();
}

/// Stores blocked registers (thread t holds items t*Items ...) to out[0, valid), coalesced: each
/// warp writes its own outputs, s[w*32*Items, (w+1)*32*Items), into s and reads them back striped,
/// so only a __syncwarp separates the two, where store_blocked has two block barriers. The caller
/// guarantees that no other warp still reads that part of s (a block barrier since). Items odd:
/// the blocked writes are conflict-free.
template <int Items, class It, class T>
__device__ TIDE_FORCEINLINE void store_warp_striped(It out, int valid, const T (&x)[Items], T* s) {
  const int lane = int(threadIdx.x) & 31, w0 = (int(threadIdx.x) & ~31) * Items;
  T* ws = s + w0;
#pragma unroll
  for (int u = 0; u < Items; ++u) ws[lane * Items + u] = x[u];
  __syncwarp();
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int i = w0 + u * 32 + lane;
    if (i < valid) out[i] = ws[u * 32 + lane];
  }
}

/// Merges the sorted runs of `width0` items (thread t holding items t*Items ..., blocked in
/// registers) pairwise, level after level, while the runs are shorter than `width_end`; width0 is
/// Items times a power of two, so that no thread's items straddle two pairs and a thread finds its
/// pair from its index by a mask (a division by the width was about 25 instructions a level).
/// `s_keys` and `s_vals` hold Threads*Items elements each; items past `valid` are never compared and
/// come out as garbage.
template <int Threads, int Items, bool Pairs, class K, class V, class Comp>
__device__ void block_merge_levels(K (&keys)[Items], V (&vals)[Pairs ? Items : 1], int valid, K* s_keys, V* s_vals,
                                   Comp& comp, int width0, int width_end) {
  const int start = threadIdx.x * Items;
  // run_threads: the threads whose items make up one run (a power of two).
  for (int run_threads = width0 / Items; run_threads * Items < width_end; run_threads *= 2) {
    const int width = run_threads * Items;
    // While a pair of runs lies within one warp's items, the warp merges it alone: no block barrier.
    const bool warp_local = 2 * run_threads <= 32;
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      s_keys[start + u] = keys[u];
      if constexpr (Pairs) s_vals[start + u] = vals[u];
    }
    if (warp_local)
      __syncwarp();
    else
      __syncthreads();
    if (start < valid) {
      const int pair = (int(threadIdx.x) & ~(2 * run_threads - 1)) * Items;
      const int a_end = min(pair + width, valid), b_end = min(pair + 2 * width, valid);
      const int diag = start - pair;
      const int i = merge_path(s_keys + pair, a_end - pair, s_keys + a_end, b_end - a_end, diag, comp);
      int idx[Items];
      serial_merge(s_keys, pair + i, a_end, a_end + diag - i, b_end, keys, idx, comp);  // within the pair
      if constexpr (Pairs) {
#pragma unroll
        for (int u = 0; u < Items; ++u) vals[u] = s_vals[idx[u]];
      }
    }
    // The next level's stores overwrite only this thread's own items: after a warp-local level
    // only this warp has read them.
    if (warp_local)
      __syncwarp();
    else
      __syncthreads();
  }
}

/// Stable sort of a tile of `valid` items held blocked in registers (Threads a power of two).
/// `s_keys` and `s_vals` hold Threads*Items elements each.
template <int Threads, int Items, bool Pairs, class K, class V, class Comp>
__device__ void block_merge_sort(K (&keys)[Items], V (&vals)[Pairs ? Items : 1], int valid, K* s_keys, V* s_vals,
                                 Comp& comp) {
  static_assert((Threads & (Threads - 1)) == 0, "block merge sort needs a power-of-two block");
  const int start = threadIdx.x * Items;
  thread_sort<Items, Pairs>(keys, vals, min(max(valid - start, 0), Items), comp);
  block_merge_levels<Threads, Items, Pairs>(keys, vals, valid, s_keys, s_vals, comp, Items, Threads * Items);
}

/// Writes outputs [d0, d1) (at most Threads*Items of them) of the stable merge of a[0, na) and
/// b[0, nb) to keys_out[d0 ...] (and the values, when Pairs); a0 and a1 are the merge paths at d0
/// and d1 (how many of the outputs before come from a). Loads the two input pieces into shared
/// memory, coalesced, then each thread merges Items outputs.
template <int Threads, int Items, bool Pairs, class KA, class KB, class VA, class VB, class KO, class VO, class K,
          class V, class Comp>
__device__ void merge_tile(KA a, VA a_vals, KB b, VB b_vals, size_type d0, size_type d1, size_type a0, size_type a1,
                           KO keys_out, VO vals_out, K* s_keys, V* s_vals, Comp& comp) {
  const size_type b0 = d0 - a0;
  const int la = int(a1 - a0), n_local = int(d1 - d0);
  K keys[Items];
  int idx[Items];
  {
    // All loads into registers first, then to shared memory (as in load_blocked).
    V vals[Pairs ? Items : 1];
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      const int j = u * Threads + threadIdx.x;
      if (j < n_local) {
        if (j < la) {
          keys[u] = a[a0 + j];
          if constexpr (Pairs) vals[u] = a_vals[a0 + j];
        } else {
          keys[u] = b[b0 + (j - la)];
          if constexpr (Pairs) vals[u] = b_vals[b0 + (j - la)];
        }
      }
    }
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      const int j = u * Threads + threadIdx.x;
      if (j < n_local) {
        s_keys[j] = keys[u];
        if constexpr (Pairs) s_vals[j] = vals[u];
      }
    }
  }
  __syncthreads();
  const int start = threadIdx.x * Items;
  if (start < n_local) {
    const int i = merge_path(s_keys, la, s_keys + la, n_local - la, start, comp);
    serial_merge(s_keys, i, la, la + start - i, n_local, keys, idx, comp);
  }
  V vals[Pairs ? Items : 1];
  if constexpr (Pairs) {
    if (start < n_local) {
#pragma unroll
      for (int u = 0; u < Items; ++u) vals[u] = s_vals[idx[u]];
    }
  }
  __syncthreads();  // every thread's merge has read s_keys (and s_vals)
  // Blocks of up to 256 threads (merge; the merge sort's rounds, all of 256 threads or fewer since
  // session 32) store by warps; wider blocks keep the block's transposition. H200, two runs, old /
  // new (session 29, compare/experiments/msort_kernels.cu): merge of two sorted u32 halves, 256 x
  // 17, 2^28 0.665 -> 0.640 ms (0.94x -> 0.97x Thrust); the same store in the 512 x 17 rounds of
  // then, 2^24 f32 keys by a user comparator, 0.780 -> 0.800 ms (rounds 45 -> 47 us each, ncu).
  if constexpr (Threads <= 256) {
    store_warp_striped<Items>(keys_out + d0, n_local, keys, s_keys);
    if constexpr (Pairs) store_warp_striped<Items>(vals_out + d0, n_local, vals, s_vals);
  } else {
    store_blocked<Threads, Items>(keys_out + d0, n_local, keys, s_keys);
    if constexpr (Pairs) store_blocked<Threads, Items>(vals_out + d0, n_local, vals, s_vals);
  }
}

}  // namespace tide::backend::cuda::detail
