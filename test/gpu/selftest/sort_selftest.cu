// Self-test and timings of tide's CUDA sort backend (issue 5).
//
// Build (repo root; copy this file into the tree first, e.g. to scratch/sort_selftest.cu):
//   nvcc -std=c++17 -O3 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr -Iinclude \
//        sort_selftest.cu -x cu lib/device_properties.cpp lib/error.cpp lib/memory_resource.cpp -o sort_selftest
// Run: ./sort_selftest            (correctness, the > 2^30 and > 2^31 key tests, timings at 2^28)
//      ./sort_selftest --quick    (no huge tests, no 2^24 sizes)
//      ./sort_selftest --time     (timings only)
//      ./sort_selftest --sweep    (experiments: block shapes, small-sort latency, merge phases)
//      ./sort_selftest --profile  (one tide and one CUB sort of 2^28 u32 and f32 keys, for ncu)
// Exit status: the number of failed checks (0 = all good).

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>

#include <tide/backend/cuda/merge.hpp>
#include <tide/backend/cuda/sort.hpp>
#include <tide/detail/sort_traits.hpp>
#include <tide/functional.hpp>
#include <tide/iterator/counting_iterator.hpp>
#include <tide/iterator/permutation_iterator.hpp>
#include <tide/iterator/zip_iterator.hpp>

namespace cu = tide::backend::cuda;
using tide::size_type;
using tide::detail::radix_order_less;

#define CK(x)                                                                                    \
  do {                                                                                           \
    cudaError_t e_ = (x);                                                                        \
    if (e_ != cudaSuccess) {                                                                     \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__);       \
      std::exit(100);                                                                            \
    }                                                                                            \
  } while (0)

static int failures = 0;
static void report(bool ok, const std::string& what) {
  if (!ok) ++failures;
  if (!ok) std::printf("FAIL %s\n", what.c_str());
}

/// std::vector, except for bool (whose vector has no data()).
struct bool_vec {
  std::vector<unsigned char> v;
  bool_vec() = default;
  explicit bool_vec(size_t n) : v(n) {}
  size_t size() const { return v.size(); }
  bool empty() const { return v.empty(); }
  bool* data() { return reinterpret_cast<bool*>(v.data()); }
  const bool* data() const { return reinterpret_cast<const bool*>(v.data()); }
  bool& operator[](size_t i) { return data()[i]; }
  const bool& operator[](size_t i) const { return data()[i]; }
  bool* begin() { return data(); }
  bool* end() { return data() + size(); }
  void swap(bool_vec& o) { v.swap(o.v); }
};
template <class T>
using hvec = std::conditional_t<std::is_same_v<T, bool>, bool_vec, std::vector<T>>;

