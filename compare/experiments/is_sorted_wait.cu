// Why is is_sorted at 2^28 98% of memcpy's rate in session17.cu (default stream, idle host) but 90%
// in compare/ (a created stream, a host busy with its OpenMP reference work)? About 33 us a call.
// Hypothesis: the wait for the answer (lib/memory_resource.cpp, wait_for_result: spin on the pinned
// flag for 200 us, then cudaStreamSynchronize) wakes late when it blocks. Rows, each the median of
// 20 calls between events on the stream used, 2^28 sorted u32 (i / 3):
//   default stream / a created stream / a created non-blocking stream,
//   each with an idle host and with `busy` threads spinning on every other core,
// and thrust::is_sorted and memcpy in the same conditions. Session 18 (H100): 97.1-97.8% of memcpy
// in all six conditions, so the wait is not the gap (docs/notes/sort.md). Then (added in session 18)
// compare_shaped_rows: compare/'s input and timing; session 19 (H100): 96.0% and 95.9% of memcpy,
// and compare/ itself gave 95% in session 19's run: session 17's 90% was the spread between runs.
// Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/is_sorted_wait.cu <build>/libtide.a -lgomp
#include <tide/tide.hpp>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

#include "experiment.cuh"

/// Median of 20 calls of f (after a warm-up) between events on `s`.
template <class F>
static double time_on(cudaStream_t s, F&& f) {
  return time_prepped_ms([] {}, f, 21, s);
}

/// As compare/ times its is_sorted row (device_ctx.cuh time_runs, bench_find.cu): 3 copies of the
/// input used in turn, an event pair a call with no synchronization between calls, the median of
/// 30; input 0, 1, ..., n - 1 (compare/'s) and i / 3 (the rows above). Which of the two (the data or
/// the timing) makes compare/'s 90% at 2^28 against 97-98% above?
static void compare_shaped_rows(std::size_t n, int log2n, cudaStream_t s) {
  constexpr int copies = 3, runs = 30;
  std::vector<unsigned> h(n);
  unsigned* d[copies];
  for (auto& p : d) CK(cudaMalloc(&p, n * 4));
  std::vector<cudaEvent_t> ev(2 * runs);
  for (auto& e : ev) CK(cudaEventCreate(&e));
  for (int pattern = 0; pattern < 2; ++pattern) {
    for (std::size_t i = 0; i < n; ++i) h[i] = unsigned(pattern == 0 ? i : i / 3);
    for (auto* p : d) CK(cudaMemcpy(p, h.data(), n * 4, cudaMemcpyHostToDevice));
    bool all = true;
    for (int w = 0; w < 3; ++w) all &= tide::is_sorted(tide::device.on(s), d[w % copies], d[w % copies] + n);
    for (int r = 0; r < runs; ++r) {
      CK(cudaEventRecord(ev[2 * r], s));
      all &= tide::is_sorted(tide::device.on(s), d[r % copies], d[r % copies] + n);
      CK(cudaEventRecord(ev[2 * r + 1], s));
    }
    CK(cudaStreamSynchronize(s));
    std::vector<float> t(runs);
    for (int r = 0; r < runs; ++r) CK(cudaEventElapsedTime(&t[r], ev[2 * r], ev[2 * r + 1]));
    std::sort(t.begin(), t.end());
    const double mem = time_on(s, [&] { CK(cudaMemcpyAsync(d[1], d[0], n * 4, cudaMemcpyDeviceToDevice, s)); });
    std::printf("n=2^%d compare-shaped input %-6s 3 copies: tide %.4f ms (%.1f%% of memcpy %.4f ms) %s\n", log2n,
                pattern == 0 ? "i" : "i / 3", t[runs / 2], 100.0 * (mem / 2) / t[runs / 2], mem,
                all ? "sorted" : "MISMATCH");
  }
  for (auto& e : ev) CK(cudaEventDestroy(e));
  for (auto* p : d) CK(cudaFree(p));
}

int main(int argc, char** argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const std::size_t n = std::size_t(1) << log2n;
  std::vector<unsigned> h(n);
  for (std::size_t i = 0; i < n; ++i) h[i] = unsigned(i / 3);
  unsigned *in, *copy;
  CK(cudaMalloc(&in, n * 4));
  CK(cudaMalloc(&copy, n * 4));
  CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
  cudaStream_t blocking, nonblocking;
  CK(cudaStreamCreate(&blocking));
  CK(cudaStreamCreateWithFlags(&nonblocking, cudaStreamNonBlocking));
  const unsigned cores = std::max(2u, std::thread::hardware_concurrency());
  for (int busy : {0, 1}) {
    std::atomic<bool> stop{false};
    std::vector<std::thread> spinners;
    if (busy)
      for (unsigned c = 1; c < cores; ++c)
        spinners.emplace_back([&] {
          volatile unsigned long long x = 0;
          while (!stop.load(std::memory_order_relaxed)) x = x + 1;
        });
    for (const auto& ns : {std::pair<const char*, cudaStream_t>{"default", cudaStream_t(0)},
                           {"created", blocking}, {"non-blocking", nonblocking}}) {
      const char* name = ns.first;
      cudaStream_t s = ns.second;
      const double mem = time_on(s, [&] { CK(cudaMemcpyAsync(copy, in, n * 4, cudaMemcpyDeviceToDevice, s)); });
      bool got = false;
      const double ms = time_on(s, [&] { got = tide::is_sorted(tide::device.on(s), in, in + n); });
      const double th = time_on(s, [&] { (void)thrust::is_sorted(thrust::cuda::par_nosync.on(s), in, in + n); });
      std::printf("n=2^%d host %s stream %-12s memcpy %.4f ms  tide %.4f ms (%.1f%% of memcpy) %s  thrust %.4f ms\n",
                  log2n, busy ? "busy" : "idle", name, mem, ms, 100.0 * (mem / 2) / ms, got ? "sorted" : "MISMATCH", th);
    }
    stop = true;
    for (auto& t : spinners) t.join();
  }
  compare_shaped_rows(n, log2n, blocking);
  CK(cudaStreamDestroy(blocking));
  CK(cudaStreamDestroy(nonblocking));
  CK(cudaFree(in));
  CK(cudaFree(copy));
  return 0;
}
