#pragma once
// The path-boundary sweep (issue 15), CUDA system only: each CUDA algorithm, for each element type
// it dispatches on, at each size where its code changes path or tuning, against tide::seq. The
// sizes come from the tuning structs and thresholds themselves (backend/cuda/path_boundaries.hpp),
// so a retune moves them with it. Sizes above the limit (sweep_limit: 2^25 items by default) are
// listed in the output, not run; the 2^30-key portions of the radix sort run in test_large too.
//
// Inputs are made once per algorithm and type at the largest size, copied to the device once, and
// each size runs on a prefix. Sums use values whose every partial sum is exact (integers wrap in
// their unsigned type; floats are small integers), so every comparison is exact, bit for bit.
//
// One program, test_path_boundaries, built from the sources of this folder (one to three
// TEST_CASEs each, grouped by what nvcc takes over them; the partitions, the heaviest, alone): nvcc
// took over 10 minutes on the sweep as one source, and compiles the parts in parallel. This header
// holds what the parts share, as inline functions, templates and classes (one definition in each).
#include <chrono>
#include <cstdio>
#include <numeric>
#include <tide/backend/cuda/path_boundaries.hpp>

#include "common.hpp"

namespace boundary_sweep {

namespace pb = tide::backend::cuda::boundaries;
using tide_test::rng;

/// 2^25 items; 2^31 under TIDE_TEST_LARGE; 2^14 under TIDE_TEST_SMALL (the sanitizer runs: every
/// boundary of the one-block paths and the first tiles, at a cost compute-sanitizer can bear).
inline std::int64_t sweep_limit() {
  if (tide_test::large_enabled()) return std::int64_t(1) << 31;
  if (std::getenv("TIDE_TEST_SMALL")) return std::int64_t(1) << 14;
  return pb::default_limit;
}

template <class T>
const char* type_name() {
  if constexpr (std::is_same_v<T, std::int8_t>)
    return "int8";
  else if constexpr (std::is_same_v<T, std::uint8_t>)
    return "uint8";
  else if constexpr (std::is_same_v<T, std::int16_t>)
    return "int16";
  else if constexpr (std::is_same_v<T, std::uint16_t>)
    return "uint16";
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return "int32";
  else if constexpr (std::is_same_v<T, std::uint32_t>)
    return "uint32";
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return "int64";
  else if constexpr (std::is_same_v<T, std::uint64_t>)
    return "uint64";
  else if constexpr (std::is_same_v<T, float>)
    return "float";
  else
    return "double";
}

/// f(T{}) for every arithmetic element type the CUDA algorithms are instantiated on here.
template <class F>
void for_each_element_type(F f) {
  f(std::int8_t{});
  f(std::uint8_t{});
  f(std::int16_t{});
  f(std::uint16_t{});
  f(std::int32_t{});
  f(std::uint32_t{});
  f(std::int64_t{});
  f(std::uint64_t{});
  f(float{});
  f(double{});
}

/// Integers in their unsigned type (sums wrap, defined); floats as they are.
template <class T>
using sum_t = typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>, std::enable_if<true, T>>::type;

/// Values whose sums are exact in any order: integers over every bit pattern (they wrap), floats
/// in {-2, ..., 2}.
template <class T>
std::vector<T> sum_values(std::int64_t n, const std::string& salt) {
  auto g = rng(salt);
  std::vector<T> v(static_cast<std::size_t>(n));
  for (auto& x : v) {
    if constexpr (std::is_floating_point_v<T>)
      x = T(int(g() % 5) - 2);
    else
      x = T(g());
  }
  return v;
}

/// Keys over every bit pattern; floats spread over magnitudes and signs, with a few NaNs, zeros of
/// both signs and infinities.
template <class T>
std::vector<T> key_values(std::int64_t n, const std::string& salt) {
  auto g = rng(salt);
  std::vector<T> v(static_cast<std::size_t>(n));
  for (auto& x : v) {
    if constexpr (std::is_floating_point_v<T>) {
      const std::uint64_t r = g();
      switch (r % 64) {
        case 0:
          x = std::numeric_limits<T>::quiet_NaN();
          break;
        case 1:
          x = T(-0.0);
          break;
        case 2:
          x = T(0.0);
          break;
        case 3:
          x = (r & 64) ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
          break;
        default:
          x = static_cast<T>(std::ldexp(double(std::int64_t(r >> 11)) / double(1ll << 52) - 1.0, int(r % 41) - 20));
      }
    } else {
      std::uint64_t bits = g();
      std::memcpy(&x, &bits, sizeof(T));
    }
  }
  return v;
}

/// Keys in runs of 1 to 16 equal values (segments for the by-key algorithms and unique).
template <class T>
std::vector<T> run_keys(std::int64_t n, const std::string& salt) {
  auto g = rng(salt);
  std::vector<T> v(static_cast<std::size_t>(n));
  T key = T(0);
  for (std::int64_t i = 0; i < n;) {
    const int len = 1 + int(g() % 16);
    for (int j = 0; j < len && i < n; ++j) v[i++] = key;
    key = T(key + T(1 + g() % 3));
  }
  return v;
}

template <class T>
std::vector<T> first_n(const std::vector<T>& v, std::int64_t n) {
  return std::vector<T>(v.begin(), v.begin() + n);
}
template <class T>
std::vector<T> device_prefix(const tide::device_vector<T>& d, std::int64_t n) {
  std::vector<T> h(static_cast<std::size_t>(n));
  tide::copy(d.begin(), d.begin() + n, h.begin());
  return h;
}

/// Runs check(n) for each size of `e`, reports what lies beyond the limit; one line of timing.
template <class Check>
void sweep(const char* family, const char* type, const pb::edges& e, Check check) {
  const auto t0 = std::chrono::steady_clock::now();
  for (std::int64_t n : e.sizes) {
    CAPTURE(family);
    CAPTURE(type);
    CAPTURE(n);
    check(n);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::string beyond;
  for (std::int64_t n : e.beyond) beyond += " " + std::to_string(n);
  std::fprintf(stderr, "  %-14s %-7s %3zu sizes up to %lld in %.2f s%s%s\n", family, type, e.sizes.size(),
               e.sizes.empty() ? 0ll : (long long)e.sizes.back(), s,
               beyond.empty() ? "" : "; beyond the limit:", beyond.c_str());
}

inline std::int64_t largest(const pb::edges& e) { return e.sizes.empty() ? 0 : e.sizes.back(); }

/// Orders T by the low 4 bits of its bits (many ties: stability shows); a comparator of the
/// caller's, so the merge sort runs.
struct by_low_bits {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& a, const T& b) const {
    return low(a) < low(b);
  }
  template <class T>
  TIDE_HOST_DEVICE static unsigned low(const T& x) {
    unsigned char c[sizeof(T)];
    memcpy(c, &x, sizeof(T));
    return c[0] & 15u;
  }
};

/// Inverts every bit of x in place (exact for any value, NaNs included).
struct flip_bits {
  template <class T>
  TIDE_HOST_DEVICE void operator()(T& x) const {
    unsigned char c[sizeof(T)];
    memcpy(c, &x, sizeof(T));
    for (auto& b : c) b = static_cast<unsigned char>(~b);
    memcpy(&x, c, sizeof(T));
  }
};

struct positive {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& x) const {
    return x > T(0);
  }
};


