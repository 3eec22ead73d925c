#pragma once
// Where a block keeps its counts while it reads samples. Three kinds, one interface:
//
//   attach(smem, slice, row)  points the counts at the block's shared memory, bin slice and output
//                             row (u32, device memory)
//   zero()                    clears them (block-wide; the caller synchronizes after)
//   add(bin)                  counts one sample (any thread, divergent code is fine); -1: not counted
//   add_tile(bins)            counts N samples per thread, the whole warp converged
//   store()                   after a __syncthreads: the block's counts of its bins to row[bin];
//                             with atomic_store, added to a zeroed row by atomics instead
//   max_thread_samples        how many samples one thread may count in one launch
//   slice_bins()              bins a block counts (its slice; all bins without slices)
//
// - lane_private_histogram: 16-bit counters private to each thread, laid out [bin][thread] with
//   two warps sharing each word (one half each). Lane i of a warp only touches bank i, so counting
//   is a plain 16-bit load-add-store at one multiply-add of address, that never conflicts and needs
//   no atomics: as fast for all-equal input as for uniform input. Few bins only (bins * threads * 2
//   bytes of shared memory); a thread may count at most 65535 samples.
// - shared_atomic_histogram: 32-bit counters in shared memory, `copies` copies (warp w uses copy
//   w % copies, so warps rarely meet on a counter), updated with shared atomics. With slices, block
//   (chunk, slice) counts only bins [slice * slice_len, +slice_len), for bins beyond one copy.
// - global_atomic_histogram: atomics straight into one zeroed array in device memory (L2), for
//   bins beyond shared memory.
// The atomic kinds aggregate equal bins within a warp: `uniform` checks whether the whole warp's tile
// falls in one bin (one atomic then; cheap, catches constant and sorted input), `match` groups lanes
// with __match_any_sync and lets each group's leader add its size.

#include <cuda_runtime.h>

#include <cstdint>

#include "../../../config.hpp"
#include "../device_utility.hpp"

namespace tide::backend::cuda::detail {

enum class histogram_aggregation { none, uniform, match };

__device__ TIDE_FORCEINLINE std::uint32_t warp_sum_u32(std::uint32_t v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_add_sync(full_warp_mask, v);
#else
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(full_warp_mask, v, o);
  return v;
#endif
}

/// Zeroes `words` 32-bit words of shared memory (16-byte aligned, a multiple of 4 words).
template <int Threads>
__device__ TIDE_FORCEINLINE void zero_shared_words(std::uint32_t* words, int count) {
  uint4* v = reinterpret_cast<uint4*>(words);
  for (int i = threadIdx.x; i < count / 4; i += Threads) v[i] = make_uint4(0, 0, 0, 0);
}

/// Counts a tile with warp aggregation; `add_n(bin, count)` is the counts' own update.
template <histogram_aggregation Agg, int N, class Counts>
__device__ TIDE_FORCEINLINE void add_tile_aggregated(Counts& counts, const int (&bins)[N]) {
  if constexpr (Agg == histogram_aggregation::uniform) {
    bool same = true;
#pragma unroll
    for (int i = 1; i < N; ++i) same &= bins[i] == bins[0];
    const int first = __shfl_sync(full_warp_mask, bins[0], 0);
    if (__all_sync(full_warp_mask, same && bins[0] == first)) {
      if (lane_id() == 0) counts.add_n(first, 32u * N);
      return;
    }
#pragma unroll
    for (int i = 0; i < N; ++i) counts.add_n(bins[i], 1u);
  } else if constexpr (Agg == histogram_aggregation::match) {
#pragma unroll
    for (int i = 0; i < N; ++i) {
      const unsigned peers = __match_any_sync(full_warp_mask, bins[i]);
      if (lane_id() == __ffs(peers) - 1) counts.add_n(bins[i], unsigned(__popc(peers)));
    }
  } else {
#pragma unroll
    for (int i = 0; i < N; ++i) counts.add_n(bins[i], 1u);
  }
}

template <int Threads>
struct lane_private_histogram {
  static_assert(Threads % (2 * warp_threads) == 0, "tide: warps pair up on words");
  static constexpr int threads = Threads;
  /// Samples one thread may count before a 16-bit counter could overflow.
  static constexpr std::int64_t max_thread_samples = 65535;

  int num_bins;  // bins [0, num_bins); slot num_bins takes the uncounted samples
  bool atomic_store = false;
  unsigned char* smem = nullptr;  // slot s: Threads 16-bit counters at smem + s * Threads * 2
  unsigned char* mine = nullptr;  // this thread's counter of slot 0
  std::uint32_t* row = nullptr;

  static constexpr std::size_t smem_bytes(int num_bins) { return std::size_t(num_bins + 1) * Threads * 2; }
  TIDE_HOST_DEVICE std::size_t smem_bytes() const { return smem_bytes(num_bins); }
  TIDE_HOST_DEVICE int slots() const { return num_bins + 1; }
  TIDE_HOST_DEVICE int slices() const { return 1; }
  TIDE_HOST_DEVICE int slice_bins() const { return num_bins; }

  /// Warps 2k and 2k + 1 share the words of a slot: lane i takes the low (even warp) or high half
  /// of word 32k + i, so within a warp lane i only ever touches bank i.
  __device__ void attach(unsigned char* shared, int, std::uint32_t* out) {
    smem = shared;
    mine = shared + ((warp_id() / 2) * warp_threads + lane_id()) * 4 + (warp_id() & 1) * 2;
    row = out;
  }
  __device__ void zero() { zero_shared_words<Threads>(reinterpret_cast<std::uint32_t*>(smem), slots() * Threads / 2); }

