// tide_fuzz: differential fuzzing of the device backend against tide::seq (issue 7).
//
//   tide_fuzz [--seconds=S] [--seed=N] [--case=SEED [--boundary]] [--max-log2=K] [--alg=NAME[,NAME...]]
//             [--verbose]
//
// Until S seconds have passed (default 10), draws a case from the run's seed: an algorithm, an
// element type (int8 ... double), a size weighted toward the edges (0, 1, 2, tile sizes +-1,
// powers of two +-1, up to 2^K, default 2^22) and a distribution (uniform, all equal, few
// distinct, sorted, reversed, and for floats NaN, +-0, +-inf and denormals where the algorithm
// defines their order); runs it on tide::device (device_vector) and on tide::seq (std::vector) and
// compares: integers and orders exactly (sorts bit for bit: tide's sorts are stable everywhere),
// float sums within a tolerance relative to the sum of |x| (the reference accumulates in long
// double). A mismatch prints the case's seed (--case=SEED repeats just that case). At the end:
// "cases N failures F"; the exit status is 1 if F > 0. --alg=NAME[,NAME...] (the names the case
// lines print) runs only the cases of those algorithms: the others are drawn and skipped, so every
// case keeps its seed.
//
// histogram_range is compared with a reference of its own (std::upper_bound over the bounds, exact
// comparisons), not with tide::seq, whose search is the CUDA kernel's. Its bounds are of the sample
// type or of another that compares with it exactly (fuzz_reduce.cpp's alt_bound: other integer
// widths and signedness, float with double and back, small integers with float or double bounds),
// strictly increasing, with gaps of the smallest step of the type, even, mixed or huge, and
// sometimes infinite ends; a bin count of up to 2^18, half the time where the CUDA plan changes for
// bounds of that size (pb::histogram_bins(sizeof(bound)); on the host systems powers of two +-1),
// else small; samples on, beside, below and above the bounds, NaN, +-0 and +-inf, and sometimes runs
// of thousands of one value (a warp whose tile holds one value searches once).
//
// Boundary cases (CUDA system only, issue 15): every third case draws its size from the sizes where
// the CUDA code under the algorithm and type it picked changes path or tuning (tile sizes t, 2t,
// 3t +-1, thresholds +-1, a second pass or portion: tide/backend/cuda/path_boundaries.hpp, mapped
// per algorithm in boundary_sizes.hpp), up to 2^K; histogram_even then takes half the time a bin
// count where its counting path changes (histogram_range draws its own, as above). Their seeds are
// a space of their own: a boundary case's line says "boundary", and --case=SEED --boundary repeats
// it (--case=SEED alone repeats the ordinary case of that seed, which is unchanged by all this).
// The other cases are as before.
//
// Integer sums, scans and by-key operations run in the unsigned type of the same width, so that
// wrap-around is defined (the bits are those of the signed type).
//
// OMP system: one case in three moves the streaming threshold down to 4 KiB (so that transform,
// the scans and copy_if write through their block buffers and non-temporal stores at the fuzzer's
// sizes, not only past the LLC), and one in four shrinks copy_if's per-thread queues to one block
// (so that blocks overflow them); both follow from the case's seed, so --case=SEED repeats them.
//
// Sources: this one draws the cases and runs them; each family of algorithms is a source of its own
// (fuzz_<family>.cpp, its run_* functions and their instantiations: nvcc compiles the families in
// parallel); fuzz.hpp holds what they share.
#include "fuzz.hpp"

#include <chrono>
#include <cinttypes>
#include <map>
#include <tuple>

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_OMP
#include <tide/backend/omp/copy_if.hpp>
#include <tide/backend/omp/stream_store.hpp>
#endif

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <tide/backend/cuda/path_boundaries.hpp>
#define TIDE_FUZZ_BOUNDARIES 1  // boundary cases: the boundaries come from the CUDA backend
#else
#define TIDE_FUZZ_BOUNDARIES 0
#endif

