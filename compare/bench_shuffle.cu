// shuffle_copy and shuffle (in place) of u32 with a default_random_engine: tide beside Thrust (CUB
// has no shuffle). Both libraries must give the same permutation, Thrust 3.0.1's Feistel one, so
// both rows are checked against one host reference built here from Thrust's definition (not from
// tide's code): 24 round keys from std::minstd_rand (Thrust's default_random_engine is minstd_rand,
// seeded alike), the bijection of [0, 2^b), and the values below n kept in order.
// Every run starts from the same engine state (a fresh engine per run), so every run writes the
// same output; shuffle's prep copies the input into place, untimed.
// Cases: all_kept, n itself (a power of two, as the default sizes are: the bijection's domain is
// [0, n), every value kept); half_kept (shuffle_copy only), n + 1 elements (domain 2n: about half
// of the values fall outside and are compacted away, the most work per element).
// Bytes (what the algorithm must move): n * 4 read (gathered) and n * 4 written, for both.

#include <algorithm>
#include <random>

#include "harness/libs.hpp"

#ifndef TIDE_COMPARE_HAS_SHUFFLE
#if __has_include(<tide/shuffle.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/shuffle.hpp>))
#define TIDE_COMPARE_HAS_SHUFFLE 1
#else
#define TIDE_COMPARE_HAS_SHUFFLE 0
#endif
#endif

#if TIDE_COMPARE_HAS_SHUFFLE
#include <tide/random.hpp>
#include <tide/shuffle.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/random.h>
#include <thrust/shuffle.h>
#endif

namespace cmp {
namespace {

/// Thrust 3.0.1's shuffle bijection (thrust/system/detail/generic/shuffle.inl), for the reference.
struct reference_feistel {
  std::uint64_t left_bits, right_bits, left_mask, right_mask;
  std::uint32_t key[24];