  __device__ TIDE_FORCEINLINE void add(int bin) {
    // -1 (as unsigned, the largest) and nothing else becomes the uncounted slot.
    const unsigned slot = min(unsigned(bin), unsigned(num_bins));
    auto* c = reinterpret_cast<std::uint16_t*>(mine + slot * (Threads * 2));
    *c = std::uint16_t(*c + 1);
  }
  template <int N>
  __device__ TIDE_FORCEINLINE void add_tile(const int (&bins)[N]) {
#pragma unroll
    for (int i = 0; i < N; ++i) add(bins[i]);
  }

  /// Warp w sums bins w, w + warps, ...: each lane adds Threads / 64 words (two counters each),
  /// then the warp adds up.
  __device__ void store() const {
    constexpr int warps = Threads / warp_threads, words = Threads / 2;
    const auto* w = reinterpret_cast<const std::uint32_t*>(smem);
    const int lane = lane_id();
    for (int b = warp_id(); b < num_bins; b += warps) {
      std::uint32_t sum = 0;
#pragma unroll
      for (int c = 0; c < words; c += warp_threads) {
        const std::uint32_t v = w[b * words + c + lane];
        sum += (v & 0xffffu) + (v >> 16);
      }
      sum = warp_sum_u32(sum);
      if (lane == 0) {
        if (!atomic_store)
          row[b] = sum;
        else if (sum != 0)
          atomicAdd(row + b, sum);
      }
    }
  }
};

template <int Threads, histogram_aggregation Agg>
struct shared_atomic_histogram {
  static_assert(Threads % warp_threads == 0, "tide: whole warps");
  static constexpr int threads = Threads;
  static constexpr std::int64_t max_thread_samples = std::int64_t(1) << 62;

  int num_bins;       // all bins
  int slice_len;      // bins per slice (a multiple of 4); num_bins when there is one slice
  int num_slices;
  int copies;         // copies of the slice's counters
  bool atomic_store;  // store() adds into a zeroed row with atomics, instead of writing its own row
  std::uint32_t* counts = nullptr;
  std::uint32_t* mine = nullptr;   // this warp's copy
  std::uint32_t* trash = nullptr;  // this warp's word for samples not counted here
  std::uint32_t* row = nullptr;
  int first_bin = 0, len = 0;      // this block's slice

  static constexpr int warps = Threads / warp_threads;
  // The copies, then one word per warp that takes the samples of no bin of the slice, so that every
  // sample makes one unconditional atomic (an increment by 1 of the lanes' addresses is one
  // ATOMS.POPC.INC: equal addresses in a warp are combined by the hardware).
  TIDE_HOST_DEVICE std::size_t smem_bytes() const {
    return (std::size_t(slice_len) * copies + (warps + 3) / 4 * 4) * 4;
  }
  TIDE_HOST_DEVICE int slices() const { return num_slices; }
  TIDE_HOST_DEVICE int slice_bins() const { return slice_len; }

  __device__ void attach(unsigned char* smem, int slice, std::uint32_t* out) {
    row = out;
    counts = reinterpret_cast<std::uint32_t*>(smem);
    mine = counts + (warp_id() % copies) * slice_len;
    trash = counts + slice_len * copies + warp_id();
    first_bin = slice * slice_len;
    len = max(0, min(slice_len, num_bins - first_bin));
  }
  __device__ void zero() { zero_shared_words<Threads>(counts, int(smem_bytes() / 4)); }

  __device__ TIDE_FORCEINLINE void add_n(int bin, unsigned n) {
    const unsigned s = unsigned(bin - first_bin);  // -1 and other slices' bins wrap past len
    atomicAdd(s < unsigned(len) ? mine + s : trash, n);
  }
  __device__ TIDE_FORCEINLINE void add(int bin) { add_n(bin, 1u); }
  template <int N>
  __device__ TIDE_FORCEINLINE void add_tile(const int (&bins)[N]) {
    add_tile_aggregated<Agg>(*this, bins);
  }

  /// Copies summed in copy order, bin by bin.
  __device__ void store() const {
    for (int b = threadIdx.x; b < len; b += Threads) {
      std::uint32_t t = 0;
      for (int c = 0; c < copies; ++c) t += counts[c * slice_len + b];
      if (!atomic_store)
        row[first_bin + b] = t;
      else if (t != 0)
        atomicAdd(row + first_bin + b, t);
    }
  }
};

template <int Threads, histogram_aggregation Agg>
struct global_atomic_histogram {
  static constexpr int threads = Threads;
  static constexpr std::int64_t max_thread_samples = std::int64_t(1) << 62;

  int num_bins;
  bool atomic_store = true;           // always: the row is the counters
  std::uint32_t* d_counts = nullptr;  // num_bins zeroed counters in device memory (the row)

  TIDE_HOST_DEVICE std::size_t smem_bytes() const { return 0; }
  TIDE_HOST_DEVICE int slices() const { return 1; }
  TIDE_HOST_DEVICE int slice_bins() const { return num_bins; }
  __device__ void attach(unsigned char*, int, std::uint32_t* out) { d_counts = out; }
  __device__ void zero() {}

  __device__ TIDE_FORCEINLINE void add_n(int bin, unsigned n) {
    if (unsigned(bin) < unsigned(num_bins)) atomicAdd(d_counts + bin, n);
  }
  __device__ TIDE_FORCEINLINE void add(int bin) { add_n(bin, 1u); }
  template <int N>
  __device__ TIDE_FORCEINLINE void add_tile(const int (&bins)[N]) {
    add_tile_aggregated<Agg>(*this, bins);
  }
  __device__ void store() const {}
};

}  // namespace tide::backend::cuda::detail
