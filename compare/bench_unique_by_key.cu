// unique_by_key (in place), unique_by_key_copy (u32 keys, u32 values) and unique_count (u32 keys)
// on keys in runs of 4 (a random key per run: a quarter kept). In-place runs start from a fresh
// copy of the input: prep copies it into place, untimed (as bench_sort.cu). CUB's
// DeviceSelect::UniqueByKey reads the copy and writes the kept pairs to other buffers (the CUB row
// of both by-key algorithms); DeviceSelect::Unique, which writes the kept keys, is the CUB row of
// unique_count (CUB has no count alone). Counts come back to the host in every row.
// Bytes: by key, n * 8 read + kept * 8 written; unique_count, n * 4 read.

#include <algorithm>

#include "harness/libs.hpp"

#ifndef TIDE_COMPARE_HAS_UNIQUE_BY_KEY
#if __has_include(<tide/unique_by_key.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/copy_if.hpp>))
#define TIDE_COMPARE_HAS_UNIQUE_BY_KEY 1
#else
#define TIDE_COMPARE_HAS_UNIQUE_BY_KEY 0
#endif
#endif

#if TIDE_COMPARE_HAS_UNIQUE_BY_KEY
#include <tide/unique_by_key.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/unique.h>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_select.cuh>
#endif

namespace cmp {
namespace {

enum class unique_alg { by_key, by_key_copy, count };

void unique_case(suite& s, std::int64_t n, unique_alg alg) {
  using K = std::uint32_t;
  using V = std::uint32_t;
  constexpr std::int64_t run = 4;
  const char* algorithm = alg == unique_alg::by_key        ? "unique_by_key"
                          : alg == unique_alg::by_key_copy ? "unique_by_key_copy"
                                                           : "unique_count";
  const bool pairs = alg != unique_alg::count;
  // Rotated: keys (and values) in, and as much out (CUB's Unique writes keys in the count case).
  const double rotated = double(n) * (sizeof(K) + (pairs ? sizeof(V) : 0)) * 2 + (pairs ? 0 : double(n) * sizeof(K));
  const int copies = s.copies_for(rotated);
  if (!s.fits(rotated * copies + double(n) * (sizeof(K) + sizeof(V)) + 64e6, algorithm, n)) return;
  host_vec<K> h_keys(static_cast<std::size_t>(n));
  host_vec<V> h_vals;
  {
    phase_scope gen(phase::gen);
    // A random key per run of 4; neighbouring runs differ (a repeat would merge two runs: redrawn).
    parallel_fill(h_keys, [&](std::int64_t i) {
      const std::uint64_t r = std::uint64_t(i / run);
      K key = K(random_at(s.opt.seed ^ 0x0b, r));
      if (r > 0 && key == K(random_at(s.opt.seed ^ 0x0b, r - 1))) key = ~key;
      return key;
    });
    if (pairs) {
      h_vals.resize(h_keys.size());
      parallel_fill(h_vals, [](std::int64_t i) { return V(i); });
    }
  }
  const std::int64_t kept = (n + run - 1) / run;
  // The kept pairs: run r's first key, at value r * run.
  auto want_key = [&](std::int64_t j) { return h_keys[std::size_t(j * run)]; };
  auto want_val = [&](std::int64_t j) { return V(j * run); };
  const double bytes = pairs ? double(n) * (sizeof(K) + sizeof(V)) + double(kept) * (sizeof(K) + sizeof(V))
                             : double(n) * sizeof(K);

  auto keys_in = s.rotate(h_keys, copies);
  auto vals_in = s.rotate(h_vals, pairs ? copies : 1);
  auto keys = s.rotate_uninit<K>(n, copies);
  auto vals = s.rotate_uninit<V>(pairs ? n : 0, pairs ? copies : 1);
  auto prep = [&](int r) {
    if (alg != unique_alg::by_key) return;
    s.ctx.copy_bytes(keys.at(r), keys_in.at(r), std::size_t(n) * sizeof(K));
    s.ctx.copy_bytes(vals.at(r), vals_in.at(r), std::size_t(n) * sizeof(V));
  };
  std::int64_t count = -1;
  auto check = [&]() -> std::string {
    if (count != kept) return "kept " + std::to_string(count) + " elements, expected " + std::to_string(kept);
    if (alg == unique_alg::count) return "";
    std::string problem = compare_exact_fn(s.fetch(keys.at(0), kept), kept, want_key, "key");
    if (!problem.empty()) return problem;
    return compare_exact_fn(s.fetch(vals.at(0), kept, 1), kept, want_val, "value");
  };
  // CUB's Unique (the count case) writes the kept keys.
  auto check_keys = [&]() -> std::string {
    if (count != kept) return "kept " + std::to_string(count) + " elements, expected " + std::to_string(kept);
    return compare_exact_fn(s.fetch(keys.at(0), kept), kept, want_key, "key");
  };
  bench_key k{algorithm, "runs_of_4", "", pairs ? "u32u32" : "u32", n, "uniform", bytes};
  auto stream = s.ctx.stream();
  (void)stream;
  (void)check_keys;
  (void)prep;
  (void)check;

#if TIDE_COMPARE_HAS_UNIQUE_BY_KEY
  measure_tide(s, k, prep, [&](auto p, int r) {
    if (alg == unique_alg::by_key) {
      count = tide::unique_by_key(p, keys.at(r), keys.at(r) + n, vals.at(r)).first - keys.at(r);
    } else if (alg == unique_alg::by_key_copy) {
      count = tide::unique_by_key_copy(p, keys_in.at(r), keys_in.at(r) + n, vals_in.at(r), keys.at(r), vals.at(r))
                  .first -
              keys.at(r);
    } else {
      count = tide::unique_count(p, keys_in.at(r), keys_in.at(r) + n);
    }
  }, check, alg == unique_alg::by_key);  // scaling rows: unique_by_key
#endif
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, prep, [&](int r) {
    auto p = thrust_policy(s.ctx);
    if (alg == unique_alg::by_key) {
      count = thrust::unique_by_key(p, keys.at(r), keys.at(r) + n, vals.at(r)).first - keys.at(r);
    } else if (alg == unique_alg::by_key_copy) {
      count = thrust::unique_by_key_copy(p, keys_in.at(r), keys_in.at(r) + n, vals_in.at(r), keys.at(r), vals.at(r))
                  .first -
              keys.at(r);
    } else {
      count = thrust::unique_count(p, keys_in.at(r), keys_in.at(r) + n);
    }
  }, check);
#endif
#if TIDE_COMPARE_DEVICE
  {
    k.library = "cub";
    auto d_count = s.ctx.alloc<std::int64_t>(1);
    std::int64_t* h_count = nullptr;
    cuda_check(cudaMallocHost(&h_count, sizeof(std::int64_t)), "cudaMallocHost");
    std::size_t temp_bytes = 0;
    auto cub_run = [&](void* temp, int r) {
      return pairs ? cub::DeviceSelect::UniqueByKey(temp, temp_bytes, keys_in.at(r), vals_in.at(r), keys.at(r),
                                                    vals.at(r), d_count.get(), n, stream)
                   : cub::DeviceSelect::Unique(temp, temp_bytes, keys_in.at(r), keys.at(r), d_count.get(), n, stream);
    };
    cub_run(nullptr, 0);
    auto temp = s.ctx.alloc<char>(temp_bytes);
    s.measure(k, [&](int r) {
      cuda_check(cub_run(temp.get(), r), "cub");
      cuda_check(cudaMemcpyAsync(h_count, d_count.get(), sizeof(std::int64_t), cudaMemcpyDeviceToHost, stream), "copy");
      cuda_check(cudaStreamSynchronize(stream), "sync");
      count = *h_count;
    }, [&] { return pairs ? check() : check_keys(); });
    cudaFreeHost(h_count);
  }
#else
  if (alg == unique_alg::count) {  // std has no unique_by_key
    k.library = "std";
    s.measure_host(k, no_prep{}, [&](int r) {
      const K* in = keys_in.at(r);
      std::int64_t c = n > 0 ? 1 : 0;
      for (std::int64_t i = 1; i < n; ++i) c += in[i - 1] == in[i] ? 0 : 1;
      count = c;
    }, check);
  }
#endif
}

}  // namespace

void bench_unique_by_key(suite& s) {
  for (std::int64_t n : s.opt.sizes)
    for (unique_alg a : {unique_alg::by_key, unique_alg::by_key_copy, unique_alg::count}) unique_case(s, n, a);
}

}  // namespace cmp