namespace tide_fuzz {
namespace {

const char* dist_name(dist d) {
  static const char* names[] = {"uniform", "small_range", "all_equal", "few_distinct", "sorted", "reversed",
                                "specials"};
  return names[int(d)];
}

const char* alg_name(alg a) {
  static const char* names[] = {"reduce",         "reduce_max",           "transform_reduce",      "reduce_affine",
                                "inclusive_scan", "exclusive_scan",       "scan_affine",           "reduce_by_key",
                                "inclusive_scan_by_key", "exclusive_scan_by_key", "copy_if",        "unique",
                                "sort",           "sort_greater",         "sort_comparator",       "stable_sort_by_key",
                                "merge",          "histogram_even",       "gather",                "scatter",
                                "min_max_element", "count",               "binary_searches",
                                "partition",
                                "stable_partition",
                                "partition_copy",
                                "unique_by_key",
                                "unique_count",
                                "find",
                                "mismatch",
                                "is_sorted",
                                "partition_point",
                                "equal_range",
                                "replace",
                                "reverse",
                                "swap_ranges",
                                "generate",
                                "adjacent_difference",
                                "transform_inclusive_scan",
                                "transform_exclusive_scan",
                                "set_operation",
                                "set_operation_by_key",
                                "shuffle",
                                "histogram_range"};
  return names[int(a)];
}
/// Whether the algorithm defines what it does with NaN (tide's key order, equality, "not counted").
bool nan_defined(alg a) {
  switch (a) {
    case alg::reduce_max:  // max with a NaN depends on the order of evaluation
    case alg::sort_comparator:
    case alg::min_max_element:
    case alg::binary_searches:
      return false;
    default:
      return true;
  }
}

const char* type_names[] = {"int8", "uint8", "int32", "uint32", "int64", "uint64", "float", "double"};

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// A size weighted toward the edges where tiles and passes change.
std::int64_t draw_size(std::mt19937_64& g, int max_log2) {
  const std::int64_t cap = std::int64_t(1) << max_log2;
  auto clamp = [&](std::int64_t n) { return std::max<std::int64_t>(0, std::min(n, cap + 1)); };
  std::uniform_int_distribution<int> pick(0, 99);
  std::uniform_int_distribution<int> pm(-1, 1);
  const int r = pick(g);
  if (r < 15) return std::uniform_int_distribution<int>(0, 3)(g);  // 0, 1, 2, 3
  if (r < 40) {  // tile multiples: 256 * k (k up to 64), and the common tile sizes, +-1
    static const std::int64_t tiles[] = {4096, 8192, 12288, 16384, 24576, 32768, 65536};
    std::int64_t base = pick(g) < 50 ? 256 * std::uniform_int_distribution<std::int64_t>(1, 64)(g)
                                     : tiles[std::uniform_int_distribution<int>(0, 6)(g)] *
                                           std::uniform_int_distribution<std::int64_t>(1, 3)(g);
    return clamp(base + pm(g));
  }
  if (r < 70) {  // powers of two +-1
    const int p = std::uniform_int_distribution<int>(1, max_log2)(g);
    return clamp((std::int64_t(1) << p) + pm(g));
  }
  // log-uniform in [1, 2^max_log2]
  const double e = std::uniform_real_distribution<double>(0, max_log2)(g);
  return clamp(std::int64_t(std::pow(2.0, e)));
}

template <class T>
outcome run_case_typed(const case_desc& c, std::mt19937_64& g) {
  const bool nan_ok = nan_defined(c.algorithm);
  const std::vector<T> h = draw_values<T>(g, c.n, c.distribution, nan_ok);
  // The case's family (fuzz_<family>.cpp) runs the algorithm's run_* function.
  switch (c.algorithm) {
    case alg::reduce:
    case alg::reduce_max:
    case alg::transform_reduce:
    case alg::reduce_affine: return run_reduce_family(c, h, g);
    case alg::inclusive_scan:
    case alg::exclusive_scan:
    case alg::scan_affine:
    case alg::reduce_by_key:
    case alg::inclusive_scan_by_key:
    case alg::exclusive_scan_by_key: return run_scan_family(c, h, g);
    case alg::copy_if:
    case alg::unique: return run_select_family(c, h, g);
    case alg::sort:
    case alg::sort_greater:
    case alg::sort_comparator:
    case alg::stable_sort_by_key:
    case alg::merge: return run_sort_family(c, h, g);
    case alg::histogram_even: return run_reduce_family(c, h, g);
    case alg::gather:
    case alg::scatter: return run_search_family(c, h, g);
    case alg::min_max_element:
    case alg::count: return run_reduce_family(c, h, g);
    case alg::binary_searches: return run_search_family(c, h, g);
    case alg::partition:
    case alg::stable_partition:
    case alg::partition_copy:
    case alg::unique_by_key:
    case alg::unique_count: return run_select_family(c, h, g);
    case alg::find:
    case alg::mismatch:
    case alg::is_sorted:
    case alg::partition_point:
    case alg::equal_range: return run_search_family(c, h, g);
    case alg::replace:
    case alg::reverse:
    case alg::swap_ranges:
    case alg::generate: return run_move_family(c, h, g);
    case alg::adjacent_difference:
    case alg::transform_inclusive_scan:
    case alg::transform_exclusive_scan: return run_transform_scan_family(c, h, g);
    case alg::set_operation:
    case alg::set_operation_by_key: return run_set_operations_family(c, h, g);
    case alg::shuffle: return run_move_family(c, h, g);
    case alg::histogram_range: return run_reduce_family(c, h, g);
    default: return outcome::fail("no such algorithm");
  }
}

case_desc describe(std::uint64_t seed, int max_log2) {
  std::mt19937_64 g(seed);
  case_desc c;
  c.seed = seed;
  c.algorithm = alg(std::uniform_int_distribution<int>(0, int(alg::count_) - 1)(g));
  c.type = std::uniform_int_distribution<int>(0, 7)(g);
  c.n = draw_size(g, max_log2);
  c.distribution = dist(std::uniform_int_distribution<int>(0, int(dist::count) - 1)(g));
  return c;
}

#if TIDE_FUZZ_BOUNDARIES
#include "boundary_sizes.hpp"

/// A boundary case: the algorithm and type drawn as describe draws them (the same ones for the same
/// seed), the size uniformly from their boundary sizes up to 2^max_log2, then the distribution;
/// histogram_even takes, half the time, a bin count where its path changes (histogram_range draws
/// its bin count with its bounds' type, in fuzz_reduce.cpp). An algorithm and type with no
/// boundary sizes gives describe's ordinary case.
case_desc describe_boundary(std::uint64_t seed, int max_log2) {
  std::mt19937_64 g(seed);
  case_desc c;
  c.seed = seed;
  c.algorithm = alg(std::uniform_int_distribution<int>(0, int(alg::count_) - 1)(g));
  c.type = std::uniform_int_distribution<int>(0, 7)(g);
  const std::vector<std::int64_t>& sizes = boundary_sizes(c.algorithm, c.type, std::int64_t(1) << max_log2);
  if (sizes.empty()) return describe(seed, max_log2);
  c.boundary = true;
  c.n = sizes[std::uniform_int_distribution<std::size_t>(0, sizes.size() - 1)(g)];
  c.distribution = dist(std::uniform_int_distribution<int>(0, int(dist::count) - 1)(g));
  if (c.algorithm == alg::binary_searches) c.values = c.n;  // the transform runs over the values
  if (c.algorithm == alg::histogram_even && g() % 2) {
    const std::vector<int>& bins = histogram_bin_counts();
    if (!bins.empty()) c.bins = bins[std::uniform_int_distribution<std::size_t>(0, bins.size() - 1)(g)];
  }
  return c;
}
#endif

/// The case of a seed: a boundary case (CUDA builds only) or an ordinary one.
case_desc describe_case(std::uint64_t seed, bool boundary, int max_log2) {
#if TIDE_FUZZ_BOUNDARIES
  if (boundary) return describe_boundary(seed, max_log2);
#else
  (void)boundary;
#endif
  return describe(seed, max_log2);
}

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_OMP
/// The OMP backend's knobs for one case (the header says which), put back when the case ends.
struct omp_knobs {
  explicit omp_knobs(std::uint64_t seed) {
    const std::uint64_t k = splitmix(seed ^ 0x5f3759df5f3759dfull);
    tide::backend::omp::detail::stream_threshold_override = k % 3 == 0 ? 4096 : 0;
    tide::backend::omp::detail::copy_if_queue_blocks_override = (k >> 8) % 4 == 0 ? 1 : 0;
  }
  ~omp_knobs() {
    tide::backend::omp::detail::stream_threshold_override = 0;
    tide::backend::omp::detail::copy_if_queue_blocks_override = 0;
  }
  omp_knobs(const omp_knobs&) = delete;
  omp_knobs& operator=(const omp_knobs&) = delete;
};
#endif

outcome run_case(const case_desc& c) {
  std::mt19937_64 g(splitmix(c.seed));
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_OMP
  const omp_knobs knobs(c.seed);
#endif
  try {
    switch (c.type) {
      case 0: return run_case_typed<std::int8_t>(c, g);
      case 1: return run_case_typed<std::uint8_t>(c, g);
      case 2: return run_case_typed<std::int32_t>(c, g);
      case 3: return run_case_typed<std::uint32_t>(c, g);
      case 4: return run_case_typed<std::int64_t>(c, g);
      case 5: return run_case_typed<std::uint64_t>(c, g);
      case 6: return run_case_typed<float>(c, g);
      default: return run_case_typed<double>(c, g);
    }
  } catch (const std::exception& e) {
    return outcome::fail(std::string("threw: ") + e.what());
  }
}

bool arg_value(const char* arg, const char* name, std::string& value) {
  const std::size_t len = std::strlen(name);
  if (std::strncmp(arg, name, len) != 0 || arg[len] != '=') return false;
  value = arg + len + 1;
  return true;
}

}  // namespace
}  // namespace tide_fuzz

