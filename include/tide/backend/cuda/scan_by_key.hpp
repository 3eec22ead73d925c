#pragma once
// Segmented scans on the CUDA system: one pass, as scan.hpp, over (value, head) pairs with the
// segmented form of the operator, so the look-back carries a segment across tiles. A segment
// starts where pred(previous key, key) is false. The exclusive form folds init into each segment's
// first value (init op v_head op ...), the order a sequential scan uses.

#include <algorithm>
#include <type_traits>

#include "../../execution.hpp"
#include "block/block_load_store.hpp"
#include "block/block_scan.hpp"
#include "device_utility.hpp"
#include "launch.hpp"
#include "chained_lookback.hpp"
#include "lookback.hpp"

namespace tide::backend::cuda {
namespace detail {

/// A value and whether a segment starts in the range it covers (Heads = bool), or how many do.
template <class Acc, class Heads>
struct segment_value {
  Acc value;
  Heads heads;
};

/// A segment value's look-back slot is one 16-byte word (lookback.hpp's counted16) when its value
/// fits 8 bytes: the number of heads (a bool, or a count below 2^61) beside the status, the value's
/// bits in the other half (docs/notes/reduce_by_key.md: with the staged write-out, 2^28 u32 on an
/// H100 went from 2.12 to 1.80 ms).
template <class Acc, class Heads>
struct counted_value<segment_value<Acc, Heads>> {
  using T = segment_value<Acc, Heads>;
  static constexpr bool value = sizeof(Acc) <= 8 && std::is_trivially_copyable_v<Acc>;
  __device__ TIDE_FORCEINLINE static unsigned long long count(const T& v) {
    return static_cast<unsigned long long>(v.heads);
  }
  __device__ TIDE_FORCEINLINE static unsigned long long payload(const T& v) { return value_bits(v.value); }
  __device__ TIDE_FORCEINLINE static void assign(T& v, unsigned long long count, unsigned long long bits) {
    v.heads = static_cast<Heads>(count);
    from_bits(v.value, bits);
  }
};

/// The segmented form of op: a range holding a segment start restarts the value. Associative
/// whenever op is. `mutable`: op's operator() need not be const (as in Thrust).
template <class Op>
struct segmented_op {
  mutable Op op;
  template <class Acc, class Heads>
  __device__ TIDE_FORCEINLINE segment_value<Acc, Heads> operator()(const segment_value<Acc, Heads>& a,
                                                                   const segment_value<Acc, Heads>& b) const {
    segment_value<Acc, Heads> r = b;
    if (!b.heads) r.value = static_cast<Acc>(op(a.value, b.value));
    if constexpr (std::is_same_v<Heads, bool>) r.heads = a.heads || b.heads;
    else r.heads = a.heads + b.heads;
    return r;
  }
};

/// Whether each item starts a segment: item 0, or !pred(previous key, key). Loads the keys.
template <class io, class KeyIt, class Pred, class Exchange, int Items, class Key>
__device__ TIDE_FORCEINLINE void segment_heads(KeyIt keys, size_type warp_begin, int warp_valid, size_type tile_begin,
                                               bool full, Pred pred, Exchange& exchange, Key (&k)[Items],
                                               bool (&head)[Items]) {
  const int lane = lane_id();
  Key fill{};
  if (!full) fill = keys[tile_begin];
  io::load(keys + warp_begin, k, warp_valid, fill, exchange);
  Key warp_prev = k[0];
  if (lane == 0 && warp_begin > 0 && warp_valid > 0) warp_prev = keys[warp_begin - 1];
  Key prev[Items];
  io::previous(k, warp_prev, prev);
#pragma unroll
  for (int i = 0; i < Items; ++i) head[i] = warp_begin + io::position(lane, i) == 0 || !pred(prev[i], k[i]);
}

/// Segmented scan tiles (sm_90 and newer), by the larger of key and accumulator.
template <std::size_t Bytes, int Arch>
struct scan_by_key_tuning {
  static constexpr int block_threads = Bytes <= 4 ? 128 : 256;  // 2^28 u32 on an H200: 1.21 ms, 256x12 1.39
  static constexpr int items_per_thread = Bytes <= 4 ? 24 : Bytes <= 8 ? 8 : 4;
};
template <std::size_t Bytes>
struct scan_by_key_tuning<Bytes, 800> : scan_by_key_tuning<Bytes, 900> {};

template <int Threads, int Items, int RunLen, tile_access Access, bool Exclusive, class KeyIt, class ValIt, class Out,
          class Acc, class Pred, class Op, class State>
__global__ void __launch_bounds__(Threads)
    scan_by_key_kernel(KeyIt keys, ValIt vals, Out out, size_type n, Acc init, Pred pred, Op op, State state,
                       size_type tiles) {
  using io = warp_tile_io<Items, RunLen, Access>;
  using key_t = iter_value_t<KeyIt>;
  using value_t = iter_value_t<ValIt>;
  using seg_t = segment_value<Acc, bool>;
  using scan_t = block_scan<seg_t, Threads>;
  constexpr int runs = io::runs;
  union warp_exchange {
    typename io::template temp_storage<key_t> keys;
    typename io::template temp_storage<value_t> values;
    typename io::template temp_storage<Acc> results;
  };
  __shared__ warp_exchange exchange[io::transposes ? Threads / warp_threads : 1];
  __shared__ typename scan_t::temp_storage scan_storage;
  auto& my_exchange = exchange[io::transposes ? warp_id() : 0];

  const tile_geometry<Threads, Items> g(n);
  bool head[Items];
  {
    key_t k[Items];
    segment_heads<io>(keys, g.warp_begin, g.warp_valid, g.tile_begin, g.full(), pred, my_exchange.keys, k, head);
  }
  value_t v[Items];
  value_t fill{};
  if (!g.full()) fill = vals[g.tile_begin];
  io::load(vals + g.warp_begin, v, g.warp_valid, fill, my_exchange.values);

  // A segment's first value: init op v (exclusive), or v. A run's first item that continues a
  // segment is a plain v.
  auto start = [&](const value_t& x) { return Exclusive ? static_cast<Acc>(op(init, x)) : static_cast<Acc>(x); };
  const segmented_op<Op> sop{op};
  seg_t partials[runs], prefix[runs], total;
#pragma unroll
  for (int r = 0; r < runs; ++r) {
    const value_t& first = v[r * RunLen];
    seg_t acc{head[r * RunLen] ? start(first) : static_cast<Acc>(first), head[r * RunLen]};
#pragma unroll
    for (int e = 1; e < RunLen; ++e) {
      const int i = r * RunLen + e;
      if (head[i]) acc = seg_t{start(v[i]), true};
      else acc.value = op(acc.value, v[i]);
    }
    partials[r] = acc;
  }
  typename select_lookback_by_key<Acc, Op>::template prefix<seg_t, State, segmented_op<Op>> tile_prefix{state, sop, g.tile, tiles, false, seg_t{}};
  const bool seeded = scan_t(scan_storage).exclusive_runs(partials, prefix, total, sop, tile_prefix);

  Acc results[Items];
#pragma unroll
  for (int r = 0; r < runs; ++r) {
    Acc acc = prefix[r].value;
    const bool carried = r > 0 || seeded;  // only item 0 of the input has nothing before it, and it is a head
#pragma unroll
    for (int e = 0; e < RunLen; ++e) {
      const int i = r * RunLen + e;
      const bool restart = head[i] || !(e > 0 || carried);
      if constexpr (Exclusive) results[i] = head[i] ? init : acc;
      acc = restart ? start(v[i]) : static_cast<Acc>(op(acc, v[i]));
      if constexpr (!Exclusive) results[i] = acc;
    }
  }
  io::store(out + g.warp_begin, results, g.warp_valid, my_exchange.results);
}

/// One segmented scan with the given tuning (block_threads, items_per_thread); n > 0.
template <class Tuning, bool Exclusive, class KeyIt, class ValIt, class Out, class Acc, class Pred, class Op>
void scan_by_key_tuned(const cuda_policy& p, KeyIt keys, size_type n, ValIt vals, Out out, Acc init, Pred pred, Op op,
                       const char* algorithm) {
  using seg_t = segment_value<Acc, bool>;
  using scheme = select_lookback_by_key<Acc, Op>;  // the tree where it equals the chain
  using state_t = typename scheme::template state<seg_t>;
  constexpr int threads = Tuning::block_threads, items = Tuning::items_per_thread;
  using arrangement = tile_arrangement<items, KeyIt, ValIt, Out>;
  const size_type tiles = ceil_div(n, threads * items);
  const unsigned grid = tile_grid(tiles, algorithm);
  typename scheme::template buffer<seg_t> state(p, tiles, algorithm);
  arrangement::dispatch(
      [&](auto access) {
        auto kernel = &scan_by_key_kernel<threads, items, arrangement::run_len, decltype(access)::value, Exclusive,
                                          KeyIt, ValIt, Out, Acc, Pred, Op, state_t>;
        launch(algorithm, "scan_by_key_kernel", kernel, grid, threads, 0, p.stream, keys, vals, out, n, init, pred, op,
               state.state(), tiles);
      },
      keys, vals, out);
}

template <bool Exclusive, class KeyIt, class ValIt, class Out, class Acc, class Pred, class Op>
void scan_by_key_impl(const cuda_policy& p, KeyIt keys, size_type n, ValIt vals, Out out, Acc init, Pred pred, Op op,
                      const char* algorithm) {
  if (n == 0) return;
  check_pending(algorithm);
  constexpr std::size_t bytes =
      std::max({sizeof(iter_value_t<KeyIt>), sizeof(iter_value_t<ValIt>), sizeof(Acc)});
  with_arch([&](auto arch) {
    scan_by_key_tuned<scan_by_key_tuning<bytes, decltype(arch)::value>, Exclusive>(p, keys, n, vals, out, init, pred,
                                                                                   op, algorithm);
  });
}

}  // namespace detail

/// Inclusive scan of vals within each segment of equal keys (pred(previous, key) true inside a
/// segment), accumulated as Acc (named by the caller). out may equal vals.
template <class Acc, class KeyIt, class ValIt, class OutputIt, class Pred, class Op>
void inclusive_scan_by_key(const cuda_policy& p, KeyIt keys, size_type n, ValIt vals, OutputIt out, Pred pred, Op op) {
  detail::scan_by_key_impl<false>(p, keys, n, vals, out, Acc{}, pred, op, "inclusive_scan_by_key");
}

/// Exclusive scan of vals within each segment, each segment starting from init. out may equal vals.
template <class KeyIt, class ValIt, class OutputIt, class Acc, class Pred, class Op>
void exclusive_scan_by_key(const cuda_policy& p, KeyIt keys, size_type n, ValIt vals, OutputIt out, Acc init, Pred pred,
                           Op op) {
  detail::scan_by_key_impl<true>(p, keys, n, vals, out, init, pred, op, "exclusive_scan_by_key");
}

}  // namespace tide::backend::cuda
