// adjacent_difference (minus: out[0] = x[0], out[i] = x[i] - x[i - 1]) of u32, f32 and u64, out of
// place and (u32) in place: tide beside Thrust and CUB's DeviceAdjacentDifference (SubtractLeftCopy,
// SubtractLeft in place). Issue 17 asks tide for at least 1.0x CUB and 0.95 of the memcpy row's GB/s
// at the same n (2^28 u32). The in-place case restores its input before every run (prep, untimed:
// a copy from a pristine rotated source), so each run does the same work.
// Bytes: n * sizeof(T) read + n * sizeof(T) written.

#include <numeric>

#include "harness/libs.hpp"

#include <tide/adjacent_difference.hpp>
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/adjacent_difference.h>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_adjacent_difference.cuh>
#endif

namespace cmp {
namespace {

template <class T>
void adjacent_difference_case(suite& s, std::int64_t n, bool in_place) {
  const char* type = type_name<T>();
  const double bytes = 2.0 * double(n) * sizeof(T);
  const int copies = s.copies_for(bytes);
  // Rotated: the input and the output (in place: the pristine input and the working copy).
  if (!s.fits(bytes * copies + 64e6, std::string("adjacent_difference of ") + type, n)) return;
  auto h = uniform<T, host_vec<T>>(n, s.opt.seed ^ std::uint64_t(n) ^ 0xad ^ sizeof(T));
  auto in = s.rotate(h, copies);
  auto out = s.rotate_uninit<T>(n, copies);
  // The reference, computed inside the comparison: x[i] - x[i - 1] in T (exact for floats too: one
  // correctly rounded subtraction on every device).
  auto check = [&] {
    return compare_exact_fn(s.fetch(out.at(0), n), n, [&](std::int64_t i) { return i == 0 ? h[0] : T(h[i] - h[i - 1]); });
  };
  auto prep = [&](int r) {
    if (in_place) s.ctx.copy_bytes(out.at(r), in.at(r), std::size_t(n) * sizeof(T));
  };
  // Out of place: out from in. In place: out holds a fresh copy of in, and is both.
  auto src = [&](int r) { return in_place ? out.at(r) : in.at(r); };
  bench_key k{"adjacent_difference", in_place ? "minus_in_place" : "minus", "", type, n, "uniform", bytes};
  auto stream = s.ctx.stream();
  (void)stream;

  measure_tide(s, k, prep, [&](auto p, int r) { tide::adjacent_difference(p, src(r), src(r) + n, out.at(r)); }, check,
               !in_place && std::is_same_v<T, std::uint32_t>);  // scaling rows: u32, out of place
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, prep, [&](int r) { thrust::adjacent_difference(thrust_policy(s.ctx), src(r), src(r) + n, out.at(r)); },
            check);
#endif
#if TIDE_COMPARE_DEVICE
  {
    k.library = "cub";
    std::size_t temp_bytes = 0;
    if (in_place) cub::DeviceAdjacentDifference::SubtractLeft(nullptr, temp_bytes, out.at(0), n, ::cuda::std::minus<>{}, stream);
    else
      cub::DeviceAdjacentDifference::SubtractLeftCopy(nullptr, temp_bytes, in.at(0), out.at(0), n, ::cuda::std::minus<>{},
                                                      stream);
    auto temp = s.ctx.alloc<char>(temp_bytes);
    s.measure(k, prep, [&](int r) {
      cuda_check(in_place ? cub::DeviceAdjacentDifference::SubtractLeft(temp.get(), temp_bytes, out.at(r), n,
                                                                        ::cuda::std::minus<>{}, stream)
                          : cub::DeviceAdjacentDifference::SubtractLeftCopy(temp.get(), temp_bytes, in.at(r), out.at(r),
                                                                            n, ::cuda::std::minus<>{}, stream),
                 "cub");
    }, check);
  }
#else
#if TIDE_COMPARE_HAS_PSTL
  if (!in_place) {
    k.library = "pstl_par";
    s.measure(k, [&](int r) { std::adjacent_difference(std::execution::par, in.at(r), in.at(r) + n, out.at(r)); }, check);
  }
#endif
#if TIDE_COMPARE_HAS_ONEDPL
  if (!in_place) {
    k.library = "onedpl";
    s.measure(k, [&](int r) {
      oneapi::dpl::adjacent_difference(oneapi::dpl::execution::par_unseq, in.at(r), in.at(r) + n, out.at(r));
    }, check);
  }
#endif
  k.library = "std";
  s.measure_host(k, prep, [&](int r) { std::adjacent_difference(src(r), src(r) + n, out.at(r)); }, check);
#endif
}

}  // namespace

void bench_adjacent_difference(suite& s) {
  for (std::int64_t n : s.opt.sizes) {
    adjacent_difference_case<std::uint32_t>(s, n, false);
    adjacent_difference_case<std::uint32_t>(s, n, true);
    adjacent_difference_case<float>(s, n, false);
    adjacent_difference_case<std::uint64_t>(s, n, false);
  }
}

}  // namespace cmp
