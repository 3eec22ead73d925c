// Algorithms called in device code, as Thrust allows: with tide::seq or tide::device inside a
// __device__ function or a kernel, each call runs sequentially in the calling thread, allocates
// nothing and throws nothing. Two __host__ __device__ routines (device_code_routines.hpp) call
// every algorithm on one thread's arrays; the host runs them with tide::seq, the CUDA build also in
// kernels (one thread per size, with tide::seq and with tide::device), and every result is checked
// against std::.
#include "device_code_routines.hpp"

using namespace tide_test;
using namespace tide_test::device_code;

namespace {
/// Sums n ints: with tide::par where it runs on the host, with tide::seq in device code. Device
/// code cannot name tide::par (it does not compile, as thrust::omp::par), so the host path names it
/// behind the target guard (or NV_IF_TARGET(NV_IS_HOST, ...)).
struct sum_on_either_path {
  TIDE_HOST_DEVICE long long operator()(const int* x, int n) const {
#if defined(__CUDA_ARCH__)
    return tide::reduce(tide::seq, x, x + n, 0LL);
#else
    return tide::reduce(tide::par, x, x + n, 0LL);
#endif
  }
};

/// Runs a routine with tide::seq on the host over every thread size and checks it.
template <class Routine>
void check_on_host() {
  for (int n : thread_sizes()) {
    auto in = thread_input(n);
    std::vector<int> w(static_cast<std::size_t>(Routine::arrays) * n + 1, -3), want_w(w.size());
    std::vector<long long> r(Routine::results, -3), want_r(Routine::results);
    Routine::run(tide::seq, in.data(), n, w.data(), r.data());
    Routine::expected(in.data(), n, want_w.data(), want_r.data());
    Routine::check(n, w.data(), r.data(), want_w.data(), want_r.data(), "host seq");
  }
}
}  // namespace

TEST_CASE("a host-device functor calling tide::transform(tide::seq) works from host code") {
  std::vector<float> x{1, 2, 3, 4}, y{10, 20, 30, 40};
  saxpy_row{2.0f, 4}(x.data(), y.data());
  CHECK(y == std::vector<float>{12, 24, 36, 48});
}

TEST_CASE("a __host__ __device__ function calls an algorithm with tide::par on its host path") {
  std::vector<int> x(1000);
  std::iota(x.begin(), x.end(), -500);
  CHECK(sum_on_either_path{}(x.data(), 1000) == -500);
}

TEST_CASE("the routine device code runs gives std::'s results when the host runs it with tide::seq") {
  check_on_host<all_routine>();
}

TEST_CASE("the other forms device code runs (stencils, _into, custom operators, zipped values) match std::") {
  check_on_host<more_routine>();
}

TEST_CASE("sort, fill and fill_n without a policy run on the device system from host code") {
  auto h = random_vector<int>(5000, "implicit-policy", -50, 50);
  tide::device_vector<int> d(h.begin(), h.end());
  tide::sort(d.begin(), d.end());
  std::sort(h.begin(), h.end());
  std::vector<int> got(h.size());
  tide::copy(d.begin(), d.end(), got.begin());
  CHECK(got == h);
  tide::fill(d.begin(), d.end(), 7);
  CHECK(tide::fill_n(d.begin(), 10, 3) == d.begin() + 10);
  tide::copy(d.begin(), d.end(), got.begin());
  CHECK(std::count(got.begin(), got.end(), 3) == 10);
  CHECK(std::count(got.begin(), got.end(), 7) == 4990);
}

