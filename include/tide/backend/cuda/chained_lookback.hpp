#pragma once
// Decoupled look-back whose results equal the canonical chain: tile k's exclusive prefix is
// P_(k-1), where P_(-1) = init (or nothing) and P_k = op(P_(k-1), A_k) for the tiles' aggregates
// A_k, associated exactly so. The bits then depend on the input and the tile size only: the same
// on every run, and the same as a sequential fold of the tile totals.
//
// Each tile publishes A_k as soon as it has it, then finds the newest inclusive prefix P_j in the
// window of `window` tiles before it, waits until every aggregate after j is there, and folds them
// in forward order: P_(k-1) = op(...op(op(P_j, A_(j+1)), A_(j+2))..., A_(k-1)). It then publishes
// P_k. The fold is serial in one lane, a few cycles per tile; a tile never reads past its window
// (it waits for an inclusive prefix to appear there instead), so the fold stays short and tile 0's
// prefix, published at once, guarantees progress.
//
// Why a window and a wait, rather than CUB's walk from window to window: the walk with a canonical
// fold must keep every aggregate it passes until it finds P_j; a wait keeps at most the window.
// Wider windows (reading further back only when the nearest 32 slots hold aggregates alone) were
// slower on an H200: 32 tiles 0.649 ms, 128 tiles 0.668 (2^28 u32), the tree 0.631, CUB 0.69.
// The chain costs the tree's time plus the wait for P_(k-1) behind A_(k-1): about 3-6%.
//
// Where op is exactly associative on the values (integers under + * & | ^ min max), every
// association gives the chain's bits and lookback.hpp's tree (no chain at all) is used instead:
// select_lookback picks.

#include <type_traits>

#include "../../functional.hpp"
#include "lookback.hpp"

namespace tide::backend::cuda::detail {

inline constexpr unsigned chain_aggregate = 1;  ///< the slot holds A_k
inline constexpr unsigned chain_inclusive = 2;  ///< the slot holds P_k

/// Per tile: a status (0, chain_aggregate, chain_inclusive) and the value it names. Up to 8 bytes
/// (or a count and 8 bytes: counted_value) both sit in one word written at once; larger values keep
/// A_k and P_k apart, each written before a release store of its status bit and read after an
/// acquire load of it.
template <class T, tile_state_kind Kind = tile_state_kind_for<T>()>
struct chain_state;

template <class T>
struct chain_state<T, tile_state_kind::packed8> {
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
struct chain_state<T, tile_state_kind::packed16> {
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
struct chain_state<T, tile_state_kind::counted16> {
  using traits = counted_value<T>;
  ulonglong2* d_words;
  static std::size_t bytes(size_type slots, std::size_t& clear) { return clear = std::size_t(slots) * 16; }
  void bind(unsigned char* d, size_type) { d_words = reinterpret_cast<ulonglong2*>(d); }
  __device__ TIDE_FORCEINLINE void set(size_type slot, unsigned status, const T& v) const {
    st_relaxed_pair(d_words + slot, status | (traits::count(v) << 2), traits::payload(v));  // status: bits 0-1
  }
  __device__ TIDE_FORCEINLINE unsigned get(size_type slot, T& v) const {
    const ulonglong2 w = ld_relaxed_pair(d_words + slot);
    traits::assign(v, w.x >> 2, w.y);
    return unsigned(w.x & 3u);
  }
};

template <class T>
struct chain_state<T, tile_state_kind::split> {
  static constexpr int words = int((sizeof(T) + 3) / 4);
  struct slot_words {
    unsigned w[words];
  };
  unsigned* d_status;      // bit 0: A_k written, bit 1: P_k written
  slot_words* d_values;    // [2 * slot]: A_k, [2 * slot + 1]: P_k
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
    slot_words* d = d_values + 2 * slot + (status == chain_inclusive ? 1 : 0);
#pragma unroll
    for (int i = 0; i < words; ++i) __stcg(d->w + i, s.w[i]);
    // A tile publishes A_k (bit 0) before P_k (bits 0 and 1): the status only grows.
    st_release(d_status + slot, status == chain_inclusive ? 3u : 1u);
  }
  __device__ TIDE_FORCEINLINE unsigned get(size_type slot, T& v) const {
    const unsigned status = ld_acquire(d_status + slot);
    if (!status) return 0;
    const bool inclusive = (status & 2u) != 0;
    const slot_words* d = d_values + 2 * slot + (inclusive ? 1 : 0);
    slot_words s;
#pragma unroll
    for (int i = 0; i < words; ++i) s.w[i] = __ldcg(d->w + i);  // from L2: L1 may be stale
    memcpy(&v, &s, sizeof(T));
    return inclusive ? chain_inclusive : chain_aggregate;
  }

