#pragma once
// Seed 001's radix sort (a TITAN Xp project, 16,777,217 keys), Level 1 and Level 2, written from the
// report and corrected. LSD, k = 4 bits per pass (16 bins), 256 threads per block, u32 keys.
// Each pass: (1) per-block histograms of the digit, (2) an exclusive scan of them in bin-major order
// (bin 0 of every block, then bin 1, ...), (3) a scatter to the scanned positions.
// - Level 1: histogram by global atomicAdd; the scatter is serial within a block (thread 0 walks its
//   block), parallel only across blocks, as in the report.
// - Level 2: each block first sorts its keys by the digit in shared memory (k one-bit splits, each
//   ranked by a scan), then every thread scatters its key to hist_scan[bin][block] + tid -
//   local_hist_scan[bin].
// Corrections: the report scanned the histograms on the host (copies in the timed path); here they
// stay on the device and are scanned by seed 000's Blelloch scan, stored bin-major from the start so
// the scan needs no transpose. The last block may be partial (n = 16,777,217 in the report).

#include <cuda_runtime.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "../harness/device_ctx.cuh"
#include "scan_blelloch.cuh"

namespace cmp::seed {

constexpr int radix_block = 256;
constexpr int radix_bits = 4;
constexpr int radix_bins = 1 << radix_bits;

__global__ void radix_l1_hist(const unsigned* in, long long n, int* hist, int num_blocks, int bit) {
  long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < n) {
    int bin = (in[idx] >> bit) & (radix_bins - 1);
    atomicAdd(&hist[bin * num_blocks + blockIdx.x], 1);
  }
}

__global__ void radix_l1_scatter(const unsigned* in, unsigned* out, long long n, int* hist_scan, int num_blocks,
                                 int bit) {
  long long base = (long long)blockIdx.x * blockDim.x;
  if (threadIdx.x == 0) {
    for (int i = 0; i < blockDim.x && base + i < n; ++i) {
      unsigned key = in[base + i];
      int slot = ((key >> bit) & (radix_bins - 1)) * num_blocks + blockIdx.x;
      out[hist_scan[slot]++] = key;
    }
  }
}

/// Level 2, step 1: sort the block's keys by the digit (k stable one-bit splits) in shared memory,
/// write them back in place, and write the block's histogram.
__global__ void radix_l2_local_sort(unsigned* keys, long long n, int* hist, int num_blocks, int bit) {
  __shared__ unsigned s_keys[radix_block];
  __shared__ unsigned s_scan[radix_block];
  __shared__ int s_hist[radix_bins];
  const int tid = threadIdx.x;
  const long long idx = (long long)blockIdx.x * radix_block + tid;
  // Past n: all ones, so they sort after every real key of the last block and are never written.
  s_keys[tid] = idx < n ? keys[idx] : 0xFFFFFFFFu;
  if (tid < radix_bins) s_hist[tid] = 0;
  for (int b = 0; b < radix_bits; ++b) {
    __syncthreads();
    const unsigned key = s_keys[tid];
    const unsigned one = (key >> (bit + b)) & 1u;
    s_scan[tid] = one;
    __syncthreads();
    for (int offset = 1; offset < radix_block; offset <<= 1) {  // inclusive scan of the bits
      unsigned v = tid >= offset ? s_scan[tid - offset] : 0u;
      __syncthreads();
      s_scan[tid] += v;
      __syncthreads();
    }
    const unsigned ones_before = s_scan[tid] - one;
    const unsigned zeros = radix_block - s_scan[radix_block - 1];
    const unsigned rank = one ? zeros + ones_before : unsigned(tid) - ones_before;
    __syncthreads();
    s_keys[rank] = key;
  }
  __syncthreads();
  if (idx < n) {
    unsigned key = s_keys[tid];
    keys[idx] = key;
    atomicAdd(&s_hist[(key >> bit) & (radix_bins - 1)], 1);
  }
  __syncthreads();
  if (tid < radix_bins) hist[tid * num_blocks + blockIdx.x] = s_hist[tid];
}

