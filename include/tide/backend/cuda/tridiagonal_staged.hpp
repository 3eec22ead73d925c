#pragma once
// Thomas per lane from shared memory: a warp takes 32 systems of a few dozen rows, loads all of
// them into shared memory with coalesced loads, runs Thomas on one system per lane there (c' and
// d' overwrite c and d, x overwrites d) and stores x, coalesced. Memory sees exactly a, b, c, d
// read once and x written once (20 bytes a row in float), in both layouts:
//  - contiguous: the 32 systems are 32 n consecutive rows, loaded as one run; in shared memory
//    system t starts at t * pitch, pitch = n rounded up to odd, so that the 32 lanes, each walking
//    its own system, hit 32 different banks;
//  - interleaved: row i of the 32 systems is 32 consecutive words; in shared memory at i * 32 + t.
// Why not a block per system (hybrid/PCR, the earlier choice for 32 < n <= 64): 32-thread blocks,
// 10 barriers and O(n log n) work a system reached 20% of the copy bandwidth (H200, n = 64); why
// not Thomas per thread straight from global memory: contiguous rows are n apart, so a warp's load
// touches 32 sectors and uses 4 bytes of each, and c', d' make a round trip through memory.
// The tile bounds n: 48 KB a warp (no opt-in) is n <= 95 in float, 47 in double.

#include "tridiagonal_batch.hpp"

