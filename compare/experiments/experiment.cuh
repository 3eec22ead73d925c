// What the GPU microbenchmarks in compare/experiments share: a CUDA error check that ends the
// program, the median timing of calls between events, and the memcpy roofline row.
// Call Thrust as compare/ does, with thrust::cuda::par_nosync (temporaries from cudaMallocAsync's
// pool): under thrust::device it allocates them with cudaMalloc and frees them with cudaFree in
// every call. Thrust's times recorded up to session 17 (session14-17.cu) came from thrust::device,
// which flattered tide, most at small sizes (docs/notes/sort.md).
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CK(x)                                                                             \
  do {                                                                                    \
    cudaError_t e_ = (x);                                                                 \
    if (e_ != cudaSuccess) {                                                              \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorName(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)

/// Median of `reps - 1` timed calls of f (the first is a warm-up), each after prep() outside the
/// events, recorded on `stream` (the default stream unless given).
template <class Prep, class F>
double time_prepped_ms(Prep&& prep, F&& f, int reps = 9, cudaStream_t stream = 0) {
  std::vector<float> t;
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int r = 0; r < reps; ++r) {
    prep();
    CK(cudaEventRecord(a, stream));
    f();
    CK(cudaEventRecord(b, stream));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    if (r) t.push_back(ms);
  }
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  return double(t[t.size() / 2]);
}

/// Median of reps - 1 calls queued back to back on the default stream, each between its own events
/// after prep() (outside them), one wait at the end: as compare/ times a row
/// (harness/device_ctx.cuh), where the host runs ahead of short calls instead of waiting for each.
template <class Prep, class F>
double time_queued_ms(Prep&& prep, F&& f, int reps = 101) {
  std::vector<cudaEvent_t> ev(2 * std::size_t(reps));
  for (auto& e : ev) CK(cudaEventCreate(&e));
  for (int r = 0; r < reps; ++r) {
    prep();
    CK(cudaEventRecord(ev[2 * r], 0));
    f();
    CK(cudaEventRecord(ev[2 * r + 1], 0));
  }
  CK(cudaDeviceSynchronize());
  std::vector<float> t;
  for (int r = 1; r < reps; ++r) {
    float ms;
    CK(cudaEventElapsedTime(&ms, ev[2 * r], ev[2 * r + 1]));
    t.push_back(ms);
  }
  for (auto& e : ev) CK(cudaEventDestroy(e));
  std::sort(t.begin(), t.end());
  return double(t[t.size() / 2]);
}

/// Median of reps - 1 timed calls (the first warms up), with nothing between them.
template <class F>
double time_ms(F&& f, int reps = 21) {
  return time_prepped_ms([] {}, f, reps);
}

/// The memcpy roofline of n u32 (device to device), printed; returns its rate in GB/s (bytes read
/// and written).
inline double memcpy_row(std::size_t n) {
  void *a, *b;
  CK(cudaMalloc(&a, n * 4));
  CK(cudaMalloc(&b, n * 4));
  CK(cudaMemset(a, 1, n * 4));
  const double ms = time_ms([&] { CK(cudaMemcpyAsync(b, a, n * 4, cudaMemcpyDeviceToDevice)); });
  const double gbs = 2.0 * n * 4 / ms / 1e6;
  std::printf("memcpy u32 n=%zu %.4f ms  %.1f GB/s\n", n, ms, gbs);
  CK(cudaFree(a));
  CK(cudaFree(b));
  return gbs;
}

/// n floats uniform in [0, 1) from mt19937(seed), in a new device buffer (cudaFree it): the f32 keys
/// the merge sort experiments sort by a caller's `a > b` (merge_family_ab.cu, msort_kernels.cu).
inline float* uniform_floats_device(std::size_t n, unsigned seed) {
  std::vector<float> h(n);
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> d(0.f, 1.f);
  for (auto& x : h) x = d(g);
  float* p;
  CK(cudaMalloc(&p, n * sizeof(float)));
  CK(cudaMemcpy(p, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  return p;
}

/// compare/'s set-operation data: a[i] = 2i or 2i + 1, b[i] = n/2 + 2i or + 1 (sorted, half
/// overlapping), as device arrays of n/2 and n - n/2 u32.
inline void half_overlap_inputs(std::size_t n, unsigned*& a, unsigned*& b) {
  const std::size_t na = n / 2, nb = n - na;
  std::vector<unsigned> ha(na), hb(nb);
  std::mt19937 g(16);
  for (std::size_t i = 0; i < na; ++i) ha[i] = unsigned(2 * i + (g() & 1));
  for (std::size_t i = 0; i < nb; ++i) hb[i] = unsigned(na + 2 * i + (g() & 1));
  CK(cudaMalloc(&a, na * 4));
  CK(cudaMalloc(&b, nb * 4));
  CK(cudaMemcpy(a, ha.data(), na * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(b, hb.data(), nb * 4, cudaMemcpyHostToDevice));
}
