// Session 18 microbenchmark (H100): histogram_range with many bounds, tide against CUB's
// HistogramRange, every row checked against CUB's counts (exact). Build it twice, against the old
// headers and the new, and run both in one call:
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -DLABEL='"new"' -Iinclude compare/experiments/histogram_range.cu \
//        <build>/libtide.a -lgomp
// Samples as compare/bench_histogram.cu makes them: u32 in [0, 2^24) (or all 0xABCDEF), f32 in [0, 1);
// bounds evenly spaced over that range.
#include <tide/tide.hpp>
#include <cub/device/device_histogram.cuh>

#include <cstdint>
#include <cstdio>
#include <random>
#include <type_traits>
#include <vector>

#include "experiment.cuh"

#ifndef LABEL
#define LABEL "tide"
#endif

template <class T>
static void rows(std::size_t n, bool all_equal, const std::vector<int>& bin_counts) {
  std::vector<T> h(n);
  std::mt19937_64 g(n ^ 0x4157);
  for (auto& x : h) {
    const std::uint64_t r = g();
    if constexpr (std::is_floating_point_v<T>) x = all_equal ? T(0.3) : T(double(r >> 11) * 0x1p-53);
    else x = all_equal ? T(0x00ABCDEFu) : T(r >> 40);
  }
  T* d_in;
  CK(cudaMalloc(&d_in, n * sizeof(T)));
  CK(cudaMemcpy(d_in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  for (int bins : bin_counts) {
    std::vector<T> levels(std::size_t(bins) + 1);
    for (int i = 0; i <= bins; ++i)
      levels[i] = std::is_floating_point_v<T> ? T(double(i) / bins) : T(std::uint64_t(1u << 24) / bins * i);
    T* d_levels;
    std::uint32_t *d_tide, *d_cub;
    CK(cudaMalloc(&d_levels, levels.size() * sizeof(T)));
    CK(cudaMemcpy(d_levels, levels.data(), levels.size() * sizeof(T), cudaMemcpyHostToDevice));
    CK(cudaMalloc(&d_tide, bins * 4));
    CK(cudaMalloc(&d_cub, bins * 4));
    std::size_t temp_bytes = 0;
    CK(cub::DeviceHistogram::HistogramRange(nullptr, temp_bytes, d_in, d_cub, bins + 1, d_levels, (long long)n));
    void* d_temp;
    CK(cudaMalloc(&d_temp, temp_bytes));
    auto zero = [&](std::uint32_t* d) { return [=] { CK(cudaMemsetAsync(d, 0, bins * 4)); }; };
    const double t_cub = time_prepped_ms(zero(d_cub), [&] {
      CK(cub::DeviceHistogram::HistogramRange(d_temp, temp_bytes, d_in, d_cub, bins + 1, d_levels, (long long)n));
    }, 7);
    const double t_tide = time_prepped_ms(zero(d_tide), [&] {
      tide::histogram_range(tide::device, d_in, d_in + n, d_levels, d_levels + bins + 1, d_tide);
    }, 7);
    // The last timed calls of each left their counts: compare them.
    std::vector<std::uint32_t> a(bins), b(bins);
    CK(cudaMemcpy(a.data(), d_tide, bins * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(b.data(), d_cub, bins * 4, cudaMemcpyDeviceToHost));
    const bool ok = a == b;
    std::printf("%-4s range %s n=2^%d %-9s bins=%6d  tide %8.3f ms  cub %8.3f ms  %6.2fx  %s\n", LABEL,
                std::is_floating_point_v<T> ? "f32" : "u32", int(std::log2(double(n))), all_equal ? "all_equal" : "uniform",
                bins, t_tide, t_cub, t_cub / t_tide, ok ? "ok" : "WRONG");
    CK(cudaFree(d_temp));
    CK(cudaFree(d_levels));
    CK(cudaFree(d_tide));
    CK(cudaFree(d_cub));
  }
  CK(cudaFree(d_in));
}

int main(int argc, char** argv) {
  const int max_log = argc > 1 ? std::atoi(argv[1]) : 28;
  memcpy_row(std::size_t(1) << 28);
  for (int lg : {24, max_log}) {
    const std::size_t n = std::size_t(1) << lg;
    for (bool eq : {false, true}) {
      rows<std::uint32_t>(n, eq, {256, 4096, 16384, 30000, 65536, 100000, 200000});
      rows<float>(n, eq, {1024, 65536});
    }
  }
  return 0;
}
