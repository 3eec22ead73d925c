#pragma once
// Seeds 000 and 003's three histograms, written from the lectures and corrected:
// 1. atomicAdd per sample (into global memory), any bin count;
// 2. 64 bins, a private byte counter per thread and bin in shared memory, laid out bin-major with
//    the lecture's permuted thread id `(tid >> 4) | ((tid & 15) << 2)` so no two threads of a warp hit
//    one bank. Corrected: the byte counters are emptied into per-thread totals every 255 samples (the
//    lecture stops at "no more than 255 bytes per thread"), so any n works;
// 3. 256 bins, one table per warp in shared memory, each count tagged in its top 5 bits with the
//    lane that wrote it last; a lane retries until its tagged value stuck. Corrected: the lecture's
//    loop relied on lockstep warps; here the whole warp runs the retry loop with __syncwarp() between
//    reading, writing and checking, which keeps the idea and is right under independent thread
//    scheduling. 27 bits of count per warp table.
// 2 and 3 write per-block partial histograms and merge them with the lecture's mergeHistogramKernel.
// Each sample's bin comes from a functor (the samples here are u32 or f32 values, not the lecture's
// packed bytes); a bin outside [0, bins) is not counted.

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include "../harness/device_ctx.cuh"

namespace cmp::seed {

/// histogram_even's bin: samples in [lower, upper) into `bins` equal bins, else -1.
template <class T>
struct even_bin {
  T lower, upper;
  int bins;
  __host__ __device__ int operator()(T x) const {
    if (!(x >= lower && x < upper)) return -1;
    if constexpr (std::is_floating_point_v<T>)
      return min(bins - 1, int((x - lower) * (T(bins) / (upper - lower))));
    else
      return int((unsigned long long)(x - lower) * unsigned(bins) / (unsigned long long)(upper - lower));
  }
};

template <class T, class BinOp>
__global__ void hist_global_atomic(const T* in, long long n, unsigned* hist, BinOp bin_of) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    int b = bin_of(in[i]);
    if (b >= 0) atomicAdd(&hist[b], 1u);
  }
}

constexpr int hist64_threads = 64;

template <class T, class BinOp>
__global__ void hist64_byte_counters(const T* in, long long n, unsigned* partial, BinOp bin_of) {
  __shared__ unsigned char counters[64 * hist64_threads];  // counters[bin * 64 + ttid]
  const int ttid = (threadIdx.x >> 4) | ((threadIdx.x & 0x0F) << 2);
  for (int i = threadIdx.x; i < 64 * hist64_threads / 4; i += blockDim.x) reinterpret_cast<unsigned*>(counters)[i] = 0;
  unsigned total = 0;  // thread t keeps bin t's count
  const long long stride = (long long)gridDim.x * blockDim.x;
  long long first = (long long)blockIdx.x * blockDim.x;  // the block's first index this round
  while (first < n) {
    __syncthreads();
    for (int r = 0; r < 255 && first < n; ++r, first += stride) {  // at most 255 per byte counter
      long long i = first + threadIdx.x;
      if (i < n) {
        int b = bin_of(in[i]);
        if (b >= 0) counters[b * 64 + ttid]++;
      }
    }
    __syncthreads();
    unsigned sum = 0;  // empty row `threadIdx.x` (one bin) into this thread's total
    for (int j = 0; j < hist64_threads; ++j) sum += counters[threadIdx.x * 64 + ((j + threadIdx.x) & 63)];
    total += sum;
    __syncthreads();
    for (int j = 0; j < hist64_threads; ++j) counters[threadIdx.x * 64 + j] = 0;
  }
  partial[(long long)blockIdx.x * 64 + threadIdx.x] = total;
}

constexpr int warp_hist_warps = 6;  // 192 threads, as in the lecture
constexpr unsigned warp_hist_mask = 0x07FFFFFFu;

