#pragma once
// What tide_fuzz's sources share (fuzz.cpp says what the fuzzer does): the operators more than one
// family uses, the case (algorithm, element type, size, distribution), the drawn values, and the
// comparisons. fuzz.cpp draws each case and its values and hands them to the case's family; each
// family is a source of its own (fuzz_<family>.cpp: nvcc compiles them in parallel, where as one
// source the fuzzer took it minutes), through the entry points declared at the end. Everything
// here is a class, a template or inline: one definition in every source.
#include <tide/tide.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace tide_fuzz {

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
/// run_transform_scan's transform (fuzz_transform_scan.cpp), here for boundary_sizes.hpp too.
/// 2x + 1 for integers (wrapping in the unsigned type), -x for floats: exact in every type.
struct fuzz_scan_transform {
  template <class T>
  TIDE_HOST_DEVICE T operator()(const T& x) const {
    if constexpr (std::is_floating_point_v<T>) return -x;
    else return static_cast<T>(x * T(2) + T(1));
  }
};

// ---- cases ------------------------------------------------------------------------------------

enum class dist { uniform, small_range, all_equal, few_distinct, sorted, reversed, specials, count };

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
  histogram_range,
  count_
};

struct case_desc {
  std::uint64_t seed;
  alg algorithm;
  int type;
  std::int64_t n;
  dist distribution;
  bool boundary = false;     ///< drawn by describe_boundary: n is a path boundary
  int bins = 0;              ///< histogram_even: this many bins (0: drawn from the case's stream;
                             ///< histogram_range draws its bins with its bounds' type)
  std::int64_t values = -1;  ///< binary_searches: this many values (-1: drawn, 0 to 3000)
};

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

// ---- the families: each in a source of its own -------------------------------------------------

// Case c of a family, on the values h drawn for it, with the rest of the case's stream g: the
// family's run_* function for c.algorithm (fuzz.cpp's run_case_typed picks the family). Each is
// defined, and instantiated for every element type, in its source (fuzz_<family>.cpp).
template <class T>
outcome run_reduce_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g);
template <class T>
outcome run_scan_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g);
template <class T>
outcome run_select_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g);
template <class T>
outcome run_sort_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g);
template <class T>
outcome run_search_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g);
template <class T>
outcome run_move_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g);
template <class T>
outcome run_transform_scan_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g);
template <class T>
outcome run_set_operations_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g);

}  // namespace tide_fuzz

/// Instantiates a family's entry point for each element type fuzz.cpp draws (type_names there),
/// inside namespace tide_fuzz.
#define TIDE_FUZZ_INSTANTIATE_ONE(family, T) \
  template outcome family<T>(const case_desc&, const std::vector<T>&, std::mt19937_64&);
#define TIDE_FUZZ_INSTANTIATE_FAMILY(family)                                                              \
  TIDE_FUZZ_INSTANTIATE_ONE(family, std::int8_t) TIDE_FUZZ_INSTANTIATE_ONE(family, std::uint8_t)         \
  TIDE_FUZZ_INSTANTIATE_ONE(family, std::int32_t) TIDE_FUZZ_INSTANTIATE_ONE(family, std::uint32_t)       \
  TIDE_FUZZ_INSTANTIATE_ONE(family, std::int64_t) TIDE_FUZZ_INSTANTIATE_ONE(family, std::uint64_t)       \
  TIDE_FUZZ_INSTANTIATE_ONE(family, float) TIDE_FUZZ_INSTANTIATE_ONE(family, double)
