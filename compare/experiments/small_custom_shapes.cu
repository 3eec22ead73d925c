// Sorts by a user comparator of 1,000 to 4,352 keys (issue 18: sort_custom at 2^12 was 0.92x
// Thrust in compare/, 16.1 against 14.8 us), on random f32 keys by `a > b`, each checked against
// Thrust's order (par_nosync, as compare/ calls it); docs/notes/sort.md, session 24. Rows:
//   - small_sort_kernel launched directly in several one-block shapes, and an empty kernel;
//   - two launches: blocks sort chunks in place, then one block, launched as a programmatic
//     dependent, merges the runs (merge_runs_kernel; a leaner variant of it);
//   - one launch: chunks, then block 0 merges after a cooperative grid.sync, or the last block to
//     take a ticket (`ab` mode);
//   - tide::sort and Thrust.
// Two timings a row:
//   synced: the median of 20 calls, each waited for (launch latency included);
//   queued: as compare/ times (harness/device_ctx.cuh): 100 calls queued, each between its own
//           events after the input's copy, one wait at the end.
// `small_custom_shapes ab [sizes]`: Thrust's and tide::sort's rows (built against two trees, the
// A/B of a change), then the two- and one-launch variants.
// Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/small_custom_shapes.cu build/cuda/libtide.a -lgomp
#include <tide/tide.hpp>
#include <cooperative_groups.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "custom_sort_rows.cuh"

namespace td = tide::backend::cuda::detail;

template <int Threads, int Items>
static void shape_row(custom_sort_bench& bench, float* src, const char* label) {
  const int n = int(bench.size());
  if (n > Threads * Items) return;
  auto run = [&] {
    td::small_sort_kernel<Threads, Items, false, float, float, float*, float*, custom_greater>
        <<<1, Threads>>>(bench.keys(), bench.keys(), n, custom_greater{});
  };
  bench.row("synced", label, run);
  const double q = time_queued_ms(
      [&] { CK(cudaMemcpyAsync(bench.keys(), src, std::size_t(n) * 4, cudaMemcpyDeviceToDevice)); }, run);
  std::printf("queued n=%d %-16s %.4f ms\n", n, label, q);
}

/// Kernel 2: one block merges sorted runs of `width` keys up to the whole of keys[0, n).
template <int Threads, int Items, class Comp>
__global__ void __launch_bounds__(Threads, 1) merge_runs_kernel(float* keys, int n, int width0, Comp comp) {
  __shared__ td::shared_array<float, Threads * Items> s;
  td::grid_dependency_wait();
  float k[Items];
  td::load_blocked<Threads, Items>(keys, n, k, s.data());
  float v[1];
  td::block_merge_levels<Threads, Items, false>(k, v, n, s.data(), s.data(), comp, width0, n);
  td::store_blocked<Threads, Items>(keys, n, k, s.data());
}

__global__ void empty_kernel() {}

/// Kernel 2, leaner: the keys go straight into shared memory (striped, no blocked registers), and
/// the last level writes its outputs to global memory from registers (Direct) or through shared
/// memory (coalesced).
template <int Threads, int Items, bool Direct, class Comp>
__global__ void __launch_bounds__(Threads, 1) merge_runs_lean_kernel(float* keys, int n, int width0, Comp comp) {
  __shared__ td::shared_array<float, Threads * Items> s;
  td::grid_dependency_wait();
  {
    float x[Items];
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (u * Threads + int(threadIdx.x) < n) x[u] = keys[u * Threads + threadIdx.x];
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (u * Threads + int(threadIdx.x) < n) s.data()[u * Threads + threadIdx.x] = x[u];
  }
  __syncthreads();
  const int start = threadIdx.x * Items;
  float k[Items];
  for (int width = width0; width < n; width *= 2) {
    if (start < n) {
      const int pair = start / (2 * width) * (2 * width);
      const int a_end = min(pair + width, n), b_end = min(pair + 2 * width, n);
      const int diag = start - pair;
      const int i = td::merge_path(s.data() + pair, a_end - pair, s.data() + a_end, b_end - a_end, diag, comp);
      int idx[Items];
      td::serial_merge(s.data(), pair + i, a_end, a_end + diag - i, b_end, k, idx, comp, start);
    }
    __syncthreads();
    if (Direct && 2 * width >= n) {
#pragma unroll
      for (int u = 0; u < Items; ++u)
        if (start + u < n) keys[start + u] = k[u];
      return;
    }
#pragma unroll
    for (int u = 0; u < Items; ++u) s.data()[start + u] = k[u];
    __syncthreads();
  }
#pragma unroll
  for (int u = 0; u < Items; ++u)
    if (u * Threads + int(threadIdx.x) < n) keys[u * Threads + threadIdx.x] = s.data()[u * Threads + threadIdx.x];
}

