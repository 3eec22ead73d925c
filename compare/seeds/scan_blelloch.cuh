#pragma once
// Seed 000's work-efficient (Blelloch) exclusive scan, scan1 (no padding) and scan2/scan3 (one
// padding word per bank-width of shared memory), with the lecture's large-array recursion: scan each
// tile, keep each tile's sum, scan the sums, add them back (scanDistribute). Written from the
// lecture and corrected:
// - loop steps are `d <<= 1` (the lecture's `d <= 1`), the undefined names (ai/offsA, `temp[i]`) fixed;
// - tiles past n read as 0 and are not written, so n need not be a multiple of the 512-element tile;
// - LOG_NUM_BANKS is 5: today's GPUs have 32 banks (the lecture's 4 was for 16-bank hardware);
// - the block sums of every level are allocated once, outside the timed runs (the lecture called
//   cudaMalloc and cudaFree on every call).
// BLOCK_SIZE 256 threads scanning 2*BLOCK_SIZE elements, as in the lecture.

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "../harness/device_ctx.cuh"

namespace cmp::seed {

constexpr int scan_block = 256;
constexpr int scan_tile = 2 * scan_block;
constexpr int log_num_banks = 5;

template <bool Padded>
__device__ __forceinline__ int conflict_free_offset(int i) {
  return Padded ? (i >> log_num_banks) : 0;
}

/// One tile's exclusive scan in shared memory; the tile's total goes to sums[blockIdx.x] when sums is given.
template <class T, bool Padded>
__global__ void blelloch_tile_scan(const T* in, T* out, T* sums, long long n) {
  __shared__ T temp[scan_tile + (Padded ? (scan_tile >> log_num_banks) : 0)];
  const int tid = threadIdx.x;
  const long long base = (long long)blockIdx.x * scan_tile;
  const int ai = tid, bi = tid + scan_block;
  const int ofs_a = conflict_free_offset<Padded>(ai), ofs_b = conflict_free_offset<Padded>(bi);
  temp[ai + ofs_a] = base + ai < n ? in[base + ai] : T(0);
  temp[bi + ofs_b] = base + bi < n ? in[base + bi] : T(0);

  int offset = 1;
  for (int d = scan_tile >> 1; d > 0; d >>= 1, offset <<= 1) {  // build the sum tree
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1, b = offset * (2 * tid + 2) - 1;
      a += conflict_free_offset<Padded>(a);
      b += conflict_free_offset<Padded>(b);
      temp[b] += temp[a];
    }
  }
  if (tid == 0) {
    int last = scan_tile - 1 + conflict_free_offset<Padded>(scan_tile - 1);
    if (sums) sums[blockIdx.x] = temp[last];
    temp[last] = T(0);  // clear the last element
  }
  for (int d = 1; d < scan_tile; d <<= 1) {  // walk down the tree
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1, b = offset * (2 * tid + 2) - 1;
      a += conflict_free_offset<Padded>(a);
      b += conflict_free_offset<Padded>(b);
      T t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  __syncthreads();
  if (base + ai < n) out[base + ai] = temp[ai + ofs_a];
  if (base + bi < n) out[base + bi] = temp[bi + ofs_b];
}

/// scanDistribute: adds the scanned sum of tile b to every element of tile b.
template <class T>
__global__ void blelloch_add_sums(T* data, const T* scanned_sums, long long n) {
  long long i = (long long)blockIdx.x * scan_tile + threadIdx.x;
  if (i < n) data[i] += scanned_sums[blockIdx.x];
}

/// Exclusive prefix sum of any length by the lecture's recursion; one level of block sums per
/// factor of 512.
template <class T, bool Padded>
class blelloch_scan {
 public:
  explicit blelloch_scan(std::int64_t max_n) {
    for (long long len = max_n; len > scan_tile;) {
      len = (len + scan_tile - 1) / scan_tile;
      sums_.emplace_back(std::size_t(len));
    }
  }
  static const char* name() { return Padded ? "blelloch_padded" : "blelloch"; }

  void run(const T* in, T* out, std::int64_t n, cudaStream_t stream) { level(in, out, n, 0, stream); }

 private:
  void level(const T* in, T* out, long long n, std::size_t depth, cudaStream_t s) {
    if (n <= 0) return;
    long long tiles = (n + scan_tile - 1) / scan_tile;
    if (tiles == 1) {
      blelloch_tile_scan<T, Padded><<<1, scan_block, 0, s>>>(in, out, nullptr, n);
      cuda_check(cudaGetLastError(), "seed scan launch");
      return;
    }
    T* sums = sums_.at(depth).get();
    blelloch_tile_scan<T, Padded><<<unsigned(tiles), scan_block, 0, s>>>(in, out, sums, n);
    cuda_check(cudaGetLastError(), "seed scan launch");
    level(sums, sums, tiles, depth + 1, s);  // in place: each tile reads all of its input first
    blelloch_add_sums<T><<<unsigned(tiles - 1), scan_tile, 0, s>>>(out + scan_tile, sums + 1, n - scan_tile);
    cuda_check(cudaGetLastError(), "seed scan launch");
  }
  std::vector<buffer<T>> sums_;
};

}  // namespace cmp::seed
