#pragma once
// Command-line options of the compare programs (tide_compare on a GPU, tide_compare_host without).
//
//   --sizes=LIST     element counts: items <= 40 are powers of two (10 means 2^10), larger items are
//                    counts (16777217); `a:b` is 2^a..2^b by powers of 4; `quick` is 10,16,20.
//                    Default 10:28 plus 30 on a GPU (skipped where memory is short); on the host
//                    16,20,24,28 (2^28 where memory allows; --max-call-s keeps a small host short).
//   --only=LIST      algorithm families: memcpy, reduce, scan, transform, gather_scatter, copy_if,
//                    reduce_by_key, histogram, sort, tridiagonal (default: all)
//   --libs=LIST      libraries: tide, thrust, cub, seed, std; on the host also thrust_tbb, tbb,
//                    pstl_par, pstl_unseq, gnu_parallel, ips4o, memcpy (default: all)
//   --min-runs=N     at least N timed runs per row (default 10, 5 on the host; small inputs get more)
//   --budget-ms=MS   time each row for about MS ms of runs, within [min-runs, 300] runs (default 60
//                    on a GPU, 100 on the host)
//   --warmup-ms=MS   untimed calls for at least MS ms before the timed ones, at least one (default
//                    15 on a GPU, 0 on the host: one call)
//   --max-call-s=S   skip a row whose one call, predicted from the same row at the previous size
//                    (scaled by n), would take more than S seconds (default 0: never; 2.5 on the
//                    host). Skipped rows are listed in skipped.txt, not failures.
//   --settle-s=S     host mode: before the first case, repeat a parallel memcpy of 256 MiB until
//                    three passes agree within 3% (at least 10 s), for at most S seconds (default
//                    60 on the host; 0: none); run_info.txt says how it went (harness/host_settle.hpp)
//   --deadline-s=S   stop starting cases S seconds after the start (the rest is reported as not run,
//                    a failure); default 0: no deadline
//   --out=DIR        write results.csv to DIR (default compare/results/<gpu-name>)
//   --seed-tables / --no-seed-tables   seed 000's and 001's tables (default on a GPU, off with quick)
//   --quick          sizes=quick, no seed tables
//   --append         add rows to an existing results.csv (a long run split by --only into parts)
//   --scaling-sizes=LIST  host mode's scaling rows (issue 19): at these sizes (as --sizes; default 24,
//                    i.e. 2^24, or the largest size below it that --sizes has, at least 2^16) the main
//                    primitives' tide rows are run again with tide::par.with_threads(t), as library
//                    "tide_t<t>", and the parallel memcpy on t threads, as "memcpy_t<t>"; only sizes
//                    that --sizes has; `none` (or --no-scaling) turns them off. Host mode only.
//   --scaling-threads=LIST  the thread counts t (default 1, 2, 4, ... up to the OpenMP threads, and
//                    that count itself)

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace cmp {

struct options {
  std::vector<std::int64_t> sizes;
  std::vector<std::string> only;
  std::vector<std::string> libs;
  std::string out_dir;
  int min_runs = 10;
  double budget_ms = 60;
  double warmup_ms = 15;
  double deadline_s = 0;
  double max_call_s = 0;
  double settle_s = 0;  ///< host mode's settle phase, at most this long (0: none)
  bool seed_tables = true;
  bool append = false;
  std::uint64_t seed = 20240611;
  std::vector<std::int64_t> scaling_sizes;  ///< sizes of the scaling rows (host mode), none if empty
  std::vector<int> scaling_threads;         ///< their thread counts, ascending

  bool want(const std::string& family) const { return contains(only, family); }
  /// A scaling row's library ("tide_t4", "memcpy_t4") is wanted with its base library ("tide").
  bool want_library(const std::string& lib) const { return contains(libs, lib) || contains(libs, scaling_base(lib)); }
  /// "tide_t4" -> "tide"; any other name is returned as it is.
  static std::string scaling_base(const std::string& lib) {
    const auto at = lib.rfind("_t");
    if (at == std::string::npos || at + 2 == lib.size()) return lib;
    for (std::size_t i = at + 2; i < lib.size(); ++i)
      if (lib[i] < '0' || lib[i] > '9') return lib;
    return lib.substr(0, at);
  }
  /// The thread counts of the scaling rows at n (none unless n is one of the scaling sizes).
  std::vector<int> scaling_threads_at(std::int64_t n) const {
    for (std::int64_t m : scaling_sizes)
      if (m == n) return scaling_threads;
    return {};
  }

 private:
  static bool contains(const std::vector<std::string>& list, const std::string& s) {
    if (list.empty()) return true;
    for (const auto& x : list)
      if (x == s) return true;
    return false;
  }
};

inline std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep))
    if (!item.empty()) out.push_back(item);
  return out;
}

inline std::int64_t parse_count(const std::string& s) {
  char* end = nullptr;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (end == s.c_str() || *end != '\0' || v < 0) throw std::invalid_argument("bad size '" + s + "'");
  return v <= 40 ? (std::int64_t(1) << v) : std::int64_t(v);
}

