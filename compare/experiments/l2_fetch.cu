// Session 28 (issue 18's gather_if row, 0.99x Thrust): does the L2's fetch granularity
// (cudaLimitMaxL2FetchGranularity, a context-wide hint of 0 to 128 bytes) bound the random-map
// rows? A 4-byte read through a random permutation needs one 32-byte sector; if a miss fills 64 or
// 128 bytes, most of what DRAM moves is thrown away. Prints the driver's default, then times
// tide's and Thrust's gather, gather_if and scatter (u32, random permutation map, half the
// stencil), a radix sort of u32 keys and a plain copy under each limit, in one process. The
// "set-restore" rows set 32 just before tide's call and put the default back just after it
// (before the kernel has run): whether a launch takes the limit in force when it is queued.
// Every output is checked against Thrust's.
// Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/l2_fetch.cu <build>/libtide.a -lgomp
// Run: l2_fetch [exponent]   (default 28). Exit status 1 if a check failed.
#include <tide/tide.hpp>
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/sort.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "experiment.cuh"

using u32 = std::uint32_t;

namespace {

struct hash_value {
  __host__ __device__ u32 operator()(u32 i) const {
    u32 x = i * 2654435761u;
    x ^= x >> 15;
    x *= 2246822519u;
    return x ^ (x >> 13);
  }
};
struct low_bit {
  __host__ __device__ u32 operator()(u32 i) const { return hash_value{}(i ^ 0x5eu) & 1u; }
};

bool same(const u32* a, const u32* b, std::size_t n) {
  return tide::equal(tide::device, a, a + n, b);
}

size_t get_limit() {
  size_t v = 0;
  CK(cudaDeviceGetLimit(&v, cudaLimitMaxL2FetchGranularity));
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 28;
  const std::size_t n = std::size_t(1) << lg;
  u32 *in, *map, *st, *out, *ref, *keys, *keys0;
  CK(cudaMalloc(&in, n * 4));
  CK(cudaMalloc(&map, n * 4));
  CK(cudaMalloc(&st, n * 4));
  CK(cudaMalloc(&out, n * 4));
  CK(cudaMalloc(&ref, n * 4));
  CK(cudaMalloc(&keys, n * 4));
  CK(cudaMalloc(&keys0, n * 4));
  auto count = tide::counting_iterator<u32>(0);
  tide::transform(tide::device, count, count + n, in, hash_value{});
  tide::transform(tide::device, count, count + n, st, low_bit{});
  tide::transform(tide::device, count, count + n, keys0, hash_value{});
  tide::sequence(tide::device, map, map + n);
  tide::shuffle(tide::device, map, map + n, tide::default_random_engine(2828u));
  CK(cudaDeviceSynchronize());

  const size_t def = get_limit();
  int dev = 0;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, dev));
  std::printf("device %s, n = 2^%d, default cudaLimitMaxL2FetchGranularity = %zu\n", prop.name, lg, def);
  memcpy_row(n);

  const auto tp = tide::device;
  const auto hp = thrust::cuda::par_nosync;
  bool ok = true;
  auto none = [] {};
  auto reset_keys = [&] { CK(cudaMemcpyAsync(keys, keys0, n * 4, cudaMemcpyDeviceToDevice)); };

  auto rows = [&](const char* label) {
    const size_t got = get_limit();
    // gather
    const double tg = time_prepped_ms(none, [&] { tide::gather(tp, map, map + n, in, out); });
    const double hg = time_prepped_ms(none, [&] { thrust::gather(hp, map, map + n, in, ref); });
    ok = ok && same(out, ref, n);
    // gather_if (out and ref cleared alike first)
    CK(cudaMemset(out, 0, n * 4));
    CK(cudaMemset(ref, 0, n * 4));
    const double tgi = time_prepped_ms(none, [&] { tide::gather_if(tp, map, map + n, st, in, out); });
    const double hgi = time_prepped_ms(none, [&] { thrust::gather_if(hp, map, map + n, st, in, ref); });
    ok = ok && same(out, ref, n);
    // scatter
    const double ts = time_prepped_ms(none, [&] { tide::scatter(tp, in, in + n, map, out); });
    const double hs = time_prepped_ms(none, [&] { thrust::scatter(hp, in, in + n, map, ref); });
    ok = ok && same(out, ref, n);
    // sort u32 keys
    const double tsort = time_prepped_ms(reset_keys, [&] { tide::sort(tp, keys, keys + n); }, 7);
    CK(cudaMemcpy(out, keys, n * 4, cudaMemcpyDeviceToDevice));
    const double hsort = time_prepped_ms(reset_keys, [&] { thrust::sort(hp, keys, keys + n); }, 7);
    ok = ok && same(out, keys, n);
    // a plain copy
    const double tc = time_prepped_ms(none, [&] { tide::copy(tp, in, in + n, out); });
    std::printf(
        "%-12s limit %3zu | gather tide %.3f thrust %.3f (%.3fx) | gather_if tide %.3f thrust %.3f (%.3fx) | scatter "
        "tide %.3f thrust %.3f (%.3fx) | sort tide %.3f thrust %.3f (%.3fx) | copy %.3f ms | %s\n",
        label, got, tg, hg, hg / tg, tgi, hgi, hgi / tgi, ts, hs, hs / ts, tsort, hsort, hsort / tsort, tc,
        ok ? "ok" : "FAILED");
    std::fflush(stdout);
  };

  for (int pass = 0; pass < 2; ++pass) {
    for (size_t lim : {def, size_t(32), size_t(64), size_t(128), size_t(0)}) {
      CK(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, lim));
      CK(cudaDeviceSynchronize());
      rows(lim == def ? "default" : "set");
    }
    CK(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, def));
    CK(cudaDeviceSynchronize());
    // 32 only around tide's calls, the default back before each kernel runs.
    auto around = [&](auto&& f) {
      CK(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 32));
      f();
      CK(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, def));
    };
    const double tg = time_prepped_ms(none, [&] { around([&] { tide::gather(tp, map, map + n, in, out); }); });
    const double tgi = time_prepped_ms(none, [&] { around([&] { tide::gather_if(tp, map, map + n, st, in, out); }); });
    const double tgd = time_prepped_ms(none, [&] { tide::gather(tp, map, map + n, in, out); });
    std::printf("set-restore  limit after %zu | gather tide %.3f (plain %.3f) | gather_if tide %.3f\n", get_limit(), tg,
                tgd, tgi);
  }
  std::printf("%s\n", ok ? "all checks passed" : "A CHECK FAILED");
  return ok ? 0 : 1;
}
