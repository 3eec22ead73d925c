#pragma once
// Reductions on the CUDA system, in order (the operator need not be commutative) and
// deterministic: the partition depends on n and the tuning only, and every combination happens in
// a fixed order.
//
// Up to `single_block_tiles` tiles (32K 4-byte items) one block does everything in one launch.
// Beyond, block b reduces its own contiguous range (the range split again into one contiguous slice
// per warp, walked in warp tiles of vector runs) and writes a partial; a second one-block launch of
// the same kernel reduces the partials in order, starting from init. `reduce` has the last kernel
// write the result to pinned host memory and watches for it; `reduce_into` never waits.
//
// A warp's slice, two ways:
//   - any associative operator: each warp tile is reduced across the warp run by run, in order
//     (warp_reduce_runs: a warp reduction a run), then the tiles left to right;
//   - operators known to be commutative (detail/commutative.hpp: plus, multiplies on arithmetic
//     types; integer max, min, bitwise): each thread folds its own items of every tile (a fixed
//     tree a tile, then tile after tile), and the lanes combine once at the end. CUB's shape: a
//     fifth of the code (compare/size's u32 kernel 40 -> 13 KB) and no shuffles in the loop.
// Both are fixed functions of n and the tuning, so float sums are the same on every run.
//
// One kernel per shape for raw pointers, aligned or not (tile_access::either): the kernel tests the
// pointer, and each warp tile is loaded in vector runs or, misaligned, item by item into the same
// arrangement, so the association is the same and the reduction after the load is one piece of
// code for both (before session 19: a kernel for each).

#include <cstring>
#include <type_traits>

#include "../../detail/commutative.hpp"
#include "../../detail/raw_memory.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "block/block_load_store.hpp"
#include "device_utility.hpp"
#include "launch.hpp"
#include "warp/warp_reduce.hpp"

