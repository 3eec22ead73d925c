// tide_fuzz: differential fuzzing of the device backend against tide::seq (issue 7).
//
//   tide_fuzz [--seconds=S] [--seed=N] [--case=SEED [--boundary]] [--max-log2=K] [--verbose]
//
// Until S seconds have passed (default 10), draws a case from the run's seed: an algorithm, an
// element type (int8 ... double), a size weighted toward the edges (0, 1, 2, tile sizes +-1,
// powers of two +-1, up to 2^K, default 2^22) and a distribution (uniform, all equal, few
// distinct, sorted, reversed, and for floats NaN, +-0, +-inf and denormals where the algorithm
// defines their order); runs it on tide::device (device_vector) and on tide::seq (std::vector) and
// compares: integers and orders exactly (sorts bit for bit: tide's sorts are stable everywhere),
// float sums within a tolerance relative to the sum of |x| (the reference accumulates in long
// double). A mismatch prints the case's seed (--case=SEED repeats just that case). At the end:
// "cases N failures F"; the exit status is 1 if F > 0.
//
// Boundary cases (CUDA system only, issue 15): every third case draws its size from the sizes where
// the CUDA code under the algorithm and type it picked changes path or tuning (tile sizes t, 2t,
// 3t +-1, thresholds +-1, a second pass or portion: tide/backend/cuda/path_boundaries.hpp, mapped
// per algorithm in boundary_sizes.hpp), up to 2^K; histogram_even then takes half the time a bin
// count where its counting path changes. Their seeds are a space of their own: a boundary case's
// line says "boundary", and --case=SEED --boundary repeats it (--case=SEED alone repeats the
// ordinary case of that seed, which is unchanged by all this). The other cases are as before.
//
// Integer sums, scans and by-key operations run in the unsigned type of the same width, so that
// wrap-around is defined (the bits are those of the signed type).
//
// OMP system: one case in three moves the streaming threshold down to 4 KiB (so that transform,
// the scans and copy_if write through their block buffers and non-temporal stores at the fuzzer's
// sizes, not only past the LLC), and one in four shrinks copy_if's per-thread queues to one block
// (so that blocks overflow them); both follow from the case's seed, so --case=SEED repeats them.
#include <tide/tide.hpp>
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_OMP
#include <tide/backend/omp/copy_if.hpp>
#include <tide/backend/omp/stream_store.hpp>
#endif

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <tide/backend/cuda/path_boundaries.hpp>
#define TIDE_FUZZ_BOUNDARIES 1  // boundary cases: the boundaries come from the CUDA backend
#else
#define TIDE_FUZZ_BOUNDARIES 0
#endif

namespace {

// ---- operators (functors: usable on every backend, and nvcc allows them anywhere) --------------

/// Composition of affine maps x -> a*x + b mod 2^32: associative, not commutative.
struct affine {
  std::uint32_t a, b;
};
struct affine_compose {  // first l, then r
  TIDE_HOST_DEVICE affine operator()(const affine& l, const affine& r) const { return {r.a * l.a, r.a * l.b + r.b}; }
};
struct to_affine {
  TIDE_HOST_DEVICE affine operator()(std::uint64_t bits) const {
    return {std::uint32_t(bits) | 1u, std::uint32_t(bits >> 16) ^ 0x9e37u};
  }
};
template <class T>
struct bits_of {  // the value's bits, widened: any T to an affine map
  TIDE_HOST_DEVICE std::uint64_t operator()(const T& x) const {
    std::uint64_t u = 0;
    std::memcpy(&u, &x, sizeof(T));
    return u * 0x9e3779b97f4a7c15ull;
  }
};
struct square_ld {  // host reference of transform_reduce over floats
  template <class T>
  long double operator()(const T& x) const { return static_cast<long double>(x) * static_cast<long double>(x); }
};
template <class A>
struct square_in {  // x * x in A
  template <class T>
  TIDE_HOST_DEVICE A operator()(const T& x) const { return static_cast<A>(x) * static_cast<A>(x); }
};
template <class T>
struct above {
  T threshold;
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x > threshold; }
};
/// A comparator of the caller's (not less/greater): orders by the low 4 bits (ints) or |x|
/// (floats): many ties, so stability shows.
template <class T>
struct by_low_bits {
  TIDE_HOST_DEVICE bool operator()(const T& a, const T& b) const {
    if constexpr (std::is_floating_point_v<T>) return (a < 0 ? -a : a) < (b < 0 ? -b : b);
    else return (a & 15) < (b & 15);
  }
};

// ---- cases ------------------------------------------------------------------------------------

