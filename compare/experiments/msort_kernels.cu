// Session 29: where the merge sort's time goes (issue 18's sort_custom rows, 0.98-0.99x Thrust at
// 2^24-2^26 on the H200). f32 keys by a caller's `a > b` (compare/'s sort_custom) at 2^12-2^26, and
// merge of two sorted u32 halves at 2^24 and 2^28; tide and Thrust (par_nosync) in one binary, every
// output checked against Thrust's. Modes: `time` (medians of events, as merge_family_ab.cu) and
// `once` (the sort at 2^24 only, one warm-up and one call of each, for ncu's per-kernel durations:
//   ncu --clock-control none --metrics gpu__time_duration.sum --csv msort_kernels once).
// Build (sm_90): nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda
//   --expt-relaxed-constexpr -Xcompiler=-fopenmp -Iinclude compare/experiments/msort_kernels.cu
//   build/cuda/libtide.a -lgomp
#include <tide/tide.hpp>
#include <thrust/execution_policy.h>
#include <thrust/merge.h>
#include <thrust/sort.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "custom_sort_rows.cuh"

static bool ok = true;

int main(int argc, char** argv) {
  const bool once = argc > 1 && std::strcmp(argv[1], "once") == 0;
  const char* label = argc > 2 ? argv[2] : "run";
  const std::vector<int> sizes = once ? std::vector<int>{24} : std::vector<int>{12, 14, 16, 20, 22, 24, 26};
  for (int e : sizes) {
    const std::size_t n = std::size_t(1) << e;
    custom_sort_bench b(uniform_floats_device(n, 20 + e), n, once ? 2 : e <= 20 ? 41 : 9);
    bool good = false;
    const double ti = b.time([&] { tide::sort(tide::device, b.keys(), b.keys() + n, custom_greater{}); }, good);
    ok = ok && good;
    std::printf("%s sort_custom f32 2^%d tide %.4f ms thrust %.4f ms thrust/tide %.3f %s\n", label, e, ti, b.thrust_ms,
                b.thrust_ms / ti, good ? "ok" : "WRONG");
  }
  // merge of two sorted u32 halves (compare/'s merge rows), tide against Thrust.
  for (int e : once ? std::vector<int>{} : std::vector<int>{24, 28}) {
    const std::size_t n = std::size_t(1) << e, h = n / 2;
    std::vector<std::uint32_t> v(n);
    std::mt19937 g(40 + e);
    for (auto& x : v) x = g();
    std::sort(v.begin(), v.begin() + h);
    std::sort(v.begin() + h, v.end());
    std::uint32_t *in, *out, *ref;
    CK(cudaMalloc(&in, n * 4));
    CK(cudaMalloc(&out, n * 4));
    CK(cudaMalloc(&ref, n * 4));
    CK(cudaMemcpy(in, v.data(), n * 4, cudaMemcpyHostToDevice));
    auto none = [] {};
    const double th =
        time_prepped_ms(none, [&] { thrust::merge(thrust::cuda::par_nosync, in, in + h, in + h, in + n, ref); }, 9);
    const double ti = time_prepped_ms(none, [&] { tide::merge(tide::device, in, in + h, in + h, in + n, out); }, 9);
    const bool good = tide::equal(tide::device, out, out + n, ref);
    ok = ok && good;
    std::printf("%s merge u32 2^%d tide %.4f ms thrust %.4f ms thrust/tide %.3f %s\n", label, e, ti, th, th / ti,
                good ? "ok" : "WRONG");
    for (auto* p : {in, out, ref}) CK(cudaFree(p));
  }
  std::printf("%s %s\n", label, ok ? "all checks passed" : "A CHECK FAILED");
  return ok ? 0 : 1;
}
