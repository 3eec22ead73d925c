// The merge sort by a user comparator at 2^11..2^17 f32 keys (issue 18 asks 1.1x Thrust at every
// size; compare/ had 0.92x at 2^12 and 2^14 in session 17): tide::sort (the one-block sort up to
// 4,352 keys, the merge sort above) beside merge_sort_shaped in smaller shapes, every round
// searching its own cuts, and Thrust as compare/ calls it (par_nosync: temporaries from
// cudaMallocAsync's pool; thrust::device would add a cudaMalloc and a cudaFree a call). Each row
// the median of 20 calls, checked against Thrust's order. Not yet run (session 17).
// Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/small_msort.cu <build>/libtide.a -lgomp
#include <tide/tide.hpp>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#include <cstdio>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "experiment.cuh"

namespace td = tide::backend::cuda::detail;

struct custom_greater {
  template <class T>
  __host__ __device__ bool operator()(const T& a, const T& b) const { return a > b; }
};

/// Tiles of Threads x Items sorted by a block, rounds of the same shape (Threads >= 64).
template <int Threads, int Items>
struct shape {
  static constexpr int threads = Threads, items = Items, tile = Threads * Items;
  using round = td::merge_round_shape<Threads, Items>;
};

static void rows(std::size_t n) {
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
  const double th = time_prepped_ms([&] { restore(ref); },
                                    [&] { thrust::sort(thrust::cuda::par_nosync, ref, ref + n, custom_greater{}); },
                                    21);
  std::vector<float> r(n), o(n);
  CK(cudaMemcpy(r.data(), ref, n * 4, cudaMemcpyDeviceToHost));
  auto row = [&](const char* label, auto&& f) {
    const double ms = time_prepped_ms([&] { restore(k); }, f, 21);
    CK(cudaMemcpy(o.data(), k, n * 4, cudaMemcpyDeviceToHost));
    std::printf("n=%zu %-12s %.4f ms  thrust(par_nosync) %.4f ms  thrust/tide %.3f %s\n", n, label, ms, th, th / ms,
                o == r ? "same" : "MISMATCH");
  };
  const tide::size_type nn = tide::size_type(n), all = tide::size_type(1) << 40;
  row("tide::sort", [&] { tide::sort(tide::device, k, k + n, custom_greater{}); });
  auto shaped = [&](auto tag, const char* label) {
    using S = typename decltype(tag)::type;
    row(label, [&] { td::merge_sort_shaped<false, S>(tide::cuda_policy{}, k, k, nn, custom_greater{}, "x", all); });
  };
  shaped(std::common_type<shape<512, 17>>{}, "512x17");
  shaped(std::common_type<shape<256, 17>>{}, "256x17");
  shaped(std::common_type<shape<256, 9>>{}, "256x9");
  shaped(std::common_type<shape<128, 17>>{}, "128x17");
  shaped(std::common_type<shape<128, 9>>{}, "128x9");
  shaped(std::common_type<shape<64, 17>>{}, "64x17");
  for (float* p : {src, k, ref}) CK(cudaFree(p));
}

int main(int argc, char** argv) {
  const int lo = argc > 1 ? std::atoi(argv[1]) : 11;
  const int hi = argc > 2 ? std::atoi(argv[2]) : 17;
  for (int e = lo; e <= hi; ++e) rows(std::size_t(1) << e);
  return 0;
}
