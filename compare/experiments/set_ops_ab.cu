// Session 28: the set operations' tile in Thrust's shape (set_ops_v2.cuh) against the library's
// and Thrust's, in one binary. First every variant's output is checked against Thrust's on inputs
// full of duplicates (keys from small ranges, every op, sizes around the tile boundaries); then
// compare/'s rows (two sorted u32 inputs of n/2, half overlapping), each op timed for Thrust
// (par_nosync), the library and each shape, twice over, outputs checked.
// Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/set_ops_ab.cu <build>/libtide.a -lgomp
// Run: set_ops_ab [exponent ...]   (default 24 28). Exit status 1 if a check failed.
//      set_ops_ab once: one intersection call of each, at 2^28, for ncu.
// Session 28 (H200): every v2 shape slower than the library's kernel, before and after both took
// unguarded loads (test/gpu/results/session28-2026-11-28/set_ops_ab*.txt, docs/notes/set_operations.md).
#include <thrust/execution_policy.h>
#include <thrust/set_operations.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "experiment.cuh"
#include "set_ops_v2.cuh"

using u32 = std::uint32_t;
using tide::detail::set_op;

namespace {

const char* op_name(set_op o) {
  return o == set_op::union_op ? "union" : o == set_op::intersection ? "intersection"
         : o == set_op::difference ? "difference" : "symmetric";
}

template <set_op Op>
std::size_t run_thrust(const u32* a, std::size_t na, const u32* b, std::size_t nb, u32* out) {
  const auto pol = thrust::cuda::par_nosync;
  u32* e;
  if constexpr (Op == set_op::union_op) e = thrust::set_union(pol, a, a + na, b, b + nb, out);
  else if constexpr (Op == set_op::intersection) e = thrust::set_intersection(pol, a, a + na, b, b + nb, out);
  else if constexpr (Op == set_op::difference) e = thrust::set_difference(pol, a, a + na, b, b + nb, out);
  else e = thrust::set_symmetric_difference(pol, a, a + na, b, b + nb, out);
  return std::size_t(e - out);
}

template <set_op Op>
std::size_t run_lib(const u32* a, std::size_t na, const u32* b, std::size_t nb, u32* out) {
  const u32* e;
  if constexpr (Op == set_op::union_op) e = tide::set_union(tide::device, a, a + na, b, b + nb, out);
  else if constexpr (Op == set_op::intersection) e = tide::set_intersection(tide::device, a, a + na, b, b + nb, out);
  else if constexpr (Op == set_op::difference) e = tide::set_difference(tide::device, a, a + na, b, b + nb, out);
  else e = tide::set_symmetric_difference(tide::device, a, a + na, b, b + nb, out);
  return std::size_t(e - out);
}

template <class S, set_op Op>
std::size_t run_v2(const u32* a, std::size_t na, const u32* b, std::size_t nb, u32* out) {
  return std::size_t(setv2::set_operation<S, Op>(tide::cuda_policy{}, a, tide::size_type(na), b,
                                                 tide::size_type(nb), out, tide::less<u32>{}));
}

using s512x19 = setv2::shape<512, 19, 2>;
using s384x19 = setv2::shape<384, 19, 3>;
using s256x19 = setv2::shape<256, 19, 4>;
using s256x15 = setv2::shape<256, 15, 6>;
using s512x15 = setv2::shape<512, 15, 2>;
using s128x19 = setv2::shape<128, 19, 8>;

struct variant {
  const char* name;
  std::size_t (*fn[4])(const u32*, std::size_t, const u32*, std::size_t, u32*);
};

template <class S>
variant v2(const char* name) {
  return {name, {run_v2<S, set_op::union_op>, run_v2<S, set_op::intersection>, run_v2<S, set_op::difference>,
                 run_v2<S, set_op::symmetric_difference>}};
}

const variant variants[] = {
    {"lib", {run_lib<set_op::union_op>, run_lib<set_op::intersection>, run_lib<set_op::difference>,
             run_lib<set_op::symmetric_difference>}},
    v2<s512x19>("v2-512x19m2"), v2<s384x19>("v2-384x19m3"), v2<s256x19>("v2-256x19m4"),
    v2<s256x15>("v2-256x15m6"), v2<s512x15>("v2-512x15m2"), v2<s128x19>("v2-128x19m8"),
};
std::size_t (*const thrust_fn[4])(const u32*, std::size_t, const u32*, std::size_t, u32*) = {
    run_thrust<set_op::union_op>, run_thrust<set_op::intersection>, run_thrust<set_op::difference>,
    run_thrust<set_op::symmetric_difference>};

bool same_out(const u32* x, const u32* y, std::size_t n) { return n == 0 || tide::equal(tide::device, x, x + n, y); }

/// Sorted keys from [0, range), na and nb of them, against Thrust, every op and variant.
bool check_case(std::size_t na, std::size_t nb, u32 range, std::mt19937& g) {
  std::vector<u32> ha(na), hb(nb);
  for (auto& x : ha) x = u32(g() % range);
  for (auto& x : hb) x = u32(g() % range);
  std::sort(ha.begin(), ha.end());
  std::sort(hb.begin(), hb.end());
  u32 *a, *b, *out, *ref;
  CK(cudaMalloc(&a, na * 4 + 4));
  CK(cudaMalloc(&b, nb * 4 + 4));
  CK(cudaMalloc(&out, (na + nb) * 4 + 4));
  CK(cudaMalloc(&ref, (na + nb) * 4 + 4));
  CK(cudaMemcpy(a, ha.data(), na * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(b, hb.data(), nb * 4, cudaMemcpyHostToDevice));
  bool ok = true;
  for (int op = 0; op < 4; ++op) {
    const std::size_t want = thrust_fn[op](a, na, b, nb, ref);
    for (const auto& v : variants) {
      CK(cudaMemset(out, 0xff, (na + nb) * 4 + 4));
      const std::size_t got = v.fn[op](a, na, b, nb, out);
      if (got != want || !same_out(out, ref, want)) {
        std::printf("MISMATCH %s %s na=%zu nb=%zu range=%u: count %zu want %zu\n", op_name(set_op(op)), v.name, na,
                    nb, range, got, want);
        ok = false;
      }
    }
  }
  for (u32* p : {a, b, out, ref}) CK(cudaFree(p));
  return ok;
}


}  // namespace

int main(int argc, char** argv) {
  bool ok = true;
  if (argc > 1 && std::string(argv[1]) == "once") {  // for ncu: one intersection call each, 2^28
    const std::size_t n = std::size_t(1) << 28;
    u32 *a, *b, *out, *ref;
    half_overlap_inputs(n, a, b);
    CK(cudaMalloc(&out, n * 4));
    CK(cudaMalloc(&ref, n * 4));
    const std::size_t want = thrust_fn[1](a, n / 2, b, n - n / 2, ref);
    for (const auto& v : variants) {
      const std::size_t got = v.fn[1](a, n / 2, b, n - n / 2, out);
      std::printf("once %s %s\n", v.name, got == want && same_out(out, ref, want) ? "same" : "MISMATCH");
    }
    return 0;
  }
  {
    std::mt19937 g(28);
    const std::size_t sizes[] = {0, 1, 2, 3, 31, 1000, 4863, 4864, 4865, 5759, 5760, 5761, 7295, 7296, 7297,
                                 9727, 9728, 9729, 19455, 19457, 100000, (1u << 20) + 7};
    int cases = 0;
    for (std::size_t na : sizes)
      for (std::size_t nb : {std::size_t(0), std::size_t(1), na / 2, na, na + 3, std::size_t(9728)})
        for (u32 range : {2u, 50u, 1u << 30}) {
          ok = check_case(na, nb, range, g) && ok;
          ++cases;
        }
    std::printf("checks: %d cases x 4 ops x %zu variants: %s\n", cases, sizeof(variants) / sizeof(variants[0]),
                ok ? "all equal to Thrust" : "MISMATCHES");
    std::fflush(stdout);
  }
  std::vector<int> exps;
  for (int k = 1; k < argc; ++k) exps.push_back(std::atoi(argv[k]));
  if (exps.empty()) exps = {24, 28};
  for (int e : exps) {
    const std::size_t n = std::size_t(1) << e;
    const double gbs = memcpy_row(n);
    u32 *a, *b, *out, *ref;
    half_overlap_inputs(n, a, b);
    const std::size_t na = n / 2, nb = n - na;
    CK(cudaMalloc(&out, n * 4));
    CK(cudaMalloc(&ref, n * 4));
    for (int op = 0; op < 4; ++op) {
      for (int round = 0; round < 2; ++round) {
        std::size_t want = 0;
        const double th = time_ms([&] { want = thrust_fn[op](a, na, b, nb, ref); });
        const double moved = double(n) * 4 + double(want) * 4;
        std::printf("2^%d %-12s thrust %.4f ms (%.0f%% of memcpy)", e, op_name(set_op(op)), th,
                    100.0 * moved / th / 1e6 / gbs);
        for (const auto& v : variants) {
          std::size_t got = 0;
          const double ms = time_ms([&] { got = v.fn[op](a, na, b, nb, out); });
          const bool same = got == want && same_out(out, ref, want);
          ok = ok && same;
          std::printf(" | %s %.4f (%.3fx)%s", v.name, ms, th / ms, same ? "" : " MISMATCH");
        }
        std::printf("\n");
        std::fflush(stdout);
      }
    }
    for (u32* p : {a, b, out, ref}) CK(cudaFree(p));
  }
  std::printf("%s\n", ok ? "all checks passed" : "A CHECK FAILED");
  return ok ? 0 : 1;
}
