#pragma once
// Moving tiles between memory and registers.
//
// warp_tile_io: the arrangement the single-pass algorithms (scan, copy_if, ...) use. A block's tile
// is split into one slice of WarpItems = 32 * Items consecutive items per warp, and a warp holds its
// slice in "warp runs" (block/block_scan.hpp): lane l's run r is the slice's items
// [(r * 32 + l) * RunLen, ... + RunLen). Three ways to move it:
//   - vector (contiguous T* aligned to a run): each run is one aligned access of RunLen * sizeof(T)
//     bytes (16 for a full vector), so a warp instruction moves 512 consecutive bytes: coalesced,
//     several accesses in flight per thread, no shared memory. The tail goes item by item.
//   - scalar: the same arrangement item by item, for contiguous pointers that are not aligned: the
//     arrangement (hence the association of a float scan) depends on the types only, never on
//     where the data sits.
//   - transpose (any iterator; RunLen == Items, i.e. blocked order): items are read warp-striped
//     (coalesced for pointer-like iterators) and transposed through the warp's shared slice, padded
//     against bank conflicts.
//   - either: one kernel for aligned and misaligned pointers (scan, reduce), which tests them itself
//     (runs_aligned) and passes the answer as `vectors`. It is the vector access's code with that
//     test beside each run's: a misaligned slice takes, run by run, the item-by-item path that a
//     tail run takes (same arrangement, same association), so what the kernel does between its
//     loads and stores is compiled once.
// Or staged (stage / staged_run / store_run_at): the slice goes to shared memory by cp.async, in
// the same arrangement, and is read back run by run; scan.hpp uses it so that no registers hold
// a tile while its block waits for the look-back.
// Also the plain arrangements for other kernels: blocked (thread t holds [t * N, t * N + N)),
// blocked vectorized, and striped (thread t holds t, t + Threads, ...).

#include "../device_utility.hpp"

namespace tide::backend::cuda::detail {

enum class tile_access { vector, scalar, transpose, either };

/// `b`, hidden from the compiler by an empty asm (no instruction), for the either access's tests:
/// each test is then a value of its own, not one the compiler can branch on once and copy what
/// follows for each outcome. cicc (CUDA 13.0) did so with one flag: it unswitched reduce's tile
/// loop (the whole reduction twice: u32 61.7 KB against the vector kernel's 40.3) and split the
/// scan's last pass (each run's results and store) into an aligned and a misaligned copy.
__device__ TIDE_FORCEINLINE bool opaque_flag(bool b) {
  unsigned v = b;
  asm volatile("" : "+r"(v));
  return v != 0;
}

/// Copies Bytes (4, 8 or 16, the alignment of both addresses) from global to shared memory without
/// registers (cp.async; sm_80+). Complete after cp.async.wait_group in the same thread.
/// With Prefetch, L2 fetches the 256 bytes around it at once.
template <int Bytes, bool Prefetch = false, class T, class U>
__device__ TIDE_FORCEINLINE void copy_async(T* shared_dst, U* global_src) {
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(shared_dst));
  const auto src = __cvta_generic_to_global(global_src);
  if constexpr (Bytes == 16 && Prefetch)
    asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
  else if constexpr (Bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(dst), "l"(src), "n"(Bytes) : "memory");
}

template <int Items, int RunLen, tile_access Access>
struct warp_tile_io {
  static_assert(Items % RunLen == 0, "tide: items per thread must be whole runs");
  static_assert(Access != tile_access::transpose || RunLen == Items, "tide: the transposing arrangement has one run per lane");
  static constexpr bool transposes = Access == tile_access::transpose;
  static constexpr int runs = Items / RunLen;
  static constexpr int warp_items = warp_threads * Items;

  /// Position of this lane's item i from the warp slice's first item.
  static __device__ TIDE_FORCEINLINE int position(int lane, int i) {
    return ((i / RunLen) * warp_threads + lane) * RunLen + i % RunLen;
  }

