#pragma once
// Seed 000's reduction ladder, reduce1..reduce5, written from the lecture and corrected:
// - reduce2's loop steps by `s <<= 1` (the lecture's `s <= 1` never ends);
// - every kernel takes n and reads elements past it as 0, so n need not be a multiple of the tile;
// - reduce5's unrolled last warp reads, then __syncwarp(), then writes: the lecture's warp-synchronous
//   code assumed lockstep warps, which independent thread scheduling (Volta on) no longer gives;
// - the lecture times one pass to per-block sums; here the same kernel runs again on the sums
//   until one value is left, so a row is a whole reduction (the extra passes are tiny);
// - partial sums live in buffers allocated once, outside the timed runs.
// 256 threads per block, as in the lecture's BLOCK_SIZE.

#include <cuda_runtime.h>

#include <cstdint>
#include <stdexcept>

#include "../harness/device_ctx.cuh"

namespace cmp::seed {

constexpr int reduce_block = 256;

/// Interleaved addressing, `tid % (2*s)`: divergent warps.
template <class T>
__global__ void reduce1(const T* in, T* out, long long n) {
  __shared__ T data[reduce_block];
  int tid = threadIdx.x;
  long long i = (long long)blockIdx.x * blockDim.x + tid;
  data[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) data[tid] += data[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = data[0];
}

/// Strided index `2*s*tid`: no divergence, but bank conflicts that double each step.
template <class T>
__global__ void reduce2(const T* in, T* out, long long n) {
  __shared__ T data[reduce_block];
  int tid = threadIdx.x;
  long long i = (long long)blockIdx.x * blockDim.x + tid;
  data[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (int s = 1; s < blockDim.x; s <<= 1) {
    int index = 2 * s * tid;
    if (index < blockDim.x) data[index] += data[index + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = data[0];
}

/// Sequential addressing, stride halving from blockDim/2: no conflicts, half the threads idle at once.
template <class T>
__global__ void reduce3(const T* in, T* out, long long n) {
  __shared__ T data[reduce_block];
  int tid = threadIdx.x;
  long long i = (long long)blockIdx.x * blockDim.x + tid;
  data[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) data[tid] += data[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = data[0];
}

/// The first addition during the load: each block covers 2 * blockDim elements.
template <class T>
__global__ void reduce4(const T* in, T* out, long long n) {
  __shared__ T data[reduce_block];
  int tid = threadIdx.x;
  long long i = 2LL * blockIdx.x * blockDim.x + tid;
  data[tid] = (i < n ? in[i] : T(0)) + (i + blockDim.x < n ? in[i + blockDim.x] : T(0));
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) data[tid] += data[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = data[0];
}

/// reduce4 with the last warp's six steps unrolled, without __syncthreads.
template <class T>
__global__ void reduce5(const T* in, T* out, long long n) {
  __shared__ T data[reduce_block];
  int tid = threadIdx.x;
  long long i = 2LL * blockIdx.x * blockDim.x + tid;
  data[tid] = (i < n ? in[i] : T(0)) + (i + blockDim.x < n ? in[i + blockDim.x] : T(0));
  __syncthreads();
  for (int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) data[tid] += data[tid + s];
    __syncthreads();
  }
  if (tid < 32) {  // read, sync the warp, write, sync: correct without lockstep execution
    T v = data[tid] + data[tid + 32];
    __syncwarp();
    data[tid] = v;
    __syncwarp();
    v += data[tid + 16]; __syncwarp(); data[tid] = v; __syncwarp();
    v += data[tid + 8];  __syncwarp(); data[tid] = v; __syncwarp();
    v += data[tid + 4];  __syncwarp(); data[tid] = v; __syncwarp();
    v += data[tid + 2];  __syncwarp(); data[tid] = v; __syncwarp();
    v += data[tid + 1];
    if (tid == 0) out[blockIdx.x] = v;
  }
}

/// Runs one rung of the ladder as a whole reduction: the rung's kernel, again and again on the
/// per-block sums, until one value is left in *out.
template <class T>
class reduce_ladder {
 public:
  explicit reduce_ladder(std::int64_t max_n)
      : a_((max_n + reduce_block - 1) / reduce_block + 1), b_((max_n + reduce_block - 1) / reduce_block + 1) {}

  static const char* name(int variant) {
    static const char* names[] = {"", "reduce1", "reduce2", "reduce3", "reduce4", "reduce5"};
    return names[variant];
  }

  void run(int variant, const T* in, std::int64_t n, T* out, cudaStream_t stream) {
    if (n <= 0) throw std::invalid_argument("seed reduce: empty input");
    const T* src = in;
    long long len = n;
    T* bufs[2] = {a_.get(), b_.get()};
    for (int which = 0;; which ^= 1) {
      long long per_block = variant >= 4 ? 2LL * reduce_block : reduce_block;
      long long blocks = (len + per_block - 1) / per_block;
      T* dst = blocks == 1 ? out : bufs[which];
      launch(variant, unsigned(blocks), src, dst, len, stream);
      if (blocks == 1) return;
      src = dst;
      len = blocks;
    }
  }

 private:
  static void launch(int variant, unsigned blocks, const T* in, T* out, long long n, cudaStream_t s) {
    switch (variant) {
      case 1: reduce1<T><<<blocks, reduce_block, 0, s>>>(in, out, n); break;
      case 2: reduce2<T><<<blocks, reduce_block, 0, s>>>(in, out, n); break;
      case 3: reduce3<T><<<blocks, reduce_block, 0, s>>>(in, out, n); break;
      case 4: reduce4<T><<<blocks, reduce_block, 0, s>>>(in, out, n); break;
      default: reduce5<T><<<blocks, reduce_block, 0, s>>>(in, out, n); break;
    }
    cuda_check(cudaGetLastError(), "seed reduce launch");
  }
  buffer<T> a_, b_;
};

}  // namespace cmp::seed
