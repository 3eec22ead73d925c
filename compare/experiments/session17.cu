// Session 17 microbenchmarks (H100), each row checked against the reference:
//   msort    the merge sort by a user comparator (f32, a > b) at 2^12 .. 2^20 in several block
//            shapes (tiles sorted by a block, the rounds' tiles) beside Thrust's sort and tide::sort:
//            which shape is fastest at the small sizes, where one or a few blocks sort a tile?
//   sorted   is_sorted on 2^k sorted u32 (i / 3) against memcpy and Thrust.
// Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/session17.cu <build>/libtide.a -lgomp
#include <tide/tide.hpp>
#include <thrust/execution_policy.h>
#include <thrust/logical.h>
#include <thrust/sort.h>

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "experiment.cuh"
#include "sorted_rows.cuh"

namespace td = tide::backend::cuda::detail;

struct custom_greater {
  template <class T>
  __host__ __device__ bool operator()(const T& a, const T& b) const { return a > b; }
};

/// A merge sort shape: tiles of Threads x Items sorted by a block, rounds of RT x RI outputs.
template <int Threads, int Items, int RT, int RI>
struct msort_shape {
  static constexpr int threads = Threads, items = Items, tile = Threads * Items;
  using round = td::merge_round_shape<RT, RI>;
};

static void msort_rows(std::size_t n) {
  std::vector<float> h(n);
  std::mt19937 g(12);
  std::uniform_real_distribution<float> u(-1e6f, 1e6f);
  for (auto& x : h) x = u(g);
  float *src, *k, *ref;
  CK(cudaMalloc(&src, n * 4));
  CK(cudaMalloc(&k, n * 4));
  CK(cudaMalloc(&ref, n * 4));
  CK(cudaMemcpy(src, h.data(), n * 4, cudaMemcpyHostToDevice));
  auto restore = [&](float* d) { CK(cudaMemcpyAsync(d, src, n * 4, cudaMemcpyDeviceToDevice)); };
  auto thrust_sort = [&] { thrust::sort(thrust::cuda::par_nosync, ref, ref + n, custom_greater{}); };
  const double th = time_prepped_ms([&] { restore(ref); }, thrust_sort, 21);
  std::vector<float> r(n), o(n);
  CK(cudaMemcpy(r.data(), ref, n * 4, cudaMemcpyDeviceToHost));
  auto row = [&](const char* label, auto&& f) {
    const double ms = time_prepped_ms([&] { restore(k); }, f, 21);
    CK(cudaMemcpy(o.data(), k, n * 4, cudaMemcpyDeviceToHost));
    std::printf("msort n=%zu %-14s %.4f ms thrust %.4f ms thrust/tide %.3f %s\n", n, label, ms, th, th / ms,
                o == r ? "same" : "MISMATCH");
  };
  const tide::size_type nn = tide::size_type(n);
  row("tide::sort", [&] { tide::sort(tide::device, k, k + n, custom_greater{}); });
  // fused: rounds of at most this many tiles search their own cuts (0: never, as before session 17)
  auto shape = [&](auto tag, const char* label, tide::size_type fused) {
    using S = typename decltype(tag)::type;
    char name[64];
    std::snprintf(name, sizeof name, "%s f%lld", label, (long long)fused);
    row(name, [&] {
      td::merge_sort_shaped<false, S>(tide::cuda_policy{}, k, k, nn, custom_greater{}, "s17", fused);
    });
  };
  using big = std::common_type<msort_shape<1024, 17, 512, 17>>;
  using mid = std::common_type<msort_shape<512, 17, 512, 17>>;
  using small = std::common_type<msort_shape<256, 17, 256, 17>>;
  shape(big{}, "1024x17/512", 0);  // session 16's merge sort
  shape(big{}, "1024x17/512", 1024);
  shape(mid{}, "512x17/512", 1024);
  if (n <= (std::size_t(1) << 20)) shape(small{}, "256x17/256", 1024);
  for (float* p : {src, k, ref}) CK(cudaFree(p));
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "msort";
  const int lo = argc > 2 ? std::atoi(argv[2]) : 12;
  const int hi = argc > 3 ? std::atoi(argv[3]) : lo;
  if (mode == "msort") {
    for (int e = lo; e <= hi; e += (e < 24 ? 1 : 2)) msort_rows(std::size_t(1) << e);
  } else if (mode == "sorted") {
    for (int e = lo; e <= hi; e += 2) {
      const std::size_t n = std::size_t(1) << e;
      sorted_rows(n, memcpy_row(n), true);
    }
  }
  return 0;
}
