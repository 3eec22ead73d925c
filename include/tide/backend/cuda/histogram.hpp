#pragma once
// Histograms on the CUDA backend: histogram_even and histogram_range.
//
// One read of the samples by a persistent grid of `chunks` blocks (block c takes tiles c, c + chunks,
// ...), counting in shared memory (block/block_histogram.hpp):
// - up to lane_max_bins bins: per-thread 16-bit counters, no atomics (data-independent speed);
// - up to shared memory: 32-bit counters with shared atomics, one copy per warp where they fit;
//   beyond one copy, the bins are cut into slices and blocks (chunk, slice) read the same tiles
//   side by side (the second read mostly hits L2);
// - beyond max_slices: atomics into one array in device memory.
// Bins come from a binner (histogram_binners.hpp); histogram_range's bounds take shared memory
// beside the counts, a slice's bounds a block, and so count in the plan of where blocks count.
// Each block writes its counts as one row of a partial histogram (u32); a finalize kernel sums the
// rows in row order, converts once to the counter type and writes the histogram (overwriting it).
// Integer sums, then one conversion: float counters are exact up to 2^24 and deterministic always.
// Raw pointers to samples are read in 16-byte vectors (the unaligned head and the tail one sample per
// thread); other iterators `items` samples per thread per tile. Very long inputs are cut into
// segments so that no 16-bit or 32-bit counter can overflow, their counts summed in 64 bits.

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "../../config.hpp"
#include "../../detail/histogram_bins.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "block/block_histogram.hpp"
#include "histogram_binners.hpp"
#include "device_utility.hpp"
#include "launch.hpp"

