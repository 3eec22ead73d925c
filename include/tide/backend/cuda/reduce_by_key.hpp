#pragma once
// reduce_by_key on the CUDA system: one pass, a segmented scan (scan_by_key.hpp) of (value, number
// of segment starts) pairs, with the count carried across tiles by the look-back (one 16-byte slot
// a tile: lookback.hpp's counted16). Phase by phase, per tile:
//   1. load the keys and values; flag the heads (item 0, or a key unequal to the one before);
//   2. scan the (value, heads) pairs of the tile with the look-back's prefix: each item then knows
//      its segment's number and the value of its segment through the item before it;
//   3. each head puts its key and the finished previous segment's value at its rank among the
//      tile's heads in shared memory, and the tile writes both out contiguously: keys to
//      keys_out[segment], values to vals_out[segment - 1] (coalesced: written straight from
//      registers, the scattered stores cost 4x the L2 write sectors; large types still do that);
//   4. the input's last item writes the last segment's value and the count, which the host reads
//      with one copy and one wait.
// Outputs may alias the inputs where Thrust allows it: a tile writes below its own end only after
// every earlier tile has loaded its items (their aggregates are published after loading).

#include <algorithm>
#include <type_traits>

#include "../../detail/raw_memory.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "scan_by_key.hpp"

