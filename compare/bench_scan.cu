// inclusive_scan and exclusive_scan (u32, f32, u64; sum), and seed 000's Blelloch scan with and
// without bank-conflict padding (exclusive). Then transform_inclusive_scan and
// transform_exclusive_scan of -x on the same buffers (tide, Thrust, and CUB's scan over a
// transform_iterator): issue 17 asks tide's within 3% of its own plain scan.
// Bytes: n * sizeof(T) read + n * sizeof(T) written.

#include <numeric>

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_SCAN
#include <tide/scan.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/iterator/transform_iterator.h>
#include <thrust/scan.h>
#include <thrust/transform_scan.h>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_scan.cuh>

#include "seeds/scan_blelloch.cuh"
#endif

namespace cmp {
namespace {

/// -x in T (wrapping for unsigned types).
struct negate_op {
  template <class T>
  TIDE_HOST_DEVICE T operator()(T x) const {
    return T(-x);
  }
};

/// Both scans of one input: the input, its inclusive prefix sums (exact, wrapping, for integers; in
/// double for floats), uploaded and computed once. The exclusive scan's expected element i is the
/// inclusive one at i - 1.
template <class T>
void scan_cases(suite& s, std::int64_t n) {
  using Ref = std::conditional_t<std::is_integral_v<T>, T, double>;
  const char* type = type_name<T>();
  if (std::is_same_v<T, float> && s.host_f32_sum_too_long("inclusive_scan/exclusive_scan sum", n)) return;
  const double bytes = 2.0 * double(n) * sizeof(T);
  const int copies = s.copies_for(bytes);
  if (!s.fits(bytes * copies + 64e6, std::string("scans of ") + type, n)) return;
  auto h = uniform<T, host_vec<T>>(n, s.opt.seed ^ std::uint64_t(n) ^ sizeof(T));
  if constexpr (std::is_integral_v<T>) {
    phase_scope gen(phase::gen);
    parallel_for(n, [&](std::int64_t i) { h[i] >>= 8; });  // smaller numbers: no effect on speed, readable mismatches
  }
  host_vec<Ref> ref(static_cast<std::size_t>(n));
  {
    phase_scope reference(phase::ref);
    parallel_inclusive_scan<Ref>(n, ref.data(), [&](std::int64_t i) { return Ref(h[i]); });
  }
  auto in = s.rotate(h, copies);
  auto out = s.rotate_uninit<T>(n, copies);
  auto stream = s.ctx.stream();
  (void)stream;

  for (bool inclusive : {true, false}) {
    const char* algorithm = inclusive ? "inclusive_scan" : "exclusive_scan";
    auto want = [&](std::int64_t i) { return inclusive ? ref[i] : i == 0 ? Ref(0) : ref[i - 1]; };
    auto check = [&] {
      const T* got = s.fetch(out.at(0), n);
      if constexpr (std::is_integral_v<T>) return compare_exact_fn(got, n, want);
      else return compare_close_fn(got, n, want, tolerance_for(type));
    };
    bench_key k{algorithm, "sum", "", type, n, "uniform", bytes};

#if TIDE_COMPARE_HAS_SCAN
    measure_tide(s, k, [&](auto p, int r) {
      if (inclusive) tide::inclusive_scan(p, in.at(r), in.at(r) + n, out.at(r));
      else tide::exclusive_scan(p, in.at(r), in.at(r) + n, out.at(r), T(0));
    }, check, std::is_same_v<T, std::uint32_t>);  // scaling rows: u32
#endif
#if TIDE_COMPARE_HAS_THRUST
    k.library = "thrust";
    s.measure(k, [&](int r) {
      if (inclusive) thrust::inclusive_scan(thrust_policy(s.ctx), in.at(r), in.at(r) + n, out.at(r));
      else thrust::exclusive_scan(thrust_policy(s.ctx), in.at(r), in.at(r) + n, out.at(r), T(0));
    }, check);
#endif
#if TIDE_COMPARE_DEVICE
    {
      k.library = "cub";
      std::size_t temp_bytes = 0;
      if (inclusive) cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, in.at(0), out.at(0), n, stream);
      else cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, in.at(0), out.at(0), n, stream);
      auto temp = s.ctx.alloc<char>(temp_bytes);
      s.measure(k, [&](int r) {
        cuda_check(inclusive ? cub::DeviceScan::InclusiveSum(temp.get(), temp_bytes, in.at(r), out.at(r), n, stream)
                             : cub::DeviceScan::ExclusiveSum(temp.get(), temp_bytes, in.at(r), out.at(r), n, stream),
                   "cub");
      }, check);
    }
    if (!inclusive) {
      k.library = "seed";
      seed::blelloch_scan<T, false> plain(n);
      seed::blelloch_scan<T, true> padded(n);
      k.case_name = plain.name();
      s.measure(k, [&](int r) { plain.run(in.at(r), out.at(r), n, stream); }, check);
      k.case_name = padded.name();
      s.measure(k, [&](int r) { padded.run(in.at(r), out.at(r), n, stream); }, check);
    }
#else
#if TIDE_COMPARE_HAS_THRUST_TBB
    k.library = "thrust_tbb";
    s.measure(k, [&](int r) {
      if (inclusive) thrust::inclusive_scan(thrust::tbb::par, in.at(r), in.at(r) + n, out.at(r));
      else thrust::exclusive_scan(thrust::tbb::par, in.at(r), in.at(r) + n, out.at(r), T(0));
    }, check);
#endif
#if TIDE_COMPARE_HAS_TBB
    k.library = "tbb";
    s.measure(k, [&](int r) { cpu::tbb_scan(in.at(r), out.at(r), n, inclusive); }, check);
#endif
#if TIDE_COMPARE_HAS_PSTL
    k.library = "pstl_par";
    s.measure(k, [&](int r) {
      if (inclusive) std::inclusive_scan(std::execution::par, in.at(r), in.at(r) + n, out.at(r));
      else std::exclusive_scan(std::execution::par, in.at(r), in.at(r) + n, out.at(r), T(0));
    }, check);
    k.library = "pstl_unseq";
    s.measure(k, [&](int r) {
      if (inclusive) std::inclusive_scan(std::execution::par_unseq, in.at(r), in.at(r) + n, out.at(r));
      else std::exclusive_scan(std::execution::par_unseq, in.at(r), in.at(r) + n, out.at(r), T(0));
    }, check);
#endif
#if TIDE_COMPARE_HAS_ONEDPL
    k.library = "onedpl";
    s.measure(k, [&](int r) {
      namespace dpl = oneapi::dpl;
      if (inclusive) dpl::inclusive_scan(dpl::execution::par_unseq, in.at(r), in.at(r) + n, out.at(r));
      else dpl::exclusive_scan(dpl::execution::par_unseq, in.at(r), in.at(r) + n, out.at(r), T(0));
    }, check);
#endif
#if TIDE_COMPARE_HAS_GNU_PARALLEL
    if (inclusive) {  // parallel mode's partial_sum is inclusive only
      k.library = "gnu_parallel";
      s.measure(k, [&](int r) { __gnu_parallel::partial_sum(in.at(r), in.at(r) + n, out.at(r), std::plus<T>()); }, check);
    }
#endif
    k.library = "std";
    s.measure_host(k, no_prep{}, [&](int r) {
      if (inclusive) std::inclusive_scan(in.at(r), in.at(r) + n, out.at(r));
      else std::exclusive_scan(in.at(r), in.at(r) + n, out.at(r), T(0));
    }, check);
#endif
  }