template <class T>
struct dbuf {
  T* p = nullptr;
  size_t n = 0;
  explicit dbuf(size_t n_) : n(n_) { CK(cudaMalloc(&p, std::max<size_t>(1, n) * sizeof(T))); }
  ~dbuf() { cudaFree(p); }
  void put(const hvec<T>& h) { CK(cudaMemcpy(p, h.data(), n * sizeof(T), cudaMemcpyHostToDevice)); }
  hvec<T> get() const {
    hvec<T> h(n);
    CK(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
};

template <class T>
bool same_bits(const T& a, const T& b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }
// (Not `const hvec<T>&`: T is not deducible through the alias, so vectors fell to the memcmp above,
// comparing the vector objects themselves.)
template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}
inline bool same_bits(const bool_vec& a, const bool_vec& b) { return a.v == b.v; }

template <class K> const char* type_name();
#define NAME(T, s) template <> const char* type_name<T>() { return s; }
NAME(std::int8_t, "i8") NAME(std::uint8_t, "u8") NAME(std::int16_t, "i16") NAME(std::uint16_t, "u16")
NAME(std::int32_t, "i32") NAME(std::uint32_t, "u32") NAME(std::int64_t, "i64") NAME(std::uint64_t, "u64")
NAME(float, "f32") NAME(double, "f64") NAME(bool, "bool")

// ---- key generation ------------------------------------------------------------------------
enum dist { random_bits, few_values, all_equal, low_byte_only, sorted_input, num_dists };
static const char* dist_name[] = {"random", "few", "equal", "lowbyte", "sorted"};

template <class K>
K from_bits(std::uint64_t r) {
  if constexpr (std::is_same_v<K, bool>) return (r & 1) != 0;
  K k;
  std::memcpy(&k, &r, sizeof(K));
  return k;
}

template <class K>
K special(std::uint64_t r) {  // -0.0, +0.0, NaNs with payloads and both signs, infinities, denormals
  if constexpr (std::is_floating_point_v<K>) {
    using lim = std::numeric_limits<K>;
    switch (r % 8) {
      case 0: return K(-0.0);
      case 1: return K(0.0);
      case 2: return lim::infinity();
      case 3: return -lim::infinity();
      case 4: return lim::denorm_min();
      case 5: return -lim::quiet_NaN();
      default: {
        K nan = lim::quiet_NaN();
        typename tide::detail::uint_of_size<sizeof(K)>::type u;
        std::memcpy(&u, &nan, sizeof(K));
        u |= decltype(u)((r >> 8) & 0xffff);  // a payload
        std::memcpy(&nan, &u, sizeof(K));
        return nan;
      }
    }
  } else {
    return from_bits<K>(r);
  }
}

template <class K>
hvec<K> make_keys(size_t n, dist d, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  hvec<K> k(n);
  hvec<K> few(13);
  for (auto& f : few) f = (rng() % 2) ? special<K>(rng()) : from_bits<K>(rng());
  const K one = from_bits<K>(rng());
  for (size_t i = 0; i < n; ++i) {
    std::uint64_t r = rng();
    switch (d) {
      case random_bits: k[i] = (r % 64 == 0) ? special<K>(r >> 6) : from_bits<K>(r); break;
      case few_values: k[i] = few[r % few.size()]; break;
      case all_equal: k[i] = one; break;
      case low_byte_only: {
        std::uint64_t b = 0;
        std::memcpy(&b, &one, sizeof(K));
        b = (b & ~std::uint64_t(0xff)) | (r & 0xff);
        k[i] = from_bits<K>(b);
        break;
      }
      default: k[i] = from_bits<K>(r); break;
    }
  }
  if (d == sorted_input) std::stable_sort(k.begin(), k.end(), radix_order_less<K, false>{});
  return k;
}

// ---- checks ------------------------------------------------------------------------------------
/// O(n): idx is a permutation, keys[i] is orig[idx[i]] bit for bit, keys are in order, ties keep
/// their input order: together, the result is exactly the stable sort.
template <class KV, class IV, class Less>
bool check_stable_pairs(const KV& orig, const KV& keys, const IV& idx, Less less, std::string& why) {
  const size_t n = orig.size();
  if (keys.size() != n || idx.size() != n) return why = "size", false;
  std::vector<bool> seen(n, false);
  for (size_t i = 0; i < n; ++i) {
    size_t j = size_t(idx[i]);
    if (j >= n || seen[j]) return why = "values not a permutation at " + std::to_string(i), false;
    seen[j] = true;
    if (!same_bits(keys[i], orig[j])) return why = "key moved without its value (or rewritten) at " + std::to_string(i), false;
    if (i && less(keys[i], keys[i - 1])) return why = "not sorted at " + std::to_string(i), false;
    if (i && !less(keys[i - 1], keys[i]) && idx[i - 1] > idx[i]) return why = "not stable at " + std::to_string(i), false;
  }
  return true;
}

template <class KV, class VV, class Less>
void host_stable_sort_pairs(KV& k, VV& v, Less less) {
  std::vector<size_t> perm(k.size());
  for (size_t i = 0; i < perm.size(); ++i) perm[i] = i;
  std::stable_sort(perm.begin(), perm.end(), [&](size_t a, size_t b) { return less(k[a], k[b]); });
  KV k2(k.size());
  VV v2(v.size());
  for (size_t i = 0; i < perm.size(); ++i) k2[i] = k[perm[i]], v2[i] = v[perm[i]];
  k.swap(k2);
  v.swap(v2);
}

struct val16 {
  std::uint32_t idx, a, b, c;
};
struct val3 {
  std::uint16_t lo;
  std::uint8_t hi;
};
struct val24 {
  std::uint64_t idx, a, b;
};

/// sort_by_key with index values of several kinds, then sort (keys only): all must agree.
template <class K, bool Desc, bool Extras>
void test_radix(size_t n, dist d, bool host_reference) {
  using order = radix_order_less<K, Desc>;
  const std::string what = std::string("radix ") + type_name<K>() + (Desc ? " desc " : " asc ") + dist_name[d] +
                           " n=" + std::to_string(n);
  const hvec<K> orig = make_keys<K>(n, d, n * 7 + d * 3 + Desc);
  tide::cuda_policy p{};
  std::string why;

  // 32-bit index values (the radix pairs path)
  dbuf<K> dk(n);
  dbuf<std::uint32_t> dv(n);
  std::vector<std::uint32_t> idx(n);
  for (size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
  dk.put(orig);
  dv.put(idx);
  cu::sort_by_key(p, dk.p, size_type(n), dv.p, order{}, false);
  CK(cudaDeviceSynchronize());
  const hvec<K> keys = dk.get();
  const std::vector<std::uint32_t> vals = dv.get();
  report(check_stable_pairs(orig, keys, vals, order{}, why), what + " pairs u32: " + why);
  if (host_reference) {
    hvec<K> hk = orig;
    std::vector<std::uint32_t> hv = idx;
    host_stable_sort_pairs(hk, hv, order{});
    report(same_bits(hk, keys) && same_bits(hv, vals), what + " pairs u32 vs std::stable_sort");
  }

  // keys only
  dk.put(orig);
  cu::sort(p, dk.p, size_type(n), order{}, false);
  CK(cudaDeviceSynchronize());
  report(same_bits(dk.get(), keys), what + " keys only");

  if constexpr (!Extras) return;                     // (the kinds below are instantiated for a few key types only)
  if (n > (1u << 21) && d != random_bits) return;  // the value kinds below: once per size is enough
  // 16-byte and 3-byte values (radix passes move them), 24-byte and zip values (a permutation)
  {
    dbuf<val16> d16(n);
    std::vector<val16> h16(n);
    for (size_t i = 0; i < n; ++i) h16[i] = {std::uint32_t(i), std::uint32_t(i * 3), 7u, std::uint32_t(~i)};
    d16.put(h16);
    dk.put(orig);
    cu::sort_by_key(p, dk.p, size_type(n), d16.p, order{}, false);
    CK(cudaDeviceSynchronize());
    auto r = d16.get();
    bool ok = same_bits(dk.get(), keys);
    for (size_t i = 0; ok && i < n; ++i) ok = r[i].idx == vals[i] && r[i].a == vals[i] * 3 && r[i].c == ~vals[i];
    report(ok, what + " pairs val16");
  }
  if (n < (1u << 24)) {
    dbuf<val3> d3(n);
    std::vector<val3> h3(n);
    for (size_t i = 0; i < n; ++i) h3[i] = {std::uint16_t(i), std::uint8_t(i >> 16)};
    d3.put(h3);
    dk.put(orig);
    cu::sort_by_key(p, dk.p, size_type(n), d3.p, order{}, false);
    CK(cudaDeviceSynchronize());
    auto r = d3.get();
    bool ok = same_bits(dk.get(), keys);
    for (size_t i = 0; ok && i < n; ++i) ok = (r[i].lo | (std::uint32_t(r[i].hi) << 16)) == vals[i];
    report(ok, what + " pairs val3");
  }
  {
    dbuf<val24> d24(n);
    std::vector<val24> h24(n);
    for (size_t i = 0; i < n; ++i) h24[i] = {i, i + 1, i * 5};
    d24.put(h24);
    dk.put(orig);
    cu::sort_by_key(p, dk.p, size_type(n), d24.p, order{}, false);
    CK(cudaDeviceSynchronize());
    auto r = d24.get();
    bool ok = same_bits(dk.get(), keys);
    for (size_t i = 0; ok && i < n; ++i) ok = r[i].idx == vals[i] && r[i].a == vals[i] + 1 && r[i].b == vals[i] * 5;
    report(ok, what + " pairs val24 (permutation)");
  }
  {
    dbuf<int> di(n);
    dbuf<double> dd(n);
    std::vector<int> hi(n);
    std::vector<double> hd(n);
    for (size_t i = 0; i < n; ++i) hi[i] = int(i), hd[i] = double(i) * 0.5;
    di.put(hi);
    dd.put(hd);
    dk.put(orig);
    cu::sort_by_key(p, dk.p, size_type(n), tide::make_zip_iterator(di.p, dd.p), order{}, false);
    CK(cudaDeviceSynchronize());
    auto ri = di.get();
    auto rd = dd.get();
    bool ok = same_bits(dk.get(), keys);
    for (size_t i = 0; ok && i < n; ++i) ok = ri[i] == int(vals[i]) && rd[i] == double(vals[i]) * 0.5;
    report(ok, what + " pairs zip (permutation)");
  }
  if (n <= (1u << 21)) {
    // keys behind an adaptor: merge sort in the same order
    dk.put(orig);
    auto pk = tide::make_permutation_iterator(dk.p, tide::make_counting_iterator<size_type>(0));
    cu::sort(p, pk, size_type(n), order{}, false);
    CK(cudaDeviceSynchronize());
    report(same_bits(dk.get(), keys), what + " keys through permutation_iterator");
  }
}

/// Every size and distribution, both directions; the other value kinds in direction `ExtrasDir`
/// (0 ascending, 1 descending, 2 both, -1 none).
template <class K, int ExtrasDir = -1>
void test_type(const std::vector<size_t>& sizes) {
  for (size_t n : sizes)
    for (int d = 0; d < num_dists; ++d) {
      bool ref = n <= (1u << 20) + 7 && (d == random_bits || d == few_values);
      test_radix<K, false, ExtrasDir == 0 || ExtrasDir == 2>(n, dist(d), ref);
      test_radix<K, true, ExtrasDir >= 1>(n, dist(d), ref);
    }
}

/// radix_sort over a bit range, checked against std::stable_sort with radix_bits_less.
template <class K>
void test_bits(size_t n, int begin_bit, int end_bit, bool desc) {
  const hvec<K> orig = make_keys<K>(n, random_bits, 99 + n);
  std::vector<std::uint32_t> idx(n);
  for (size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
  tide::detail::radix_bits_less<K> less{begin_bit, end_bit, desc};
  hvec<K> hk = orig;
  std::vector<std::uint32_t> hv = idx;
  host_stable_sort_pairs(hk, hv, less);
  dbuf<K> dk(n);
  dbuf<std::uint32_t> dv(n);
  dk.put(orig);
  dv.put(idx);
  tide::cuda_policy p{};
  cu::radix_sort_by_key(p, dk.p, size_type(n), dv.p, begin_bit, end_bit, desc);
  CK(cudaDeviceSynchronize());
  const std::string what = std::string("radix_sort bits ") + type_name<K>() + " [" + std::to_string(begin_bit) + "," +
                           std::to_string(end_bit) + ")" + (desc ? " desc" : "") + " n=" + std::to_string(n);
  report(same_bits(dk.get(), hk) && same_bits(dv.get(), hv), what + " pairs");
  dk.put(orig);
  cu::radix_sort(p, dk.p, size_type(n), begin_bit, end_bit, desc);
  CK(cudaDeviceSynchronize());
  report(same_bits(dk.get(), hk), what + " keys");
}

// ---- custom comparators: the merge sort -------------------------------------------------------
struct abs_less {
  __host__ __device__ bool operator()(float a, float b) const { return fabsf(a) < fabsf(b); }
};
struct point {
  int x, y;
};
struct by_x {
  __host__ __device__ bool operator()(const point& a, const point& b) const { return a.x < b.x; }
};

void test_custom(size_t n) {
  std::mt19937_64 rng(n + 5);
  std::vector<float> orig(n);
  for (auto& f : orig) f = float(int(rng() % 2001) - 1000) * 0.25f;  // many ties of |x|, -0.0 too
  if (n) orig[0] = -0.0f;
  std::vector<std::uint32_t> idx(n);
  for (size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
  std::vector<float> hk = orig;
  std::vector<std::uint32_t> hv = idx;
  host_stable_sort_pairs(hk, hv, abs_less{});
  tide::cuda_policy p{};
  dbuf<float> dk(n);
  dbuf<std::uint32_t> dv(n);
  dk.put(orig);
  dv.put(idx);
  cu::sort_by_key(p, dk.p, size_type(n), dv.p, abs_less{}, true);
  CK(cudaDeviceSynchronize());
  const std::string what = "merge sort f32 |x| n=" + std::to_string(n);
  report(same_bits(dk.get(), hk) && same_bits(dv.get(), hv), what + " pairs");
  dk.put(orig);
  cu::sort(p, dk.p, size_type(n), abs_less{}, true);
  CK(cudaDeviceSynchronize());
  report(same_bits(dk.get(), hk), what + " keys");

  // a struct key, values through a zip
  std::vector<point> pts(n);
  for (size_t i = 0; i < n; ++i) pts[i] = {int(rng() % 100), int(i)};
  std::vector<point> hp = pts;
  std::stable_sort(hp.begin(), hp.end(), by_x{});
  dbuf<point> dp(n);
  dbuf<int> di(n);
  dbuf<double> dd(n);
  std::vector<int> hi(n);
  std::vector<double> hd(n);
  for (size_t i = 0; i < n; ++i) hi[i] = int(i), hd[i] = double(i) + 0.5;
  dp.put(pts);
  di.put(hi);
  dd.put(hd);
  cu::sort_by_key(p, dp.p, size_type(n), tide::make_zip_iterator(di.p, dd.p), by_x{}, true);
  CK(cudaDeviceSynchronize());
  auto rp = dp.get();
  auto ri = di.get();
  auto rd = dd.get();
  bool ok = same_bits(rp, hp);
  for (size_t i = 0; ok && i < n; ++i) ok = ri[i] == rp[i].y && rd[i] == rp[i].y + 0.5;
  report(ok, "merge sort struct key + zip values n=" + std::to_string(n));
}

// ---- merge --------------------------------------------------------------------------------------
void test_merge(size_t na, size_t nb) {
  std::mt19937_64 rng(na * 31 + nb);
  std::vector<std::uint32_t> a(na), b(nb);
  for (auto& x : a) x = std::uint32_t(rng() % 1000);
  for (auto& x : b) x = std::uint32_t(rng() % 1000);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::vector<std::uint32_t> va(na), vb(nb);
  for (size_t i = 0; i < na; ++i) va[i] = std::uint32_t(i);
  for (size_t i = 0; i < nb; ++i) vb[i] = std::uint32_t(na + i);
  // reference: stable, ties from a first
  std::vector<std::uint32_t> rk, rv;
  {
    size_t i = 0, j = 0;
    while (i < na || j < nb) {
      if (j < nb && (i >= na || b[j] < a[i])) rk.push_back(b[j]), rv.push_back(vb[j]), ++j;
      else rk.push_back(a[i]), rv.push_back(va[i]), ++i;
    }
  }
  dbuf<std::uint32_t> da(na), db(nb), dva(na), dvb(nb), dout(na + nb), dvout(na + nb);
  da.put(a);
  db.put(b);
  dva.put(va);
  dvb.put(vb);
  tide::cuda_policy p{};
  cu::merge(p, da.p, size_type(na), db.p, size_type(nb), dout.p, radix_order_less<std::uint32_t, false>{});
  CK(cudaDeviceSynchronize());
  const std::string what = "merge n=" + std::to_string(na) + "+" + std::to_string(nb);
  report(same_bits(dout.get(), rk), what + " keys");
  cu::merge_by_key(p, da.p, size_type(na), db.p, size_type(nb), dva.p, dvb.p, dout.p, dvout.p, tide::less<>{});
  CK(cudaDeviceSynchronize());
  report(same_bits(dout.get(), rk) && same_bits(dvout.get(), rv), what + " by key");
}

// ---- beyond 2^30 and 2^31 keys -------------------------------------------------------------------
void test_huge() {
  tide::cuda_policy p{};
  {  // u32 pairs, more than one portion of the look-back
    const size_t n = (size_t(1) << 30) + (size_t(1) << 20) + 3;
    std::vector<std::uint32_t> orig(n), idx(n);
    std::mt19937_64 rng(1);
    for (size_t i = 0; i < n; ++i) orig[i] = std::uint32_t(rng() >> 40), idx[i] = std::uint32_t(i);  // 24-bit keys
    dbuf<std::uint32_t> dk(n), dv(n);
    dk.put(orig);
    dv.put(idx);
    cu::sort_by_key(p, dk.p, size_type(n), dv.p, radix_order_less<std::uint32_t, false>{}, false);
    CK(cudaDeviceSynchronize());
    std::string why;
    const auto keys = dk.get();
    report(check_stable_pairs(orig, keys, dv.get(), radix_order_less<std::uint32_t, false>{}, why),
           "huge u32 pairs n=2^30+2^20+3: " + why);
    dk.put(orig);
    cu::sort(p, dk.p, size_type(n), radix_order_less<std::uint32_t, false>{}, false);
    CK(cudaDeviceSynchronize());
    report(same_bits(dk.get(), keys), "huge u32 keys n=2^30+2^20+3");
  }
  {  // u8 keys, more than 2^31 of them (64-bit sizes; digit counts above 2^31)
    const size_t n = (size_t(1) << 31) + 5;
    std::vector<std::uint8_t> orig(n);
    std::mt19937_64 rng(2);
    std::vector<size_t> count(256, 0);
    for (size_t i = 0; i < n; ++i) {
      orig[i] = std::uint8_t(rng() % 3 == 0 ? 7 : rng());
      ++count[orig[i]];
    }
    dbuf<std::uint8_t> dk(n);
    dk.put(orig);
    cu::sort(p, dk.p, size_type(n), radix_order_less<std::uint8_t, true>{}, false);
    CK(cudaDeviceSynchronize());
    const auto keys = dk.get();
    bool ok = true;
    size_t at = 0;
    for (int v = 255; v >= 0 && ok; --v) {
      for (size_t c = 0; c < count[v] && ok; ++c) ok = keys[at++] == v;
    }
    report(ok && at == n, "huge u8 desc keys n=2^31+5");
  }
}

// ---- timings ----------------------------------------------------------------------------------------
__global__ void fill_random(std::uint64_t* out, size_t words, std::uint64_t seed) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < words; i += size_t(gridDim.x) * blockDim.x) {
    std::uint64_t z = (i + seed) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    out[i] = z ^ (z >> 31);
  }
}
__global__ void to_unit_floats(float* f, size_t n) {  // random bits -> [0, 1)
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    f[i] = float(reinterpret_cast<std::uint32_t*>(f)[i] >> 8) * (1.0f / 16777216.0f);
}
struct opaque_less {
  __host__ __device__ bool operator()(float a, float b) const { return a < b; }
};

template <class F>
float time_ms(F&& run, const void* pristine, void* data, size_t bytes, const void* pristine2 = nullptr,
              void* data2 = nullptr, size_t bytes2 = 0, int reps = 10) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  float best = 1e30f, total = 0;
  for (int r = -2; r < reps; ++r) {
    CK(cudaMemcpy(data, pristine, bytes, cudaMemcpyDeviceToDevice));
    if (data2) CK(cudaMemcpy(data2, pristine2, bytes2, cudaMemcpyDeviceToDevice));
    CK(cudaDeviceSynchronize());
    CK(cudaEventRecord(a));
    run();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    if (r >= 0) total += ms, best = std::min(best, ms);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  (void)best;
  return total / reps;
}

template <class K>
void time_keys(size_t n, bool unit_floats) {
  dbuf<K> src(n), dk(n), alt(n);
  fill_random<<<1024, 256>>>(reinterpret_cast<std::uint64_t*>(src.p), n * sizeof(K) / 8, 12345);
  if (unit_floats) to_unit_floats<<<1024, 256>>>(reinterpret_cast<float*>(src.p), n);
  CK(cudaDeviceSynchronize());
  tide::cuda_policy p{};
  float t = time_ms([&] { cu::sort(p, dk.p, size_type(n), radix_order_less<K, false>{}, false); }, src.p, dk.p,
                    n * sizeof(K));
  size_t temp_bytes = 0;
  cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, src.p, alt.p, n);
  void* temp;
  CK(cudaMalloc(&temp, temp_bytes));
  float tc = time_ms([&] { cub::DeviceRadixSort::SortKeys(temp, temp_bytes, dk.p, alt.p, n); }, src.p, dk.p,
                     n * sizeof(K));
  CK(cudaFree(temp));
  std::printf("time sort keys %-4s n=2^28: tide %.3f ms, CUB SortKeys %.3f ms (tide/CUB speed %.2fx)\n",
              type_name<K>(), t, tc, tc / t);
}

void time_pairs(size_t n) {
  dbuf<std::uint32_t> sk(n), sv(n), dk(n), dv(n), ak(n), av(n);
  fill_random<<<1024, 256>>>(reinterpret_cast<std::uint64_t*>(sk.p), n / 2, 777);
  fill_random<<<1024, 256>>>(reinterpret_cast<std::uint64_t*>(sv.p), n / 2, 999);
  CK(cudaDeviceSynchronize());
  tide::cuda_policy p{};
  float t = time_ms([&] { cu::sort_by_key(p, dk.p, size_type(n), dv.p, radix_order_less<std::uint32_t, false>{}, false); },
                    sk.p, dk.p, n * 4, sv.p, dv.p, n * 4);
  size_t temp_bytes = 0;
  cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, dk.p, ak.p, dv.p, av.p, n);
  void* temp;
  CK(cudaMalloc(&temp, temp_bytes));
  float tc = time_ms([&] { cub::DeviceRadixSort::SortPairs(temp, temp_bytes, dk.p, ak.p, dv.p, av.p, n); }, sk.p, dk.p,
                     n * 4, sv.p, dv.p, n * 4);
  CK(cudaFree(temp));
  std::printf("time sort pairs u32/u32 n=2^28: tide %.3f ms, CUB SortPairs %.3f ms (tide/CUB speed %.2fx)\n", t, tc,
              tc / t);
}

