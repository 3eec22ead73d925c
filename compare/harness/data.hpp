#pragma once
// Inputs (counter-based random numbers, so any element can be made on any thread), the host
// references' parallel building blocks, and the checks that compare a library's result with the
// host reference. A check returns "" when the result is right, else what is wrong (the first
// wrong element). Everything that walks n elements runs on all host threads (OpenMP), so that a
// 2^30-element case spends its time on the device, not in one host thread.

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <sstream>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

#include "progress.hpp"

namespace cmp {

/// Big host blocks (16 MiB and up) kept after use and handed out again: a fresh block's pages fault
/// in one by one (in a VM about 2.5 GB/s, whatever the threads), a reused block's are there. A
/// request takes the smallest kept block that holds it, if that is at most twice the request. At
/// most a quarter of the host's memory (and 32 GiB) is kept; beyond that, blocks are freed.
class host_block_pool {
 public:
  static constexpr std::size_t min_bytes = std::size_t(16) << 20;

  static host_block_pool& get() {
    static host_block_pool pool;
    return pool;
  }
  void* take(std::size_t bytes) {
    std::lock_guard<std::mutex> lock(m_);
    auto it = kept_.lower_bound(bytes);
    if (it != kept_.end() && it->first <= 2 * bytes) {
      void* p = it->second;
      kept_bytes_ -= it->first;
      kept_.erase(it);
      return p;
    }
    const std::size_t size = (bytes + (std::size_t(2) << 20) - 1) & ~((std::size_t(2) << 20) - 1);
    void* p = std::malloc(size);
    if (!p) {  // what is kept may be what is missing
      release_locked();
      p = std::malloc(size);
      if (!p) throw std::bad_alloc();
    }
    size_of_[p] = size;
    return p;
  }
  void give(void* p) {
    std::lock_guard<std::mutex> lock(m_);
    const std::size_t size = size_of_.at(p);
    kept_.emplace(size, p);
    kept_bytes_ += size;
    while (kept_bytes_ > limit_ && !kept_.empty()) {  // the largest go first: they hold the most
      auto last = std::prev(kept_.end());
      kept_bytes_ -= last->first;
      size_of_.erase(last->second);
      std::free(last->second);
      kept_.erase(last);
    }
  }
  void release() {
    std::lock_guard<std::mutex> lock(m_);
    release_locked();
  }

 private:
  host_block_pool() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    const std::size_t memory = pages > 0 && page > 0 ? std::size_t(pages) * std::size_t(page) : (std::size_t(8) << 30);
    limit_ = std::min(memory / 4, std::size_t(32) << 30);
  }
  void release_locked() {
    for (auto& kept : kept_) {
      size_of_.erase(kept.second);
      std::free(kept.second);
    }
    kept_.clear();
    kept_bytes_ = 0;
  }
  std::mutex m_;
  std::multimap<std::size_t, void*> kept_;          // size -> block
  std::unordered_map<void*, std::size_t> size_of_;  // every block made: its size
  std::size_t kept_bytes_ = 0, limit_ = 0;
};

/// An allocator whose value-less construct() leaves trivial elements uninitialized: a host_vec<T>(n)
/// costs no serial zero fill, and its pages are first touched by the parallel loop that fills it
/// (or were touched before: big blocks come from host_block_pool).
template <class T>
struct default_init_allocator : std::allocator<T> {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = default_init_allocator<U>;
  };
  default_init_allocator() = default;
  template <class U>
  default_init_allocator(const default_init_allocator<U>&) noexcept {}
  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < host_block_pool::min_bytes) return std::allocator<T>::allocate(n);
    return static_cast<T*>(host_block_pool::get().take(bytes));
  }
  void deallocate(T* p, std::size_t n) {
    if (n * sizeof(T) < host_block_pool::min_bytes) return std::allocator<T>::deallocate(p, n);
    host_block_pool::get().give(p);
  }
  friend bool operator==(const default_init_allocator&, const default_init_allocator&) { return true; }
  friend bool operator!=(const default_init_allocator&, const default_init_allocator&) { return false; }
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
template <class T>
using host_vec = std::vector<T, default_init_allocator<T>>;