using namespace tide_fuzz;  // the driver's helpers

int main(int argc, char** argv) {
  double seconds = 10;
  std::uint64_t seed = std::random_device{}() * 0x100000001ull ^ std::uint64_t(std::random_device{}());
  bool one_case = false, boundary = false, verbose = false;
  std::uint64_t case_seed = 0;
  int max_log2 = 22;
  std::vector<bool> only;  // --alg: the algorithms run (empty: all)
  std::string only_names;
  for (int i = 1; i < argc; ++i) {
    std::string v;
    if (arg_value(argv[i], "--seconds", v)) seconds = std::atof(v.c_str());
    else if (arg_value(argv[i], "--seed", v)) seed = std::strtoull(v.c_str(), nullptr, 10);
    else if (arg_value(argv[i], "--case", v)) one_case = true, case_seed = std::strtoull(v.c_str(), nullptr, 10);
    else if (std::strcmp(argv[i], "--boundary") == 0) boundary = true;
    else if (arg_value(argv[i], "--max-log2", v)) max_log2 = std::max(1, std::min(30, std::atoi(v.c_str())));
    else if (arg_value(argv[i], "--alg", v)) {
      only.assign(std::size_t(alg::count_), false);
      only_names = v;
      for (std::size_t at = 0; at <= v.size();) {
        const std::size_t comma = std::min(v.find(',', at), v.size());
        const std::string name = v.substr(at, comma - at);
        int a = 0;
        while (a < int(alg::count_) && name != alg_name(alg(a))) ++a;
        if (a == int(alg::count_)) {
          std::fprintf(stderr, "%s: --alg: no algorithm \"%s\"; the algorithms:", argv[0], name.c_str());
          for (int b = 0; b < int(alg::count_); ++b) std::fprintf(stderr, " %s", alg_name(alg(b)));
          std::fprintf(stderr, "\n");
          return 2;
        }
        only[std::size_t(a)] = true;
        at = comma + 1;
      }
    } else if (std::strcmp(argv[i], "--verbose") == 0) verbose = true;
    else {
      std::fprintf(stderr,
                   "usage: %s [--seconds=S] [--seed=N] [--case=SEED [--boundary]] [--max-log2=K] "
                   "[--alg=NAME[,NAME...]] [--verbose]\n",
                   argv[0]);
      return 2;
    }
  }
  if (boundary && !one_case) {
    std::fprintf(stderr, "%s: --boundary repeats one boundary case: give its seed with --case=SEED\n", argv[0]);
    return 2;
  }
  if (boundary && !TIDE_FUZZ_BOUNDARIES) {
    std::fprintf(stderr,
                 "%s: --boundary: boundary cases come from the CUDA backend's path boundaries; this tide_fuzz "
                 "was built for a host device system and has none (build it with TIDE_DEVICE_SYSTEM=CUDA)\n",
                 argv[0]);
    return 2;
  }
  std::printf("tide_fuzz: seed %" PRIu64 ", %.0f s, sizes up to 2^%d%s%s%s\n", seed, seconds, max_log2,
              TIDE_FUZZ_BOUNDARIES ? ", every third case at a path boundary" : "",
              only.empty() || one_case ? "" : ", only ", only.empty() || one_case ? "" : only_names.c_str());
  std::fflush(stdout);

  std::int64_t cases = 0, failures = 0, boundary_cases = 0;
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  for (std::uint64_t k = 0; one_case ? k < 1 : elapsed() < seconds; ++k) {
    // Ordinary cases keep their seeds (splitmix(seed + k)) whatever the boundary cases do.
    const bool at_boundary = one_case ? boundary : TIDE_FUZZ_BOUNDARIES && k % 3 == 2;
    case_desc c;
    try {  // boundary cases read the device's properties
      c = describe_case(one_case ? case_seed : splitmix(seed + k), at_boundary, max_log2);
    } catch (const std::exception& e) {
      std::printf("describing case %" PRIu64 " threw: %s\ncases %" PRId64 " failures %" PRId64 "\n",
                  one_case ? case_seed : splitmix(seed + k), e.what(), cases, failures + 1);
      return 1;
    }
    if (!one_case && !only.empty() && !only[std::size_t(c.algorithm)]) continue;  // not asked for: skipped
    const outcome r = run_case(c);
    ++cases;
    boundary_cases += c.boundary;
    if (verbose || !r) {
      std::string extra;
      if (c.bins > 0) extra += " bins=" + std::to_string(c.bins);
      if (c.values >= 0) extra += " values=" + std::to_string(c.values);
      std::printf("%s case %" PRIu64 ": %s%s %s n=%" PRId64 " %s%s%s%s\n", r ? "ok" : "MISMATCH", c.seed,
                  c.boundary ? "boundary " : "", alg_name(c.algorithm), type_names[c.type], c.n,
                  dist_name(c.distribution), extra.c_str(), r ? "" : ": ", r.problem.c_str());
    }
    if (!r) {
      ++failures;
      std::printf("  repeat: %s --case=%" PRIu64 "%s --max-log2=%d\n", argv[0], c.seed,
                  c.boundary ? " --boundary" : "", max_log2);
    }
    std::fflush(stdout);
  }
  if (TIDE_FUZZ_BOUNDARIES) std::printf("boundary cases %" PRId64 "\n", boundary_cases);
  std::printf("cases %" PRId64 " failures %" PRId64 "\n", cases, failures);
  return failures ? 1 : 0;
}
