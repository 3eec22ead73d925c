#pragma once
// Batched tridiagonal systems on the CUDA system. What `automatic` runs is tridiagonal_defaults
// below (one line a choice; docs/notes/tridiagonal.md has the reasons and the measurements):
//  - interleaved layout, a large batch (>= many_systems): one lane per system, Thomas; from shared
//    memory when 32 systems fit a warp's tile (tridiagonal_staged.hpp), else from global memory,
//    loads running rows ahead (tridiagonal_thomas.hpp);
//  - n <= 32: a warp (or part of one) per system, PCR by shuffles (warp/warp_tridiagonal.hpp);
//  - n up to a staged tile (95 float, 47 double): Thomas per lane from shared memory, 32 systems
//    a warp;
//  - contiguous, n up to a partition tile (3040 float, 1504 double): a warp per system, a chunk per
//    lane (tridiagonal_partition.hpp);
//  - up to what a block's shared memory holds (8192 float, 4096 double on sm_90): a block per
//    system, CR (contiguous) or PCR then Thomas (interleaved) (block/block_tridiagonal.hpp);
//  - larger: cyclic reduction in global memory, level by level, until the reduced systems fit a
//    block; the block solves them; then back up the levels (tridiagonal_global.hpp).
// A failing system (zero pivot, non-finite solution) is recorded by atomicMin on a flag; the
// public call's flag is the calling thread's pinned result slot, read after one wait.

#include <cuda_runtime.h>

#include <vector>

#include "../../detail/raw_memory.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "block/block_tridiagonal.hpp"
#include "launch.hpp"
#include "tridiagonal_batch.hpp"
#include "tridiagonal_global.hpp"
#include "tridiagonal_partition.hpp"
#include "tridiagonal_staged.hpp"
#include "tridiagonal_thomas.hpp"
#include "warp/warp_tridiagonal.hpp"

namespace tide::backend::cuda {
namespace detail {

/// What `automatic` picks, case by case; compare/bench_tridiagonal.cu times every algorithm
/// side by side (case suffixes), so a change here is one line and one run. H200, 2^16 f32 systems,
/// the kernels alone (before: the choice until this table):
///   contiguous n = 64: hybrid 0.103 ms (before) | n = 256: CR 0.345 | n = 1024: CR 1.31;
///   interleaved n = 64, 256, 1024: Thomas (one row in flight) 0.094, 0.380, 1.533;
///   one system of 2^22: by levels, hybrid 0.176, CR 0.161.
struct tridiagonal_defaults {
  /// Interleaved batches from this many systems get a lane per system: enough lanes to keep
  /// memory busy, each streaming its own system. Smaller ones go as contiguous ones do.
  static constexpr size_type many_systems = 8192;
  static constexpr tridiagonal_algorithm interleaved_in_tile = tridiagonal_algorithm::staged;
  static constexpr tridiagonal_algorithm interleaved_beyond_tile = tridiagonal_algorithm::thomas;
  /// 32 < n <= a staged tile (either layout).
  static constexpr tridiagonal_algorithm in_staged_tile = tridiagonal_algorithm::staged;
  /// Contiguous, up to a partition tile.
  static constexpr tridiagonal_algorithm in_partition_tile = tridiagonal_algorithm::partition;
  /// Contiguous, up to a block's shared memory (interleaved: hybrid).
  static constexpr tridiagonal_algorithm in_block = tridiagonal_algorithm::cr;
  /// Past a block: the algorithm of the blocks under the global levels.
  static constexpr tridiagonal_algorithm beyond_block = tridiagonal_algorithm::cr;
};

/// Where the public call's failure flag lives. true: the calling thread's pinned result slot
/// (mapped host memory), set by the host before the launches and read after the wait, so the call
/// is its kernels and one wait. false: a device word cleared by a memset and copied back after the
/// kernels (two more operations in the wait; H200: the public call was ~16 us over its kernels).
inline constexpr bool failure_flag_on_host = true;

inline int ceil_log2(size_type v) {
  int k = 0;
  while ((size_type(1) << k) < v) ++k;
  return k;
}

/// The largest padded size a block solves for T: 4 arrays of np values in shared memory (with the
/// opt-in limit), at most block_tridiagonal_max_np.
template <class T>
size_type block_tridiagonal_limit() {
  const auto& props = device_props();
  const size_type bytes = props.shared_per_block_optin > 0 ? props.shared_per_block_optin : props.shared_per_block;
  size_type np = block_tridiagonal_max_np<T>();
  while (np > 64 && 4 * np * size_type(sizeof(T)) > bytes) np /= 2;
  return np;
}

/// Launches block_tridiagonal_kernel<Algo> over every system of `sys` (n <= block_tridiagonal_limit).
template <class T, tridiagonal_algorithm Algo, class Batch>
void launch_block_tridiagonal(const cuda_policy& p, const Batch& sys, unsigned long long* d_failed) {
  const int np_log2 = ceil_log2(sys.n) < 6 ? 6 : ceil_log2(sys.n);  // at least 2 warps' worth of rows
  const size_type np = size_type(1) << np_log2;
  const int rows = block_tridiagonal_rows(np);
  const unsigned threads = unsigned(np / rows);
  const std::size_t smem = std::size_t(4 * np) * sizeof(T);
  auto go = [&](auto kernel) {
    if (smem > 48 * 1024) {
      cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem));
      if (e != cudaSuccess) tide::detail::throw_cuda_error(e, "solve_tridiagonal (shared memory opt-in)");
    }
    launch("solve_tridiagonal", "block_tridiagonal_kernel", kernel, dim3(tile_grid(sys.batch, "solve_tridiagonal")),
           dim3(threads), smem, p.stream, sys, np_log2, d_failed);
  };
  if (rows == 2)
    go(&block_tridiagonal_kernel<T, 2, Algo, Batch>);
  else if (rows == 4)
    go(&block_tridiagonal_kernel<T, 4, Algo, Batch>);
  else if (rows == 8)
    go(&block_tridiagonal_kernel<T, 8, Algo, Batch>);
  else if constexpr (block_tridiagonal_max_np<T>() > 4096)  // 16 rows a thread: past 4096 rows only
    go(&block_tridiagonal_kernel<T, 16, Algo, Batch>);
}

