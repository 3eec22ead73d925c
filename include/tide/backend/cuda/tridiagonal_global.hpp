#pragma once
// Cyclic reduction in global memory, for systems too large for shared memory (Thomas per thread,
// the other global-memory kernel, is in tridiagonal_thomas.hpp):
// cr_reduce_kernel / cr_substitute_kernel are one level of cyclic reduction. Reduce writes the odd
// rows (2j + 1, with their even neighbours eliminated) as a system of floor(n / 2) rows,
// contiguous; substitute solves the even rows from the odd rows' solution one level coarser.
// Levels shrink until a block's shared memory holds a system.

#include "tridiagonal_batch.hpp"

namespace tide::backend::cuda::detail {

inline constexpr int tridiagonal_global_threads = 256;

/// One level down: row j of each system of `out` (floor(in.n / 2) rows, contiguous) is row 2j + 1
/// of `in` with rows 2j and 2j + 2 eliminated. One thread per output row.
template <class T, class In, class Out>
__global__ void __launch_bounds__(tridiagonal_global_threads)
    cr_reduce_kernel(In in, Out out, unsigned long long* d_failed) {
  const size_type g = size_type(blockIdx.x) * blockDim.x + threadIdx.x;
  const size_type s = g / out.n;  // rises with the lane: the warp's report takes the lowest
  bool bad = false;
  if (g < out.batch * out.n) {
    const size_type j = g % out.n, i = 2 * j + 1;
    const bool has_right = i + 1 < in.n;
    const tri_row<T> right = has_right ? load_row<T>(in, s, i + 1) : identity_row<T>();
    const tri_row<T> r = reduce_row(load_row<T>(in, s, i), load_row<T>(in, s, i - 1), true, right, has_right, bad);
    const size_type k = out.at(s, j);
    out.a[k] = r.a;
    out.b[k] = r.b;
    out.c[k] = r.c;
    out.d[k] = r.d;
  }
  report_failed_warp(d_failed, bad, s);
}

/// One level up: x of `level` (n rows) from x_coarse, the solution of the level below (floor(n / 2)
/// rows per system, contiguous): the odd rows are copied, the even rows solved from them. One
/// thread per even row. level.x may alias level.d: each thread reads only its own row's d.
template <class T, class Level>
__global__ void __launch_bounds__(tridiagonal_global_threads)
    cr_substitute_kernel(Level level, const T* x_coarse, unsigned long long* d_failed) {
  const size_type half = (level.n + 1) / 2, coarse_n = level.n / 2;
  const size_type g = size_type(blockIdx.x) * blockDim.x + threadIdx.x;
  const size_type s = g / half;
  bool bad = false;
  if (g < level.batch * half) {
    const size_type j = g % half, i = 2 * j;
    const tri_row<T> row = load_row<T>(level, s, i);
    const T x_left = j > 0 ? x_coarse[s * coarse_n + j - 1] : T(0);
    const bool has_right = i + 1 < level.n;
    const T x_right = has_right ? x_coarse[s * coarse_n + j] : T(0);
    bad = row.b == T(0);
    const T xi = (row.d - row.a * x_left - row.c * x_right) / row.b;
    bad |= !isfinite(xi);
    level.x[level.at(s, i)] = xi;
    if (has_right) level.x[level.at(s, i + 1)] = x_right;
  }
  report_failed_warp(d_failed, bad, s);
}

}  // namespace tide::backend::cuda::detail
