#pragma once
// What every tridiagonal kernel shares: the batch as kernels see it (where row i of system s lives),
// a row's four coefficients, the elimination step of cyclic reduction (one row against its
// neighbours at a distance), and the report of a failing system. The algorithms themselves are in
// warp/warp_tridiagonal.hpp, block/block_tridiagonal.hpp, tridiagonal_global.hpp,
// tridiagonal_thomas.hpp, tridiagonal_staged.hpp and tridiagonal_partition.hpp.

#include <cuda_runtime.h>

#include "../../config.hpp"
#include "device_utility.hpp"

namespace tide::backend::cuda::detail {

/// The algorithms the CUDA backend has; `automatic` picks by n, batch and layout (tridiagonal.hpp).
/// The others exist so that compare/ can time them side by side.
enum class tridiagonal_algorithm {
  automatic,
  hybrid,  ///< PCR until each thread's subsystem is a few rows, then Thomas in registers
  pcr,     ///< parallel cyclic reduction to the end: log2 n steps, every row every step
  cr,      ///< cyclic reduction: 2 log2 n steps, half the rows fewer each step down
  thomas,  ///< one thread per system, sequential (coalesced only in the interleaved layout)
  staged,     ///< a warp per 32 systems staged in shared memory, Thomas per lane (tridiagonal_staged.hpp)
  partition,  ///< a warp per system: a chunk per lane, PCR on the chunk ends (tridiagonal_partition.hpp)
};

/// A batch of `batch` systems of n rows: row i of system s at at(s, i). x may alias d.
template <class A, class B, class C, class D, class X>
struct tridiagonal_batch {
  A a;
  B b;
  C c;
  D d;
  X x;
  size_type n, batch;
  bool interleaved;
  __host__ __device__ TIDE_FORCEINLINE size_type at(size_type s, size_type i) const {
    return interleaved ? i * batch + s : s * n + i;
  }
};

template <class A, class B, class C, class D, class X>
tridiagonal_batch<A, B, C, D, X> make_tridiagonal_batch(A a, B b, C c, D d, X x, size_type n, size_type batch,
                                                        bool interleaved) {
  return {a, b, c, d, x, n, batch, interleaved};
}

/// One row: a couples to the unknown before it (at the current distance), c to the one after.
template <class T>
struct tri_row {
  T a, b, c, d;
};

/// An equation of its own unknown alone, x = 0: the padding past a system's end and the neighbour of
/// a row at the edge.
template <class T>
__host__ __device__ TIDE_FORCEINLINE tri_row<T> identity_row() {
  return {T(0), T(1), T(0), T(0)};
}

/// Row i of system s, with a[0] and c[n - 1] read as zero (they couple to rows that do not exist,
/// and the caller need not have set them).
template <class T, class Batch>
__device__ TIDE_FORCEINLINE tri_row<T> load_row(const Batch& sys, size_type s, size_type i) {
  const size_type k = sys.at(s, i);
  return {i == 0 ? T(0) : T(sys.a[k]), T(sys.b[k]), i + 1 == sys.n ? T(0) : T(sys.c[k]), T(sys.d[k])};
}

/// Row i of a system held in shared memory as four arrays (the block, staged and partition
/// kernels).
template <class T>
__device__ TIDE_FORCEINLINE tri_row<T> smem_row(const T* sa, const T* sb, const T* sc, const T* sd, int i) {
  return {sa[i], sb[i], sc[i], sd[i]};
}
template <class T>
__device__ TIDE_FORCEINLINE void smem_store(T* sa, T* sb, T* sc, T* sd, int i, const tri_row<T>& r) {
  sa[i] = r.a, sb[i] = r.b, sc[i] = r.c, sd[i] = r.d;
}

/// The cyclic-reduction step: `self` with the unknowns of `left` and `right` (its neighbours at
/// the current distance) eliminated; the result couples to the unknowns at twice the distance.
/// A missing neighbour (past the edge) contributes nothing; a zero divisor sets `bad`.
template <class T>
__device__ TIDE_FORCEINLINE tri_row<T> reduce_row(const tri_row<T>& self, const tri_row<T>& left, bool has_left,
                                                  const tri_row<T>& right, bool has_right, bool& bad) {
  T k1 = T(0), k2 = T(0);
  // A zero coupling needs no division: skipping it keeps an unused zero divisor from being an error.
  if (has_left && self.a != T(0)) {
    bad |= left.b == T(0);
    k1 = self.a / left.b;
  }
  if (has_right && self.c != T(0)) {
    bad |= right.b == T(0);
    k2 = self.c / right.b;
  }
  tri_row<T> r;
  r.a = has_left ? -left.a * k1 : T(0);
  r.c = has_right ? -right.c * k2 : T(0);
  r.b = self.b;
  r.d = self.d;
  if (has_left) r.b -= left.c * k1, r.d -= left.d * k1;
  if (has_right) r.b -= right.a * k2, r.d -= right.d * k2;
  return r;
}

/// No failure yet: the flag starts at the largest value and keeps the lowest failing system.
inline constexpr unsigned long long no_failed_system = ~0ull;

/// The flag may be in mapped host memory (the public call's): it is read before the atomic, so
/// that once a low system is recorded a higher one costs a read across the bus, not a
/// read-modify-write. Device-side atomics on mapped memory are atomic among the device's threads;
/// the host reads the flag only after the stream is done.
__device__ TIDE_FORCEINLINE void report_failed_system(unsigned long long* d_failed, size_type s) {
  const auto v = static_cast<unsigned long long>(s);
  if (v < *static_cast<volatile unsigned long long*>(d_failed)) atomicMin(d_failed, v);
}

/// Called by every lane of a converged warp: the lowest system among the lanes with `bad` is
/// reported once, so a batch of failing systems costs an atomic a warp, not a lane.
__device__ TIDE_FORCEINLINE void report_failed_warp(unsigned long long* d_failed, bool bad, size_type s) {
  if (!__any_sync(full_warp_mask, bad)) return;
  unsigned long long v = bad ? static_cast<unsigned long long>(s) : no_failed_system;
#pragma unroll
  for (int offset = warp_threads / 2; offset > 0; offset /= 2) {
    const unsigned long long other = __shfl_xor_sync(full_warp_mask, v, offset);
    v = other < v ? other : v;
  }
  if ((threadIdx.x & (warp_threads - 1)) == 0) report_failed_system(d_failed, size_type(v));
}

/// e / d for 0 <= e < 2^20 and d >= 1, inv_d within an ulp of 1 / d, by a float product: (e + 1/2)
/// / d is at least 1/(2d) from an integer, and the product's error (relative 2^-22 at most) stays
/// below that. The staging loops split a tile index (below 32 * 96) into (system or chunk, row)
/// with it: an integer division by a runtime divisor is ~20 instructions.
__device__ TIDE_FORCEINLINE int small_quotient(int e, float inv_d) { return int((float(e) + 0.5f) * inv_d); }

/// The solution of a row that has lost its couplings, x = d / b; a zero b or a non-finite x sets `bad`.
template <class T>
__device__ TIDE_FORCEINLINE T solve_decoupled(const tri_row<T>& r, bool& bad) {
  bad |= r.b == T(0);
  const T x = r.d / r.b;
  bad |= !isfinite(x);
  return x;
}

}  // namespace tide::backend::cuda::detail
