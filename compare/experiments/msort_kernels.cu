// Session 29: where the merge sort's time goes (issue 18's sort_custom rows, 0.98-0.99x Thrust at
// 2^24-2^26 on the H200). f32 keys by a caller's `a > b` (compare/'s sort_custom) at 2^12-2^26, and
// merge of two sorted u32 halves at 2^24 and 2^28; tide and Thrust (par_nosync) in one binary, every
// output checked against Thrust's. Modes: `time` (medians of events, as merge_family_ab.cu) and
// `once` (the sort at 2^24 only, one warm-up and one call of each, for ncu's per-kernel durations:
//   ncu --clock-control none --metrics gpu__time_duration.sum --csv msort_kernels once).
// `msort_kernels time LABEL big` (session 30) adds 2^28, and u64 keys and f32 keys with u32 values
// by the same comparator at 2^20-2^26.
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

/// u64 keys, and f32 keys with u32 values, by custom_greater: tide against Thrust (the reference).
static void wide_rows(const char* label, int e) {
  const std::size_t n = std::size_t(1) << e;
  std::vector<std::uint64_t> h64(n);
  std::vector<float> hf(n);
  std::vector<std::uint32_t> hv(n);
  std::mt19937_64 g(60 + e);
  for (std::size_t i = 0; i < n; ++i) {
    h64[i] = g();
    hf[i] = float(g() % 1000);  // ties: the values show stability
    hv[i] = std::uint32_t(i);
  }
  std::uint64_t *k64, *src64;
  float *kf, *srcf;
  std::uint32_t* v;
  CK(cudaMalloc(&k64, n * 8));
  CK(cudaMalloc(&src64, n * 8));
  CK(cudaMalloc(&kf, n * 4));
  CK(cudaMalloc(&srcf, n * 4));
  CK(cudaMalloc(&v, n * 4));
  CK(cudaMemcpy(src64, h64.data(), n * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(srcf, hf.data(), n * 4, cudaMemcpyHostToDevice));
  auto restore64 = [&] { CK(cudaMemcpy(k64, src64, n * 8, cudaMemcpyDeviceToDevice)); };
  auto restore_pairs = [&] {
    CK(cudaMemcpy(kf, srcf, n * 4, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy(v, hv.data(), n * 4, cudaMemcpyHostToDevice));
  };
  const int reps = 9;
  const double th64 = time_prepped_ms(
      restore64, [&] { thrust::sort(thrust::cuda::par_nosync, k64, k64 + n, custom_greater{}); }, reps);
  std::vector<std::uint64_t> want64(n), got64(n);
  CK(cudaMemcpy(want64.data(), k64, n * 8, cudaMemcpyDeviceToHost));
  const double ti64 =
      time_prepped_ms(restore64, [&] { tide::sort(tide::device, k64, k64 + n, custom_greater{}); }, reps);
  CK(cudaMemcpy(got64.data(), k64, n * 8, cudaMemcpyDeviceToHost));
  const bool good64 = got64 == want64;
  const double thp = time_prepped_ms(
      restore_pairs, [&] { thrust::sort_by_key(thrust::cuda::par_nosync, kf, kf + n, v, custom_greater{}); }, reps);
  std::vector<std::uint32_t> wantv(n), gotv(n);
  CK(cudaMemcpy(wantv.data(), v, n * 4, cudaMemcpyDeviceToHost));
  const double tip =
      time_prepped_ms(restore_pairs, [&] { tide::sort_by_key(tide::device, kf, kf + n, v, custom_greater{}); }, reps);
  CK(cudaMemcpy(gotv.data(), v, n * 4, cudaMemcpyDeviceToHost));
  const bool goodp = gotv == wantv;
  ok = ok && good64 && goodp;
  std::printf("%s sort_custom u64 2^%d tide %.4f ms thrust %.4f ms thrust/tide %.3f %s\n", label, e, ti64, th64,
              th64 / ti64, good64 ? "ok" : "WRONG");
  std::printf("%s sort_by_key_custom f32/u32 2^%d tide %.4f ms thrust %.4f ms thrust/tide %.3f %s\n", label, e, tip,
              thp, thp / tip, goodp ? "ok" : "WRONG");
  for (void* p : {(void*)k64, (void*)src64, (void*)kf, (void*)srcf, (void*)v}) CK(cudaFree(p));
}

int main(int argc, char** argv) {
  const bool once = argc > 1 && std::strcmp(argv[1], "once") == 0;
  const char* label = argc > 2 ? argv[2] : "run";
  const bool big = argc > 3 && std::strcmp(argv[3], "big") == 0;  // also 2^28, and 8-byte elements
  std::vector<int> sizes = once ? std::vector<int>{24} : std::vector<int>{12, 14, 16, 20, 22, 24, 26};
  if (big) sizes.push_back(28);
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
  // 8-byte elements by the same comparator (big only): u64 keys, and f32 keys with u32 values.
  for (int e : big ? std::vector<int>{20, 24, 26} : std::vector<int>{}) {
    wide_rows(label, e);
  }
  std::printf("%s %s\n", label, ok ? "all checks passed" : "A CHECK FAILED");
  return ok ? 0 : 1;
}
