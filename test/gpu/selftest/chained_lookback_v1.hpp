#pragma once
// The canonical-chain look-back (v1, measured slower than the tree: scan_notes.md), kept for timing.
// Decoupled look-back (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back"), deterministic.
//
// Every tile k publishes its aggregate A_k as soon as it has it, then its inclusive prefix
// P_k = op(E_k, A_k) once it has its exclusive prefix E_k. To get E_k, one warp reads the status of
// the 32 tiles before it (lane i: tile k - 32 + i), waits until all have published something, and
// takes the highest lane holding an inclusive prefix P_j; if there is none, it reads the 32 tiles
// before those, and so on. Then it folds the aggregates after P_j onto it one at a time, in order:
// E_k = op(...op(op(P_j, A_(j+1)), A_(j+2))..., A_(k-1)). By induction every P_j is the left fold
// A_0 op A_1 op ... op A_j, so E_k is the same sequence of operations whichever j was found:
// results (floats too) are bitwise identical from run to run, with no wait on the chain itself.
//
// Slot state, by value size (status 0 = nothing yet, 1 = aggregate, 2 = inclusive prefix):
//   - up to 4 bytes: status and value packed in one 8-byte word (relaxed 64-bit accesses);
//   - up to 8 bytes: packed in one 16-byte word (relaxed 128-bit vector accesses, as CUB does);
//   - larger: a status array and two value arrays (aggregate, inclusive); the value is written
//     before a release store of the status and read after an acquire load of it, from L2.
// count_tile_state packs 62-bit counts (copy_if, unique) with the status in one 8-byte word.
// The status words are cleared on the stream before the kernel (tile_state_buffer).

#include <cstdint>
#include <type_traits>

#include <tide/detail/temporary_buffer.hpp>
#include <tide/backend/cuda/device_utility.hpp>

namespace tide::backend::cuda::chain_lb {
using namespace tide::backend::cuda::detail;

inline constexpr unsigned tile_invalid = 0;    ///< nothing published yet
inline constexpr unsigned tile_aggregate = 1;  ///< the tile's own aggregate
inline constexpr unsigned tile_inclusive = 2;  ///< the combination of this tile and all before it

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

enum class tile_state_kind { packed8, packed16, split };

template <class T>
constexpr tile_state_kind tile_state_kind_for() {
  if constexpr (sizeof(T) <= 4) return tile_state_kind::packed8;
  else if constexpr (sizeof(T) <= 8) return tile_state_kind::packed16;
  else return tile_state_kind::split;
}

/// One slot of T per tile: set(slot, status, v) publishes; get(slot, v) returns the status seen
/// (and v with it, when not tile_invalid).
template <class T, tile_state_kind Kind = tile_state_kind_for<T>()>
struct tile_state;

template <class T>
struct tile_state<T, tile_state_kind::packed8> {
  unsigned long long* d_words;
  static std::size_t bytes(size_type slots, std::size_t& clear) { return clear = std::size_t(slots) * 8; }
  void bind(unsigned char* d, size_type) { d_words = reinterpret_cast<unsigned long long*>(d); }
  __device__ TIDE_FORCEINLINE void set(size_type slot, unsigned status, const T& v) const {
    st_relaxed(d_words + slot, (value_bits(v) << 32) | status);
  }
  __device__ TIDE_FORCEINLINE unsigned get(size_type slot, T& v) const {
    const unsigned long long w = ld_relaxed(d_words + slot);
    from_bits(v, w >> 32);
    return unsigned(w);
  }
};

template <class T>
struct tile_state<T, tile_state_kind::packed16> {
  ulonglong2* d_words;
  static std::size_t bytes(size_type slots, std::size_t& clear) { return clear = std::size_t(slots) * 16; }
  void bind(unsigned char* d, size_type) { d_words = reinterpret_cast<ulonglong2*>(d); }
  __device__ TIDE_FORCEINLINE void set(size_type slot, unsigned status, const T& v) const {
    st_relaxed_pair(d_words + slot, status, value_bits(v));
  }
  __device__ TIDE_FORCEINLINE unsigned get(size_type slot, T& v) const {
    const ulonglong2 w = ld_relaxed_pair(d_words + slot);
    from_bits(v, w.y);
    return unsigned(w.x);
  }
};

template <class T>
struct tile_state<T, tile_state_kind::split> {
  static constexpr int words = int((sizeof(T) + 3) / 4);
  struct slot_words {
    unsigned w[words];
  };
  unsigned* d_status;
  slot_words* d_values;  // [2 * slot]: aggregate, [2 * slot + 1]: inclusive (a reader of the aggregate
                         // must not see it replaced)
  static std::size_t bytes(size_type slots, std::size_t& clear) {
    clear = std::size_t(slots) * 4;
    return round16(clear) + 2 * std::size_t(slots) * sizeof(slot_words);
  }
  void bind(unsigned char* d, size_type slots) {
    d_status = reinterpret_cast<unsigned*>(d);
    d_values = reinterpret_cast<slot_words*>(d + round16(std::size_t(slots) * 4));
  }
  __device__ TIDE_FORCEINLINE void set(size_type slot, unsigned status, const T& v) const {
    slot_words s;
    if constexpr (sizeof(T) % 4 != 0) s.w[words - 1] = 0;
    memcpy(&s, &v, sizeof(T));
    slot_words* d = d_values + 2 * slot + (status - 1);
#pragma unroll
    for (int i = 0; i < words; ++i) __stcg(d->w + i, s.w[i]);
    st_release(d_status + slot, status);  // orders the value before the status
  }
  __device__ TIDE_FORCEINLINE unsigned get(size_type slot, T& v) const {
    const unsigned status = ld_acquire(d_status + slot);
    if (status == tile_invalid) return status;
    const slot_words* d = d_values + 2 * slot + (status - 1);
    slot_words s;
#pragma unroll
    for (int i = 0; i < words; ++i) s.w[i] = __ldcg(d->w + i);  // from L2: L1 may be stale
    memcpy(&v, &s, sizeof(T));
    return status;
  }