void time_custom(size_t n) {
  dbuf<float> src(n), dk(n);
  fill_random<<<1024, 256>>>(reinterpret_cast<std::uint64_t*>(src.p), n / 2, 4242);
  to_unit_floats<<<1024, 256>>>(src.p, n);
  CK(cudaDeviceSynchronize());
  tide::cuda_policy p{};
  float t = time_ms([&] { cu::sort(p, dk.p, size_type(n), opaque_less{}, false); }, src.p, dk.p, n * 4, nullptr,
                    nullptr, 0, 5);
  size_t temp_bytes = 0;
  cub::DeviceMergeSort::SortKeys(nullptr, temp_bytes, dk.p, (long long)n, opaque_less{});
  void* temp;
  CK(cudaMalloc(&temp, temp_bytes));
  float tc = time_ms([&] { cub::DeviceMergeSort::SortKeys(temp, temp_bytes, dk.p, (long long)n, opaque_less{}); },
                     src.p, dk.p, n * 4, nullptr, nullptr, 0, 5);
  CK(cudaFree(temp));
  std::printf("time merge sort f32 custom comparator n=2^28: tide %.3f ms, CUB DeviceMergeSort %.3f ms (tide/CUB %.2fx)\n",
              t, tc, tc / t);
}

void time_small(size_t n, bool custom) {
  dbuf<float> src(n), dk(n);
  std::vector<float> h = make_keys<float>(n, random_bits, 5);
  for (auto& x : h)
    if (x != x) x = 0;
  src.put(h);
  tide::cuda_policy p{};
  double total = 0;
  const int reps = 200;
  for (int r = -10; r < reps; ++r) {
    CK(cudaMemcpy(dk.p, src.p, n * 4, cudaMemcpyDeviceToDevice));
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    if (custom)
      cu::sort(p, dk.p, size_type(n), opaque_less{}, false);
    else
      cu::sort(p, dk.p, size_type(n), radix_order_less<float, false>{}, false);
    CK(cudaStreamSynchronize(nullptr));
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0) total += std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  std::printf("time sort %zu f32 keys (%s), end to end incl. sync: %.2f us\n", n, custom ? "custom comparator" : "less",
              total / reps);
}