namespace tide::backend::cuda {
namespace detail {

/// Reduction blocks (sm_90 and newer): items per thread per warp tile, the most blocks (partials;
/// 0: as many as the GPU holds at once, so that every block gets an equal share in one wave), and
/// the largest input done by one block. On an H200 (2^28 u32) 256x32 with 4096 blocks ran at CUB's
/// speed (0.2405 ms against 0.2404-0.2430); one wave 0.248-0.256; loads through the non-coherent
/// path with an L2 prefetch (ld.global.nc.L1::no_allocate.L2::256B) 0.263.
template <class Acc, int Arch>
struct reduce_tuning {
  static constexpr int block_threads = 256;
  static constexpr int items_per_thread = sizeof(Acc) <= 4 ? 32 : sizeof(Acc) <= 8 ? 16 : sizeof(Acc) <= 16 ? 4 : 2;
  static constexpr size_type max_blocks = 4096;
  static constexpr size_type single_block_tiles = 4;
  /// Up to block_threads * small_items_per_thread items, one block of that shape: every warp takes
  /// a share (with 32 items per thread, 1,000 items all fall to warp 0). 1,000 u32 returned to the
  /// host: 256x32 9.58 us, 256x4 8.50, 128x8 8.45, a bare kernel 8.13 (H200).
  static constexpr int small_items_per_thread = items_per_thread / 8 > 0 ? items_per_thread / 8 : 1;
};
template <class Acc>
struct reduce_tuning<Acc, 800> : reduce_tuning<Acc, 900> {};

/// A tuning with its small items per thread as its items per thread.
template <class Tuning>
struct small_reduce_tuning : Tuning {
  static constexpr int items_per_thread = Tuning::small_items_per_thread;
};

/// op over a thread's items as Acc by a fixed tree (pairs, then pairs of pairs): for operators
/// known to be commutative, whose reduction may take the items in any grouping and order.
template <class Acc, int Items, class T, class Op>
__device__ TIDE_FORCEINLINE Acc fold_items(const T (&items)[Items], Op op) {
  Acc v[Items];
#pragma unroll
  for (int k = 0; k < Items; ++k) v[k] = static_cast<Acc>(items[k]);
#pragma unroll
  for (int w = 1; w < Items; w *= 2)
#pragma unroll
    for (int k = 0; k + w < Items; k += 2 * w) v[k] = static_cast<Acc>(op(v[k], v[k + w]));
  return v[0];
}

/// Reduces [block * span, (block + 1) * span) of [0, n), span = tiles_per_block tiles, in order. With
/// d_partials the block writes its total there; without (one block), out[0] = op(init, total), or
/// init if the range is empty.
template <int Threads, int Items, int RunLen, tile_access Access, class In, class Acc, class Op, class Out>
__global__ void __launch_bounds__(Threads)
    reduce_kernel(In in, size_type n, size_type tiles_per_block, Op op, Acc init, Acc* d_partials, Out out) {
  // Launched as a dependent second pass (launch_dependent) it may start early: wait for the first
  // pass before reading; and let a dependent second pass start its launch now.
  grid_dependency_wait();
  grid_dependents_may_start();
  using io = warp_tile_io<Items, RunLen, Access>;
  bool vectors = true;  // the either access: vector runs where the pointer is aligned to them
  if constexpr (Access == tile_access::either) vectors = runs_aligned<RunLen>(in);
  using value_t = iter_value_t<In>;
  constexpr int warps = Threads / warp_threads;
  __shared__ typename io::template temp_storage<value_t> exchange[io::transposes ? warps : 1];
  __shared__ raw_array<Acc, warps> warp_totals;
  __shared__ bool warp_has[warps];
  const int warp = warp_id(), lane = lane_id();
  auto& my_exchange = exchange[io::transposes ? warp : 0];

  // This warp's contiguous slice.
  const size_type warp_span = tiles_per_block * io::warp_items;
  const size_type begin = (size_type(blockIdx.x) * warps + warp) * warp_span;
  const size_type end = begin + warp_span < n ? begin + warp_span : n;

  Acc acc = init;
  bool has = false;
  size_type pos = begin;
  const value_t no_fill{};
  if constexpr (tide::detail::known_commutative<Op, Acc>::value) {
    // Each thread folds its own items of every warp tile (a fixed tree a tile), and the warp
    // combines its lanes once at the end: one warp reduction a slice instead of one a run.
    for (; pos + io::warp_items <= end; pos += io::warp_items) {
      value_t items[Items];
      io::load(in + pos, items, io::warp_items, no_fill, my_exchange, vectors);
      const Acc t = fold_items<Acc>(items, op);
      acc = has ? static_cast<Acc>(op(acc, t)) : t;
      has = true;
    }
    int lanes = has ? warp_threads : 0;  // lanes holding items: all of them, or a prefix (the tail's)
    if (pos < end) {
      const int valid = int(end - pos);
      value_t items[Items];
      io::load(in + pos, items, valid, no_fill, my_exchange, vectors);
#pragma unroll
      for (int k = 0; k < Items; ++k) {
        if ((((k / RunLen) * warp_threads + lane) * RunLen + k % RunLen) < valid) {
          acc = has ? static_cast<Acc>(op(acc, items[k])) : static_cast<Acc>(items[k]);
          has = true;
        }
      }
      const int tail_lanes = (valid + RunLen - 1) / RunLen;
      lanes = tail_lanes < warp_threads ? (lanes > tail_lanes ? lanes : tail_lanes) : warp_threads;
    }
    if (lanes == warp_threads)
      acc = warp_reduce(acc, op);
    else if (lanes > 0)
      acc = shfl_idx(warp_reduce_partial(acc, lanes, op), 0);
    has = lanes > 0;
  } else {
    for (; pos + io::warp_items <= end; pos += io::warp_items) {
      value_t items[Items];
      io::load(in + pos, items, io::warp_items, no_fill, my_exchange, vectors);
      const Acc t = warp_reduce_runs<Items, RunLen, Acc>(items, io::warp_items, op);
      acc = has ? static_cast<Acc>(op(acc, t)) : t;
      has = true;
    }
    if (pos < end) {
      const int valid = int(end - pos);
      value_t items[Items];
      const value_t fill = in[pos];
      io::load(in + pos, items, valid, fill, my_exchange, vectors);
      const Acc t = warp_reduce_runs<Items, RunLen, Acc>(items, valid, op);
      acc = has ? static_cast<Acc>(op(acc, t)) : t;
      has = true;
    }
  }

  if (lane == 0) {
    warp_totals[warp] = acc;
    warp_has[warp] = has;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    bool any = false;
    Acc total = init;
#pragma unroll
    for (int w = 0; w < warps; ++w) {
      if (warp_has[w]) {
        total = any ? static_cast<Acc>(op(total, warp_totals[w])) : warp_totals[w];
        any = true;
      }
    }
    if (d_partials) {
      d_partials[blockIdx.x] = total;
    } else {
      out[0] = any ? static_cast<Acc>(op(init, total)) : init;
    }
  }
}

/// One launch of reduce_kernel over [in, in + n) with `blocks` blocks (f(kernel) gives them, before);
/// a dependent launch when `dependent`.
template <class Tuning, class Acc, class In, class Op, class Out, class Blocks>
void launch_reduce(const cuda_policy& p, In in, size_type n, Blocks&& blocks_for, Op op, Acc init, Acc* d_partials,
                   Out out, const char* algorithm, bool dependent = false) {
  constexpr int threads = Tuning::block_threads, items = Tuning::items_per_thread;
  using arrangement = tile_arrangement<items, In>;  // one kernel: aligned or not, it decides
  auto kernel = &reduce_kernel<threads, items, arrangement::run_len, arrangement::one_kernel, In, Acc, Op, Out>;
  size_type tiles_per_block = 1;
  const size_type blocks = blocks_for(kernel, tiles_per_block);
  if (dependent)
    launch_dependent(algorithm, "reduce_kernel", kernel, dim3(unsigned(blocks)), threads, 0, p.stream, in, n,
                     tiles_per_block, op, init, d_partials, out);
  else
    launch(algorithm, "reduce_kernel", kernel, dim3(unsigned(blocks)), threads, 0, p.stream, in, n, tiles_per_block,
           op, init, d_partials, out);
}

/// Blocks of `kernel` the GPU holds at once.
template <class Kernel>
size_type resident_blocks(Kernel kernel, int threads) {
  int per_sm = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0) != cudaSuccess || per_sm < 1) {
    (void)cudaGetLastError();
    per_sm = 1;
  }
  return size_type(per_sm) * device_props().sm_count;
}

