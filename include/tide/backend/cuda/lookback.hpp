#pragma once
// Decoupled look-back (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back"), made deterministic without a serial chain between tiles.
//
// The classic look-back folds whatever inclusive prefix a tile happens to find with the aggregates
// after it, so the association (and a float result) depends on timing. Forcing the canonical chain
// P_k = op(P_(k-1), A_k) instead makes every prefix depend on the one before: a serial recurrence
// through L2 across all tiles, too slow at full bandwidth. Here every tile's prefix is a fixed tree
// instead, built from sums of aligned blocks of tiles, base 32:
//   - level 0 holds each tile's aggregate A_k, published as soon as the tile has it;
//   - level L+1 holds the sum of each complete block of 32 level-L entries, published by the last
//     tile of that block (the one whose index ends in L+1 base-32 digits 31) as soon as its inputs
//     are there: S = op(reduce(first 31 entries), own entry).
// Tile k's exclusive prefix combines, for each base-32 digit c_L of k from the top, the c_L level-L
// entries before it in its parent block (one lane each, reduced by a warp reduction whose shape
// depends on c_L only): op(...op(T_top, T_top-1)..., T_0). It waits only for aggregates and block
// sums, which depend on nothing but aggregates, so no tile waits for another tile's look-back, and
// results are the same on every run.
//
// Why not the canonical chain (find the nearest inclusive prefix P_j, fold A_(j+1)..A_(k-1) onto it
// in order)? That is deterministic too, but P_N then sits at the end of a chain of N dependent
// operations, one per tile, plus one L2 round trip per window of 32 tiles walked: on an H200 it
// ran 1.08 ms against this tree's 0.85 ms (2^28 u32, 256x16 tiles; 0.84 against 0.77 at 256x32),
// and 2-3x slower for the by-key scans and copy_if (scratch/scan_notes.md).
//
// Slot state, by value size (status 0 = not yet, nonzero = published):
//   - up to 4 bytes: status and value packed in one 8-byte word (relaxed 64-bit accesses);
//   - up to 8 bytes: packed in one 16-byte word (relaxed 128-bit vector accesses, as CUB does);
//   - a count and a payload of up to 8 bytes (counted_value: the by-key scans' segment values):
//     the status in the count's word, one 16-byte word;
//   - larger: a status array plus a value array; the value is written before a release store of the
//     status and read after an acquire load of it, from L2.
// count_tile_state packs 62-bit counts (copy_if, unique) in one 8-byte word.
// All levels live in one block whose status words are zero when the kernel starts: a temporary
// cleared on the stream before it, or the stream's scratch, which the scan leaves zero
// (tile_state_buffer.hpp).

#include <cstdint>
#include <type_traits>

#include "../../detail/temporary_buffer.hpp"
#include "device_utility.hpp"
#include "launch.hpp"
#include "tile_state_buffer.hpp"
#include "warp/warp_reduce.hpp"

