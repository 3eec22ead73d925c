// Large sizes on the device system (TIDE_TEST_LARGE=1; the GPU script's "large" step): 2^24+1 and
// 2^28 elements through reduce, scans, transform, copy_if, gather, scatter, sort and histogram,
// against host references. Without TIDE_TEST_LARGE they are reported as skipped, not passed.
//
// Past 2^31 (the "past 2^32" cases, CUDA only): 2^31+1 and 2^32+1 elements of 1- and 4-byte types,
// so element counts overflow int and uint32 and byte offsets pass 4 GiB, where Thrust and CUB have
// silently done nothing or written the wrong place. Inputs are a hash of the index, made on the
// device (tabulate) and recomputed on the host, so no host copy of an input is needed; outputs are
// checked on the host in parallel, element by element or by invariants (sortedness plus the
// multiset of keys). Peak device memory stays near 40 GiB (an 80 GB card). On the host systems they
// are skipped (the CI machine has neither the memory nor the time; the host backends' sizes are the
// same 64-bit size_type); TIDE_TEST_PAST_2_32_DRY=1 runs them small on any system.
#include "common.hpp"

#include <algorithm>
#include <memory>
#include <numeric>
#include <thread>

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>
#endif

using namespace tide_test;

namespace {
std::vector<std::int64_t> large_sizes() { return {(std::int64_t(1) << 24) + 1, std::int64_t(1) << 28}; }

constexpr bool device_is_cuda = TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA;
/// TIDE_TEST_PAST_2_32_DRY=1 runs the past-2^32 cases at 2^20+1 and 2^21+1 on any system: a check
/// of the checks, so a GPU hour is not spent finding a bug in the test.
bool past_2_32_dry() { return std::getenv("TIDE_TEST_PAST_2_32_DRY") != nullptr; }
bool past_2_32_enabled() { return (large_enabled() && device_is_cuda) || past_2_32_dry(); }
/// 2^31 + 1 (past int) and 2^32 + 1 (past uint32).
std::vector<std::int64_t> past_2_32_sizes() {
  if (past_2_32_dry()) return {(std::int64_t(1) << 20) + 1, (std::int64_t(1) << 21) + 1};
  return {(std::int64_t(1) << 31) + 1, (std::int64_t(1) << 32) + 1};
}

/// Gives the stream-ordered pool's cached memory back to the device, so one case's blocks of
/// another size do not crowd out the next case's (the pool keeps what it frees).
void release_cached_device_memory() {
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  cudaDeviceSynchronize();
  int dev = 0;
  cudaMemPool_t pool;
  if (cudaGetDevice(&dev) == cudaSuccess && cudaDeviceGetDefaultMemPool(&pool, dev) == cudaSuccess)
    cudaMemPoolTrimTo(pool, 0);
  cudaGetLastError();
#endif
}

/// The input at index i: splitmix64 of i and a salt, cut to T. The same on host and device.
template <class T>
struct hashed {
  std::uint64_t salt;
  TIDE_HOST_DEVICE T operator()(std::int64_t i) const {
    std::uint64_t z = std::uint64_t(i) + salt * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return static_cast<T>(z ^ (z >> 31));
  }
};

/// A permutation of [0, n): i -> (a * i + b) mod n, a coprime with n and below 2^30 (a * i stays
/// below 2^63 for n up to 2^33).
struct affine_map {
  std::int64_t n, a, b;
  TIDE_HOST_DEVICE std::int64_t operator()(std::int64_t i) const {
    return std::int64_t((std::uint64_t(a) * std::uint64_t(i) + std::uint64_t(b)) % std::uint64_t(n));
  }
};
affine_map permutation_of(std::int64_t n) {
  std::int64_t a = 1000003;  // prime; n = 2^31+1 = 3 * 715827883, 2^32+1 = 641 * 6700417
  while (std::gcd(a, n) != 1) a += 2;
  return {n, a, n / 3};
}

/// Host threads for the checks, and block k of [0, n): [n * k / t, n * (k + 1) / t).
unsigned host_threads() { return std::max(1u, std::thread::hardware_concurrency()); }
/// Runs f(k, lo, hi) for each block k, one thread each.
template <class F>
void for_blocks(std::int64_t n, F f) {
  const unsigned t = host_threads();
  std::vector<std::thread> threads;
  for (unsigned k = 0; k < t; ++k) threads.emplace_back([&, k] { f(k, n * k / t, n * (k + 1) / t); });
  for (auto& th : threads) th.join();
}
/// Whether f(lo, hi) holds for every block.
template <class F>
bool all_blocks(std::int64_t n, F f) {
  std::vector<char> ok(host_threads(), 0);
  for_blocks(n, [&](unsigned k, std::int64_t lo, std::int64_t hi) { ok[k] = f(lo, hi); });
  return std::all_of(ok.begin(), ok.end(), [](char c) { return c != 0; });
}
/// The sum over blocks of f(lo, hi) (R: an integer, or counts with +=).
template <class R, class F>
R sum_blocks(std::int64_t n, F f) {
  std::vector<R> part(host_threads());
  for_blocks(n, [&](unsigned k, std::int64_t lo, std::int64_t hi) { part[k] = f(lo, hi); });
  R total = part[0];
  for (std::size_t k = 1; k < part.size(); ++k) total += part[k];
  return total;
}

/// A host copy of a device vector, uninitialized first (zeroing 16 GiB would take seconds).
template <class T>
std::unique_ptr<T[]> to_host(const tide::device_vector<T>& d) {
  std::unique_ptr<T[]> h(new T[d.size()]);
  tide::copy(d.begin(), d.end(), h.get());
  return h;
}

/// f(T{}, n) for the 1- and 4-byte types at each size past 2^31.
template <class F>
void for_past_2_32(F f) {
  for (auto n : past_2_32_sizes()) {
    CAPTURE(n);
    {
      INFO("uint8");
      release_cached_device_memory();
      f(std::uint8_t{}, n);
    }
    {
      INFO("uint32");
      release_cached_device_memory();
      f(std::uint32_t{}, n);
    }
  }
  release_cached_device_memory();
}

/// (A functor, not a lambda: nvcc allows no extended lambda inside a generic lambda.)
struct odd {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(T x) const { return (x & 1) != 0; }
};

/// An order-independent checksum of a multiset of keys (with the count, sortedness makes it a
/// check that the sort kept the keys).
inline std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  return x ^ (x >> 33);
}
}  // namespace

