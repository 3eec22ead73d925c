// histogram_even and histogram_range: u32 samples in [0, 2^24) into 64, 256 or 65536 bins, f32
// samples in [0, 1) into 1024 bins; uniform samples, and all samples equal (every count on one bin).
// The range form uses the same bin edges, so both have one reference. Counters are u32. Each
// input is made and uploaded once for all its bin counts.
// The seeds' histograms (seeds/histogram.cuh) run beside them up to 2^28 samples: atomicAdd per
// sample in every even case, the 64-bin byte counters at 64 bins, the per-warp tagged counters at
// 256 bins.
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

/// The seeds' kernels run up to 2^28 samples: past that their rows add nothing but time (one
/// atomicAdd per sample; with all samples equal, 5.5 GB/s at every size from 2^24 up, 0.8 s a run
/// at 2^30).
constexpr std::int64_t seed_max_n = std::int64_t(1) << 28;

/// The host reference: counts per bin, each thread into its own counters, added at the end.
template <class T>
std::vector<std::uint32_t> reference_counts(const host_vec<T>& h, T lower, T upper, int bins) {
  phase_scope reference(phase::ref);
  const std::int64_t n = std::int64_t(h.size());
  const int chunks = std::max(1, std::min<int>(host_threads(), int(n / 65536) + 1));
  std::vector<std::vector<std::uint32_t>> local(static_cast<std::size_t>(chunks));
  parallel_chunks(n, chunks, [&](int c, std::int64_t b, std::int64_t e) {
    std::vector<std::uint32_t> counts(static_cast<std::size_t>(bins), 0);
    for (std::int64_t i = b; i < e; ++i) {
      int bin = host_bin(h[i], lower, upper, bins);
      if (bin >= 0) ++counts[std::size_t(bin)];
    }
    local[std::size_t(c)] = std::move(counts);
  });
  std::vector<std::uint32_t> ref(static_cast<std::size_t>(bins), 0);
  for (const auto& counts : local)
    for (int i = 0; i < bins; ++i) ref[std::size_t(i)] += counts[std::size_t(i)];
  return ref;
}

/// One input (uniform or all equal), made and uploaded once; for each bin count, its reference,
/// then histogram_even and (with `range`) histogram_range over the same bin edges.
template <class T>
void histogram_cases(suite& s, std::int64_t n, bool all_equal, std::initializer_list<std::pair<int, bool>> bin_counts) {
  using C = std::uint32_t;
  const char* type = type_name<T>();
  const T lower = T(0), upper = std::is_floating_point_v<T> ? T(1) : T(1u << 24);
  const double bytes = double(n) * sizeof(T);
  const int copies = s.copies_for(bytes);
  if (!s.fits(bytes * copies + 64e6, std::string("histogram of ") + type, n)) return;

  host_vec<T> h(static_cast<std::size_t>(n));
  {
    phase_scope gen(phase::gen);
    if (all_equal) {
      parallel_fill(h, [](std::int64_t) { return std::is_floating_point_v<T> ? T(0.3) : T(0x00ABCDEFu); });
    } else {
      parallel_fill(h, [&](std::int64_t i) {
        std::uint64_t r = random_at(s.opt.seed ^ std::uint64_t(n) ^ 0x4157, i);
        if constexpr (std::is_floating_point_v<T>) return uniform_value<T>(r);
        else return T(r >> 40);  // [0, 2^24)
      });
    }
  }
  auto in = s.rotate(h, copies);
  auto stream = s.ctx.stream();
  (void)stream;

  for (const auto& bin_count : bin_counts) {
    const int bins = bin_count.first;  // not a structured binding: lambdas capture it (C++17)
    const bool with_range = bin_count.second;
    const std::vector<C> ref = reference_counts(h, lower, upper, bins);
    std::vector<T> h_levels(static_cast<std::size_t>(bins) + 1);
    for (int i = 0; i <= bins; ++i)  // exact: every edge is an integer or a multiple of 2^-10
      h_levels[i] = std::is_floating_point_v<T> ? T(double(i) / bins) : T(std::uint64_t(upper) / bins * i);
    auto levels = s.upload(h_levels);
    auto hist = s.ctx.alloc<C>(std::size_t(bins));
    // Cleared before each run, untimed: whether a library adds to the counters or overwrites them,
    // it starts from zero.
    auto prep = [&](int) { s.ctx.fill_bytes(hist.get(), 0, sizeof(C) * bins); };
    auto check = [&] { return compare_exact(s.fetch(hist.get(), bins), ref.data(), bins, "bin"); };
    (void)prep;
    (void)check;

    for (bool range : {false, true}) {
      if (range && !with_range) continue;
      bench_key k{range ? "histogram_range" : "histogram_even", "bins_" + std::to_string(bins), "", type, n,
                  all_equal ? "all_equal" : "uniform", bytes};
      (void)k;
#if TIDE_COMPARE_HAS_HISTOGRAM
      measure_tide(s, k, prep, [&](auto p, int r) {
        if (range) tide::histogram_range(p, in.at(r), in.at(r) + n, levels.get(), levels.get() + bins + 1, hist.get());
        else tide::histogram_even(p, in.at(r), in.at(r) + n, hist.get(), bins, lower, upper);
      }, check, !range && !all_equal && bins == 256 && std::is_same_v<T, std::uint32_t>);  // scaling: bins_256 u32
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
      if (!range && n <= seed_max_n) {
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
  }
}

}  // namespace

void bench_histogram(suite& s) {
  for (std::int64_t n : s.opt.sizes) {
    if (TIDE_COMPARE_DEVICE && n > seed_max_n && s.opt.want_library("seed"))
      std::printf("  the seeds' histograms stop at 2^28 samples: none at n=%s\n", size_label(n).c_str());
    for (bool all_equal : {false, true}) {
      // (bins, also histogram_range): u32 samples in [0, 2^24), f32 in [0, 1)
      histogram_cases<std::uint32_t>(s, n, all_equal, {{256, true}, {65536, true}, {64, false}});
      histogram_cases<float>(s, n, all_equal, {{1024, true}});
    }
  }
}

}  // namespace cmp
