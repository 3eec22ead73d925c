// Session 16's GPU microbenchmark: tide beside Thrust / CUB in one binary. Modes:
//   set      the four set operations on two sorted u32 inputs of n/2 half overlapping (compare/'s
//            data), against Thrust; -DNEW adds block shapes (Tuning hook of set_operation_impl;
//            "mN": __launch_bounds__ min blocks N). Tried and dropped (slower everywhere): counting
//            first and placing in a second walk while warp 0 looks back (fewer registers)
//   setonce  one call of each (tide default, Thrust), for ncu
//   adj      adjacent_difference (minus, u32) against cub::DeviceAdjacentDifference::SubtractLeftCopy;
//            with -DNEW also the kernel at other block shapes (launched directly, disjoint pointers)
//   sorted   is_sorted (sorted u32) against Thrust, as a fraction of memcpy's rate
//   part     the set operations' partition kernel alone: a thread a cut against a warp a cut
//            (warp_merge_path), same cuts checked
//   merge    merge of two sorted u32 halves against Thrust
//   custom   sort of f32 keys by a user comparator (a > b: the merge sort) against Thrust, 2^12..
//   slices   a proxy of find.hpp's adjacent mode (is_sorted) without the early exit: persistent warps
//            taking warp slices of 32 x Items u32 (16-byte vectors), each item tested against its
//            predecessor; Items 16 (find_tuning's), 32, 64: does more in flight a warp reach memcpy?
// Every row checks its output against the reference's. Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp [-DNEW] -Iinclude compare/experiments/session16.cu <build>/libtide.a -lgomp
#include <tide/tide.hpp>
#include <cub/device/device_adjacent_difference.cuh>
#include <thrust/execution_policy.h>
#include <thrust/set_operations.h>
#include <thrust/merge.h>
#include <thrust/sort.h>

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "experiment.cuh"
#include "custom_sort_rows.cuh"
#include "sorted_rows.cuh"

namespace td = tide::backend::cuda::detail;
using tide::detail::set_op;

template <int T, int I, int MinBlocks>
struct set_shape {
  static constexpr int threads = T, items = I, tile = T * I, min_blocks = MinBlocks;
};

static const char* op_name(set_op o) {
  return o == set_op::union_op ? "union" : o == set_op::intersection ? "intersection"
         : o == set_op::difference ? "difference" : "symmetric";
}


template <set_op Op>
static void set_rows(std::size_t n, bool once, double memcpy_gbs) {
  using T = unsigned;
  const std::size_t na = n / 2, nb = n - na;
  T *a, *b, *out, *ref;
  half_overlap_inputs(n, a, b);
  CK(cudaMalloc(&out, n * 4));
  CK(cudaMalloc(&ref, n * 4));
  std::size_t want = 0, got = 0;
  auto run_thrust = [&] {
    T* e;
    const auto pol = thrust::cuda::par_nosync;
    if constexpr (Op == set_op::union_op) e = thrust::set_union(pol, a, a + na, b, b + nb, ref);
    else if constexpr (Op == set_op::intersection) e = thrust::set_intersection(pol, a, a + na, b, b + nb, ref);
    else if constexpr (Op == set_op::difference) e = thrust::set_difference(pol, a, a + na, b, b + nb, ref);
    else e = thrust::set_symmetric_difference(pol, a, a + na, b, b + nb, ref);
    want = std::size_t(e - ref);
  };
  auto run_default = [&] {
    T* e;
    if constexpr (Op == set_op::union_op) e = tide::set_union(tide::device, a, a + na, b, b + nb, out);
    else if constexpr (Op == set_op::intersection) e = tide::set_intersection(tide::device, a, a + na, b, b + nb, out);
    else if constexpr (Op == set_op::difference) e = tide::set_difference(tide::device, a, a + na, b, b + nb, out);
    else e = tide::set_symmetric_difference(tide::device, a, a + na, b, b + nb, out);
    got = std::size_t(e - out);
  };
  if (once) {
    run_thrust();
    run_default();
    CK(cudaDeviceSynchronize());
    return;
  }
  const double th = time_ms(run_thrust);
  std::vector<T> r(want), o;
  CK(cudaMemcpy(r.data(), ref, want * 4, cudaMemcpyDeviceToHost));
  const double moved = double(n) * 4 + double(want) * 4;
  std::printf("%s n=%zu out=%zu thrust %.4f ms (%.0f%% of memcpy)\n", op_name(Op), n, want, th,
              100.0 * moved / th / 1e6 / memcpy_gbs);
  auto report = [&](const char* label, double ms) {
    bool ok = got == want;
    if (ok) {
      o.assign(want, 0);
      CK(cudaMemcpy(o.data(), out, want * 4, cudaMemcpyDeviceToHost));
      ok = o == r;
    }
    std::printf("%s n=%zu tide-%s %.4f ms (%.0f%% of memcpy) thrust/tide %.3f %s\n", op_name(Op), n, label, ms,
                100.0 * moved / ms / 1e6 / memcpy_gbs, th / ms, ok ? "same" : "MISMATCH");
  };
  report("default", time_ms(run_default));
#ifdef NEW
  auto variant = [&](auto shape, const char* label) {
    using S = decltype(shape);
    report(label, time_ms([&] {
      got = std::size_t(td::set_operation_impl<Op, false, S>(tide::cuda_policy{}, a, tide::size_type(na), b,
                                                              tide::size_type(nb), a, a, out, out, tide::less<T>{},
                                                              "x"));
    }));
  };
  variant(set_shape<256, 19, 0>{}, "256x19");
  variant(set_shape<256, 19, 5>{}, "256x19m5");
  variant(set_shape<256, 19, 6>{}, "256x19m6");
  variant(set_shape<256, 15, 6>{}, "256x15m6");
  variant(set_shape<256, 23, 5>{}, "256x23m5");
#endif
  for (T* p : {a, b, out, ref}) CK(cudaFree(p));
}