// ---- experiments (--sweep): onesweep block shapes, small-sort shapes, merge sort phases ----------
template <int T, int I, int M, int KD = -1>
struct sweep_tuning {
  static constexpr int threads = T, items = I, min_blocks = M, tile = T * I, keep_digits = KD;
  static constexpr int portion_tiles = ((1 << 30) - 1) / tile;
};

template <class K, bool Pairs, class Tn>
void sweep_onesweep(size_t n, const char* label) {
  dbuf<K> src(n), dk(n);
  dbuf<std::uint32_t> sv(Pairs ? n : 1), dv(Pairs ? n : 1);
  fill_random<<<1024, 256>>>(reinterpret_cast<std::uint64_t*>(src.p), n * sizeof(K) / 8, 12345);
  if (Pairs) fill_random<<<1024, 256>>>(reinterpret_cast<std::uint64_t*>(sv.p), n / 2, 999);
  if (std::is_same_v<K, float>) to_unit_floats<<<1024, 256>>>(reinterpret_cast<float*>(src.p), n);
  CK(cudaDeviceSynchronize());
  tide::cuda_policy p{};
  float t = time_ms(
      [&] {
        if constexpr (Pairs)
          cu::detail::radix_sort_onesweep<false, true, K, std::uint32_t, Tn>(p, dk.p, dv.p, size_type(n), 0,
                                                                             int(8 * sizeof(K)), "sweep");
        else
          cu::detail::radix_sort_onesweep<false, false, K, K, Tn>(p, dk.p, dk.p, size_type(n), 0, int(8 * sizeof(K)),
                                                                  "sweep");
      },
      src.p, dk.p, n * sizeof(K), Pairs ? sv.p : nullptr, Pairs ? dv.p : nullptr, Pairs ? n * 4 : 0);
  hvec<K> h = dk.get();
  bool ok = std::is_sorted(h.begin(), h.end(), radix_order_less<K, false>{});
  report(ok, std::string("sweep ") + label + " sorted");
  std::printf("sweep %-6s %s threads=%d items=%d min_blocks=%d keep_digits=%d: %.3f ms%s\n", type_name<K>(),
              Pairs ? "pairs" : "keys ", Tn::threads, Tn::items, Tn::min_blocks,
              int(cu::detail::onesweep_keeps_digits<Tn, K, Pairs>), t, ok ? "" : " (NOT SORTED)");
}

