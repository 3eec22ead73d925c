// The radix-order sorts of a few thousand keys (docs/notes/sort.md, sessions 24 and 25). Session 24
// wrote a one-block LSD radix sort here (512 threads x 9 keys, 8-bit digits of the key order ranked
// by block_radix_rank, scattered in shared memory, one pass a digit) against tide's digits merge
// sort and Thrust; session 25 moved it into the library (small_radix_sort.hpp,
// small_lsd_sort_kernel), and this file now times the library's kernel in any shape (`lsd<T, I>`),
// the digits merge sort it replaced (`digits_merge`, launched as the library did), tide::sort /
// sort_by_key (the library's choice) and Thrust: u32 and f32 keys (uniform bits / uniform in
// [-1e6, 1e6)), alone or with u32 values, and u64 keys (eight LSD passes). Timed as compare/ times
// (calls queued between events after the input's copy; the median of 100); every row checked
// against Thrust's result bit for bit (f32 inputs without NaN, and without -0.0 unless alone).
// lsd_digits_kernel: session 24's variant with the digits computed once, moved with a 16-bit index,
// the keys gathered at the end (slower). Modes:
//   (none)  the sizes around the shapes' tiles, every key and value type
//   shapes  more shapes (256 and 384 threads, other item counts) at each shape's tile
//   swap    u32 keys holding f32 bit patterns, f32 keys from random bits, f32 keys with one -0.0:
//           whether the data or the code makes f32 slower than u32
//   ncu     one launch each of the 512x9 kernel on u32, f32 and f32-with-a-(-0.0) keys, for ncu
//   top0    u32 keys with random and with constant top bytes, and f32, at 2^12-2^16 (session 24)
// Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/small_radix_lsd.cu build/cuda/libtide.a -lgomp
#include <tide/tide.hpp>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "experiment.cuh"

namespace td = tide::backend::cuda::detail;

/// The library's LSD kernel (small_radix_sort.hpp) in any shape: Threads x Items, keys only or
/// with values.
template <int Threads, int Items, bool Pairs = false, class K, class V = K, class Order>
void lsd(K* keys, V* vals, int n, Order order) {
  using shape = td::small_lsd_shape<Threads, Items, K, V, Pairs>;
  auto kernel = td::small_lsd_sort_kernel<shape, Pairs, K, V, K*, V*, Order>;
  static bool opted = false;
  if (!opted && shape::smem > 48 * 1024)
    CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shape::smem)));
  opted = true;
  kernel<<<1, Threads, shape::smem>>>(keys, vals, n, order);
}

/// The digits merge sort (tide's small radix sort until session 25), as small_radix_sort launched it.
template <bool Pairs = false, class K, class V = K, class Order>
void digits_merge(K* keys, V* vals, int n, Order order) {
  using t = td::small_radix_tuning<Order, K, V, Pairs>;
  if (t::short_tile > 0 && n <= t::short_tile) {
    td::small_radix_sort_kernel<t::threads, t::short_items, Pairs, K, V, K*, V*, Order>
        <<<1, t::threads, t::short_smem>>>(keys, vals, n, order);
    return;
  }
  auto kernel = td::small_radix_sort_kernel<t::threads, t::items, Pairs, K, V, K*, V*, Order>;
  static bool opted = false;
  if (!opted && t::smem > 48 * 1024) CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(t::smem)));
  opted = true;
  kernel<<<1, t::threads, t::smem>>>(keys, vals, n, order);
}