  // One padding element per 32 spreads blocked reads (stride Items) over the banks.
  static __device__ TIDE_FORCEINLINE int padded(int i) { return i + i / warp_threads; }

  /// Shared memory one warp needs to move T (none unless transposing).
  template <class T>
  struct temp_storage {
    raw_array<T, transposes ? warp_items + Items : 1> items;
  };

  /// Loads the warp's slice starting at `in`; items from `valid` on (in slice order) get `fill`.
  /// `valid` >= warp_items means a full slice. Values are converted to T. `vectors`: whether the
  /// either access may move vector runs (the others ignore it).
  template <class T, class It>
  static __device__ TIDE_FORCEINLINE void load(It in, T (&items)[Items], int valid, const T& fill,
                                               temp_storage<T>& storage, bool vectors = true) {
    const int lane = lane_id();
    if constexpr (Access == tile_access::scalar) {
#pragma unroll
      for (int r = 0; r < runs; ++r) {
        const int begin = (r * warp_threads + lane) * RunLen;
#pragma unroll
        for (int e = 0; e < RunLen; ++e)
          items[r * RunLen + e] = (valid >= warp_items || begin + e < valid) ? static_cast<T>(in[begin + e]) : fill;
      }
    } else if constexpr (Access == tile_access::vector || Access == tile_access::either) {
      static_assert(std::is_pointer_v<It>, "tide: vector loads need a raw pointer");
      const bool vector = Access == tile_access::vector || opaque_flag(vectors);
      if (vector && valid >= warp_items) {
#pragma unroll
        for (int r = 0; r < runs; ++r) {
          const auto run = load_run<RunLen>(in + (r * warp_threads + lane) * RunLen);
#pragma unroll
          for (int e = 0; e < RunLen; ++e) items[r * RunLen + e] = static_cast<T>(run.v[e]);
        }
      } else {
#pragma unroll
        for (int r = 0; r < runs; ++r) {
          const int begin = (r * warp_threads + lane) * RunLen;
          if (vector && begin + RunLen <= valid) {
            const auto run = load_run<RunLen>(in + begin);
#pragma unroll
            for (int e = 0; e < RunLen; ++e) items[r * RunLen + e] = static_cast<T>(run.v[e]);
          } else {  // a tail run, or a misaligned one
#pragma unroll
            for (int e = 0; e < RunLen; ++e)
              items[r * RunLen + e] =
                  (valid >= warp_items || begin + e < valid) ? static_cast<T>(in[begin + e]) : fill;
          }
        }
      }
    } else {
      T striped[Items];
      if (valid >= warp_items) {
#pragma unroll
        for (int j = 0; j < Items; ++j) striped[j] = static_cast<T>(in[j * warp_threads + lane]);
      } else {
#pragma unroll
        for (int j = 0; j < Items; ++j) {
          const int k = j * warp_threads + lane;
          striped[j] = k < valid ? static_cast<T>(in[k]) : fill;
        }
      }
      __syncwarp();  // the slice may still be read from the warp's previous use
#pragma unroll
      for (int j = 0; j < Items; ++j) storage.items[padded(j * warp_threads + lane)] = striped[j];
      __syncwarp();
#pragma unroll
      for (int i = 0; i < Items; ++i) items[i] = storage.items[padded(lane * Items + i)];
    }
  }