__global__ void empty_kernel() {}

template <int T, int I>
void sweep_small(size_t n) {
  dbuf<float> src(n), dk(n);
  std::vector<float> h = make_keys<float>(n, random_bits, 5);
  for (auto& x : h)
    if (x != x) x = 0;
  src.put(h);
  using comp_t = tide::detail::radix_bits_less<float>;
  const comp_t comp{0, 32, false};
  auto kernel = cu::detail::small_sort_kernel<T, I, false, float, float, float*, float*, comp_t>;
  // end to end (launch + sync), then back to back with events (the kernel alone)
  double total = 0;
  const int reps = 200;
  for (int r = -10; r < reps; ++r) {
    CK(cudaMemcpy(dk.p, src.p, n * 4, cudaMemcpyDeviceToDevice));
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    kernel<<<1, T>>>(dk.p, dk.p, int(n), comp);
    CK(cudaStreamSynchronize(nullptr));
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0) total += std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  hvec<float> out = dk.get();
  bool ok = std::is_sorted(out.begin(), out.end(), radix_order_less<float, false>{});
  report(ok, "sweep small sorted");
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  CK(cudaEventRecord(a));
  for (int r = 0; r < 100; ++r) kernel<<<1, T>>>(dk.p, dk.p, int(n), comp);
  CK(cudaEventRecord(b));
  CK(cudaEventSynchronize(b));
  float ms;
  CK(cudaEventElapsedTime(&ms, a, b));
  std::printf("sweep small n=%zu threads=%d items=%d: end to end %.2f us, kernel back to back %.2f us%s\n", n, T, I,
              total / reps, ms * 10, ok ? "" : " (NOT SORTED)");
}