enum class dist { uniform, small_range, all_equal, few_distinct, sorted, reversed, specials, count };
const char* dist_name(dist d) {
  static const char* names[] = {"uniform", "small_range", "all_equal", "few_distinct", "sorted", "reversed",
                                "specials"};
  return names[int(d)];
}

enum class alg {
  reduce,
  reduce_max,
  transform_reduce,
  reduce_affine,
  inclusive_scan,
  exclusive_scan,
  scan_affine,
  reduce_by_key,
  inclusive_scan_by_key,
  exclusive_scan_by_key,
  copy_if,
  unique,
  sort,
  sort_greater,
  sort_comparator,
  stable_sort_by_key,
  merge,
  histogram_even,
  gather,
  scatter,
  min_max_element,
  count,
  binary_searches,
  partition,
  stable_partition,
  partition_copy,
  unique_by_key,
  unique_count,
  find,
  mismatch,
  is_sorted,
  partition_point,
  equal_range,
  replace,
  reverse,
  swap_ranges,
  generate,
  adjacent_difference,
  transform_inclusive_scan,
  transform_exclusive_scan,
  set_operation,
  set_operation_by_key,
  shuffle,
  count_
};
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
                                "shuffle"};
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

struct case_desc {
  std::uint64_t seed;
  alg algorithm;
  int type;
  std::int64_t n;
  dist distribution;
  bool boundary = false;     ///< drawn by describe_boundary: n is a path boundary
  int bins = 0;              ///< histogram_even: this many bins (0: drawn from the case's stream)
  std::int64_t values = -1;  ///< binary_searches: this many values (-1: drawn, 0 to 3000)
};

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
T special_value(std::mt19937_64& g, bool nan_ok) {
  using L = std::numeric_limits<T>;
  switch (std::uniform_int_distribution<int>(0, nan_ok ? 7 : 5)(g)) {
    case 0: return T(0);
    case 1: return -T(0);
    case 2: return L::infinity();
    case 3: return -L::infinity();
    case 4: return L::denorm_min() * T(std::uniform_int_distribution<int>(1, 100)(g));
    case 5: return T(std::uniform_real_distribution<double>(-1000, 1000)(g));
    case 6: return L::quiet_NaN();
    default: return -L::quiet_NaN();
  }
}

template <class T>
T uniform_value(std::mt19937_64& g, bool small) {
  if constexpr (std::is_floating_point_v<T>) {
    return small ? T(std::uniform_int_distribution<int>(0, 99)(g))
                 : T(std::uniform_real_distribution<double>(-1000, 1000)(g));
  } else {
    if (small) return T(std::uniform_int_distribution<int>(0, 99)(g));
    return T(g());  // every bit pattern
  }
}

template <class T>
std::vector<T> draw_values(std::mt19937_64& g, std::int64_t n, dist d, bool nan_ok) {
  std::vector<T> v(static_cast<std::size_t>(n));
  switch (d) {
    case dist::uniform:
    case dist::sorted:
    case dist::reversed:
      for (auto& x : v) x = uniform_value<T>(g, false);
      break;
    case dist::small_range:
      for (auto& x : v) x = uniform_value<T>(g, true);
      break;
    case dist::all_equal: {
      const T x = uniform_value<T>(g, false);
      std::fill(v.begin(), v.end(), x);
      break;
    }
    case dist::few_distinct: {
      std::vector<T> pool(std::uniform_int_distribution<int>(2, 8)(g));
      for (auto& x : pool) x = uniform_value<T>(g, false);
      for (auto& x : v) x = pool[g() % pool.size()];
      break;
    }
    case dist::specials:
      for (auto& x : v) {  // a quarter special: for integers, the extremes
        if (g() % 4) x = uniform_value<T>(g, false);
        else if constexpr (std::is_floating_point_v<T>) x = special_value<T>(g, nan_ok);
        else x = g() & 1 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
      }
      break;
    default:
      break;
  }
  if (d == dist::sorted || d == dist::reversed) {
    std::sort(v.begin(), v.end(), [](T a, T b) { return a < b; });
    if (d == dist::reversed) std::reverse(v.begin(), v.end());
  }
  return v;
}

/// The unsigned type of T's width for integer arithmetic, T itself for floats.
template <class T>
using arith_t =
    typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>, std::enable_if<true, T>>::type;

template <class T>
std::vector<arith_t<T>> as_arith(const std::vector<T>& v) {
  std::vector<arith_t<T>> out(v.size());
  if (!v.empty()) std::memcpy(out.data(), v.data(), v.size() * sizeof(T));
  return out;
}

