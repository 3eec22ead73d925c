// Session 16's GPU microbenchmark (issue 18): tide's one-block sort of radix-order keys at the sizes
// that moved from small_sort_kernel<256, 17> (the comparator's digits recomputed at every
// comparison) to the digits sort, against cub::DeviceRadixSort on the same data. Only the public
// API is used, so the same source builds against the headers before and after the change and one
// run compares them. Rows: u32, f32, u64 keys and sort_by_key u32/u32, f32/u32, n = 1537, 2048, 3000,
// 4096, 4352 (and 1000, 1536: the sizes the digits sort already took, now in the larger shape); each
// checks tide's output against CUB's, bit for bit (exit 1 on a mismatch). Then f32 keys with NaNs
// of both signs, -0.0 and +0.0 mixed in, checked against a host std::stable_sort in tide's order
// (NaNs last, -0.0 == +0.0 in input order; CUB orders them otherwise), keys only and with each
// key's input position as its value (which shows the stability).
// Times: median of 50 calls between events on the default stream, the input copied back before
// each call outside the events; CUB's temporary storage is allocated once, outside.
// Build (sm_90; the old headers: -I/tmp/old_include instead of -Iinclude):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/small_sort16.cu build/cuda/libtide.a -lgomp \
//        -o /tmp/small_sort16
#include <tide/tide.hpp>
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "experiment.cuh"

namespace {

constexpr int reps = 51;

/// Device copies of the input (kept), of the buffer tide sorts in place, and of CUB's output.
template <class T>
struct dev {
  T* p = nullptr;
  explicit dev(std::size_t n) { CK(cudaMalloc(&p, n * sizeof(T) + 1)); }
  ~dev() { cudaFree(p); }
  dev(const dev&) = delete;
  dev& operator=(const dev&) = delete;
};

template <class T>
std::vector<T> to_host(const T* d, std::size_t n) {
  std::vector<T> h(n);
  CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

/// The first index where a and b differ bitwise, or -1.
template <class T>
long first_difference(const std::vector<T>& a, const std::vector<T>& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(T)) != 0) return long(i);
  return -1;
}

template <class T>
std::vector<T> random_keys(std::size_t n, unsigned seed) {
  std::mt19937_64 g(seed);
  std::vector<T> h(n);
  if constexpr (std::is_floating_point_v<T>) {
    std::uniform_real_distribution<T> d(T(-1000), T(1000));
    for (auto& x : h) x = d(g);
  } else {
    for (auto& x : h) x = T(g());
  }
  return h;
}

void fail(const char* what, const char* type, std::size_t n, long at) {
  std::printf("MISMATCH %s %s n=%zu at %ld\n", what, type, n, at);
  std::exit(1);
}

/// One row: tide::sort (or sort_by_key, when V is not void) against CUB, keys (and values) `hk`, `hv`.
/// CUB's radix sort (k, v -> cub_k, cub_v) and tide's (k, v in place), each timed after prep().
template <class K, class V, class Prep>
void time_both(Prep& prep, dev<unsigned char>& temp, std::size_t temp_bytes, dev<K>& k, dev<V>& v, dev<K>& cub_k,
               dev<V>& cub_v, std::size_t n, bool pairs, double& cub_ms, double& tide_ms) {
  cub_ms = time_prepped_ms(prep, [&] {
    if (pairs)
      CK(cub::DeviceRadixSort::SortPairs(temp.p, temp_bytes, k.p, cub_k.p, v.p, cub_v.p, int(n)));
    else
      CK(cub::DeviceRadixSort::SortKeys(temp.p, temp_bytes, k.p, cub_k.p, int(n)));
  }, reps);
  tide_ms = time_prepped_ms(prep, [&] {
    if (pairs)
      tide::sort_by_key(tide::device, k.p, k.p + n, v.p);
    else
      tide::sort(tide::device, k.p, k.p + n);
  }, reps);
}

template <class K, class V>
void row(const char* type, const std::vector<K>& hk, const std::vector<V>& hv, bool pairs) {
  const std::size_t n = hk.size();
  dev<K> src_k(n), k(n), cub_k(n);
  dev<V> src_v(n), v(n), cub_v(n);
  CK(cudaMemcpy(src_k.p, hk.data(), n * sizeof(K), cudaMemcpyHostToDevice));
  if (pairs) CK(cudaMemcpy(src_v.p, hv.data(), n * sizeof(V), cudaMemcpyHostToDevice));
  std::size_t temp_bytes = 0;
  if (pairs)
    CK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, k.p, cub_k.p, v.p, cub_v.p, int(n)));
  else
    CK(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, k.p, cub_k.p, int(n)));
  dev<unsigned char> temp(temp_bytes);
  auto prep = [&] {
    CK(cudaMemcpyAsync(k.p, src_k.p, n * sizeof(K), cudaMemcpyDeviceToDevice));
    if (pairs) CK(cudaMemcpyAsync(v.p, src_v.p, n * sizeof(V), cudaMemcpyDeviceToDevice));
  };
  // CUB first: it reads k and v (the input) and writes cub_k, cub_v.
  double cub_ms, tide_ms;
  time_both(prep, temp, temp_bytes, k, v, cub_k, cub_v, n, pairs, cub_ms, tide_ms);
  CK(cudaDeviceSynchronize());
  long at = first_difference(to_host(k.p, n), to_host(cub_k.p, n));
  if (at >= 0) fail("keys", type, n, at);
  if (pairs && (at = first_difference(to_host(v.p, n), to_host(cub_v.p, n))) >= 0) fail("values", type, n, at);
  std::printf("%-9s n=%5zu  tide %7.2f us  cub %7.2f us  cub/tide %.2f\n", type, n, tide_ms * 1e3, cub_ms * 1e3,
              cub_ms / tide_ms);
}