namespace tide::backend::cuda::detail {

template <class T>
struct staged_tuning {
  /// One warp's tile (4 arrays of 32 systems) at most: 48 KB, so no launch needs the opt-in and an
  /// SM holds 4 to 7 tiles of the largest systems.
  static constexpr std::size_t max_tile_bytes = 48 * 1024;
  /// Rows a lane loads before storing them to shared memory: 16 rows of 4 floats (8 of doubles),
  /// 8 KB in flight a warp.
  static constexpr int chunk = sizeof(T) <= 4 ? 16 : 8;
  /// Warps of a block (they share nothing: several a block only to spare block launches).
  static constexpr int max_warps = 4;
};

/// Words of one array of a warp's tile for n rows.
__host__ __device__ inline size_type staged_tile_words(size_type n, bool interleaved) {
  return warp_threads * (interleaved ? n : (n | 1));
}
template <class T>
std::size_t staged_tile_bytes(size_type n, bool interleaved) {
  return std::size_t(4 * staged_tile_words(n, interleaved)) * sizeof(T);
}
/// Whether a warp's tile of n-row systems fits staged_tuning's bound.
template <class T>
bool staged_fits(size_type n, bool interleaved) {
  return n <= 4096 && staged_tile_bytes<T>(n, interleaved) <= staged_tuning<T>::max_tile_bytes;
}

/// Thomas on n rows in shared memory (row i at i * step): c', d' over c, d, then x over d. The
/// next row's loads go before this row's stores (which the compiler may not move them past).
template <class T>
__device__ TIDE_FORCEINLINE void thomas_in_shared(const T* a, const T* b, T* c, T* d, int n, int step, bool& bad) {
  T c_prev = T(0), d_prev = T(0);
  T a_next = a[0], b_next = b[0], c_next = c[0], d_next = d[0];
  for (int i = 0, o = 0; i < n; ++i, o += step) {
    const T ai = a_next, bi = b_next, ci = c_next, di = d_next;
    if (i + 1 < n) a_next = a[o + step], b_next = b[o + step], c_next = c[o + step], d_next = d[o + step];
    const T pivot = bi - ai * c_prev;
    bad |= pivot == T(0);
    const T inv = T(1) / pivot;
    c_prev = ci * inv;
    d_prev = (di - ai * d_prev) * inv;
    c[o] = c_prev;
    d[o] = d_prev;
  }
  T x = d_prev;  // row n - 1's d' is its x
  bad |= !isfinite(x);
  int o = (n - 2) * step;
  T c_up = n >= 2 ? c[o] : T(0), d_up = n >= 2 ? d[o] : T(0);
  for (int i = n - 2; i >= 0; --i, o -= step) {
    const T ci = c_up, di = d_up;
    if (i > 0) c_up = c[o - step], d_up = d[o - step];
    x = di - ci * x;
    bad |= !isfinite(x);
    d[o] = x;
  }
}

/// Solves systems 32 w .. 32 w + 31 of `sys` for each warp w of the grid (n small enough for
/// staged_fits); dynamic shared memory: one tile a warp.
template <class T, class Batch>
__global__ void __launch_bounds__(staged_tuning<T>::max_warps * warp_threads)
    staged_thomas_kernel(Batch sys, unsigned long long* d_failed) {
  extern __shared__ __align__(16) unsigned char tide_tridiagonal_smem[];
  constexpr int chunk = staged_tuning<T>::chunk;
  const int lane = lane_id(), n = int(sys.n);
  const bool interleaved = sys.interleaved;
  const int pitch = n | 1;
  const int words = int(staged_tile_words(n, interleaved));
  T* const sa = reinterpret_cast<T*>(tide_tridiagonal_smem) + 4 * words * warp_id();
  T* const sb = sa + words;
  T* const sc = sb + words;
  T* const sd = sc + words;
  const size_type s0 = (size_type(blockIdx.x) * (blockDim.x / warp_threads) + warp_id()) * warp_threads;
  if (s0 >= sys.batch) return;  // the whole warp: warps never wait for each other
  const int count = int(sys.batch - s0 < warp_threads ? sys.batch - s0 : warp_threads);
  // Row i of the tile's system t is at t * sys_step + i * row_step.
  const int sys_step = interleaved ? 1 : pitch, row_step = interleaved ? warp_threads : 1;

  const int total = count * n;  // contiguous: the tile's rows, one run in memory
  const float inv_n = 1.0f / float(n);
  if (interleaved) {
    for (int i0 = 0; i0 < n; i0 += chunk) {
      tri_row<T> v[chunk];
#pragma unroll
      for (int u = 0; u < chunk; ++u)
        v[u] = i0 + u < n && lane < count ? load_row<T>(sys, s0 + lane, i0 + u) : identity_row<T>();
#pragma unroll
      for (int u = 0; u < chunk; ++u)
        if (i0 + u < n && lane < count) smem_store(sa, sb, sc, sd, (i0 + u) * warp_threads + lane, v[u]);
    }
  } else {
    for (int e0 = 0; e0 < total; e0 += chunk * warp_threads) {
      tri_row<T> v[chunk];
      int at[chunk];
#pragma unroll
      for (int u = 0; u < chunk; ++u) {
        const int e = e0 + u * warp_threads + lane;
        const int t = small_quotient(e, inv_n), i = e - t * n;
        at[u] = t * pitch + i;
        v[u] = e < total ? load_row<T>(sys, s0 + t, i) : identity_row<T>();
      }
#pragma unroll
      for (int u = 0; u < chunk; ++u)
        if (e0 + u * warp_threads + lane < total) smem_store(sa, sb, sc, sd, at[u], v[u]);
    }
  }
  __syncwarp();

  bool bad = false;
  if (lane < count) {
    const int base = lane * sys_step;
    thomas_in_shared(sa + base, sb + base, sc + base, sd + base, n, row_step, bad);
  }
  __syncwarp();

  if (interleaved) {
    if (lane < count)
      for (int i = 0; i < n; ++i) sys.x[sys.at(s0 + lane, i)] = sd[i * warp_threads + lane];
  } else {
    for (int e = lane; e < total; e += warp_threads) {
      const int t = small_quotient(e, inv_n), i = e - t * n;
      sys.x[sys.at(s0 + t, i)] = sd[t * pitch + i];
    }
  }
  report_failed_warp(d_failed, bad, s0 + lane);
}

/// Launches staged_thomas_kernel over the batch (staged_fits<T>(n, layout) must hold).
template <class T, class Batch>
void launch_staged(const cuda_policy& p, const Batch& sys, unsigned long long* d_failed) {
  const std::size_t tile = staged_tile_bytes<T>(sys.n, sys.interleaved);
  std::size_t warps = staged_tuning<T>::max_tile_bytes / tile;
  if (warps > std::size_t(staged_tuning<T>::max_warps)) warps = staged_tuning<T>::max_warps;
  const size_type tiles = ceil_div(sys.batch, warp_threads);
  launch("solve_tridiagonal", "staged_thomas_kernel", &staged_thomas_kernel<T, Batch>,
         dim3(tile_grid(ceil_div(tiles, size_type(warps)), "solve_tridiagonal")), dim3(unsigned(warps) * warp_threads),
         warps * tile, p.stream, sys, d_failed);
}

}  // namespace tide::backend::cuda::detail