namespace tide::backend::cuda::detail {

// ---- relaxed / acquire / release accesses (sm_70+) ------------------------------------------------

__device__ TIDE_FORCEINLINE void st_relaxed(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ TIDE_FORCEINLINE unsigned long long ld_relaxed(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ TIDE_FORCEINLINE void st_relaxed_pair(ulonglong2* p, unsigned long long lo, unsigned long long hi) {
  asm volatile("st.relaxed.gpu.global.v2.u64 [%0], {%1, %2};" ::"l"(p), "l"(lo), "l"(hi) : "memory");
}
__device__ TIDE_FORCEINLINE ulonglong2 ld_relaxed_pair(const ulonglong2* p) {
  ulonglong2 v;
  asm volatile("ld.relaxed.gpu.global.v2.u64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
  return v;
}
__device__ TIDE_FORCEINLINE void st_release(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ TIDE_FORCEINLINE unsigned ld_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

template <class T>
__device__ TIDE_FORCEINLINE unsigned long long value_bits(const T& v) {
  unsigned long long b = 0;
  memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T>
__device__ TIDE_FORCEINLINE void from_bits(T& v, unsigned long long b) {
  memcpy(&v, &b, sizeof(T));
}

// ---- slot states (device views, passed to kernels by value) -------------------------------------

enum class tile_state_kind { packed8, packed16, counted16, split };

/// Values made of a count (below 2^61) and a payload of at most 8 bytes, such as the by-key scans'
/// segment values (scan_by_key.hpp specializes this): the count shares a word with the status, so
/// a slot is one 16-byte word (counted16), read in one round trip where `split` takes two (the
/// status, then the value). Specializations give count(v), payload(v) (the payload's bits) and
/// assign(v, count, payload_bits).
template <class T>
struct counted_value {
  static constexpr bool value = false;
};

template <class T>
constexpr tile_state_kind tile_state_kind_for() {
  if constexpr (sizeof(T) <= 4) return tile_state_kind::packed8;
  else if constexpr (sizeof(T) <= 8) return tile_state_kind::packed16;
  else if constexpr (counted_value<T>::value) return tile_state_kind::counted16;
  else return tile_state_kind::split;
}

/// `slots` slots of T, each published once: set(slot, v), then get(slot, v) returns true and v.
template <class T, tile_state_kind Kind = tile_state_kind_for<T>()>
struct tile_state;

template <class T>
struct tile_state<T, tile_state_kind::packed8> {
  unsigned long long* d_words;
  static std::size_t bytes(size_type slots, std::size_t& clear) { return clear = std::size_t(slots) * 8; }
  void bind(unsigned char* d, size_type) { d_words = reinterpret_cast<unsigned long long*>(d); }
  __device__ TIDE_FORCEINLINE void set(size_type slot, const T& v) const {
    st_relaxed(d_words + slot, (value_bits(v) << 32) | 1u);
  }
  __device__ TIDE_FORCEINLINE bool get(size_type slot, T& v) const {
    const unsigned long long w = ld_relaxed(d_words + slot);
    from_bits(v, w >> 32);
    return unsigned(w) != 0;
  }
};

template <class T>
struct tile_state<T, tile_state_kind::packed16> {
  ulonglong2* d_words;
  static std::size_t bytes(size_type slots, std::size_t& clear) { return clear = std::size_t(slots) * 16; }
  void bind(unsigned char* d, size_type) { d_words = reinterpret_cast<ulonglong2*>(d); }
  __device__ TIDE_FORCEINLINE void set(size_type slot, const T& v) const {
    st_relaxed_pair(d_words + slot, 1u, value_bits(v));
  }
  __device__ TIDE_FORCEINLINE bool get(size_type slot, T& v) const {
    const ulonglong2 w = ld_relaxed_pair(d_words + slot);
    from_bits(v, w.y);
    return w.x != 0;
  }
};

template <class T>
struct tile_state<T, tile_state_kind::counted16> {
  using traits = counted_value<T>;
  ulonglong2* d_words;
  static std::size_t bytes(size_type slots, std::size_t& clear) { return clear = std::size_t(slots) * 16; }
  void bind(unsigned char* d, size_type) { d_words = reinterpret_cast<ulonglong2*>(d); }
  __device__ TIDE_FORCEINLINE void set(size_type slot, const T& v) const {
    st_relaxed_pair(d_words + slot, 1u | (traits::count(v) << 1), traits::payload(v));  // status: bit 0
  }
  __device__ TIDE_FORCEINLINE bool get(size_type slot, T& v) const {
    const ulonglong2 w = ld_relaxed_pair(d_words + slot);
    traits::assign(v, w.x >> 1, w.y);
    return w.x != 0;
  }
};

template <class T>
struct tile_state<T, tile_state_kind::split> {
  static constexpr int words = int((sizeof(T) + 3) / 4);
  struct slot_words {
    unsigned w[words];
  };
  unsigned* d_status;
  slot_words* d_values;
  static std::size_t bytes(size_type slots, std::size_t& clear) {
    clear = std::size_t(slots) * 4;
    return round16(clear) + std::size_t(slots) * sizeof(slot_words);
  }
  void bind(unsigned char* d, size_type slots) {
    d_status = reinterpret_cast<unsigned*>(d);
    d_values = reinterpret_cast<slot_words*>(d + round16(std::size_t(slots) * 4));
  }
  __device__ TIDE_FORCEINLINE void set(size_type slot, const T& v) const {
    slot_words s;
    if constexpr (sizeof(T) % 4 != 0) s.w[words - 1] = 0;
    memcpy(&s, &v, sizeof(T));
#pragma unroll
    for (int i = 0; i < words; ++i) __stcg(d_values[slot].w + i, s.w[i]);
    st_release(d_status + slot, 1u);  // orders the value before the status
  }
  __device__ TIDE_FORCEINLINE bool get(size_type slot, T& v) const {
    if (!ld_acquire(d_status + slot)) return false;
    slot_words s;
#pragma unroll
    for (int i = 0; i < words; ++i) s.w[i] = __ldcg(d_values[slot].w + i);  // from L2: L1 may be stale
    memcpy(&v, &s, sizeof(T));
    return true;
  }

 private:
  static constexpr std::size_t round16(std::size_t b) { return (b + 15) / 16 * 16; }
};

/// Counts below 2^62 with the status in the top bits of one 8-byte word.
struct count_tile_state {
  unsigned long long* d_words;
  static std::size_t bytes(size_type slots, std::size_t& clear) { return clear = std::size_t(slots) * 8; }
  void bind(unsigned char* d, size_type) { d_words = reinterpret_cast<unsigned long long*>(d); }
  __device__ TIDE_FORCEINLINE void set(size_type slot, size_type v) const {
    st_relaxed(d_words + slot, (1ull << 62) | static_cast<unsigned long long>(v));
  }
  __device__ TIDE_FORCEINLINE bool get(size_type slot, size_type& v) const {
    const unsigned long long w = ld_relaxed(d_words + slot);
    v = static_cast<size_type>(w & ((1ull << 62) - 1));
    return (w >> 62) != 0;
  }
};

// ---- the look-back ------------------------------------------------------------------------------

/// Spin-wait tuning: first pause and the longest (short: a tile waits for its neighbours).
struct lookback_tuning {
  static constexpr unsigned first_delay_ns = 16;
  static constexpr unsigned max_delay_ns = 128;
};

/// The tree's fan-in: 32 entries of a level sum into one of the next (the `>> 5`, `& 31` and `31`
/// below; lookback_slots too). A tile count past a power of it adds a level.
inline constexpr size_type lookback_fan_in = 32;

/// Level L's entries before tile `tile`'s own in its parent block (`count`, below 32) and the slot of
/// the first of them. Slot numbers fit 32 bits (fewer than 2^31 tiles).
__device__ TIDE_FORCEINLINE unsigned level_first(size_type tiles, size_type tile, int level, int& count) {
  unsigned offset = 0;
  size_type entries = tiles;
  for (int l = 0; l < level; ++l) {
    offset += unsigned(entries);
    entries = (entries + 31) / 32;
  }
  const size_type block = tile >> (5 * level);
  count = int(block & 31);
  return offset + unsigned(block) - unsigned(count);
}

/// Waits for `count` entries from slot `first` (lane i reads entry i; `v` holds lane's first read
/// and `ready` whether it was there) and returns their reduction in every lane: a warp reduction
/// whose shape depends on count only.
template <class T, class State, class Op>
__device__ TIDE_FORCEINLINE T level_sum(const State& state, unsigned first, int count, T v, bool ready, Op op) {
  const int lane = lane_id();
  unsigned delay = lookback_tuning::first_delay_ns;
  while (!__all_sync(full_warp_mask, ready)) {
    __nanosleep(delay);
    delay = delay * 2 < lookback_tuning::max_delay_ns ? delay * 2 : lookback_tuning::max_delay_ns;
    ready = lane >= count || state.get(first + lane, v);
  }
  return shfl_idx(warp_reduce_partial(v, count, op), 0);
}

/// Publishes tile `tile`'s aggregate (and, for the last tile of blocks, their sums), then computes
/// its exclusive prefix: the combination of the aggregates of tiles [0, tile) in the fixed tree
/// described above. Returns false (and leaves `prefix`) for tile 0. All 32 lanes of one warp call it.
template <class T, class State, class Op>
__device__ TIDE_FORCEINLINE bool lookback(const State& state, size_type tiles, size_type tile, const T& aggregate,
                                          Op op, T& prefix) {
  const int lane = lane_id();
  if (tiles <= 1) return false;
  if (lane == 0) state.set(tile, aggregate);  // level 0 is indexed by tile
  if (tile == 0) return false;
  int levels = 0;  // base-32 digits of tile
  for (size_type b = tile; b > 0; b >>= 5) ++levels;

  // The last tile of blocks publishes their sums first, lowest level first (others wait for them):
  // S_(L+1) = op(sum of the 31 entries before, S_L).
  {
    T own = aggregate;
    for (int L = 0; L < levels; ++L) {
      int count, next_count;
      const unsigned first = level_first(tiles, tile, L, count);
      if (count != 31) break;
      T v = aggregate;
      const bool ready = lane >= count || state.get(first + lane, v);
      own = op(level_sum(state, first, count, v, ready, op), own);
      const unsigned next_first = level_first(tiles, tile, L + 1, next_count);
      if (lane == 0) state.set(next_first + unsigned(next_count), own);
    }
  }

  // The prefix, from the top level down. Up to `parallel` levels are read in one round trip.
  constexpr int parallel = 4;
  bool has = false;
  for (int L = levels - 1; L >= parallel; --L) {  // beyond 2^20 tiles, one level at a time
    int count;
    const unsigned first = level_first(tiles, tile, L, count);
    if (count == 0) continue;
    T v = aggregate;
    const bool ready = lane >= count || state.get(first + lane, v);
    const T sum = level_sum(state, first, count, v, ready, op);
    prefix = has ? op(prefix, sum) : sum;
    has = true;
  }
  T v[parallel];
  bool ready[parallel];
#pragma unroll
  for (int L = 0; L < parallel; ++L) {
    v[L] = aggregate;
    ready[L] = true;
    if (L < levels) {
      int count;
      const unsigned first = level_first(tiles, tile, L, count);
      if (lane < count) ready[L] = state.get(first + lane, v[L]);
    }
  }
#pragma unroll
  for (int L = parallel - 1; L >= 0; --L) {
    if (L < levels) {
      int count;
      const unsigned first = level_first(tiles, tile, L, count);
      if (count > 0) {
        const T sum = level_sum(state, first, count, v[L], ready[L], op);
        prefix = has ? op(prefix, sum) : sum;
        has = true;
      }
    }
  }
  return has;
}

/// block_scan's prefix_op for one tile of a single-pass algorithm: the look-back's prefix, after
/// `init` when `has_init`. With one tile there is no state and nothing is published.
template <class T, class State, class Op>
struct lookback_prefix {
  State state;
  Op op;
  size_type tile, tiles;
  bool has_init;
  T init;

  __device__ TIDE_FORCEINLINE bool operator()(const T& aggregate, T& prefix) {
    T before = aggregate;
    if (lookback(state, tiles, tile, aggregate, op, before)) {
      prefix = has_init ? static_cast<T>(op(init, before)) : before;
      return true;
    }
    prefix = init;
    return has_init;
  }
};

/// The look-back scheme of the single-pass algorithms (a parameter so that others can be timed
/// against it): its slot state, the state's storage, and the block prefix for values T.
struct tree_lookback {
  template <class T>
  using state = tile_state<T>;
  template <class T, bool Resets = false>
  using buffer = tile_state_buffer<tile_state<T>, true, Resets>;
  template <class T, class State, class Op>
  using prefix = lookback_prefix<T, State, Op>;
};

}  // namespace tide::backend::cuda::detail