/// The same, with each key's digits computed once: shared memory moves the digits and a 16-bit
/// index each pass, and the keys are gathered from global memory at the end (in place: one block,
/// every read before the barrier, every write after it).
template <int Threads, int Items, class K, class Order>
__global__ void __launch_bounds__(Threads, 1) lsd_digits_kernel(K* keys, int n, Order order, int passes) {
  using rank_t = td::block_radix_rank<Threads, Items>;
  using bits_t = typename Order::bits_type;
  __shared__ typename rank_t::storage rank_storage;
  __shared__ td::shared_array<bits_t, Threads * Items> s_bits;
  __shared__ td::shared_array<unsigned short, Threads * Items> s_idx;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int first = warp * 32 * Items + lane;
  bits_t b[Items];
  unsigned short idx[Items];
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    idx[u] = (unsigned short)(first + u * 32);
    if (first + u * 32 < n) b[u] = order.digits(keys[first + u * 32]);
  }
  for (int pass = 0; pass < passes; ++pass) {
    int digit_rank[Items];
#pragma unroll
    for (int u = 0; u < Items; ++u) digit_rank[u] = first + u * 32 < n ? int((b[u] >> (8 * pass)) & 255u) : 255;
    int count, excl;
    rank_t::rank(digit_rank, rank_storage, [](int) {}, count, excl);
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (digit_rank[u] < n) {
        s_bits.data()[digit_rank[u]] = b[u];
        s_idx.data()[digit_rank[u]] = idx[u];
      }
    __syncthreads();
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (first + u * 32 < n) {
        b[u] = s_bits.data()[first + u * 32];
        idx[u] = s_idx.data()[first + u * 32];
      }
    __syncthreads();
  }
  K k[Items];
#pragma unroll
  for (int u = 0; u < Items; ++u)
    if (first + u * 32 < n) k[u] = keys[idx[u]];
  __syncthreads();
#pragma unroll
  for (int u = 0; u < Items; ++u)
    if (first + u * 32 < n) keys[first + u * 32] = k[u];
}

/// top_mask: the bits u32 keys keep (0x00ffffff: a constant top byte, as f32 keys in [-1e6, 1e6)
/// nearly have). Pairs: u32 values (the input's positions), checked against Thrust's sort_by_key.
/// One -0.0 among f32 keys (a session-25 variant carried the order bits of inputs without NaN or
/// -0.0, and the keys themselves otherwise).
static bool g_negative_zero = false;

