// is_sorted on n sorted u32 (i / 3) against memcpy's rate and Thrust, and (hits) is_sorted_until
// with a descent at 1% and at half: the rows sessions 16 and 17's microbenchmarks share.
#pragma once
#include <tide/tide.hpp>
#include <thrust/execution_policy.h>
#include <thrust/logical.h>
#include <thrust/sort.h>

#include <cstdio>
#include <vector>

#include "experiment.cuh"

inline void sorted_rows(std::size_t n, double memcpy_gbs, bool hits = false) {
  using T = unsigned;
  std::vector<T> h(n);
  for (std::size_t i = 0; i < n; ++i) h[i] = T(i / 3);
  T* in;
  CK(cudaMalloc(&in, n * 4));
  CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
  bool got = false;
  const double ms = time_ms([&] { got = tide::is_sorted(tide::device, in, in + n); });
  const double th = time_ms([&] { (void)thrust::is_sorted(thrust::cuda::par_nosync, in, in + n); });
  const double moved = double(n) * 4;
  std::printf("is_sorted n=%zu tide %.4f ms (%.1f%% of memcpy) thrust %.4f ms thrust/tide %.2f %s\n", n, ms,
              100.0 * moved / ms / 1e6 / memcpy_gbs, th, th / ms, got ? "same" : "MISMATCH");
  if (hits) {
    // A hit at 1% and at half (find_if's shape in adjacent mode): the answer must be that index.
    for (double at : {0.01, 0.5}) {
      const std::size_t i = std::size_t(double(n) * at);
      const T bad = 0, keep = h[i];
      CK(cudaMemcpy(in + i, &bad, 4, cudaMemcpyHostToDevice));
      T* until = nullptr;
      const double mu = time_ms([&] { until = tide::is_sorted_until(tide::device, in, in + n); });
      std::printf("is_sorted_until n=%zu hit at %.0f%% %.4f ms %s\n", n, at * 100, mu,
                  std::size_t(until - in) == i ? "same" : "MISMATCH");
      CK(cudaMemcpy(in + i, &keep, 4, cudaMemcpyHostToDevice));
    }
  }
  CK(cudaFree(in));
}