  /// Stores the first `valid` items of the warp's slice (all when valid >= warp_items) to `out`;
  /// `vectors` as for load.
  template <class T, class It>
  static __device__ TIDE_FORCEINLINE void store(It out, const T (&items)[Items], int valid, temp_storage<T>& storage,
                                                bool vectors = true) {
    const int lane = lane_id();
    if constexpr (Access == tile_access::scalar) {
#pragma unroll
      for (int r = 0; r < runs; ++r) {
        const int begin = (r * warp_threads + lane) * RunLen;
#pragma unroll
        for (int e = 0; e < RunLen; ++e)
          if (valid >= warp_items || begin + e < valid) out[begin + e] = items[r * RunLen + e];
      }
    } else if constexpr (Access == tile_access::vector || Access == tile_access::either) {
      static_assert(std::is_pointer_v<It>, "tide: vector stores need a raw pointer");
      const bool vector = Access == tile_access::vector || opaque_flag(vectors);
      using out_t = std::remove_cv_t<std::remove_pointer_t<It>>;
      auto run_of = [&](int r) {
        aligned_run<out_t, RunLen> run;
#pragma unroll
        for (int e = 0; e < RunLen; ++e) run.v[e] = static_cast<out_t>(items[r * RunLen + e]);
        return run;
      };
      if (vector && valid >= warp_items) {
#pragma unroll
        for (int r = 0; r < runs; ++r) store_run(out + (r * warp_threads + lane) * RunLen, run_of(r));
      } else {
#pragma unroll
        for (int r = 0; r < runs; ++r) {
          const int begin = (r * warp_threads + lane) * RunLen;
          if (vector && begin + RunLen <= valid) {
            store_run(out + begin, run_of(r));
          } else {  // a tail run, or a misaligned one
#pragma unroll
            for (int e = 0; e < RunLen; ++e)
              if (valid >= warp_items || begin + e < valid) out[begin + e] = items[r * RunLen + e];
          }
        }
      }
    } else {
      __syncwarp();
#pragma unroll
      for (int i = 0; i < Items; ++i) storage.items[padded(lane * Items + i)] = items[i];
      __syncwarp();
      if (valid >= warp_items) {
#pragma unroll
        for (int j = 0; j < Items; ++j) out[j * warp_threads + lane] = storage.items[padded(j * warp_threads + lane)];
      } else {
#pragma unroll
        for (int j = 0; j < Items; ++j) {
          const int k = j * warp_threads + lane;
          if (k < valid) out[k] = storage.items[padded(k)];
        }
      }
    }
  }

  // ---- staging through shared memory (16-byte runs of contiguous items) ------------------------
  // The warp's slice is copied to a shared slice of the same layout by cp.async (no registers
  // hold it), and read back run by run: a 16-byte copy per run when aligned (vector), a copy per
  // item otherwise (scalar; the same arrangement, so the same association; either: as the kernel
  // found its pointers). Each lane copies exactly the runs it reads back, so its own wait is all
  // the synchronization there is.

  /// Whether runs of T can be staged.
  template <class T>
  static constexpr bool stages = Access != tile_access::transpose && RunLen * sizeof(T) == 16;

