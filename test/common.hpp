#pragma once
// What every test file shares: the backends under test, random inputs, copies between the
// containers, and comparisons.
//
// Each behaviour is one TEST_CASE_TEMPLATE over TIDE_TEST_BACKENDS, so it runs on seq, par and the
// device system of this build (CUDA, OMP or CPP).

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <tide/tide.hpp>

namespace tide_test {

struct seq_backend {
  static constexpr const char* name = "seq";
  static constexpr auto policy() { return tide::seq; }
  template <class T> using vector = tide::host_vector<T>;
};
struct par_backend {
  static constexpr const char* name = "par";
  static constexpr auto policy() { return tide::par; }
  template <class T> using vector = tide::host_vector<T>;
};
struct device_backend {
  static constexpr const char* name = "device";
  static constexpr auto policy() { return tide::device; }
  template <class T> using vector = tide::device_vector<T>;
};
#define TIDE_TEST_BACKENDS tide_test::seq_backend, tide_test::par_backend, tide_test::device_backend

/// The run's seed: TIDE_TEST_SEED, or fresh from the clock/random_device (printed by main).
inline std::uint64_t seed() {
  static const std::uint64_t s = [] {
    if (const char* env = std::getenv("TIDE_TEST_SEED")) return static_cast<std::uint64_t>(std::strtoull(env, nullptr, 10));
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }();
  return s;
}

/// A generator for one test, derived from the run's seed and a salt naming the test.
inline std::mt19937_64 rng(const std::string& salt) {
  return std::mt19937_64(seed() ^ std::hash<std::string>{}(salt));
}

/// The sizes most cases run: empty, single, tiny, odd, a tile, and past a million (2^20+7).
/// TIDE_TEST_SMALL=1 (the sanitizer runs) stops at a few tiles.
inline std::vector<std::int64_t> sizes() {
  if (std::getenv("TIDE_TEST_SMALL")) return {0, 1, 2, 31, 1000, 4099};
  return {0, 1, 2, 31, 1000, (1 << 20) + 7};
}

/// Whether this build runs under AddressSanitizer. Its operator new aborts on a size it cannot
/// serve instead of throwing std::bad_alloc, so the cases that ask for more memory than exists
/// are skipped under it (reported as skipped).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool under_asan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool under_asan = true;
#else
inline constexpr bool under_asan = false;
#endif
#else
inline constexpr bool under_asan = false;
#endif

/// Whether the large-size cases run (TIDE_TEST_LARGE=1, on the GPU: 2^24+1, 2^28, past 2^31).
inline bool large_enabled() { return std::getenv("TIDE_TEST_LARGE") != nullptr; }

/// n random values of T; integers in [lo, hi], floats uniform in [lo, hi).
template <class T>
std::vector<T> random_vector(std::int64_t n, const std::string& salt, double lo = -1000, double hi = 1000) {
  auto g = rng(salt + "#" + std::to_string(n));
  std::vector<T> v(static_cast<std::size_t>(n));
  if constexpr (std::is_floating_point_v<T>) {
    std::uniform_real_distribution<double> d(lo, hi);
    // A double just under hi can round up to hi in a narrower T; keep the promised [lo, hi).
    const T top = std::nextafter(static_cast<T>(hi), static_cast<T>(lo));
    for (auto& x : v) x = std::min(static_cast<T>(d(g)), top);
  } else if constexpr (std::is_same_v<T, bool>) {
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = (g() & 1) != 0;
  } else {
    if constexpr (std::is_unsigned_v<T>) lo = std::max(lo, 0.0);
    double lo_t = std::max<double>(lo, static_cast<double>(std::numeric_limits<T>::lowest()));
    double hi_t = std::min<double>(hi, static_cast<double>(std::numeric_limits<T>::max()));
    std::uniform_int_distribution<long long> d(static_cast<long long>(lo_t), static_cast<long long>(hi_t));
    for (auto& x : v) x = static_cast<T>(d(g));
  }
  return v;
}

/// Calls f(T{}) for each arithmetic type most cases run.
template <class F>
void for_arithmetic_types(F f) {
  f(std::int32_t{});
  f(std::uint32_t{});
  f(std::int64_t{});
  f(float{});
  f(double{});
}

/// f(T{}) for every key type the sorts and merges are tested with.
template <class F>
void for_each_key_type(F f) {
  f(std::int8_t{});
  f(std::int16_t{});
  f(std::int32_t{});
  f(std::uint32_t{});
  f(std::int64_t{});
  f(std::uint64_t{});
  f(float{});
  f(double{});
}

/// Keys in runs of 1..max_run equal values (runs of equal keys are the segments).
inline std::vector<int> random_runs(std::int64_t n, const std::string& salt, int max_run) {
  auto g = rng(salt + "#" + std::to_string(n));
  std::uniform_int_distribution<int> run(1, max_run);
  std::vector<int> keys(static_cast<std::size_t>(n));
  int key = 0;
  for (std::int64_t i = 0; i < n;) {
    int len = run(g);
    for (int j = 0; j < len && i < n; ++j) keys[i++] = key;
    key += 1 + static_cast<int>(g() % 3);
  }
  return keys;
}

/// The backend's container holding `v`.
template <class B, class T>
typename B::template vector<T> to_backend(const std::vector<T>& v) {
  return typename B::template vector<T>(v.begin(), v.end());
}

/// Copies any tide vector back to a std::vector.
template <class V>
std::vector<typename V::value_type> to_std(const V& v) {
  std::vector<typename V::value_type> out(v.size());
  tide::copy(v.begin(), v.end(), out.begin());
  return out;
}

/// Float results computed in another order: equal within a relative tolerance.
template <class T>
bool close(T got, double want, double rel = 1e-5) {
  if constexpr (std::is_floating_point_v<T>) {
    double tol = rel * std::max(1.0, std::fabs(want)) * (std::is_same_v<T, float> ? 100 : 1);
    return std::fabs(static_cast<double>(got) - want) <= tol;
  } else {
    return static_cast<double>(got) == want;
  }
}

/// Bitwise equality (tells -0.0 from +0.0 and compares NaNs).
template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

/// tide's key order (detail/radix_traits.hpp), ascending or descending.
template <class T, bool Descending>
using key_order = tide::detail::radix_order_less<T, Descending>;

/// Predicates and operators several families test with.
struct above {
  double threshold;
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return static_cast<double>(x) > threshold; }
};
struct is_even {
  TIDE_HOST_DEVICE bool operator()(int x) const { return x % 2 == 0; }
};
/// 2x + 1: exact in every type (a fused multiply-add on the device gives the same bits).
struct times2_plus1 {
  template <class T>
  TIDE_HOST_DEVICE T operator()(const T& x) const { return static_cast<T>(x * T(2) + T(1)); }
};
/// Orders ints by absolute value: x and -x tie, so stability shows.
struct by_abs {
  TIDE_HOST_DEVICE bool operator()(int a, int b) const { return (a < 0 ? -a : a) < (b < 0 ? -b : b); }
};

/// A small user type for algorithms that take any trivially copyable T.
struct point {
  int x, y;
  TIDE_HOST_DEVICE friend bool operator==(const point& a, const point& b) { return a.x == b.x && a.y == b.y; }
};
struct point_add {
  TIDE_HOST_DEVICE point operator()(const point& a, const point& b) const { return {a.x + b.x, a.y + b.y}; }
};

/// A non-commutative associative operator: composition of affine maps x -> a*x + b (integers mod
/// 2^32 keep it exact).
struct affine {
  std::uint32_t a, b;
  TIDE_HOST_DEVICE friend bool operator==(const affine& l, const affine& r) { return l.a == r.a && l.b == r.b; }
};
struct affine_compose {  // first l, then r
  TIDE_HOST_DEVICE affine operator()(const affine& l, const affine& r) const {
    return {r.a * l.a, r.a * l.b + r.b};
  }
};

}  // namespace tide_test