/// Writes the reduction of [in, in + n) from init to out[0] (init when n == 0) with the given
/// tuning (block_threads, items_per_thread, max_blocks, single_block_tiles), without waiting.
template <class Tuning, class In, class Out, class Acc, class Op>
void reduce_tuned(const cuda_policy& p, In in, size_type n, Out out, Acc init, Op op, const char* algorithm) {
  const size_type tile = size_type(Tuning::block_threads) * Tuning::items_per_thread;
  const size_type tiles = ceil_div(n, tile);
  auto one_block = [&](auto, size_type& tiles_per_block) {
    tiles_per_block = tiles > 0 ? tiles : 1;
    return size_type(1);
  };
  if constexpr (Tuning::small_items_per_thread < Tuning::items_per_thread) {
    if (n <= size_type(Tuning::block_threads) * Tuning::small_items_per_thread) {  // tiles <= 1: one small tile
      launch_reduce<small_reduce_tuning<Tuning>>(p, in, n, one_block, op, init, static_cast<Acc*>(nullptr), out,
                                                 algorithm);
      return;
    }
  }
  if (tiles <= Tuning::single_block_tiles) {
    launch_reduce<Tuning>(p, in, n, one_block, op, init, static_cast<Acc*>(nullptr), out, algorithm);
    return;
  }
  // The partition: equal shares of whole tiles, as many as max_blocks (or the GPU holds at once).
  size_type blocks = 0;
  auto shares = [&](auto kernel, size_type& tiles_per_block) {
    const size_type most = Tuning::max_blocks > 0 ? Tuning::max_blocks : resident_blocks(kernel, Tuning::block_threads);
    tiles_per_block = ceil_div(tiles, most);
    return blocks = ceil_div(tiles, tiles_per_block);
  };
  // The partials buffer is sized before the kernel is known: for the most blocks there can be.
  const size_type most_blocks =
      Tuning::max_blocks > 0 ? Tuning::max_blocks
                             : size_type(device_props().sm_count) * (device_props().max_threads_per_sm / Tuning::block_threads);
  tide::detail::temporary_buffer<Acc> partials(p, std::size_t(most_blocks < tiles ? most_blocks : tiles), algorithm);
  launch_reduce<Tuning>(p, in, n, shares, op, init, partials.data(), out, algorithm);
  // The partials as the input's own pointer type where that is a pointer to Acc: the second pass
  // is then the first pass's kernel, not a second instantiation (282 KB of sm_90 code in
  // compare/size's unit, where reduce over T* had a T* and a const T* copy of each kernel).
  using partials_t = std::conditional_t<std::is_same_v<In, const Acc*>, const Acc*, Acc*>;
  const partials_t d_partials = partials.data();
  auto last = [&](auto, size_type& tiles_per_block) {
    tiles_per_block = ceil_div(blocks, tile);
    return size_type(1);
  };
  launch_reduce<Tuning>(p, d_partials, blocks, last, op, init, static_cast<Acc*>(nullptr), out, algorithm, true);
}