 private:
  static constexpr std::size_t round16(std::size_t b) { return (b + 15) / 16 * 16; }
};

/// Counts below 2^62 with the status in the top two bits of one 8-byte word.
struct count_tile_state {
  unsigned long long* d_words;
  static std::size_t bytes(size_type slots, std::size_t& clear) { return clear = std::size_t(slots) * 8; }
  void bind(unsigned char* d, size_type) { d_words = reinterpret_cast<unsigned long long*>(d); }
  __device__ TIDE_FORCEINLINE void set(size_type slot, unsigned status, size_type v) const {
    st_relaxed(d_words + slot, (static_cast<unsigned long long>(status) << 62) | static_cast<unsigned long long>(v));
  }
  __device__ TIDE_FORCEINLINE unsigned get(size_type slot, size_type& v) const {
    const unsigned long long w = ld_relaxed(d_words + slot);
    v = static_cast<size_type>(w & ((1ull << 62) - 1));
    return unsigned(w >> 62);
  }
};

/// Host side: one slot per tile from the policy's temporaries, its status words cleared on the
/// policy's stream. Nothing is allocated for one tile (or none).
template <class State>
class tile_state_buffer {
 public:
  tile_state_buffer(const cuda_policy& p, size_type tiles, const char* algorithm)
      : slots_(tiles > 1 ? tiles : 0), storage_(p, State::bytes(slots_, clear_), algorithm) {
    state_.bind(storage_.data(), slots_);
    clear_async(storage_.data(), clear_, p.stream, algorithm);
  }
  const State& state() const { return state_; }

