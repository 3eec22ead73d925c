#pragma once
// Scans on the CUDA system: one pass, each input read once and each output written once, with a
// deterministic decoupled look-back between tiles (lookback.hpp). One block per tile: the tile is
// staged in shared memory by cp.async (contiguous 16-byte runs; block/block_load_store.hpp) or
// loaded into registers (anything else), scanned in the block (block/block_scan.hpp) with the
// tile's prefix from the look-back, and stored. The whole tile is read before anything is written,
// and tiles write only their own items, so out == first (in place) is allowed.
// One kernel per shape for raw pointers, aligned or not (tile_access::either): the kernel tests the
// pointers and moves each run as a vector or, misaligned, item by item, in the same arrangement
// (so the same association); the block scan, the look-back and each run's results are one piece of
// code for both (before session 18: a kernel for each).
// Fused transforms: where the input is a transform_iterator (maybe of transform_iterators) over a
// raw pointer whose runs stage, the pointer's elements are staged and the functions applied as the
// kernel reads them (`load`): transform_inclusive_scan and transform_exclusive_scan, and the scans
// that read their elements as the accumulator, run at the plain scan's rate, in its association.

#include "../../execution.hpp"
#include "../../iterator/transform_iterator.hpp"
#include "block/block_load_store.hpp"
#include "block/block_scan.hpp"
#include "device_utility.hpp"
#include "launch.hpp"
#include "chained_lookback.hpp"
#include "lookback.hpp"
#include "smem_opt_in.hpp"

