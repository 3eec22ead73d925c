// transform: saxpy, out[i] = a * x[i] + y[i] (f32). Bytes: 8n read + 4n written; issue 3 asks for
// at least 0.95 of the memcpy row's GB/s at the same n.

#include <algorithm>

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_TRANSFORM
#include <tide/transform.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/transform.h>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_transform.cuh>
#endif

namespace cmp {
namespace {

void saxpy_case(suite& s, std::int64_t n) {
  const double bytes = 12.0 * double(n);
  const int copies = s.copies_for(bytes);
  if (!s.fits(bytes * copies + 64e6, "transform", n)) return;
  const saxpy_op op{2.5f};
  const auto hx = uniform<float, host_vec<float>>(n, s.opt.seed ^ std::uint64_t(n));
  const auto hy = uniform<float, host_vec<float>>(n, s.opt.seed ^ std::uint64_t(n) ^ 0x55);
  auto x = s.rotate(hx, copies);
  auto y = s.rotate(hy, copies);
  auto out = s.rotate_uninit<float>(n, copies);
  // The reference, 2.5 x + y in double, is computed inside the comparison (one pass, all threads).
  auto check = [&] {
    return compare_close_fn(s.fetch(out.at(0), n), n, [&](std::int64_t i) { return 2.5 * double(hx[i]) + double(hy[i]); },
                            1e-6);  // fused or not, within an ulp or two
  };
  bench_key k{"transform", "saxpy", "", "f32", n, "uniform", bytes};
  auto stream = s.ctx.stream();
  (void)stream;

#if TIDE_COMPARE_HAS_TRANSFORM
  measure_tide(s, k, [&](auto p, int r) { tide::transform(p, x.at(r), x.at(r) + n, y.at(r), out.at(r), op); }, check);
#endif
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, [&](int r) { thrust::transform(thrust_policy(s.ctx), x.at(r), x.at(r) + n, y.at(r), out.at(r), op); },
            check);
#endif
#if TIDE_COMPARE_DEVICE
  k.library = "cub";
  s.measure(k, [&](int r) {
    cuda_check(cub::DeviceTransform::Transform(::cuda::std::make_tuple(x.at(r), y.at(r)), out.at(r), n, op, stream), "cub");
  }, check);
#else
#if TIDE_COMPARE_HAS_THRUST_TBB
  k.library = "thrust_tbb";
  s.measure(k, [&](int r) { thrust::transform(thrust::tbb::par, x.at(r), x.at(r) + n, y.at(r), out.at(r), op); }, check);
#endif
#if TIDE_COMPARE_HAS_TBB
  k.library = "tbb";
  s.measure(k, [&](int r) {
    const float *px = x.at(r), *py = y.at(r);
    float* po = out.at(r);
    cpu::tbb_for(n, [=](std::int64_t i) { po[i] = op(px[i], py[i]); });
  }, check);
#endif
#if TIDE_COMPARE_HAS_PSTL
  k.library = "pstl_par";
  s.measure(k, [&](int r) { std::transform(std::execution::par, x.at(r), x.at(r) + n, y.at(r), out.at(r), op); }, check);
  k.library = "pstl_unseq";
  s.measure(k, [&](int r) { std::transform(std::execution::par_unseq, x.at(r), x.at(r) + n, y.at(r), out.at(r), op); }, check);
#endif
#if TIDE_COMPARE_HAS_ONEDPL
  k.library = "onedpl";
  s.measure(k, [&](int r) {
    oneapi::dpl::transform(oneapi::dpl::execution::par_unseq, x.at(r), x.at(r) + n, y.at(r), out.at(r), op);
  }, check);
#endif
#if TIDE_COMPARE_HAS_GNU_PARALLEL
  k.library = "gnu_parallel";
  s.measure(k, [&](int r) { __gnu_parallel::transform(x.at(r), x.at(r) + n, y.at(r), out.at(r), op); }, check);
#endif
  k.library = "std";
  s.measure_host(k, no_prep{}, [&](int r) { std::transform(x.at(r), x.at(r) + n, y.at(r), out.at(r), op); }, check);
#endif
}

}  // namespace

void bench_transform(suite& s) {
  for (std::int64_t n : s.opt.sizes) saxpy_case(s, n);
}

}  // namespace cmp