inline int host_threads() {
#if defined(_OPENMP)
  return omp_get_max_threads();
#else
  return 1;
#endif
}

/// f(i) for i in [0, n), on all host threads.
template <class F>
void parallel_for(std::int64_t n, F f) {
#if defined(_OPENMP)
#pragma omp parallel for schedule(static)
#endif
  for (std::int64_t i = 0; i < n; ++i) f(i);
}

/// f(chunk, begin, end) for `chunks` contiguous chunks of [0, n) (chunk c on thread c when there
/// are as many threads): the shape of the two-pass scans and compactions below.
template <class F>
void parallel_chunks(std::int64_t n, int chunks, F f) {
#if defined(_OPENMP)
#pragma omp parallel for schedule(static, 1)
#endif
  for (int c = 0; c < chunks; ++c) f(c, n * c / chunks, n * (c + 1) / chunks);
}

/// Sum of f(i) over [0, n) in Acc: exact for integers (wrapping), a parallel order of additions for
/// floating point (the references' doubles: far below the checks' tolerances).
template <class Acc, class F>
Acc parallel_sum(std::int64_t n, F f) {
  Acc total = Acc(0);
#if defined(_OPENMP)
#pragma omp parallel
#endif
  {
    Acc local = Acc(0);
#if defined(_OPENMP)
#pragma omp for schedule(static) nowait
#endif
    for (std::int64_t i = 0; i < n; ++i) local = Acc(local + f(i));
#if defined(_OPENMP)
#pragma omp critical
#endif
    total = Acc(total + local);
  }
  return total;
}

/// out[i] = f(0) + ... + f(i) in Acc (inclusive; two passes over chunks).
template <class Acc, class F>
void parallel_inclusive_scan(std::int64_t n, Acc* out, F f) {
  const int chunks = std::max(1, std::min<int>(host_threads(), int(n / 4096) + 1));
  std::vector<Acc> sums(std::size_t(chunks) + 1, Acc(0));
  parallel_chunks(n, chunks, [&](int c, std::int64_t b, std::int64_t e) {
    Acc acc = Acc(0);
    for (std::int64_t i = b; i < e; ++i) acc = Acc(acc + f(i));
    sums[std::size_t(c) + 1] = acc;
  });
  for (int c = 0; c < chunks; ++c) sums[std::size_t(c) + 1] = Acc(sums[std::size_t(c) + 1] + sums[std::size_t(c)]);
  parallel_chunks(n, chunks, [&](int c, std::int64_t b, std::int64_t e) {
    Acc acc = sums[std::size_t(c)];
    for (std::int64_t i = b; i < e; ++i) out[i] = acc = Acc(acc + f(i));
  });
}

/// Appends to `out`, in order, every i in [0, n) with keep(i) true, as make(i) (two passes).
template <class Vec, class Keep, class Make>
void parallel_select(std::int64_t n, Vec& out, Keep keep, Make make) {
  const int chunks = std::max(1, std::min<int>(host_threads(), int(n / 4096) + 1));
  std::vector<std::int64_t> counts(std::size_t(chunks) + 1, 0);
  parallel_chunks(n, chunks, [&](int c, std::int64_t b, std::int64_t e) {
    std::int64_t k = 0;
    for (std::int64_t i = b; i < e; ++i) k += keep(i) ? 1 : 0;
    counts[std::size_t(c) + 1] = k;
  });
  for (int c = 0; c < chunks; ++c) counts[std::size_t(c) + 1] += counts[std::size_t(c)];
  const std::size_t base = out.size();
  out.resize(base + std::size_t(counts[std::size_t(chunks)]));
  parallel_chunks(n, chunks, [&](int c, std::int64_t b, std::int64_t e) {
    std::size_t o = base + std::size_t(counts[std::size_t(c)]);
    for (std::int64_t i = b; i < e; ++i)
      if (keep(i)) out[o++] = make(i);
  });
}

