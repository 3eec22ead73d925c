#pragma once
// Search on the CUDA system: the first index i in [0, n) where a test at i holds (n when none), in
// one kernel that stops early. find_if (test(x[i])), mismatch (!pred(a[i], b[i])) and
// is_sorted_until (comp(x[i], x[i - 1]), i >= 1) are this kernel in three modes.
//
// The work: the range is cut into warp slices of 32 * Items consecutive items; warp w of the grid
// (gridDim.x * warps of them, at most as many blocks as the GPU holds at once) takes slices w,
// w + W, w + 2W, ..., so the slices in work at any moment lie side by side and move from the front
// together. Per slice, phase by phase:
//   1. the warp reads the best hit so far (a 64-bit word holding ~index, 0 for none, so that one
//      atomicMax keeps the smallest index; one of a few copies, see find_best_copies) and issues the
//      slice's loads behind that read (16-byte vector runs from aligned pointers, else coalesced
//      item by item); if the best hit is at or before the slice's start it stops, dropping the
//      loads: every later slice of this warp starts further on, and nothing at or past the hit can
//      beat it. (Its first slice has no reading, its second waits for it before loading.)
//   2. each lane tests its items (in adjacent mode against each one's predecessor: a shuffle, the
//      slice's first from memory) and keeps its first hit;
//   3. the warp takes the smallest position that hit (a shuffle minimum), and lane 0 raises the
//      best word to it with atomicMax (the copies too, when it improved the first); the warp is
//      then done.
// So a hit near the front costs about one slice per warp, and a hit anywhere ends the search soon
// after. Equal-index ties cannot happen; of two hits the smaller index always survives the max.
// The end: every block arrives (an acq_rel add on a count, after a barrier), and the grid's last to
// arrive has seen every atomic: it writes the result to the caller's pinned result slot (the host
// watches its flag: no copy) and zeroes the best words and the count, which live in the stream's
// zeroed scratch block (tile_state_buffer.hpp: kernels there leave it zero), or in a temporary
// cleared just before the kernel where the scratch may not be used. Nothing is written to the input.

#include <atomic>
#include <type_traits>

#include "../../detail/raw_memory.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "block/block_load_store.hpp"
#include "device_utility.hpp"
#include "launch.hpp"
#include "reduce.hpp"
#include "tile_state_buffer.hpp"