  reference_feistel(std::uint64_t n, std::minstd_rand& g) {
    std::uint64_t bits = 4;
    if (n > 16) {
      bits = 0;
      for (std::uint64_t m = n - 1; m != 0; m >>= 1) ++bits;
    }
    left_bits = bits / 2;
    left_mask = (1ull << left_bits) - 1;
    right_bits = bits - left_bits;
    right_mask = (1ull << right_bits) - 1;
    for (auto& k : key) k = static_cast<std::uint32_t>(g());
  }
  std::uint64_t domain() const { return 1ull << (left_bits + right_bits); }
  /// y[j] = the bijection of b + j, for j < 8: Thrust's 24 rounds on eight values side by side, so
  /// that their multiplies overlap (one value's rounds are a chain of dependent multiplies).
  void eight(std::uint64_t b, std::uint64_t (&y)[8]) const {
    std::uint32_t s0[8], s1[8];
    for (int j = 0; j < 8; ++j) {
      s0[j] = std::uint32_t((b + std::uint64_t(j)) >> right_bits);
      s1[j] = std::uint32_t((b + std::uint64_t(j)) & right_mask);
    }
    for (int i = 0; i < 24; ++i) {
      for (int j = 0; j < 8; ++j) {
        const std::uint64_t product = 0xD2B74407B1CE6E93ull * s0[j];
        const std::uint32_t hi = std::uint32_t(product >> 32);
        std::uint32_t lo = std::uint32_t(product);
        lo = (lo << (right_bits - left_bits)) | s1[j] >> left_bits;
        s0[j] = ((hi ^ key[i]) ^ s1[j]) & left_mask;
        s1[j] = lo & right_mask;
      }
    }
    for (int j = 0; j < 8; ++j) y[j] = (std::uint64_t(s0[j]) << right_bits) | std::uint64_t(s1[j]);
  }
};

/// out = in[f(x)] for the x of [0, f.domain()) in order with f(x) < n: the values Thrust's shuffle
/// keeps. Two passes over the domain (count per chunk, then write), eight values at a time (the
/// domain is a power of two of at least 16): at 2^30 on 16 busy cores, parallel_select's three
/// evaluations a value, one at a time, took 31 s and pushed compare/'s last rows past its deadline.
void shuffle_reference(const reference_feistel& f, std::int64_t n, const host_vec<std::uint32_t>& in,
                       host_vec<std::uint32_t>& out) {
  const std::int64_t groups = std::int64_t(f.domain() / 8);
  const int chunks = std::max(1, std::min<int>(host_threads(), int(groups / 512) + 1));
  std::vector<std::int64_t> counts(std::size_t(chunks) + 1, 0);
  parallel_chunks(groups, chunks, [&](int c, std::int64_t b, std::int64_t e) {
    std::int64_t k = 0;
    std::uint64_t y[8];
    for (std::int64_t g = b; g < e; ++g) {
      f.eight(std::uint64_t(g) * 8, y);
      for (int j = 0; j < 8; ++j) k += y[j] < std::uint64_t(n) ? 1 : 0;
    }
    counts[std::size_t(c) + 1] = k;
  });
  for (int c = 0; c < chunks; ++c) counts[std::size_t(c) + 1] += counts[std::size_t(c)];
  out.resize(std::size_t(counts[std::size_t(chunks)]));
  parallel_chunks(groups, chunks, [&](int c, std::int64_t b, std::int64_t e) {
    std::size_t o = std::size_t(counts[std::size_t(c)]);
    std::uint64_t y[8];
    for (std::int64_t g = b; g < e; ++g) {
      f.eight(std::uint64_t(g) * 8, y);
      for (int j = 0; j < 8; ++j)
        if (y[j] < std::uint64_t(n)) out[o++] = in[std::size_t(y[j])];
    }
  });
}

/// The input of size n, the engine's seed, and the expected output (made once per n, when a case
/// first needs it: the reference evaluates the bijection twice over the domain, seconds at 2^30).
struct shuffle_data {
  std::int64_t n = -1;
  std::uint32_t engine_seed = 0;
  host_vec<std::uint32_t> in, ref;
};

const shuffle_data& data_for(suite& s, std::int64_t n, shuffle_data& d) {
  if (d.n == n) return d;
  d.n = n;
  d.engine_seed = static_cast<std::uint32_t>(s.opt.seed ^ std::uint64_t(n)) | 1u;
  d.in = uniform<std::uint32_t, host_vec<std::uint32_t>>(n, s.opt.seed ^ std::uint64_t(n) ^ 0x5f);
  phase_scope reference(phase::ref);
  host_vec<std::uint32_t>().swap(d.ref);
  std::minstd_rand g(d.engine_seed);
  const reference_feistel f(std::uint64_t(n), g);
  shuffle_reference(f, n, d.in, d.ref);
  return d;
}

void shuffle_case(suite& s, std::int64_t n, bool in_place, const char* case_name, shuffle_data& cache) {
  using T = std::uint32_t;
  const char* algorithm = in_place ? "shuffle" : "shuffle_copy";
  // Rotated: the input (+ its pristine source in place) and an n-element output.
  const double rotated = double(n) * sizeof(T) * 2;
  const int copies = s.copies_for(rotated);
  if (!s.fits(rotated * copies + double(n) * sizeof(T) * 2 + 64e6, algorithm, n)) return;
  {  // every row predicted past --max-call-s: no input and reference (at 2^28 on two cores, 100 s for none)
    std::vector<bench_key> rows;
    for (const char* lib : {"tide", "thrust", "thrust_tbb"})
      rows.push_back(bench_key{algorithm, case_name, lib, "u32", n, "uniform", 0});
    if (s.all_over_call_budget(rows, n)) return;
  }
  const shuffle_data& d = data_for(s, n, cache);
  const std::uint32_t engine_seed = d.engine_seed;
  const auto& h_in = d.in;
  const auto& ref = d.ref;
  const double bytes = 2.0 * double(n) * sizeof(T);

  auto src = s.rotate(h_in, copies);
  auto data = s.rotate_uninit<T>(in_place ? n : 0, in_place ? copies : 1);  // shuffle: shuffled in place
  auto out = s.rotate_uninit<T>(in_place ? 0 : n, in_place ? 1 : copies);   // shuffle_copy: written here
  auto prep = [&](int r) {
    if (in_place) s.ctx.copy_bytes(data.at(r), src.at(r), std::size_t(n) * sizeof(T));
  };
  auto check = [&]() -> std::string {
    if (std::int64_t(ref.size()) != n) return "the reference kept " + std::to_string(ref.size()) + " values";
    return compare_exact(s.fetch(in_place ? data.at(0) : out.at(0), n), ref.data(), n);
  };
  bench_key k{algorithm, case_name, "", "u32", n, "uniform", bytes};
  (void)prep;
  (void)check;

#if TIDE_COMPARE_HAS_SHUFFLE
  k.library = "tide";
  s.measure(k, prep, [&](int r) {
    auto p = tide_policy(s.ctx);
    tide::default_random_engine g(engine_seed);
    if (in_place)
      tide::shuffle(p, data.at(r), data.at(r) + n, g);
    else
      tide::shuffle_copy(p, src.at(r), src.at(r) + n, out.at(r), g);
  }, check);
#endif
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, prep, [&](int r) {
    auto p = thrust_policy(s.ctx);
    thrust::default_random_engine g(engine_seed);
    if (in_place)
      thrust::shuffle(p, data.at(r), data.at(r) + n, g);
    else
      thrust::shuffle_copy(p, src.at(r), src.at(r) + n, out.at(r), g);
  }, check);
#endif
#if !TIDE_COMPARE_DEVICE && TIDE_COMPARE_HAS_THRUST_TBB
  k.library = "thrust_tbb";
  s.measure(k, prep, [&](int r) {
    thrust::default_random_engine g(engine_seed);
    if (in_place)
      thrust::shuffle(thrust::tbb::par, data.at(r), data.at(r) + n, g);
    else
      thrust::shuffle_copy(thrust::tbb::par, src.at(r), src.at(r) + n, out.at(r), g);
  }, check);
#endif
}

}  // namespace

void bench_shuffle(suite& s) {
  shuffle_data cache;
  for (std::int64_t n : s.opt.sizes) {
    const bool pow2 = n >= 16 && (n & (n - 1)) == 0;  // other sizes (--sizes=N) keep their own share
    shuffle_case(s, n, false, pow2 ? "all_kept" : "n", cache);
    shuffle_case(s, n, true, pow2 ? "all_kept" : "n", cache);
    shuffle_case(s, n + 1, false, pow2 ? "half_kept" : "n_plus_1", cache);
  }
}

}  // namespace cmp
