// tide_compare (GPU) and tide_compare_host (no GPU): every case of compare/, one results.csv.
// See harness/options.hpp for the command line; compare/run.sh builds and runs it.

#include <sched.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <set>
#include <thread>

#include "harness/host_settle.hpp"
#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_THRUST
#include <thrust/version.h>
#endif

namespace cmp {

/// The roofline: a device-to-device copy of n u32 (a parallel memcpy on the host), rotated like the
/// cases' inputs. Bytes: read + write.
void bench_memcpy(suite& s) {
  for (std::int64_t n : s.opt.sizes) {
    const double bytes = double(n) * sizeof(std::uint32_t);
    const int copies = s.copies_for(2 * bytes);
    if (!s.fits(2 * bytes * copies, "memcpy", n)) continue;
    const auto h = uniform<std::uint32_t, host_vec<std::uint32_t>>(n, s.opt.seed);
    auto in = s.rotate(h, copies);
    auto out = s.rotate_uninit<std::uint32_t>(n, copies);
    bench_key k{"memcpy", "copy", "memcpy", "u32", n, "uniform", 2 * bytes};
    auto check = [&] { return compare_exact(s.fetch(out.at(0), n), h.data(), n); };
    s.measure(k, [&](int r) { s.ctx.copy_bytes(out.at(r), in.at(r), std::size_t(bytes)); }, check);
#if !TIDE_COMPARE_DEVICE
    for (int t : s.opt.scaling_threads_at(n)) {  // the roofline on t threads, beside tide_t<t>'s rows
      k.library = "memcpy_t" + std::to_string(t);
      s.measure(k, [&](int r) { s.ctx.copy_bytes(out.at(r), in.at(r), std::size_t(bytes), t); }, check);
    }
#endif
  }
}

namespace {

std::string now_utc() {
  std::time_t t = std::time(nullptr);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&t));
  return buf;
}

/// The host: what the references, checks and data generation ran on (in host mode, what was
/// measured): the CPU model, its sockets, physical cores and hardware threads (/proc/cpuinfo, as
/// this machine, maybe a VM, shows them), and the threads this process may use.
void host_ctx_description(std::ostream& f) {
  std::string cpu = "unknown";
  std::set<std::string> sockets, cores;
  int logical = 0;
  std::string physical_id = "0";
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (key == "processor") ++logical, physical_id = "0";
    else if (key == "model name" && cpu == "unknown") cpu = value;
    else if (key == "physical id") physical_id = value, sockets.insert(value);
    else if (key == "core id") cores.insert(physical_id + ":" + value);
  }
  f << "host: " << cpu << ", " << std::thread::hardware_concurrency() << " hardware threads";
  if (!cores.empty())
    f << " (" << cores.size() << " physical cores, " << std::max<std::size_t>(1, sockets.size()) << " socket(s), "
      << logical << " logical CPUs in /proc/cpuinfo)";
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) f << ", " << CPU_COUNT(&set) << " usable by this process";
  f << ", " << host_threads() << " OpenMP threads\n";
}

/// With --append: "" when the results folder's run_info.txt is from this machine (its `device:`
/// line, threads and cache included, is this one's), else why the rows must not be added: a fresh
/// machine would otherwise add to the results of another (those in the repository), or make a
/// folder of the later part alone.
std::string append_mismatch(const suite& s) {
  std::ifstream in(s.results_dir() + "/run_info.txt");
  if (!in)
    return "--append: no " + s.results_dir() + "/run_info.txt, no earlier part to add to (run the first part " +
           "without --append)";
  for (std::string line; std::getline(in, line);)
    if (line.compare(0, 8, "device: ") == 0) {
      const std::string here = s.ctx.describe();
      if (line.substr(8) == here) return "";
      return s.results_dir() + "/run_info.txt is from '" + line.substr(8) + "', this is '" + here +
             "': --append adds only to the same machine's results (run without --append, or --out=DIR)";
    }
  return "--append: " + s.results_dir() + "/run_info.txt has no device line";
}

