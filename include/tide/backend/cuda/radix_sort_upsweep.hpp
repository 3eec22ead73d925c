#pragma once
// The kernels around the onesweep passes of the radix sort:
// - init: clears the global histograms and the tile counters;
// - upsweep: one read of the keys counts the digits of every pass (and clears the first look-back
//   buffer on the side);
// - scan: each pass's histogram becomes the first position of each digit; a pass whose digit is the
//   same for every key is marked to be skipped, and the buffer each pass reads from is decided on the
//   device (so nothing waits for the host, and graph capture works);
// - copy_back: when the sorted keys ended in the temporary buffer, copies them to the user's range.

#include <cuda_runtime.h>

#include <cstdint>

#include "../../config.hpp"
#include "../../detail/radix_traits.hpp"
#include "block/block_radix_rank.hpp"

namespace tide::backend::cuda::detail {

inline constexpr int radix_bits = 8;
inline constexpr int radix_digits = 1 << radix_bits;
inline constexpr int radix_max_passes = 8;  // 64-bit keys

/// What the scan kernel decides for the passes (device memory).
struct radix_control {
  int skip[radix_max_passes];     ///< 1: every key has the same digit, the pass would not move anything
  int src[radix_max_passes + 1];  ///< which buffer pass q reads (0 user, 1 temporary); src[passes]: the result's
};

/// Digit of a pass: `bits` bits of the key's order bits from `shift`.
template <class K, bool Descending>
__device__ TIDE_FORCEINLINE int radix_digit(K key, int shift, unsigned mask) {
  return int(unsigned(tide::detail::radix_traits<K>::order_bits(key, Descending) >> shift) & mask);
}

/// Bits of pass q of a sort over order bits [begin_bit, end_bit).
TIDE_HOST_DEVICE inline int radix_pass_bits(int q, int begin_bit, int end_bit) {
  int left = end_bit - begin_bit - q * radix_bits;
  return left < radix_bits ? left : radix_bits;
}

// (The non-generic kernels are templates only so that a header can define them.)
template <class = void>
__global__ void radix_init_kernel(unsigned long long* hist, int hist_words, unsigned* counters, int num_counters) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < hist_words; i += gridDim.x * blockDim.x) hist[i] = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < num_counters; i += gridDim.x * blockDim.x) counters[i] = 0;
}

struct radix_upsweep_tuning {
  static constexpr int threads = 256;
  static constexpr int items = 16;
  static constexpr int blocks_per_sm = 4;
};

/// Counts the digits of every pass in one read: a shared histogram per pass per block, flushed with
/// 64-bit atomics (a digit can be shared by more than 2^32 keys). Also clears `zero` (zero_words).
template <class K, bool Descending>
__global__ void __launch_bounds__(radix_upsweep_tuning::threads)
    radix_upsweep_kernel(const K* keys, size_type n, int begin_bit, int end_bit, int num_passes,
                         unsigned long long* hist, unsigned* zero, size_type zero_words) {
  constexpr int threads = radix_upsweep_tuning::threads, items = radix_upsweep_tuning::items;
  constexpr int max_passes = int(sizeof(K)) < radix_max_passes ? int(sizeof(K)) : radix_max_passes;
  constexpr size_type tile = size_type(threads) * items;
  __shared__ unsigned s_hist[max_passes][radix_digits];

  const size_type stride = size_type(gridDim.x) * threads;
  for (size_type i = size_type(blockIdx.x) * threads + threadIdx.x; i < zero_words; i += stride) zero[i] = 0;
  for (int i = threadIdx.x; i < max_passes * radix_digits; i += threads) (&s_hist[0][0])[i] = 0;
  __syncthreads();

  unsigned mask[max_passes];
#pragma unroll
  for (int q = 0; q < max_passes; ++q) {
    int b = q < num_passes ? radix_pass_bits(q, begin_bit, end_bit) : 0;
    mask[q] = (1u << b) - 1;
  }
  for (size_type base = size_type(blockIdx.x) * tile; base < n; base += size_type(gridDim.x) * tile) {
    K k[items];
    const bool full = base + tile <= n;
#pragma unroll
    for (int u = 0; u < items; ++u) {
      size_type i = base + u * threads + threadIdx.x;
      if (full || i < n) k[u] = keys[i];
    }
#pragma unroll
    for (int u = 0; u < items; ++u) {
      if (!full && base + u * threads + threadIdx.x >= n) break;
      auto bits = tide::detail::radix_traits<K>::order_bits(k[u], Descending) >> begin_bit;
#pragma unroll
      for (int q = 0; q < max_passes; ++q)
        if (q < num_passes) atomicAdd(&s_hist[q][unsigned(bits >> (q * radix_bits)) & mask[q]], 1u);
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < num_passes * radix_digits; i += threads) {
    unsigned c = (&s_hist[0][0])[i];
    if (c) atomicAdd(&hist[i], (unsigned long long)c);
  }
}

/// One block of 256 threads: exclusive scan of each pass's histogram into that pass's first digit
/// starts (`bins + q * bins_pass_stride`), and the skip / buffer decisions.
template <class = void>
__global__ void __launch_bounds__(radix_digits)
    radix_scan_kernel(const unsigned long long* hist, int num_passes, size_type n, unsigned long long* bins,
                      size_type bins_pass_stride, radix_control* ctrl) {
  __shared__ unsigned long long warp_sums[radix_digits / 32];
  __shared__ int trivial[radix_max_passes];
  const int d = threadIdx.x;
  for (int q = 0; q < num_passes; ++q) {
    unsigned long long c = hist[q * radix_digits + d];
    unsigned long long excl = block_exclusive_sum_first<radix_digits>(c, warp_sums);
    bins[q * bins_pass_stride + d] = excl;
    int all_same = __syncthreads_or(c == (unsigned long long)n);  // also protects warp_sums
    if (d == 0) trivial[q] = all_same;
  }
  __syncthreads();
  if (d == 0) {
    int src = 0;
    for (int q = 0; q < radix_max_passes; ++q) {
      bool skip = q >= num_passes || trivial[q];
      ctrl->skip[q] = skip;
      ctrl->src[q] = src;
      if (!skip) src ^= 1;
    }
    ctrl->src[radix_max_passes] = src;
  }
}

/// Copies the temporary buffer back to the user's range if the passes left the result there.
template <class K, class V, bool Pairs>
__global__ void radix_copy_back_kernel(K* keys, const K* tmp_keys, V* vals, const V* tmp_vals, size_type n,
                                       const radix_control* ctrl, int num_passes) {
  if (ctrl->src[num_passes] == 0) return;
  const size_type stride = size_type(gridDim.x) * blockDim.x;
  for (size_type i = size_type(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    keys[i] = tmp_keys[i];
    if constexpr (Pairs) vals[i] = tmp_vals[i];
  }
}

}  // namespace tide::backend::cuda::detail