namespace tide::backend::cuda {
namespace detail {

struct histogram_tuning {
  static constexpr int lane_max_bins = 128;  // per-thread counters up to here
  static constexpr int lane_threads = 384;
  static constexpr int lane_vectors = 8;     // 16-byte loads per thread per tile
  static constexpr int shared_threads = 512;
  static constexpr int shared_vectors = 4;
  static constexpr int shared_blocks_per_sm = 2;  // copies are limited so that this many blocks fit
  static constexpr int max_slices = 4;
  static constexpr int slice_blocks_per_sm = 1;  // sliced counters are sized for this many blocks
  static constexpr int global_threads = 256;
  static constexpr int global_vectors = 4;
  static constexpr int generic_items = 16;  // samples per thread per tile from other iterators
  static constexpr histogram_aggregation aggregation = histogram_aggregation::uniform;
  static constexpr std::size_t max_partial_bytes = std::size_t(16) << 20;  // else rows merge by atomics
};

template <class It>
inline constexpr bool histogram_vectorized_v = std::is_pointer_v<It> && vector_items<iter_value_t<It>>() > 0;

/// 16-byte vectors a thread loads per tile: `Vectors` for 4-byte samples and wider, fewer for
/// narrower ones (at most 4 * Vectors samples a thread, which the registers hold).
template <class Sample, int Vectors>
constexpr int histogram_vectors() {
  constexpr int v = Vectors * int(sizeof(Sample)) / 4;
  return v < 1 ? 1 : v > Vectors ? Vectors : v;
}

/// Item k of a 16-byte vector of Samples, taken from its words in registers (no memory).
template <class Sample>
__device__ TIDE_FORCEINLINE Sample vector_item(const uint4& v, int k) {
  const std::uint32_t w[4] = {v.x, v.y, v.z, v.w};
  Sample s;
  if constexpr (sizeof(Sample) == 8) {
    const std::uint64_t u = w[2 * k] | (std::uint64_t(w[2 * k + 1]) << 32);
    memcpy(&s, &u, 8);
  } else if constexpr (sizeof(Sample) == 4) {
    memcpy(&s, &w[k], 4);
  } else if constexpr (sizeof(Sample) == 2) {
    const std::uint16_t u = std::uint16_t(w[k / 2] >> (16 * (k & 1)));
    memcpy(&s, &u, 2);
  } else {
    const std::uint8_t u = std::uint8_t(w[k / 4] >> (8 * (k & 3)));
    memcpy(&s, &u, 1);
  }
  return s;
}

/// Samples a thread counts per tile.
template <class It, int Vectors, int Items>
constexpr int histogram_thread_items() {
  if constexpr (histogram_vectorized_v<It>)
    return histogram_vectors<iter_value_t<It>, Vectors>() * vector_items<iter_value_t<It>>();
  return Items;
}

/// Whole tiles as 16-byte vectors (double-buffered: the next tile's loads are in flight while this
/// one is counted), then the unaligned head and the tail, one sample per thread.
template <int MaxVectors, int Threads, class Sample, class Bins, class Counts>
__device__ TIDE_FORCEINLINE void histogram_count_vectors(const Sample* p, size_type n, int chunk, int chunks,
                                                         const Bins& bins, Counts& counts) {
  constexpr int Vectors = histogram_vectors<Sample, MaxVectors>(), per_vector = vector_items<Sample>();
  constexpr size_type tile_vectors = size_type(Threads) * Vectors, tile = tile_vectors * per_vector;
  size_type head = size_type((16 - reinterpret_cast<std::uintptr_t>(p) % 16) % 16 / sizeof(Sample));
  head = head < n ? head : n;
  const uint4* v = reinterpret_cast<const uint4*>(p + head);
  const size_type tiles = (n - head) / tile;
  uint4 cur[Vectors], next[Vectors];
  size_type t = chunk;
  if (t < tiles) {
#pragma unroll
    for (int j = 0; j < Vectors; ++j) cur[j] = __ldg(v + t * tile_vectors + j * Threads + threadIdx.x);
  }
  for (; t < tiles; t += chunks) {
    // The last tile loads itself again (cached) rather than branch: `next` is always defined.
    const size_type tn = t + chunks < tiles ? t + chunks : t;
#pragma unroll
    for (int j = 0; j < Vectors; ++j) next[j] = __ldg(v + tn * tile_vectors + j * Threads + threadIdx.x);
    Sample x[Vectors * per_vector];
#pragma unroll
    for (int j = 0; j < Vectors; ++j) {
#pragma unroll
      for (int k = 0; k < per_vector; ++k) x[j * per_vector + k] = vector_item<Sample>(cur[j], k);
    }
    int b[Vectors * per_vector];
    bins.tile_bins(x, b);
    counts.add_tile(b);
#pragma unroll
    for (int j = 0; j < Vectors; ++j) cur[j] = next[j];
  }
  const size_type body_end = head + tiles * tile, rest = head + (n - body_end);
  for (size_type i = size_type(chunk) * Threads + threadIdx.x; i < rest; i += size_type(chunks) * Threads)
    counts.add(bins.bin(p[i < head ? i : body_end + (i - head)]));
}

template <int Items, int Threads, class It, class Bins, class Counts>
__device__ TIDE_FORCEINLINE void histogram_count_items(It first, size_type n, int chunk, int chunks, const Bins& bins,
                                                       Counts& counts) {
  using sample_t = iter_value_t<It>;
  constexpr size_type tile = size_type(Threads) * Items;
  const size_type tiles = n / tile;
  for (size_type t = chunk; t < tiles; t += chunks) {
    sample_t x[Items];
#pragma unroll
    for (int j = 0; j < Items; ++j) x[j] = sample_t(first[t * tile + j * Threads + threadIdx.x]);
    int b[Items];
    bins.tile_bins(x, b);
    counts.add_tile(b);
  }
  for (size_type i = tiles * tile + size_type(chunk) * Threads + threadIdx.x; i < n; i += size_type(chunks) * Threads)
    counts.add(bins.bin(sample_t(first[i])));
}

/// Block (chunk, slice) = (blockIdx.x / slices, blockIdx.x % slices) counts its chunk's tiles into
/// row `chunk` of `partial` (row_stride counters a row).
template <int Vectors, int Items, class Counts, class Binner, class SampleIt>
__global__ void __launch_bounds__(Counts::threads)
    histogram_count_kernel(Counts counts, Binner binner, SampleIt samples, size_type n, int chunks,
                           std::uint32_t* partial, int row_stride) {
  extern __shared__ uint4 histogram_smem[];
  unsigned char* smem = reinterpret_cast<unsigned char*>(histogram_smem);
  const int slice = int(blockIdx.x) % counts.slices(), chunk = int(blockIdx.x) / counts.slices();
  const int slice_len = counts.slice_bins(), first = slice * slice_len;
  const auto bins = binner.prepare(smem, first, max(0, min(slice_len, counts.num_bins - first)));
  counts.attach(smem + binner.smem_bytes(slice_len), slice, partial + size_type(chunk) * row_stride);
  counts.zero();
  __syncthreads();
  if constexpr (histogram_vectorized_v<SampleIt>)
    histogram_count_vectors<Vectors, Counts::threads>(samples, n, chunk, chunks, bins, counts);
  else
    histogram_count_items<Items, Counts::threads>(samples, n, chunk, chunks, bins, counts);
  __syncthreads();
  counts.store();
}

/// hist[bin] = (or +=, when accumulating) the sum of the rows' counts, rows in order. Block: 32 bins x
/// 32 row groups.
template <class CounterIt>
__global__ void __launch_bounds__(1024) histogram_finalize_kernel(const std::uint32_t* partial, int rows, int num_bins,
                                                                  CounterIt hist, bool accumulate) {
  __shared__ unsigned long long sums[32][33];
  const int x = threadIdx.x, y = threadIdx.y, bin = int(blockIdx.x) * 32 + x;
  unsigned long long sum = 0;
  if (bin < num_bins) {
#pragma unroll 4
    for (int r = y; r < rows; r += 32) sum += partial[size_type(r) * num_bins + bin];
  }
  sums[y][x] = sum;
  __syncthreads();
  if (y == 0 && bin < num_bins) {
    for (int i = 1; i < 32; ++i) sum += sums[i][x];
    using counter_t = iter_value_t<CounterIt>;
    counter_t c = counter_t(sum);
    if (accumulate) c = counter_t(counter_t(hist[bin]) + c);
    hist[bin] = c;
  }
}

template <class CounterIt>
__global__ void histogram_convert_kernel(const unsigned long long* total, int num_bins, CounterIt hist) {
  using counter_t = iter_value_t<CounterIt>;
  for (int i = int(blockIdx.x * blockDim.x + threadIdx.x); i < num_bins; i += int(gridDim.x * blockDim.x))
    hist[i] = counter_t(total[i]);
}

template <class = void>
__global__ void histogram_zero_kernel(std::uint32_t* d_counts, int n) {
  for (int i = int(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += int(gridDim.x * blockDim.x)) d_counts[i] = 0;
}

template <class BoundIt, class Bound>
__global__ void histogram_copy_bounds_kernel(BoundIt bounds, int n, Bound* d_out) {
  for (int i = int(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += int(gridDim.x * blockDim.x))
    d_out[i] = bounds[i];
}

inline void histogram_finalize_grid(int num_bins, dim3& grid, dim3& block) {
  grid = dim3(unsigned(ceil_div(num_bins, 32)));
  block = dim3(32, 32);
}

inline void histogram_zero(std::uint32_t* d_counts, int n, stream_t stream, const char* name) {
  const dim3 grid(unsigned(std::min<size_type>(ceil_div(n, 256), 1024)));
  launch(name, "histogram_zero_kernel", histogram_zero_kernel<>, grid, dim3(256), 0, stream, d_counts, n);
}

/// Runs the count kernel with `counts` over segments of the input, each followed by the finalize
/// kernel: per-block rows, or (atomic_store: many bins) one zeroed row the blocks add into.
template <int Vectors, int Items, class Counts, class Binner, class SampleIt, class CounterIt>
void histogram_launch(const cuda_policy& p, SampleIt samples, size_type n, CounterIt hist, int num_bins,
                      const Binner& binner, Counts counts, std::size_t max_partial_bytes, const char* name) {
  auto kernel = histogram_count_kernel<Vectors, Items, Counts, Binner, SampleIt>;
  const auto& props = device_props();
  const std::size_t smem = binner.smem_bytes(counts.slice_bins()) + counts.smem_bytes();
  // The kernel may use all the shared memory a block can have: set once per device (one bit each).
  static std::atomic<std::uint64_t> opted_in{0};
  const std::uint64_t bit = props.device < 64 ? std::uint64_t(1) << props.device : 0;
  cudaError_t e = cudaSuccess;
  if (!bit || !(opted_in.load(std::memory_order_relaxed) & bit)) {
    e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, props.shared_per_block_optin);
    if (e == cudaSuccess) opted_in.fetch_or(bit, std::memory_order_relaxed);
  }
  int per_sm = 0;
  if (e == cudaSuccess) e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Counts::threads, smem);
  if (e != cudaSuccess) tide::detail::throw_cuda_error(e, name);
  constexpr int thread_items = histogram_thread_items<SampleIt, Vectors, Items>();
  constexpr size_type tile = size_type(Counts::threads) * thread_items;
  const int slices = counts.slices();
  const int chunks = int(std::max<size_type>(
      1, std::min<size_type>(std::max(per_sm, 1) * size_type(props.sm_count) / slices, ceil_div(n, tile))));
  if (std::size_t(chunks) * num_bins * 4 > max_partial_bytes) counts.atomic_store = true;
  // Per launch, no 32-bit counter and no thread's samples (lane-private: 16-bit counters) overflow;
  // a thread counts at most block_tiles tiles plus one sample per thread of the rest.
  const size_type block_tiles = std::min<size_type>((size_type(0xffffffffu) - tile - 16) / tile,
                                                    (Counts::max_thread_samples - thread_items - 1) / thread_items);
  size_type segment = size_type(chunks) * block_tiles * tile;
  if (counts.atomic_store) segment = std::min<size_type>(segment, size_type(0xffffffffu) / tile * tile);

  const int rows = counts.atomic_store ? 1 : chunks;
  tide::detail::temporary_buffer<std::uint32_t> partial(p, std::size_t(rows) * num_bins, name);
  dim3 fgrid, fblock;
  histogram_finalize_grid(num_bins, fgrid, fblock);
  auto count = [&](size_type off) {
    if (counts.atomic_store) histogram_zero(partial.data(), num_bins, p.stream, name);
    launch(name, "histogram_count_kernel", kernel, dim3(unsigned(chunks * slices)), dim3(Counts::threads), smem,
           p.stream, counts, binner, samples + off, std::min(segment, n - off), chunks, partial.data(),
           counts.atomic_store ? 0 : num_bins);
  };
  if (n <= segment) {
    count(0);
    launch(name, "histogram_finalize_kernel", histogram_finalize_kernel<CounterIt>, fgrid, fblock, 0, p.stream,
           static_cast<const std::uint32_t*>(partial.data()), rows, num_bins, hist, false);
    return;
  }
  // Several segments: exact 64-bit totals, converted to the counter type once at the end.
  tide::detail::temporary_buffer<unsigned long long> total(p, std::size_t(num_bins), name);
  for (size_type off = 0; off < n; off += segment) {
    count(off);
    launch(name, "histogram_finalize_kernel", histogram_finalize_kernel<unsigned long long*>, fgrid, fblock, 0,
           p.stream, static_cast<const std::uint32_t*>(partial.data()), rows, num_bins, total.data(), off > 0);
  }
  launch(name, "histogram_convert_kernel", histogram_convert_kernel<CounterIt>,
         dim3(unsigned(std::min<size_type>(ceil_div(num_bins, 256), 1024))), dim3(256), 0, p.stream,
         static_cast<const unsigned long long*>(total.data()), num_bins, hist);
}

/// Where blocks count: per-thread counters (lane), shared-memory atomics on `copies` copies of the
/// counters or on `slices` slices of the bins, or global atomics.
enum class histogram_path { lane, shared, sliced, global };
struct histogram_plan {
  histogram_path path = histogram_path::global;
  int copies = 1, slices = 1, slice_len = 0;
  std::size_t copy_bytes = 0;
};

/// The path histogram_run takes for num_bins bins whose binner keeps `bound_bytes` bytes of shared
/// memory a bin of its slice (range bounds; 0 for even bins). Host side; the boundary sweep reads it.
template <class Tuning = histogram_tuning>
histogram_plan plan_histogram(int num_bins, std::size_t bound_bytes) {
  const auto& props = device_props();
  const std::size_t optin = std::size_t(props.shared_per_block_optin);
  // The binner's bytes for a block counting `len` bins (range_binner::smem_bytes).
  auto binner = [&](int len) { return bound_bytes ? round_up16(std::size_t(len + 1) * bound_bytes) : 0; };
  histogram_plan plan;
  using lane_t = lane_private_histogram<Tuning::lane_threads>;
  if (num_bins <= Tuning::lane_max_bins && binner(num_bins) + lane_t::smem_bytes(num_bins) <= optin) {
    plan.path = histogram_path::lane;
    return plan;
  }
  // Shared atomics: one copy of the counters per warp as far as shared_blocks_per_sm blocks still
  // fit; beyond one copy per block, slices of the bins, each sized for slice_blocks_per_sm blocks.
  constexpr int warps = Tuning::shared_threads / warp_threads;
  constexpr std::size_t trash = std::size_t(warps + 3) / 4 * 16;  // the warps' words for uncounted samples
  plan.copy_bytes = std::size_t(num_bins + 3) / 4 * 16;
  const std::size_t fixed = binner(int(plan.copy_bytes / 4)) + trash;
  if (fixed + plan.copy_bytes <= optin) {
    const std::size_t budget = std::size_t(props.shared_per_sm) / Tuning::shared_blocks_per_sm;
    const std::size_t fit = budget > fixed + 1024 ? (budget - fixed - 1024) / plan.copy_bytes : 0;
    plan.path = histogram_path::shared;
    plan.copies = int(std::min<std::size_t>(warps, std::max<std::size_t>(1, fit)));
    return plan;
  }
  const std::size_t slice_room =
      std::min(optin, std::size_t(props.shared_per_sm) / Tuning::slice_blocks_per_sm - 1024) / 16 * 16;
  for (int slices = 2; slices <= Tuning::max_slices; ++slices) {
    const int len = int(ceil_div(ceil_div(num_bins, slices), 4) * 4);
    if (binner(len) + std::size_t(len) * 4 + trash <= slice_room) {
      plan.path = histogram_path::sliced;
      plan.slices = slices;
      plan.slice_len = len;
      return plan;
    }
  }
  plan.path = histogram_path::global;
  return plan;
}

/// Picks where blocks count num_bins bins (plan_histogram), and runs. n == 0 writes zeros.
template <class Tuning = histogram_tuning, class SampleIt, class CounterIt, class Binner>
void histogram_run(const cuda_policy& p, SampleIt samples, size_type n, CounterIt hist, int num_bins,
                   const Binner& binner, const char* name) {
  check_pending(name);
  if (n == 0) {
    dim3 fgrid, fblock;
    histogram_finalize_grid(num_bins, fgrid, fblock);
    launch(name, "histogram_finalize_kernel", histogram_finalize_kernel<CounterIt>, fgrid, fblock, 0, p.stream,
           static_cast<const std::uint32_t*>(nullptr), 0, num_bins, hist, false);
    return;
  }
  constexpr int items = Tuning::generic_items;
  constexpr std::size_t max_partial = Tuning::max_partial_bytes;
  if constexpr (Binner::paths != binner_paths::device_memory) {
    const histogram_plan plan = plan_histogram<Tuning>(num_bins, binner.bound_bytes());
    using shared_t = shared_atomic_histogram<Tuning::shared_threads, Tuning::aggregation>;
    switch (plan.path) {
      case histogram_path::lane:
        return histogram_launch<Tuning::lane_vectors, items>(p, samples, n, hist, num_bins, binner,
                                                             lane_private_histogram<Tuning::lane_threads>{num_bins},
                                                             max_partial, name);
      case histogram_path::shared:
        return histogram_launch<Tuning::shared_vectors, items>(
            p, samples, n, hist, num_bins, binner, shared_t{num_bins, int(plan.copy_bytes / 4), 1, plan.copies, false},
            max_partial, name);
      case histogram_path::sliced:
        return histogram_launch<Tuning::shared_vectors, items>(
            p, samples, n, hist, num_bins, binner, shared_t{num_bins, plan.slice_len, plan.slices, 1, false},
            max_partial, name);
      default:
        break;
    }
    // histogram_range gives bins beyond the slices a device-memory binner.
    if constexpr (Binner::paths == binner_paths::shared_memory)
      throw std::logic_error(std::string("tide::") + name + ": internal: bins beyond shared memory");
  }
  using global_t = global_atomic_histogram<Tuning::global_threads, Tuning::aggregation>;
  if constexpr (Binner::paths != binner_paths::shared_memory)
    histogram_launch<Tuning::global_vectors, items>(p, samples, n, hist, num_bins, binner, global_t{num_bins}, 0, name);
}

}  // namespace detail

/// Counts samples in `num_bins` equal bins over [lower, upper) into hist[0, num_bins) (device
/// memory), overwriting it. Samples outside the range, and NaNs, are not counted.
template <class SampleIt, class CounterIt, class Level>
void histogram_even(const cuda_policy& p, SampleIt samples, size_type n, CounterIt hist, int num_bins, Level lower,
                    Level upper) {
  using sample_t = detail::iter_value_t<SampleIt>;
  detail::even_binner<sample_t, Level> binner{tide::detail::even_bins<sample_t, Level>(num_bins, lower, upper)};
  detail::histogram_run(p, samples, n, hist, num_bins, binner, "histogram_even");
}

/// Counts samples in the num_bounds - 1 bins [bounds[i], bounds[i + 1]) (bounds increasing, in
/// device memory) into hist[0, num_bounds - 1), overwriting it.
template <class SampleIt, class BoundIt, class CounterIt>
void histogram_range(const cuda_policy& p, SampleIt samples, size_type n, BoundIt bounds, int num_bounds,
                     CounterIt hist) {
  using sample_t = detail::iter_value_t<SampleIt>;
  using bound_t = detail::iter_value_t<BoundIt>;
  constexpr const char* name = "histogram_range";
  // Bounds go to shared memory, a slice a block, unless there are too many for the slices.
  if (n == 0 || detail::plan_histogram(num_bounds - 1, sizeof(bound_t)).path != detail::histogram_path::global) {
    detail::range_binner<sample_t, bound_t, BoundIt> binner{bounds, num_bounds};
    return detail::histogram_run(p, samples, n, hist, num_bounds - 1, binner, name);
  }
  using global_binner = detail::global_range_binner<sample_t, bound_t>;
  if constexpr (std::is_pointer_v<BoundIt>) {
    detail::histogram_run(p, samples, n, hist, num_bounds - 1, global_binner{bounds, num_bounds}, name);
  } else {
    tide::detail::temporary_buffer<bound_t> copy(p, std::size_t(num_bounds), name);
    detail::launch(name, "histogram_copy_bounds_kernel", detail::histogram_copy_bounds_kernel<BoundIt, bound_t>,
                   dim3(unsigned(std::min<size_type>(detail::ceil_div(num_bounds, 256), 1024))), dim3(256), 0, p.stream,
                   bounds, num_bounds, copy.data());
    detail::histogram_run(p, samples, n, hist, num_bounds - 1, global_binner{copy.data(), num_bounds}, name);
  }
}

}  // namespace tide::backend::cuda
