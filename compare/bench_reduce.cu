// reduce (u32, f32, f64), transform_reduce (f32 sum of squares), the seeds' reduce1..reduce5
// ladder (u32), and the latency of a 1,000-element reduce returned to the host.
// Bytes: n * sizeof(T) read. tide's throughput rows use reduce_into (the result stays on the device,
// as CUB's does); Thrust has only the value-returning form, which waits for the result: at large n
// this makes no difference, and the to_host case compares all three returning a value.

#include <numeric>

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_REDUCE
#include <tide/reduce.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_reduce.cuh>

#include "seeds/reduce_ladder.cuh"
#endif

namespace cmp {
namespace {

/// Exact for integers (wrapping as the library's accumulator does), within tolerance for floats.
/// Float sums may be accumulated in long sequential chunks (a host backend: one chunk per thread),
/// whose rounding grows with the chunk: the tolerance grows with n past 2^20 (2^22 f32 squares on
/// two threads: 1.1e-3 off, from tide::par and Thrust's OpenMP backend alike).
template <class T>
std::string check_scalar(T got, T want_exact, double want, const char* type, std::int64_t n = 0) {
  if (std::is_integral_v<T>) return got == want_exact ? "" : "got " + show(got) + ", expected " + show(want_exact);
  double w[1] = {want};
  return compare_close(&got, w, 1, tolerance_for(type) * std::fmax(1.0, double(n) / double(1 << 20)));
}

template <class T>
void reduce_sum(suite& s, std::int64_t n, bool seed_table) {
  const char* type = type_name<T>();
  if (std::is_same_v<T, float> && s.host_f32_sum_too_long("reduce sum", n)) return;
  const int copies = s.copies_for(double(n) * sizeof(T));
  if (!s.fits(double(n) * sizeof(T) * copies + 64e6, "reduce", n)) return;
  const auto h = uniform<T, host_vec<T>>(n, s.opt.seed ^ std::uint64_t(n));
  T ref_t = T(0);
  double ref = 0;
  {
    phase_scope reference(phase::ref);
    if constexpr (std::is_integral_v<T>) ref_t = parallel_sum<T>(n, [&](std::int64_t i) { return h[i]; });
    ref = parallel_sum<double>(n, [&](std::int64_t i) { return double(h[i]); });
  }
  auto in = s.rotate(h, copies);
  auto d_out = s.ctx.alloc<T>(1);
  T host_out = T(0);
  auto device_check = [&] {
    T got;
    s.ctx.download(&got, d_out.get(), 1);
    return check_scalar(got, ref_t, ref, type, n);
  };
  auto host_check = [&] { return check_scalar(host_out, ref_t, ref, type, n); };
  bench_key k{"reduce", "sum", "", type, n, "uniform", double(n) * sizeof(T)};
  auto ctx_stream = s.ctx.stream();
  (void)ctx_stream;

#if TIDE_COMPARE_HAS_REDUCE
  measure_tide(
      s, k, [&](auto p, int r) { tide::reduce_into(p, in.at(r), in.at(r) + n, d_out.get(), T(0), tide::plus<>()); },
      device_check, std::is_same_v<T, std::uint32_t>);  // scaling rows: u32
#endif
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, [&](int r) { host_out = thrust::reduce(thrust_policy(s.ctx), in.at(r), in.at(r) + n, T(0), thrust::plus<T>()); },
            host_check);
#endif
#if TIDE_COMPARE_DEVICE
  {
    k.library = "cub";
    std::size_t bytes = 0;
    cub::DeviceReduce::Sum(nullptr, bytes, in.at(0), d_out.get(), n, ctx_stream);
    auto temp = s.ctx.alloc<char>(bytes);
    s.measure(k, [&](int r) { cuda_check(cub::DeviceReduce::Sum(temp.get(), bytes, in.at(r), d_out.get(), n, ctx_stream), "cub"); },
              device_check);
  }
  if constexpr (std::is_same_v<T, std::uint32_t>) {
    seed::reduce_ladder<T> ladder(n);
    k.library = "seed";
    for (int v = 1; v <= 5; ++v) {
      k.case_name = ladder.name(v);
      s.measure(k, [&](int r) { ladder.run(v, in.at(r), n, d_out.get(), ctx_stream); }, device_check);
    }
    k.case_name = "sum";
  }
#endif
#if !TIDE_COMPARE_DEVICE
#if TIDE_COMPARE_HAS_THRUST_TBB
  k.library = "thrust_tbb";
  s.measure(k, [&](int r) { host_out = thrust::reduce(thrust::tbb::par, in.at(r), in.at(r) + n, T(0), thrust::plus<T>()); },
            host_check);
#endif
#if TIDE_COMPARE_HAS_TBB
  k.library = "tbb";
  s.measure(k, [&](int r) { const T* p = in.at(r); host_out = cpu::tbb_reduce<T>(n, T(0), [p](std::int64_t i) { return p[i]; }); },
            host_check);
#endif
#if TIDE_COMPARE_HAS_PSTL
  k.library = "pstl_par";
  s.measure(k, [&](int r) { host_out = std::reduce(std::execution::par, in.at(r), in.at(r) + n, T(0)); }, host_check);
  k.library = "pstl_unseq";
  s.measure(k, [&](int r) { host_out = std::reduce(std::execution::par_unseq, in.at(r), in.at(r) + n, T(0)); }, host_check);
#endif
#if TIDE_COMPARE_HAS_ONEDPL
  k.library = "onedpl";
  s.measure(k, [&](int r) {
    host_out = oneapi::dpl::reduce(oneapi::dpl::execution::par_unseq, in.at(r), in.at(r) + n, T(0));
  }, host_check);
#endif
#if TIDE_COMPARE_HAS_GNU_PARALLEL
  k.library = "gnu_parallel";
  s.measure(k, [&](int r) { host_out = __gnu_parallel::accumulate(in.at(r), in.at(r) + n, T(0)); }, host_check);
#endif
#endif
  if (!TIDE_COMPARE_DEVICE || (seed_table && std::is_same_v<T, std::uint32_t>)) {
    k.library = "std";  // the lab's CPU run beside the GPU (one thread, std::reduce)
    s.measure_host(k, no_prep{}, [&](int) { host_out = std::reduce(h.data(), h.data() + n, T(0)); }, host_check);
  }
}

void transform_reduce_squares(suite& s, std::int64_t n) {
  using T = float;
  if (s.host_f32_sum_too_long("transform_reduce sum_of_squares", n)) return;
  const int copies = s.copies_for(double(n) * sizeof(T));
  if (!s.fits(double(n) * sizeof(T) * copies + 64e6, "transform_reduce", n)) return;
  const auto h = uniform<T, host_vec<T>>(n, s.opt.seed ^ std::uint64_t(n) ^ 7);
  double ref = 0;
  {
    phase_scope reference(phase::ref);
    ref = parallel_sum<double>(n, [&](std::int64_t i) { return double(h[i] * h[i]); });
  }
  auto in = s.rotate(h, copies);
  auto d_out = s.ctx.alloc<T>(1);
  T host_out = 0;
  auto device_check = [&] {
    T got;
    s.ctx.download(&got, d_out.get(), 1);
    return check_scalar(got, got, ref, "f32", n);
  };
  auto host_check = [&] { return check_scalar(host_out, host_out, ref, "f32", n); };
  bench_key k{"transform_reduce", "sum_of_squares", "", "f32", n, "uniform", double(n) * sizeof(T)};
  auto stream = s.ctx.stream();
  (void)stream;
#if TIDE_COMPARE_HAS_REDUCE
  k.library = "tide";
  s.measure(k, [&](int r) {
    tide::transform_reduce_into(tide_policy(s.ctx), in.at(r), in.at(r) + n, d_out.get(), square_op{}, 0.0f, tide::plus<>());
  }, device_check);
#endif
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, [&](int r) {
    host_out = thrust::transform_reduce(thrust_policy(s.ctx), in.at(r), in.at(r) + n, square_op{}, 0.0f, thrust::plus<float>());
  }, host_check);
#endif
#if TIDE_COMPARE_DEVICE
  {
    k.library = "cub";
    std::size_t bytes = 0;
    cub::DeviceReduce::TransformReduce(nullptr, bytes, in.at(0), d_out.get(), n, ::cuda::std::plus<float>(), square_op{}, 0.0f, stream);
    auto temp = s.ctx.alloc<char>(bytes);
    s.measure(k, [&](int r) {
      cuda_check(cub::DeviceReduce::TransformReduce(temp.get(), bytes, in.at(r), d_out.get(), n, ::cuda::std::plus<float>(),
                                                    square_op{}, 0.0f, stream), "cub");
    }, device_check);
  }
#else
#if TIDE_COMPARE_HAS_THRUST_TBB
  k.library = "thrust_tbb";
  s.measure(k, [&](int r) {
    host_out = thrust::transform_reduce(thrust::tbb::par, in.at(r), in.at(r) + n, square_op{}, 0.0f, thrust::plus<float>());
  }, host_check);
#endif
#if TIDE_COMPARE_HAS_TBB
  k.library = "tbb";
  s.measure(k, [&](int r) { const T* p = in.at(r); host_out = cpu::tbb_reduce<T>(n, 0.0f, [p](std::int64_t i) { return p[i] * p[i]; }); },
            host_check);
#endif
#if TIDE_COMPARE_HAS_PSTL
  k.library = "pstl_par";
  s.measure(k, [&](int r) {
    host_out = std::transform_reduce(std::execution::par, in.at(r), in.at(r) + n, 0.0f, std::plus<float>(), square_op{});
  }, host_check);
  k.library = "pstl_unseq";
  s.measure(k, [&](int r) {
    host_out = std::transform_reduce(std::execution::par_unseq, in.at(r), in.at(r) + n, 0.0f, std::plus<float>(), square_op{});
  }, host_check);
#endif
#if TIDE_COMPARE_HAS_ONEDPL
  k.library = "onedpl";
  s.measure(k, [&](int r) {
    host_out = oneapi::dpl::transform_reduce(oneapi::dpl::execution::par_unseq, in.at(r), in.at(r) + n, 0.0f,
                                             std::plus<float>(), square_op{});
  }, host_check);
#endif
  k.library = "std";
  s.measure_host(k, no_prep{}, [&](int r) {
    host_out = std::transform_reduce(in.at(r), in.at(r) + n, 0.0f, std::plus<float>(), square_op{});
  }, host_check);
#endif
}