/// The stable order of v under by_low_bits, by counting (tens of millions of keys: a comparison
/// sort on the host would take most of the test's time).
template <class T>
std::vector<std::uint32_t> low_bits_order(const std::vector<T>& v) {
  std::size_t start[17] = {};
  for (const T& x : v) ++start[by_low_bits::low(x) + 1];
  for (int b = 0; b < 16; ++b) start[b + 1] += start[b];
  std::vector<std::uint32_t> order(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) order[start[by_low_bits::low(v[i])]++] = std::uint32_t(i);
  return order;
}

/// Sorts the first n keys (and their positions, when pairs) on the device and on seq with comp,
/// and compares bit for bit (every sort is stable, so the result is unique).
template <class T, class Comp>
void check_sort_prefix(const std::vector<T>& h, const tide::device_vector<T>& d, std::int64_t n, bool pairs, Comp comp,
                       const char* what) {
  tide::device_vector<T> dk(d.begin(), d.begin() + n);
  std::vector<T> want(h.begin(), h.begin() + n);
  std::vector<std::uint32_t> idx(static_cast<std::size_t>(n));
  std::iota(idx.begin(), idx.end(), 0u);
  auto reference = [&] {
    if constexpr (std::is_same_v<Comp, by_low_bits>) {
      idx = low_bits_order(want);
      for (std::size_t i = 0; i < idx.size(); ++i) want[i] = h[idx[i]];
    } else {
      tide::sort_by_key(tide::seq, want.begin(), want.end(), idx.begin(), comp);
    }
  };
  if (pairs) {
    tide::device_vector<std::uint32_t> dv(static_cast<std::size_t>(n));
    tide::sequence(tide::device, dv.begin(), dv.end());
    tide::sort_by_key(tide::device, dk.begin(), dk.end(), dv.begin(), comp);
    reference();
    INFO("sort_by_key, " << what);
    CHECK_MESSAGE(tide_test::same_bits(tide_test::to_std(dk), want), "keys");
    CHECK_MESSAGE(tide_test::to_std(dv) == idx, "values");
  } else {
    tide::sort(tide::device, dk.begin(), dk.end(), comp);
    reference();
    INFO("sort, " << what);
    CHECK(tide_test::same_bits(tide_test::to_std(dk), want));
  }
}
}  // namespace boundary_sweep
