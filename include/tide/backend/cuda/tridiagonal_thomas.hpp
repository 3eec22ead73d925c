#pragma once
// Thomas per thread: one system per thread, the forward sweep's eliminated upper diagonal c' to a
// scratch array laid out like the input and its right-hand side d' to x, then back substitution.
// In the interleaved layout the 32 lanes of a warp touch 32 consecutive words at every step, so
// the kernel streams; in the contiguous one it does not (compare/ times it there only for the
// record).
//
// Why the loads run ahead: each row's elimination needs the row before it, and 2^16 systems give
// an H200 SM ~16 warps: one row per thread in flight is ~8 KB per SM, against the ~21 KB that
// 4 TB/s at ~0.7 us latency needs. The first version (one row at a time) took 0.75 us a row at
// n = 1024, at 44% of the copy bandwidth and no faster than cuSPARSE. Here each thread keeps a
// ring of `Prefetch` rows in registers: the slot of the row just eliminated is refilled with the
// row `Prefetch` ahead, so that many rows per thread are always on their way.
//
// Writing x while loading rows ahead is safe when x is d: a row's d is read before that row's
// x is written, and the rows ahead are not yet written.

#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "tridiagonal_batch.hpp"

namespace tide::backend::cuda::detail {

/// Launch shape of thomas_kernel. 128 threads, at most 128 registers (4 blocks = 512 threads an
/// SM, more than 2^16 systems put there); the ring: 16 rows of 4 floats (8 of doubles) forward,
/// twice as many rows of 2 values backward, 64 registers either way.
template <class T>
struct thomas_tuning {
  static constexpr int threads = 128;
  static constexpr int min_blocks = 4;
  static constexpr int prefetch = sizeof(T) <= 4 ? 16 : 8;
};

/// Thomas on system s with `Prefetch` rows in flight; d_cp: scratch indexed like the system.
/// Returns whether a pivot was zero or x is not finite.
template <class T, int Prefetch, class Batch>
__device__ TIDE_FORCEINLINE bool thomas_sweeps(const Batch& sys, size_type s, T* d_cp) {
  const size_type n = sys.n;
  bool bad = false;
  // Forward: ring[r] holds row i0 + r; once eliminated, its slot loads row i0 + r + Prefetch.
  tri_row<T> ring[Prefetch];
#pragma unroll
  for (int r = 0; r < Prefetch; ++r) ring[r] = r < n ? load_row<T>(sys, s, r) : identity_row<T>();
  T c_prev = T(0), d_prev = T(0);
  for (size_type i0 = 0; i0 < n; i0 += Prefetch) {
#pragma unroll
    for (int r = 0; r < Prefetch; ++r) {
      const size_type i = i0 + r;
      if (i < n) {
        const tri_row<T> row = ring[r];
        const T pivot = row.b - row.a * c_prev;
        bad |= pivot == T(0);
        const T inv = T(1) / pivot;  // one division a row instead of two
        c_prev = row.c * inv;
        d_prev = (row.d - row.a * d_prev) * inv;
        const size_type k = sys.at(s, i);
        d_cp[k] = c_prev;
        sys.x[k] = d_prev;
        if (i + Prefetch < n) ring[r] = load_row<T>(sys, s, i + Prefetch);
      }
    }
  }
  // Backward: x_i = d'_i - c'_i x_(i+1) for i = n - 2 down to 0, 2 * Prefetch rows of (c', d')
  // in flight (two values a row: the same registers as the forward ring).
  constexpr int back = 2 * Prefetch;
  T x_next = d_prev;
  bad |= !isfinite(x_next);
  T ring_c[back], ring_d[back];
#pragma unroll
  for (int r = 0; r < back; ++r) {
    const size_type i = n - 2 - r;
    if (i >= 0) {
      const size_type k = sys.at(s, i);
      ring_c[r] = d_cp[k];
      ring_d[r] = T(sys.x[k]);
    }
  }
  for (size_type i0 = n - 2; i0 >= 0; i0 -= back) {
#pragma unroll
    for (int r = 0; r < back; ++r) {
      const size_type i = i0 - r;
      if (i >= 0) {
        x_next = ring_d[r] - ring_c[r] * x_next;
        bad |= !isfinite(x_next);
        sys.x[sys.at(s, i)] = x_next;
        if (i - back >= 0) {
          const size_type k = sys.at(s, i - back);
          ring_c[r] = d_cp[k];
          ring_d[r] = T(sys.x[k]);
        }
      }
    }
  }
  return bad;
}

/// System s = blockIdx.x * threads + threadIdx.x of `sys` by Thomas, `Prefetch` rows ahead.
template <class T, int Prefetch, class Batch>
__global__ void __launch_bounds__(thomas_tuning<T>::threads, thomas_tuning<T>::min_blocks)
    thomas_kernel(Batch sys, T* d_cp, unsigned long long* d_failed) {
  const size_type s = size_type(blockIdx.x) * blockDim.x + threadIdx.x;
  bool bad = false;
  if (s < sys.batch) bad = thomas_sweeps<T, Prefetch>(sys, s, d_cp);
  report_failed_warp(d_failed, bad, s);  // every lane gets here: blocks are whole warps
}

/// Launches thomas_kernel over the batch with a scratch of n * batch values from the pool.
/// Prefetch 1 is the plain sweep (compare/ times the depths side by side).
template <class T, int Prefetch = thomas_tuning<T>::prefetch, class Batch>
void launch_thomas(const cuda_policy& p, const Batch& sys, unsigned long long* d_failed) {
  tide::detail::temporary_buffer<T> scratch(p, std::size_t(sys.n * sys.batch), "solve_tridiagonal");
  constexpr int threads = thomas_tuning<T>::threads;
  launch("solve_tridiagonal", "thomas_kernel", &thomas_kernel<T, Prefetch, Batch>,
         dim3(tile_grid(ceil_div(sys.batch, threads), "solve_tridiagonal")), dim3(threads), 0, p.stream, sys,
         scratch.data(), d_failed);
}

}  // namespace tide::backend::cuda::detail
