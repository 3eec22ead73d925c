// tide_compare (GPU) and tide_compare_host (no GPU): every case of compare/, one results.csv.
// See harness/options.hpp for the command line; compare/run.sh builds and runs it.

#include <cstdio>
#include <fstream>

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_THRUST
#include <thrust/version.h>
#endif

namespace cmp {

void bench_tridiagonal(suite& s);  // bench_tridiagonal.cu (issue 8)

/// The roofline: a device-to-device copy of n u32 (a parallel memcpy on the host), rotated like the
/// cases' inputs. Bytes: read + write.
void bench_memcpy(suite& s) {
  for (std::int64_t n : s.opt.sizes) {
    const double bytes = double(n) * sizeof(std::uint32_t);
    const int copies = s.copies_for(2 * bytes);
    if (!s.fits(2 * bytes * copies, "memcpy", n)) continue;
    auto in = s.rotate(uniform<std::uint32_t>(n, s.opt.seed), copies);
    auto out = s.rotate_uninit<std::uint32_t>(n, copies);
    bench_key k{"memcpy", "copy", "memcpy", "u32", n, "uniform", 2 * bytes};
    s.measure(k, [&](int r) { s.ctx.copy_bytes(out.at(r), in.at(r), std::size_t(bytes)); },
              [&] {
                auto a = s.download(in.at(0), n), b = s.download(out.at(0), n);
                return compare_exact(b.data(), a.data(), n);
              });
  }
}

namespace {

void write_run_info(const suite& s, int argc, char** argv) {
  std::ofstream f(s.results_dir() + "/run_info.txt", s.opt.append ? std::ios::app : std::ios::trunc);
  if (s.opt.append) {  // a later part of a split run: the header lines are there already
    f << "command:";
    for (int i = 0; i < argc; ++i) f << " " << argv[i];
    f << "\n";
    return;
  }
  f << "device: " << s.ctx.describe() << "\n";
#if TIDE_COMPARE_HAS_THRUST
  f << "thrust: " << THRUST_MAJOR_VERSION << "." << THRUST_MINOR_VERSION << "." << THRUST_SUBMINOR_VERSION << "\n";
#endif
#if TIDE_COMPARE_DEVICE
  int runtime = 0;
  cudaRuntimeGetVersion(&runtime);
  f << "cuda_runtime: " << runtime / 1000 << "." << (runtime % 1000) / 10 << "\n";
#endif
  f << "tide_families: reduce=" << TIDE_COMPARE_HAS_REDUCE << " scan=" << TIDE_COMPARE_HAS_SCAN
    << " transform=" << TIDE_COMPARE_HAS_TRANSFORM << " gather=" << TIDE_COMPARE_HAS_GATHER
    << " scatter=" << TIDE_COMPARE_HAS_SCATTER << " copy_if=" << TIDE_COMPARE_HAS_COPY_IF
    << " reduce_by_key=" << TIDE_COMPARE_HAS_REDUCE_BY_KEY << " sort=" << TIDE_COMPARE_HAS_SORT
    << " histogram=" << TIDE_COMPARE_HAS_HISTOGRAM << "\n";
  f << "command:";
  for (int i = 0; i < argc; ++i) f << " " << argv[i];
  f << "\n";
}

}  // namespace
}  // namespace cmp

int main(int argc, char** argv) {
  using namespace cmp;
  options opt;
  try {
    opt = parse_options(argc, argv, TIDE_COMPARE_DEVICE != 0);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  try {
    suite s(opt);
    std::printf("tide compare on %s\nresults: %s/results.csv\n", s.ctx.describe().c_str(), s.results_dir().c_str());
    write_run_info(s, argc, argv);
    struct family {
      const char* name;
      void (*run)(suite&);
    };
    const family families[] = {{"memcpy", bench_memcpy},
                               {"reduce", bench_reduce},
                               {"scan", bench_scan},
                               {"transform", bench_transform},
                               {"gather_scatter", bench_gather_scatter},
                               {"copy_if", bench_copy_if},
                               {"reduce_by_key", bench_reduce_by_key},
                               {"histogram", bench_histogram},
                               {"sort", bench_sort},
                               {"tridiagonal", bench_tridiagonal}};
    for (const family& f : families) {
      if (!s.opt.want(f.name)) continue;
      std::printf("[%s]\n", f.name);
      std::fflush(stdout);
      f.run(s);
    }
    std::ofstream failed(s.results_dir() + "/failures.txt", opt.append ? std::ios::app : std::ios::trunc);
    for (const auto& line : s.failures) failed << line << "\n";
    std::printf("%zu row(s) failed validation or threw%s\n", s.failures.size(),
                s.failures.empty() ? "" : " (see failures.txt)");
    return s.failures.empty() ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tide_compare: %s\n", e.what());
    return 2;
  }
}