  // The transform scans of -x, beside the plain scans above (same input and output buffers).
  for (bool inclusive : {true, false}) {
    const char* algorithm = inclusive ? "transform_inclusive_scan" : "transform_exclusive_scan";
    auto want = [&](std::int64_t i) { return inclusive ? Ref(-ref[i]) : i == 0 ? Ref(0) : Ref(-ref[i - 1]); };
    auto check = [&] {
      const T* got = s.fetch(out.at(0), n);
      if constexpr (std::is_integral_v<T>) return compare_exact_fn(got, n, want);
      else return compare_close_fn(got, n, want, tolerance_for(type));
    };
    bench_key k{algorithm, "negate_sum", "", type, n, "uniform", bytes};
    (void)check;

#if TIDE_COMPARE_HAS_SCAN
    k.library = "tide";
    s.measure(k, [&](int r) {
      if (inclusive)
        tide::transform_inclusive_scan(tide_policy(s.ctx), in.at(r), in.at(r) + n, out.at(r), negate_op{}, tide::plus<T>());
      else
        tide::transform_exclusive_scan(tide_policy(s.ctx), in.at(r), in.at(r) + n, out.at(r), negate_op{}, T(0),
                                       tide::plus<T>());
    }, check);
#endif
#if TIDE_COMPARE_HAS_THRUST
    k.library = "thrust";
    s.measure(k, [&](int r) {
      if (inclusive)
        thrust::transform_inclusive_scan(thrust_policy(s.ctx), in.at(r), in.at(r) + n, out.at(r), negate_op{},
                                         thrust::plus<T>());
      else
        thrust::transform_exclusive_scan(thrust_policy(s.ctx), in.at(r), in.at(r) + n, out.at(r), negate_op{}, T(0),
                                         thrust::plus<T>());
    }, check);
#endif
#if TIDE_COMPARE_DEVICE
#if TIDE_COMPARE_HAS_THRUST  // CUB's scan reads through Thrust's transform_iterator
    {
      k.library = "cub";
      auto neg = [&](int r) { return thrust::make_transform_iterator(in.at(r), negate_op{}); };
      std::size_t temp_bytes = 0;
      if (inclusive) cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, neg(0), out.at(0), n, stream);
      else cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, neg(0), out.at(0), n, stream);
      auto temp = s.ctx.alloc<char>(temp_bytes);
      s.measure(k, [&](int r) {
        cuda_check(inclusive ? cub::DeviceScan::InclusiveSum(temp.get(), temp_bytes, neg(r), out.at(r), n, stream)
                             : cub::DeviceScan::ExclusiveSum(temp.get(), temp_bytes, neg(r), out.at(r), n, stream),
                   "cub");
      }, check);
    }
#endif
#else
    k.library = "std";
    s.measure_host(k, no_prep{}, [&](int r) {
      if (inclusive) std::transform_inclusive_scan(in.at(r), in.at(r) + n, out.at(r), std::plus<T>(), negate_op{});
      else std::transform_exclusive_scan(in.at(r), in.at(r) + n, out.at(r), T(0), std::plus<T>(), negate_op{});
    }, check);
#endif
  }
}

}  // namespace

void bench_scan(suite& s) {
  for (std::int64_t n : s.opt.sizes) {
    scan_cases<std::uint32_t>(s, n);
    scan_cases<float>(s, n);
    scan_cases<std::uint64_t>(s, n);
  }
}

}  // namespace cmp