  /// Starts copying the first `valid` items of the warp's slice (all when valid >= warp_items) from
  /// `in` to `slice`; `vectors` as for load.
  template <bool Prefetch = false, class T, class In>
  static __device__ TIDE_FORCEINLINE void stage(In* in, T* slice, int valid, bool vectors = true) {
    static_assert(stages<T>, "tide: staging moves 16-byte runs");
    const int lane = lane_id();
    const bool vector = Access == tile_access::vector || (Access == tile_access::either && vectors);
    // (Not unrolled for the scalar access: all its item copies' addresses at once would take
    // hundreds of registers. Either is unrolled as vector is: a vector loop beside a rolled
    // scalar one took the u64 scan kernels from 60 and 55 registers to 72 and 66.)
#pragma unroll(Access == tile_access::scalar ? 1 : runs)
    for (int r = 0; r < runs; ++r) {
      const int begin = (r * warp_threads + lane) * RunLen;
      if (vector && (valid >= warp_items || begin + RunLen <= valid)) {
        copy_async<16, Prefetch>(slice + begin, in + begin);
      } else {
#pragma unroll
        for (int e = 0; e < RunLen; ++e) {
          if (valid >= warp_items || begin + e < valid) {
            if constexpr (sizeof(T) == 4 || sizeof(T) == 8) copy_async<sizeof(T)>(slice + begin + e, in + begin + e);
            else slice[begin + e] = in[begin + e];
          }
        }
      }
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
  }

  /// Waits for this lane's copies.
  static __device__ TIDE_FORCEINLINE void wait_staged() { asm volatile("cp.async.wait_group 0;" ::: "memory"); }

  /// This lane's run r of a staged slice; items from `valid` on (in slice order) get `fill`.
  template <class T>
  static __device__ TIDE_FORCEINLINE aligned_run<T, RunLen> staged_run(const T* slice, int r, int valid,
                                                                      const T& fill) {
    const int begin = (r * warp_threads + lane_id()) * RunLen;
    aligned_run<T, RunLen> run = load_run<RunLen>(slice + begin);
    if (valid < warp_items) {
#pragma unroll
      for (int e = 0; e < RunLen; ++e)
        if (begin + e >= valid) run.v[e] = fill;
    }
    return run;
  }

  /// Stores this lane's run r of results (converted to the output's type) where the slice has
  /// items (all of them when valid >= warp_items); `vectors` as for load.
  template <class T, class Out>
  static __device__ TIDE_FORCEINLINE void store_run_at(Out* out, int r, const T (&values)[RunLen], int valid,
                                                       bool vectors = true) {
    const int begin = (r * warp_threads + lane_id()) * RunLen;
    const bool vector = Access == tile_access::vector || (Access == tile_access::either && opaque_flag(vectors));
    if (vector && (valid >= warp_items || begin + RunLen <= valid)) {
      aligned_run<Out, RunLen> run;
#pragma unroll
      for (int e = 0; e < RunLen; ++e) run.v[e] = static_cast<Out>(values[e]);
      store_run(out + begin, run);
    } else {
#pragma unroll
      for (int e = 0; e < RunLen; ++e)
        if (valid >= warp_items || begin + e < valid) out[begin + e] = static_cast<Out>(values[e]);
    }
  }

  /// For each item of this lane, the item just before it in slice order. The slice's first item
  /// (lane 0, run 0) gets `warp_previous` as passed by lane 0.
  template <class T>
  static __device__ TIDE_FORCEINLINE void previous(const T (&items)[Items], const T& warp_previous, T (&prev)[Items]) {
    const int lane = lane_id();
#pragma unroll
    for (int r = 0; r < runs; ++r) {
      const T from_left = shfl_up(items[r * RunLen + RunLen - 1], 1);
      const T from_wrap = r > 0 ? shfl_idx(items[(r - 1) * RunLen + RunLen - 1], warp_threads - 1) : warp_previous;
      prev[r * RunLen] = lane > 0 ? from_left : from_wrap;
#pragma unroll
      for (int e = 1; e < RunLen; ++e) prev[r * RunLen + e] = items[r * RunLen + e - 1];
    }
  }
};

/// A single-pass kernel's tile (one per block, blockIdx.x): where it and this warp's slice start,
/// and how much of them exists.
template <int Threads, int Items>
struct tile_geometry {
  static constexpr int tile_items = Threads * Items;
  static constexpr int warp_items = warp_threads * Items;
  size_type tile, tile_begin, warp_begin;
  int valid, warp_valid;  // items of the tile / of this warp's slice that exist (warp_valid may be <= 0)