template <class T>
std::vector<T> from_device(const tide::device_vector<T>& d, std::int64_t count = -1) {
  std::vector<T> h(d.size());
  tide::copy(d.begin(), d.end(), h.begin());
  if (count >= 0) h.resize(static_cast<std::size_t>(count));
  return h;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

/// The tolerance of a float sum of terms whose |x| add up to `abs_sum`: a sum whose longest chain
/// of additions is d rounds off at most d * eps/2 * abs_sum. On CUDA a thread adds a few dozen
/// items, blocks combine as trees and scans chain tile prefixes: d is below n/256 + 256. The host
/// device systems add each thread's chunk left to right: d is up to n (all-equal floats do reach
/// it). The reference (long double) is exact by comparison.
template <class T>
bool close_sum(T got, long double want, long double abs_sum, std::int64_t n) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == T(want);
  const long double chain = TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA ? static_cast<long double>(n) / 256 + 256
                                                                          : static_cast<long double>(n) + 16;
  const long double tol = chain * std::numeric_limits<T>::epsilon() * abs_sum + std::numeric_limits<T>::denorm_min();
  return std::fabs(static_cast<long double>(got) - want) <= tol;
}

/// What went wrong in a case, or empty.
struct outcome {
  std::string problem;
  static outcome ok() { return {}; }
  static outcome fail(std::string p) { return {std::move(p)}; }
  explicit operator bool() const { return problem.empty(); }
};

template <class T>
outcome first_difference(const std::vector<T>& got, const std::vector<T>& want, const char* what) {
  if (got.size() != want.size())
    return outcome::fail(std::string(what) + ": size " + std::to_string(got.size()) + " != " +
                         std::to_string(want.size()));
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
      if constexpr (std::is_arithmetic_v<T>)
        return outcome::fail(std::string(what) + ": first difference at " + std::to_string(i) + ": " +
                             std::to_string(static_cast<long double>(got[i])) + " vs " +
                             std::to_string(static_cast<long double>(want[i])));
      else
        return outcome::fail(std::string(what) + ": first difference at " + std::to_string(i));
    }
  return outcome::ok();
}

/// Float (or integer) scan outputs against a long double reference, within the tolerance of each
/// prefix's sum of |x|.
template <class A>
outcome compare_scan(const std::vector<A>& got, const std::vector<long double>& want,
                     const std::vector<long double>& abs_prefix, std::int64_t n) {
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!close_sum(got[i], want[i], abs_prefix[i], n))
      return outcome::fail("scan: element " + std::to_string(i) + ": " + std::to_string((long double)got[i]) +
                           " vs " + std::to_string(want[i]));
  return outcome::ok();
}

// ---- the algorithms ---------------------------------------------------------------------------

template <class T>
outcome run_reduce(const std::vector<T>& h) {
  const auto n = std::int64_t(h.size());
  if constexpr (std::is_integral_v<T>) {
    const auto a = as_arith(h);
    tide::device_vector<arith_t<T>> d(a.begin(), a.end());
    auto got = tide::reduce(tide::device, d.begin(), d.end(), arith_t<T>(7), tide::plus<arith_t<T>>());
    auto want = tide::reduce(tide::seq, a.begin(), a.end(), arith_t<T>(7), tide::plus<arith_t<T>>());
    if (got != want) return outcome::fail("reduce: " + std::to_string(got) + " vs " + std::to_string(want));
    // Widened: the accumulator is the init's type (uint64 + T).
    auto got64 = tide::reduce(tide::device, d.begin(), d.end(), std::uint64_t(0));
    auto want64 = tide::reduce(tide::seq, a.begin(), a.end(), std::uint64_t(0));
    if (got64 != want64) return outcome::fail("reduce into uint64");
  } else {
    tide::device_vector<T> d(h.begin(), h.end());
    T got = tide::reduce(tide::device, d.begin(), d.end(), T(0));
    long double want = tide::reduce(tide::seq, h.begin(), h.end(), 0.0L);
    long double abs_sum = 0;
    for (T x : h) abs_sum += std::fabs(static_cast<long double>(x));
    if (!close_sum(got, want, abs_sum, n))
      return outcome::fail("reduce: " + std::to_string(got) + " vs " + std::to_string(want));
  }
  return outcome::ok();
}

template <class T>
outcome run_reduce_max(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  const T init = std::numeric_limits<T>::lowest();
  T got = tide::reduce(tide::device, d.begin(), d.end(), init, tide::maximum<T>());
  T want = tide::reduce(tide::seq, h.begin(), h.end(), init, tide::maximum<T>());
  // max is exact; of -0.0 and +0.0 either may win.
  if (!(got == want)) return outcome::fail("reduce max: " + std::to_string(got) + " vs " + std::to_string(want));
  return outcome::ok();
}

