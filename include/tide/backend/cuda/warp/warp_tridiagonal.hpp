#pragma once
// Tiny tridiagonal systems (n <= 32), a system per group of `width` lanes (width = n rounded up to a
// power of two, so 32 / width systems share a warp): parallel cyclic reduction in registers, the
// neighbours' rows by shuffles within the group, log2(width) steps, no shared memory and no block
// barrier. Lanes past a system's end (and past the batch) hold identity rows, so every lane of the
// warp takes part in every shuffle.

#include "../tridiagonal_batch.hpp"

namespace tide::backend::cuda::detail {

inline constexpr int warp_tridiagonal_threads = 256;

template <class T>
__device__ TIDE_FORCEINLINE tri_row<T> shfl_up_row(const tri_row<T>& r, int delta, int width) {
  return {__shfl_up_sync(full_warp_mask, r.a, delta, width), __shfl_up_sync(full_warp_mask, r.b, delta, width),
          __shfl_up_sync(full_warp_mask, r.c, delta, width), __shfl_up_sync(full_warp_mask, r.d, delta, width)};
}
template <class T>
__device__ TIDE_FORCEINLINE tri_row<T> shfl_down_row(const tri_row<T>& r, int delta, int width) {
  return {__shfl_down_sync(full_warp_mask, r.a, delta, width), __shfl_down_sync(full_warp_mask, r.b, delta, width),
          __shfl_down_sync(full_warp_mask, r.c, delta, width), __shfl_down_sync(full_warp_mask, r.d, delta, width)};
}

/// Solves every system of `sys` (n <= width <= 32, width a power of two); the grid covers
/// batch * width lanes, warp_tridiagonal_threads a block.
template <class T, class Batch>
__global__ void __launch_bounds__(warp_tridiagonal_threads)
    warp_tridiagonal_kernel(Batch sys, int width, unsigned long long* d_failed) {
  const size_type lane_global = size_type(blockIdx.x) * blockDim.x + threadIdx.x;
  const size_type s = lane_global / width;
  const int i = int(lane_global % width);  // width divides 32: the row is the lane within its group
  const bool valid = s < sys.batch && i < sys.n;
  tri_row<T> row = valid ? load_row<T>(sys, s, i) : identity_row<T>();
  bool bad = false;
  for (int step = 1; step < width; step <<= 1) {
    // Lanes below `step` in their group get their own row from shfl_up: has_left says to ignore it.
    const tri_row<T> left = shfl_up_row(row, step, width);
    const tri_row<T> right = shfl_down_row(row, step, width);
    row = reduce_row(row, left, i >= step, right, i + step < width, bad);
  }
  if (valid) sys.x[sys.at(s, i)] = solve_decoupled(row, bad);
  report_failed_warp(d_failed, valid && bad, s);  // s rises with the lane
}

}  // namespace tide::backend::cuda::detail