template <class T, class Batch>
void launch_block_algorithm(const cuda_policy& p, tridiagonal_algorithm algorithm, const Batch& sys,
                            unsigned long long* d_failed) {
  if (algorithm == tridiagonal_algorithm::pcr)
    launch_block_tridiagonal<T, tridiagonal_algorithm::pcr>(p, sys, d_failed);
  else if (algorithm == tridiagonal_algorithm::cr)
    launch_block_tridiagonal<T, tridiagonal_algorithm::cr>(p, sys, d_failed);
  else
    launch_block_tridiagonal<T, tridiagonal_algorithm::hybrid>(p, sys, d_failed);
}

/// Sets the failure flag to no_failed_system (all bits set) on the stream.
inline void clear_failed_flag(unsigned long long* d_failed, stream_t stream) {
  cudaError_t e = cudaMemsetAsync(d_failed, 0xff, sizeof(unsigned long long), stream);
  if (e != cudaSuccess) tide::detail::throw_cuda_error(e, "solve_tridiagonal");
}

inline unsigned global_grid(size_type threads_needed) {
  return tile_grid(ceil_div(threads_needed, tridiagonal_global_threads), "solve_tridiagonal");
}

/// Systems larger than a block holds: cyclic reduction level by level in global memory (the levels
/// below the input in one temporary buffer), the smallest level solved by blocks with `algorithm`,
/// then back up.
template <class T, class Batch>
void solve_by_levels(const cuda_policy& p, tridiagonal_algorithm algorithm, const Batch& sys, size_type limit,
                     unsigned long long* d_failed) {
  std::vector<size_type> sizes;  // rows per system at levels 1, 2, ...
  for (size_type m = sys.n / 2;; m /= 2) {
    sizes.push_back(m);
    if (m <= limit) break;
  }
  size_type total = 0;
  for (size_type m : sizes) total += 4 * m * sys.batch;
  tide::detail::temporary_buffer<T> storage(p, std::size_t(total), "solve_tridiagonal");
  using level_t = tridiagonal_batch<T*, T*, T*, T*, T*>;
  std::vector<level_t> levels;
  T* next = storage.data();
  for (size_type m : sizes) {
    const size_type count = m * sys.batch;
    // x of a level below the input is its d: each level is solved in place.
    levels.push_back(level_t{next, next + count, next + 2 * count, next + 3 * count, next + 3 * count, m, sys.batch, false});
    next += 4 * count;
  }
  launch("solve_tridiagonal", "cr_reduce_kernel", &cr_reduce_kernel<T, Batch, level_t>,
         dim3(global_grid(levels[0].n * sys.batch)), dim3(tridiagonal_global_threads), 0, p.stream, sys, levels[0],
         d_failed);
  for (std::size_t l = 1; l < levels.size(); ++l)
    launch("solve_tridiagonal", "cr_reduce_kernel", &cr_reduce_kernel<T, level_t, level_t>,
           dim3(global_grid(levels[l].n * sys.batch)), dim3(tridiagonal_global_threads), 0, p.stream, levels[l - 1],
           levels[l], d_failed);
  launch_block_algorithm<T>(p, algorithm, levels.back(), d_failed);
  for (std::size_t l = levels.size() - 1; l >= 1; --l)
    launch("solve_tridiagonal", "cr_substitute_kernel", &cr_substitute_kernel<T, level_t>,
           dim3(global_grid((levels[l - 1].n + 1) / 2 * sys.batch)), dim3(tridiagonal_global_threads), 0, p.stream,
           levels[l - 1], static_cast<const T*>(levels[l].x), d_failed);
  launch("solve_tridiagonal", "cr_substitute_kernel", &cr_substitute_kernel<T, Batch>,
         dim3(global_grid((sys.n + 1) / 2 * sys.batch)), dim3(tridiagonal_global_threads), 0, p.stream, sys,
         static_cast<const T*>(levels[0].x), d_failed);
}