#if TIDE_COMPARE_DEVICE
__global__ void empty_kernel() {}
#endif

/// End to end: the call returns the sum on the host (n = 1,000, u32), the case issue 3 sets a
/// 12 µs bound on.
void reduce_to_host(suite& s) {
  using T = std::uint32_t;
  const std::int64_t n = 1000;
  s.begin(n);
  std::vector<T> h = uniform<T>(n, s.opt.seed ^ 1000);
  T ref = 0;
  for (T x : h) ref += x;
  auto in = s.upload(h);
  T out = 0;
  auto check = [&] { return out == ref ? std::string() : "got " + show(out) + ", expected " + show(ref); };
  bench_key k{"reduce", "to_host", "", "u32", n, "uniform", double(n) * sizeof(T)};
  auto stream = s.ctx.stream();
  (void)stream;
#if TIDE_COMPARE_HAS_REDUCE
  k.library = "tide";
  s.measure(k, [&](int) { out = tide::reduce(tide_policy(s.ctx), in.get(), in.get() + n, T(0), tide::plus<>()); }, check);
#endif
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, [&](int) { out = thrust::reduce(thrust_policy(s.ctx), in.get(), in.get() + n, T(0), thrust::plus<T>()); }, check);
#endif
#if TIDE_COMPARE_DEVICE
  k.library = "cub";
  std::size_t bytes = 0;
  auto d_out = s.ctx.alloc<T>(1);
  cub::DeviceReduce::Sum(nullptr, bytes, in.get(), d_out.get(), n, stream);
  auto temp = s.ctx.alloc<char>(bytes);
  s.measure(k, [&](int) {
    cuda_check(cub::DeviceReduce::Sum(temp.get(), bytes, in.get(), d_out.get(), n, stream), "cub");
    cuda_check(cudaMemcpyAsync(&out, d_out.get(), sizeof(T), cudaMemcpyDeviceToHost, stream), "copy");
    cuda_check(cudaStreamSynchronize(stream), "sync");
  }, check);
  // This machine's floor for any call that returns to the host: one empty launch and a wait.
  bench_key floor{"launch", "empty_kernel_sync", "", "u32", n, "none", 0.0};
  floor.library = "cuda";
  s.measure(floor, [&](int) {
    empty_kernel<<<1, 1, 0, stream>>>();
    cuda_check(cudaStreamSynchronize(stream), "sync");
  }, [] { return cudaGetLastError() == cudaSuccess ? std::string() : std::string("launch failed"); });
#endif
}

}  // namespace

void bench_reduce(suite& s) {
  for (std::int64_t n : s.opt.sizes) {
    const bool seed_table = s.opt.seed_tables && n == (std::int64_t(1) << 22);  // seed 000's table size
    reduce_sum<std::uint32_t>(s, n, seed_table);
    reduce_sum<float>(s, n, false);
    reduce_sum<double>(s, n, false);
    transform_reduce_squares(s, n);
  }
  reduce_to_host(s);
}

}  // namespace cmp