/// "10:28" is 2^10, 2^12, ... 2^28; "quick" is 2^10, 2^16, 2^20; plain items as parse_count.
inline std::vector<std::int64_t> parse_sizes(const std::string& list) {
  std::vector<std::int64_t> sizes;
  for (const auto& item : split(list, ',')) {
    if (item == "quick") {
      for (int e : {10, 16, 20}) sizes.push_back(std::int64_t(1) << e);
    } else if (auto colon = item.find(':'); colon != std::string::npos) {
      int a = std::atoi(item.substr(0, colon).c_str()), b = std::atoi(item.substr(colon + 1).c_str());
      if (a < 0 || b > 40 || a > b) throw std::invalid_argument("bad size range '" + item + "'");
      for (int e = a; e <= b; e += 2) sizes.push_back(std::int64_t(1) << e);
    } else {
      sizes.push_back(parse_count(item));
    }
  }
  return sizes;
}

/// 1, 2, 4, ... below `max_threads`, then max_threads itself.
inline std::vector<int> default_scaling_threads(int max_threads) {
  std::vector<int> t;
  for (int k = 1; k < max_threads; k *= 2) t.push_back(k);
  t.push_back(std::max(1, max_threads));
  return t;
}

/// `max_threads`: the host's OpenMP threads (the default scaling thread counts go up to it).
inline options parse_options(int argc, char** argv, bool device, int max_threads = 1) {
  options o;
  std::string sizes = device ? "10:28,30" : "16,20,24,28";
  std::string scaling_sizes = device ? "none" : "", scaling_threads;  // "": the default
  o.max_call_s = device ? 0 : 2.5;
  o.settle_s = device ? 0 : 60;
  o.seed_tables = device;  // the seeds' kernels are CUDA: no tables on the host
  o.budget_ms = device ? 60 : 100;
  o.min_runs = device ? 10 : 5;
  o.warmup_ms = device ? 15 : 0;
  bool tables_set = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char* name) -> const char* {
      std::string prefix = std::string(name) + "=";
      return a.compare(0, prefix.size(), prefix) == 0 ? argv[i] + prefix.size() : nullptr;
    };
    if (const char* v = value("--sizes")) sizes = v;
    else if (const char* v = value("--only")) o.only = split(v, ',');
    else if (const char* v = value("--libs")) o.libs = split(v, ',');
    else if (const char* v = value("--min-runs")) o.min_runs = std::max(1, std::atoi(v));
    else if (const char* v = value("--budget-ms")) o.budget_ms = std::max(0.0, std::atof(v));
    else if (const char* v = value("--warmup-ms")) o.warmup_ms = std::max(0.0, std::atof(v));
    else if (const char* v = value("--deadline-s")) o.deadline_s = std::max(0.0, std::atof(v));
    else if (const char* v = value("--max-call-s")) o.max_call_s = std::max(0.0, std::atof(v));
    else if (const char* v = value("--settle-s")) o.settle_s = std::max(0.0, std::atof(v));
    else if (const char* v = value("--out")) o.out_dir = v;
    else if (const char* v = value("--seed")) o.seed = std::strtoull(v, nullptr, 10);
    else if (a == "--seed-tables") o.seed_tables = tables_set = true;
    else if (a == "--no-seed-tables") { o.seed_tables = false; tables_set = true; }
    else if (a == "--append") o.append = true;
    else if (const char* v = value("--scaling-sizes")) scaling_sizes = v;
    else if (const char* v = value("--scaling-threads")) scaling_threads = v;
    else if (a == "--no-scaling") scaling_sizes = "none";
    else if (a == "--quick") { sizes = "quick"; if (!tables_set) o.seed_tables = false; }
    else if (a == "--help" || a == "-h") {
      throw std::invalid_argument(
          "usage: tide_compare [--sizes=10:28,30|quick|N,...] [--only=reduce,scan,...] [--libs=tide,cub,...]\n"
          "                    [--min-runs=10] [--budget-ms=60] [--warmup-ms=15] [--out=DIR] [--quick]\n"
          "                    [--deadline-s=0] [--max-call-s=0] [--no-seed-tables] [--append]\n"
          "                    [--settle-s=60 (host)]\n"
          "                    host: [--scaling-sizes=24|none] [--scaling-threads=1,2,4,...] [--no-scaling]");
    } else {
      throw std::invalid_argument("unknown option '" + a + "' (try --help)");
    }
  }
  o.sizes = parse_sizes(sizes);
  if (scaling_sizes != "none" && !device) {
    // Only sizes the run measures: the scaling rows ride on the cases' inputs and checks.
    for (std::int64_t n : parse_sizes(scaling_sizes.empty() ? "24" : scaling_sizes))
      if (std::find(o.sizes.begin(), o.sizes.end(), n) != o.sizes.end()) o.scaling_sizes.push_back(n);
    if (scaling_sizes.empty() && o.scaling_sizes.empty()) {  // default, 2^24 not run: the largest size below it
      std::int64_t best = 0;
      for (std::int64_t n : o.sizes)
        if (n < (std::int64_t(1) << 24) && n > best) best = n;
      if (best >= (std::int64_t(1) << 16)) o.scaling_sizes.push_back(best);
    }
    if (scaling_threads.empty()) {
      o.scaling_threads = default_scaling_threads(max_threads);
    } else {
      for (const auto& item : split(scaling_threads, ','))
        o.scaling_threads.push_back(std::max(1, std::atoi(item.c_str())));
      std::sort(o.scaling_threads.begin(), o.scaling_threads.end());
      o.scaling_threads.erase(std::unique(o.scaling_threads.begin(), o.scaling_threads.end()), o.scaling_threads.end());
    }
  }
  return o;
}

}  // namespace cmp