/// run_info.txt's header, written before the first row: the device, the versions, the host, the
/// options and the command. main adds the elapsed time at the end, run.sh the commit and the build.
void write_run_info(const suite& s, int argc, char** argv) {
  std::ofstream f(s.results_dir() + "/run_info.txt", s.opt.append ? std::ios::app : std::ios::trunc);
  if (s.opt.append) {  // a later part of a split run: the header lines are there already
    f << "command (appended part, " << now_utc() << "):";
    for (int i = 0; i < argc; ++i) f << " " << argv[i];
    f << "\n";
    return;
  }
  f << "device: " << s.ctx.describe() << "\n";
#if TIDE_COMPARE_DEVICE
  int runtime = 0, driver = 0;
  cudaRuntimeGetVersion(&runtime);
  cudaDriverGetVersion(&driver);
  f << "cuda: runtime " << runtime / 1000 << "." << (runtime % 1000) / 10 << ", driver " << driver / 1000 << "."
    << (driver % 1000) / 10 << ", nvcc " << __CUDACC_VER_MAJOR__ << "." << __CUDACC_VER_MINOR__ << "\n";
#endif
#if TIDE_COMPARE_HAS_THRUST
  f << "thrust: " << THRUST_MAJOR_VERSION << "." << THRUST_MINOR_VERSION << "." << THRUST_SUBMINOR_VERSION << "\n";
#endif
#if defined(__clang__)
  f << "host compiler: clang " << __clang_major__ << "." << __clang_minor__ << "\n";
#elif defined(__GNUC__)
  f << "host compiler: g++ " << __GNUC__ << "." << __GNUC_MINOR__ << "\n";
#endif
  host_ctx_description(f);
#if !TIDE_COMPARE_DEVICE
  f << "cpu competitors: thrust(omp)=" << TIDE_COMPARE_HAS_THRUST << " thrust_tbb=" << TIDE_COMPARE_HAS_THRUST_TBB
    << " tbb=" << TIDE_COMPARE_HAS_TBB << " pstl_par/pstl_unseq=" << TIDE_COMPARE_HAS_PSTL
    << " gnu_parallel=" << TIDE_COMPARE_HAS_GNU_PARALLEL << " ips4o=" << TIDE_COMPARE_HAS_IPS4O
    << " onedpl=" << TIDE_COMPARE_HAS_ONEDPL << " std=1";
#if TIDE_COMPARE_HAS_TBB
  f << " (oneTBB " << TBB_VERSION_MAJOR << "." << TBB_VERSION_MINOR << ")";
#endif
#if TIDE_COMPARE_HAS_ONEDPL
  f << " (oneDPL " << ONEDPL_VERSION_MAJOR << "." << ONEDPL_VERSION_MINOR << "." << ONEDPL_VERSION_PATCH << ", OpenMP)";
#endif
  f << "\n";
#endif
  f << "tide_families: reduce=" << TIDE_COMPARE_HAS_REDUCE << " scan=" << TIDE_COMPARE_HAS_SCAN
    << " transform=" << TIDE_COMPARE_HAS_TRANSFORM << " gather=" << TIDE_COMPARE_HAS_GATHER
    << " scatter=" << TIDE_COMPARE_HAS_SCATTER << " copy_if=" << TIDE_COMPARE_HAS_COPY_IF
    << " reduce_by_key=" << TIDE_COMPARE_HAS_REDUCE_BY_KEY << " sort=" << TIDE_COMPARE_HAS_SORT
    << " histogram=" << TIDE_COMPARE_HAS_HISTOGRAM << "\n";
#if !TIDE_COMPARE_DEVICE
  if (!s.opt.scaling_sizes.empty()) {
    f << "scaling: tide::par.with_threads(t) (tide_t<t>) and the memcpy on t threads (memcpy_t<t>) for t =";
    for (int t : s.opt.scaling_threads) f << " " << t;
    f << " at n =";
    for (auto n : s.opt.scaling_sizes) f << " " << size_label(n);
    f << "\n";
  }
#endif
  f << "timing: median of >= " << s.opt.min_runs << " runs per row, about " << s.opt.budget_ms
    << " ms of runs (at most 300), after >= " << s.opt.warmup_ms << " ms of warm-up calls (at least one)";
  if (s.opt.max_call_s > 0)
    f << "; calls past the budget get >= 3 runs; a row predicted past " << s.opt.max_call_s
      << " s a call is skipped (skipped.txt)";
  if (!context::is_device && s.opt.warmup_ms <= 0)
    f << "; a validated call longer than " << s.opt.budget_ms / s.opt.min_runs
      << " ms is the only warm-up (no warm-up call)";
  f << "\n";
  f << "started: " << now_utc() << "\n";
  f << "command:";
  for (int i = 0; i < argc; ++i) f << " " << argv[i];
  f << "\n";
}

}  // namespace
}  // namespace cmp