namespace tide::backend::cuda {
namespace detail {

/// Whether a tile's results go out through shared memory (the keys and values of all its items fit
/// in 40 KB), or straight from registers (large keys or values).
template <int Threads, int Items, class Key, class Acc>
inline constexpr bool reduce_by_key_staged = std::size_t(Threads) * Items * (sizeof(Key) + sizeof(Acc)) <= 40960;

/// block_scan's prefix op for the tile's (value, heads) pairs, whose counts are the tile's own
/// (32-bit: half the shuffles of the scan): the look-back runs on 64-bit counts, the block gets the
/// prefix's value with no heads, and the heads before the tile go to *d_heads_before (shared; read
/// after the scan's barrier).
template <class Lookback, class Carried>
struct tile_heads_prefix {
  Lookback lookback;
  size_type* d_heads_before;
  template <class T>
  __device__ TIDE_FORCEINLINE bool operator()(const T& aggregate, T& prefix) {
    Carried before = Carried{aggregate.value, aggregate.heads};
    const bool has = lookback(Carried{aggregate.value, aggregate.heads}, before);
    if (has) prefix = T{before.value, 0};
    if (lane_id() == 0) *d_heads_before = has ? before.heads : 0;
    return has;
  }
};

template <int Threads, int Items, int RunLen, tile_access Access, class KeyIt, class ValIt, class KeyOut,
          class ValOut, class Acc, class Pred, class Op, class State>
__global__ void __launch_bounds__(Threads)
    reduce_by_key_kernel(KeyIt keys, ValIt vals, KeyOut keys_out, ValOut vals_out, size_type n, Pred pred, Op op,
                         State state, size_type tiles, size_type* d_count) {
  using io = warp_tile_io<Items, RunLen, Access>;
  using key_t = iter_value_t<KeyIt>;
  using value_t = iter_value_t<ValIt>;
  using seg_t = segment_value<Acc, int>;              // heads counted within the tile
  using carried_t = segment_value<Acc, size_type>;    // and across tiles
  using scan_t = block_scan<seg_t, Threads>;
  constexpr int runs = io::runs;
  constexpr bool staged = reduce_by_key_staged<Threads, Items, key_t, Acc>;
  union warp_exchange {
    typename io::template temp_storage<key_t> keys;
    typename io::template temp_storage<value_t> values;
  };
  // The exchanges serve the loads, before the scan's barriers; the gathered results come after.
  struct gathered_results {
    raw_array<key_t, staged ? Threads * Items : 1> keys;
    raw_array<Acc, staged ? Threads * Items : 1> values;
  };
  union shared_items {
    warp_exchange exchange[io::transposes ? Threads / warp_threads : 1];
    gathered_results gathered;
  };
  __shared__ shared_items shared;
  __shared__ typename scan_t::temp_storage scan_storage;
  __shared__ size_type heads_before;  // the heads before the tile (all its ranks are from there)
  auto& my_exchange = shared.exchange[io::transposes ? warp_id() : 0];

  const tile_geometry<Threads, Items> g(n);
  const int lane = lane_id();
  key_t k[Items];
  bool head[Items];
  segment_heads<io>(keys, g.warp_begin, g.warp_valid, g.tile_begin, g.full(), pred, my_exchange.keys, k, head);
#pragma unroll
  for (int i = 0; i < Items; ++i) head[i] = head[i] && io::position(lane, i) < g.warp_valid;  // the tile's heads count
  value_t v[Items];
  value_t fill{};
  if (!g.full()) fill = vals[g.tile_begin];
  io::load(vals + g.warp_begin, v, g.warp_valid, fill, my_exchange.values);

  const segmented_op<Op> sop{op};
  seg_t partials[runs], prefix[runs], total;
#pragma unroll
  for (int r = 0; r < runs; ++r) {
    seg_t acc{static_cast<Acc>(v[r * RunLen]), head[r * RunLen] ? 1 : 0};
#pragma unroll
    for (int e = 1; e < RunLen; ++e) {
      const int i = r * RunLen + e;
      if (head[i]) acc = seg_t{static_cast<Acc>(v[i]), acc.heads + 1};
      else acc.value = op(acc.value, v[i]);
    }
    partials[r] = acc;
  }
  using lookback_t = typename select_lookback_by_key<Acc, Op>::template prefix<carried_t, State, segmented_op<Op>>;
  tile_heads_prefix<lookback_t, carried_t> tile_prefix{lookback_t{state, sop, g.tile, tiles, false, carried_t{}},
                                                       &heads_before};
  const bool seeded = scan_t(scan_storage).exclusive_runs(partials, prefix, total, sop, tile_prefix);
  const size_type tile_heads_before = g.tile == 0 ? 0 : heads_before;  // tile 0 has no look-back

  // Each head's key, and the value of the segment that ends before it, by the head's rank: to
  // shared memory (staged), then out contiguously; or straight out. The last item also writes the
  // last segment's value and the count.
#pragma unroll
  for (int r = 0; r < runs; ++r) {
    seg_t acc = prefix[r];
    const bool carried = r > 0 || seeded;  // only item 0 of the input has nothing before it, and it is a head
#pragma unroll
    for (int e = 0; e < RunLen; ++e) {
      const int i = r * RunLen + e;
      const bool carry = e > 0 || carried;
      const Acc before = acc.value;  // the value through item i - 1
      acc.heads = (carry ? acc.heads : 0) + (head[i] ? 1 : 0);
      acc.value = (head[i] || !carry) ? static_cast<Acc>(v[i]) : static_cast<Acc>(op(acc.value, v[i]));
      const int pos = io::position(lane, i);
      if (pos < g.warp_valid) {
        const size_type at = g.warp_begin + pos;
        const size_type segments = tile_heads_before + acc.heads;  // through item i
        if (head[i]) {
          if constexpr (staged) {
            shared.gathered.keys[acc.heads - 1] = k[i];
            shared.gathered.values[acc.heads - 1] = before;  // unused for item 0's head
          } else {
            keys_out[segments - 1] = k[i];
            if (at > 0) vals_out[segments - 2] = before;
          }
        }
        if (at == n - 1) {
          vals_out[segments - 1] = acc.value;
          *d_count = segments;
        }
      }
    }
  }
  if constexpr (staged) {
    __syncthreads();
    const int count = total.heads;  // the tile's heads
    KeyOut tile_keys = keys_out + tile_heads_before;
    for (int j = int(threadIdx.x); j < count; j += Threads) tile_keys[j] = shared.gathered.keys[j];
    // Head j closes segment tile_heads_before + j - 1 (none for the input's first item).
    for (int j = int(threadIdx.x); j < count; j += Threads)
      if (tile_heads_before + j > 0) vals_out[tile_heads_before + j - 1] = shared.gathered.values[j];
  }
}

/// Reduce-by-key tiles (sm_90 and newer), by the larger of key and accumulator. H100, u32 keys in
/// runs of 1-16 and u32 values, 2^28 (2^24), CUB's time over tide's, one run: 256x12 0.74 (0.80),
/// 128x24 0.87 (0.89), 128x28 0.92 (0.90), 128x32 0.97 (0.90), 96x32 0.92 (0.84), 64x32 0.93
/// (0.86), 64x48 0.77, 192x16 0.76, 256x20 0.85. The barrier while warp 0 looks back is the main
/// stall (37% of samples at 256x12): fewer warps per block wait on it, and more items share it.
/// Overlapping the look-back with the gather (the other warps ranking their heads meanwhile) gave
/// nothing measurable (128x32: 1.2985 against 1.3036 ms). Wide types: fewer items, so that a
/// warp's exchange for the transposing loads fits the 48 KB of static shared memory.
template <std::size_t Bytes, int Arch>
struct reduce_by_key_tuning {
  static constexpr int block_threads = Bytes <= 4 ? 128 : 256;
  static constexpr int items_per_thread = Bytes <= 4 ? 32 : Bytes <= 32 ? 4 : Bytes <= 64 ? 2 : 1;
};
template <std::size_t Bytes>
struct reduce_by_key_tuning<Bytes, 800> : reduce_by_key_tuning<Bytes, 900> {};

}  // namespace detail

/// For each segment of consecutive keys equal under pred(previous, key): its first key to
/// keys_out, the reduction of its values with op (in order, accumulated as Acc, named by the
/// caller) to vals_out. Returns the number of segments; waits for it. (Tuning: a tile shape in
/// place of reduce_by_key_tuning's, for experiments.)
template <class Acc, class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred, class Op, class Tuning = void>
size_type reduce_by_key(const cuda_policy& p, KeyIt keys, size_type n, ValIt vals, KeyOut keys_out, ValOut vals_out,
                        Pred pred, Op op) {
  if (n == 0) return 0;
  constexpr const char* algorithm = "reduce_by_key";
  detail::check_pending(algorithm);
  using key_t = detail::iter_value_t<KeyIt>;
  using acc_t = Acc;
  using seg_t = detail::segment_value<acc_t, size_type>;
  using scheme = detail::select_lookback_by_key<Acc, Op>;  // the tree where it equals the chain
  using state_t = typename scheme::template state<seg_t>;
  tide::detail::temporary_buffer<size_type> d_count(p, 1, algorithm);
  detail::with_arch([&](auto arch) {
    using tuning = std::conditional_t<
        std::is_void_v<Tuning>,
        detail::reduce_by_key_tuning<std::max({sizeof(key_t), sizeof(detail::iter_value_t<ValIt>), sizeof(acc_t)}),
                                     decltype(arch)::value>,
        Tuning>;
    constexpr int threads = tuning::block_threads, items = tuning::items_per_thread;
    using arrangement = detail::tile_arrangement<items, KeyIt, ValIt>;
    const size_type tiles = detail::ceil_div(n, threads * items);
    const unsigned grid = detail::tile_grid(tiles, algorithm);
    typename scheme::template buffer<seg_t> state(p, tiles, algorithm);
    arrangement::dispatch(
        [&](auto access) {
          auto kernel = &detail::reduce_by_key_kernel<threads, items, arrangement::run_len, decltype(access)::value,
                                                      KeyIt, ValIt, KeyOut, ValOut, acc_t, Pred, Op, state_t>;
          detail::launch(algorithm, "reduce_by_key_kernel", kernel, grid, threads, 0, p.stream, keys, vals, keys_out,
                         vals_out, n, pred, op, state.state(), tiles, d_count.data());
        },
        keys, vals);
  });
  size_type count = 0;
  tide::detail::device_copy_bytes(&count, d_count.data(), sizeof(count), tide::detail::copy_kind::device_to_host,
                                  p.stream, true, algorithm);
  return count;
}

}  // namespace tide::backend::cuda