/// Level 2, step 3: rank = hist_scan[bin][block] + tid - local_hist_scan[bin].
__global__ void radix_l2_scatter(const unsigned* in, unsigned* out, long long n, const int* hist,
                                 const int* hist_scan, int num_blocks, int bit) {
  __shared__ int local_scan[radix_bins];
  if (threadIdx.x == 0) {  // a small array: one thread scans it, as in the report
    local_scan[0] = 0;
    for (int b = 1; b < radix_bins; ++b) local_scan[b] = local_scan[b - 1] + hist[(b - 1) * num_blocks + blockIdx.x];
  }
  __syncthreads();
  long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < n) {
    unsigned key = in[idx];
    int bin = (key >> bit) & (radix_bins - 1);
    out[hist_scan[bin * num_blocks + blockIdx.x] + int(threadIdx.x) - local_scan[bin]] = key;
  }
}

/// Milliseconds spent in each phase over all passes (seed 001's table columns).
struct radix_phases {
  double hist_ms = 0, scan_ms = 0, scatter_ms = 0;
};

class radix_sort_seed {
 public:
  explicit radix_sort_seed(long long max_n)
      : max_blocks_((max_n + radix_block - 1) / radix_block),
        hist_(std::size_t(radix_bins * max_blocks_)),
        hist_scan_(std::size_t(radix_bins * max_blocks_)),
        tmp_(std::size_t(max_n)),
        scan_(radix_bins * max_blocks_) {}

  static const char* name(int level) { return level == 1 ? "radix_level1" : "radix_level2"; }

  /// Sorts keys[0, n) ascending in place (8 passes, so the result ends where it started).
  /// With `phases`, events between the phases add up each phase's time (and cost a little).
  void run(int level, unsigned* keys, long long n, cudaStream_t s, radix_phases* phases = nullptr) {
    const int num_blocks = int((n + radix_block - 1) / radix_block);
    const int slots = radix_bins * num_blocks;
    std::vector<cudaEvent_t> ev;
    auto mark = [&] {
      if (!phases) return;
      cudaEvent_t e;
      cuda_check(cudaEventCreate(&e), "cudaEventCreate");
      cuda_check(cudaEventRecord(e, s), "cudaEventRecord");
      ev.push_back(e);
    };
    unsigned *src = keys, *dst = tmp_.get();
    for (int bit = 0; bit < 32; bit += radix_bits) {
      mark();
      if (level == 1) {
        cuda_check(cudaMemsetAsync(hist_.get(), 0, sizeof(int) * slots, s), "seed radix memset");
        radix_l1_hist<<<num_blocks, radix_block, 0, s>>>(src, n, hist_.get(), num_blocks, bit);
      } else {
        radix_l2_local_sort<<<num_blocks, radix_block, 0, s>>>(src, n, hist_.get(), num_blocks, bit);
      }
      cuda_check(cudaGetLastError(), "seed radix hist");
      mark();
      scan_.run(hist_.get(), hist_scan_.get(), slots, s);
      mark();
      if (level == 1)
        radix_l1_scatter<<<num_blocks, radix_block, 0, s>>>(src, dst, n, hist_scan_.get(), num_blocks, bit);
      else
        radix_l2_scatter<<<num_blocks, radix_block, 0, s>>>(src, dst, n, hist_.get(), hist_scan_.get(), num_blocks, bit);
      cuda_check(cudaGetLastError(), "seed radix scatter");
      mark();
      std::swap(src, dst);
    }
    if (!phases) return;
    cuda_check(cudaStreamSynchronize(s), "seed radix phases");
    for (std::size_t p = 0; p + 3 < ev.size(); p += 4) {
      float a = 0, b = 0, c = 0;
      cudaEventElapsedTime(&a, ev[p], ev[p + 1]);
      cudaEventElapsedTime(&b, ev[p + 1], ev[p + 2]);
      cudaEventElapsedTime(&c, ev[p + 2], ev[p + 3]);
      phases->hist_ms += a;
      phases->scan_ms += b;
      phases->scatter_ms += c;
    }
    for (auto e : ev) cudaEventDestroy(e);
  }

 private:
  long long max_blocks_;
  buffer<int> hist_, hist_scan_;
  buffer<unsigned> tmp_;
  blelloch_scan<int, true> scan_;
};

}  // namespace cmp::seed