namespace tide::backend::cuda {
namespace detail {

/// What the test at i sees: x[i]; (a[i], b[i]); or (x[i], x[i - 1]) for i >= 1.
enum class find_mode { unary, pair, adjacent };

/// Search blocks: items per thread by the widest element loaded, about 64 bytes per lane per
/// slice (four 16-byte vectors of 4-byte items); a warp slice is 32 * items_per_thread items.
/// Adjacent mode on 4-byte items (is_sorted) reads 128 bytes a lane: one stream keeps too few bytes
/// in flight otherwise (H100, 2^28 sorted u32: 94.2-94.5% of memcpy's rate at 16 items, 98.2-98.5%
/// at 32; at 2^26 89.5-89.7% and 92.1-92.3%). find_if and mismatch keep 16: a hit near the front
/// costs about one slice a warp (is_sorted_until's descent at 1% of 2^28 took 17-18 us at 16
/// items, 25-29 us at 32).
template <int Bytes, find_mode Mode = find_mode::unary>
struct find_tuning {
  static constexpr int block_threads = 256;
  static constexpr int items_per_thread =
      Bytes <= 2 ? 32 : Bytes <= 4 ? (Mode == find_mode::adjacent ? 32 : 16) : Bytes <= 8 ? 8 : 4;
  static constexpr int slice_items = warp_threads * items_per_thread;
};

/// Copies of the best word, a line apart: warps read the copy of their block (blockIdx.x % copies),
/// so that the grid's one read per slice (about 1.6 G reads a second at full bandwidth on an H100)
/// is spread over several L2 slices rather than queued at one. Copy 0 is the authority: every hit
/// raises it, and a hit that improves it raises the others too.
inline constexpr int find_best_copies = 8;
inline constexpr int find_best_stride = 16;  ///< words from one copy to the next (128 bytes)
/// Bytes of the search's state after the arrival count.
inline constexpr std::size_t find_state_bytes = std::size_t(find_best_copies) * find_best_stride * 8;

/// Where the search's state lives: the arrival count and the best words (~index of the best hit).
struct find_state {
  unsigned* d_arrivals;
  unsigned long long* d_best;  ///< copy c at d_best[c * find_best_stride]
};

/// !pred(a, b): mismatch's test.
template <class Pred>
struct pair_differs {
  mutable Pred pred;
  TIDE_EXEC_CHECK_DISABLE
  template <class A, class B>
  TIDE_HOST_DEVICE bool operator()(const A& a, const B& b) const {
    return !pred(a, b);
  }
};

/// Loads a warp slice of `valid` items (all when valid >= the slice) into items.
template <class io, int Items, class T, class It>
__device__ TIDE_FORCEINLINE void load_find_slice(It in, T (&items)[Items], int valid) {
  typename io::template temp_storage<T> unused;  // only the transposing arrangement uses it (never here)
  if (valid >= io::warp_items) {
    io::load(in, items, valid, items[0], unused);  // fill is read for missing items only: none here
  } else {
    const T fill = in[0];
    io::load(in, items, valid, fill, unused);
  }
}

/// The search (see the top of the file). in2 is read in pair mode only.
template <int Threads, int Items, int RunLen, tile_access Access, find_mode Mode, class In1, class In2, class Test,
          class Out>
__global__ void __launch_bounds__(Threads)
    find_kernel(In1 in1, In2 in2, size_type n, Test test, find_state state, Out out) {
  using io = warp_tile_io<Items, RunLen, Access>;
  using v1_t = iter_value_t<In1>;
  using v2_t = iter_value_t<In2>;
  constexpr int warps = Threads / warp_threads;
  const int lane = lane_id();
  const size_type slices = (n + io::warp_items - 1) / io::warp_items;
  const size_type stride = size_type(gridDim.x) * warps;
  volatile unsigned long long* my_best = state.d_best + (blockIdx.x % find_best_copies) * find_best_stride;
  // ~index <= begin (and not none): a known hit at or before a slice starting at begin.
  auto known_before = [](unsigned long long best, size_type begin) { return best != 0 && size_type(~best) <= begin; };

  int k = 0;  // this warp's slices so far
  for (size_type s = size_type(blockIdx.x) * warps + warp_id(); s < slices; s += stride, ++k) {
    const size_type begin = s * io::warp_items;
    const size_type left = n - begin;
    const int valid = left < size_type(io::warp_items) ? int(left) : io::warp_items;

    // Phase 1: the best hit so far is read, and the slice's loads issued behind it: the two round
    // trips overlap (a warp waits on a load only where it uses the value). Not for the first slice
    // (nothing is known yet); and for the second, the reading is awaited before the loads: a hit
    // near the front is found in the first slices, and a slice not loaded is the saving.
    unsigned long long read = 0;
    if (k == 1) {
      const unsigned long long now = *my_best;
      if (known_before(shfl_idx(now, 0), begin)) break;  // lane 0's reading, so the warp agrees
    } else if (k > 1) {
      read = *my_best;
    }
    v1_t a[Items];
    v2_t b[Mode == find_mode::pair ? Items : 1];
    load_find_slice<io>(in1 + begin, a, valid);
    if constexpr (Mode == find_mode::pair) load_find_slice<io>(in2 + begin, b, valid);
    // Adjacent mode: the slice's first item's predecessor (index begin - 1; the range's first item
    // has none and is never tested, so any value does).
    const v1_t before = Mode == find_mode::adjacent ? static_cast<v1_t>(in1[begin > 0 ? begin - 1 : 0]) : a[0];
    (void)b;
    (void)before;
    // A known hit at or before this slice ends the warp's search (~best is its index); the loads
    // are dropped.
    if (known_before(shfl_idx(read, 0), begin)) break;

    // Phase 2: each lane's first hit among its items (positions rise with i). A whole slice past
    // the range's first item needs no bounds: every item is tested, last to first, so that the
    // lowest hit is the one kept (no compare against the hit so far, no branch).
    int hit = io::warp_items;  // warp_items: none
    const bool whole = valid == io::warp_items && (Mode != find_mode::adjacent || begin > 0);
    if constexpr (Mode == find_mode::pair) {
      if (whole) {
#pragma unroll
        for (int i = Items - 1; i >= 0; --i) hit = test(a[i], b[i]) ? io::position(lane, i) : hit;
      } else {
#pragma unroll
        for (int i = 0; i < Items; ++i) {
          const int pos = io::position(lane, i);
          if (pos < valid && pos < hit && test(a[i], b[i])) hit = pos;
        }
      }
    } else if constexpr (Mode == find_mode::adjacent) {
      // Each item's predecessor: a shuffle, the slice's first `before`.
      v1_t prev[Items];
      io::previous(a, before, prev);
      if (whole) {
#pragma unroll
        for (int i = Items - 1; i >= 0; --i) hit = test(a[i], prev[i]) ? io::position(lane, i) : hit;
      } else {
#pragma unroll
        for (int i = 0; i < Items; ++i) {
          const int pos = io::position(lane, i);
          if (pos < valid && pos < hit && (begin + pos > 0) && test(a[i], prev[i])) hit = pos;
        }
      }
    } else {
      if (whole) {
#pragma unroll
        for (int i = Items - 1; i >= 0; --i) hit = test(a[i]) ? io::position(lane, i) : hit;
      } else {
#pragma unroll
        for (int i = 0; i < Items; ++i) {
          const int pos = io::position(lane, i);
          if (pos < valid && pos < hit && test(a[i])) hit = pos;
        }
      }
    }

    // Phase 3: the warp's first hit (a shuffle minimum, only when some lane hit), published;
    // nothing later in this warp's slices can beat it.
    if (!__any_sync(full_warp_mask, hit < io::warp_items)) continue;
#pragma unroll
    for (int offset = warp_threads / 2; offset > 0; offset /= 2) {
      const int other = __shfl_xor_sync(full_warp_mask, hit, offset);
      hit = other < hit ? other : hit;
    }
    if (hit < io::warp_items) {
      if (lane == 0) {
        const unsigned long long key = ~static_cast<unsigned long long>(begin + hit);
        if (atomicMax(state.d_best, key) < key)  // improved the authority: the copies follow
          for (int c = 1; c < find_best_copies; ++c) atomicMax(state.d_best + c * find_best_stride, key);
      }
      break;
    }
  }

  // The end: the grid's last block to arrive has seen every hit; it writes the result and leaves
  // the state zero for the next kernel on the stream.
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned ticket;
    asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;" : "=r"(ticket) : "l"(state.d_arrivals) : "memory");
    if (ticket == gridDim.x - 1) {
      volatile unsigned long long* best = state.d_best;
      const unsigned long long found = best[0];
      for (int c = 0; c < find_best_copies; ++c) best[c * find_best_stride] = 0;
      *static_cast<volatile unsigned*>(state.d_arrivals) = 0;
      out[0] = found != 0 ? static_cast<unsigned long long>(~found) : static_cast<unsigned long long>(n);
    }
  }
}

/// The access a search over these iterators gets: 16-byte vector runs when they are all raw
/// pointers to vectorizable types, aligned to a run; otherwise item by item in warp-striped order
/// (runs of one: coalesced for pointers, no shared memory). f(run_len, access) as constants.
template <int Items, class... Its>
struct find_arrangement {
  static constexpr int run = tile_arrangement<Items, Its...>::run;
  template <class F>
  static void dispatch(F&& f, const Its&... its) {
    if constexpr (run > 0) {
      if ((is_aligned(its, std::size_t(run) * sizeof(iter_value_t<Its>)) && ...)) {
        f(std::integral_constant<int, run>{}, std::integral_constant<tile_access, tile_access::vector>{});
        return;
      }
    }
    f(std::integral_constant<int, 1>{}, std::integral_constant<tile_access, tile_access::scalar>{});
  }
};

/// The first i in [0, n) where the mode's test holds, or n; waits for the answer.
template <find_mode Mode, class In1, class In2, class Test>
size_type find_first(const cuda_policy& p, In1 in1, In2 in2, size_type n, Test test, const char* algorithm) {
  if (n == 0) return 0;
  check_pending(algorithm);
  constexpr std::size_t bytes1 = sizeof(iter_value_t<In1>);
  constexpr std::size_t bytes2 = Mode == find_mode::pair ? sizeof(iter_value_t<In2>) : 0;
  using tuning = find_tuning<int(bytes1 > bytes2 ? bytes1 : bytes2), Mode>;
  constexpr int threads = tuning::block_threads, items = tuning::items_per_thread;

  // The state: in the stream's zeroed scratch (the kernel leaves it zero), else a cleared temporary.
  // (The temporary: the count in its first line, the copies after it.)
  unsigned char* scratch = stream_scratch_for(p, find_state_bytes);
  constexpr std::size_t words = find_best_stride + find_state_bytes / 8;
  tide::detail::temporary_buffer<unsigned long long> storage(p, scratch ? 0 : words, algorithm);
  find_state state;
  if (scratch) {
    state = {reinterpret_cast<unsigned*>(scratch), reinterpret_cast<unsigned long long*>(scratch + scratch_head_bytes)};
  } else {
    clear_state_words(storage.data(), words * 8, p.stream, algorithm);
    state = {reinterpret_cast<unsigned*>(storage.data()), storage.data() + find_best_stride};
  }

  const auto slot = tide::detail::acquire_result_slot(sizeof(unsigned long long), algorithm);
  const signalled_result<unsigned long long> out{static_cast<unsigned long long*>(slot.value), slot.flag, slot.ticket};
  auto go = [&](auto run, auto access) {
    auto kernel = &find_kernel<threads, items, decltype(run)::value, decltype(access)::value, Mode, In1, In2, Test,
                               signalled_result<unsigned long long>>;
    const size_type wanted = ceil_div(ceil_div(n, tuning::slice_items), threads / warp_threads);
    // Blocks the GPU holds at once, asked of the runtime once per kernel and device (the first 16).
    static std::atomic<size_type> resident[16];
    const int device = device_props().device;
    size_type most = device >= 0 && device < 16 ? resident[device].load(std::memory_order_relaxed) : 0;
    if (most == 0) {
      most = resident_blocks(kernel, threads);
      if (device >= 0 && device < 16) resident[device].store(most, std::memory_order_relaxed);
    }
    const size_type blocks = wanted < most ? wanted : most;
    launch(algorithm, "find_kernel", kernel, dim3(unsigned(blocks)), dim3(threads), 0, p.stream, in1, in2, n, test,
           state, out);
  };
  if constexpr (Mode == find_mode::pair)
    find_arrangement<items, In1, In2>::dispatch(go, in1, in2);
  else
    find_arrangement<items, In1>::dispatch(go, in1);
  tide::detail::wait_for_result(p.stream, slot, algorithm);
  unsigned long long index;
  std::memcpy(&index, slot.value, sizeof(index));
  return size_type(index);
}
}  // namespace detail

/// The first i with pred(first[i]), or n.
template <class It, class Pred>
size_type find_if(const cuda_policy& p, It first, size_type n, Pred pred) {
  return detail::find_first<detail::find_mode::unary>(p, first, first, n, pred, "find_if");
}

/// The first i with !pred(first1[i], first2[i]), or n.
template <class It1, class It2, class Pred>
size_type mismatch(const cuda_policy& p, It1 first1, It2 first2, size_type n, Pred pred) {
  return detail::find_first<detail::find_mode::pair>(p, first1, first2, n, detail::pair_differs<Pred>{pred},
                                                     "mismatch");
}

/// The first i >= 1 with comp(first[i], first[i - 1]), or n.
template <class It, class Comp>
size_type is_sorted_until(const cuda_policy& p, It first, size_type n, Comp comp) {
  if (n < 2) return n;
  return detail::find_first<detail::find_mode::adjacent>(p, first, first, n, comp, "is_sorted_until");
}

}  // namespace tide::backend::cuda