namespace tide::backend::cuda {
namespace detail {

/// Scan tiles: block size, items per thread and the blocks per multiprocessor the registers must
/// allow, by accumulator size (sm_90 and newer).
/// Staged tiles (scan_tile_staged) of 40-64 KB ran fastest on an H200 (2^28 u32: 16 KB 0.74 ms,
/// 24 KB 0.70, 32 KB 0.64-0.66, 40/48/64 KB 0.627-0.645; through registers 0.77 at best; CUB 0.69):
/// the block's fixed costs (look-back, barriers) spread over more bytes, and shared memory, not
/// registers, bounds the blocks in flight. The L2 prefetch hint gained under 1%.
/// 8-byte accumulators: 20 items (40 KB tiles). H100, 2^28 u64 inclusive sums, CUB 1.580-1.590 ms in
/// the same runs: 16 items 1.654, 20 1.584, 24 1.599-1.614, 28 1.593; 384x16 1.581, 384x20 1.632,
/// 512x16 1.636.
template <class Acc, int Arch>
struct scan_tuning {
  static constexpr int block_threads = 256;
  /// Staged (16-byte runs).
  static constexpr int items_per_thread = sizeof(Acc) <= 4 ? 48 : sizeof(Acc) <= 8 ? 20 : 16;
  /// Staged items per thread below `small_tiles_per_sm` big tiles per SM: with few tiles, smaller
  /// ones keep every SM busy (2^20 u32 is 86 tiles of 12288 items on 132 SMs).
  static constexpr int small_items_per_thread = 16;
  static constexpr int small_tiles_per_sm = 4;
  static constexpr int register_items_per_thread =
      sizeof(Acc) <= 4 ? 16 : sizeof(Acc) <= 8 ? 8 : sizeof(Acc) <= 16 ? 4 : 2;
  static constexpr int min_blocks = 1;
  static constexpr bool staged = true;  ///< through shared memory where the input allows
  static constexpr size_type max_staged_bytes = 64 * 1024;
  static constexpr bool l2_prefetch = true;  ///< staged copies ask L2 for 256 bytes at once
};
/// Before sm_90: the same for now (one kernel serves both).
template <class Acc>
struct scan_tuning<Acc, 800> : scan_tuning<Acc, 900> {};

/// A fence between a fused transform and the fold, for integer accumulators: x ^ zero, where zero
/// is a run-time 0 the compiler cannot see through (n >> 62: no range has 2^62 items). Why: ptxas
/// fuses integer min/max chains into the three-input VIMNMX3 and, where an operand is negated (f =
/// negate, abs, ...), can drop the negation. With CUDA 13.0 for sm_90, transform_inclusive_scan(x,
/// negate, maximum) over int and short took one untransformed element into each run's partial
/// (SASS: `VIMNMX3 R14, R14, R17, R18` with R17 never negated; wrong on an H100 and an H200).
/// pytorch/pytorch#190973 reports the same fusion with CUDA 12.8 to 13.3 on sm_100. The xor (one
/// LOP3 per element, staged tiles with a transform only) leaves ptxas no negation to fold.
template <bool Fused>
struct fold_fence {  // plain scans: load_identity's reference to the staged element, as it is
  __device__ TIDE_FORCEINLINE explicit fold_fence(size_type) {}
  template <class T>
  __device__ TIDE_FORCEINLINE const T& operator()(const T& x) const {
    return x;
  }
};
template <>
struct fold_fence<true> {
  unsigned long long zero;
  __device__ TIDE_FORCEINLINE explicit fold_fence(size_type n) : zero(static_cast<unsigned long long>(n >> 62)) {}
  template <class T>
  __device__ TIDE_FORCEINLINE auto operator()(T&& x) const {
    using t = std::decay_t<T>;
    if constexpr (std::is_integral_v<t> && !std::is_same_v<t, bool>)
      return static_cast<t>(x ^ static_cast<t>(zero));
    else
      return t(static_cast<T&&>(x));
  }
};

/// The staged tiles' read of an element: as it is (plain scans).
struct load_identity {
  template <class T>
  __device__ TIDE_FORCEINLINE const T& operator()(const T& x) const {
    return x;
  }
};
/// F applied after Inner: the functions of nested transform_iterators, innermost first.
template <class F, class Inner>
struct load_then {
  mutable F f;  // called as transform_iterator calls it: as a non-const object
  Inner inner;
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class T>
  __device__ TIDE_FORCEINLINE auto operator()(const T& x) const {
    return f(inner(x));
  }
};
/// Whether In is transform_iterators over a raw pointer (fused: base() is the pointer, load() the
/// functions, innermost first).
template <class In>
struct fused_source {
  static constexpr bool fused = std::is_pointer_v<In>;
  static In base(const In& in) { return in; }
  static load_identity load(const In&) { return {}; }
};
template <class F, class It>
struct fused_source<transform_iterator<F, It>> {
  using inner = fused_source<It>;
  static constexpr bool fused = inner::fused;
  static auto base(const transform_iterator<F, It>& in) { return inner::base(in.base()); }
  static auto load(const transform_iterator<F, It>& in) {
    return load_then<F, decltype(inner::load(in.base()))>{in.functor(), inner::load(in.base())};
  }
};

/// A full or partial tile moved through registers (any arrangement).
template <int Threads, int Items, int RunLen, tile_access Access, bool Exclusive, class In, class Out, class Acc,
          class Op, class Prefix>
__device__ TIDE_FORCEINLINE void scan_tile_registers(In in, Out out, size_type n, Op op, Prefix& tile_prefix,
                                                    const state_reset& reset) {
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
  bool vectors = true;  // the either access: vector runs where both pointers are aligned to them
  if constexpr (Access == tile_access::either) vectors = runs_aligned<RunLen>(in, out);
  io::load(in + g.warp_begin, items, g.warp_valid, fill, my_exchange.in, vectors);

  constexpr int runs = Items / RunLen;
  Acc partials[runs], prefix[runs], total;
  run_partials<RunLen>(items, partials, op);
  grid_dependency_wait();  // the look-back state's clear (launch_scan) has finished
  const bool seeded = scan_t(scan_storage).exclusive_runs(partials, prefix, total, op, tile_prefix);
  const unsigned ticket = threadIdx.x == 0 ? reset.arrive() : 0u;  // the look-back is over (a barrier since)

  Acc results[Items];
  if constexpr (Exclusive) {
    scan_runs_exclusive<RunLen>(items, results, prefix, op);  // an exclusive scan always has init
  } else {
    scan_runs_inclusive<RunLen>(items, results, prefix, seeded, op);
  }
  io::store(out + g.warp_begin, results, g.warp_valid, my_exchange.out, vectors);
  if (warp_id() == 0) reset.finish(ticket);
}

/// A tile staged in shared memory by cp.async (contiguous, 16-byte runs): no registers hold the
/// tile while the block waits for its look-back, so more blocks fit and keep loads in flight. The
/// runs are read twice from shared memory: for the partials, then for the scan. Same association
/// as scan_tile_registers.
template <int Threads, int Items, int RunLen, tile_access Access, bool Exclusive, bool Prefetch, class In, class Out,
          class Acc, class Op, class Prefix, class Load>
__device__ TIDE_FORCEINLINE void scan_tile_staged(In in, Out out, size_type n, Op op, Prefix& tile_prefix,
                                                 const state_reset& reset, Load& load) {
  using io = warp_tile_io<Items, RunLen, Access>;
  using value_t = iter_value_t<In>;
  using scan_t = block_scan<Acc, Threads>;
  __shared__ typename scan_t::temp_storage scan_storage;
  extern __shared__ uint4 staged[];  // the tile: dynamic, as it may pass 48 KB

  const tile_geometry<Threads, Items> g(n);
  value_t* slice = reinterpret_cast<value_t*>(staged) + warp_id() * io::warp_items;
  bool vectors = true;  // the either access: 16-byte runs where both pointers are aligned to them
  if constexpr (Access == tile_access::either) vectors = runs_aligned<RunLen>(in, out);
  io::template stage<Prefetch>(in + g.warp_begin, slice, g.warp_valid, vectors);
  value_t fill{};
  if (!g.full()) fill = in[g.tile_begin];  // tail items: any given value
  io::wait_staged();

  // Each element as the operator sees it: f(x), behind a fold fence where f is the user's.
  const fold_fence<!std::is_same_v<Load, load_identity>> fence(n);
  auto read = [&](const value_t& x) -> decltype(auto) { return fence(load(x)); };

  constexpr int runs = Items / RunLen;
  Acc partials[runs], prefix[runs], total;
#pragma unroll
  for (int r = 0; r < runs; ++r) {
    const auto run = io::staged_run(slice, r, g.warp_valid, fill);
    Acc v = static_cast<Acc>(read(run.v[0]));
#pragma unroll
    for (int e = 1; e < RunLen; ++e) v = op(v, read(run.v[e]));
    partials[r] = v;
  }
  grid_dependency_wait();  // the look-back state's clear (launch_scan) has finished
  const bool seeded = scan_t(scan_storage).exclusive_runs(partials, prefix, total, op, tile_prefix);
  const unsigned ticket = threadIdx.x == 0 ? reset.arrive() : 0u;  // the look-back is over (a barrier since)

  using out_t = std::remove_cv_t<std::remove_pointer_t<Out>>;
#pragma unroll
  for (int r = 0; r < runs; ++r) {
    const auto run = io::staged_run(slice, r, g.warp_valid, fill);
    Acc acc = prefix[r], results[RunLen];
    if constexpr (Exclusive) {  // an exclusive scan always has init
#pragma unroll
      for (int e = 0; e < RunLen; ++e) {
        results[e] = acc;
        if (e + 1 < RunLen) acc = op(acc, read(run.v[e]));
      }
    } else {
      const bool has = r > 0 || seeded;
#pragma unroll
      for (int e = 0; e < RunLen; ++e) {
        acc = (e > 0 || has) ? static_cast<Acc>(op(acc, read(run.v[e]))) : static_cast<Acc>(read(run.v[e]));
        results[e] = acc;
      }
    }
    io::template store_run_at<Acc, out_t>(out + g.warp_begin, r, results, g.warp_valid, vectors);
  }
  if (warp_id() == 0) reset.finish(ticket);
}

template <int Threads, int MinBlocks, int Items, int RunLen, tile_access Access, bool Exclusive, int Staging, class In,
          class Out, class Acc, class Op, class State, class Prefix, class Load>
__global__ void __launch_bounds__(Threads, MinBlocks)
    scan_kernel(In in, Out out, size_type n, Op op, Acc init, bool has_init, State state, state_reset reset,
                size_type tiles, Load load) {
  Prefix tile_prefix{state, op, size_type(blockIdx.x), tiles, has_init, init};
  if constexpr (Staging > 0) {
    scan_tile_staged<Threads, Items, RunLen, Access, Exclusive, Staging == 2, In, Out, Acc>(in, out, n, op,
                                                                                           tile_prefix, reset, load);
  } else {
    static_assert(std::is_same_v<Load, load_identity>, "tide: only staged tiles fuse a transform");
    scan_tile_registers<Threads, Items, RunLen, Access, Exclusive, In, Out, Acc>(in, out, n, op, tile_prefix, reset);
  }
}

/// One launch of scan_kernel over n > 0 items.
template <int Threads, int MinBlocks, int Items, int RunLen, tile_access Access, bool Exclusive, int Staging,
          class Scheme, class In, class Out, class Acc, class Op, class Load>
void launch_scan(const cuda_policy& p, In in, size_type n, Out out, Acc init, bool has_init, Op op,
                 const char* algorithm, Load load) {
  using state_t = typename Scheme::template state<Acc>;
  using prefix_t = typename Scheme::template prefix<Acc, state_t, Op>;
  const size_type tiles = ceil_div(n, size_type(Threads) * Items);
  const unsigned grid = tile_grid(tiles, algorithm);
  typename Scheme::template buffer<Acc, true> state(p, tiles, algorithm);  // the kernel resets it
  auto kernel = &scan_kernel<Threads, MinBlocks, Items, RunLen, Access, Exclusive, Staging, In, Out, Acc, Op, state_t,
                             prefix_t, Load>;
  const std::size_t smem = Staging > 0 ? std::size_t(Threads) * Items * sizeof(iter_value_t<In>) : 0;
  allow_dynamic_shared(kernel, smem, algorithm);
  // Launched while the state's clear runs: the tile's loads overlap it and the launch latency.
  if (state.cleared_by_kernel())
    launch_dependent(algorithm, "scan_kernel", kernel, grid, Threads, smem, p.stream, in, out, n, op, init, has_init,
                     state.state(), state.reset(), tiles, load);
  else
    launch(algorithm, "scan_kernel", kernel, grid, Threads, smem, p.stream, in, out, n, op, init, has_init,
           state.state(), state.reset(), tiles, load);
}

/// How scan_tuned tiles items of In into Out: through shared memory (`staged`: contiguous 16-byte
/// runs) with `big` items per thread, or `small` ones below `few_below()` items; else through
/// registers.
template <class Tuning, class In, class Out>
struct scan_tile_shape {
  using value_t = iter_value_t<In>;
  using staged_arrangement = tile_arrangement<Tuning::items_per_thread, In, Out>;
  static constexpr int threads = Tuning::block_threads;
  static constexpr bool staged = Tuning::staged && staged_arrangement::run > 0 &&
                                 staged_arrangement::run_len * sizeof(value_t) == 16 &&
                                 size_type(threads) * Tuning::items_per_thread * sizeof(value_t) <=
                                     Tuning::max_staged_bytes;
  static constexpr int big = Tuning::items_per_thread, small = Tuning::small_items_per_thread;
  static constexpr int register_items = Tuning::register_items_per_thread;
  /// Whether staged scans of few items take the small tiles.
  static constexpr bool has_small = staged && small < big && small % staged_arrangement::run_len == 0;
  /// Staged scans of fewer items than this take the small tiles (0: never).
  static size_type few_below() {
    return has_small ? size_type(threads) * big * device_props().sm_count * Tuning::small_tiles_per_sm : 0;
  }
  /// Items per tile at n items.
  static size_type tile(size_type n) {
    return size_type(threads) * (!staged ? register_items : n < few_below() ? small : big);
  }
};

/// The pointer under a fused transform_iterator (In itself otherwise).
template <class In>
using fused_base_t = decltype(fused_source<In>::base(std::declval<const In&>()));
/// Whether scan_impl fuses In's transforms into staged tiles of the pointer under them.
template <class Tuning, class In, class Out>
constexpr bool runs_fused() {
  if constexpr (fused_source<In>::fused && !std::is_pointer_v<In>)
    return scan_tile_shape<Tuning, fused_base_t<In>, Out>::staged;
  else
    return false;
}
/// The shape a scan of In into Out runs with (scan_impl's choice: a fused transform takes its
/// pointer's tiles). The boundary sweep (path_boundaries.hpp) reads this one.
template <class Tuning, class In, class Out>
struct scan_shape
    : scan_tile_shape<Tuning, std::conditional_t<runs_fused<Tuning, In, Out>(), fused_base_t<In>, In>, Out> {};

/// One scan with the given tuning and look-back scheme (void: select_lookback's); n > 0. Contiguous
/// 16-byte runs of the input go through shared memory (items_per_thread), anything else through
/// registers (register_items_per_thread). `load` (staged tiles only) applies a fused transform to
/// each element read.
template <class Tuning, bool Exclusive, class SchemeOrVoid = void, class In, class Out, class Acc, class Op,
          class Load = load_identity>
void scan_tuned(const cuda_policy& p, In in, size_type n, Out out, Acc init, bool has_init, Op op,
                const char* algorithm, Load load = {}) {
  using Scheme = std::conditional_t<std::is_void_v<SchemeOrVoid>, select_lookback<Acc, Op>, SchemeOrVoid>;
  using shape = scan_tile_shape<Tuning, In, Out>;
  using staged_arrangement = typename shape::staged_arrangement;
  constexpr int threads = Tuning::block_threads, min_blocks = Tuning::min_blocks;
  if constexpr (shape::staged) {
    constexpr int big = shape::big, small = shape::small;
    // One kernel a shape, aligned or not (the kernel decides: tile_access::either).
    constexpr tile_access a = staged_arrangement::one_kernel;
    constexpr int staging = Tuning::l2_prefetch ? 2 : 1, run = staged_arrangement::run_len;
    if constexpr (shape::has_small) {
      if (n < shape::few_below()) {
        launch_scan<threads, min_blocks, small, run, a, Exclusive, staging, Scheme>(p, in, n, out, init, has_init, op,
                                                                                    algorithm, load);
        return;
      }
    }
    launch_scan<threads, min_blocks, big, run, a, Exclusive, staging, Scheme>(p, in, n, out, init, has_init, op,
                                                                              algorithm, load);
  } else {
    static_assert(std::is_same_v<Load, load_identity>, "tide: only staged tiles fuse a transform");
    constexpr int items = Tuning::register_items_per_thread;
    using arrangement = tile_arrangement<items, In, Out>;
    launch_scan<threads, min_blocks, items, arrangement::run_len, arrangement::one_kernel, Exclusive, 0, Scheme>(
        p, in, n, out, init, has_init, op, algorithm, load);
  }
}

template <bool Exclusive, class In, class Out, class Acc, class Op>
void scan_impl(const cuda_policy& p, In in, size_type n, Out out, Acc init, bool has_init, Op op,
               const char* algorithm) {
  if (n == 0) return;
  check_pending(algorithm);
  with_arch([&](auto arch) {
    using tuning = scan_tuning<Acc, decltype(arch)::value>;
    if constexpr (runs_fused<tuning, In, Out>()) {
      // A transform over a pointer: staged from the pointer, transformed as read.
      using source = fused_source<In>;
      scan_tuned<tuning, Exclusive>(p, source::base(in), n, out, init, has_init, op, algorithm, source::load(in));
    } else {
      scan_tuned<tuning, Exclusive>(p, in, n, out, init, has_init, op, algorithm);
    }
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