  __device__ TIDE_FORCEINLINE explicit tile_geometry(size_type n) {
    tile = blockIdx.x;
    tile_begin = tile * tile_items;
    const size_type left = n - tile_begin;
    valid = left < tile_items ? int(left) : tile_items;
    warp_begin = tile_begin + size_type(warp_id()) * warp_items;
    warp_valid = valid - warp_id() * warp_items;
  }
  __device__ TIDE_FORCEINLINE bool full() const { return valid == tile_items; }
};

/// The run length of the vector/scalar arrangement for these streams (their element types), or 0
/// when one of them cannot be vectorized; capped at `Items` and always dividing it.
template <int Items, class... Ts>
constexpr int direct_run_items() {
  int r = common_run_items<Ts...>();  // a power of two: runs are aligned vectors
  while (r > 1 && (r > Items || Items % r)) r /= 2;
  return r >= 2 ? r : 0;
}

/// The arrangement of a single-pass kernel over these iterators: runs of `run_len` items when all
/// are raw pointers to vectorizable types (vector access if aligned, else scalar), otherwise blocked
/// order through shared memory.
template <int Items, class... Its>
struct tile_arrangement {
  static constexpr int run = [] {
    if constexpr ((std::is_pointer_v<Its> && ...)) return direct_run_items<Items, iter_value_t<Its>...>();
    else return 0;
  }();
  static constexpr int run_len = run ? run : Items;
  /// The access of a kernel that serves aligned and misaligned pointers alike: either for raw
  /// pointers (the kernel tests runs_aligned), transpose otherwise.
  static constexpr tile_access one_kernel = run > 0 ? tile_access::either : tile_access::transpose;

  /// Calls f(std::integral_constant<tile_access, A>{}) with the access these iterators allow.
  template <class F>
  static void dispatch(F&& f, const Its&... its) {
    if constexpr (run > 0) {
      if ((is_aligned(its, std::size_t(run) * sizeof(iter_value_t<Its>)) && ...))
        f(std::integral_constant<tile_access, tile_access::vector>{});
      else
        f(std::integral_constant<tile_access, tile_access::scalar>{});
    } else {
      f(std::integral_constant<tile_access, tile_access::transpose>{});
    }
  }
};

/// Whether each pointer is aligned to RunLen of its elements: the vector access's condition
/// (tile_arrangement::dispatch's), as an either kernel tests it.
template <int RunLen, class... Ts>
__device__ TIDE_FORCEINLINE bool runs_aligned(Ts*... ps) {
  return ((reinterpret_cast<std::uintptr_t>(ps) % (RunLen * sizeof(Ts)) == 0) && ...);
}

// ---- plain arrangements ---------------------------------------------------------------------------

/// Blocked: items[i] = in[thread * N + i], for positions below `valid`; others get `fill`.
template <int N, class T, class It>
__device__ TIDE_FORCEINLINE void load_blocked(It in, T (&items)[N], int thread, int valid, const T& fill) {
#pragma unroll
  for (int i = 0; i < N; ++i) {
    const int k = thread * N + i;
    items[i] = k < valid ? static_cast<T>(in[k]) : fill;
  }
}

/// Blocked, from a contiguous T* aligned to 16 bytes, with 16-byte vectors (full tiles only; N a
/// multiple of the vector's items).
template <int N, class T>
__device__ TIDE_FORCEINLINE void load_blocked_vectorized(const T* in, T (&items)[N], int thread) {
  constexpr int vec = vector_items<T>() ? vector_items<T>() : 1;
  static_assert(N % vec == 0, "tide: whole vectors per thread");
#pragma unroll
  for (int v = 0; v < N / vec; ++v) {
    const auto run = load_run<vec>(in + thread * N + v * vec);
#pragma unroll
    for (int e = 0; e < vec; ++e) items[v * vec + e] = run.v[e];
  }
}

/// Striped: items[i] = in[i * Threads + thread], for positions below `valid`; others get `fill`.
template <int Threads, int N, class T, class It>
__device__ TIDE_FORCEINLINE void load_striped(It in, T (&items)[N], int thread, int valid, const T& fill) {
#pragma unroll
  for (int i = 0; i < N; ++i) {
    const int k = i * Threads + thread;
    items[i] = k < valid ? static_cast<T>(in[k]) : fill;
  }
}

template <int N, class T, class It>
__device__ TIDE_FORCEINLINE void store_blocked(It out, const T (&items)[N], int thread, int valid) {
#pragma unroll
  for (int i = 0; i < N; ++i)
    if (thread * N + i < valid) out[thread * N + i] = items[i];
}

}  // namespace tide::backend::cuda::detail
