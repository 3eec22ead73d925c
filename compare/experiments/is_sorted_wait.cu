// Why is is_sorted at 2^28 98% of memcpy's rate in session17.cu (default stream, idle host) but 90%
// in compare/ (a created stream, a host busy with its OpenMP reference work)? About 33 us a call.
// Hypothesis: the wait for the answer (lib/memory_resource.cpp, wait_for_result: spin on the pinned
// flag for 200 us, then cudaStreamSynchronize) wakes late when it blocks. Rows, each the median of
// 20 calls between events on the stream used, 2^28 sorted u32 (i / 3):
//   default stream / a created stream / a created non-blocking stream,
//   each with an idle host and with `busy` threads spinning on every other core,
// and thrust::is_sorted and memcpy in the same conditions. Session 18 (H100): 97.1-97.8% of memcpy
// in all six conditions, so the wait is not the gap (docs/notes/sort.md). Build (sm_90):
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
  CK(cudaStreamDestroy(blocking));
  CK(cudaStreamDestroy(nonblocking));
  CK(cudaFree(in));
  CK(cudaFree(copy));
  return 0;
}