TEST_CASE("large: reduce, scans and transform at 2^24+1 and 2^28" * doctest::skip(!large_enabled())) {
  for (auto n : large_sizes()) {
    CAPTURE(n);
    auto h = random_vector<std::uint32_t>(n, "large-u32", 0, 1000);
    tide::device_vector<std::uint32_t> d(h.begin(), h.end());
    std::uint64_t want = std::accumulate(h.begin(), h.end(), std::uint64_t(0));
    CHECK(tide::reduce(tide::device, d.begin(), d.end(), std::uint64_t(0)) == want);
    tide::device_vector<std::uint32_t> out(n, tide::no_init);
    tide::inclusive_scan(tide::device, d.begin(), d.end(), out.begin());
    std::vector<std::uint32_t> want_scan(n);
    std::partial_sum(h.begin(), h.end(), want_scan.begin());
    CHECK(to_std(out) == want_scan);
    tide::exclusive_scan(tide::device, d.begin(), d.end(), out.begin(), 5u);
    std::vector<std::uint32_t> got = to_std(out);
    bool ok = got[0] == 5u;
    for (std::int64_t i = 1; i < n && ok; ++i) ok = got[i] == want_scan[i - 1] + 5u;
    CHECK(ok);
    tide::transform(tide::device, d.begin(), d.end(), out.begin(), tide::negate<std::uint32_t>());
    got = to_std(out);
    ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i) ok = got[i] == std::uint32_t(0) - h[i];
    CHECK(ok);
  }
}

TEST_CASE("large: copy_if, gather and scatter at 2^24+1 and 2^28" * doctest::skip(!large_enabled())) {
  for (auto n : large_sizes()) {
    CAPTURE(n);
    auto h = random_vector<int>(n, "large-int", 0, 1 << 20);
    tide::device_vector<int> d(h.begin(), h.end()), out(n, tide::no_init);
    auto is_odd = [] TIDE_HOST_DEVICE(int v) { return (v & 1) != 0; };
    auto end = tide::copy_if(tide::device, d.begin(), d.end(), out.begin(), is_odd);
    std::vector<int> want;
    std::copy_if(h.begin(), h.end(), std::back_inserter(want), [](int v) { return (v & 1) != 0; });
    REQUIRE(end - out.begin() == static_cast<std::ptrdiff_t>(want.size()));
    auto got = to_std(out);
    got.resize(want.size());
    CHECK(got == want);
    std::vector<int> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng("large-perm"));
    tide::device_vector<int> map(perm.begin(), perm.end());
    tide::gather(tide::device, map.begin(), map.end(), d.begin(), out.begin());
    got = to_std(out);
    bool ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i) ok = got[i] == h[perm[i]];
    CHECK(ok);
    tide::scatter(tide::device, d.begin(), d.end(), map.begin(), out.begin());
    got = to_std(out);
    ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i) ok = got[perm[i]] == h[i];
    CHECK(ok);
  }
}