/// The smallest i in [0, n) with bad(i), or n.
template <class Bad>
std::int64_t first_where(std::int64_t n, Bad bad) {
  std::int64_t first = n;
#if defined(_OPENMP)
#pragma omp parallel for schedule(static) reduction(min : first)
#endif
  for (std::int64_t i = 0; i < n; ++i)
    if (i < first && bad(i)) first = i;
  return first;
}

inline std::uint64_t mix64(std::uint64_t x) {  // splitmix64's finalizer
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
inline std::uint64_t random_at(std::uint64_t seed, std::uint64_t i) { return mix64(mix64(seed) ^ i); }

/// Fills v[i] = f(i) on all host threads.
template <class Vec, class F>
void parallel_fill(Vec& v, F f) {
  auto* p = v.data();
  parallel_for(static_cast<std::int64_t>(v.size()), [&](std::int64_t i) { p[i] = f(i); });
}

/// Unsigned integers over their whole range; floats in [0, 1) (exact multiples of 2^-24 / 2^-53).
template <class T>
T uniform_value(std::uint64_t r) {
  if constexpr (std::is_same_v<T, float>) return float(r >> 40) * (1.0f / 16777216.0f);
  else if constexpr (std::is_same_v<T, double>) return double(r >> 11) * (1.0 / 9007199254740992.0);
  else return static_cast<T>(r);
}

/// n uniform values (std::vector, or host_vec with Vec = host_vec<T>: no serial zero fill first).
template <class T, class Vec = std::vector<T>>
Vec uniform(std::int64_t n, std::uint64_t seed) {
  phase_scope gen(phase::gen);
  Vec v(static_cast<std::size_t>(n));
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

template <class Index, class Vec = std::vector<Index>>
Vec random_permutation(std::int64_t n, std::uint64_t seed) {
  phase_scope gen(phase::gen);
  Vec v(static_cast<std::size_t>(n));
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

/// Element-wise equality (bitwise meaning for integers; == for floats); want(i) the expected element.
template <class T, class Want>
std::string compare_exact_fn(const T* got, std::int64_t n, Want want, const char* what = "element") {
  const std::int64_t i = first_where(n, [&](std::int64_t j) { return !(got[j] == want(j)); });
  if (i == n) return "";
  return std::string(what) + " " + std::to_string(i) + " is " + show(got[i]) + ", expected " + show(want(i));
}
template <class T, class U>
std::string compare_exact(const T* got, const U* want, std::int64_t n, const char* what = "element") {
  return compare_exact_fn(got, n, [want](std::int64_t i) { return T(want[i]); }, what);
}

/// |got - want| <= tol * max(1, |want|), want(i) in double.
template <class T, class Want>
std::string compare_close_fn(const T* got, std::int64_t n, Want want, double tol) {
  auto bad = [&](std::int64_t j) {
    double g = double(got[j]), w = want(j);
    return !(std::fabs(g - w) <= tol * std::fmax(1.0, std::fabs(w)));
  };
  const std::int64_t i = first_where(n, bad);
  if (i == n) return "";
  return "element " + std::to_string(i) + " is " + show(double(got[i])) + ", expected " + show(double(want(i)));
}
template <class T>
std::string compare_close(const T* got, const double* want, std::int64_t n, double tol) {
  return compare_close_fn(got, n, [want](std::int64_t i) { return want[i]; }, tol);
}

inline double tolerance_for(const char* type) {
  std::string t = type;
  return t == "f32" ? 1e-3 : t == "f64" ? 1e-9 : 0.0;
}

/// Sorted by `comp` (no later element ordered before an earlier one) and the same multiset as the
/// input: O(n) on all threads, no host sort.
template <class T, class Comp>
std::string check_sorted(const T* got, std::int64_t n, std::uint64_t input_hash, Comp comp) {
  const std::int64_t i = n < 2 ? n : 1 + first_where(n - 1, [&](std::int64_t j) { return comp(got[j + 1], got[j]); });
  if (i < n) return "out of order at " + std::to_string(i) + ": " + show(got[i - 1]) + " then " + show(got[i]);
  if (multiset_hash(got, n) != input_hash) return "the output is not a permutation of the input";
  return "";
}

}  // namespace cmp
