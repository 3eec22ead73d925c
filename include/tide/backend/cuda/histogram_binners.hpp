#pragma once
// How a block of histogram.hpp's count kernel finds its samples' bins. A binner is built on the
// host and passed to the kernel; each block prepares it:
//
//   smem_bytes(slice_len)      shared memory a block counting slice_len bins needs (16-byte multiple)
//   bound_bytes()              shared memory each bin adds (plan_histogram sizes the slices with it)
//   prepare(smem, first, len)  block-wide, ends with a barrier: the bins of a block whose counts take
//                              bins [first, first + len)
//   paths                      which of plan_histogram's paths it can take (binner_paths)
// and what prepare returns has
//   bin(x)                     x's bin in [0, num_bins), or -1: not counted, or not this block's slice
//   tile_bins(x[N], b[N])      the same for a thread's N samples of a tile, the warp converged
//
// - even_binner: detail/histogram_bins.hpp's arithmetic; no shared memory.
// - range_binner: the slice's len + 1 bounds are copied to shared memory and searched there, so a
//   search never leaves the SM (65,537 bounds in device memory cost 17 dependent L2 loads a
//   sample). tile_bins searches a thread's N samples step by step together: N independent loads
//   in flight a step, where N searches one after the other would wait on each load in turn. A
//   warp none of whose lanes has a sample in the slice skips the search (a vote): clustered input
//   is searched by one slice's blocks, not by all. Beyond plan_histogram's slices the bounds stay
//   in device memory (global_range_binner), searched whole by every block.

#include <cuda_runtime.h>

#include <cstddef>

#include "../../config.hpp"
#include "../../detail/histogram_bins.hpp"
#include "device_utility.hpp"

namespace tide::backend::cuda::detail {

constexpr std::size_t round_up16(std::size_t b) { return (b + 15) / 16 * 16; }

/// Where a binner's bins live, so histogram_run instantiates only the paths it can take: anywhere
/// (even bins: no memory), in shared memory (lane, shared and sliced paths), or in device memory
/// (the global path).
enum class binner_paths { any, shared_memory, device_memory };

template <class Sample, class Level>
struct even_device_bins {
  tide::detail::even_bins<Sample, Level> bins;
  __device__ TIDE_FORCEINLINE int bin(Sample x) const { return bins.bin(x); }
  template <int N>
  __device__ TIDE_FORCEINLINE void tile_bins(const Sample (&x)[N], int (&b)[N]) const {
#pragma unroll
    for (int i = 0; i < N; ++i) b[i] = bins.bin(x[i]);
  }
};

template <class Sample, class Level>
struct even_binner {
  static constexpr binner_paths paths = binner_paths::any;
  tide::detail::even_bins<Sample, Level> bins;
  TIDE_HOST_DEVICE std::size_t smem_bytes(int) const { return 0; }
  TIDE_HOST_DEVICE std::size_t bound_bytes() const { return 0; }
  /// Every block finds every sample's bin; the counts drop other slices' bins.
  __device__ even_device_bins<Sample, Level> prepare(unsigned char*, int, int) const { return {bins}; }
};

/// Bins [first, first + num_bounds - 1) over bounds[0, num_bounds) (num_bounds < 2: counts nothing).
template <class Sample, class Bound>
struct slice_range_bins {
  tide::detail::range_bins<Sample, const Bound*> bounds;
  int first;

  __device__ TIDE_FORCEINLINE int bin(Sample x) const {
    return bounds.num_bounds >= 2 && bounds.contains(x) ? first + bounds.search(x) : -1;
  }
  /// Every lane searches, whatever its samples (no divergence), and drops the misses. A warp whose
  /// samples are all one value (constant input) searches once.
  template <int N>
  __device__ TIDE_FORCEINLINE void tile_bins(const Sample (&x)[N], int (&b)[N]) const {
    const bool live = bounds.num_bounds >= 2;
    const Sample x0 = __shfl_sync(full_warp_mask, x[0], 0);
    bool in[N], any = false, same = true;
#pragma unroll
    for (int i = 0; i < N; ++i) {
      in[i] = live && bounds.contains(x[i]);
      any |= in[i];
      same &= x[i] == x0;
      b[i] = -1;
    }
    if (!__any_sync(full_warp_mask, any)) return;
    if (__all_sync(full_warp_mask, same)) {  // then in[i] == in[0]
      const int b0 = in[0] ? first + bounds.search(x0) : -1;
#pragma unroll
      for (int i = 0; i < N; ++i) b[i] = b0;
      return;
    }
    bounds.search(x, b);
#pragma unroll
    for (int i = 0; i < N; ++i) b[i] = in[i] ? first + b[i] : -1;
  }
};

/// Bounds in shared memory: a block's slice of them (plan_histogram's lane, shared and sliced paths).
template <class Sample, class Bound, class BoundIt>
struct range_binner {
  static constexpr binner_paths paths = binner_paths::shared_memory;
  BoundIt bounds;
  int num_bounds;

  TIDE_HOST_DEVICE std::size_t smem_bytes(int slice_len) const {
    return round_up16(std::size_t(slice_len + 1) * sizeof(Bound));
  }
  TIDE_HOST_DEVICE std::size_t bound_bytes() const { return sizeof(Bound); }

  __device__ slice_range_bins<Sample, Bound> prepare(unsigned char* smem, int first, int len) const {
    Bound* s = reinterpret_cast<Bound*>(smem);
    const int count = len > 0 ? len + 1 : 0;
    for (int i = threadIdx.x; i < count; i += blockDim.x) s[i] = Bound(bounds[first + i]);
    __syncthreads();
    return {{s, count}, first};
  }
};

/// Bounds in device memory, all searched by every block: bins beyond the slices (the global path).
template <class Sample, class Bound>
struct global_range_binner {
  static constexpr binner_paths paths = binner_paths::device_memory;
  const Bound* d_bounds;
  int num_bounds;

  TIDE_HOST_DEVICE std::size_t smem_bytes(int) const { return 0; }
  TIDE_HOST_DEVICE std::size_t bound_bytes() const { return sizeof(Bound); }
  __device__ slice_range_bins<Sample, Bound> prepare(unsigned char*, int, int) const {
    return {{d_bounds, num_bounds}, 0};
  }
};

}  // namespace tide::backend::cuda::detail
