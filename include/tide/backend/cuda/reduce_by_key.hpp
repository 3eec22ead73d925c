#pragma once
// reduce_by_key on the CUDA system: one pass, a segmented scan (scan_by_key.hpp) of (value, number
// of segment starts) pairs, with the count carried across tiles by the look-back. At each segment
// start the item writes its key to keys_out[segment] and the finished previous segment's value to
// vals_out[segment - 1]; the last item writes the last segment and the count, which the host reads
// with one copy and one wait.

#include <algorithm>
#include <type_traits>

#include "../../detail/raw_memory.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "scan_by_key.hpp"

namespace tide::backend::cuda {
namespace detail {

template <int Threads, int Items, int RunLen, tile_access Access, class KeyIt, class ValIt, class KeyOut,
          class ValOut, class Acc, class Pred, class Op, class State>
__global__ void __launch_bounds__(Threads)
    reduce_by_key_kernel(KeyIt keys, ValIt vals, KeyOut keys_out, ValOut vals_out, size_type n, Pred pred, Op op,
                         State state, size_type tiles, size_type* d_count) {
  using io = warp_tile_io<Items, RunLen, Access>;
  using key_t = iter_value_t<KeyIt>;
  using value_t = iter_value_t<ValIt>;
  using seg_t = segment_value<Acc, size_type>;
  using scan_t = block_scan<seg_t, Threads>;
  constexpr int runs = io::runs;
  union warp_exchange {
    typename io::template temp_storage<key_t> keys;
    typename io::template temp_storage<value_t> values;
  };
  __shared__ warp_exchange exchange[io::transposes ? Threads / warp_threads : 1];
  __shared__ typename scan_t::temp_storage scan_storage;
  auto& my_exchange = exchange[io::transposes ? warp_id() : 0];

  const tile_geometry<Threads, Items> g(n);
  const int lane = lane_id();
  key_t k[Items];
  bool head[Items];
  segment_heads<io>(keys, g.warp_begin, g.warp_valid, g.tile_begin, g.full(), pred, my_exchange.keys, k, head);
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
  typename select_lookback_by_key<Acc, Op>::template prefix<seg_t, State, segmented_op<Op>> tile_prefix{state, sop, g.tile, tiles, false, seg_t{}};
  const bool seeded = scan_t(scan_storage).exclusive_runs(partials, prefix, total, sop, tile_prefix);

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
        if (head[i]) {
          keys_out[acc.heads - 1] = k[i];
          if (at > 0) vals_out[acc.heads - 2] = before;
        }
        if (at == n - 1) {
          vals_out[acc.heads - 1] = acc.value;
          *d_count = acc.heads;
        }
      }
    }
  }
}

/// Reduce-by-key tiles (sm_90 and newer), by the larger of key and accumulator. H200, u32 keys in
/// runs of 1-16 and u32 values, 2^28, CUB's time over tide's: 256 x 8 0.51, 256 x 12 0.58, 256 x 16
/// 0.56, 128 x 16 0.56, 384 x 8 0.45 (one run; the look-back of many small tiles bounds it).
template <std::size_t Bytes, int Arch>
struct reduce_by_key_tuning {
  static constexpr int block_threads = 256;
  static constexpr int items_per_thread = Bytes <= 4 ? 12 : 4;
};
template <std::size_t Bytes>
struct reduce_by_key_tuning<Bytes, 800> : reduce_by_key_tuning<Bytes, 900> {};

}  // namespace detail

/// For each segment of consecutive keys equal under pred(previous, key): its first key to
/// keys_out, the reduction of its values with op (in order, accumulated as Acc, named by the
/// caller) to vals_out. Returns the number of segments; waits for it.
template <class Acc, class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred, class Op>
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
    using tuning = detail::reduce_by_key_tuning<
        std::max({sizeof(key_t), sizeof(detail::iter_value_t<ValIt>), sizeof(acc_t)}), decltype(arch)::value>;
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
