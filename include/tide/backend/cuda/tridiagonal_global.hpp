#pragma once
// Tridiagonal kernels that work in global memory:
//  - thomas_per_thread_kernel: one thread per system, the Thomas algorithm (2n sequential steps).
//    In the interleaved layout the threads of a warp touch consecutive addresses at every step, so
//    it is a streaming kernel; the eliminated upper diagonal goes to a scratch array laid out like
//    the input, the eliminated right-hand side to x.
//  - cr_reduce_kernel / cr_substitute_kernel: one level of cyclic reduction for systems too large
//    for shared memory. Reduce writes the odd rows (2j + 1, with their even neighbours eliminated)
//    as a system of floor(n / 2) rows, contiguous; substitute solves the even rows from the odd
//    rows' solution one level coarser. Levels shrink until a block's shared memory holds a system.

#include "tridiagonal_batch.hpp"

namespace tide::backend::cuda::detail {

inline constexpr int tridiagonal_global_threads = 256;

/// Solves system s = blockIdx.x * blockDim.x + threadIdx.x of `sys` by Thomas; d_cp holds n * batch
/// values of scratch, indexed like the system.
template <class T, class Batch>
__global__ void __launch_bounds__(tridiagonal_global_threads)
    thomas_per_thread_kernel(Batch sys, T* d_cp, unsigned long long* d_failed) {
  const size_type s = size_type(blockIdx.x) * blockDim.x + threadIdx.x;
  if (s >= sys.batch) return;
  const size_type n = sys.n;
  tri_row<T> row = load_row<T>(sys, s, 0);
  T pivot = row.b;
  bool bad = pivot == T(0);
  T c_prev = row.c / pivot, d_prev = row.d / pivot;
  d_cp[sys.at(s, 0)] = c_prev;
  sys.x[sys.at(s, 0)] = d_prev;
  for (size_type i = 1; i < n; ++i) {
    row = load_row<T>(sys, s, i);
    pivot = row.b - row.a * c_prev;
    bad |= pivot == T(0);
    c_prev = row.c / pivot;
    d_prev = (row.d - row.a * d_prev) / pivot;
    d_cp[sys.at(s, i)] = c_prev;
    sys.x[sys.at(s, i)] = d_prev;
  }
  T next = d_prev;
  bad |= !isfinite(next);
  for (size_type i = n - 2; i >= 0; --i) {
    next = T(sys.x[sys.at(s, i)]) - d_cp[sys.at(s, i)] * next;
    sys.x[sys.at(s, i)] = next;
    bad |= !isfinite(next);
  }
  if (bad) report_failed_system(d_failed, s);
}

/// One level down: row j of each system of `out` (floor(in.n / 2) rows, contiguous) is row 2j + 1
/// of `in` with rows 2j and 2j + 2 eliminated. One thread per output row.
template <class T, class In, class Out>
__global__ void __launch_bounds__(tridiagonal_global_threads)
    cr_reduce_kernel(In in, Out out, unsigned long long* d_failed) {
  const size_type g = size_type(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= out.batch * out.n) return;
  const size_type s = g / out.n, j = g % out.n, i = 2 * j + 1;
  const bool has_right = i + 1 < in.n;
  const tri_row<T> right = has_right ? load_row<T>(in, s, i + 1) : identity_row<T>();
  bool bad = false;
  const tri_row<T> r = reduce_row(load_row<T>(in, s, i), load_row<T>(in, s, i - 1), true, right, has_right, bad);
  const size_type k = out.at(s, j);
  out.a[k] = r.a;
  out.b[k] = r.b;
  out.c[k] = r.c;
  out.d[k] = r.d;
  if (bad) report_failed_system(d_failed, s);
}

/// One level up: x of `level` (n rows) from x_coarse, the solution of the level below (floor(n / 2)
/// rows per system, contiguous): the odd rows are copied, the even rows solved from them. One
/// thread per even row. level.x may alias level.d: each thread reads only its own row's d.
template <class T, class Level>
__global__ void __launch_bounds__(tridiagonal_global_threads)
    cr_substitute_kernel(Level level, const T* x_coarse, unsigned long long* d_failed) {
  const size_type half = (level.n + 1) / 2, coarse_n = level.n / 2;
  const size_type g = size_type(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= level.batch * half) return;
  const size_type s = g / half, j = g % half, i = 2 * j;
  const tri_row<T> row = load_row<T>(level, s, i);
  const T x_left = j > 0 ? x_coarse[s * coarse_n + j - 1] : T(0);
  const bool has_right = i + 1 < level.n;
  const T x_right = has_right ? x_coarse[s * coarse_n + j] : T(0);
  bool bad = row.b == T(0);
  const T xi = (row.d - row.a * x_left - row.c * x_right) / row.b;
  bad |= !isfinite(xi);
  level.x[level.at(s, i)] = xi;
  if (has_right) level.x[level.at(s, i + 1)] = x_right;
  if (bad) report_failed_system(d_failed, s);
}

}  // namespace tide::backend::cuda::detail