template <class T>
outcome run_transform_reduce(const std::vector<T>& h) {
  const auto n = std::int64_t(h.size());
  if constexpr (std::is_integral_v<T>) {
    const auto a = as_arith(h);
    tide::device_vector<arith_t<T>> d(a.begin(), a.end());
    using U = std::uint64_t;
    U got = tide::transform_reduce(tide::device, d.begin(), d.end(), square_in<U>(), U(1), tide::plus<U>());
    U want = tide::transform_reduce(tide::seq, a.begin(), a.end(), square_in<U>(), U(1), tide::plus<U>());
    if (got != want) return outcome::fail("transform_reduce: " + std::to_string(got) + " vs " + std::to_string(want));
  } else {
    tide::device_vector<T> d(h.begin(), h.end());
    T got = tide::transform_reduce(tide::device, d.begin(), d.end(), square_in<T>(), T(0), tide::plus<T>());
    long double want =
        tide::transform_reduce(tide::seq, h.begin(), h.end(), square_ld(), 0.0L, tide::plus<long double>());
    if (!close_sum(got, want, want, n))  // all terms are >= 0: the sum is the sum of |terms|
      return outcome::fail("transform_reduce: " + std::to_string(got) + " vs " + std::to_string(want));
  }
  return outcome::ok();
}

template <class T>
outcome run_reduce_affine(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  auto dm = tide::make_transform_iterator(tide::make_transform_iterator(d.begin(), bits_of<T>()), to_affine());
  auto hm = tide::make_transform_iterator(tide::make_transform_iterator(h.begin(), bits_of<T>()), to_affine());
  const affine init{3, 5};
  const auto n = std::int64_t(h.size());
  affine got = tide::reduce(tide::device, dm, dm + n, init, affine_compose());
  affine want = tide::reduce(tide::seq, hm, hm + n, init, affine_compose());
  if (got.a != want.a || got.b != want.b) return outcome::fail("reduce of affine maps (not commutative)");
  return outcome::ok();
}

template <class T>
outcome run_scan(const std::vector<T>& h, bool exclusive) {
  const auto n = std::int64_t(h.size());
  using A = arith_t<T>;
  const auto a = as_arith(h);
  tide::device_vector<A> d(a.begin(), a.end()), out(a.size());
  const A init = A(3);
  if (exclusive)
    tide::exclusive_scan(tide::device, d.begin(), d.end(), out.begin(), init, tide::plus<A>());
  else
    tide::inclusive_scan(tide::device, d.begin(), d.end(), out.begin(), tide::plus<A>());
  const auto got = from_device(out);
  if constexpr (std::is_integral_v<T>) {
    std::vector<A> want(a.size());
    if (exclusive)
      tide::exclusive_scan(tide::seq, a.begin(), a.end(), want.begin(), init, tide::plus<A>());
    else
      tide::inclusive_scan(tide::seq, a.begin(), a.end(), want.begin(), tide::plus<A>());
    return first_difference(got, want, exclusive ? "exclusive_scan" : "inclusive_scan");
  } else {
    // The reference reads the elements as long double: scans accumulate in the input's type (Thrust's
    // rule), so a float input would make a float reference.
    const std::vector<long double> wide(a.begin(), a.end());
    std::vector<long double> want(a.size()), abs_prefix(a.size());
    if (exclusive)
      tide::exclusive_scan(tide::seq, wide.begin(), wide.end(), want.begin(), static_cast<long double>(init),
                           tide::plus<long double>());
    else
      tide::inclusive_scan(tide::seq, wide.begin(), wide.end(), want.begin(), tide::plus<long double>());
    long double s = exclusive ? std::fabs(static_cast<long double>(init)) : 0;
    for (std::int64_t i = 0; i < n; ++i) {
      if (!exclusive) s += std::fabs(static_cast<long double>(a[i]));
      abs_prefix[i] = s;
      if (exclusive) s += std::fabs(static_cast<long double>(a[i]));
    }
    return compare_scan(got, want, abs_prefix, n);
  }
}

template <class T>
outcome run_scan_affine(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  const auto n = std::int64_t(h.size());
  auto dm = tide::make_transform_iterator(tide::make_transform_iterator(d.begin(), bits_of<T>()), to_affine());
  auto hm = tide::make_transform_iterator(tide::make_transform_iterator(h.begin(), bits_of<T>()), to_affine());
  tide::device_vector<affine> out(h.size());
  std::vector<affine> want(h.size());
  tide::inclusive_scan(tide::device, dm, dm + n, out.begin(), affine_compose());
  tide::inclusive_scan(tide::seq, hm, hm + n, want.begin(), affine_compose());
  if (auto r = first_difference(from_device(out), want, "inclusive_scan of affine maps"); !r) return r;
  tide::exclusive_scan(tide::device, dm, dm + n, out.begin(), affine{1, 0}, affine_compose());
  tide::exclusive_scan(tide::seq, hm, hm + n, want.begin(), affine{1, 0}, affine_compose());
  return first_difference(from_device(out), want, "exclusive_scan of affine maps");
}

