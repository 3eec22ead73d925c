// copy_if (stream compaction) of u32: keep the odd values (half of a uniform input), and the
// stencil form (keep x[i] where stencil[i] != 0, half of them). The count comes back to the host in
// every library (tide and Thrust return the output's end; CUB's count is copied back in the timed run).
// Bytes: n * 4 read (+ n * 4 of stencil) + kept * 4 written.

#include <algorithm>

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_COPY_IF
#include <tide/copy.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/copy.h>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_select.cuh>
#endif

namespace cmp {
namespace {

void copy_if_case(suite& s, std::int64_t n, bool with_stencil) {
  using T = std::uint32_t;
  // Rotated: input (+ stencil) and an n-element output; the working set reads those and writes
  // about half of the output.
  const double rotated = double(n) * sizeof(T) * (with_stencil ? 3 : 2);
  const int copies = s.copies_for(rotated + double(n) * sizeof(T) / 2);
  if (!s.fits((rotated + double(n) * sizeof(T) / 2) * copies + 64e6, "copy_if", n)) return;
  const auto h_in = uniform<T, host_vec<T>>(n, s.opt.seed ^ std::uint64_t(n) ^ 0xc0);
  host_vec<T> h_stencil;
  if (with_stencil) {
    phase_scope gen(phase::gen);
    h_stencil.resize(h_in.size());
    parallel_fill(h_stencil, [&](std::int64_t i) { return T(random_at(s.opt.seed ^ 0x57, i) & 1); });
  }
  host_vec<T> ref;
  {
    phase_scope reference(phase::ref);
    parallel_select(n, ref, [&](std::int64_t i) { return with_stencil ? h_stencil[i] != 0 : (h_in[i] & 1) != 0; },
                    [&](std::int64_t i) { return h_in[i]; });
  }
  const std::int64_t kept = std::int64_t(ref.size());
  const double bytes = double(n) * sizeof(T) * (with_stencil ? 2 : 1) + double(kept) * sizeof(T);

  auto in = s.rotate(h_in, copies);
  auto stencil = s.rotate(h_stencil, with_stencil ? copies : 1);
  auto out = s.rotate_uninit<T>(n, copies);
  std::int64_t count = -1;
  auto check = [&] {
    if (count != kept) return "kept " + std::to_string(count) + " elements, expected " + std::to_string(kept);
    return compare_exact(s.fetch(out.at(0), kept), ref.data(), kept);
  };
  bench_key k{"copy_if", with_stencil ? "stencil_half" : "odd_half", "", "u32", n, "uniform", bytes};
  auto stream = s.ctx.stream();
  (void)stream;
  (void)check;

#if TIDE_COMPARE_HAS_COPY_IF
  measure_tide(s, k, [&](auto p, int r) {
    T* end = with_stencil ? tide::copy_if(p, in.at(r), in.at(r) + n, stencil.at(r), out.at(r), nonzero_op{})
                          : tide::copy_if(p, in.at(r), in.at(r) + n, out.at(r), is_odd_op{});
    count = end - out.at(r);
  }, check, !with_stencil);  // scaling rows: odd_half
#endif
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, [&](int r) {
    auto p = thrust_policy(s.ctx);
    T* end = with_stencil ? thrust::copy_if(p, in.at(r), in.at(r) + n, stencil.at(r), out.at(r), nonzero_op{})
                          : thrust::copy_if(p, in.at(r), in.at(r) + n, out.at(r), is_odd_op{});
    count = end - out.at(r);
  }, check);
#endif
#if TIDE_COMPARE_DEVICE
  {
    k.library = "cub";
    auto d_count = s.ctx.alloc<std::int64_t>(1);
    std::int64_t* h_count = nullptr;
    cuda_check(cudaMallocHost(&h_count, sizeof(std::int64_t)), "cudaMallocHost");
    std::size_t temp_bytes = 0;
    if (with_stencil)
      cub::DeviceSelect::FlaggedIf(nullptr, temp_bytes, in.at(0), stencil.at(0), out.at(0), d_count.get(), n, nonzero_op{}, stream);
    else
      cub::DeviceSelect::If(nullptr, temp_bytes, in.at(0), out.at(0), d_count.get(), n, is_odd_op{}, stream);
    auto temp = s.ctx.alloc<char>(temp_bytes);
    s.measure(k, [&](int r) {
      cuda_check(with_stencil ? cub::DeviceSelect::FlaggedIf(temp.get(), temp_bytes, in.at(r), stencil.at(r), out.at(r),
                                                             d_count.get(), n, nonzero_op{}, stream)
                              : cub::DeviceSelect::If(temp.get(), temp_bytes, in.at(r), out.at(r), d_count.get(), n,
                                                      is_odd_op{}, stream),
                 "cub");
      cuda_check(cudaMemcpyAsync(h_count, d_count.get(), sizeof(std::int64_t), cudaMemcpyDeviceToHost, stream), "copy");
      cuda_check(cudaStreamSynchronize(stream), "sync");
      count = *h_count;
    }, check);
    cudaFreeHost(h_count);
  }
#else
#if TIDE_COMPARE_HAS_THRUST_TBB
  k.library = "thrust_tbb";
  s.measure(k, [&](int r) {
    T* end = with_stencil ? thrust::copy_if(thrust::tbb::par, in.at(r), in.at(r) + n, stencil.at(r), out.at(r), nonzero_op{})
                          : thrust::copy_if(thrust::tbb::par, in.at(r), in.at(r) + n, out.at(r), is_odd_op{});
    count = end - out.at(r);
  }, check);
#endif
#if TIDE_COMPARE_HAS_PSTL
  if (!with_stencil) {  // no stencil form in std
    k.library = "pstl_par";
    s.measure(k, [&](int r) { count = std::copy_if(std::execution::par, in.at(r), in.at(r) + n, out.at(r), is_odd_op{}) - out.at(r); },
              check);
    k.library = "pstl_unseq";
    s.measure(k, [&](int r) {
      count = std::copy_if(std::execution::par_unseq, in.at(r), in.at(r) + n, out.at(r), is_odd_op{}) - out.at(r);
    }, check);
  }
#endif
#if TIDE_COMPARE_HAS_ONEDPL
  if (!with_stencil) {
    k.library = "onedpl";
    s.measure(k, [&](int r) {
      count = oneapi::dpl::copy_if(oneapi::dpl::execution::par_unseq, in.at(r), in.at(r) + n, out.at(r), is_odd_op{}) -
              out.at(r);
    }, check);
  }
#endif
  if (!with_stencil) {
    k.library = "std";
    s.measure_host(k, no_prep{}, [&](int r) { count = std::copy_if(in.at(r), in.at(r) + n, out.at(r), is_odd_op{}) - out.at(r); },
                   check);
  }
#endif
}

}  // namespace

void bench_copy_if(suite& s) {
  for (std::int64_t n : s.opt.sizes)
    for (bool with_stencil : {false, true}) copy_if_case(s, n, with_stencil);
}

}  // namespace cmp
