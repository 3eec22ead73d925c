// Standalone tests (and, with --bench, timings against CUB) of tide's CUDA primitives, part 1:
// for_each_n, transform, transform2, reduce, reduce_into, inclusive_scan(_init), exclusive_scan,
// inclusive/exclusive_scan_by_key, reduce_by_key, copy_if, unique_copy.
// Build (repository root):  sh /tmp/tide_scratch/build_test.sh   then   ./test_cuda_primitives [--big] [--bench]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <cub/cub.cuh>

#include <tide/backend/cuda/copy_if.hpp>
#include <tide/backend/cuda/for_each.hpp>
#include <tide/backend/cuda/reduce.hpp>
#include <tide/backend/cuda/reduce_by_key.hpp>
#include <tide/backend/cuda/scan.hpp>
#include <tide/backend/cuda/scan_by_key.hpp>
#include <tide/backend/cuda/unique.hpp>


namespace cu = tide::backend::cuda;
using tide::size_type;

#define CHECK_CUDA(x)                                                                      \
  do {                                                                                     \
    cudaError_t e_ = (x);                                                                  \
    if (e_ != cudaSuccess) {                                                               \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(2);                                                                        \
    }                                                                                      \
  } while (0)

static int failures = 0;
static void expect(bool ok, const std::string& what) {
  if (!ok) {
    ++failures;
    if (failures < 60) std::printf("FAIL: %s\n", what.c_str());
  }
}

// ---- types and operators ------------------------------------------------------------------------