template <class In, class Out, class Acc, class Op>
void reduce_to(const cuda_policy& p, In in, size_type n, Out out, Acc init, Op op, const char* algorithm) {
  check_pending(algorithm);
  with_arch([&](auto arch) { reduce_tuned<reduce_tuning<Acc, decltype(arch)::value>>(p, in, n, out, init, op, algorithm); });
}

/// Where a value-returning reduce's last kernel writes, in the calling thread's pinned slot: up to
/// 4 bytes, the value and the flag the host watches in one 8-byte store (no fence: 0.5 us less on an
/// H200); larger values, the value, a system fence, then the flag.
template <class T>
struct signalled_result {
  static constexpr bool packed = sizeof(T) <= 4;
  T* value;
  unsigned* flag;
  unsigned ticket;
  struct reference {
    const signalled_result* r;
    template <class U>
    __device__ void operator=(const U& v) const {
      if constexpr (packed) {
        const T t = v;
        unsigned bits = 0;
        memcpy(&bits, &t, sizeof(T));
        const unsigned long long word = (static_cast<unsigned long long>(bits) << 32) | r->ticket;
        asm volatile("st.relaxed.sys.u64 [%0], %1;" ::"l"(r->flag), "l"(word) : "memory");
      } else {
        *r->value = v;
        __threadfence_system();
        *static_cast<volatile unsigned*>(r->flag) = r->ticket;
      }
    }
  };
  __device__ reference operator[](size_type) const { return {this}; }
};
}  // namespace detail

/// init op x0 op x1 ... op x(n-1), in order (op need not be commutative); waits for the result.
/// The last kernel writes the value straight into the calling thread's pinned result slot and
/// raises a flag there, which the host watches: the call costs its launches and that wait, with no
/// allocation (up to 4 tiles: 32K 4-byte items) and no copy.
template <class InputIt, class T, class Op>
T reduce(const cuda_policy& p, InputIt first, size_type n, T init, Op op) {
  static_assert(std::is_trivially_copyable_v<T>, "tide::reduce: the value type must be trivially copyable");
  if (n == 0) return init;
  detail::check_pending("reduce");  // before the slot: a pending error is not the slot's allocation failing
  const auto slot = tide::detail::acquire_result_slot(sizeof(T), "reduce");
  const detail::signalled_result<T> out{static_cast<T*>(slot.value), slot.flag, slot.ticket};
  detail::reduce_to(p, first, n, out, init, op, "reduce");
  const unsigned long long word = tide::detail::wait_for_result(p.stream, slot, "reduce");
  T value;
  if constexpr (detail::signalled_result<T>::packed) {
    const auto bits = static_cast<unsigned>(word >> 32);
    std::memcpy(static_cast<void*>(&value), &bits, sizeof(T));
  } else {
    std::memcpy(static_cast<void*>(&value), slot.value, sizeof(T));
  }
  return value;
}

/// *out = reduce(first, n, init, op), written on the device; never waits.
template <class InputIt, class OutputIt, class T, class Op>
void reduce_into(const cuda_policy& p, InputIt first, size_type n, OutputIt out, T init, Op op) {
  detail::reduce_to(p, first, n, out, init, op, "reduce_into");
}

}  // namespace tide::backend::cuda
