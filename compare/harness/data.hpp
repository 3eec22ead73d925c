#pragma once
// Inputs (counter-based random numbers, so any element can be made on any thread) and the checks
// that compare a library's result with the host reference. A check returns "" when the result is
// right, else what is wrong.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace cmp {

inline std::uint64_t mix64(std::uint64_t x) {  // splitmix64's finalizer
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
inline std::uint64_t random_at(std::uint64_t seed, std::uint64_t i) { return mix64(mix64(seed) ^ i); }

/// Fills v[i] = f(i) on all host threads.
template <class T, class F>
void parallel_fill(std::vector<T>& v, F f) {
  const std::int64_t n = static_cast<std::int64_t>(v.size());
#if defined(_OPENMP)
#pragma omp parallel for schedule(static)
#endif
  for (std::int64_t i = 0; i < n; ++i) v[i] = f(i);
}

/// Unsigned integers over their whole range; floats in [0, 1) (exact multiples of 2^-24 / 2^-53).
template <class T>
T uniform_value(std::uint64_t r) {
  if constexpr (std::is_same_v<T, float>) return float(r >> 40) * (1.0f / 16777216.0f);
  else if constexpr (std::is_same_v<T, double>) return double(r >> 11) * (1.0 / 9007199254740992.0);
  else return static_cast<T>(r);
}

template <class T>
std::vector<T> uniform(std::int64_t n, std::uint64_t seed) {
  std::vector<T> v(static_cast<std::size_t>(n));
  parallel_fill(v, [&](std::int64_t i) { return uniform_value<T>(random_at(seed, i)); });
  return v;
}

/// A random permutation of [0, n): a keyed bijection on the next power of two, walked until it
/// lands below n. O(1) per element, so 2^30 entries take a moment, not a minute.
class random_permutation_fn {
 public:
  random_permutation_fn(std::uint64_t n, std::uint64_t seed) : n_(n) {
    while ((std::uint64_t(1) << bits_) < n) ++bits_;
    mask_ = bits_ >= 64 ? ~0ull : (std::uint64_t(1) << bits_) - 1;
    for (auto& k : keys_) k = (seed = mix64(seed));
  }
  std::uint64_t operator()(std::uint64_t i) const {
    std::uint64_t x = step(i);
    while (x >= n_) x = step(x);
    return x;
  }

 private:
  std::uint64_t step(std::uint64_t x) const {
    const unsigned half = bits_ / 2 + 1;
    for (std::uint64_t k : keys_) {  // each line is a bijection on bits_-bit integers
      x = (x ^ k) & mask_;
      x = (x * (k | 1)) & mask_;
      x ^= x >> half;
    }
    return x;
  }
  std::uint64_t n_, mask_ = 0;
  unsigned bits_ = 1;
  std::uint64_t keys_[4];
};

template <class Index>
std::vector<Index> random_permutation(std::int64_t n, std::uint64_t seed) {
  std::vector<Index> v(static_cast<std::size_t>(n));
  random_permutation_fn p(std::uint64_t(n), seed);
  parallel_fill(v, [&](std::int64_t i) { return static_cast<Index>(p(std::uint64_t(i))); });
  return v;
}

template <class T>
std::uint64_t bits_of(const T& x) {
  std::uint64_t b = 0;
  std::memcpy(&b, &x, sizeof(T) < 8 ? sizeof(T) : 8);
  return b;
}

/// An order-independent hash of a multiset: two arrays with equal hashes hold the same elements
/// (for all practical purposes), so a sort's output can be checked in O(n).
template <class T>
std::uint64_t multiset_hash(const T* p, std::int64_t n) {
  std::uint64_t h = 0;
#if defined(_OPENMP)
#pragma omp parallel for reduction(+ : h) schedule(static)
#endif
  for (std::int64_t i = 0; i < n; ++i) h += mix64(bits_of(p[i]) * 0x2545f4914f6cdd1dull + 1);
  return h;
}
/// The same for (key, value) pairs.
template <class K, class V>
std::uint64_t multiset_hash(const K* k, const V* v, std::int64_t n) {
  std::uint64_t h = 0;
#if defined(_OPENMP)
#pragma omp parallel for reduction(+ : h) schedule(static)
#endif
  for (std::int64_t i = 0; i < n; ++i) h += mix64(mix64(bits_of(k[i])) ^ bits_of(v[i]));
  return h;
}

template <class T>
std::string show(const T& x) {
  std::ostringstream s;
  s.precision(10);
  if constexpr (sizeof(T) == 1) s << int(x);
  else s << x;
  return s.str();
}

/// Element-wise equality (bitwise meaning for integers; == for floats).
template <class T>
std::string compare_exact(const T* got, const T* want, std::int64_t n, const char* what = "element") {
  for (std::int64_t i = 0; i < n; ++i)
    if (!(got[i] == want[i]))
      return std::string(what) + " " + std::to_string(i) + " is " + show(got[i]) + ", expected " + show(want[i]);
  return "";
}

/// |got - want| <= tol * max(1, |want|), want computed in double.
template <class T>
std::string compare_close(const T* got, const double* want, std::int64_t n, double tol) {
  for (std::int64_t i = 0; i < n; ++i) {
    double g = double(got[i]), w = want[i];
    if (!(std::fabs(g - w) <= tol * std::fmax(1.0, std::fabs(w))))
      return "element " + std::to_string(i) + " is " + show(g) + ", expected " + show(w);
  }
  return "";
}

inline double tolerance_for(const char* type) {
  std::string t = type;
  return t == "f32" ? 1e-3 : t == "f64" ? 1e-9 : 0.0;
}

/// Sorted by `comp` (no later element ordered before an earlier one) and the same multiset as the input.
template <class T, class Comp>
std::string check_sorted(const T* got, std::int64_t n, std::uint64_t input_hash, Comp comp) {
  for (std::int64_t i = 1; i < n; ++i)
    if (comp(got[i], got[i - 1]))
      return "out of order at " + std::to_string(i) + ": " + show(got[i - 1]) + " then " + show(got[i]);
  if (multiset_hash(got, n) != input_hash) return "the output is not a permutation of the input";
  return "";
}

}  // namespace cmp