void sweep_latency() {
  double total = 0;
  for (int r = -10; r < 200; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    empty_kernel<<<1, 32>>>();
    CK(cudaStreamSynchronize(nullptr));
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0) total += std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  std::printf("sweep empty kernel launch + sync: %.2f us\n", total / 200);
  // CUB radix sort of 1000 keys, end to end, temporary storage allocated beforehand
  const size_t n = 1000;
  dbuf<float> src(n), dk(n), alt(n);
  std::vector<float> h = make_keys<float>(n, random_bits, 5);
  src.put(h);
  size_t temp_bytes = 0;
  cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, dk.p, alt.p, int(n));
  void* temp;
  CK(cudaMalloc(&temp, temp_bytes));
  total = 0;
  for (int r = -10; r < 200; ++r) {
    CK(cudaMemcpy(dk.p, src.p, n * 4, cudaMemcpyDeviceToDevice));
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    cub::DeviceRadixSort::SortKeys(temp, temp_bytes, dk.p, alt.p, int(n));
    CK(cudaStreamSynchronize(nullptr));
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 0) total += std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  CK(cudaFree(temp));
  std::printf("sweep CUB SortKeys 1000 f32 end to end (temp preallocated): %.2f us\n", total / 200);
}

template <int T, int I, int RT = T, int RI = I>
struct merge_shape {
  static constexpr int threads = T, items = I, tile = T * I;
  using round = cu::detail::merge_round_shape<RT, RI>;
};