TEST_CASE("the sort device code runs (in place, no allocation) is stable at every size, its fallback too") {
  auto g = rng("in-place-sort");
  for (int n = 0; n <= 300; n += (n < 80 ? 1 : 37)) {
    for (int range : {1, 3, 50, 1 << 30}) {
      std::vector<int> keys(n), vals(n);
      for (int i = 0; i < n; ++i) keys[i] = static_cast<int>(g() % range), vals[i] = i;
      if (range == 50 && n % 2) std::sort(keys.begin(), keys.end(), std::greater<int>());  // reversed runs
      std::vector<std::pair<int, int>> want(n);
      for (int i = 0; i < n; ++i) want[i] = {keys[i], vals[i]};
      std::stable_sort(want.begin(), want.end(), [](auto a, auto b) { return a.first < b.first; });
      auto less = tide::less<int>();
      // A one-entry merge stack sends most merges to the stackless fallback.
      std::vector<int> k1 = keys, v1 = vals, k2 = keys, v2 = vals;
      tide::backend::seq::in_place_sort_by_key(k1.data(), n, v1.data(), less);
      using access = tide::backend::seq::detail::key_value_access<int*, int*, tide::less<int>>;
      tide::backend::seq::detail::in_place_stable_sort<1>(access{k2.data(), v2.data(), less}, n);
      bool ok1 = true, ok2 = true;
      for (int i = 0; i < n; ++i) {
        ok1 = ok1 && k1[i] == want[i].first && v1[i] == want[i].second;
        ok2 = ok2 && k2[i] == want[i].first && v2[i] == want[i].second;
      }
      CAPTURE(n);
      CAPTURE(range);
      CHECK(ok1);
      CHECK(ok2);
    }
  }
}

#if TIDE_HAS_CUDA && TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

namespace {
struct case_layout {
  const int* in;
  const long long* offsets;  // of each case's input; its arrays at num_arrays * offset
  const int* sizes;
  int* w;
  long long* r;
};

/// One thread per case: Routine over its arrays, with tide::device or tide::seq.
template <class Routine, bool Device>
__global__ void routine_kernel(case_layout c, int cases) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= cases) return;
  const long long o = c.offsets[t];
  int* w = c.w + Routine::arrays * o;
  long long* r = c.r + static_cast<long long>(Routine::results) * t;
  if constexpr (Device)
    Routine::run(tide::device, c.in + o, c.sizes[t], w, r);
  else
    Routine::run(tide::seq, c.in + o, c.sizes[t], w, r);
}

/// Runs a routine in kernels, one thread per size, with tide::seq and with tide::device, and
/// checks each thread's results.
template <class Routine>
void check_in_kernels() {
  auto sizes = thread_sizes();
  const int cases = static_cast<int>(sizes.size());
  std::vector<long long> offsets(cases + 1, 0);
  for (int t = 0; t < cases; ++t) offsets[t + 1] = offsets[t] + sizes[t];
  const long long total = offsets[cases];
  std::vector<int> in(total);
  for (int t = 0; t < cases; ++t) {
    auto v = thread_input(sizes[t]);
    std::copy(v.begin(), v.end(), in.begin() + offsets[t]);
  }
  tide::device_vector<int> d_in(in.begin(), in.end()), d_sizes(sizes.begin(), sizes.end());
  tide::device_vector<long long> d_offsets(offsets.begin(), offsets.end());
  for (bool device : {false, true}) {
    tide::device_vector<int> d_w(Routine::arrays * total + 1, -3);
    tide::device_vector<long long> d_r(static_cast<std::size_t>(Routine::results) * cases, -3);
    case_layout c{tide::raw_pointer_cast(d_in.data()), tide::raw_pointer_cast(d_offsets.data()),
                  tide::raw_pointer_cast(d_sizes.data()), tide::raw_pointer_cast(d_w.data()),
                  tide::raw_pointer_cast(d_r.data())};
    if (device)
      routine_kernel<Routine, true><<<(cases + 31) / 32, 32>>>(c, cases);
    else
      routine_kernel<Routine, false><<<(cases + 31) / 32, 32>>>(c, cases);
    REQUIRE(cudaGetLastError() == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    std::vector<int> w(d_w.size());
    std::vector<long long> r(d_r.size());
    tide::copy(d_w.begin(), d_w.end(), w.begin());
    tide::copy(d_r.begin(), d_r.end(), r.begin());
    for (int t = 0; t < cases; ++t) {
      const int n = sizes[t];
      std::vector<int> want_w(static_cast<std::size_t>(Routine::arrays) * n + 1);
      std::vector<long long> want_r(Routine::results);
      Routine::expected(in.data() + offsets[t], n, want_w.data(), want_r.data());
      Routine::check(n, w.data() + Routine::arrays * offsets[t],
                     r.data() + static_cast<long long>(Routine::results) * t, want_w.data(), want_r.data(),
                     device ? "kernel, tide::device" : "kernel, tide::seq");
    }
  }
}

__global__ void sum_kernel(const int* x, int n, long long* sums) {
  sums[threadIdx.x] = sum_on_either_path{}(x, n - static_cast<int>(threadIdx.x));
}

__global__ void saxpy_kernel(const float* x, float* y, int rows, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < rows) saxpy_row{3.0f, n}(x + t * n, y + t * n);
}

