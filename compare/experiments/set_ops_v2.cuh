// Session 28 (issue 17's set-operation rows, 0.87-0.94x Thrust): a set-operation tile in the
// shape of Thrust's agent, to time against the library's in one binary (set_ops_ab.cu). What
// differs from backend/cuda/set_operations.hpp (docs/notes/set_operations.md, proposals 1, 2, 4):
// - 32-bit positions: cuts are int pairs (one 8-byte load a cut), pieces addressed from their
//   start with int offsets; only while na + nb < 2^31.
// - tile = threads * items - 1: a piece (at most tile + 1 inputs) is exactly `items` guarded loads
//   a thread, and a thread's loop has at most `items` events (it has items + 1 inputs only when
//   its end state was moved one on by balance(), past a pair, which consumes two).
// - a loop without clamps: both keys read from shared memory by position (slot n_local holds a
//   copy of a real key), the written key kept in registers, a bit a step, counted by popc.
// - the written keys, not their places: after the block scan's barrier no thread reads the piece
//   any more, so each thread puts its keys at their ranks over it; one shared read an output.
//   (Keys only; the by_key forms need the places.)
// - the thread cuts exchanged as one packed int (i << 16 | j).
#pragma once
#include <tide/tide.hpp>

#include <tide/backend/cuda/set_operations.hpp>

namespace setv2 {
namespace td = tide::backend::cuda::detail;
using tide::size_type;
using tide::detail::set_op;

template <int T, int I, int MinBlocks>
struct shape {
  static constexpr int threads = T, items = I, min_blocks = MinBlocks;
  static constexpr int tile = T * I - 1;
};

/// cuts[t]: the state where tile t's work begins (t = 0 .. tiles), a thread a cut.
template <int Tile, class K, class Comp>
__global__ void partition_kernel(const K* a, int na, const K* b, int nb, int tiles, int2* cuts, Comp comp) {
  const int t = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (t > tiles) return;
  const int total = na + nb;
  const long long dd = (long long)t * Tile;
  const int d = dd < total ? int(dd) : total;
  const int i = td::merge_path(a, na, b, nb, d, comp);
  const auto s = tide::detail::balance(a, na, b, nb, d, i, comp);
  cuts[t] = make_int2(s.i, s.j);
}

template <class S, set_op Op, class K, class Comp>
__global__ void __launch_bounds__(S::threads, S::min_blocks)
    set_kernel(const K* a, const K* b, const int2* cuts, K* out, Comp comp, td::count_tile_state state,
               size_type tiles, size_type* d_count) {
  constexpr int threads = S::threads, items = S::items;
  using rules = tide::detail::set_rules<Op>;
  using scan_t = td::block_scan<int, threads>;
  extern __shared__ __align__(16) unsigned char v2_smem[];
  K* s = reinterpret_cast<K*>(v2_smem);  // threads * items + 1 keys
  __shared__ int s_cut[threads + 1];
  __shared__ typename scan_t::temp_storage scan_storage;
  __shared__ size_type tile_offset;

  const int tid = int(threadIdx.x);
  const size_type t = blockIdx.x;
  const int2 c0 = cuts[t], c1 = cuts[t + 1];
  const int la = c1.x - c0.x, lb = c1.y - c0.y, n_local = la + lb;  // n_local <= threads * items
  const K* pa = a + c0.x;
  const K* pb = b + c0.y;

  if (n_local > 0) {
    K x[items];
    td::load_piece_striped<threads, items>(pa, la, pb, n_local, x);
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const int p = u * threads + tid;
      if (p < n_local) s[p] = x[u];
    }
    if (tid == 0) s[n_local] = x[0];  // a real key past the end, for unguarded reads
  }
  __syncthreads();

  {
    const int d = min(tid * items, n_local);
    const auto c = tide::detail::balance(s, la, s + la, lb, d, td::merge_path(s, la, s + la, lb, d, comp), comp);
    s_cut[tid] = (c.i << 16) | c.j;
    if (tid == 0) s_cut[threads] = (la << 16) | lb;
  }
  __syncthreads();
  int i, j, i_end, j_end;
  {
    const int b0 = s_cut[tid], b1 = s_cut[tid + 1];
    i = b0 >> 16;
    j = la + (b0 & 0xffff);
    i_end = b1 >> 16;
    j_end = la + (b1 & 0xffff);
  }

  K keys[items];
  unsigned written = 0;
  {
    K ka = s[i], kb = s[j];
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const bool a_end = i >= i_end, b_end = j >= j_end;
      bool a_first = !a_end && b_end, b_first = a_end;  // one side left: its single
      if (!a_end && !b_end) {
        a_first = comp(ka, kb);
        b_first = !a_first && comp(kb, ka);
      }
      const bool live = !(a_end && b_end);
      const bool w = live && (a_first ? rules::a_single : b_first ? rules::b_single : rules::pair);
      keys[u] = b_first ? kb : ka;
      written |= unsigned(w) << u;
      if (live && !b_first) ka = s[++i];
      if (live && !a_first) kb = s[++j];
    }
  }

  int block_count;
  int rank = scan_t(scan_storage).exclusive_scan(int(__popc(written)), 0, td::sum_op{}, block_count);
  if (td::warp_id() == 0) {
    td::lookback_prefix<size_type, td::count_tile_state, td::sum_op> prefix{state, td::sum_op{}, t, tiles, false, 0};
    size_type before = 0;
    const bool has = prefix(size_type(block_count), before);
    if (td::lane_id() == 0) tile_offset = has ? before : 0;
  }
  // The scan's barrier came after every thread's loop: the piece is no longer read.
#pragma unroll
  for (int u = 0; u < items; ++u)
    if (written & (1u << u)) s[rank++] = keys[u];
  __syncthreads();

  const size_type offset = tile_offset;
  K* o = out + offset;
  for (int k = tid; k < block_count; k += threads) o[k] = s[k];
  if (t == tiles - 1 && tid == 0) *d_count = offset + block_count;
}

/// Keys-only set operation Op with shape S (na + nb < 2^31); returns the count.
template <class S, set_op Op, class K, class Comp>
size_type set_operation(const tide::cuda_policy& p, const K* a, size_type na, const K* b, size_type nb, K* out,
                        Comp comp) {
  const char* algorithm = "set_v2";
  const size_type total = na + nb;
  if (total == 0) return 0;
  const size_type tiles = td::ceil_div(total, size_type(S::tile));
  tide::detail::temporary_buffer<int2> cuts(p, std::size_t(tiles + 1), algorithm);
  tide::detail::temporary_buffer<size_type> d_count(p, 1, algorithm);
  td::tile_state_buffer<td::count_tile_state> state(p, tiles, algorithm);
  partition_kernel<S::tile, K, Comp><<<unsigned((tiles + 1 + 255) / 256), 256, 0, p.stream>>>(
      a, int(na), b, int(nb), int(tiles), cuts.data(), comp);
  constexpr std::size_t smem = std::size_t(S::threads * S::items + 1) * sizeof(K);
  const auto kernel = set_kernel<S, Op, K, Comp>;
  static bool opted = false;
  if (!opted) {
    CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    opted = true;
  }
  kernel<<<unsigned(tiles), S::threads, smem, p.stream>>>(a, b, cuts.data(), out, comp, state.state(), tiles,
                                                          d_count.data());
  CK(cudaGetLastError());
  size_type count = 0;
  tide::detail::device_copy_bytes(&count, d_count.data(), sizeof(count), tide::detail::copy_kind::device_to_host,
                                  p.stream, true, algorithm);
  return count;
}

}  // namespace setv2