/// The whole merge sort (custom comparator, f32) with a given block shape.
template <class Tn>
void sweep_merge_shape(size_t n) {
  dbuf<float> src(n), dk(n);
  fill_random<<<1024, 256>>>(reinterpret_cast<std::uint64_t*>(src.p), n / 2, 4243);
  to_unit_floats<<<1024, 256>>>(src.p, n);
  CK(cudaDeviceSynchronize());
  tide::cuda_policy p{};
  float t = time_ms([&] { cu::detail::merge_sort<false, float*, float*, opaque_less, Tn>(p, dk.p, dk.p, size_type(n), opaque_less{}, "sweep"); },
                    src.p, dk.p, n * 4);
  hvec<float> h = dk.get();
  bool ok = std::is_sorted(h.begin(), h.end());
  report(ok, "sweep merge shape sorted");
  int rounds = 0;
  while ((size_t(Tn::tile) << rounds) < n) ++rounds;
  std::printf("sweep merge sort f32 custom %dx%d, rounds %dx%d (%d rounds): %.3f ms%s\n", Tn::threads, Tn::items,
              Tn::round::threads, Tn::round::items, rounds, t, ok ? "" : " (NOT SORTED)");
}

void sweep_merge(size_t n) {
  dbuf<float> src(n), dk(n), tmp(n);
  fill_random<<<1024, 256>>>(reinterpret_cast<std::uint64_t*>(src.p), n / 2, 4242);
  to_unit_floats<<<1024, 256>>>(src.p, n);
  CK(cudaDeviceSynchronize());
  using tuning = cu::detail::merge_sort_big_tuning<4, 0>;
  const size_type tiles = (n + tuning::tile - 1) / tuning::tile;
  auto kernel = cu::detail::merge_sort_tiles_kernel<tuning, false, float, float, float*, float*, float*, float*, opaque_less>;
  constexpr std::size_t smem = cu::detail::merge_sort_smem<tuning, false, float, float>();
  CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  float t = time_ms([&] { kernel<<<unsigned(tiles), tuning::threads, smem>>>(dk.p, dk.p, tmp.p, tmp.p, size_type(n), opaque_less{}); },
                    src.p, dk.p, n * 4);
  std::printf("sweep merge sort f32 tiles kernel (%d x %d): %.3f ms\n", tuning::threads, tuning::items, t);
}

template <int T, int I>
void sweep_small_radix(size_t n) {
  dbuf<float> src(n), dk(n);
  std::vector<float> h = make_keys<float>(n, random_bits, 5);
  src.put(h);
  using comp_t = tide::detail::radix_bits_less<float>;
  const comp_t comp{0, 32, false};
  auto kernel = cu::detail::small_radix_sort_kernel<T, I, false, float, float, float*, float*, comp_t>;
  const std::size_t smem = cu::detail::small_radix_smem<comp_t::bits_type>(T * I);  // dynamic (session 16)
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  CK(cudaMemcpy(dk.p, src.p, n * 4, cudaMemcpyDeviceToDevice));
  kernel<<<1, T, smem>>>(dk.p, dk.p, int(n), comp);
  hvec<float> out = dk.get();
  hvec<float> ref = h;
  std::stable_sort(ref.begin(), ref.end(), radix_order_less<float, false>{});
  report(same_bits(out, ref), "sweep small radix");
  CK(cudaEventRecord(a));
  for (int r = 0; r < 100; ++r) kernel<<<1, T, smem>>>(dk.p, dk.p, int(n), comp);
  CK(cudaEventRecord(b));
  CK(cudaEventSynchronize(b));
  float ms;
  CK(cudaEventElapsedTime(&ms, a, b));
  std::printf("sweep small radix (digits, index) n=%zu threads=%d items=%d: kernel back to back %.2f us\n", n, T, I,
              ms * 10);
}