TEST_CASE("large: sort keys and pairs, and histogram_even at 2^24+1 and 2^28" * doctest::skip(!large_enabled())) {
  for (auto n : large_sizes()) {
    CAPTURE(n);
    auto h = random_vector<std::uint32_t>(n, "large-sort", 0, 4294967295.0);
    tide::device_vector<std::uint32_t> d(h.begin(), h.end());
    tide::device_vector<std::uint32_t> idx(n, tide::no_init);
    tide::sequence(tide::device, idx.begin(), idx.end());
    tide::stable_sort_by_key(tide::device, d.begin(), d.end(), idx.begin());
    auto keys = to_std(d);
    auto vals = to_std(idx);
    bool ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i) {
      ok = keys[i] == h[vals[i]];
      if (i) ok = ok && (keys[i - 1] < keys[i] || (keys[i - 1] == keys[i] && vals[i - 1] < vals[i]));
    }
    CHECK(ok);
    std::sort(h.begin(), h.end());
    CHECK(keys == h);
    tide::device_vector<std::uint32_t> hist(256, tide::no_init);
    tide::histogram_even(tide::device, d.begin(), d.end(), hist.begin(), 256, 0ull, 1ull << 32);
    std::vector<std::uint32_t> want(256, 0);
    for (auto k : h) want[k >> 24]++;
    CHECK(to_std(hist) == want);
  }
}

// ---- past 2^32 elements ---------------------------------------------------------------------------

TEST_CASE("large: reduce past 2^32 elements (2^31+1, 2^32+1; 1- and 4-byte)" * doctest::skip(!past_2_32_enabled())) {
  for_past_2_32([](auto t, std::int64_t n) {
    using T = decltype(t);
    const hashed<T> value{1};
    tide::device_vector<T> d(n, tide::no_init);
    tide::tabulate(tide::device, d.begin(), d.end(), value);
    const std::uint64_t want = sum_blocks<std::uint64_t>(n, [&](std::int64_t lo, std::int64_t hi) {
      std::uint64_t s = 0;
      for (std::int64_t i = lo; i < hi; ++i) s += value(i);
      return s;
    });
    CHECK(tide::reduce(tide::device, d.begin(), d.end(), std::uint64_t(0)) == want);
    // In T: the sum modulo 2^bits, every element counted once.
    CHECK(tide::reduce(tide::device, d.begin(), d.end(), T(0), tide::plus<T>()) == T(want));
  });
}

TEST_CASE("large: inclusive and exclusive scan past 2^32 elements (2^31+1, 2^32+1; 1- and 4-byte)" *
          doctest::skip(!past_2_32_enabled())) {
  for_past_2_32([](auto t, std::int64_t n) {
    using T = decltype(t);
    const hashed<T> value{2};
    tide::device_vector<T> d(n, tide::no_init), out(n, tide::no_init);
    tide::tabulate(tide::device, d.begin(), d.end(), value);
    // Sums in T (modulo 2^bits): out[i] - out[i-1] == in[i] for every i determines the scan.
    tide::inclusive_scan(tide::device, d.begin(), d.end(), out.begin(), tide::plus<T>());
    auto h = to_host(out);
    CHECK(h[0] == value(0));
    CHECK(all_blocks(n, [&](std::int64_t lo, std::int64_t hi) {
      for (std::int64_t i = std::max<std::int64_t>(lo, 1); i < hi; ++i)
        if (h[i] != T(h[i - 1] + value(i))) return false;
      return true;
    }));
    const T init = T(77);
    tide::exclusive_scan(tide::device, d.begin(), d.end(), out.begin(), init, tide::plus<T>());
    h = to_host(out);
    CHECK(h[0] == init);
    CHECK(all_blocks(n, [&](std::int64_t lo, std::int64_t hi) {
      for (std::int64_t i = std::max<std::int64_t>(lo, 1); i < hi; ++i)
        if (h[i] != T(h[i - 1] + value(i - 1))) return false;
      return true;
    }));
    const T total = tide::reduce(tide::device, d.begin(), d.end(), T(0), tide::plus<T>());
    CHECK(T(h[n - 1] + value(n - 1)) == T(init + total));
  });
}

