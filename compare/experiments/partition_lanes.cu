// Session 32: the merge sort's partition kernel with each search width (partition_search.hpp:
// 2^log2_lanes lanes a cut, 0 = one thread), at the cut counts its rounds have: runs of `width`
// sorted f32 keys in pairs (each run k * s, s a random scale a run, so pairs interleave unevenly),
// one partition of round tiles of 4,352 or 8,704 outputs, timed alone (median of 25 launches,
// events), for the round's first pairs (width 17,408 x 4) and its last (width n / 2). Every width's
// splits are checked against one thread's.
// Build (sm_90): nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda
//   --expt-relaxed-constexpr -Xcompiler=-fopenmp -Iinclude compare/experiments/partition_lanes.cu
//   build/cuda/libtide.a -lgomp
#include <tide/tide.hpp>

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "experiment.cuh"

namespace cd = tide::backend::cuda::detail;
using tide::size_type;

struct less_f {
  __host__ __device__ bool operator()(float a, float b) const { return a < b; }
};

__global__ void fill_runs(float* k, size_type n, size_type width, const float* scale) {
  const size_type i = size_type(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) k[i] = float(i % width) * scale[i / width];
}

template <int Tile>
static void rows(int e, size_type width, bool& ok) {
  const size_type n = size_type(1) << e;
  const size_type runs = (n + width - 1) / width, tiles = (n + Tile - 1) / Tile;
  std::vector<float> hs(runs);
  std::mt19937 g(unsigned(e * 131 + width % 977));
  std::uniform_real_distribution<float> u(0.5f, 2.0f);
  for (auto& x : hs) x = u(g);
  float *k, *s;
  size_type* splits;
  CK(cudaMalloc(&k, n * 4));
  CK(cudaMalloc(&s, runs * 4));
  CK(cudaMalloc(&splits, tiles * 8));
  CK(cudaMemcpy(s, hs.data(), runs * 4, cudaMemcpyHostToDevice));
  fill_runs<<<unsigned((n + 255) / 256), 256>>>(k, n, width, s);
  CK(cudaGetLastError());
  std::vector<size_type> want(tiles), got(tiles);
  for (int l : {0, 1, 2, 3, 4, 5}) {
    auto launch = [&] {
      cd::merge_sort_partition_kernel<Tile, const float*, less_f>
          <<<cd::partition_grid(tiles, l), cd::partition_threads>>>(k, n, width, tiles, splits, less_f{}, l);
    };
    const double ms = time_prepped_ms([] {}, launch, 25);
    CK(cudaMemcpy(got.data(), splits, tiles * 8, cudaMemcpyDeviceToHost));
    if (l == 0) want = got;
    const bool same = got == want;
    ok = ok && same;
    std::printf("partition 2^%d tile %d width %lld cuts %lld lanes %2d %.2f us %s\n", e, Tile, (long long)width,
                (long long)tiles, 1 << l, ms * 1e3, same ? "same" : "MISMATCH");
  }
  CK(cudaFree(k));
  CK(cudaFree(s));
  CK(cudaFree(splits));
}

int main() {
  bool ok = true;
  for (int e : {22, 24, 26, 28}) {
    const size_type n = size_type(1) << e;
    for (size_type width : {size_type(17408) * 4, n / 2}) {
      rows<4352>(e, width, ok);
      rows<8704>(e, width, ok);
    }
  }
  std::printf("%s\n", ok ? "all checks passed" : "A CHECK FAILED");
  return ok ? 0 : 1;
}