/// 2x2 matrices of uint32 mod 2^32: associative, not commutative, exact.
struct mat2 {
  uint32_t a, b, c, d;
  __host__ __device__ bool operator==(const mat2& o) const { return a == o.a && b == o.b && c == o.c && d == o.d; }
};
struct matmul {
  __host__ __device__ mat2 operator()(const mat2& x, const mat2& y) const {
    return {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
  }
};
struct plus_op {
  template <class A, class B>
  __host__ __device__ auto operator()(const A& a, const B& b) const { return a + b; }
};
struct equal_op {
  template <class A>
  __host__ __device__ bool operator()(const A& a, const A& b) const { return a == b; }
};
struct odd_pred {
  __host__ __device__ bool operator()(int x) const { return x & 1; }
};
struct mat_pred {
  __host__ __device__ bool operator()(const mat2& m) const { return m.a & 1; }
};
struct saxpy_op {
  float a;
  __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};
struct twice {
  template <class T>
  __host__ __device__ T operator()(const T& x) const { return x + x; }
};
struct add_one {
  template <class T>
  __host__ __device__ void operator()(T& x) const { x += 1; }
};

/// A random-access iterator over memory that is not a raw pointer (the transposing path).
template <class T>
struct wrap_iter {
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = T*;
  using reference = T&;
  using iterator_category = std::random_access_iterator_tag;
  T* p;
  __host__ __device__ T& operator[](difference_type k) const { return p[k]; }
  __host__ __device__ T& operator*() const { return *p; }
  __host__ __device__ wrap_iter operator+(difference_type k) const { return {p + k}; }
};

// ---- device buffers ---------------------------------------------------------------------------

template <class T>
struct dbuf {
  T* d = nullptr;
  size_t n = 0;
  explicit dbuf(size_t count, size_t pad = 4) : n(count) { CHECK_CUDA(cudaMalloc(&d, (count + pad) * sizeof(T))); }
  ~dbuf() { cudaFree(d); }
  void put(const std::vector<T>& h, size_t offset = 0) {
    CHECK_CUDA(cudaMemcpy(d + offset, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  }
  std::vector<T> get(size_t count, size_t offset = 0) const {
    std::vector<T> h(count);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(h.data(), d + offset, count * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
};

static std::mt19937_64 rng(12345);
static std::vector<int> random_ints(size_t n, int lo, int hi) {
  std::uniform_int_distribution<int> dist(lo, hi);
  std::vector<int> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}
static std::vector<float> random_floats(size_t n) {
  std::uniform_real_distribution<float> dist(0.f, 1.f);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}
static std::vector<mat2> random_mats(size_t n) {
  std::vector<mat2> v(n);
  for (auto& m : v) m = {uint32_t(rng()), uint32_t(rng()), uint32_t(rng()), uint32_t(rng())};
  return v;
}
/// Keys in runs of random length (1..max_run).
static std::vector<int> run_keys(size_t n, int max_run) {
  std::vector<int> k(n);
  int key = 0;
  for (size_t i = 0; i < n;) {
    size_t len = 1 + rng() % max_run;
    for (size_t j = 0; j < len && i < n; ++j) k[i++] = key;
    key += 1 + int(rng() % 3);
  }
  return k;
}

static tide::cuda_policy policy{};

// ---- tests --------------------------------------------------------------------------------------

template <class T, class Op>
static void check_reduce(const std::vector<T>& h, T init, Op op, const char* name, size_t misalign = 0) {
  const size_t n = h.size();
  dbuf<T> d(n + misalign);
  d.put(h, misalign);
  T ref = init;
  for (size_t i = 0; i < n; ++i) ref = op(ref, h[i]);
  T got = cu::reduce(policy, d.d + misalign, size_type(n), init, op);
  expect(got == ref, std::string("reduce ") + name + " n=" + std::to_string(n) + " misalign=" + std::to_string(misalign));
  dbuf<T> out(1);
  cu::reduce_into(policy, d.d + misalign, size_type(n), out.d, init, op);
  expect(out.get(1)[0] == ref, std::string("reduce_into ") + name + " n=" + std::to_string(n));
  // generic iterator path
  T got2 = cu::reduce(policy, wrap_iter<T>{d.d + misalign}, size_type(n), init, op);
  expect(got2 == ref, std::string("reduce(iter) ") + name + " n=" + std::to_string(n));
}

static void check_reduce_float(size_t n) {
  auto h = random_floats(n);
  dbuf<float> d(n);
  d.put(h);
  double ref = 0;
  for (float x : h) ref += x;
  float a = cu::reduce(policy, d.d, size_type(n), 0.f, plus_op{});
  float b = cu::reduce(policy, d.d, size_type(n), 0.f, plus_op{});
  expect(std::memcmp(&a, &b, sizeof a) == 0, "reduce float deterministic n=" + std::to_string(n));
  expect(std::fabs(a - ref) <= 1e-4 * std::max(1.0, ref), "reduce float value n=" + std::to_string(n));
}

enum class scan_kind { inclusive, inclusive_init, exclusive };

template <class Acc, class In, class Op>
static std::vector<Acc> scan_ref(const std::vector<In>& h, scan_kind kind, Acc init, Op op) {
  std::vector<Acc> r(h.size());
  if (h.empty()) return r;
  if (kind == scan_kind::inclusive) {
    Acc acc = static_cast<Acc>(h[0]);
    r[0] = acc;
    for (size_t i = 1; i < h.size(); ++i) r[i] = acc = op(acc, h[i]);
  } else if (kind == scan_kind::inclusive_init) {
    for (size_t i = 0; i < h.size(); ++i) r[i] = init = op(init, h[i]);
  } else {
    for (size_t i = 0; i < h.size(); ++i) {
      r[i] = init;
      init = op(init, h[i]);
    }
  }
  return r;
}

template <class Acc, class InIt, class OutIt, class Op>
static void run_scan(scan_kind kind, InIt in, size_type n, OutIt out, Acc init, Op op) {
  if (kind == scan_kind::inclusive) cu::inclusive_scan<Acc>(policy, in, n, out, op);
  else if (kind == scan_kind::inclusive_init) cu::inclusive_scan_init(policy, in, n, out, init, op);
  else cu::exclusive_scan(policy, in, n, out, init, op);
}

template <class Acc, class In, class Op>
static void check_scan(const std::vector<In>& h, scan_kind kind, Acc init, Op op, const char* name) {
  const size_t n = h.size();
  const auto ref = scan_ref<Acc>(h, kind, init, op);
  const std::string tag = std::string(name) + " kind=" + std::to_string(int(kind)) + " n=" + std::to_string(n);
  dbuf<In> d(n + 1);
  dbuf<Acc> o(n + 1);
  // aligned, separate output
  d.put(h);
  run_scan(kind, d.d, size_type(n), o.d, init, op);
  expect(o.get(n) == ref, "scan " + tag);
  // misaligned input and output (scalar path)
  d.put(h, 1);
  run_scan(kind, d.d + 1, size_type(n), o.d + 1, init, op);
  expect(o.get(n, 1) == ref, "scan misaligned " + tag);
  // generic iterators (transposing path)
  d.put(h);
  run_scan(kind, wrap_iter<In>{d.d}, size_type(n), wrap_iter<Acc>{o.d}, init, op);
  expect(o.get(n) == ref, "scan iter " + tag);
  // in place
  if constexpr (std::is_same_v<In, Acc>) {
    d.put(h);
    run_scan(kind, d.d, size_type(n), d.d, init, op);
    expect(d.get(n) == ref, "scan in place " + tag);
  }
}

static void check_scan_float(size_t n) {
  auto h = random_floats(n);
  dbuf<float> d(n), o1(n), o2(n);
  d.put(h);
  cu::inclusive_scan<float>(policy, d.d, size_type(n), o1.d, plus_op{});
  auto a = o1.get(n);
  for (int r = 0; r < 5; ++r) {
    cu::inclusive_scan<float>(policy, d.d, size_type(n), o2.d, plus_op{});
    auto b = o2.get(n);
    expect(std::memcmp(a.data(), b.data(), n * sizeof(float)) == 0, "scan float deterministic n=" + std::to_string(n));
  }
  double ref = 0;
  bool ok = true;
  for (size_t i = 0; i < n; ++i) {
    ref += h[i];
    if (std::fabs(a[i] - ref) > 1e-4 * std::max(1.0, ref)) ok = false;
  }
  expect(ok, "scan float value n=" + std::to_string(n));
}

static void check_transform(size_t n) {
  auto a = random_ints(n, -1000, 1000), b = random_ints(n, -1000, 1000);
  dbuf<int> da(n + 1), db(n + 1), dout(n + 1);
  dbuf<double> dd(n + 1);
  for (size_t mis : {0, 1}) {
    da.put(a, mis);
    db.put(b, mis);
    cu::transform(policy, da.d + mis, size_type(n), dout.d + mis, twice{});
    auto r = dout.get(n, mis);
    bool ok = true;
    for (size_t i = 0; i < n; ++i) ok = ok && r[i] == 2 * a[i];
    expect(ok, "transform n=" + std::to_string(n) + " mis=" + std::to_string(mis));
    cu::transform2(policy, da.d + mis, size_type(n), db.d + mis, dout.d + mis, plus_op{});
    r = dout.get(n, mis);
    ok = true;
    for (size_t i = 0; i < n; ++i) ok = ok && r[i] == a[i] + b[i];
    expect(ok, "transform2 n=" + std::to_string(n) + " mis=" + std::to_string(mis));
    cu::transform(policy, da.d + mis, size_type(n), dd.d + mis, twice{});  // int -> double
    auto rd = dd.get(n, mis);
    ok = true;
    for (size_t i = 0; i < n; ++i) ok = ok && rd[i] == 2.0 * a[i];
    expect(ok, "transform int->double n=" + std::to_string(n));
    cu::for_each_n(policy, da.d + mis, size_type(n), add_one{});
    r = da.get(n, mis);
    ok = true;
    for (size_t i = 0; i < n; ++i) ok = ok && r[i] == a[i] + 1;
    expect(ok, "for_each_n n=" + std::to_string(n));
  }
}

template <class T, class Pred>
static void check_copy_if(const std::vector<T>& h, const std::vector<int>& stencil, Pred pred, const char* name) {
  const size_t n = h.size();
  std::vector<T> ref;
  for (size_t i = 0; i < n; ++i)
    if (odd_pred{}(stencil[i])) ref.push_back(h[i]);
  dbuf<T> d(n + 1), o(n + 1);
  dbuf<int> s(n + 1);
  d.put(h);
  s.put(stencil);
  size_type k = cu::copy_if(policy, d.d, size_type(n), s.d, o.d, odd_pred{});
  expect(k == size_type(ref.size()) && o.get(ref.size()) == ref, std::string("copy_if ") + name + " n=" + std::to_string(n));
  // misaligned, generic output
  d.put(h, 1);
  s.put(stencil, 1);
  k = cu::copy_if(policy, d.d + 1, size_type(n), s.d + 1, wrap_iter<T>{o.d}, odd_pred{});
  expect(k == size_type(ref.size()) && o.get(ref.size()) == ref, std::string("copy_if mis ") + name + " n=" + std::to_string(n));
  // stencil == first, in place
  std::vector<T> ref2;
  for (size_t i = 0; i < n; ++i)
    if (pred(h[i])) ref2.push_back(h[i]);
  d.put(h);
  k = cu::copy_if(policy, d.d, size_type(n), d.d, d.d, pred);
  expect(k == size_type(ref2.size()) && d.get(ref2.size()) == ref2, std::string("copy_if same in place ") + name + " n=" + std::to_string(n));
}

static void check_unique(size_t n) {
  auto keys = run_keys(n, 5);
  std::vector<int> ref;
  for (size_t i = 0; i < n; ++i)
    if (i == 0 || keys[i] != keys[i - 1]) ref.push_back(keys[i]);
  dbuf<int> d(n + 1), o(n + 1);
  d.put(keys);
  size_type k = cu::unique_copy(policy, d.d, size_type(n), o.d, equal_op{});
  expect(k == size_type(ref.size()) && o.get(ref.size()) == ref, "unique_copy n=" + std::to_string(n));
  d.put(keys);
  k = cu::unique_copy(policy, wrap_iter<int>{d.d}, size_type(n), d.d, equal_op{});
  expect(k == size_type(ref.size()) && d.get(ref.size()) == ref, "unique_copy iter in place n=" + std::to_string(n));
}

template <class V, class Op>
static void check_by_key(size_t n, const std::vector<V>& vals, Op op, V init, int max_run, const char* name) {
  auto keys = run_keys(n, max_run);
  std::vector<V> inc(n), exc(n);
  for (size_t i = 0; i < n; ++i) {
    bool head = i == 0 || keys[i] != keys[i - 1];
    inc[i] = head ? vals[i] : op(inc[i - 1], vals[i]);
    exc[i] = head ? init : op(exc[i - 1], vals[i - 1]);
  }
  std::vector<int> rk;
  std::vector<V> rv;
  for (size_t i = 0; i < n; ++i) {
    bool head = i == 0 || keys[i] != keys[i - 1];
    if (head) {
      rk.push_back(keys[i]);
      rv.push_back(vals[i]);
    } else {
      rv.back() = op(rv.back(), vals[i]);
    }
  }
  dbuf<int> dk(n + 1), ko(n + 1);
  dbuf<V> dv(n + 1), o(n + 1), vo(n + 1);
  const std::string tag = std::string(name) + " n=" + std::to_string(n) + " run=" + std::to_string(max_run);
  dk.put(keys);
  dv.put(vals);
  cu::inclusive_scan_by_key<V>(policy, dk.d, size_type(n), dv.d, o.d, equal_op{}, op);
  expect(o.get(n) == inc, "inclusive_scan_by_key " + tag);
  cu::exclusive_scan_by_key(policy, dk.d, size_type(n), dv.d, o.d, init, equal_op{}, op);
  expect(o.get(n) == exc, "exclusive_scan_by_key " + tag);
  cu::inclusive_scan_by_key<V>(policy, wrap_iter<int>{dk.d}, size_type(n), dv.d, dv.d, equal_op{}, op);  // in place
  expect(dv.get(n) == inc, "inclusive_scan_by_key iter in place " + tag);
  dv.put(vals);
  size_type k = cu::reduce_by_key<V>(policy, dk.d, size_type(n), dv.d, ko.d, vo.d, equal_op{}, op);
  expect(k == size_type(rk.size()) && ko.get(rk.size()) == rk && vo.get(rv.size()) == rv, "reduce_by_key " + tag);
  dk.put(keys, 1);
  dv.put(vals, 1);
  k = cu::reduce_by_key<V>(policy, dk.d + 1, size_type(n), dv.d + 1, ko.d, vo.d, equal_op{}, op);
  expect(k == size_type(rk.size()) && ko.get(rk.size()) == rk && vo.get(rv.size()) == rv, "reduce_by_key mis " + tag);
}

/// Float scans by key and reduce_by_key: bitwise identical over repeated runs.
static void check_by_key_float(size_t n) {
  auto keys = run_keys(n, 3000);
  auto vals = random_floats(n);
  dbuf<int> dk(n), ko(n);
  dbuf<float> dv(n), o1(n), o2(n);
  dk.put(keys);
  dv.put(vals);
  cu::inclusive_scan_by_key<float>(policy, dk.d, size_type(n), dv.d, o1.d, equal_op{}, plus_op{});
  auto a = o1.get(n);
  bool same = true;
  for (int r = 0; r < 5; ++r) {
    cu::inclusive_scan_by_key<float>(policy, dk.d, size_type(n), dv.d, o2.d, equal_op{}, plus_op{});
    auto b = o2.get(n);
    same = same && std::memcmp(a.data(), b.data(), n * sizeof(float)) == 0;
  }
  expect(same, "scan_by_key float deterministic n=" + std::to_string(n));
  size_type k1 = cu::reduce_by_key<float>(policy, dk.d, size_type(n), dv.d, ko.d, o1.d, equal_op{}, plus_op{});
  auto c = o1.get(size_t(k1));
  size_type k2 = cu::reduce_by_key<float>(policy, dk.d, size_type(n), dv.d, ko.d, o2.d, equal_op{}, plus_op{});
  auto d = o2.get(size_t(k2));
  expect(k1 == k2 && c == d, "reduce_by_key float deterministic n=" + std::to_string(n));
}

// ---- benchmarks ---------------------------------------------------------------------------------

/// A tuning to sweep (the headers' tuning structs have these members).
template <int Threads, int Items, int MaxBlocks = 0, int MinBlocks = 1, bool Staged = true, bool Fast = true>
struct tune {
  static constexpr bool l2_prefetch = Fast;
  static constexpr bool streaming_loads = Fast;
  static constexpr int block_threads = Threads;
  static constexpr int items_per_thread = Items;
  static constexpr int register_items_per_thread = Items;
  static constexpr int small_items_per_thread = Items;  // no switch by size in the sweeps
  static constexpr int small_tiles_per_sm = 0;
  static constexpr size_type max_blocks = MaxBlocks;
  static constexpr size_type single_block_tiles = 4;
  static constexpr int min_blocks = MinBlocks;
  static constexpr bool staged = Staged;
  static constexpr size_type max_staged_bytes = 64 * 1024;
};

template <class F>
static double time_ms(F&& f, int reps = 20) {
  f();
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<float> t;
  for (int r = 0; r < reps; ++r) {
    cudaEventRecord(a);
    f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  CHECK_CUDA(cudaGetLastError());
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

static void bench(size_t n, bool sweep) {
  dbuf<uint32_t> in(n), out(n), stencil(n);
  dbuf<float> x(n), y(n);
  dbuf<uint32_t> res(1);
  dbuf<size_type> cnt(1);
  {
    std::vector<uint32_t> h(n);
    for (size_t i = 0; i < n; ++i) h[i] = uint32_t(rng());
    stencil.put(h);
    for (size_t i = 0; i < n; ++i) h[i] &= 0xff;
    in.put(h);
    std::vector<float> f(n);
    for (size_t i = 0; i < n; ++i) f[i] = float(h[i]) / 256.f;
    x.put(f);
    y.put(f);
  }
  dbuf<uint32_t> keys(n);
  {  // keys in runs of 1..64
    std::vector<uint32_t> k(n);
    uint32_t key = 0;
    for (size_t i = 0; i < n;) {
      size_t len = 1 + rng() % 64;
      for (size_t j = 0; j < len && i < n; ++j) k[i++] = key;
      ++key;
    }
    keys.put(k);
  }
  size_t temp_bytes = 0, tb;
  void* temp = nullptr;
  cub::DeviceScan::InclusiveSum(nullptr, tb, in.d, out.d, int(n)); temp_bytes = std::max(temp_bytes, tb);
  cub::DeviceScan::ExclusiveSum(nullptr, tb, in.d, out.d, int(n)); temp_bytes = std::max(temp_bytes, tb);
  cub::DeviceReduce::Sum(nullptr, tb, in.d, res.d, int(n)); temp_bytes = std::max(temp_bytes, tb);
  cub::DeviceSelect::If(nullptr, tb, stencil.d, out.d, cnt.d, int(n), odd_pred{}); temp_bytes = std::max(temp_bytes, tb);
  cub::DeviceScan::InclusiveSumByKey(nullptr, tb, keys.d, stencil.d, out.d, int(n)); temp_bytes = std::max(temp_bytes, tb);
  CHECK_CUDA(cudaMalloc(&temp, temp_bytes));
  const double gb = double(n) * 4 / 1e9;
  std::printf("---- n = %zu (2^%d) ----\n", n, int(std::log2(double(n)) + 0.5));
  double memcpy_ms = 0;
  auto report = [&](const char* name, double ms, double bytes_gb) {
    std::printf("%-40s %8.4f ms  %7.1f GB/s  %5.1f%% of memcpy\n", name, ms, bytes_gb / (ms / 1e3),
                memcpy_ms > 0 ? 100.0 * (bytes_gb / (ms / 1e3)) / (2 * gb / (memcpy_ms / 1e3)) : 100.0);
  };
  memcpy_ms = time_ms([&] { cudaMemcpyAsync(out.d, in.d, n * 4, cudaMemcpyDeviceToDevice); });
  report("memcpy d2d (read+write)", memcpy_ms, 2 * gb);
  report("cub reduce sum u32", time_ms([&] { cub::DeviceReduce::Sum(temp, temp_bytes, in.d, res.d, int(n)); }), gb);
  report("tide reduce_into u32", time_ms([&] { cu::reduce_into(policy, in.d, size_type(n), res.d, 0u, plus_op{}); }), gb);
  report("cub inclusive sum u32", time_ms([&] { cub::DeviceScan::InclusiveSum(temp, temp_bytes, in.d, out.d, int(n)); }), 2 * gb);
  report("tide inclusive_scan u32", time_ms([&] { cu::inclusive_scan<uint32_t>(policy, in.d, size_type(n), out.d, plus_op{}); }), 2 * gb);
  report("cub exclusive sum u32", time_ms([&] { cub::DeviceScan::ExclusiveSum(temp, temp_bytes, in.d, out.d, int(n)); }), 2 * gb);
  report("tide exclusive_scan u32", time_ms([&] { cu::exclusive_scan(policy, in.d, size_type(n), out.d, 0u, plus_op{}); }), 2 * gb);
  report("tide inclusive_scan f32", time_ms([&] { cu::inclusive_scan<float>(policy, x.d, size_type(n), y.d, plus_op{}); }), 2 * gb);
  auto reduce_with = [&](auto t, const char* name) {
    using T = decltype(t);
    report(name, time_ms([&] { cu::detail::reduce_tuned<T>(policy, in.d, size_type(n), res.d, 0u, plus_op{}, "reduce"); }), gb);
  };
  reduce_with(tune<256, 32, 4096, 1, true, false>{}, "  reduce 256x32 max 4096");
  reduce_with(tune<256, 32, 4096>{}, "  reduce 256x32 max 4096 streaming");
  reduce_with(tune<512, 32, 4096, 1, true, false>{}, "  reduce 512x32 max 4096");
  reduce_with(tune<512, 32, 4096>{}, "  reduce 512x32 max 4096 streaming");
  reduce_with(tune<256, 32, 8192>{}, "  reduce 256x32 max 8192 streaming");
  reduce_with(tune<256, 64, 4096>{}, "  reduce 256x64 max 4096 streaming");
  reduce_with(tune<256, 32, 2112>{}, "  reduce 256x32 max 2112 (16/SM)");
  reduce_with(tune<256, 32, 4224>{}, "  reduce 256x32 max 4224 (32/SM)");
  reduce_with(tune<256, 32, 8448>{}, "  reduce 256x32 max 8448 (64/SM)");
  reduce_with(tune<256, 16, 4224>{}, "  reduce 256x16 max 4224 (32/SM)");
  reduce_with(tune<128, 32, 8448>{}, "  reduce 128x32 max 8448 (64/SM)");
  reduce_with(tune<512, 16, 4224>{}, "  reduce 512x16 max 4224 (32/SM)");
  report("cub reduce sum u32 (again)", time_ms([&] { cub::DeviceReduce::Sum(temp, temp_bytes, in.d, res.d, int(n)); }, 50), gb);
  report("tide reduce_into u32 (again)", time_ms([&] { cu::reduce_into(policy, in.d, size_type(n), res.d, 0u, plus_op{}); }, 50), gb);
  report("cub reduce sum u32 (again)", time_ms([&] { cub::DeviceReduce::Sum(temp, temp_bytes, in.d, res.d, int(n)); }, 50), gb);
  report("tide reduce_into u32 (again)", time_ms([&] { cu::reduce_into(policy, in.d, size_type(n), res.d, 0u, plus_op{}); }, 50), gb);
  if (n <= (size_t(1) << 24)) {  // tile size at small n: fewer, bigger tiles leave SMs idle
    auto scan_small = [&](auto t, auto scheme, const char* name) {
      using T = decltype(t);
      using S = decltype(scheme);
      report(name, time_ms([&] { cu::detail::scan_tuned<T, false, S>(policy, in.d, size_type(n), out.d, 0u, false, plus_op{}, "scan"); }, 50), 2 * gb);
    };
    using tree = cu::detail::tree_lookback;
    using chain = cu::detail::chained_lookback;
    report("cub inclusive sum u32 (again)", time_ms([&] { cub::DeviceScan::InclusiveSum(temp, temp_bytes, in.d, out.d, int(n)); }, 50), 2 * gb);
    report("tide inclusive_scan u32 tide::plus (default)", time_ms([&] { cu::inclusive_scan<uint32_t>(policy, in.d, size_type(n), out.d, tide::plus<>{}); }, 50), 2 * gb);
    report("tide inclusive_scan f32 tide::plus (default)", time_ms([&] { cu::inclusive_scan<float>(policy, x.d, size_type(n), y.d, tide::plus<>{}); }, 50), 2 * gb);
    scan_small(tune<256, 48>{}, tree{}, "  scan tree  256x48");
    scan_small(tune<256, 32>{}, tree{}, "  scan tree  256x32");
    scan_small(tune<256, 24>{}, tree{}, "  scan tree  256x24");
    scan_small(tune<256, 16>{}, tree{}, "  scan tree  256x16");
    scan_small(tune<128, 16>{}, tree{}, "  scan tree  128x16");
    using chain_near4 = cu::detail::chained_lookback_window<4>;
    using chain_near8 = cu::detail::chained_lookback_window<8>;
    using chain_nofull = cu::detail::chained_lookback_window<1, 1>;
    scan_small(tune<256, 48>{}, chain{}, "  scan chain 256x48");
    scan_small(tune<256, 16>{}, chain{}, "  scan chain 256x16");
    scan_small(tune<256, 48>{}, chain_nofull{}, "  scan chain 256x48 window 32 only");
    scan_small(tune<256, 16>{}, chain_nofull{}, "  scan chain 256x16 window 32 only");
    scan_small(tune<256, 48>{}, chain_near4{}, "  scan chain 256x48 near 128");
    scan_small(tune<256, 48>{}, chain_near8{}, "  scan chain 256x48 near 256");
    report("tide inclusive_scan f32 tide::plus (again)", time_ms([&] { cu::inclusive_scan<float>(policy, x.d, size_type(n), y.d, tide::plus<>{}); }, 50), 2 * gb);
    report("cub inclusive sum f32", time_ms([&] { cub::DeviceScan::InclusiveSum(temp, temp_bytes, x.d, y.d, int(n)); }, 50), 2 * gb);
  }
  if (!sweep) { cudaFree(temp); return; }
  report("tide inclusive_scan u32 in place", time_ms([&] { cu::inclusive_scan<uint32_t>(policy, out.d, size_type(n), out.d, plus_op{}); }), 2 * gb);
  report("tide transform2 saxpy f32", time_ms([&] { cu::transform2(policy, x.d, size_type(n), y.d, y.d, saxpy_op{2.f}); }), 3 * gb);
  report("cub select_if 50% u32", time_ms([&] { cub::DeviceSelect::If(temp, temp_bytes, stencil.d, out.d, cnt.d, int(n), odd_pred{}); }), 1.5 * gb);
  report("tide copy_if 50% u32 (+sync)", time_ms([&] { cu::copy_if(policy, stencil.d, size_type(n), stencil.d, out.d, odd_pred{}); }), 1.5 * gb);
  report("tide unique_copy u32 (+sync)", time_ms([&] { cu::unique_copy(policy, keys.d, size_type(n), out.d, equal_op{}); }), gb);
  report("cub inclusive_sum_by_key u32", time_ms([&] { cub::DeviceScan::InclusiveSumByKey(temp, temp_bytes, keys.d, stencil.d, out.d, int(n)); }), 3 * gb);
  report("tide inclusive_scan_by_key u32", time_ms([&] { cu::inclusive_scan_by_key<uint32_t>(policy, keys.d, size_type(n), stencil.d, out.d, equal_op{}, plus_op{}); }), 3 * gb);
  report("tide reduce_by_key u32 (+sync)", time_ms([&] { cu::reduce_by_key<uint32_t>(policy, keys.d, size_type(n), stencil.d, out.d, y.d, equal_op{}, plus_op{}); }), 2.1 * gb);
  // Tuning sweeps (the defaults are in the tuning structs next to each kernel).
  auto scan_with = [&](auto t, auto scheme, const char* name) {
    using T = decltype(t);
    using S = decltype(scheme);
    report(name, time_ms([&] { cu::detail::scan_tuned<T, false, S>(policy, in.d, size_type(n), out.d, 0u, false, plus_op{}, "scan"); }), 2 * gb);
  };
  using tree = cu::detail::tree_lookback;
  using chain = cu::detail::chained_lookback;
  scan_with(tune<256, 48>{}, chain{}, "  scan chain 256x48 staged+pf");
  scan_with(tune<256, 64>{}, chain{}, "  scan chain 256x64 staged+pf");
  scan_with(tune<256, 32>{}, chain{}, "  scan chain 256x32 staged+pf");
  scan_with(tune<256, 48>{}, cu::detail::chained_lookback_window<4>{}, "  scan chain 256x48 window 128");
  scan_with(tune<256, 64>{}, cu::detail::chained_lookback_window<1>{}, "  scan chain 256x64 window 32");
  scan_with(tune<256, 48, 0, 1, true, false>{}, tree{}, "  scan tree  256x48 staged");
  scan_with(tune<256, 48>{}, tree{}, "  scan tree  256x48 staged+pf");
  scan_with(tune<256, 40>{}, tree{}, "  scan tree  256x40 staged+pf");
  scan_with(tune<256, 64>{}, tree{}, "  scan tree  256x64 staged+pf");
  scan_with(tune<256, 32>{}, tree{}, "  scan tree  256x32 staged+pf");
  {
    dbuf<uint32_t> mis(n + 4);
    CHECK_CUDA(cudaMemcpy(mis.d + 1, in.d, n * 4, cudaMemcpyDeviceToDevice));
    report("tide inclusive_scan u32 misaligned", time_ms([&] { cu::inclusive_scan<uint32_t>(policy, mis.d + 1, size_type(n), out.d, plus_op{}); }), 2 * gb);
  }
  auto by_key_with = [&](auto t, const char* name) {
    using T = decltype(t);
    report(name, time_ms([&] { cu::detail::scan_by_key_tuned<T, false>(policy, keys.d, size_type(n), stencil.d, out.d, 0u, equal_op{}, plus_op{}, "sbk"); }), 3 * gb);
  };
  by_key_with(tune<128, 16>{}, "  scan_by_key 128x16");
  by_key_with(tune<128, 32>{}, "  scan_by_key 128x32");
  cudaFree(temp);
}

int main(int argc, char** argv) {
  bool big = false, do_bench = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--big")) big = true;
    if (!std::strcmp(argv[i], "--bench")) do_bench = true;
  }
  std::vector<size_t> sizes = {0, 1, 2, 3, 31, 32, 33, 127, 255, 256, 257, 1000, 2047, 4095, 4096, 4097, 8191,
                               12287, 16383, 16384, 16385, 65537, 100000, 131072 + 7, 1 << 20, (1 << 20) + 13,
                               3000017};
  if (big) {
    sizes.push_back((size_t(1) << 25) + 3);   // ~8K tiles of 4-byte items: 3 look-back levels
    sizes.push_back((size_t(1) << 27) + 77);  // ~32K tiles: 4 levels
  }
  for (size_t n : sizes) {
    auto ints = random_ints(n, -100, 100);
    auto mats = random_mats(n);
    check_reduce<int>(ints, 7, plus_op{}, "int");
    if (n < 5000000) check_reduce<mat2>(mats, mat2{1, 0, 0, 1}, matmul{}, "mat2", 1);
    check_reduce<int>(ints, 0, plus_op{}, "int misaligned", 1);
    if (n) check_reduce_float(n);
    for (auto kind : {scan_kind::inclusive, scan_kind::inclusive_init, scan_kind::exclusive}) {
      check_scan<int>(ints, kind, 5, plus_op{}, "int");
      if (n < 5000000) check_scan<mat2>(mats, kind, mat2{1, 2, 3, 4}, matmul{}, "mat2");
    }
    {
      std::vector<uint8_t> bytes(n);
      for (auto& b : bytes) b = uint8_t(rng());
      check_scan<int>(bytes, scan_kind::inclusive, 0, plus_op{}, "u8->int");
    }
    {
      std::vector<double> dbl(n);
      for (auto& v : dbl) v = double(rng() % 1000);
      check_scan<double>(dbl, scan_kind::exclusive, 1.0, plus_op{}, "double");
    }
    if (n) check_scan_float(n);
    if (n) check_by_key_float(n);
    check_transform(n);
    auto stencil = random_ints(n, 0, 1000);
    check_copy_if<int>(ints, stencil, odd_pred{}, "int");
    if (n < 5000000) check_copy_if<mat2>(mats, stencil, mat_pred{}, "mat2");
    check_unique(n);
    for (int run : {1, 4, 100, 5000}) {
      check_by_key<int>(n, ints, plus_op{}, 3, run, "int");
      if (n < 5000000 && run == 4) check_by_key<mat2>(n, mats, matmul{}, mat2{1, 0, 0, 1}, run, "mat2");
      if (run == 4 || run == 100) {
        std::vector<long long> ll(ints.begin(), ints.end());
        check_by_key<long long>(n, ll, plus_op{}, 3, run, "int64");
        std::vector<double> dd(ints.begin(), ints.end());
        check_by_key<double>(n, dd, plus_op{}, 3.0, run, "double");
      }
    }
    std::printf("n=%zu done (%d failures so far)\n", n, failures);
  }
  {  // reduce_into of nothing writes init
    dbuf<int> o(1);
    cu::reduce_into(policy, o.d, 0, o.d, 42, plus_op{});
    expect(o.get(1)[0] == 42, "reduce_into n=0");
  }
  std::printf(failures ? "%d FAILURES\n" : "all tests passed\n", failures);
  if (do_bench) {
    bench(size_t(1) << 20, false);
    bench(size_t(1) << 24, false);
    bench(size_t(1) << 28, true);
  }
  return failures ? 1 : 0;
}