/// One launch: blocks of 512x3 sort chunks of 1536, then block 0 merges them (512x12) after a grid
/// barrier (Coop: cooperative launch, grid.sync) or as the last block to finish (a ticket).
template <bool Coop, class Comp>
__global__ void __launch_bounds__(512, 1) one_launch_kernel(float* keys, int n, Comp comp, unsigned* ticket) {
  __shared__ td::shared_array<float, 512 * 12> s;
  __shared__ bool last;
  constexpr int chunk = 1536;
  {
    float* base = keys + blockIdx.x * chunk;
    const int valid = min(chunk, n - int(blockIdx.x) * chunk);
    float k[3], v[1];
    td::load_blocked<512, 3>(base, valid, k, s.data());
    td::block_merge_sort<512, 3, false>(k, v, valid, s.data(), s.data(), comp);
    td::store_blocked<512, 3>(base, valid, k, s.data());
  }
  if constexpr (Coop) {
    cooperative_groups::this_grid().sync();
    if (blockIdx.x != 0) return;
  } else {
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) {
      last = atomicAdd(ticket, 1u) == gridDim.x - 1;
      if (last) *ticket = 0;  // for the next call (timing only: not safe across streams)
    }
    __syncthreads();
    if (!last) return;
    __threadfence();
  }
  float k[12], v[1];
  td::load_blocked<512, 12>(keys, n, k, s.data());
  td::block_merge_levels<512, 12, false>(k, v, n, s.data(), s.data(), comp, chunk, n);
  td::store_blocked<512, 12>(keys, n, k, s.data());
}

static void one_launch_rows(custom_sort_bench& bench, float* src) {
  const int n = int(bench.size());
  if (n <= 1536 || n > 6144) return;
  static unsigned* ticket = nullptr;
  if (!ticket) {
    CK(cudaMalloc(&ticket, 4));
    CK(cudaMemset(ticket, 0, 4));
  }
  const unsigned blocks = unsigned((n + 1535) / 1536);
  auto restore = [&] { CK(cudaMemcpyAsync(bench.keys(), src, std::size_t(n) * 4, cudaMemcpyDeviceToDevice)); };
  auto coop = [&] {
    float* k = bench.keys();
    int nn = n;
    custom_greater c{};
    unsigned* t = ticket;
    void* args[] = {&k, &nn, &c, &t};
    CK(cudaLaunchCooperativeKernel((void*)one_launch_kernel<true, custom_greater>, dim3(blocks), dim3(512), args, 0, 0));
  };
  auto last = [&] { one_launch_kernel<false><<<blocks, 512>>>(bench.keys(), n, custom_greater{}, ticket); };
  auto last_memset = [&] {
    CK(cudaMemsetAsync(ticket, 0, 4));
    one_launch_kernel<false><<<blocks, 512>>>(bench.keys(), n, custom_greater{}, ticket);
  };
  bench.row("synced", "coop", coop);
  std::printf("queued n=%d %-16s %.4f ms\n", n, "coop 512x3/12", time_queued_ms(restore, coop));
  bench.row("synced", "last", last);
  std::printf("queued n=%d %-16s %.4f ms\n", n, "last 512x3/12", time_queued_ms(restore, last));
  bench.row("synced", "last+memset", last_memset);
  std::printf("queued n=%d %-16s %.4f ms\n", n, "last+memset", time_queued_ms(restore, last_memset));
}

/// Kernel 1 (chunks of T1 x I1) then `merge` (one block of T2 threads, T2 x I2 keys) as a dependent
/// launch; with alone, kernel 1's time by itself too.
template <int T1, int I1, int T2, int I2>
static void two_launch_row(custom_sort_bench& bench, float* src, const char* label,
                           void (*merge)(float*, int, int, custom_greater), bool alone) {
  const int n = int(bench.size());
  constexpr int chunk = T1 * I1;
  static_assert((2 * chunk) % I2 == 0, "runs must pair on the merge block's items");
  if (n <= chunk || n > T2 * I2) return;
  auto restore = [&] { CK(cudaMemcpyAsync(bench.keys(), src, std::size_t(n) * 4, cudaMemcpyDeviceToDevice)); };
  auto first = [&] {  // kernel 1: the library's small_sort_kernel, a chunk a block
    td::small_sort_kernel<T1, I1, false, float, float, float*, float*, custom_greater>
        <<<(n + chunk - 1) / chunk, T1>>>(bench.keys(), bench.keys(), n, custom_greater{});
  };
  auto run = [&] {
    first();
    td::launch_dependent("x", "merge_runs", merge, dim3(1), dim3(T2), 0, 0, bench.keys(), n, chunk, custom_greater{});
  };
  bench.row("synced", label, run);
  std::printf("queued n=%d %-16s %.4f ms\n", n, label, time_queued_ms(restore, run));
  if (alone) std::printf("queued n=%d %-16s %.4f ms (kernel 1 alone)\n", n, label, time_queued_ms(restore, first));
}
template <int T1, int I1, int T2 = 512, int I2 = 8>
static void two_row(custom_sort_bench& bench, float* src, const char* label) {
  two_launch_row<T1, I1, T2, I2>(bench, src, label, merge_runs_kernel<T2, I2, custom_greater>, true);
}
template <int T1, int I1, int T2, int I2, bool Direct>
static void lean_row(custom_sort_bench& bench, float* src, const char* label) {
  two_launch_row<T1, I1, T2, I2>(bench, src, label, merge_runs_lean_kernel<T2, I2, Direct, custom_greater>, false);
}

