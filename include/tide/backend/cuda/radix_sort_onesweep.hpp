#pragma once
// One onesweep pass of the radix sort over one portion of the keys (fewer than 2^30 keys, so that a
// digit's count within the portion fits the 30 value bits of a look-back word).
//
// Each block takes the next tile (a counter, so that every tile it waits for is already running),
// ranks its keys by digit in shared memory, publishes its digit counts, finds the keys of earlier
// tiles with each digit by decoupled look-back over per-tile-per-digit status words, and scatters
// its keys through shared memory (sorted by digit there, so the global writes of a digit are
// contiguous). The keys are moved unchanged; digits come from radix_traits' order bits.

#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "../../config.hpp"
#include "block/block_radix_rank.hpp"
#include "radix_sort_upsweep.hpp"

namespace tide::backend::cuda::detail {

/// Block shape of a onesweep pass by key and value size (value 0: keys only), measured at 2^28
/// random keys (docs/notes/sort.md). What decides it is occupancy: the pass is latency-bound, and
/// CUB's sm_90 pass (384x19, 56 registers, 3 blocks an SM) ran 1.24 ms against our 256x23 (80
/// registers, 3 blocks of 256) 1.42 ms with 6% fewer instructions (ncu, H100).
/// - 4-byte keys: 384x17 min 3 (56 registers, no spill; 18 and 19 items spill). H100, against CUB
///   (64-bit counts) in the same run: u32 0.90 -> 0.99x at 2^28, 0.98 -> 1.07x at 2^24; f32 with the
///   digits recomputed at the scatter (keeping them in shared memory spills at 56 registers) 0.87 ->
///   1.00x and 0.92 -> 1.07x. (448x19 min 2: 0.94 / 0.91x; 512x17 min 2: 0.95 / 0.91x.)
/// - 8-byte keys: 384x12 min 3 (56 registers, no spill), u64 at 2^28 0.92 -> 1.02x CUB (256x20 min
///   3, 80 registers, spilled 116 bytes; 512x10 min 2 0.95x, 384x11 0.94x, 320x16 0.93x).
/// - 4-byte pairs 384x22 min 2 (8.21 ms; 256x22 8.29, 384x18 8.78): H200, session 2.
template <std::size_t KeyBytes, std::size_t ValueBytes>
struct onesweep_tuning {
  static constexpr std::size_t dominant = KeyBytes > ValueBytes ? KeyBytes : ValueBytes;
  static constexpr bool narrow = ValueBytes == 0 && (KeyBytes == 4 || KeyBytes == 8);  ///< 4- or 8-byte keys only
  static constexpr int threads = 384;
  static constexpr int items = narrow            ? (KeyBytes == 4 ? 17 : 12)
                               : ValueBytes == 0 ? 20
                               : dominant <= 4    ? 22
                               : dominant <= 8    ? 12
                                                  : 7;
  static constexpr int min_blocks = narrow ? 3 : 2;  ///< per SM, for __launch_bounds__ (caps the registers)
  /// Keys alone recompute float digits at the scatter (0: keeping them spills, 4- and 8-byte keys
  /// alike); pairs keep them (-1, the default).
  static constexpr int keep_digits = narrow ? 0 : -1;
  static constexpr int tile = threads * items;
  /// Tiles per portion: a portion has fewer than 2^30 keys.
  static constexpr int portion_tiles = ((1 << 30) - 1) / tile;
};

// Look-back status words: 0 not yet published, else a flag and a 30-bit count.
inline constexpr unsigned lookback_partial = 1u << 30;    ///< count of this tile alone
inline constexpr unsigned lookback_inclusive = 1u << 31;  ///< count of this tile and all before it
inline constexpr unsigned lookback_value_mask = lookback_partial - 1;

template <class K, class V>
struct onesweep_params {
  K* keys[2];  ///< [0] the user's range, [1] the temporary buffer
  V* vals[2];
  const radix_control* ctrl;
  unsigned* status;       ///< this launch's look-back words, [tile][digit]
  unsigned* status_next;  ///< the next launch's, cleared here
  size_type status_words;
  unsigned* tile_counter;
  const unsigned long long* bins_in;  ///< where each digit of this portion starts in the output
  unsigned long long* bins_out;       ///< where the next portion's start (null for the last portion)
  size_type portion_begin;
  int portion_n;
  int pass, shift;
  unsigned mask;
};

/// Whether a pass keeps each key's digit from the ranking (in shared memory, by tile position)
/// instead of computing it again from the key for the scatter: always for the values (pairs); for
/// floating-point keys by default, whose order bits (NaN and -0.0 tests, the flip) cost more than a
/// byte store and load. A tuning may decide with `static constexpr int keep_digits = 0 / 1`.
template <class Tuning, class = void>
struct tuning_keep_digits : std::integral_constant<int, -1> {};
template <class Tuning>
struct tuning_keep_digits<Tuning, std::void_t<decltype(Tuning::keep_digits)>>
    : std::integral_constant<int, Tuning::keep_digits> {};
template <class Tuning, class K, bool Pairs>
inline constexpr bool onesweep_keeps_digits =
    Pairs || (tuning_keep_digits<Tuning>::value < 0 ? std::is_floating_point_v<K> : tuning_keep_digits<Tuning>::value != 0);

template <class K, class V, bool Pairs, bool KeepDigits, int Threads, int Items>
struct onesweep_storage {
  using rank_t = block_radix_rank<Threads, Items>;
  union {
    K keys[Threads * Items];
    V vals[Threads * Items];
    typename rank_t::storage rank;
  } u;
  /// Where a key of digit d at tile position i goes: key_dst[d] + i (a pointer, so the scatter's
  /// address is one multiply-add from the 32-bit position; no 64-bit index arithmetic per key).
  K* key_dst[radix_digits];
  V* val_dst[Pairs ? radix_digits : 1];
  unsigned char digit[KeepDigits ? Threads * Items : 1];  ///< digit by tile position
  int tile;
};

/// A store through a pointer known to be global (the scatter's pointers come from shared memory, so
/// the compiler cannot tell and would issue generic stores): st.global for naturally aligned 1-,
/// 2-, 4-, 8- and 16-byte types, a plain store otherwise.
template <class T>
__device__ TIDE_FORCEINLINE void store_global(T* p, const T& v) {
  constexpr bool natural = alignof(T) >= sizeof(T);
  if constexpr (natural && sizeof(T) == 1) {
    unsigned char u;
    memcpy(&u, &v, 1);
    __stcg(reinterpret_cast<unsigned char*>(p), u);
  } else if constexpr (natural && sizeof(T) == 2) {
    unsigned short u;
    memcpy(&u, &v, 2);
    __stcg(reinterpret_cast<unsigned short*>(p), u);
  } else if constexpr (natural && sizeof(T) == 4) {
    unsigned u;
    memcpy(&u, &v, 4);
    __stcg(reinterpret_cast<unsigned*>(p), u);
  } else if constexpr (natural && sizeof(T) == 8) {
    unsigned long long u;
    memcpy(&u, &v, 8);
    __stcg(reinterpret_cast<unsigned long long*>(p), u);
  } else if constexpr (natural && sizeof(T) == 16) {
    uint4 u;
    memcpy(&u, &v, 16);
    __stcg(reinterpret_cast<uint4*>(p), u);
  } else {
    *p = v;
  }
}

__device__ TIDE_FORCEINLINE unsigned load_status(const unsigned* p) { return *reinterpret_cast<const volatile unsigned*>(p); }
__device__ TIDE_FORCEINLINE void store_status(unsigned* p, unsigned v) { *reinterpret_cast<volatile unsigned*>(p) = v; }

template <class Tuning, bool Descending, bool Pairs, class K, class V>
__global__ void __launch_bounds__(Tuning::threads, Tuning::min_blocks) radix_onesweep_kernel(onesweep_params<K, V> p) {
  constexpr int threads = Tuning::threads, items = Tuning::items, tile_items = threads * items;
  constexpr bool keep_digits = onesweep_keeps_digits<Tuning, K, Pairs>;
  using storage_t = onesweep_storage<K, V, Pairs, keep_digits, threads, items>;
  using rank_t = block_radix_rank<threads, items>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  storage_t& s = *reinterpret_cast<storage_t*>(smem_raw);
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;

  // The previous launch is over: its look-back words can be cleared for the next one.
  {
    const size_type stride = size_type(gridDim.x) * threads;
    for (size_type i = size_type(blockIdx.x) * threads + tid; i < p.status_words; i += stride) p.status_next[i] = 0;
  }
  // The tile counter and the pass decisions are fetched together (two round trips would be
  // serial); a skipped pass takes a tile number it does not use, which is harmless.
  if (tid == 0) s.tile = atomicAdd(p.tile_counter, 1u);
  const bool skip = p.ctrl->skip[p.pass] != 0;
  // (Selects, not p.keys[src]: indexing the parameter at run time would copy it to local memory.)
  const bool src = p.ctrl->src[p.pass] != 0;
  __syncthreads();
  if (skip) return;
  const K* keys_in = (src ? p.keys[1] : p.keys[0]) + p.portion_begin;
  K* keys_out = src ? p.keys[0] : p.keys[1];
  const int tile = s.tile;
  const int tile_begin = tile * tile_items;  // < 2^30
  const int valid = min(tile_items, p.portion_n - tile_begin);
  const bool full = valid == tile_items;
  const int warp_begin = warp * 32 * items;

  K keys[items];
  int rank[items];  // digits, then ranks (with keep_digits: digit << 16 | rank)
  if constexpr (std::is_same_v<K, float>) {
    // Every load issued before the first digit: in one loop, cicc put each float key's digit (its
    // NaN and zero tests are branches) in a branch region right after its load, and each load waited
    // for the one before (H200, f32 keys: 2^14 52.7 -> 46.5 us). Not for 8-byte keys: hoisted, their
    // loads spill (u64 2^28 6% slower).
#pragma unroll
    for (int u = 0; u < items; ++u)
      if (full || warp_begin + u * 32 + lane < valid) keys[u] = keys_in[tile_begin + warp_begin + u * 32 + lane];
    __syncwarp();
#pragma unroll
    for (int u = 0; u < items; ++u)  // padding: ranked after every real key, then dropped
      rank[u] = full || warp_begin + u * 32 + lane < valid ? radix_digit<K, Descending>(keys[u], p.shift, p.mask)
                                                           : radix_digits - 1;
  } else {
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const int i = warp_begin + u * 32 + lane;
      if (full || i < valid) {
        keys[u] = keys_in[tile_begin + i];
        rank[u] = radix_digit<K, Descending>(keys[u], p.shift, p.mask);
      } else {
        rank[u] = radix_digits - 1;  // padding: ranked after every real key, then dropped
      }
    }
  }

