#pragma once
// Scans on the CUDA system: one pass, each input read once and each output written once, with a
// deterministic decoupled look-back between tiles (lookback.hpp). One block per tile: the tile is
// loaded into registers (vector runs for aligned pointers, block/block_load_store.hpp), scanned in
// the block (block/block_scan.hpp) with the tile's prefix from the look-back, and stored. The whole
// tile is read before anything is written, and tiles write only their own items, so out == first
// (in place) is allowed.

#include "../../execution.hpp"
#include "block/block_load_store.hpp"
#include "block/block_scan.hpp"
#include "device_utility.hpp"
#include "launch.hpp"
#include "lookback.hpp"

namespace tide::backend::cuda {
namespace detail {

/// Scan tiles: block size, items per thread and the blocks per multiprocessor the registers must
/// allow, by accumulator size (sm_90 and newer).
template <class Acc, int Arch>
struct scan_tuning {
  static constexpr int block_threads = 256;
  static constexpr int items_per_thread = sizeof(Acc) <= 4 ? 16 : sizeof(Acc) <= 8 ? 8 : sizeof(Acc) <= 16 ? 4 : 2;
  static constexpr int min_blocks = 1;
};
/// Before sm_90: the same for now (one kernel serves both).
template <class Acc>
struct scan_tuning<Acc, 800> : scan_tuning<Acc, 900> {};

template <int Threads, int MinBlocks, int Items, int RunLen, tile_access Access, bool Exclusive, class In, class Out,
          class Acc, class Op, class State, class Prefix>
__global__ void __launch_bounds__(Threads, MinBlocks)
    scan_kernel(In in, Out out, size_type n, Op op, Acc init, bool has_init, State state, size_type tiles) {
  using io = warp_tile_io<Items, RunLen, Access>;
  using value_t = iter_value_t<In>;
  using scan_t = block_scan<Acc, Threads>;
  union warp_exchange {
    typename io::template temp_storage<value_t> in;
    typename io::template temp_storage<Acc> out;
  };
  __shared__ typename scan_t::temp_storage scan_storage;
  __shared__ warp_exchange exchange[io::transposes ? Threads / warp_threads : 1];
  auto& my_exchange = exchange[io::transposes ? warp_id() : 0];

  const tile_geometry<Threads, Items> g(n);
  value_t items[Items];
  value_t fill{};
  if (!g.full()) fill = in[g.tile_begin];  // tail items: any given value
  io::load(in + g.warp_begin, items, g.warp_valid, fill, my_exchange.in);

  constexpr int runs = Items / RunLen;
  Acc partials[runs], prefix[runs], total;
  run_partials<RunLen>(items, partials, op);
  Prefix tile_prefix{state, op, g.tile, tiles, has_init, init};
  const bool seeded = scan_t(scan_storage).exclusive_runs(partials, prefix, total, op, tile_prefix);

  Acc results[Items];
  if constexpr (Exclusive) {
    scan_runs_exclusive<RunLen>(items, results, prefix, op);  // an exclusive scan always has init
  } else {
    scan_runs_inclusive<RunLen>(items, results, prefix, seeded, op);
  }
  io::store(out + g.warp_begin, results, g.warp_valid, my_exchange.out);
}

/// One scan with the given tuning (block_threads, items_per_thread) and look-back scheme; n > 0.
template <class Tuning, bool Exclusive, class Scheme = chained_lookback, class In, class Out, class Acc, class Op>
void scan_tuned(const cuda_policy& p, In in, size_type n, Out out, Acc init, bool has_init, Op op,
                const char* algorithm) {
  constexpr int threads = Tuning::block_threads, items = Tuning::items_per_thread;
  using arrangement = tile_arrangement<items, In, Out>;
  using state_t = typename Scheme::template state<Acc>;
  using prefix_t = typename Scheme::template prefix<Acc, state_t, Op>;
  const size_type tiles = ceil_div(n, threads * items);
  const unsigned grid = tile_grid(tiles, algorithm);
  typename Scheme::template buffer<Acc> state(p, tiles, algorithm);
  arrangement::dispatch(
      [&](auto access) {
        auto kernel = &scan_kernel<threads, Tuning::min_blocks, items, arrangement::run_len, decltype(access)::value,
                                   Exclusive, In, Out, Acc, Op, state_t, prefix_t>;
        launch(algorithm, "scan_kernel", kernel, grid, threads, 0, p.stream, in, out, n, op, init, has_init,
               state.state(), tiles);
      },
      in, out);
}

template <bool Exclusive, class In, class Out, class Acc, class Op>
void scan_impl(const cuda_policy& p, In in, size_type n, Out out, Acc init, bool has_init, Op op,
               const char* algorithm) {
  if (n == 0) return;
  check_pending(algorithm);
  with_arch([&](auto arch) {
    scan_tuned<scan_tuning<Acc, decltype(arch)::value>, Exclusive>(p, in, n, out, init, has_init, op, algorithm);
  });
}

}  // namespace detail

/// out[i] = x0 op x1 op ... op xi, accumulated as Acc (named by the caller). out may equal first.
template <class Acc, class InputIt, class OutputIt, class Op>
void inclusive_scan(const cuda_policy& p, InputIt first, size_type n, OutputIt out, Op op) {
  detail::scan_impl<false>(p, first, n, out, Acc{}, false, op, "inclusive_scan");
}

/// out[i] = init op x0 op ... op xi. out may equal first.
template <class InputIt, class OutputIt, class Acc, class Op>
void inclusive_scan_init(const cuda_policy& p, InputIt first, size_type n, OutputIt out, Acc init, Op op) {
  detail::scan_impl<false>(p, first, n, out, init, true, op, "inclusive_scan");
}

/// out[i] = init op x0 op ... op x(i-1); out[0] = init. out may equal first.
template <class InputIt, class OutputIt, class Acc, class Op>
void exclusive_scan(const cuda_policy& p, InputIt first, size_type n, OutputIt out, Acc init, Op op) {
  detail::scan_impl<true>(p, first, n, out, init, true, op, "exclusive_scan");
}

}  // namespace tide::backend::cuda
