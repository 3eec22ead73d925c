// Groundwork for the radix-order sorts of a few thousand keys (docs/notes/sort.md, session 24: 4,096
// f32 keys took 17.1-18.2 us in tide's one-block digits merge sort against Thrust's 15.5-16.2 on an
// H200). A one-block LSD radix sort instead: 512 threads x 9 keys, 8-bit digits of the key order
// (radix_bits_less: -0.0 = +0.0, NaNs last) ranked by block_radix_rank (the onesweep pass's
// ranking), the keys scattered to their ranks in shared memory, one pass a digit. Rows: this kernel,
// tide::sort and Thrust, u32 and f32 keys (uniform bits / uniform in [-1e6, 1e6)), timed as compare/
// times (calls queued between events after the input's copy; the median of 100), each checked
// against Thrust's result bit for bit (f32 inputs without NaN or -0.0, where the orders agree).
// lsd_digits_kernel: the digits computed once, moved with a 16-bit index, the keys gathered at the end.
// `small_radix_lsd top0`: u32 keys with random and with constant top bytes, and f32, at 2^12-2^16.
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

/// One block sorts keys[0, n) (n <= Threads * Items) in `passes` 8-bit LSD passes of order's digits.
/// Items are warp-striped (block_radix_rank's layout): item u of lane l in warp w is element
/// w*32*Items + u*32 + l, so ranks are stable; padding takes digit 255 at the tile's end.
template <int Threads, int Items, class K, class Order>
__global__ void __launch_bounds__(Threads, 1) lsd_small_kernel(K* keys, int n, Order order, int passes) {
  using rank_t = td::block_radix_rank<Threads, Items>;
  __shared__ typename rank_t::storage rank_storage;
  __shared__ td::shared_array<K, Threads * Items> s_keys;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int first = warp * 32 * Items + lane;
  K k[Items];
#pragma unroll
  for (int u = 0; u < Items; ++u)
    if (first + u * 32 < n) k[u] = keys[first + u * 32];
  for (int pass = 0; pass < passes; ++pass) {
    int digit_rank[Items];
#pragma unroll
    for (int u = 0; u < Items; ++u)
      digit_rank[u] = first + u * 32 < n ? int((order.digits(k[u]) >> (8 * pass)) & 255u) : 255;
    int count, excl;
    rank_t::rank(digit_rank, rank_storage, [](int) {}, count, excl);
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (digit_rank[u] < n) s_keys.data()[digit_rank[u]] = k[u];
    __syncthreads();  // the scatter done; rank_storage free again
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (first + u * 32 < n) k[u] = s_keys.data()[first + u * 32];
    __syncthreads();  // every read before the next scatter
  }
#pragma unroll
  for (int u = 0; u < Items; ++u)
    if (first + u * 32 < n) keys[first + u * 32] = k[u];
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
/// nearly have).
template <class K>
static void rows(std::size_t n, std::uint32_t top_mask = ~0u) {
  std::vector<K> h(n);
  std::mt19937 g{static_cast<unsigned>(n)};
  if constexpr (std::is_same_v<K, float>) {
    std::uniform_real_distribution<float> u(-1e6f, 1e6f);
    for (auto& x : h) x = u(g);
  } else {
    for (auto& x : h) x = static_cast<K>(g() & top_mask);
  }
  K *src, *keys, *ref;
  for (K** p : {&src, &keys, &ref}) CK(cudaMalloc(p, n * sizeof(K)));
  CK(cudaMemcpy(src, h.data(), n * sizeof(K), cudaMemcpyHostToDevice));
  auto restore = [&](K* d) { return [=] { CK(cudaMemcpyAsync(d, src, n * sizeof(K), cudaMemcpyDeviceToDevice)); }; };
  const char* type = std::is_same_v<K, float> ? "f32" : top_mask == ~0u ? "u32" : "u32-top0";
  const double thrust_ms = time_queued_ms(restore(ref), [&] { thrust::sort(thrust::cuda::par_nosync, ref, ref + n); });
  std::vector<K> want(n), got(n);
  CK(cudaMemcpy(want.data(), ref, n * sizeof(K), cudaMemcpyDeviceToHost));
  auto row = [&](const char* label, auto&& f) {
    const double ms = time_queued_ms(restore(keys), f);
    CK(cudaMemcpy(got.data(), keys, n * sizeof(K), cudaMemcpyDeviceToHost));
    const bool same = std::memcmp(got.data(), want.data(), n * sizeof(K)) == 0;
    std::printf("%s n=%zu %-12s %.4f ms thrust %.4f ms thrust/this %.3f %s\n", type, n, label, ms, thrust_ms,
                thrust_ms / ms, same ? "same" : "MISMATCH");
  };
  row("tide::sort", [&] { tide::sort(tide::device, keys, keys + n); });
  const tide::detail::radix_bits_less<K> order{0, 32, false};
  if (n <= 4352) row("lsd 512x9", [&] { lsd_small_kernel<512, 9, K><<<1, 512>>>(keys, int(n), order, 4); });
  if (n <= 4352) row("digits 512x9", [&] { lsd_digits_kernel<512, 9, K><<<1, 512>>>(keys, int(n), order, 4); });
  if (n <= 3584) row("digits 512x7", [&] { lsd_digits_kernel<512, 7, K><<<1, 512>>>(keys, int(n), order, 4); });
  if (n <= 2048) row("digits 256x8", [&] { lsd_digits_kernel<256, 8, K><<<1, 256>>>(keys, int(n), order, 4); });
  if (n <= 3584) row("lsd 512x7", [&] { lsd_small_kernel<512, 7, K><<<1, 512>>>(keys, int(n), order, 4); });
  if (n <= 2048) row("lsd 256x8", [&] { lsd_small_kernel<256, 8, K><<<1, 256>>>(keys, int(n), order, 4); });
  if (n <= 1536) row("lsd 512x3", [&] { lsd_small_kernel<512, 3, K><<<1, 512>>>(keys, int(n), order, 4); });
  for (K* p : {src, keys, ref}) CK(cudaFree(p));
}

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "top0") {  // the low-entropy digit check, tide::sort's paths too
    for (std::size_t n : {4096, 16384, 65536}) {
      rows<std::uint32_t>(n);
      rows<std::uint32_t>(n, 0x00ffffffu);
      rows<float>(n);
    }
    return 0;
  }
  for (std::size_t n : {1000, 1536, 2048, 3000, 4096, 4352}) {
    rows<std::uint32_t>(n);
    rows<float>(n);
  }
  return 0;
}