  unsigned* status_tile = p.status + size_type(tile) * radix_digits;
  int count = 0, excl = 0;
  rank_t::template rank<keep_digits>(
      rank, s.u.rank,
      [&](int& c) {
        if (tid == radix_digits - 1) c -= tile_items - valid;
        store_status(status_tile + tid, (tile == 0 ? lookback_inclusive : lookback_partial) | unsigned(c));
      },
      count, excl);
  __syncthreads();  // the rank storage becomes the key tile

#pragma unroll
  for (int u = 0; u < items; ++u) {
    const int r = keep_digits ? rank[u] & 0xffff : rank[u];
    if (full || r < valid) {
      s.u.keys[r] = keys[u];
      if constexpr (keep_digits) s.digit[r] = (unsigned char)(rank[u] >> 16);
    }
  }

  // Values are loaded now so that their latency hides behind the look-back.
  V vals[Pairs ? items : 1];
  if constexpr (Pairs) {
    const V* vals_in = (src ? p.vals[1] : p.vals[0]) + p.portion_begin;
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const int i = warp_begin + u * 32 + lane;
      if (full || i < valid) vals[u] = vals_in[tile_begin + i];
    }
  }

  // Decoupled look-back, one thread per digit: how many keys of earlier tiles have digit d.
  if (tid < radix_digits) {
    const unsigned long long bin = p.bins_in[tid];
    unsigned before = 0;
    if (tile > 0) {
      const unsigned* w = p.status + tid;
      for (size_type j = tile - 1;; --j) {
        unsigned v;
        do {
          v = load_status(w + j * radix_digits);
        } while (v == 0);
        before += v & lookback_value_mask;
        if (v & lookback_inclusive) break;
      }
      store_status(status_tile + tid, lookback_inclusive | (before + unsigned(count)));
    }
    // bin + before >= excl: the keys of smaller digits in this tile are among the bin's predecessors.
    const unsigned long long base = bin + before - unsigned(excl);
    s.key_dst[tid] = keys_out + base;
    if constexpr (Pairs) s.val_dst[tid] = (src ? p.vals[0] : p.vals[1]) + base;
    if (p.bins_out && tile_begin + tile_items >= p.portion_n) p.bins_out[tid] = bin + before + unsigned(count);
  }
  __syncthreads();

#pragma unroll
  for (int u = 0; u < items; ++u) {
    const int i = u * threads + tid;
    if (full || i < valid) {
      const K k = s.u.keys[i];
      const int d = keep_digits ? int(s.digit[i]) : radix_digit<K, Descending>(k, p.shift, p.mask);
      store_global(s.key_dst[d] + i, k);
    }
  }

  if constexpr (Pairs) {
    __syncthreads();  // the key tile becomes the value tile
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const int r = rank[u] & 0xffff;
      if (full || r < valid) s.u.vals[r] = vals[u];
    }
    __syncthreads();
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const int i = u * threads + tid;
      if (full || i < valid) store_global(s.val_dst[s.digit[i]] + i, s.u.vals[i]);
    }
  }
}

}  // namespace tide::backend::cuda::detail