/// Keys for the by-key algorithms: the drawn values themselves (runs appear in the sorted, equal
/// and few-distinct distributions; NaN keys are each their own segment).
template <class T>
outcome run_reduce_by_key(const std::vector<T>& keys, std::mt19937_64& g) {
  const auto n = std::int64_t(keys.size());
  using A = arith_t<T>;
  auto vals = as_arith(draw_values<T>(g, n, dist::small_range, false));
  tide::device_vector<T> dk(keys.begin(), keys.end()), kout(keys.size());
  tide::device_vector<A> dv(vals.begin(), vals.end()), vout(keys.size());
  auto ends = tide::reduce_by_key(tide::device, dk.begin(), dk.end(), dv.begin(), kout.begin(), vout.begin());
  const std::int64_t segments = ends.first - kout.begin();
  std::vector<T> want_k(keys.size());
  if constexpr (std::is_integral_v<T>) {
    std::vector<A> want_v(keys.size());
    auto w = tide::reduce_by_key(tide::seq, keys.begin(), keys.end(), vals.begin(), want_k.begin(), want_v.begin());
    const auto want_segments = w.first - want_k.begin();
    want_k.resize(want_segments);
    want_v.resize(want_segments);
    if (auto r = first_difference(from_device(kout, segments), want_k, "reduce_by_key keys"); !r) return r;
    return first_difference(from_device(vout, segments), want_v, "reduce_by_key values");
  } else {
    // The values read as long double: reduce_by_key accumulates in the input values' type.
    const std::vector<long double> wide(vals.begin(), vals.end());
    std::vector<long double> want_v(keys.size());
    auto w = tide::reduce_by_key(tide::seq, keys.begin(), keys.end(), wide.begin(), want_k.begin(), want_v.begin(),
                                 tide::equal_to<>(), tide::plus<long double>());
    want_k.resize(w.first - want_k.begin());
    if (auto r = first_difference(from_device(kout, segments), want_k, "reduce_by_key keys"); !r) return r;
    const auto got_v = from_device(vout, segments);
    for (std::int64_t s = 0; s < segments; ++s)  // values are >= 0: each segment's sum is its sum of |x|
      if (!close_sum(got_v[s], want_v[s], want_v[s], n))
        return outcome::fail("reduce_by_key value of segment " + std::to_string(s));
    return outcome::ok();
  }
}

template <class T>
outcome run_scan_by_key(const std::vector<T>& keys, std::mt19937_64& g, bool exclusive) {
  const auto n = std::int64_t(keys.size());
  using A = arith_t<T>;
  auto vals = as_arith(draw_values<T>(g, n, dist::small_range, false));
  tide::device_vector<T> dk(keys.begin(), keys.end());
  tide::device_vector<A> dv(vals.begin(), vals.end()), out(keys.size());
  const A init = A(2);
  if (exclusive)
    tide::exclusive_scan_by_key(tide::device, dk.begin(), dk.end(), dv.begin(), out.begin(), init);
  else
    tide::inclusive_scan_by_key(tide::device, dk.begin(), dk.end(), dv.begin(), out.begin());
  const auto got = from_device(out);
  const char* name = exclusive ? "exclusive_scan_by_key" : "inclusive_scan_by_key";
  if constexpr (std::is_integral_v<T>) {
    std::vector<A> want(keys.size());
    if (exclusive)
      tide::exclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), vals.begin(), want.begin(), init);
    else
      tide::inclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), vals.begin(), want.begin());
    return first_difference(got, want, name);
  } else {
    // The values read as long double: the by-key scans accumulate in the values' (or init's) type.
    const std::vector<long double> wide(vals.begin(), vals.end());
    std::vector<long double> want(keys.size());
    if (exclusive)
      tide::exclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), wide.begin(), want.begin(),
                                  static_cast<long double>(init), tide::equal_to<>(), tide::plus<long double>());
    else
      tide::inclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), wide.begin(), want.begin(), tide::equal_to<>(),
                                  tide::plus<long double>());
    for (std::int64_t i = 0; i < n; ++i)  // values and init are >= 0: the prefix is its sum of |x|
      if (!close_sum(got[i], want[i], want[i], n))
        return outcome::fail(std::string(name) + ": element " + std::to_string(i));
    return outcome::ok();
  }
}