__device__ __forceinline__ void add_tagged(volatile unsigned* warp_hist, unsigned bin, unsigned tag, bool pending) {
  unsigned count = 0;
  while (__any_sync(0xFFFFFFFFu, pending)) {
    if (pending) count = tag | ((warp_hist[bin] & warp_hist_mask) + 1);
    __syncwarp();
    if (pending) warp_hist[bin] = count;
    __syncwarp();
    if (pending && warp_hist[bin] == count) pending = false;  // our write is the one that stuck
    __syncwarp();
  }
}

template <class T, class BinOp>
__global__ void hist256_warp_tagged(const T* in, long long n, unsigned* partial, BinOp bin_of) {
  __shared__ unsigned hist[256 * warp_hist_warps];
  for (int i = threadIdx.x; i < 256 * warp_hist_warps; i += blockDim.x) hist[i] = 0;
  const int lane = threadIdx.x & 31;
  volatile unsigned* warp_hist = hist + (threadIdx.x >> 5) * 256;
  const unsigned tag = unsigned(lane) << 27;
  __syncthreads();
  const long long stride = (long long)gridDim.x * blockDim.x;
  // The loop bound is the same for the whole warp, so every lane takes part in add_tagged.
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i - lane < n; i += stride) {
    int b = i < n ? bin_of(in[i]) : -1;
    add_tagged(warp_hist, unsigned(b < 0 ? 0 : b), tag, b >= 0);
  }
  __syncthreads();
  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x) {
    unsigned sum = 0;
    for (int w = 0; w < warp_hist_warps; ++w) sum += hist[bin + w * 256] & warp_hist_mask;
    partial[(long long)blockIdx.x * 256 + bin] = sum;
  }
}

/// mergeHistogramKernel: one block per bin sums that bin over the partial histograms.
__global__ void merge_partials(unsigned* hist, const unsigned* partial, int count, int bins) {
  __shared__ unsigned data[256];
  unsigned sum = 0;
  for (int i = threadIdx.x; i < count; i += 256) sum += partial[blockIdx.x + (long long)i * bins];
  data[threadIdx.x] = sum;
  for (int stride = 128; stride > 0; stride >>= 1) {
    __syncthreads();
    if (threadIdx.x < stride) data[threadIdx.x] += data[threadIdx.x + stride];
  }
  if (threadIdx.x == 0) hist[blockIdx.x] = data[0];
}

/// The three variants behind one call: `variant` is "atomic", "byte64" or "warp256".
class seed_histogram {
 public:
  static constexpr int max_blocks = 960;
  seed_histogram() : partial_(std::size_t(max_blocks) * 256) {}

  static bool supports(const char* variant, int bins) {
    std::string v = variant;
    return v == "atomic" || (v == "byte64" && bins <= 64) || (v == "warp256" && bins <= 256);
  }

  template <class T, class BinOp>
  void run(const char* variant, const T* in, long long n, unsigned* hist, int bins, BinOp bin_of, cudaStream_t s) {
    std::string v = variant;
    if (v == "atomic") {
      cuda_check(cudaMemsetAsync(hist, 0, sizeof(unsigned) * bins, s), "seed histogram memset");
      long long blocks = std::min<long long>((n + 255) / 256, 8 * max_blocks);
      if (blocks > 0) hist_global_atomic<<<unsigned(blocks), 256, 0, s>>>(in, n, hist, bin_of);
      cuda_check(cudaGetLastError(), "seed histogram launch");
      return;
    }
    const bool b64 = v == "byte64";
    const int table = b64 ? 64 : 256, threads = b64 ? hist64_threads : 32 * warp_hist_warps;
    long long blocks = std::max(1LL, std::min<long long>((n + threads - 1) / threads, max_blocks));
    if (b64) hist64_byte_counters<<<unsigned(blocks), threads, 0, s>>>(in, n, partial_.get(), bin_of);
    else hist256_warp_tagged<<<unsigned(blocks), threads, 0, s>>>(in, n, partial_.get(), bin_of);
    cuda_check(cudaGetLastError(), "seed histogram launch");
    merge_partials<<<unsigned(bins), 256, 0, s>>>(hist, partial_.get(), int(blocks), table);
    cuda_check(cudaGetLastError(), "seed histogram merge");
  }

 private:
  buffer<unsigned> partial_;
};

}  // namespace cmp::seed