template <class T, class Batch>
void launch_warp_tridiagonal(const cuda_policy& p, const Batch& sys, unsigned long long* d_failed) {
  const int width = 1 << ceil_log2(sys.n);
  launch("solve_tridiagonal", "warp_tridiagonal_kernel", &warp_tridiagonal_kernel<T, Batch>,
         dim3(tile_grid(ceil_div(sys.batch * width, warp_tridiagonal_threads), "solve_tridiagonal")),
         dim3(warp_tridiagonal_threads), 0, p.stream, sys, width, d_failed);
}

/// Every algorithm solves every batch: staged past its tile is Thomas from global memory (the
/// same elimination), partition past its tile is CR in blocks (and levels).
template <class T, class Batch>
void solve_batch(const cuda_policy& p, tridiagonal_algorithm algorithm, const Batch& sys, unsigned long long* d_failed) {
  using defaults = tridiagonal_defaults;
  const size_type limit = block_tridiagonal_limit<T>();
  if (algorithm == tridiagonal_algorithm::automatic) {
    if (sys.interleaved && sys.batch >= defaults::many_systems) {
      algorithm = staged_fits<T>(sys.n, true) ? defaults::interleaved_in_tile : defaults::interleaved_beyond_tile;
    } else if (sys.n <= warp_threads) {
      launch_warp_tridiagonal<T>(p, sys, d_failed);
      return;
    } else if (staged_fits<T>(sys.n, sys.interleaved)) {
      algorithm = defaults::in_staged_tile;
    } else if (!sys.interleaved && partition_fits<T>(sys.n)) {
      algorithm = defaults::in_partition_tile;
    } else if (sys.n <= limit) {
      algorithm = sys.interleaved ? tridiagonal_algorithm::hybrid : defaults::in_block;
    } else {
      algorithm = defaults::beyond_block;
    }
  }
  if (algorithm == tridiagonal_algorithm::staged) {
    if (staged_fits<T>(sys.n, sys.interleaved)) return launch_staged<T>(p, sys, d_failed);
    algorithm = tridiagonal_algorithm::thomas;
  }
  if (algorithm == tridiagonal_algorithm::thomas) return launch_thomas<T>(p, sys, d_failed);
  if (algorithm == tridiagonal_algorithm::partition) {
    if (partition_fits<T>(sys.n)) return launch_partition<T>(p, sys, d_failed);
    algorithm = tridiagonal_algorithm::cr;
  }
  if (sys.n <= limit)
    launch_block_algorithm<T>(p, algorithm, sys, d_failed);
  else
    solve_by_levels<T>(p, algorithm, sys, limit, d_failed);
}