template <class T>
outcome run_copy_if(const std::vector<T>& h, std::mt19937_64& g) {
  const T threshold = h.empty() ? T(0) : h[g() % h.size()];
  tide::device_vector<T> d(h.begin(), h.end()), out(h.size());
  auto end = tide::copy_if(tide::device, d.begin(), d.end(), out.begin(), above<T>{threshold});
  std::vector<T> want(h.size());
  auto wend = tide::copy_if(tide::seq, h.begin(), h.end(), want.begin(), above<T>{threshold});
  want.resize(wend - want.begin());
  return first_difference(from_device(out, end - out.begin()), want, "copy_if");
}

template <class T>
outcome run_unique(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  auto end = tide::unique(tide::device, d.begin(), d.end());
  std::vector<T> want = h;
  want.erase(tide::unique(tide::seq, want.begin(), want.end()), want.end());
  return first_difference(from_device(d, end - d.begin()), want, "unique");
}

template <class T, class Comp>
outcome run_sort(const std::vector<T>& h, Comp comp, const char* name) {
  tide::device_vector<T> d(h.begin(), h.end());
  tide::sort(tide::device, d.begin(), d.end(), comp);
  std::vector<T> want = h;
  tide::sort(tide::seq, want.begin(), want.end(), comp);
  return first_difference(from_device(d), want, name);  // stable everywhere: the same bits
}

template <class T>
outcome run_sort_by_key(const std::vector<T>& h) {
  std::vector<std::uint32_t> idx(h.size());
  std::iota(idx.begin(), idx.end(), 0u);
  tide::device_vector<T> dk(h.begin(), h.end());
  tide::device_vector<std::uint32_t> dv(idx.begin(), idx.end());
  tide::stable_sort_by_key(tide::device, dk.begin(), dk.end(), dv.begin());
  std::vector<T> want_k = h;
  tide::stable_sort_by_key(tide::seq, want_k.begin(), want_k.end(), idx.begin());
  if (auto r = first_difference(from_device(dk), want_k, "stable_sort_by_key keys"); !r) return r;
  return first_difference(from_device(dv), idx, "stable_sort_by_key values");
}

template <class T>
outcome run_merge(const std::vector<T>& h, std::mt19937_64& g) {
  const std::size_t cut = h.empty() ? 0 : g() % (h.size() + 1);
  std::vector<T> a(h.begin(), h.begin() + cut), b(h.begin() + cut, h.end());
  tide::sort(tide::seq, a.begin(), a.end());  // tide's key order, as merge expects
  tide::sort(tide::seq, b.begin(), b.end());
  tide::device_vector<T> da(a.begin(), a.end()), db(b.begin(), b.end()), out(h.size());
  tide::merge(tide::device, da.begin(), da.end(), db.begin(), db.end(), out.begin());
  std::vector<T> want(h.size());
  tide::merge(tide::seq, a.begin(), a.end(), b.begin(), b.end(), want.begin());
  return first_difference(from_device(out), want, "merge");
}

template <class T>
outcome run_histogram_even(const std::vector<T>& h, std::mt19937_64& g, int given_bins) {
  int bins = std::uniform_int_distribution<int>(1, g() % 4 ? 300 : 5000)(g);
  if (given_bins > 0) bins = given_bins;  // (drawn all the same: the stream goes on as before)
  T lower, upper;
  if constexpr (std::is_floating_point_v<T>) {
    lower = T(std::uniform_real_distribution<double>(-1500, 500)(g));
    upper = lower + T(std::uniform_real_distribution<double>(1, 2000)(g));
  } else {
    T x = uniform_value<T>(g, g() & 1), y = uniform_value<T>(g, g() & 1);
    if (x == y) {
      if (y != std::numeric_limits<T>::max()) ++y;
      else --x;
    }
    lower = std::min(x, y);
    upper = std::max(x, y);
  }
  tide::device_vector<T> d(h.begin(), h.end());
  tide::device_vector<std::uint32_t> hist(bins, 0);
  tide::histogram_even(tide::device, d.begin(), d.end(), hist.begin(), bins, lower, upper);
  std::vector<std::uint32_t> want(bins, 0);
  tide::histogram_even(tide::seq, h.begin(), h.end(), want.begin(), bins, lower, upper);
  return first_difference(from_device(hist), want, "histogram_even");
}

template <class T>
outcome run_gather_scatter(const std::vector<T>& h, std::mt19937_64& g, bool scatter) {
  const auto n = std::int64_t(h.size());
  std::vector<std::int64_t> map(h.size());
  if (scatter) {  // a permutation: equal map entries would leave the winner unspecified
    std::iota(map.begin(), map.end(), 0);
    std::shuffle(map.begin(), map.end(), g);
  } else {
    for (auto& m : map) m = n ? std::int64_t(g() % std::uint64_t(n)) : 0;
  }
  tide::device_vector<T> d(h.begin(), h.end()), out(h.size());
  tide::device_vector<std::int64_t> dm(map.begin(), map.end());
  std::vector<T> want(h.size());
  if (scatter) {
    tide::scatter(tide::device, d.begin(), d.end(), dm.begin(), out.begin());
    tide::scatter(tide::seq, h.begin(), h.end(), map.begin(), want.begin());
  } else {
    tide::gather(tide::device, dm.begin(), dm.end(), d.begin(), out.begin());
    tide::gather(tide::seq, map.begin(), map.end(), h.begin(), want.begin());
  }
  return first_difference(from_device(out), want, scatter ? "scatter" : "gather");
}

