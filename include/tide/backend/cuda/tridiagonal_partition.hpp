#pragma once
// A warp per system, m consecutive rows per lane: the partition method (the hybrid Thomas-PCR of
// László, Giles and Appleyard, "Manycore algorithms for batch scalar and block tridiagonal
// solvers", 2016).
//  1. The system goes to shared memory with coalesced loads, padded with identity rows to 32 m.
//     Lane l's chunk (rows l m .. l m + m - 1) starts at l * pitch, pitch = m rounded up to odd,
//     so that the 32 lanes, each walking its own chunk, hit 32 different banks.
//  2. Each lane eliminates inside its chunk (a modified Thomas, forward then backward): every row
//     is left coupled to the chunk's first and last unknowns only, and the chunk's first and last
//     rows, to the neighbouring chunks' last and first unknowns.
//  3. Those 64 rows (first and last of each chunk) are a tridiagonal system with a unit diagonal:
//     PCR in registers, the neighbours' rows by shuffles, 6 steps.
//  4. Each lane gets its interior rows from its chunk's two ends; the warp stores x, coalesced.
// O(n) work like Thomas, a, b, c, d read once and x written once. Why not CR in a block (the
// earlier choice for 64 < n <= 8192, contiguous): a block per system, 2 log2 n barriers with half
// the threads idle each step down, bank conflicts: ~1 TB/s on an H200, a quarter of the copy.
// The tile bounds n: 48 KB a warp (no opt-in) is m <= 95 in float (n <= 3040), 47 in double
// (n <= 1504).

#include "tridiagonal_batch.hpp"