 private:
  static constexpr std::size_t round16(std::size_t b) { return (b + 15) / 16 * 16; }
};

/// How far back a tile's look-back may read, in slots per lane: `near` when there are many tiles,
/// `full` (every tile before it) when all tiles fit in full * 32. With every predecessor in reach,
/// tile k folds from P_0, published by tile 0 at once, and waits for aggregates only: no chain of
/// published prefixes to propagate, which is what costs at small sizes (2^20 f32 with a window of
/// 32: 15.0 us against CUB's 12.2). With many tiles a short window is faster: H200, 2^28 u32,
/// 256x48 tiles: window 32 0.649 ms, 64 0.661, 128 0.668, 256 0.673 (tree 0.631).
/// Between full * 32 and 4096 tiles, `middle`: 2^24 f32, 1366 tiles, window 128 0.0583 ms, 32
/// 0.0623 (CUB 0.0592). By-key scans, with many small tiles, use a window of 128 throughout:
/// 2^28 u32, 128x16 tiles, 128 1.86 ms, 32 2.95 (the tree 1.4; CUB 1.06).
template <class T, int Near = 0, int Full = 0>
struct chain_window {
  static constexpr int near = Near > 0 ? Near : 1;
  static constexpr int full = Full > 0 ? Full : sizeof(T) <= 16 ? 8 : 2;
  static constexpr int middle = near > 4 ? near : (full < 4 ? full : 4);
  static constexpr int most = full > middle ? (full > near ? full : near) : (middle > near ? middle : near);
  static constexpr int most_tiles = most * warp_threads;
  static constexpr size_type full_max_tiles = size_type(full) * warp_threads;  ///< `full` up to here
  static constexpr size_type middle_max_tiles = 4096;                          ///< then `middle` up to here
  __device__ TIDE_FORCEINLINE static int stages(size_type tiles) {
    return tiles <= full_max_tiles ? full : tiles <= middle_max_tiles ? middle : near;
  }
};

/// block_scan's prefix_op with the chained look-back. All 32 lanes of one warp call it with the
/// tile's aggregate; it returns P_(k-1) (after init when has_init) and publishes P_k.
template <class T, class State, class Op, int Near = 0, int Full = 0>
struct chained_prefix {
  State state;
  Op op;
  size_type tile, tiles;
  bool has_init;
  T init;