/// Launches the solve of the batch with `algorithm` on the policy's stream and returns without
/// waiting: the lowest failing system goes to *d_failed by atomicMin (set it to no_failed_system
/// first). pcr, cr and hybrid run in shared memory (after cyclic reduction in global memory for
/// systems larger than a block holds); thomas is one thread per system at any size; staged and
/// partition are a warp per 32 systems and per system (solve_batch says what they do past their
/// tiles). compare/ times the algorithms side by side through this.
template <class T, class A, class B, class C, class D, class X>
void solve_tridiagonal_async(const cuda_policy& p, tridiagonal_algorithm algorithm, A a, B b, C c, D d, X x,
                             size_type n, size_type batch, bool interleaved, unsigned long long* d_failed) {
  check_pending("solve_tridiagonal");
  solve_batch<T>(p, algorithm, make_tridiagonal_batch(a, b, c, d, x, n, batch, interleaved), d_failed);
}

/// solve_tridiagonal_async, then the failure flag back to the host: returns the lowest failing
/// system or -1, after waiting for the stream. `flag_on_host`: where the flag lives (see
/// failure_flag_on_host; compare/ times both).
template <class T, class A, class B, class C, class D, class X>
size_type solve_tridiagonal_with(const cuda_policy& p, tridiagonal_algorithm algorithm, A a, B b, C c, D d, X x,
                                 size_type n, size_type batch, bool interleaved,
                                 bool flag_on_host = failure_flag_on_host) {
  check_pending("solve_tridiagonal");
  unsigned long long first = no_failed_system;
  if (flag_on_host) {
    // The kernels lower the flag in place: set before the first launch, read after the wait.
    auto* slot = static_cast<unsigned long long*>(tide::detail::host_result_slot(sizeof(unsigned long long), "solve_tridiagonal"));
    volatile unsigned long long* flag = slot;
    *flag = no_failed_system;
    try {
      solve_tridiagonal_async<T>(p, algorithm, a, b, c, d, x, n, batch, interleaved, slot);
    } catch (...) {
      // Kernels already launched may still lower the slot, which this thread's next call reuses.
      cudaStreamSynchronize(p.stream);
      throw;
    }
    tide::detail::synchronize_stream(p.stream, "solve_tridiagonal");
    first = *flag;
  } else {
    tide::detail::temporary_buffer<unsigned long long> failed(p, 1, "solve_tridiagonal");
    clear_failed_flag(failed.data(), p.stream);
    solve_tridiagonal_async<T>(p, algorithm, a, b, c, d, x, n, batch, interleaved, failed.data());
    // Into pinned memory: a copy to pageable memory costs several microseconds more.
    auto* slot = static_cast<unsigned long long*>(tide::detail::host_result_slot(sizeof(unsigned long long), "solve_tridiagonal"));
    tide::detail::device_copy_bytes(slot, failed.data(), sizeof *slot, tide::detail::copy_kind::device_to_host,
                                    p.stream, true, "solve_tridiagonal");
    first = *slot;
  }
  return first == no_failed_system ? size_type(-1) : size_type(first);
}

}  // namespace detail

/// Solves `batch` systems of n rows (n >= 1, batch >= 1) in T; returns the lowest system with a
/// zero pivot or a non-finite solution, or -1. Waits for the stream.
template <class T, class A, class B, class C, class D, class X>
size_type solve_tridiagonal(const cuda_policy& p, A a, B b, C c, D d, X x, size_type n, size_type batch,
                            bool interleaved) {
  return detail::solve_tridiagonal_with<T>(p, detail::tridiagonal_algorithm::automatic, a, b, c, d, x, n, batch,
                                           interleaved);
}

}  // namespace tide::backend::cuda