static bool tide_only = false;  // "ab": Thrust's and tide::sort's rows only (old and new headers)

static void rows(std::size_t n) {
  custom_sort_bench bench(n);
  float* src;  // a second copy of the input for the queued rows
  CK(cudaMalloc(&src, n * 4));
  CK(cudaMemcpy(src, bench.keys(), n * 4, cudaMemcpyDeviceToDevice));
  // bench.keys() holds its last restore: the input. Copy the pristine input once more from a sort-free
  // state: restore through a synced row first.
  bench.row("synced", "noop", [] {});
  CK(cudaMemcpy(src, bench.keys(), n * 4, cudaMemcpyDeviceToDevice));
  auto restore = [&] { CK(cudaMemcpyAsync(bench.keys(), src, n * 4, cudaMemcpyDeviceToDevice)); };
  float* ref;
  CK(cudaMalloc(&ref, n * 4));
  auto restore_ref = [&] { CK(cudaMemcpyAsync(ref, src, n * 4, cudaMemcpyDeviceToDevice)); };
  std::printf("queued n=%zu %-16s %.4f ms\n", n, "thrust",
              time_queued_ms(restore_ref, [&] { thrust::sort(thrust::cuda::par_nosync, ref, ref + n, custom_greater{}); }));
  bench.tide_row("synced");
  std::printf("queued n=%zu %-16s %.4f ms\n", n, "tide::sort", time_queued_ms(restore, [&] {
                tide::sort(tide::device, bench.keys(), bench.keys() + n, custom_greater{});
              }));
  if (tide_only) {
    two_row<128, 9, 512, 9>(bench, src, "2k 128x9 512x9");
    lean_row<128, 9, 512, 9, false>(bench, src, "lean 128x9");
    lean_row<128, 9, 512, 9, true>(bench, src, "lean direct");
    lean_row<256, 9, 512, 9, false>(bench, src, "lean 256x9");
    lean_row<256, 9, 512, 9, true>(bench, src, "lean dir 256x9");
    lean_row<64, 9, 512, 9, true>(bench, src, "lean dir 64x9");
    CK(cudaFree(src));
    CK(cudaFree(ref));
    return;
  }
  std::printf("queued n=%zu %-16s %.4f ms\n", n, "empty kernel", time_queued_ms(restore, [] { empty_kernel<<<1, 32>>>(); }));
  shape_row<256, 17>(bench, src, "256x17");
  shape_row<512, 9>(bench, src, "512x9");
  shape_row<512, 7>(bench, src, "512x7");
  shape_row<1024, 5>(bench, src, "1024x5");
  two_row<256, 4, 512, 8>(bench, src, "2k 256x4 512x8");
  two_row<128, 4, 512, 8>(bench, src, "2k 128x4 512x8");
  two_row<256, 4, 1024, 4>(bench, src, "2k 256x4 1024x4");
  two_row<128, 4, 1024, 4>(bench, src, "2k 128x4 1024x4");
  two_row<256, 5, 1024, 5>(bench, src, "2k 256x5 1024x5");
  two_row<128, 5, 1024, 5>(bench, src, "2k 128x5 1024x5");
  two_row<128, 9, 512, 9>(bench, src, "2k 128x9 512x9");
  two_row<64, 9, 512, 9>(bench, src, "2k 64x9 512x9");
  two_row<256, 3, 512, 3>(bench, src, "2k 256x3 512x3");
  two_row<128, 3, 1024, 3>(bench, src, "2k 128x3 1024x3");
  CK(cudaFree(src));
  CK(cudaFree(ref));
}

int main(int argc, char** argv) {
  std::vector<std::size_t> sizes = {1537, 2048, 2560, 3000, 3584, 4096, 4352, 4096, 2048};
  int first = 1;
  if (argc > 1 && std::string(argv[1]) == "ab") {
    tide_only = true;
    first = 2;
    sizes = {1000, 1536, 1537, 2048, 3000, 3584, 3585, 4096, 4352};
  }
  if (argc > first) {
    sizes.clear();
    for (int i = first; i < argc; ++i) sizes.push_back(std::size_t(std::atol(argv[i])));
  }
  for (std::size_t n : sizes) rows(n);
  return 0;
}
