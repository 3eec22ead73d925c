#pragma once
// Comparator networks from the seeds: seed 000's shared-memory bitonic sort and seed 002's odd-even
// transposition sort, for u32 keys (ascending).
//
// Bitonic: the lecture sorts one 1024-element array in one block of 512 threads. Corrected and
// extended: `size <<= 1` (the lecture's `size <= 1`), the comparator orders keys (the lecture's swapped
// keys by comparing values), and arrays larger than a tile are sorted the way the lecture's network
// implies: tiles sorted in shared memory in alternating directions, then bitonic merges, with
// strides of a tile or more in global memory and smaller ones back in shared memory.
// n must be a power of two of at least one tile.
//
// Odd-even transposition: n phases of neighbour compare-exchange, one block, the whole array in
// shared memory (n <= 4096): O(n^2) work, for small inputs only.

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "../harness/device_ctx.cuh"

namespace cmp::seed {

constexpr unsigned bitonic_tile = 1024;  // the lecture's N
constexpr unsigned bitonic_threads = bitonic_tile / 2;

__device__ __forceinline__ void comparator(unsigned& a, unsigned& b, unsigned dir) {
  if ((a > b) == (dir != 0)) {  // dir 1: ascending
    unsigned t = a;
    a = b;
    b = t;
  }
}

/// Sorts each tile; tile b ascending when dir ^ (b & 1) is 1, so neighbouring tiles form bitonic pairs
/// (with one tile in all, `alternate` is false and the tile is sorted in `dir`).
__global__ void bitonic_sort_shared(unsigned* keys, unsigned dir, bool alternate) {
  __shared__ unsigned s[bitonic_tile];
  const unsigned t = threadIdx.x;
  unsigned* tile = keys + (long long)blockIdx.x * bitonic_tile;
  s[t] = tile[t];
  s[t + bitonic_threads] = tile[t + bitonic_threads];
  for (unsigned size = 2; size < bitonic_tile; size <<= 1) {
    unsigned ddd = dir ^ ((t & (size / 2)) != 0);
    for (unsigned stride = size >> 1; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * t - (t & (stride - 1));
      comparator(s[pos], s[pos + stride], ddd);
    }
  }
  const unsigned last_dir = alternate ? dir ^ (blockIdx.x & 1) : dir;
  for (unsigned stride = bitonic_tile >> 1; stride > 0; stride >>= 1) {  // the last bitonic merge
    __syncthreads();
    unsigned pos = 2 * t - (t & (stride - 1));
    comparator(s[pos], s[pos + stride], last_dir);
  }
  __syncthreads();
  tile[t] = s[t];
  tile[t + bitonic_threads] = s[t + bitonic_threads];
}

/// One merge step with stride >= a tile: one comparator per thread, in global memory.
__global__ void bitonic_merge_global(unsigned* keys, unsigned long long n, unsigned long long size,
                                     unsigned long long stride, unsigned dir) {
  unsigned long long c = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;  // comparator index
  if (c >= n / 2) return;
  unsigned ddd = dir ^ ((c & (size / 2)) != 0);
  unsigned long long pos = 2 * c - (c & (stride - 1));
  unsigned a = keys[pos], b = keys[pos + stride];
  comparator(a, b, ddd);
  keys[pos] = a;
  keys[pos + stride] = b;
}

/// The merge steps with stride < a tile, all in shared memory.
__global__ void bitonic_merge_shared(unsigned* keys, unsigned long long size, unsigned dir) {
  __shared__ unsigned s[bitonic_tile];
  const unsigned t = threadIdx.x;
  unsigned* tile = keys + (long long)blockIdx.x * bitonic_tile;
  s[t] = tile[t];
  s[t + bitonic_threads] = tile[t + bitonic_threads];
  unsigned long long c = (unsigned long long)blockIdx.x * bitonic_threads + t;
  unsigned ddd = dir ^ ((c & (size / 2)) != 0);
  for (unsigned stride = bitonic_threads; stride > 0; stride >>= 1) {
    __syncthreads();
    unsigned pos = 2 * t - (t & (stride - 1));
    comparator(s[pos], s[pos + stride], ddd);
  }
  __syncthreads();
  tile[t] = s[t];
  tile[t + bitonic_threads] = s[t + bitonic_threads];
}

inline bool bitonic_supports(long long n) { return n >= bitonic_tile && (n & (n - 1)) == 0; }

/// Sorts keys[0, n) ascending in place.
inline void bitonic_sort(unsigned* keys, long long n, cudaStream_t s) {
  if (!bitonic_supports(n)) throw std::invalid_argument("seed bitonic sort: n must be a power of two >= 1024");
  const unsigned dir = 1;
  const unsigned tiles = unsigned(n / bitonic_tile);
  bitonic_sort_shared<<<tiles, bitonic_threads, 0, s>>>(keys, dir, tiles > 1);
  cuda_check(cudaGetLastError(), "seed bitonic launch");
  for (unsigned long long size = 2 * bitonic_tile; size <= (unsigned long long)n; size <<= 1) {
    for (unsigned long long stride = size / 2; stride > 0; stride >>= 1) {
      if (stride >= bitonic_tile) {
        unsigned long long comparators = (unsigned long long)n / 2;
        bitonic_merge_global<<<unsigned((comparators + 255) / 256), 256, 0, s>>>(keys, n, size, stride, dir);
      } else {
        bitonic_merge_shared<<<tiles, bitonic_threads, 0, s>>>(keys, size, dir);
        break;  // the shared kernel did every stride below a tile
      }
      cuda_check(cudaGetLastError(), "seed bitonic launch");
    }
  }
  cuda_check(cudaGetLastError(), "seed bitonic launch");
}

constexpr int odd_even_max = 4096;

/// One block; each thread owns the pairs (2t, 2t+1) and, past 1024 threads, more of them.
__global__ void odd_even_transposition(unsigned* keys, int n) {
  __shared__ unsigned s[odd_even_max];
  for (int i = threadIdx.x; i < n; i += blockDim.x) s[i] = keys[i];
  for (int phase = 0; phase < n; ++phase) {
    __syncthreads();
    // even phases compare (0,1), (2,3), ...; odd phases (1,2), (3,4), ...
    for (int i = 2 * threadIdx.x + (phase & 1); i + 1 < n; i += 2 * blockDim.x) {
      unsigned a = s[i], b = s[i + 1];
      if (a > b) {
        s[i] = b;
        s[i + 1] = a;
      }
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) keys[i] = s[i];
}

inline bool odd_even_supports(long long n) { return n >= 1 && n <= odd_even_max; }

inline void odd_even_sort(unsigned* keys, long long n, cudaStream_t s) {
  if (!odd_even_supports(n)) throw std::invalid_argument("seed odd-even sort: n must be at most 4096");
  int threads = int(std::min<long long>(1024, (n + 1) / 2));
  odd_even_transposition<<<1, threads, 0, s>>>(keys, int(n));
  cuda_check(cudaGetLastError(), "seed odd-even launch");
}

}  // namespace cmp::seed