template <class T>
outcome run_min_max(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  const std::int64_t got_min = tide::min_element(tide::device, d.begin(), d.end()) - d.begin();
  const std::int64_t got_max = tide::max_element(tide::device, d.begin(), d.end()) - d.begin();
  auto mm = tide::minmax_element(tide::device, d.begin(), d.end());
  const std::int64_t want_min = tide::min_element(tide::seq, h.begin(), h.end()) - h.begin();
  const std::int64_t want_max = tide::max_element(tide::seq, h.begin(), h.end()) - h.begin();
  auto wmm = tide::minmax_element(tide::seq, h.begin(), h.end());
  if (got_min != want_min || got_max != want_max)
    return outcome::fail("min/max_element: " + std::to_string(got_min) + "," + std::to_string(got_max) + " vs " +
                         std::to_string(want_min) + "," + std::to_string(want_max));
  if (mm.first - d.begin() != wmm.first - h.begin() || mm.second - d.begin() != wmm.second - h.begin())
    return outcome::fail("minmax_element");
  return outcome::ok();
}

template <class T>
outcome run_count(const std::vector<T>& h, std::mt19937_64& g) {
  const T value = h.empty() ? T(0) : h[g() % h.size()];
  tide::device_vector<T> d(h.begin(), h.end());
  auto got = tide::count(tide::device, d.begin(), d.end(), value);
  auto want = tide::count(tide::seq, h.begin(), h.end(), value);
  if (std::int64_t(got) != std::int64_t(want))
    return outcome::fail("count: " + std::to_string(got) + " vs " + std::to_string(want));
  return outcome::ok();
}

template <class T>
outcome run_binary_searches(const std::vector<T>& h, std::mt19937_64& g, std::int64_t given_values) {
  std::vector<T> sorted = h;
  std::sort(sorted.begin(), sorted.end());  // no NaN here: < is a strict weak order
  std::int64_t m = std::uniform_int_distribution<std::int64_t>(0, 3000)(g);
  if (given_values >= 0) m = given_values;
  std::vector<T> values(static_cast<std::size_t>(m));
  for (auto& v : values) v = !sorted.empty() && g() % 2 ? sorted[g() % sorted.size()] : uniform_value<T>(g, g() & 1);
  tide::device_vector<T> d(sorted.begin(), sorted.end()), dv(values.begin(), values.end());
  tide::device_vector<std::int64_t> out(values.size());
  std::vector<std::int64_t> want(values.size());
  tide::lower_bound(tide::device, d.begin(), d.end(), dv.begin(), dv.end(), out.begin());
  tide::lower_bound(tide::seq, sorted.begin(), sorted.end(), values.begin(), values.end(), want.begin());
  if (auto r = first_difference(from_device(out), want, "lower_bound"); !r) return r;
  tide::upper_bound(tide::device, d.begin(), d.end(), dv.begin(), dv.end(), out.begin());
  tide::upper_bound(tide::seq, sorted.begin(), sorted.end(), values.begin(), values.end(), want.begin());
  if (auto r = first_difference(from_device(out), want, "upper_bound"); !r) return r;
  tide::device_vector<std::uint8_t> found(values.size());
  std::vector<std::uint8_t> want_found(values.size());
  tide::binary_search(tide::device, d.begin(), d.end(), dv.begin(), dv.end(), found.begin());
  tide::binary_search(tide::seq, sorted.begin(), sorted.end(), values.begin(), values.end(), want_found.begin());
  if (auto r = first_difference(from_device(found), want_found, "binary_search"); !r) return r;
  if (!values.empty()) {  // the scalar form too
    const T v = values[0];
    if (tide::binary_search(tide::device, d.begin(), d.end(), v) !=
        std::binary_search(sorted.begin(), sorted.end(), v))
      return outcome::fail("scalar binary_search");
  }
  return outcome::ok();
}

// Issue 17's families, each in its own file (written beside its algorithms).
#include "fuzz_adjacent_difference.hpp"
#include "fuzz_find.hpp"
#include "fuzz_partition.hpp"
#include "fuzz_replace_reverse.hpp"
#include "fuzz_set_operations.hpp"
#include "fuzz_shuffle.hpp"