/// swap_dist: f32 keys from random bit patterns (NaNs made finite), u32 keys the bit patterns of
/// f32 keys uniform in [-1e6, 1e6): which of data and digit arithmetic makes f32 slower.
template <class K, bool Pairs = false>
static void rows(std::size_t n, std::uint32_t top_mask = ~0u, bool all_shapes = false, bool swap_dist = false) {
  using V = std::uint32_t;
  std::vector<K> h(n);
  std::mt19937_64 g{n};
  std::uniform_real_distribution<float> uf(-1e6f, 1e6f);
  if constexpr (std::is_same_v<K, float>) {
    for (auto& x : h) {
      if (!swap_dist) {
        x = uf(g);
      } else {
        std::uint32_t b = std::uint32_t(g());
        if ((b & 0x7f800000u) == 0x7f800000u) b &= 0xbfffffffu;  // NaN or inf: a finite value
        std::memcpy(&x, &b, 4);
      }
    }
  } else if (swap_dist && sizeof(K) == 4) {
    for (auto& x : h) {
      const float f = uf(g);
      std::memcpy(&x, &f, 4);
    }
  } else {
    for (auto& x : h) x = static_cast<K>(g() & (sizeof(K) == 4 ? top_mask : ~0ull));
  }
  if constexpr (std::is_same_v<K, float>)
    if (g_negative_zero) h[n / 2] = -0.0f;  // one -0.0 (no +0.0: Thrust's order agrees)
  std::vector<V> hv(n);
  for (std::size_t i = 0; i < n; ++i) hv[i] = V(i);
  K *src, *keys, *ref;
  V *vsrc, *vals, *vref;
  for (K** p : {&src, &keys, &ref}) CK(cudaMalloc(p, n * sizeof(K)));
  for (V** p : {&vsrc, &vals, &vref}) CK(cudaMalloc(p, n * sizeof(V)));
  CK(cudaMemcpy(src, h.data(), n * sizeof(K), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(vsrc, hv.data(), n * sizeof(V), cudaMemcpyHostToDevice));
  auto restore = [&](K* d, V* dv) {
    return [=] {
      CK(cudaMemcpyAsync(d, src, n * sizeof(K), cudaMemcpyDeviceToDevice));
      if (Pairs) CK(cudaMemcpyAsync(dv, vsrc, n * sizeof(V), cudaMemcpyDeviceToDevice));
    };
  };
  const char* type = std::is_same_v<K, float> ? (swap_dist ? "f32-bits" : g_negative_zero ? "f32-negzero" : "f32")
                     : sizeof(K) == 8                ? "u64"
                     : swap_dist                     ? "u32-f32bits"
                     : top_mask == ~0u               ? "u32"
                                                     : "u32-top0";
  const double thrust_ms = time_queued_ms(restore(ref, vref), [&] {
    if constexpr (Pairs) thrust::sort_by_key(thrust::cuda::par_nosync, ref, ref + n, vref);
    else thrust::sort(thrust::cuda::par_nosync, ref, ref + n);
  });
  std::vector<K> want(n), got(n);
  std::vector<V> vwant(n), vgot(n);
  CK(cudaMemcpy(want.data(), ref, n * sizeof(K), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(vwant.data(), vref, n * sizeof(V), cudaMemcpyDeviceToHost));
  auto row = [&](const char* label, auto&& f) {
    const double ms = time_queued_ms(restore(keys, vals), f);
    CK(cudaMemcpy(got.data(), keys, n * sizeof(K), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(vgot.data(), vals, n * sizeof(V), cudaMemcpyDeviceToHost));
    const bool same = std::memcmp(got.data(), want.data(), n * sizeof(K)) == 0 &&
                      (!Pairs || std::memcmp(vgot.data(), vwant.data(), n * sizeof(V)) == 0);
    std::printf("%s%s n=%zu %-14s %.4f ms thrust %.4f ms thrust/this %.3f %s\n", type, Pairs ? "/u32" : "", n, label,
                ms, thrust_ms, thrust_ms / ms, same ? "same" : "MISMATCH");
  };
  row("tide", [&] {
    if constexpr (Pairs) tide::sort_by_key(tide::device, keys, keys + n, vals);
    else tide::sort(tide::device, keys, keys + n);
  });
  const tide::detail::radix_bits_less<K> order{0, int(8 * sizeof(K)), false};
  const int m = int(n);
  if (n <= 4352) row("digits merge", [&] { digits_merge<Pairs>(keys, vals, m, order); });
  if (n <= 4608) row("lsd 512x9", [&] { lsd<512, 9, Pairs>(keys, vals, m, order); });
  if (n <= 3584) row("lsd 512x7", [&] { lsd<512, 7, Pairs>(keys, vals, m, order); });
  if (n <= 2560) row("lsd 512x5", [&] { lsd<512, 5, Pairs>(keys, vals, m, order); });
  if (n <= 1536) row("lsd 512x3", [&] { lsd<512, 3, Pairs>(keys, vals, m, order); });
  if (all_shapes) {
    if (n <= 4352) row("lsd 256x17", [&] { lsd<256, 17, Pairs>(keys, vals, m, order); });
    if (n <= 4608) row("lsd 384x12", [&] { lsd<384, 12, Pairs>(keys, vals, m, order); });
    if (n <= 3584) row("lsd 256x14", [&] { lsd<256, 14, Pairs>(keys, vals, m, order); });
    if (n <= 3072) row("lsd 256x12", [&] { lsd<256, 12, Pairs>(keys, vals, m, order); });
    if (n <= 2560) row("lsd 256x10", [&] { lsd<256, 10, Pairs>(keys, vals, m, order); });
    if (n <= 2048) row("lsd 256x8", [&] { lsd<256, 8, Pairs>(keys, vals, m, order); });
    if (n <= 1536) row("lsd 256x6", [&] { lsd<256, 6, Pairs>(keys, vals, m, order); });
    if (n <= 1024) row("lsd 256x4", [&] { lsd<256, 4, Pairs>(keys, vals, m, order); });
  }
  if constexpr (sizeof(K) == 4 && !Pairs) {
    if (n <= 2048) row("digits 256x8", [&] { lsd_digits_kernel<256, 8, K><<<1, 256>>>(keys, m, order, 4); });
    else if (n <= 3584) row("digits 512x7", [&] { lsd_digits_kernel<512, 7, K><<<1, 512>>>(keys, m, order, 4); });
    else row("digits 512x9", [&] { lsd_digits_kernel<512, 9, K><<<1, 512>>>(keys, m, order, 4); });
  }
  for (K* p : {src, keys, ref}) CK(cudaFree(p));
  for (V* p : {vsrc, vals, vref}) CK(cudaFree(p));
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "top0") {  // the low-entropy digit check, tide::sort's paths too
    for (std::size_t n : {4096, 16384, 65536}) {
      rows<std::uint32_t>(n);
      rows<std::uint32_t>(n, 0x00ffffffu);
      rows<float>(n);
    }
    return 0;
  }
  if (mode == "ncu") {  // one launch each under a profiler: u32, f32, f32 with a -0.0
    const int n = 4096;
    std::vector<std::uint32_t> hu(n);
    std::mt19937 g{1};
    for (auto& x : hu) x = g() & 0x3effffffu;  // as u32 and as f32: finite, positive
    std::uint32_t* du;
    CK(cudaMalloc(&du, n * 4));
    for (int r = 0; r < 3; ++r) {
      CK(cudaMemcpy(du, hu.data(), n * 4, cudaMemcpyHostToDevice));
      lsd<512, 9>(du, du, n, tide::detail::radix_bits_less<std::uint32_t>{0, 32, false});
      CK(cudaMemcpy(du, hu.data(), n * 4, cudaMemcpyHostToDevice));
      float* df = reinterpret_cast<float*>(du);
      lsd<512, 9>(df, df, n, tide::detail::radix_bits_less<float>{0, 32, false});
      hu[7] = 0x80000000u;  // -0.0
      CK(cudaMemcpy(du, hu.data(), n * 4, cudaMemcpyHostToDevice));
      lsd<512, 9>(df, df, n, tide::detail::radix_bits_less<float>{0, 32, false});
      hu[7] = 1;
      CK(cudaDeviceSynchronize());
    }
    std::printf("ncu mode done\n");
    return 0;
  }
  if (mode == "swap") {  // f32's extra time: the data or the digits' arithmetic
    for (std::size_t n : {1536, 2560, 4096}) {
      rows<std::uint32_t>(n);
      rows<std::uint32_t>(n, ~0u, false, true);
      rows<float>(n);
      rows<float>(n, ~0u, false, true);
      g_negative_zero = true;
      rows<float>(n);
      rows<float, true>(n);
      g_negative_zero = false;
      rows<float, true>(n);
    }
    return 0;
  }
  if (mode == "shapes") {  // every shape at each shape's tile
    for (std::size_t n : {1000, 1024, 1536, 2048, 2560, 3072, 3584, 4096, 4352}) {
      rows<std::uint32_t>(n, ~0u, true);
      rows<float>(n, ~0u, true);
    }
    return 0;
  }
  // the library's choice against the digits merge sort and Thrust: keys, pairs, and u64 keys in
  // eight LSD passes (the library keeps the digits merge sort for them)
  for (std::size_t n : {2, 31, 1000, 1536, 1537, 2048, 2049, 3000, 3584, 3585, 4096, 4352}) {
    rows<std::uint32_t>(n);
    rows<float>(n);
    rows<std::uint32_t, true>(n);
    rows<float, true>(n);
    rows<std::uint64_t>(n);
  }
  return 0;
}