template <class K>
void keys_rows(const char* type, const std::vector<std::size_t>& sizes) {
  for (std::size_t n : sizes) row<K, K>(type, random_keys<K>(n, unsigned(n) * 7 + 1), {}, false);
}
template <class K, class V>
void pairs_rows(const char* type, const std::vector<std::size_t>& sizes) {
  for (std::size_t n : sizes)
    row<K, V>(type, random_keys<K>(n, unsigned(n) * 7 + 2), random_keys<V>(n, unsigned(n) * 7 + 3), true);
}

/// tide's order, written out: NaNs (either sign) after everything, -0.0 == +0.0.
bool tide_less(float a, float b) {
  if (std::isnan(a)) return false;
  if (std::isnan(b)) return true;
  return a < b;
}

/// f32 keys with NaNs of both signs and payloads, -0.0 and +0.0 (an eighth each), the rest small
/// integers (many ties), against std::stable_sort in tide's order; values: the input positions.
void special_rows(const std::vector<std::size_t>& sizes) {
  for (std::size_t n : sizes) {
    std::mt19937 g{unsigned(n)};
    std::vector<float> hk(n);
    const std::uint32_t nans[] = {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff812345u};
    for (auto& x : hk) {
      const unsigned r = g() % 8;
      if (r == 0) {
        std::uint32_t b = nans[g() % 4];
        std::memcpy(&x, &b, 4);
      } else if (r == 1) {
        x = -0.0f;
      } else if (r == 2) {
        x = 0.0f;
      } else {
        x = float(int(g() % 41) - 20);
      }
    }
    std::vector<std::uint32_t> hv(n);
    for (std::size_t i = 0; i < n; ++i) hv[i] = std::uint32_t(i);
    std::vector<std::uint32_t> order(hv);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return tide_less(hk[a], hk[b]); });
    std::vector<float> want_k(n);
    for (std::size_t i = 0; i < n; ++i) want_k[i] = hk[order[i]];
    for (bool pairs : {false, true}) {
      dev<float> src_k(n), k(n), cub_k(n);
      dev<std::uint32_t> src_v(n), v(n), cub_v(n);
      CK(cudaMemcpy(src_k.p, hk.data(), n * 4, cudaMemcpyHostToDevice));
      CK(cudaMemcpy(src_v.p, hv.data(), n * 4, cudaMemcpyHostToDevice));
      std::size_t temp_bytes = 0;
      CK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, k.p, cub_k.p, v.p, cub_v.p, int(n)));
      dev<unsigned char> temp(temp_bytes);
      auto prep = [&] {
        CK(cudaMemcpyAsync(k.p, src_k.p, n * 4, cudaMemcpyDeviceToDevice));
        CK(cudaMemcpyAsync(v.p, src_v.p, n * 4, cudaMemcpyDeviceToDevice));
      };
      double cub_ms, tide_ms;
      time_both(prep, temp, temp_bytes, k, v, cub_k, cub_v, n, pairs, cub_ms, tide_ms);
      CK(cudaDeviceSynchronize());
      const char* type = pairs ? "f32s/u32" : "f32s";
      long at = first_difference(to_host(k.p, n), want_k);
      if (at >= 0) fail("special keys (against std::stable_sort)", type, n, at);
      if (pairs && (at = first_difference(to_host(v.p, n), order)) >= 0)
        fail("special values (input positions)", type, n, at);
      std::printf("%-9s n=%5zu  tide %7.2f us  cub %7.2f us  cub/tide %.2f  (NaN, -0.0, +0.0; checked on the host)\n",
                  type, n, tide_ms * 1e3, cub_ms * 1e3, cub_ms / tide_ms);
    }
  }
}

}  // namespace

int main() {
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# small_sort16: %s; median of %d calls between events; cub/tide > 1: tide faster\n", prop.name,
              reps - 1);
  const std::vector<std::size_t> sizes = {1000, 1536, 1537, 2048, 3000, 4096, 4352};
  keys_rows<std::uint32_t>("u32", sizes);
  keys_rows<float>("f32", sizes);
  keys_rows<std::uint64_t>("u64", sizes);
  pairs_rows<std::uint32_t, std::uint32_t>("u32/u32", sizes);
  pairs_rows<float, std::uint32_t>("f32/u32", sizes);
  special_rows({1537, 4352});
  std::printf("all rows match\n");
  return 0;
}
