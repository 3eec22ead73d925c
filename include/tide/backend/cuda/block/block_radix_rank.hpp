#pragma once
// Block-wide ranking of 8-bit radix digits (the heart of a onesweep pass), and the small warp and
// block helpers it needs.
//
// Items are warp-striped: item u of lane l in warp w is element w*32*Items + u*32 + l of the tile,
// so ranking items in (warp, item, lane) order is ranking them in tile order: the ranks are stable.
// The ranking follows CUB's "match, early counts" scheme:
//   1. each warp counts its digits in its own 256 counters (shared atomics);
//   2. thread d (d < 256) turns the counters of digit d into per-warp exclusive offsets and knows the
//      tile's count of d at once ("early counts": it can publish it for the decoupled look-back
//      before the expensive part);
//   3. a block exclusive sum over the 256 counts gives each digit's first position in the tile;
//   4. each warp ranks its items: peers with the same digit are found by ballots, the highest lane of
//      each group advances the warp's counter by the group's size.

#include <cuda_runtime.h>

#include "../../../config.hpp"

namespace tide::backend::cuda::detail {

/// Lanes below or equal to this one.
__device__ TIDE_FORCEINLINE unsigned lanemask_le() {
  unsigned m;
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(m));
  return m;
}

/// Lanes of the (full) warp whose `label` has the same low `Bits` bits as this lane's. A ballot per
/// bit: faster than match.any.sync when the label has only a few bits.
/// Per bit: test, ballot, and the ballot or its complement (by the same predicate) folded in: four
/// instructions. (Written in PTX: from C++ the compiler spent two more per bit on selects.)
template <int Bits>
__device__ TIDE_FORCEINLINE unsigned warp_match_bits(unsigned label) {
  unsigned peers = ~0u;
#pragma unroll
  for (int b = 0; b < Bits; ++b) {
    unsigned mask;
    asm("{\n\t.reg .pred p;\n\t"
        "and.b32 %0, %1, %2;\n\t"
        "setp.ne.u32 p, %0, 0;\n\t"
        "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t"
        "@!p not.b32 %0, %0;\n\t}"
        : "=r"(mask)
        : "r"(label), "r"(1u << b));
    peers &= mask;
  }
  return peers;
}

/// Inclusive sum across a full warp.
template <class T>
__device__ TIDE_FORCEINLINE T warp_inclusive_sum(T v) {
  const int lane = threadIdx.x & 31;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    T up = __shfl_up_sync(~0u, v, d);
    if (lane >= d) v += up;
  }
  return v;
}

/// Exclusive sum of `v` over the block's first `Count` threads (Count a multiple of 32, at most the
/// block size); every thread of the block must call it. `warp_sums` holds Count/32 values in shared
/// memory. Threads from Count on get an unspecified value.
template <int Count, class T>
__device__ TIDE_FORCEINLINE T block_exclusive_sum_first(T v, T* warp_sums) {
  static_assert(Count % 32 == 0, "whole warps");
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  T incl = warp_inclusive_sum(v);
  if (warp < Count / 32 && lane == 31) warp_sums[warp] = incl;
  __syncthreads();
  T prefix = T(0);
#pragma unroll
  for (int w = 0; w < Count / 32; ++w)
    if (w < warp) prefix += warp_sums[w];
  return prefix + incl - v;
}

/// Ranks 8-bit digits across a block of `Threads` (a multiple of 32, at least 256).
template <int Threads, int Items>
struct block_radix_rank {
  static constexpr int radix_digits = 256;
  static constexpr int warps = Threads / 32;
  static_assert(Threads % 32 == 0 && Threads >= radix_digits, "one thread per digit, whole warps");
  static_assert(Threads * Items <= (1 << 16), "ranks fit 16 bits (KeepDigit packs the digit above them)");

  struct storage {
    int warp_offsets[warps][radix_digits];
    int digit_sums[radix_digits / 32];
  };

  /// `digit_rank` holds each item's digit on entry and its rank in the tile on exit (with
  /// KeepDigit: `digit << 16 | rank`, so that a caller that needs the digit again need not
  /// recompute it from the key, nor hold it in a second register array).
  /// Threads d < 256 call `publish(count)` with the tile's count of digit d before ranking starts,
  /// and get back `count` and `excl` (the number of the tile's items with a smaller digit).
  /// Ends with the ranks in registers; `s` may be reused after a __syncthreads().
  template <bool KeepDigit = false, class Publish>
  static __device__ TIDE_FORCEINLINE void rank(int (&digit_rank)[Items], storage& s, Publish&& publish, int& count,
                                               int& excl) {
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    int* own = s.warp_offsets[warp];
    for (int d = lane; d < radix_digits; d += 32) own[d] = 0;
    __syncwarp();
#pragma unroll
    for (int u = 0; u < Items; ++u) atomicAdd(&own[digit_rank[u]], 1);
    __syncthreads();

    count = 0;
    if (tid < radix_digits) {
#pragma unroll
      for (int w = 0; w < warps; ++w) {
        int c = s.warp_offsets[w][tid];
        s.warp_offsets[w][tid] = count;
        count += c;
      }
      publish(count);
    }
    excl = block_exclusive_sum_first<radix_digits>(count, s.digit_sums);
    if (tid < radix_digits) {
#pragma unroll
      for (int w = 0; w < warps; ++w) s.warp_offsets[w][tid] += excl;
    }
    __syncthreads();

    const unsigned le = lanemask_le();
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      const int d = digit_rank[u];
      const unsigned peers = warp_match_bits<8>(unsigned(d));
      const int leader = 31 - __clz(peers);
      const int below = __popc(peers & le);
      int base = 0;
      if (lane == leader) base = atomicAdd(&own[d], below);
      base = __shfl_sync(~0u, base, leader);
      digit_rank[u] = KeepDigit ? (d << 16 | (base + below - 1)) : base + below - 1;
    }
  }
};

}  // namespace tide::backend::cuda::detail