/// Each thread sorts its own 16 floats, Thrust's typical per-thread use: with tide::seq, with no
/// policy, or through device_ptr with tide::device.
__global__ void sort16_kernel(float* a, int rows) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= rows) return;
  if (t % 3 == 0) {
    tide::sort(tide::seq, a + 16 * t, a + 16 * t + 16);
  } else if (t % 3 == 1) {
    tide::sort(a + 16 * t, a + 16 * t + 16);  // no policy, as Thrust allows in device code
  } else {
    auto p = tide::device_pointer_cast(a + 16 * t);
    tide::sort(tide::device, p, p + 16);
  }
}
}  // namespace

TEST_CASE("in kernels, every algorithm with tide::seq and tide::device gives std::'s results per thread") {
  check_in_kernels<all_routine>();
}

TEST_CASE("in kernels, the other forms with tide::seq and tide::device give std::'s results per thread") {
  check_in_kernels<more_routine>();
}

TEST_CASE("the same __host__ __device__ function takes its tide::seq path in a kernel") {
  std::vector<int> x(1000);
  std::iota(x.begin(), x.end(), -500);
  tide::device_vector<int> dx(x.begin(), x.end());
  tide::device_vector<long long> sums(32);
  sum_kernel<<<1, 32>>>(tide::raw_pointer_cast(dx.data()), 1000, tide::raw_pointer_cast(sums.data()));
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  for (int t = 0; t < 32; ++t) CHECK(sums[t] == std::accumulate(x.begin(), x.end() - t, 0LL));
}

TEST_CASE("a saxpy functor calling tide::transform(tide::seq) runs per thread in a kernel") {
  const int rows = 100, n = 8;
  std::vector<float> x(rows * n), y(rows * n);
  for (int i = 0; i < rows * n; ++i) x[i] = static_cast<float>(i % 13), y[i] = static_cast<float>(i % 5);
  tide::device_vector<float> dx(x.begin(), x.end()), dy(y.begin(), y.end());
  saxpy_kernel<<<(rows + 63) / 64, 64>>>(tide::raw_pointer_cast(dx.data()), tide::raw_pointer_cast(dy.data()), rows, n);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  std::vector<float> got(rows * n);
  tide::copy(dy.begin(), dy.end(), got.begin());
  for (int i = 0; i < rows * n; ++i) y[i] = 3.0f * x[i] + y[i];
  CHECK(got == y);
}

TEST_CASE("each thread sorts its own 16 floats with tide::sort(tide::seq) in a kernel") {
  const int rows = 1000;
  auto h = random_vector<float>(rows * 16, "sort16", -100, 100);
  tide::device_vector<float> d(h.begin(), h.end());
  sort16_kernel<<<(rows + 127) / 128, 128>>>(tide::raw_pointer_cast(d.data()), rows);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  std::vector<float> got(h.size());
  tide::copy(d.begin(), d.end(), got.begin());
  for (int t = 0; t < rows; ++t) std::sort(h.begin() + 16 * t, h.begin() + 16 * t + 16);
  CHECK(got == h);
}
#endif