  __device__ TIDE_FORCEINLINE bool operator()(const T& aggregate, T& prefix) {
    const int lane = lane_id();
    if (tiles <= 1 || tile == 0) {
      if (tiles > 1 && lane == 0)
        state.set(0, chain_inclusive, has_init ? static_cast<T>(op(init, aggregate)) : aggregate);
      prefix = init;
      return has_init;
    }
    if (lane == 0) state.set(tile, chain_aggregate, aggregate);

    using window = chain_window<T, Near, Full>;
    __shared__ raw_array<T, window::most_tiles> values;  // slot base + i at values[i]
    const int stages = window::stages(tiles);
    const size_type span = size_type(stages) * warp_threads;
    const size_type base = tile > span ? tile - span : 0;
    const int count = int(tile - base);  // slots [base, tile)

    // Poll until the window holds an inclusive prefix with every aggregate after it. The nearest
    // 32 slots first; older ones only while every slot read so far holds an aggregate: most tiles
    // find P_j close by, and every tile re-reading the whole window would crowd the same L2 lines.
    int newest = -1;  // window index of P_j
    unsigned delay = lookback_tuning::first_delay_ns;
    for (;;) {
      bool gap = false;  // an aggregate after P_j not there yet
      for (int s = 0; s < stages; ++s) {
        const int i = count - (s + 1) * warp_threads + lane;
        unsigned status = chain_aggregate;
        if (i >= 0) {
          T v = aggregate;
          status = state.get(base + size_type(i), v);
          values[i] = v;
        }
        const int lane_newest = i >= 0 && status == chain_inclusive ? i : -1;
        newest = int(__reduce_max_sync(full_warp_mask, unsigned(lane_newest + 1))) - 1;
        gap = __any_sync(full_warp_mask, i >= 0 && status == 0 && i > newest);
        if (gap || newest >= 0 || count <= (s + 1) * warp_threads) break;
      }
      if (newest >= 0 && !gap) break;
      __nanosleep(delay);
      delay = delay * 2 < lookback_tuning::max_delay_ns ? delay * 2 : lookback_tuning::max_delay_ns;
    }
    __syncwarp();

    // The fold, in order, by lane 0; everyone gets the result.
    T before = aggregate;
    if (lane == 0) {
      // Eight loads at a time ahead of their ops: the chain is then the ops' latency alone.
      before = values[newest];
      int i = newest + 1;
      for (; i + 8 <= count; i += 8) {
        raw_array<T, 8> v;  // T need not be default constructible
#pragma unroll
        for (int e = 0; e < 8; ++e) v[e] = values[i + e];
#pragma unroll
        for (int e = 0; e < 8; ++e) before = static_cast<T>(op(before, v[e]));
      }
      for (; i < count; ++i) before = static_cast<T>(op(before, values[i]));
      state.set(tile, chain_inclusive, static_cast<T>(op(before, aggregate)));
    }
    __syncwarp();
    prefix = shfl_idx(before, 0);
    return true;  // P_(k-1) already starts from init
  }
};

/// The chained scheme, in lookback.hpp's scheme interface (state, buffer, prefix); Near and Full
/// set the windows (for timings; 0: chain_window's defaults).
template <int Near = 0, int Full = 0>
struct chained_lookback_window {
  static constexpr int near_slots = Near, full_slots = Full;  ///< chain_window's (0: its defaults)
  template <class T>
  using state = chain_state<T>;
  template <class T, bool Resets = false>
  using buffer = tile_state_buffer<chain_state<T>, false, Resets>;  // one slot per tile
  template <class T, class State, class Op>
  using prefix = chained_prefix<T, State, Op, Near, Full>;
};
using chained_lookback = chained_lookback_window<>;

// ---- which scheme --------------------------------------------------------------------------------

/// Whether op, on integer values, is one of the library's exactly associative functors (wrapping
/// integer arithmetic, bitwise, ordering), computing in an integer type (X<void> or X<integer>).
template <class Op>
struct exact_on_integers : std::false_type {};
template <template <class> class F, class X>
struct exact_on_integers<F<X>>
    : std::bool_constant<(std::is_void_v<X> || std::is_integral_v<X>) &&
                         (std::is_same_v<F<X>, tide::plus<X>> || std::is_same_v<F<X>, tide::multiplies<X>> ||
                          std::is_same_v<F<X>, tide::bit_and<X>> || std::is_same_v<F<X>, tide::bit_or<X>> ||
                          std::is_same_v<F<X>, tide::bit_xor<X>> || std::is_same_v<F<X>, tide::maximum<X>> ||
                          std::is_same_v<F<X>, tide::minimum<X>>)> {};
template <>
struct exact_on_integers<sum_op> : std::true_type {};

/// Every association of op over T values gives the same bits: the tree (lookback.hpp) then equals
/// the canonical chain; otherwise the chained scheme computes the chain itself.
template <class T, class Op>
inline constexpr bool exactly_associative = std::is_integral_v<T> && exact_on_integers<std::decay_t<Op>>::value;

/// The look-back scheme for values T under op (Chained where the tree would not equal the chain).
template <class T, class Op, class Chained = chained_lookback>
using select_lookback = std::conditional_t<exactly_associative<T, Op>, tree_lookback, Chained>;
/// The by-key scans' (many small tiles: a window of 128).
template <class T, class Op>
using select_lookback_by_key = select_lookback<T, Op, chained_lookback_window<4>>;

}  // namespace tide::backend::cuda::detail