namespace tide::backend::cuda::detail {

template <class T>
struct partition_tuning {
  /// One warp's tile (4 arrays of 32 chunks) at most: 48 KB, no opt-in; 12 warps an SM at n = 1024.
  static constexpr std::size_t max_tile_bytes = 48 * 1024;
  /// Rows a lane loads before storing them to shared memory (8 KB in flight a warp).
  static constexpr int chunk = sizeof(T) <= 4 ? 16 : 8;
  /// Warps of a block (they share nothing: several a block only to spare block launches).
  static constexpr int max_warps = 4;
};

/// Rows a lane: the modified Thomas needs a first, a last and an interior row.
inline int partition_rows_per_lane(size_type n) {
  const size_type m = ceil_div(n, warp_threads);
  return m < 3 ? 3 : int(m);
}
template <class T>
std::size_t partition_tile_bytes(int m) {
  return std::size_t(4 * warp_threads * (m | 1)) * sizeof(T);
}
template <class T>
bool partition_fits(size_type n) {
  return n <= 32 * 4096 && partition_tile_bytes<T>(partition_rows_per_lane(n)) <= partition_tuning<T>::max_tile_bytes;
}

/// Step 2 on one lane's chunk of m >= 3 rows in shared memory (a, b, c, d at offsets 0 .. m - 1).
/// Rows 1 .. m - 2 are left in the form a_j x_0 + x_j + c_j x_(m-1) = d_j (their a, c, d
/// overwritten); the first and last rows come back in registers, unit diagonal: first couples to
/// the previous chunk's last unknown (a) and to x_(m-1) (c), last to x_0 (a) and to the next
/// chunk's first unknown (c).
template <class T>
__device__ TIDE_FORCEINLINE void eliminate_chunk(T* a, const T* b, T* c, T* d, int m, tri_row<T>& first,
                                                 tri_row<T>& last, bool& bad) {
  // Rows 0 and 1 divided by their diagonal: row 1 then couples to x_0 through a.
  bad |= b[0] == T(0) || b[1] == T(0);
  const T inv0 = T(1) / b[0], inv1 = T(1) / b[1];
  const T a0 = a[0] * inv0, c0 = c[0] * inv0, d0 = d[0] * inv0;
  T a_prev = a[1] * inv1, c_prev = c[1] * inv1, d_prev = d[1] * inv1;
  a[1] = a_prev, c[1] = c_prev, d[1] = d_prev;
  // Forward: row j eliminates x_(j-1) with row j - 1, keeping a coupling to x_0.
  T a_next = a[2], b_next = b[2], c_next = c[2], d_next = d[2];
  for (int j = 2; j < m; ++j) {
    const T aj = a_next, bj = b_next, cj = c_next, dj = d_next;
    if (j + 1 < m) a_next = a[j + 1], b_next = b[j + 1], c_next = c[j + 1], d_next = d[j + 1];
    const T pivot = bj - aj * c_prev;
    bad |= pivot == T(0);
    const T inv = T(1) / pivot;
    d_prev = (dj - aj * d_prev) * inv;
    a_prev = -aj * a_prev * inv;
    c_prev = cj * inv;
    if (j + 1 < m) a[j] = a_prev, c[j] = c_prev, d[j] = d_prev;  // row m - 1 stays in registers
  }
  last = {a_prev, T(1), c_prev, d_prev};
  // Backward: row j eliminates x_(j+1) with row j + 1 (already coupled to x_0 and x_(m-1) only).
  T a_up = a[m - 2], c_up = c[m - 2], d_up = d[m - 2];
  T a_load = a[m - 3], c_load = c[m - 3], d_load = d[m - 3];
  for (int j = m - 3; j >= 1; --j) {
    const T aj = a_load, cj = c_load, dj = d_load;
    if (j > 1) a_load = a[j - 1], c_load = c[j - 1], d_load = d[j - 1];
    d_up = dj - cj * d_up;
    a_up = aj - cj * a_up;
    c_up = -cj * c_up;
    a[j] = a_up, c[j] = c_up, d[j] = d_up;
  }
  // (a_up, c_up, d_up) is row 1 now. Row 0 eliminates x_1 with it.
  const T pivot = T(1) - c0 * a_up;
  bad |= pivot == T(0);
  const T inv = T(1) / pivot;
  first = {a0 * inv, T(1), -c0 * c_up * inv, (d0 - c0 * d_up) * inv};
}

/// Step 3: the 64 rows (lane l's first at 2 l, its last at 2 l + 1) by PCR across the warp;
/// returns this lane's two unknowns.
template <class T>
__device__ TIDE_FORCEINLINE void solve_chunk_ends(tri_row<T> first, tri_row<T> last, int lane, T& x_first, T& x_last,
                                                  bool& bad) {
  {
    // Distance 1: first's neighbours are the previous lane's last and this lane's last; last's are
    // this lane's first and the next lane's first.
    const tri_row<T> prev_last = shfl_up(last, 1), next_first = shfl_down(first, 1);
    const tri_row<T> f = reduce_row(first, prev_last, lane > 0, last, true, bad);
    const tri_row<T> l = reduce_row(last, first, true, next_first, lane + 1 < warp_threads, bad);
    first = f, last = l;
  }
  // Distance 2k: the neighbours are rows of the same kind, k lanes away.
#pragma unroll
  for (int k = 1; k < warp_threads; k *= 2) {
    const tri_row<T> fl = shfl_up(first, k), fr = shfl_down(first, k);
    const tri_row<T> ll = shfl_up(last, k), lr = shfl_down(last, k);
    first = reduce_row(first, fl, lane >= k, fr, lane + k < warp_threads, bad);
    last = reduce_row(last, ll, lane >= k, lr, lane + k < warp_threads, bad);
  }
  x_first = solve_decoupled(first, bad);
  x_last = solve_decoupled(last, bad);
}

/// Solves system w of `sys` for each warp w of the grid, m rows a lane (partition_fits); dynamic
/// shared memory: one tile a warp.
template <class T, class Batch>
__global__ void __launch_bounds__(partition_tuning<T>::max_warps * warp_threads)
    partition_kernel(Batch sys, int m, unsigned long long* d_failed) {
  extern __shared__ __align__(16) unsigned char tide_tridiagonal_smem[];
  constexpr int chunk = partition_tuning<T>::chunk;
  const int lane = lane_id(), pitch = m | 1, words = warp_threads * pitch;
  T* const sa = reinterpret_cast<T*>(tide_tridiagonal_smem) + 4 * words * warp_id();
  T* const sb = sa + words;
  T* const sc = sb + words;
  T* const sd = sc + words;
  const size_type s = size_type(blockIdx.x) * (blockDim.x / warp_threads) + warp_id();
  if (s >= sys.batch) return;  // the whole warp: warps never wait for each other
  const int n = int(sys.n), rows = warp_threads * m;
  const float inv_m = 1.0f / float(m);

  // 1. Padded row e is row e % m of chunk e / m.
  for (int e0 = 0; e0 < rows; e0 += chunk * warp_threads) {
    tri_row<T> v[chunk];
#pragma unroll
    for (int u = 0; u < chunk; ++u) {
      const int e = e0 + u * warp_threads + lane;
      v[u] = e < n ? load_row<T>(sys, s, e) : identity_row<T>();
    }
#pragma unroll
    for (int u = 0; u < chunk; ++u) {
      const int e = e0 + u * warp_threads + lane;
      const int q = small_quotient(e, inv_m);
      if (e < rows) smem_store(sa, sb, sc, sd, q * pitch + e - q * m, v[u]);
    }
  }
  __syncwarp();

  // 2-4.
  T* const a = sa + lane * pitch;
  T* const c = sc + lane * pitch;
  T* const d = sd + lane * pitch;
  bool bad = false;
  tri_row<T> first, last;
  eliminate_chunk(a, sb + lane * pitch, c, d, m, first, last, bad);
  T x_first, x_last;
  solve_chunk_ends(first, last, lane, x_first, x_last, bad);
  bad |= !isfinite(x_first) || !isfinite(x_last);
  d[0] = x_first;
  d[m - 1] = x_last;
  for (int j = 1; j < m - 1; ++j) {
    const T x = d[j] - a[j] * x_first - c[j] * x_last;
    bad |= !isfinite(x);
    d[j] = x;
  }
  __syncwarp();

  for (int e = lane; e < n; e += warp_threads) {
    const int q = small_quotient(e, inv_m);
    sys.x[sys.at(s, e)] = sd[q * pitch + e - q * m];
  }
  if (__any_sync(full_warp_mask, bad) && lane == 0) report_failed_system(d_failed, s);
}

/// Launches partition_kernel over the batch (partition_fits<T>(n) must hold). Any layout; only the
/// contiguous one is coalesced.
template <class T, class Batch>
void launch_partition(const cuda_policy& p, const Batch& sys, unsigned long long* d_failed) {
  const int m = partition_rows_per_lane(sys.n);
  const std::size_t tile = partition_tile_bytes<T>(m);
  std::size_t warps = partition_tuning<T>::max_tile_bytes / tile;
  if (warps > std::size_t(partition_tuning<T>::max_warps)) warps = partition_tuning<T>::max_warps;
  launch("solve_tridiagonal", "partition_kernel", &partition_kernel<T, Batch>,
         dim3(tile_grid(ceil_div(sys.batch, size_type(warps)), "solve_tridiagonal")),
         dim3(unsigned(warps) * warp_threads), warps * tile, p.stream, sys, m, d_failed);
}

}  // namespace tide::backend::cuda::detail