TEST_CASE("large: sort keys past 2^32 elements (2^31+1, 2^32+1; 1- and 4-byte)" * doctest::skip(!past_2_32_enabled())) {
  for_past_2_32([](auto t, std::int64_t n) {
    using T = decltype(t);
    const hashed<T> value{3};
    tide::device_vector<T> d(n, tide::no_init);
    tide::tabulate(tide::device, d.begin(), d.end(), value);
    tide::sort(tide::device, d.begin(), d.end());
    auto h = to_host(d);
    CHECK(all_blocks(n, [&](std::int64_t lo, std::int64_t hi) {
      for (std::int64_t i = std::max<std::int64_t>(lo, 1); i < hi; ++i)
        if (h[i] < h[i - 1]) return false;
      return true;
    }));
    // The same keys: the checksum of the multiset, over the output and over the input's hashes.
    const std::uint64_t got = sum_blocks<std::uint64_t>(n, [&](std::int64_t lo, std::int64_t hi) {
      std::uint64_t s = 0;
      for (std::int64_t i = lo; i < hi; ++i) s += mix(h[i]);
      return s;
    });
    const std::uint64_t want = sum_blocks<std::uint64_t>(n, [&](std::int64_t lo, std::int64_t hi) {
      std::uint64_t s = 0;
      for (std::int64_t i = lo; i < hi; ++i) s += mix(value(i));
      return s;
    });
    CHECK(got == want);
  });
}

TEST_CASE("large: sort pairs at 2^31+1 (1- and 4-byte keys, 4-byte values)" * doctest::skip(!past_2_32_enabled())) {
  // Pairs at 2^32+1 would need 8-byte values (indices past uint32) and ~70 GiB: 2^31+1 only.
  const std::int64_t n = past_2_32_sizes()[0];
  auto run = [n](auto t) {
    using T = decltype(t);
    const hashed<T> value{4};
    release_cached_device_memory();
    tide::device_vector<T> keys(n, tide::no_init);
    tide::device_vector<std::uint32_t> vals(n, tide::no_init);
    tide::tabulate(tide::device, keys.begin(), keys.end(), value);
    tide::sequence(tide::device, vals.begin(), vals.end());
    tide::stable_sort_by_key(tide::device, keys.begin(), keys.end(), vals.begin());
    auto hk = to_host(keys);
    auto hv = to_host(vals);
    // Each key still with its value, values in range, and (key, value) strictly increasing: a
    // stable sort of a permutation of the input (distinct values in [0, n), n of them).
    CHECK(all_blocks(n, [&](std::int64_t lo, std::int64_t hi) {
      for (std::int64_t i = lo; i < hi; ++i) {
        if (hv[i] >= std::uint64_t(n) || hk[i] != value(hv[i])) return false;
        if (i > 0 && !(hk[i - 1] < hk[i] || (hk[i - 1] == hk[i] && hv[i - 1] < hv[i]))) return false;
      }
      return true;
    }));
  };
  {
    INFO("uint8 keys");
    run(std::uint8_t{});
  }
  {
    INFO("uint32 keys");
    run(std::uint32_t{});
  }
  release_cached_device_memory();
}

TEST_CASE("large: histogram_even past 2^32 elements (2^31+1, 2^32+1; 1- and 4-byte)" *
          doctest::skip(!past_2_32_enabled())) {
  for_past_2_32([](auto t, std::int64_t n) {
    using T = decltype(t);
    const hashed<T> value{5};
    tide::device_vector<T> d(n, tide::no_init);
    tide::tabulate(tide::device, d.begin(), d.end(), value);
    // 1024 bins over the type's whole range (256 for bytes): bin = x >> (bits - 10).
    const int bins = sizeof(T) == 1 ? 256 : 1024;
    const int shift = sizeof(T) == 1 ? 0 : 22;
    tide::device_vector<std::uint64_t> hist(bins, 0);
    tide::histogram_even(tide::device, d.begin(), d.end(), hist.begin(), bins, std::uint64_t(0),
                         std::uint64_t(1) << (8 * sizeof(T)));
    struct counts {
      std::vector<std::uint64_t> c = std::vector<std::uint64_t>(1024, 0);
      counts& operator+=(const counts& o) {
        for (std::size_t b = 0; b < c.size(); ++b) c[b] += o.c[b];
        return *this;
      }
    };
    auto want = sum_blocks<counts>(n, [&](std::int64_t lo, std::int64_t hi) {
      counts r;
      for (std::int64_t i = lo; i < hi; ++i) ++r.c[std::uint64_t(value(i)) >> shift];
      return r;
    });
    want.c.resize(bins);
    CHECK(to_std(hist) == want.c);
    // One bin holding every sample: a count past 2^32 in 64-bit counters.
    tide::histogram_even(tide::device, d.begin(), d.end(), hist.begin(), 1, std::uint64_t(0),
                         std::uint64_t(1) << (8 * sizeof(T)));
    CHECK(std::uint64_t(hist[0]) == std::uint64_t(n));
  });
}

