#pragma once
// One tridiagonal system per block, in shared memory. The system is padded with identity rows to
// np = 2^k rows (np = threads * Rows); thread t holds rows t, t + threads, ..., so shared-memory
// accesses of a warp are to consecutive words. Three algorithms (seed 003):
//  - pcr: parallel cyclic reduction, log2(np) steps; each step every row eliminates its neighbours
//    at distance `step`, after which rows couple at twice the distance; at the end every row stands
//    alone (x = d / b). About 12 np log2(np) operations.
//  - hybrid: PCR for log2(threads) steps only: then rows couple at distance `threads`, which makes
//    thread t's Rows rows one independent system, solved by Thomas in registers. Fewer steps
//    (and block barriers) than PCR, no idle threads as in CR.
//  - cr: cyclic reduction, in place: log2(np) - 1 steps down (each reduces the rows at odd
//    multiples of the distance, halving the active rows), a 2x2 system, and the same steps up
//    (back substitution). About 17 np operations, but the active threads halve every step and the
//    strided accesses meet bank conflicts.

#include "../tridiagonal_batch.hpp"

namespace tide::backend::cuda::detail {

/// Rows per thread for a padded size np: PCR steps cost shared-memory traffic every step, so
/// larger systems give each thread more rows (more of the work is Thomas in registers).
constexpr int block_tridiagonal_rows(size_type np) { return np <= 64 ? 2 : np <= 256 ? 4 : np <= 4096 ? 8 : 16; }
/// The most threads a block with Rows rows a thread has (np at most 64, 256, 4096, 8192): the
/// launch bound, so that the kernels with many rows a thread keep them in registers (at most 512
/// threads: 128 registers each).
template <int Rows>
constexpr int block_tridiagonal_max_threads() {
  return (Rows == 2 ? 64 : Rows == 4 ? 256 : Rows == 8 ? 4096 : 8192) / Rows;
}
/// The largest padded size: 8192 rows (float; double's four arrays of 8192 would not fit in
/// shared memory, so 4096).
template <class T>
constexpr size_type block_tridiagonal_max_np() {
  return sizeof(T) <= 4 ? 8192 : 4096;
}

/// Cyclic reduction of the np rows in shared memory (np >= 4, a power of two); leaves x in sd.
template <class T>
__device__ void block_cr(T* sa, T* sb, T* sc, T* sd, int np, bool& bad) {
  const int t = threadIdx.x, threads = blockDim.x;
  // Down: rows 2s j + 2s - 1 eliminate their neighbours at distance s (rows 2s j + s - 1, which
  // keep their coefficients for the way up).
  for (int s = 1; s < np / 2; s <<= 1) {
    for (int j = t; j < np / (2 * s); j += threads) {
      const int i = 2 * s * j + 2 * s - 1;
      const bool has_right = i + s < np;
      const tri_row<T> right = has_right ? smem_row(sa, sb, sc, sd, i + s) : identity_row<T>();
      smem_store(sa, sb, sc, sd, i,
                 reduce_row(smem_row(sa, sb, sc, sd, i), smem_row(sa, sb, sc, sd, i - s), true, right, has_right, bad));
    }
    __syncthreads();
  }
  // Rows np/2 - 1 and np - 1 are left, coupled to each other only.
  if (t == 0) {
    const int p = np / 2 - 1, q = np - 1;
    const T det = sb[p] * sb[q] - sc[p] * sa[q];
    bad |= det == T(0);
    const T xp = (sd[p] * sb[q] - sc[p] * sd[q]) / det;
    const T xq = (sb[p] * sd[q] - sd[p] * sa[q]) / det;
    sd[p] = xp;
    sd[q] = xq;
  }
  __syncthreads();
  // Up: rows 2s j + s - 1 from their neighbours at distance s, solved one level coarser.
  for (int s = np / 4; s >= 1; s >>= 1) {
    for (int j = t; j < np / (2 * s); j += threads) {
      const int i = 2 * s * j + s - 1;
      const T x_left = i >= s ? sd[i - s] : T(0);
      const T x_right = i + s < np ? sd[i + s] : T(0);
      bad |= sb[i] == T(0);
      sd[i] = (sd[i] - sa[i] * x_left - sc[i] * x_right) / sb[i];
    }
    __syncthreads();
  }
}

/// Solves system blockIdx.x of `sys` (n <= np = blockDim.x * Rows = 2^np_log2) with Algo (hybrid,
/// pcr or cr); dynamic shared memory: 4 np values of T.
template <class T, int Rows, tridiagonal_algorithm Algo, class Batch>
__global__ void __launch_bounds__(block_tridiagonal_max_threads<Rows>())
    block_tridiagonal_kernel(Batch sys, int np_log2, unsigned long long* d_failed) {
  extern __shared__ __align__(16) unsigned char tide_tridiagonal_smem[];
  const int np = 1 << np_log2;
  T* sa = reinterpret_cast<T*>(tide_tridiagonal_smem);
  T* sb = sa + np;
  T* sc = sb + np;
  T* sd = sc + np;
  const int t = threadIdx.x, threads = blockDim.x;
  const size_type s = blockIdx.x;
  const int n = int(sys.n);
  for (int i = t; i < np; i += threads) smem_store(sa, sb, sc, sd, i, i < n ? load_row<T>(sys, s, i) : identity_row<T>());
  __syncthreads();
  bool bad = false;

  if constexpr (Algo == tridiagonal_algorithm::cr) {
    block_cr(sa, sb, sc, sd, np, bad);
    for (int i = t; i < n; i += threads) {
      const T xi = sd[i];
      bad |= !isfinite(xi);
      sys.x[sys.at(s, i)] = xi;
    }
  } else {
    // Each step reads the old rows from shared memory and keeps the new ones in registers until
    // every thread has read: only Rows rows of registers, whatever the step.
    tri_row<T> mine[Rows];
    const int pcr_end = Algo == tridiagonal_algorithm::pcr ? np : threads;  // hybrid: until distance `threads`
    for (int step = 1; step < pcr_end; step <<= 1) {
#pragma unroll
      for (int r = 0; r < Rows; ++r) {
        const int i = t + r * threads;
        const bool has_left = i >= step, has_right = i + step < np;
        const tri_row<T> left = has_left ? smem_row(sa, sb, sc, sd, i - step) : identity_row<T>();
        const tri_row<T> right = has_right ? smem_row(sa, sb, sc, sd, i + step) : identity_row<T>();
        mine[r] = reduce_row(smem_row(sa, sb, sc, sd, i), left, has_left, right, has_right, bad);
      }
      if (2 * step >= pcr_end) break;  // the last step's rows are needed by this thread only
      __syncthreads();                 // everyone has read the old rows
#pragma unroll
      for (int r = 0; r < Rows; ++r) smem_store(sa, sb, sc, sd, t + r * threads, mine[r]);
      __syncthreads();
    }
    T x[Rows];
    if constexpr (Algo == tridiagonal_algorithm::pcr) {
#pragma unroll
      for (int r = 0; r < Rows; ++r) x[r] = solve_decoupled(mine[r], bad);
    } else {
      // Thomas on this thread's subsystem (rows t + r threads, coupled to r - 1 and r + 1); the
      // eliminated upper diagonal and right-hand side overwrite c and d.
      T pivot = mine[0].b;
      bad |= pivot == T(0);
      mine[0].c /= pivot;
      mine[0].d /= pivot;
#pragma unroll
      for (int r = 1; r < Rows; ++r) {
        pivot = mine[r].b - mine[r].a * mine[r - 1].c;
        bad |= pivot == T(0);
        mine[r].c /= pivot;
        mine[r].d = (mine[r].d - mine[r].a * mine[r - 1].d) / pivot;
      }
      x[Rows - 1] = mine[Rows - 1].d;
#pragma unroll
      for (int r = Rows - 2; r >= 0; --r) x[r] = mine[r].d - mine[r].c * x[r + 1];
    }
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      const int i = t + r * threads;
      if (i < n) {
        bad |= !isfinite(x[r]);
        sys.x[sys.at(s, i)] = x[r];
      }
    }
  }
  // A report a thread (each a read of the flag, which may be in host memory, once the system is
  // in): a __syncthreads_or or warp vote here makes Rows = 16 spill 148 bytes instead of 56.
  if (bad) report_failed_system(d_failed, s);
}

}  // namespace tide::backend::cuda::detail
