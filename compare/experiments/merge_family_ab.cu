// Session 28: the kernels that load a tile through block_merge.hpp (set operations, merge, the
// merge sort's tile sort and rounds), timed against Thrust in one binary, so that the same source
// built against two trees' headers can be alternated in one device call (old / new).
// Rows: the four set operations and set_union_by_key (two sorted u32 inputs of n/2, half
// overlapping: compare/'s data), merge of two sorted u32 halves, and the merge sort of f32 keys by
// a caller's `a > b` (compare/'s sort_custom) at several sizes. Every output is checked against
// Thrust's (par_nosync).
// Build (sm_90), once a tree:
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -I<tree>/include compare/experiments/merge_family_ab.cu <build>/libtide.a -lgomp
// Run: merge_family_ab <label>. Exit status 1 if a check failed.
#include <tide/tide.hpp>
#include <thrust/execution_policy.h>
#include <thrust/merge.h>
#include <thrust/set_operations.h>
#include <thrust/sort.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "custom_sort_rows.cuh"

using u32 = std::uint32_t;

static bool ok = true;

static bool same(const u32* x, const u32* y, std::size_t n) { return n == 0 || tide::equal(tide::device, x, x + n, y); }

static void row(const char* label, const char* name, int e, double tide_ms, double thrust_ms, bool good) {
  ok = ok && good;
  std::printf("%s %-22s 2^%d tide %.4f ms thrust %.4f ms thrust/tide %.3f %s\n", label, name, e, tide_ms, thrust_ms,
              thrust_ms / tide_ms, good ? "ok" : "MISMATCH");
  std::fflush(stdout);
}

static void set_rows(const char* label, int e) {
  const std::size_t n = std::size_t(1) << e, na = n / 2, nb = n - na;
  std::vector<u32> ha(na), hb(nb), hv(n);
  std::mt19937 g(16);
  for (std::size_t i = 0; i < na; ++i) ha[i] = u32(2 * i + (g() & 1));
  for (std::size_t i = 0; i < nb; ++i) hb[i] = u32(na + 2 * i + (g() & 1));
  for (auto& v : hv) v = u32(g());
  u32 *a, *b, *va, *out, *ref, *vout, *vref;
  CK(cudaMalloc(&a, na * 4));
  CK(cudaMalloc(&b, nb * 4));
  CK(cudaMalloc(&va, n * 4));
  for (u32** p : {&out, &ref, &vout, &vref}) CK(cudaMalloc(p, n * 4));
  CK(cudaMemcpy(a, ha.data(), na * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(b, hb.data(), nb * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(va, hv.data(), n * 4, cudaMemcpyHostToDevice));
  const u32* vb = va + na;
  const auto tp = tide::device;
  const auto hp = thrust::cuda::par_nosync;
  std::size_t want = 0, got = 0;
#define SET_ROW(NAME, TIDE_CALL, THRUST_CALL)                                  \
  {                                                                            \
    const double th = time_ms([&] { want = std::size_t(THRUST_CALL - ref); }); \
    const double ti = time_ms([&] { got = std::size_t(TIDE_CALL - out); });    \
    row(label, NAME, e, ti, th, got == want && same(out, ref, want));         \
  }
  SET_ROW("set_union", tide::set_union(tp, a, a + na, b, b + nb, out), thrust::set_union(hp, a, a + na, b, b + nb, ref));
  SET_ROW("set_intersection", tide::set_intersection(tp, a, a + na, b, b + nb, out),
          thrust::set_intersection(hp, a, a + na, b, b + nb, ref));
  SET_ROW("set_difference", tide::set_difference(tp, a, a + na, b, b + nb, out),
          thrust::set_difference(hp, a, a + na, b, b + nb, ref));
  SET_ROW("set_symmetric_difference", tide::set_symmetric_difference(tp, a, a + na, b, b + nb, out),
          thrust::set_symmetric_difference(hp, a, a + na, b, b + nb, ref));
  SET_ROW("merge", tide::merge(tp, a, a + na, b, b + nb, out), thrust::merge(hp, a, a + na, b, b + nb, ref));
#undef SET_ROW
  {
    const double th = time_ms([&] {
      want = std::size_t(thrust::set_union_by_key(hp, a, a + na, b, b + nb, va, vb, ref, vref).first - ref);
    });
    const double ti = time_ms([&] {
      got = std::size_t(tide::set_union_by_key(tp, a, a + na, b, b + nb, va, vb, out, vout).first - out);
    });
    row(label, "set_union_by_key", e, ti, th, got == want && same(out, ref, want) && same(vout, vref, want));
  }
  for (u32* p : {a, b, va, out, ref, vout, vref}) CK(cudaFree(p));
}

static void sort_rows(const char* label, int e) {
  const std::size_t n = std::size_t(1) << e;
  custom_sort_bench b(uniform_floats_device(n, 20 + e), n, e <= 20 ? 41 : 9);
  bool good = false;
  const double ti = b.time([&] { tide::sort(tide::device, b.keys(), b.keys() + n, custom_greater{}); }, good);
  row(label, "sort_custom f32", e, ti, b.thrust_ms, good);
}

int main(int argc, char** argv) {
  const char* label = argc > 1 ? argv[1] : "run";
  set_rows(label, 24);
  set_rows(label, 28);
  for (int e : {16, 20, 22, 24, 26}) sort_rows(label, e);
  std::printf("%s %s\n", label, ok ? "all checks passed" : "A CHECK FAILED");
  return ok ? 0 : 1;
}