template <class T>
outcome run_case_typed(const case_desc& c, std::mt19937_64& g) {
  const bool nan_ok = nan_defined(c.algorithm);
  const std::vector<T> h = draw_values<T>(g, c.n, c.distribution, nan_ok);
  switch (c.algorithm) {
    case alg::reduce: return run_reduce(h);
    case alg::reduce_max: return run_reduce_max(h);
    case alg::transform_reduce: return run_transform_reduce(h);
    case alg::reduce_affine: return run_reduce_affine(h);
    case alg::inclusive_scan: return run_scan(h, false);
    case alg::exclusive_scan: return run_scan(h, true);
    case alg::scan_affine: return run_scan_affine(h);
    case alg::reduce_by_key: return run_reduce_by_key(h, g);
    case alg::inclusive_scan_by_key: return run_scan_by_key(h, g, false);
    case alg::exclusive_scan_by_key: return run_scan_by_key(h, g, true);
    case alg::copy_if: return run_copy_if(h, g);
    case alg::unique: return run_unique(h);
    case alg::sort: return run_sort(h, tide::less<T>(), "sort");
    case alg::sort_greater: return run_sort(h, tide::greater<T>(), "sort with greater");
    case alg::sort_comparator: return run_sort(h, by_low_bits<T>(), "sort with a comparator");
    case alg::stable_sort_by_key: return run_sort_by_key(h);
    case alg::merge: return run_merge(h, g);
    case alg::histogram_even: return run_histogram_even(h, g, c.bins);
    case alg::gather: return run_gather_scatter(h, g, false);
    case alg::scatter: return run_gather_scatter(h, g, true);
    case alg::min_max_element: return run_min_max(h);
    case alg::count: return run_count(h, g);
    case alg::binary_searches: return run_binary_searches(h, g, c.values);
    case alg::partition: return run_partition(h, g);
    case alg::stable_partition: return run_stable_partition(h, g);
    case alg::partition_copy: return run_partition_copy(h, g);
    case alg::unique_by_key: return run_unique_by_key(h, g);
    case alg::unique_count: return run_unique_count(h);
    case alg::find: return run_find(h, g);
    case alg::mismatch: return run_mismatch(h, g);
    case alg::is_sorted: return run_is_sorted(h, g);
    case alg::partition_point: return run_partition_point(h, g);
    case alg::equal_range: return run_equal_range(h, g);
    case alg::replace: return run_replace(h, g);
    case alg::reverse: return run_reverse(h, g);
    case alg::swap_ranges: return run_swap_ranges(h, g);
    case alg::generate: return run_generate(h, g);
    case alg::adjacent_difference: return run_adjacent_difference(h, g);
    case alg::transform_inclusive_scan: return run_transform_scan(h, g, false);
    case alg::transform_exclusive_scan: return run_transform_scan(h, g, true);
    case alg::set_operation: return run_set_operation(h, g, int(g() % 4));
    case alg::set_operation_by_key: return run_set_operation_by_key(h, g, int(g() % 4));
    case alg::shuffle: return run_shuffle(h, g);
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
/// histogram_even takes, half the time, a bin count where its path changes. An algorithm and type
/// with no boundary sizes gives describe's ordinary case.
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

int main(int argc, char** argv) {
  double seconds = 10;
  std::uint64_t seed = std::random_device{}() * 0x100000001ull ^ std::uint64_t(std::random_device{}());
  bool one_case = false, boundary = false, verbose = false;
  std::uint64_t case_seed = 0;
  int max_log2 = 22;
  for (int i = 1; i < argc; ++i) {
    std::string v;
    if (arg_value(argv[i], "--seconds", v)) seconds = std::atof(v.c_str());
    else if (arg_value(argv[i], "--seed", v)) seed = std::strtoull(v.c_str(), nullptr, 10);
    else if (arg_value(argv[i], "--case", v)) one_case = true, case_seed = std::strtoull(v.c_str(), nullptr, 10);
    else if (std::strcmp(argv[i], "--boundary") == 0) boundary = true;
    else if (arg_value(argv[i], "--max-log2", v)) max_log2 = std::max(1, std::min(30, std::atoi(v.c_str())));
    else if (std::strcmp(argv[i], "--verbose") == 0) verbose = true;
    else {
      std::fprintf(stderr,
                   "usage: %s [--seconds=S] [--seed=N] [--case=SEED [--boundary]] [--max-log2=K] [--verbose]\n",
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
  std::printf("tide_fuzz: seed %" PRIu64 ", %.0f s, sizes up to 2^%d%s\n", seed, seconds, max_log2,
              TIDE_FUZZ_BOUNDARIES ? ", every third case at a path boundary" : "");
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
