// inclusive_scan and exclusive_scan (u32, f32, u64; sum), and seed 000's Blelloch scan with and
// without bank-conflict padding (exclusive). Bytes: n * sizeof(T) read + n * sizeof(T) written.

#include <numeric>

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_SCAN
#include <tide/scan.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/scan.h>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_scan.cuh>

#include "seeds/scan_blelloch.cuh"
#endif

namespace cmp {
namespace {

template <class T>
struct scan_reference {
  std::vector<T> exact;     // integers: the wrapped prefix sums
  std::vector<double> sum;  // floats: prefix sums in double
};

template <class T>
scan_reference<T> reference(const std::vector<T>& h, bool inclusive) {
  scan_reference<T> r;
  const std::size_t n = h.size();
  if (std::is_integral_v<T>) {
    r.exact.resize(n);
    T acc = T(0);
    for (std::size_t i = 0; i < n; ++i) {
      if (!inclusive) r.exact[i] = acc;
      acc = T(acc + h[i]);
      if (inclusive) r.exact[i] = acc;
    }
  } else {
    r.sum.resize(n);
    double acc = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (!inclusive) r.sum[i] = acc;
      acc += double(h[i]);
      if (inclusive) r.sum[i] = acc;
    }
  }
  return r;
}

template <class T>
void scan_case(suite& s, std::int64_t n, bool inclusive) {
  const char* type = type_name<T>();
  const char* algorithm = inclusive ? "inclusive_scan" : "exclusive_scan";
  const double bytes = 2.0 * double(n) * sizeof(T);
  const int copies = s.copies_for(bytes);
  if (!s.fits(bytes * copies + 64e6, algorithm, n)) return;
  std::vector<T> h = uniform<T>(n, s.opt.seed ^ std::uint64_t(n) ^ sizeof(T));
  if constexpr (std::is_integral_v<T>) {
    for (T& x : h) x >>= 8;  // smaller numbers: no effect on speed, readable mismatches
  }
  const scan_reference<T> ref = reference(h, inclusive);
  auto in = s.rotate(h, copies);
  auto out = s.rotate_uninit<T>(n, copies);
  auto check = [&] {
    std::vector<T> got = s.download(out.at(0), n);
    return std::is_integral_v<T> ? compare_exact(got.data(), ref.exact.data(), n)
                                 : compare_close(got.data(), ref.sum.data(), n, tolerance_for(type));
  };
  bench_key k{algorithm, "sum", "", type, n, "uniform", bytes};
  auto stream = s.ctx.stream();
  (void)stream;

#if TIDE_COMPARE_HAS_SCAN
  k.library = "tide";
  s.measure(k, [&](int r) {
    if (inclusive) tide::inclusive_scan(tide_policy(s.ctx), in.at(r), in.at(r) + n, out.at(r));
    else tide::exclusive_scan(tide_policy(s.ctx), in.at(r), in.at(r) + n, out.at(r), T(0));
  }, check);
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
  k.library = "std";
  s.measure_host(k, no_prep{}, [&](int r) {
    if (inclusive) std::inclusive_scan(in.at(r), in.at(r) + n, out.at(r));
    else std::exclusive_scan(in.at(r), in.at(r) + n, out.at(r), T(0));
  }, check);
#endif
}

}  // namespace

void bench_scan(suite& s) {
  for (std::int64_t n : s.opt.sizes) {
    for (bool inclusive : {true, false}) {
      scan_case<std::uint32_t>(s, n, inclusive);
      scan_case<float>(s, n, inclusive);
      scan_case<std::uint64_t>(s, n, inclusive);
    }
  }
}

}  // namespace cmp
