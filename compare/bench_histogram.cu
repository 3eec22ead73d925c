// histogram_even and histogram_range: u32 samples in [0, 2^24) into 64, 256 or 65536 bins, f32
// samples in [0, 1) into 1024 bins; uniform samples, and all samples equal (every count on one bin).
// The range form uses the same bin edges, so both have one reference. Counters are u32.
// The seeds' histograms (seeds/histogram.cuh) run beside them: atomicAdd per sample in every even
// case, the 64-bin byte counters at 64 bins, the per-warp tagged counters at 256 bins.
// Thrust has no histogram. Bytes: n * sizeof(sample) read.

#include <algorithm>

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_HISTOGRAM
#include <tide/histogram.hpp>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_histogram.cuh>

#include "seeds/histogram.cuh"
#endif

namespace cmp {
namespace {

/// The bin of x, as histogram_even defines it (the seeds' even_bin, on the host).
template <class T>
int host_bin(T x, T lower, T upper, int bins) {
  if (!(x >= lower && x < upper)) return -1;
  if constexpr (std::is_floating_point_v<T>) return std::min(bins - 1, int((x - lower) * (T(bins) / (upper - lower))));
  else return int(std::uint64_t(x - lower) * std::uint64_t(bins) / std::uint64_t(upper - lower));
}

template <class T>
void histogram_case(suite& s, std::int64_t n, int bins, bool all_equal, bool range) {
  using C = std::uint32_t;
  const char* type = type_name<T>();
  const char* algorithm = range ? "histogram_range" : "histogram_even";
  const T lower = T(0), upper = std::is_floating_point_v<T> ? T(1) : T(1u << 24);
  const double bytes = double(n) * sizeof(T);
  const int copies = s.copies_for(bytes);
  if (!s.fits(bytes * copies + 64e6, algorithm, n)) return;

  std::vector<T> h(static_cast<std::size_t>(n));
  if (all_equal) {
    std::fill(h.begin(), h.end(), std::is_floating_point_v<T> ? T(0.3) : T(0x00ABCDEFu));
  } else {
    parallel_fill(h, [&](std::int64_t i) {
      std::uint64_t r = random_at(s.opt.seed ^ std::uint64_t(n) ^ 0x4157, i);
      if constexpr (std::is_floating_point_v<T>) return uniform_value<T>(r);
      else return T(r >> 40);  // [0, 2^24)
    });
  }
  std::vector<C> ref(static_cast<std::size_t>(bins), 0);
  for (const T& x : h) {
    int b = host_bin(x, lower, upper, bins);
    if (b >= 0) ++ref[b];
  }
  std::vector<T> h_levels(static_cast<std::size_t>(bins) + 1);
  for (int i = 0; i <= bins; ++i)  // exact: every edge is an integer or a multiple of 2^-10
    h_levels[i] = std::is_floating_point_v<T> ? T(double(i) / bins) : T(std::uint64_t(upper) / bins * i);

  auto in = s.rotate(h, copies);
  auto levels = s.upload(h_levels);
  auto hist = s.ctx.alloc<C>(std::size_t(bins));
  // Cleared before each run, untimed: whether a library adds to the counters or overwrites them,
  // it starts from zero.
  auto prep = [&](int) { s.ctx.fill_bytes(hist.get(), 0, sizeof(C) * bins); };
  auto check = [&] {
    std::vector<C> got = s.download(hist.get(), bins);
    return compare_exact(got.data(), ref.data(), bins, "bin");
  };
  bench_key k{algorithm, "bins_" + std::to_string(bins), "", type, n, all_equal ? "all_equal" : "uniform", bytes};
  auto stream = s.ctx.stream();
  (void)stream;
  (void)prep;
  (void)check;

#if TIDE_COMPARE_HAS_HISTOGRAM
  k.library = "tide";
  s.measure(k, prep, [&](int r) {
    auto p = tide_policy(s.ctx);
    if (range) tide::histogram_range(p, in.at(r), in.at(r) + n, levels.get(), levels.get() + bins + 1, hist.get());
    else tide::histogram_even(p, in.at(r), in.at(r) + n, hist.get(), bins, lower, upper);
  }, check);
#endif
#if TIDE_COMPARE_DEVICE
  {
    k.library = "cub";
    std::size_t temp_bytes = 0;
    if (range)
      cub::DeviceHistogram::HistogramRange(nullptr, temp_bytes, in.at(0), hist.get(), bins + 1, levels.get(), n, stream);
    else
      cub::DeviceHistogram::HistogramEven(nullptr, temp_bytes, in.at(0), hist.get(), bins + 1, lower, upper, n, stream);
    auto temp = s.ctx.alloc<char>(temp_bytes);
    s.measure(k, prep, [&](int r) {
      cuda_check(range ? cub::DeviceHistogram::HistogramRange(temp.get(), temp_bytes, in.at(r), hist.get(), bins + 1,
                                                              levels.get(), n, stream)
                       : cub::DeviceHistogram::HistogramEven(temp.get(), temp_bytes, in.at(r), hist.get(), bins + 1,
                                                             lower, upper, n, stream),
                 "cub");
    }, check);
  }
  if (!range) {
    seed::seed_histogram seeds;
    const seed::even_bin<T> bin_of{lower, upper, bins};
    k.library = "seed";
    for (const char* variant : {"atomic", "byte64", "warp256"}) {
      if (!seed::seed_histogram::supports(variant, bins)) continue;
      if (std::string(variant) != "atomic" && bins != (std::string(variant) == "byte64" ? 64 : 256)) continue;
      k.case_name = "bins_" + std::to_string(bins) + "_" + variant;
      s.measure(k, prep, [&](int r) { seeds.run(variant, in.at(r), n, hist.get(), bins, bin_of, stream); }, check);
    }
  }
#endif
}

}  // namespace

void bench_histogram(suite& s) {
  for (std::int64_t n : s.opt.sizes) {
    for (bool all_equal : {false, true}) {
      histogram_case<std::uint32_t>(s, n, 256, all_equal, false);
      histogram_case<float>(s, n, 1024, all_equal, false);
      histogram_case<std::uint32_t>(s, n, 65536, all_equal, false);
      histogram_case<std::uint32_t>(s, n, 64, all_equal, false);
      histogram_case<std::uint32_t>(s, n, 256, all_equal, true);
      histogram_case<float>(s, n, 1024, all_equal, true);
      histogram_case<std::uint32_t>(s, n, 65536, all_equal, true);
    }
  }
}

}  // namespace cmp