static void adj_rows(std::size_t n, double memcpy_gbs) {
  using T = unsigned;
  std::vector<T> h(n);
  std::mt19937 g(7);
  for (auto& x : h) x = T(g());
  T *in, *out, *ref;
  for (T** p : {&in, &out, &ref}) CK(cudaMalloc(p, n * 4));
  CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
  void* tmp = nullptr;
  std::size_t bytes = 0;
  const long long nl = (long long)n;
  CK(cub::DeviceAdjacentDifference::SubtractLeftCopy(tmp, bytes, in, ref, nl, ::cuda::std::minus<T>()));
  CK(cudaMalloc(&tmp, bytes + 1));
  const double cub_ms = time_ms([&] {
    CK(cub::DeviceAdjacentDifference::SubtractLeftCopy(tmp, bytes, in, ref, nl, ::cuda::std::minus<T>()));
  });
  const double ms = time_ms([&] { tide::adjacent_difference(tide::device, in, in + n, out); });
  std::vector<T> r(n), o(n);
  CK(cudaMemcpy(r.data(), ref, n * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(o.data(), out, n * 4, cudaMemcpyDeviceToHost));
  const double moved = 2.0 * n * 4;
  std::printf("adj n=%zu cub %.4f ms (%.0f%%) tide %.4f ms (%.0f%% of memcpy) cub/tide %.3f %s\n", n, cub_ms,
              100.0 * moved / cub_ms / 1e6 / memcpy_gbs, ms, 100.0 * moved / ms / 1e6 / memcpy_gbs, cub_ms / ms,
              o == r ? "same" : "MISMATCH");
#ifdef NEW
  auto shape = [&](auto threads_c, auto items_c) {
    constexpr int threads = decltype(threads_c)::value, items = decltype(items_c)::value;
    using arr = td::tile_arrangement<items, T*, T*>;
    auto kernel = td::adjacent_difference_kernel<threads, items, arr::run_len, td::tile_access::vector, false, T*, T*,
                                                 tide::minus<T>>;
    const unsigned grid = unsigned((n + threads * items - 1) / (threads * items));
    CK(cudaMemset(out, 0, n * 4));
    const double t = time_ms([&] { kernel<<<grid, threads>>>(in, out, tide::size_type(n), tide::minus<T>{}, nullptr); });
    CK(cudaMemcpy(o.data(), out, n * 4, cudaMemcpyDeviceToHost));
    std::printf("adj n=%zu tide-%dx%d %.4f ms (%.0f%% of memcpy) cub/tide %.3f %s\n", n, threads, items, t,
                100.0 * moved / t / 1e6 / memcpy_gbs, cub_ms / t, o == r ? "same" : "MISMATCH");
  };
  shape(std::integral_constant<int, 256>{}, std::integral_constant<int, 16>{});
  shape(std::integral_constant<int, 256>{}, std::integral_constant<int, 8>{});
  shape(std::integral_constant<int, 256>{}, std::integral_constant<int, 12>{});
  shape(std::integral_constant<int, 256>{}, std::integral_constant<int, 24>{});
  shape(std::integral_constant<int, 256>{}, std::integral_constant<int, 32>{});
  shape(std::integral_constant<int, 128>{}, std::integral_constant<int, 16>{});
  shape(std::integral_constant<int, 512>{}, std::integral_constant<int, 8>{});
#endif
  CK(cudaFree(tmp));
  for (T* p : {in, out, ref}) CK(cudaFree(p));
}



// ---- the partition kernel alone ---------------------------------------------------------------------
#ifdef NEW  // (the partition kernels as of this session)
static void part_rows(std::size_t n) {
  using T = unsigned;
  const std::size_t na = n / 2, nb = n - na;
  T *a, *b;
  half_overlap_inputs(n, a, b);
  constexpr int tile = td::set_tuning<4>::tile;
  const tide::size_type tiles = (tide::size_type(n) + tile - 1) / tile;
  tide::size_type *c_old, *c_new;
  CK(cudaMalloc(&c_old, 2 * (tiles + 1) * 8));
  CK(cudaMalloc(&c_new, 2 * (tiles + 1) * 8));
  tide::less<T> comp;
  const double old_ms = time_ms([&] {
    td::set_partition_kernel<tile><<<td::partition_grid(tiles + 1, 0), 256>>>(
        a, tide::size_type(na), b, tide::size_type(nb), tiles, c_old, c_old + tiles + 1, comp, 0);
  });
  const double new_ms = time_ms([&] {
    td::set_partition_kernel<tile><<<td::partition_grid(tiles + 1, 5), 256>>>(
        a, tide::size_type(na), b, tide::size_type(nb), tiles, c_new, c_new + tiles + 1, comp, 5);
  });
  CK(cudaGetLastError());
  std::vector<tide::size_type> o(2 * (tiles + 1)), w(2 * (tiles + 1));
  CK(cudaMemcpy(o.data(), c_old, o.size() * 8, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(w.data(), c_new, w.size() * 8, cudaMemcpyDeviceToHost));
  std::printf("set partition n=%zu cuts=%lld thread-a-cut %.4f ms warp-a-cut %.4f ms old/new %.2f %s\n", n,
              (long long)(tiles + 1), old_ms, new_ms, old_ms / new_ms, o == w ? "same" : "MISMATCH");
  for (void* p : {(void*)a, (void*)b, (void*)c_old, (void*)c_new}) CK(cudaFree(p));
}
#else
static void part_rows(std::size_t) { std::printf("part: build with -DNEW\n"); }
#endif

// ---- merge and the merge sort ---------------------------------------------------------------------
static void merge_rows(std::size_t n) {
  using T = unsigned;
  const std::size_t na = n / 2, nb = n - na;
  std::vector<T> ha(na), hb(nb);
  std::mt19937 g(3);
  for (auto& x : ha) x = T(g());
  for (auto& x : hb) x = T(g());
  std::sort(ha.begin(), ha.end());
  std::sort(hb.begin(), hb.end());
  T *a, *b, *out, *ref;
  CK(cudaMalloc(&a, na * 4));
  CK(cudaMalloc(&b, nb * 4));
  CK(cudaMalloc(&out, n * 4));
  CK(cudaMalloc(&ref, n * 4));
  CK(cudaMemcpy(a, ha.data(), na * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(b, hb.data(), nb * 4, cudaMemcpyHostToDevice));
  const double th = time_ms([&] { thrust::merge(thrust::cuda::par_nosync, a, a + na, b, b + nb, ref); });
  const double ms = time_ms([&] { tide::merge(tide::device, a, a + na, b, b + nb, out); });
  std::vector<T> r(n), o(n);
  CK(cudaMemcpy(r.data(), ref, n * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(o.data(), out, n * 4, cudaMemcpyDeviceToHost));
  std::printf("merge n=%zu thrust %.4f ms tide %.4f ms thrust/tide %.3f %s\n", n, th, ms, th / ms,
              o == r ? "same" : "MISMATCH");
  for (T* p : {a, b, out, ref}) CK(cudaFree(p));
}

static void custom_rows(std::size_t n) {
  custom_sort_bench bench(n, 15);
  bench.tide_row("sort_custom f32");
}

// ---- slices: bytes in flight per warp for a one-stream search ---------------------------------------
/// Copies, Every: read a "best" word (one of Copies, a line apart) every Every-th slice and stop
/// past it, as find.hpp does every slice with 8 copies (0 copies: never).
template <int Items, int Copies = 0, int Every = 1>
__global__ void __launch_bounds__(256) slice_sorted_kernel(const unsigned* in, long long n, unsigned* d_bad,
                                                           const unsigned long long* d_best) {
  constexpr int vecs = Items / 4, slice = 32 * Items;
  const int lane = threadIdx.x & 31;
  const long long slices = n / slice, stride = (long long)gridDim.x * 8;
  bool bad = false;
  int k = 0;
  for (long long s = (long long)blockIdx.x * 8 + (threadIdx.x >> 5); s < slices; s += stride, ++k) {
    unsigned long long read = 0;
    if (Copies > 0 && k % Every == 0)
      read = *(volatile const unsigned long long*)(d_best + (blockIdx.x % (Copies > 0 ? Copies : 1)) * 16);
    const uint4* v = reinterpret_cast<const uint4*>(in + s * slice);
    uint4 x[vecs];
#pragma unroll
    for (int k = 0; k < vecs; ++k) x[k] = v[k * 32 + lane];
    const unsigned before = s > 0 ? in[s * slice - 1] : 0u;
    if (Copies > 0 && __shfl_sync(0xffffffffu, read, 0) != 0 && (long long)(~__shfl_sync(0xffffffffu, read, 0)) <= s * slice)
      break;
#pragma unroll
    for (int k = 0; k < vecs; ++k) {
      unsigned prev = __shfl_up_sync(0xffffffffu, x[k].w, 1);  // lane - 1's last of vector k
      const unsigned last = __shfl_sync(0xffffffffu, x[k > 0 ? k - 1 : 0].w, 31);
      if (lane == 0) prev = k > 0 ? last : before;
      bad |= x[k].x < prev || x[k].y < x[k].x || x[k].z < x[k].y || x[k].w < x[k].z;
    }
  }
  if (bad) atomicOr(d_bad, 1u);
}

template <int Items, int Copies = 0, int Every = 1>
static void slice_row(const unsigned* in, std::size_t n, unsigned* d_bad, double memcpy_gbs) {
  static unsigned long long* d_best = nullptr;
  if (!d_best) {
    CK(cudaMalloc(&d_best, 64 * 16 * 8));
    CK(cudaMemset(d_best, 0, 64 * 16 * 8));
  }
  int per_sm = 0, sms = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, slice_sorted_kernel<Items, Copies, Every>, 256, 0));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const unsigned blocks = unsigned(per_sm * sms);
  const double ms =
      time_ms([&] { slice_sorted_kernel<Items, Copies, Every><<<blocks, 256>>>(in, (long long)n, d_bad, d_best); });
  unsigned bad = 0;
  CK(cudaMemcpy(&bad, d_bad, 4, cudaMemcpyDeviceToHost));
  std::printf("slices items=%d copies=%d every=%d blocks=%u %.4f ms (%.0f%% of memcpy) %s\n", Items, Copies, Every,
              blocks, ms, 100.0 * n * 4 / ms / 1e6 / memcpy_gbs, bad ? "MISMATCH" : "sorted");
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "set";
  const int log2n = argc > 2 ? std::atoi(argv[2]) : 28;
  const std::size_t n = std::size_t(1) << log2n;
  if (mode == "part") {
    part_rows(n);
    return 0;
  }
  if (mode == "merge") {
    merge_rows(n);
    return 0;
  }
  if (mode == "custom") {
    for (int e = 12; e <= log2n; e += 2) custom_rows(std::size_t(1) << e);
    return 0;
  }
  const double gbs = mode == "setonce" ? 1.0 : memcpy_row(n);
  if (mode == "set" || mode == "setonce") {
    const bool once = mode == "setonce";
    set_rows<set_op::union_op>(n, once, gbs);
    set_rows<set_op::intersection>(n, once, gbs);
    set_rows<set_op::difference>(n, once, gbs);
    set_rows<set_op::symmetric_difference>(n, once, gbs);
  } else if (mode == "adj") {
    adj_rows(n, gbs);
  } else if (mode == "sorted") {
    sorted_rows(n, gbs);
  } else if (mode == "slices") {
    sorted_rows(n, gbs);
    std::vector<unsigned> h(n);
    for (std::size_t i = 0; i < n; ++i) h[i] = unsigned(i / 3);
    unsigned *in, *bad;
    CK(cudaMalloc(&in, n * 4));
    CK(cudaMalloc(&bad, 4));
    CK(cudaMemset(bad, 0, 4));
    CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
    slice_row<16>(in, n, bad, gbs);
    slice_row<32>(in, n, bad, gbs);
    slice_row<16, 8, 1>(in, n, bad, gbs);
    slice_row<16, 32, 1>(in, n, bad, gbs);
    slice_row<16, 8, 2>(in, n, bad, gbs);
    slice_row<16, 8, 4>(in, n, bad, gbs);
    slice_row<32, 8, 1>(in, n, bad, gbs);
    slice_row<16>(in, n, bad, gbs);
    CK(cudaFree(in));
    CK(cudaFree(bad));
  }
  return 0;
}
