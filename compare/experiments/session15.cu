// Session 15's GPU microbenchmark: tide beside CUB and Thrust in one binary. Modes:
//   rbk      reduce_by_key, u32 keys in runs of 1-16 (random keys), u32 values, 2^24 / 2^28 / 2^30,
//            against cub::DeviceReduce::ReduceByKey (64-bit counts) and Thrust; -DNEW adds tile shapes
//   rbkonce  one call of each, for ncu
//   find     find_if with the hit at 1% / 50% / absent beside Thrust, and the floor of a call that
//            waits for its kernel: an empty kernel and a stream sync, an empty kernel raising a
//            pinned flag that the host spins on
//   copyif   copy_if, half kept by a predicate, against cub::DeviceSelect::If (64-bit counts)
// Every row checks its output against the reference's. Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp [-DNEW] -Iinclude compare/experiments/session15.cu <build>/libtide.a -lgomp
#include <tide/tide.hpp>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/execution_policy.h>
#include <thrust/find.h>
#include <thrust/reduce.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "experiment.cuh"

namespace td = tide::backend::cuda::detail;

#ifdef NEW
template <int T, int I>
struct rbk_shape {
  static constexpr int block_threads = T, items_per_thread = I;
};
#endif

// ---- reduce_by_key --------------------------------------------------------------------------------
static void rbk_rows(std::size_t n, bool once, double memcpy_gbs) {
  using K = unsigned;
  using V = unsigned;
  std::vector<K> hk(n);
  std::vector<V> hv(n);
  std::mt19937 g(5);
  for (std::size_t i = 0; i < n;) {
    const std::size_t len = 1 + g() % 16;
    const K key = K(g());
    for (std::size_t j = 0; j < len && i < n; ++j) hk[i++] = key;
  }
  for (std::size_t i = 0; i < n; ++i) hv[i] = V(g() & 0xffff);
  K *k, *ko, *rko;
  V *v, *vo, *rvo;
  long long* d_count;
  for (K** p : {&k, &ko, &rko}) CK(cudaMalloc(p, n * 4));
  for (V** p : {&v, &vo, &rvo}) CK(cudaMalloc(p, n * 4));
  CK(cudaMalloc(&d_count, 8));
  CK(cudaMemcpy(k, hk.data(), n * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(v, hv.data(), n * 4, cudaMemcpyHostToDevice));
  long long* h_count;
  CK(cudaMallocHost(&h_count, 8));
  void* tmp = nullptr;
  std::size_t bytes = 0;
  const long long nl = (long long)n;
  cub::DeviceReduce::ReduceByKey(tmp, bytes, k, rko, v, rvo, d_count, ::cuda::std::plus<V>(), nl);
  CK(cudaMalloc(&tmp, bytes));
  auto run_cub = [&] {
    CK(cub::DeviceReduce::ReduceByKey(tmp, bytes, k, rko, v, rvo, d_count, ::cuda::std::plus<V>(), nl));
    CK(cudaMemcpyAsync(h_count, d_count, 8, cudaMemcpyDeviceToHost));
    CK(cudaStreamSynchronize(0));
  };
  std::size_t got = 0;
  auto run_tide = [&] { got = std::size_t(tide::reduce_by_key(tide::device, k, k + n, v, ko, vo).first - ko); };
  if (once) {
    run_cub();
    run_tide();
    CK(cudaDeviceSynchronize());
    return;
  }
  const double cub_ms = time_ms(run_cub);
  const std::size_t runs = std::size_t(*h_count);
  std::vector<K> rk(runs), gk(runs);
  std::vector<V> rv(runs), gv(runs);
  CK(cudaMemcpy(rk.data(), rko, runs * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rv.data(), rvo, runs * 4, cudaMemcpyDeviceToHost));
  const double moved = double(n) * 8 + double(runs) * 8;
  std::printf("rbk n=%zu runs=%zu cub %.4f ms (%.0f%% of memcpy)\n", n, runs, cub_ms,
              100.0 * moved / cub_ms / 1e6 / memcpy_gbs);
  auto report = [&](const char* label, double ms) {
    bool ok = got == runs;
    if (ok) {
      CK(cudaMemcpy(gk.data(), ko, runs * 4, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(gv.data(), vo, runs * 4, cudaMemcpyDeviceToHost));
      ok = gk == rk && gv == rv;
    }
    std::printf("rbk n=%zu tide-%s %.4f ms (%.0f%% of memcpy) cub/tide %.3f %s\n", n, label, ms,
                100.0 * moved / ms / 1e6 / memcpy_gbs, cub_ms / ms, ok ? "same" : "MISMATCH");
  };
  report("default", time_ms(run_tide));
  {
    std::size_t tg = 0;
    const double ms = time_ms([&] {
      tg = std::size_t(thrust::reduce_by_key(thrust::device, k, k + n, v, rko, rvo).first - rko);
    });
    std::printf("rbk n=%zu thrust %.4f ms cub/thrust %.3f %s\n", n, ms, cub_ms / ms, tg == runs ? "" : "MISMATCH");
  }
#ifdef NEW
  auto variant = [&](auto shape, const char* label) {
    using S = decltype(shape);
    report(label, time_ms([&] {
      got = std::size_t(tide::backend::cuda::reduce_by_key<V, K*, V*, K*, V*, tide::equal_to<K>, tide::plus<V>, S>(
          tide::cuda_policy{}, k, tide::size_type(n), v, ko, vo, tide::equal_to<K>{}, tide::plus<V>{}));
    }));
  };
  variant(rbk_shape<256, 12>{}, "256x12");
  variant(rbk_shape<128, 24>{}, "128x24");
  variant(rbk_shape<128, 20>{}, "128x20");
  variant(rbk_shape<128, 28>{}, "128x28");
  variant(rbk_shape<128, 32>{}, "128x32");
  variant(rbk_shape<64, 48>{}, "64x48");
  variant(rbk_shape<64, 32>{}, "64x32");
  variant(rbk_shape<192, 16>{}, "192x16");
  variant(rbk_shape<96, 32>{}, "96x32");
#endif
  for (void* p : {(void*)k, (void*)ko, (void*)rko, (void*)v, (void*)vo, (void*)rvo, (void*)d_count, tmp})
    CK(cudaFree(p));
  CK(cudaFreeHost(h_count));
}

// ---- find_if and the floor of a waiting call ----------------------------------------------------
struct is_marker {
  __host__ __device__ bool operator()(unsigned x) const { return x == 0xffffffffu; }
};

__global__ void empty_kernel() {}
__global__ void raise_flag(volatile unsigned* flag, unsigned ticket) {
  if (threadIdx.x == 0) *flag = ticket;
}

static void find_rows() {
  const std::size_t most = std::size_t(1) << 28;
  unsigned* x;
  CK(cudaMalloc(&x, most * 4));
  CK(cudaMemset(x, 0, most * 4));
  unsigned* flag;
  CK(cudaHostAlloc((void**)&flag, 64, cudaHostAllocMapped | cudaHostAllocPortable));
  unsigned ticket = 0;
  const double sync_ms = time_ms([&] {
    empty_kernel<<<1, 32>>>();
    CK(cudaStreamSynchronize(0));
  });
  const double flag_ms = time_ms([&] {
    ++ticket;
    raise_flag<<<1, 32>>>(flag, ticket);
    while (__atomic_load_n(flag, __ATOMIC_ACQUIRE) != ticket) {
    }
  });
  std::printf("floor: empty kernel + sync %.4f ms, empty kernel + pinned flag %.4f ms\n", sync_ms, flag_ms);
  for (std::size_t n : {std::size_t(1) << 20, std::size_t(1) << 24, most}) {
    for (int c = 0; c < 3; ++c) {
      const std::size_t hit = c == 0 ? n / 100 : c == 1 ? n / 2 : n;
      const unsigned marker = 0xffffffffu;
      if (hit < n) CK(cudaMemcpy(x + hit, &marker, 4, cudaMemcpyHostToDevice));
      std::size_t a = 0, b = 0;
      const double t = time_ms([&] { a = std::size_t(tide::find_if(tide::device, x, x + n, is_marker{}) - x); });
      const double r = time_ms([&] { b = std::size_t(thrust::find_if(thrust::device, x, x + n, is_marker{}) - x); });
      std::printf("find_if n=%zu hit=%s tide %.4f ms thrust %.4f ms thrust/tide %.2f %s\n", n,
                  c == 0 ? "1%" : c == 1 ? "50%" : "absent", t, r, r / t, a == hit && b == hit ? "" : "MISMATCH");
      if (hit < n) CK(cudaMemset(x + hit, 0, 4));
    }
  }
  CK(cudaFree(x));
  CK(cudaFreeHost(flag));
}

// ---- copy_if ------------------------------------------------------------------------------------
struct is_odd {
  __host__ __device__ bool operator()(unsigned x) const { return x & 1; }
};

static void copyif_rows(std::size_t n, bool once, double memcpy_gbs) {
  std::vector<unsigned> h(n);
  std::mt19937 g(3);
  for (auto& e : h) e = unsigned(g());
  unsigned *in, *out, *ref;
  long long* d_count;
  CK(cudaMalloc(&in, n * 4));
  CK(cudaMalloc(&out, n * 4));
  CK(cudaMalloc(&ref, n * 4));
  CK(cudaMalloc(&d_count, 8));
  long long* h_count;
  CK(cudaMallocHost(&h_count, 8));
  CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
  void* tmp = nullptr;
  std::size_t bytes = 0;
  const long long nl = (long long)n;
  cub::DeviceSelect::If(tmp, bytes, in, ref, d_count, nl, is_odd{});
  CK(cudaMalloc(&tmp, bytes));
  auto run_cub = [&] {
    CK(cub::DeviceSelect::If(tmp, bytes, in, ref, d_count, nl, is_odd{}));
    CK(cudaMemcpyAsync(h_count, d_count, 8, cudaMemcpyDeviceToHost));
    CK(cudaStreamSynchronize(0));
  };
  std::size_t got = 0;
  auto run_tide = [&] { got = std::size_t(tide::copy_if(tide::device, in, in + n, out, is_odd{}) - out); };
  if (once) {
    run_cub();
    run_tide();
    CK(cudaDeviceSynchronize());
    return;
  }
  const double cub_ms = time_ms(run_cub);
  const double tide_ms = time_ms(run_tide);
  const std::size_t kept = std::size_t(*h_count);
  bool ok = got == kept;
  if (ok) {
    std::vector<unsigned> a(kept), b(kept);
    CK(cudaMemcpy(a.data(), out, kept * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(b.data(), ref, kept * 4, cudaMemcpyDeviceToHost));
    ok = a == b;
  }
  const double moved = double(n) * 4 + double(kept) * 4;
  std::printf("copy_if n=%zu cub %.4f ms (%.0f%%) tide %.4f ms (%.0f%%) cub/tide %.3f %s\n", n, cub_ms,
              100.0 * moved / cub_ms / 1e6 / memcpy_gbs, tide_ms, 100.0 * moved / tide_ms / 1e6 / memcpy_gbs,
              cub_ms / tide_ms, ok ? "same" : "MISMATCH");
  for (void* p : {(void*)in, (void*)out, (void*)ref, (void*)d_count, tmp}) CK(cudaFree(p));
  CK(cudaFreeHost(h_count));
}

int main(int argc, char** argv) {
  std::string what = argc > 1 ? argv[1] : "all";
  cudaDeviceProp pr;
  CK(cudaGetDeviceProperties(&pr, 0));
  std::printf("device %s\n", pr.name);
  const std::size_t n = std::size_t(1) << 28;
  if (what == "rbkonce") {
    rbk_rows(n, true, 0);
    return 0;
  }
  if (what == "copyifonce") {
    copyif_rows(n, true, 0);
    return 0;
  }
  const double gbs = memcpy_row(n);
  if (what == "all" || what == "rbk") {
    rbk_rows(n >> 4, false, gbs);
    rbk_rows(n, false, gbs);
  }
  if (what == "rbk30") rbk_rows(n << 2, false, gbs);
  if (what == "all" || what == "find") find_rows();
  if (what == "all" || what == "copyif") copyif_rows(n, false, gbs);
  return 0;
}