int main(int argc, char** argv) {
  using namespace cmp;
  progress::get();  // the log's clock starts here
  options opt;
  try {
    opt = parse_options(argc, argv, TIDE_COMPARE_DEVICE != 0, host_threads());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  try {
    suite s(opt);
    if (opt.append) {
      const std::string why = append_mismatch(s);
      if (!why.empty()) {
        std::fprintf(stderr, "tide_compare: %s\n", why.c_str());
        return 2;
      }
    }
    std::printf("tide compare on %s\nresults: %s/results.csv\n", s.ctx.describe().c_str(), s.results_dir().c_str());
    write_run_info(s, argc, argv);
    if constexpr (!context::is_device) {
      if (opt.settle_s > 0) {
        // Host mode: a steady memory rate before the first row (harness/host_settle.hpp).
        const std::size_t bytes = std::min<std::size_t>(std::size_t(256) << 20, s.ctx.free_bytes() / 8);
        const settle_report r = settle_host(s.ctx, bytes, std::min(10.0, opt.settle_s), opt.settle_s);
        const std::string line = r.line(opt.settle_s);
        std::printf("%s\n", line.c_str());
        std::fflush(stdout);
        std::ofstream(s.results_dir() + "/run_info.txt", std::ios::app) << line << "\n";
      }
    }
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
                               {"tridiagonal", bench_tridiagonal},
                               {"partition", bench_partition},
                               {"unique_by_key", bench_unique_by_key},
                               {"find", bench_find},
                               {"replace_reverse", bench_replace_reverse},
                               {"adjacent_difference", bench_adjacent_difference},
                               {"set_operations", bench_set_operations},
                               {"shuffle", bench_shuffle}};
    for (const family& f : families) {
      if (!s.opt.want(f.name)) continue;
      progress::get().family(f.name);  // ends the previous family's lines first
      std::printf("[%s]\n", f.name);
      std::fflush(stdout);
      f.run(s);
      s.release_fetched();
    }
    progress::get().finish();
    {
      std::ofstream info(s.results_dir() + "/run_info.txt", std::ios::app);
      char line[160];
      std::snprintf(line, sizeof line, "benchmark: %.1f s (%s), %zu row(s) failed\n", progress::get().elapsed(),
                    now_utc().c_str(), s.failures.size());
      info << line;
    }
    std::ofstream failed(s.results_dir() + "/failures.txt", opt.append ? std::ios::app : std::ios::trunc);
    for (const auto& line : s.failures) failed << line << "\n";
    std::ofstream skipped(s.results_dir() + "/skipped.txt", opt.append ? std::ios::app : std::ios::trunc);
    for (const auto& line : s.skipped) skipped << line << "\n";
    std::printf("%zu row(s) failed validation or threw%s\n", s.failures.size(),
                s.failures.empty() ? "" : " (see failures.txt)");
    return s.failures.empty() ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tide_compare: %s\n", e.what());
    return 2;
  }
}