void sweeps() {
  const size_t n = size_t(1) << 28;
  sweep_latency();
  sweep_small<512, 3>(1000);
  sweep_small_radix<512, 3>(1000);
  sweep_small_radix<512, 9>(1000);  // the shape that sorts f32 keys since session 16
  sweep_small_radix<512, 9>(4352);
  sweep_onesweep<std::uint32_t, false, sweep_tuning<256, 23, 3>>(n, "u32 256x23");
  sweep_onesweep<std::uint32_t, false, sweep_tuning<256, 23, 3, 1>>(n, "u32 256x23 kd");
  sweep_onesweep<std::uint32_t, false, sweep_tuning<384, 20, 2>>(n, "u32 384x20");
  sweep_onesweep<std::uint32_t, false, sweep_tuning<256, 20, 4>>(n, "u32 256x20");
  sweep_onesweep<std::uint32_t, false, sweep_tuning<512, 15, 2>>(n, "u32 512x15");
  sweep_onesweep<float, false, sweep_tuning<256, 23, 3>>(n, "f32 256x23");
  sweep_onesweep<float, false, sweep_tuning<256, 23, 3, 0>>(n, "f32 256x23 no kd");
  sweep_onesweep<float, false, sweep_tuning<384, 19, 2>>(n, "f32 384x19");
  sweep_onesweep<std::uint32_t, true, sweep_tuning<256, 22, 3>>(n, "pairs 256x22");
  sweep_onesweep<std::uint32_t, true, sweep_tuning<384, 18, 2>>(n, "pairs 384x18");
  sweep_onesweep<std::uint64_t, false, sweep_tuning<256, 20, 3>>(n, "u64 256x20");
  sweep_onesweep<std::uint64_t, false, sweep_tuning<384, 18, 2>>(n, "u64 384x18");
  sweep_merge(n);
  sweep_merge_shape<merge_shape<256, 17>>(n);
  sweep_merge_shape<merge_shape<512, 17>>(n);
  sweep_merge_shape<merge_shape<512, 17, 256, 17>>(n);
  sweep_merge_shape<merge_shape<512, 17, 128, 17>>(n);
  sweep_merge_shape<merge_shape<512, 17, 1024, 17>>(n);
  sweep_merge_shape<merge_shape<512, 17, 256, 34>>(n);
  sweep_merge_shape<merge_shape<512, 17, 64, 17>>(n);
}

/// One tide and one CUB sort of 2^28 u32 and f32 keys after a warm-up, for a profiler
/// (ncu --kernel-name regex:... : per-kernel times and stall reasons of both).
void profile_once() {
  const size_t n = size_t(1) << 28;
  dbuf<std::uint32_t> src(n), dk(n), alt(n);
  fill_random<<<1024, 256>>>(reinterpret_cast<std::uint64_t*>(src.p), n / 2, 12345);
  CK(cudaDeviceSynchronize());
  tide::cuda_policy p{};
  size_t temp_bytes = 0;
  cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, src.p, alt.p, int(n));
  void* temp;
  CK(cudaMalloc(&temp, temp_bytes));
  for (int rep = 0; rep < 2; ++rep) {  // the first round warms up (module load, pool)
    CK(cudaMemcpy(dk.p, src.p, n * 4, cudaMemcpyDeviceToDevice));
    cu::sort(p, dk.p, size_type(n), radix_order_less<std::uint32_t, false>{}, false);
    CK(cudaMemcpy(dk.p, src.p, n * 4, cudaMemcpyDeviceToDevice));
    cub::DeviceRadixSort::SortKeys(temp, temp_bytes, dk.p, alt.p, int(n));
    float* fk = reinterpret_cast<float*>(dk.p);
    CK(cudaMemcpy(dk.p, src.p, n * 4, cudaMemcpyDeviceToDevice));
    to_unit_floats<<<1024, 256>>>(fk, n);
    cu::sort(p, fk, size_type(n), radix_order_less<float, false>{}, false);
    CK(cudaMemcpy(dk.p, src.p, n * 4, cudaMemcpyDeviceToDevice));
    to_unit_floats<<<1024, 256>>>(fk, n);
    cub::DeviceRadixSort::SortKeys(temp, temp_bytes, fk, reinterpret_cast<float*>(alt.p), int(n));
    CK(cudaDeviceSynchronize());
  }
  CK(cudaFree(temp));
  std::printf("profile: done\n");
}

void timings() {
  const size_t n = size_t(1) << 28;
  time_keys<std::uint32_t>(n, false);
  time_keys<float>(n, true);
  time_keys<std::uint64_t>(n, false);
  time_pairs(n);
  time_custom(n);
  time_small(1000, false);
  time_small(1000, true);
  time_small(4000, false);
}

int main(int argc, char** argv) {
  bool quick = false, time_only = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    if (!std::strcmp(argv[i], "--time")) time_only = true;
    if (!std::strcmp(argv[i], "--profile")) {
      profile_once();
      return failures;
    }
    if (!std::strcmp(argv[i], "--sweep")) {
      sweeps();
      return failures;
    }
  }
  if (!time_only) {
    std::vector<size_t> sizes = {0, 1, 2, 1000, 4097, (size_t(1) << 20) + 7};
    if (!quick) sizes.push_back((size_t(1) << 24) + 1);
    test_type<std::uint32_t, 2>(sizes);
    test_type<float, 2>(sizes);
    test_type<std::uint64_t, 0>(sizes);
    test_type<double, 1>(sizes);
    test_type<std::int32_t>(sizes);
    test_type<std::int64_t>(sizes);
    std::vector<size_t> small_sizes = {0, 1, 2, 1000, 4097, (size_t(1) << 20) + 7};
    test_type<std::int8_t>(small_sizes);
    test_type<std::uint8_t>(small_sizes);
    test_type<std::int16_t>(small_sizes);
    test_type<std::uint16_t>(small_sizes);
    test_type<bool>(small_sizes);
    std::printf("radix tests done, failures so far: %d\n", failures);
    for (size_t n : {size_t(1000), size_t(100000), (size_t(1) << 20) + 7}) {
      test_bits<std::uint32_t>(n, 4, 20, false);
      test_bits<std::int64_t>(n, 8, 40, true);
      test_bits<float>(n, 16, 32, true);
      test_bits<std::uint16_t>(n, 3, 5, false);
    }
    for (size_t n : sizes) test_custom(n);
    test_merge(0, 0);
    test_merge(0, 5);
    test_merge(5, 0);
    test_merge(1000, 3000);
    test_merge((size_t(1) << 20) + 3, (size_t(1) << 19) + 1);
    std::printf("small tests done, failures so far: %d\n", failures);
    if (!quick) test_huge();
    std::printf("correctness: %d failures\n", failures);
  }
  if (!quick) timings();
  return failures;
}