 private:
  size_type slots_;
  std::size_t clear_ = 0;
  tide::detail::temporary_buffer<unsigned char> storage_;
  State state_{};
};

// ---- the look-back ------------------------------------------------------------------------------

/// Spin-wait tuning: first pause and the longest (short: a tile mostly waits for its neighbours).
struct lookback_tuning {
  static constexpr unsigned first_delay_ns = 32;
  static constexpr unsigned max_delay_ns = 256;
};

/// Waits until every tile of [end - 32, end) has published (lane i: tile end - 32 + i; tiles below
/// 0 count as aggregates and are never folded, as tile 0 is inclusive), leaves lane i's value in
/// `v` and returns the lanes holding inclusive prefixes.
template <class T, class State>
__device__ TIDE_FORCEINLINE unsigned read_window(const State& state, size_type end, T& v) {
  const size_type t = end - warp_threads + lane_id();
  unsigned status = t >= 0 ? state.get(t, v) : tile_aggregate;
  unsigned delay = lookback_tuning::first_delay_ns;
  while (__any_sync(full_warp_mask, status == tile_invalid)) {
    __nanosleep(delay);
    delay = delay * 2 < lookback_tuning::max_delay_ns ? delay * 2 : lookback_tuning::max_delay_ns;
    if (status == tile_invalid) status = state.get(t, v);
  }
  return __ballot_sync(full_warp_mask, status == tile_inclusive);
}

/// op(...op(op(acc, v_from), v_from+1)..., v_31) over the lanes' `v`, one operation after the other
/// (the shuffles do not wait for the operations, so they overlap). Same result in every lane.
template <class T, class Op>
__device__ TIDE_FORCEINLINE T fold_window(T acc, const T& v, int from, Op op) {
#pragma unroll
  for (int i = 0; i < warp_threads; ++i) {
    const T x = shfl_idx(v, i);
    if (i >= from) acc = static_cast<T>(op(acc, x));
  }
  return acc;
}

/// Tile `tile` (> 0): publishes its aggregate, computes its exclusive prefix as the canonical
/// left fold described above, publishes its inclusive prefix and returns the exclusive one in every
/// lane. All 32 lanes of one warp call it.
template <class T, class State, class Op>
__device__ T lookback(const State& state, size_type tile, const T& aggregate, Op op) {
  if (lane_id() == 0) state.set(tile, tile_aggregate, aggregate);
  // Walk back window by window to the nearest one holding an inclusive prefix. The first window
  // read is kept: when the walk goes further it holds aggregates only, folded last.
  T newest = aggregate;
  const unsigned newest_inclusive = read_window(state, tile, newest);
  T v = newest;
  unsigned inclusive = newest_inclusive;
  int depth = 0;
  while (!inclusive) {
    ++depth;
    inclusive = read_window(state, tile - size_type(depth) * warp_threads, v);
  }
  // Fold forward from the highest inclusive prefix of that window, through the windows after it
  // (re-read: all have published; one may have become inclusive since, a shorter way to the same
  // result).
  T acc = aggregate;
  for (int d = depth; d >= 0; --d) {
    if (d < depth) {
      if (d == 0) {
        v = newest;
        inclusive = newest_inclusive;
      } else {
        inclusive = read_window(state, tile - size_type(d) * warp_threads, v);
      }
    }
    int from = 0;
    if (inclusive) {
      const int j = 31 - __clz(int(inclusive));
      acc = shfl_idx(v, j);
      from = j + 1;
    }
    acc = fold_window(acc, v, from, op);
  }
  if (lane_id() == 0) state.set(tile, tile_inclusive, static_cast<T>(op(acc, aggregate)));
  return acc;
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
    if (tiles > 1) {
      if (tile > 0) {
        const T before = lookback(state, tile, aggregate, op);
        prefix = has_init ? static_cast<T>(op(init, before)) : before;
        return true;
      }
      if (lane_id() == 0) state.set(0, tile_inclusive, aggregate);
    }
    prefix = init;
    return has_init;
  }
};

/// The look-back scheme of the single-pass algorithms (a parameter so that others can be timed
/// against it): its slot state and block prefix for values T.
struct chained_lookback {
  template <class T>
  using state = tile_state<T>;
  template <class T>
  using buffer = tile_state_buffer<tile_state<T>>;
  template <class T, class State, class Op>
  using prefix = lookback_prefix<T, State, Op>;
};

}  // namespace tide::backend::cuda::chain_lb