TEST_CASE("large: gather and scatter past 2^32 elements (2^31+1, 2^32+1; 1- and 4-byte)" *
          doctest::skip(!past_2_32_enabled())) {
  for_past_2_32([](auto t, std::int64_t n) {
    using T = decltype(t);
    const hashed<T> value{6};
    const affine_map map = permutation_of(n);
    tide::device_vector<T> d(n, tide::no_init), out(n, tide::no_init);
    tide::tabulate(tide::device, d.begin(), d.end(), value);
    // The map stored as 64-bit indices where it fits in ~40 GiB with the data (all but 4-byte values
    // at 2^32+1); else computed on the fly.
    const bool stored = 8 * n + 2 * std::int64_t(sizeof(T)) * n <= (std::int64_t(41) << 30);
    CAPTURE(stored);
    tide::device_vector<std::int64_t> stored_map(stored ? n : 0, tide::no_init);
    auto computed = tide::make_transform_iterator(tide::counting_iterator<std::int64_t>(0), map);
    if (stored) tide::tabulate(tide::device, stored_map.begin(), stored_map.end(), map);

    if (stored)
      tide::gather(tide::device, stored_map.begin(), stored_map.end(), d.begin(), out.begin());
    else
      tide::gather(tide::device, computed, computed + n, d.begin(), out.begin());
    auto h = to_host(out);
    CHECK(all_blocks(n, [&](std::int64_t lo, std::int64_t hi) {
      for (std::int64_t i = lo; i < hi; ++i)
        if (h[i] != value(map(i))) return false;
      return true;
    }));

    tide::fill(tide::device, out.begin(), out.end(), T(0));
    if (stored)
      tide::scatter(tide::device, d.begin(), d.end(), stored_map.begin(), out.begin());
    else
      tide::scatter(tide::device, d.begin(), d.end(), computed, out.begin());
    h = to_host(out);
    // map is a bijection: checking out[map(i)] for every i checks every output.
    CHECK(all_blocks(n, [&](std::int64_t lo, std::int64_t hi) {
      for (std::int64_t i = lo; i < hi; ++i)
        if (h[map(i)] != value(i)) return false;
      return true;
    }));
  });
}

TEST_CASE("large: copy_if past 2^32 elements (2^31+1, 2^32+1; 1- and 4-byte)" * doctest::skip(!past_2_32_enabled())) {
  for_past_2_32([](auto t, std::int64_t n) {
    using T = decltype(t);
    const hashed<T> value{7};
    tide::device_vector<T> d(n, tide::no_init), out(n, tide::no_init);
    tide::tabulate(tide::device, d.begin(), d.end(), value);
    const std::int64_t kept = tide::copy_if(tide::device, d.begin(), d.end(), out.begin(), odd{}) - out.begin();
    // Where each block's kept elements start in the output; then each block checks its own.
    std::vector<std::int64_t> start(host_threads() + 1, 0);
    for_blocks(n, [&](unsigned k, std::int64_t lo, std::int64_t hi) {
      std::int64_t c = 0;
      for (std::int64_t i = lo; i < hi; ++i) c += value(i) & 1;
      start[k + 1] = c;
    });
    std::partial_sum(start.begin(), start.end(), start.begin());
    REQUIRE(kept == start.back());
    auto h = to_host(out);
    std::vector<char> ok(host_threads(), 0);
    for_blocks(n, [&](unsigned k, std::int64_t lo, std::int64_t hi) {
      std::int64_t at = start[k];
      bool good = true;
      for (std::int64_t i = lo; i < hi && good; ++i)
        if (value(i) & 1) good = h[at++] == value(i);
      ok[k] = good;
    });
    CHECK(std::all_of(ok.begin(), ok.end(), [](char c) { return c != 0; }));
  });
}
