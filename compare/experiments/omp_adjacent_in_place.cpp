// Session 23 (issue 19): adjacent_difference in place on the host, u32, compare/'s row
// (minus_in_place: the working copy refreshed by a one-thread memcpy before each call, untimed).
// tide::par against Thrust's OpenMP backend, and two forms of tide's chunk loop written out here:
// forward through a 1 KiB buffer (the library's form up to session 23) and backward in place.
//   g++ -std=c++17 -O3 -fopenmp -mcx16 -DTIDE_DEVICE_SYSTEM=2 -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_OMP \
//       -Iinclude -I<cccl> compare/experiments/omp_adjacent_in_place.cpp <omp build>/libtide.a -latomic
#include <tide/tide.hpp>
#include <thrust/adjacent_difference.h>
#include <thrust/system/omp/execution_policy.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using T = std::uint32_t;

void chunks_forward(T* a, std::int64_t n) {
  const int P = omp_get_max_threads();
  std::vector<T> before(P);
  for (int c = 1; c < P; ++c) before[c] = a[n * c / P - 1];
#pragma omp parallel for num_threads(P) schedule(static, 1)
  for (int c = 0; c < P; ++c) {
    const std::int64_t b = n * c / P, e = n * (c + 1) / P, lo = c == 0 ? b + 1 : b;
    constexpr std::int64_t block = 256;
    T buf[block + 1];
    buf[block] = c == 0 ? a[0] : before[c];
    for (std::int64_t from = lo; from < e; from += block) {
      const std::int64_t k = std::min(block, e - from);
      buf[0] = buf[block];
      for (std::int64_t j = 0; j < k; ++j) buf[j + 1] = a[from + j];
      for (std::int64_t j = 0; j < k; ++j) a[from + j] = buf[j + 1] - buf[j];
      buf[block] = buf[k];
    }
  }
}

void chunks_backward(T* a, std::int64_t n) {
  const int P = omp_get_max_threads();
  std::vector<T> before(P);
  for (int c = 1; c < P; ++c) before[c] = a[n * c / P - 1];
#pragma omp parallel for num_threads(P) schedule(static, 1)
  for (int c = 0; c < P; ++c) {
    const std::int64_t b = n * c / P, e = n * (c + 1) / P;
    for (std::int64_t i = e - 1; i > b; --i) a[i] = a[i] - a[i - 1];
    if (c > 0) a[b] = a[b] - before[c];
  }
}

template <class F>
double median_us(std::vector<T>& work, const std::vector<T>& input, F f) {
  std::vector<double> t;
  for (int r = 0; r < 51; ++r) {
    std::memcpy(work.data(), input.data(), input.size() * sizeof(T));
    const auto t0 = std::chrono::steady_clock::now();
    f(work.data(), std::int64_t(work.size()));
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  }
  bool ok = work[0] == input[0];
  for (std::size_t i = 1; i < input.size(); ++i) ok = ok && work[i] == T(input[i] - input[i - 1]);
  if (!ok) std::printf("WRONG\n");
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main() {
  for (int lg : {16, 20, 24}) {
    std::vector<T> input(std::size_t(1) << lg), work(input.size());
    std::mt19937 g(lg);
    for (auto& x : input) x = g();
    for (int rep = 0; rep < 2; ++rep) {
      const double tide_us = median_us(work, input, [](T* a, std::int64_t n) { tide::adjacent_difference(tide::par, a, a + n, a); });
      const double thrust_us = median_us(work, input, [](T* a, std::int64_t n) { thrust::adjacent_difference(thrust::omp::par, a, a + n, a); });
      const double fwd_us = median_us(work, input, chunks_forward);
      const double bwd_us = median_us(work, input, chunks_backward);
      std::printf("2^%d threads %d: tide %.1f us, thrust %.1f us, forward chunks %.1f us, backward chunks %.1f us\n", lg,
                  omp_get_max_threads(), tide_us, thrust_us, fwd_us, bwd_us);
    }
  }
}
