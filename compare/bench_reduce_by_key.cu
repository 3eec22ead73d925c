// reduce_by_key: u32 keys in runs of 1 to 16 equal keys (8.5 on average), u32 values summed per run.
// The number of runs comes back to the host in every library. Bytes: keys and values read (8n) +
// one key and one sum written per run.

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_REDUCE_BY_KEY
#include <tide/reduce_by_key.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/reduce.h>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_reduce.cuh>
#endif

namespace cmp {
namespace {

/// Runs of 1 to 16 equal keys, made in blocks of 2^16 elements, each block from its own counters (so
/// the blocks are made in parallel; a block's last run may be cut short by the block's end).
constexpr std::int64_t key_block = std::int64_t(1) << 16;

void reduce_by_key_case(suite& s, std::int64_t n) {
  using K = std::uint32_t;
  using V = std::uint32_t;
  // Inputs and outputs rotated (an output of n keys and values at most).
  const int copies = s.copies_for(double(n) * (sizeof(K) + sizeof(V)) * 1.12);
  if (!s.fits(double(n) * (sizeof(K) + sizeof(V)) * 2 * copies + 64e6, "reduce_by_key", n)) return;
  auto h_vals = uniform<V, host_vec<V>>(n, s.opt.seed ^ std::uint64_t(n) ^ 0xb7);
  host_vec<K> h_keys(static_cast<std::size_t>(n));
  {
    phase_scope gen(phase::gen);
    parallel_for(n, [&](std::int64_t i) { h_vals[i] >>= 8; });
    const std::int64_t blocks = (n + key_block - 1) / key_block;
    parallel_for(blocks, [&](std::int64_t b) {
      const std::uint64_t block_seed = mix64(s.opt.seed ^ std::uint64_t(b));
      const std::int64_t end = std::min(n, (b + 1) * key_block);
      std::uint64_t run = 0;
      for (std::int64_t i = b * key_block; i < end; ++run) {
        std::int64_t len = 1 + std::int64_t(random_at(block_seed ^ 0x12, run) % 16);
        K key = K(random_at(block_seed ^ 0x34, run));
        for (std::int64_t j = 0; j < len && i < end; ++j) h_keys[i++] = key;
      }
    });
  }
  // The reference: a run starts where the key changes (two neighbouring runs may draw one key: they
  // are one run). Chunks count their heads and sum their runs; the part of a run that began in an
  // earlier chunk is added to that run afterwards.
  host_vec<K> ref_keys;
  host_vec<V> ref_vals;
  {
    phase_scope reference(phase::ref);
    auto head = [&](std::int64_t i) { return i == 0 || h_keys[i] != h_keys[i - 1]; };
    parallel_select(n, ref_keys, head, [&](std::int64_t i) { return h_keys[i]; });
    ref_vals.resize(ref_keys.size());
    const int chunks = std::max(1, std::min<int>(host_threads(), int(n / 4096) + 1));
    std::vector<std::int64_t> heads(std::size_t(chunks) + 1, 0);
    std::vector<V> carry(std::size_t(chunks), V(0));
    parallel_chunks(n, chunks, [&](int c, std::int64_t b, std::int64_t e) {
      std::int64_t k = 0;
      for (std::int64_t i = b; i < e; ++i) k += head(i) ? 1 : 0;
      heads[std::size_t(c) + 1] = k;
    });
    for (int c = 0; c < chunks; ++c) heads[std::size_t(c) + 1] += heads[std::size_t(c)];
    parallel_chunks(n, chunks, [&](int c, std::int64_t b, std::int64_t e) {
      std::int64_t run = heads[std::size_t(c)] - 1;  // the run element b belongs to, unless b is a head
      V sum = V(0);
      bool started = false;
      for (std::int64_t i = b; i < e; ++i) {
        if (head(i)) {
          if (started) ref_vals[std::size_t(run)] = sum;
          else carry[std::size_t(c)] = sum;
          ++run, sum = V(0), started = true;
        }
        sum = V(sum + h_vals[i]);
      }
      if (started) ref_vals[std::size_t(run)] = sum;
      else carry[std::size_t(c)] = sum;
    });
    for (int c = 1; c < chunks; ++c)  // in order: a run may span several chunks
      if (heads[std::size_t(c)] > 0) ref_vals[std::size_t(heads[std::size_t(c)] - 1)] += carry[std::size_t(c)];
  }
  const std::int64_t runs = std::int64_t(ref_keys.size());
  const double bytes = double(n) * (sizeof(K) + sizeof(V)) + double(runs) * (sizeof(K) + sizeof(V));

  auto keys = s.rotate(h_keys, copies);
  auto vals = s.rotate(h_vals, copies);
  auto keys_out = s.rotate_uninit<K>(n, copies);
  auto vals_out = s.rotate_uninit<V>(n, copies);
  std::int64_t count = -1;
  auto check = [&] {
    if (count != runs) return "found " + std::to_string(count) + " runs, expected " + std::to_string(runs);
    std::string problem = compare_exact(s.fetch(keys_out.at(0), runs), ref_keys.data(), runs, "key");
    return problem.empty() ? compare_exact(s.fetch(vals_out.at(0), runs), ref_vals.data(), runs, "sum") : problem;
  };
  bench_key k{"reduce_by_key", "sum_runs_1_16", "", "u32", n, "random_runs", bytes};
  auto stream = s.ctx.stream();
  (void)stream;
  (void)check;

#if TIDE_COMPARE_HAS_REDUCE_BY_KEY
  measure_tide(s, k, [&](auto p, int r) {
    auto ends = tide::reduce_by_key(p, keys.at(r), keys.at(r) + n, vals.at(r), keys_out.at(r), vals_out.at(r));
    count = ends.first - keys_out.at(r);
  }, check);
#endif
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, [&](int r) {
    auto ends = thrust::reduce_by_key(thrust_policy(s.ctx), keys.at(r), keys.at(r) + n, vals.at(r), keys_out.at(r),
                                      vals_out.at(r));
    count = ends.first - keys_out.at(r);
  }, check);
#endif
#if TIDE_COMPARE_DEVICE
  {
    k.library = "cub";
    auto d_count = s.ctx.alloc<std::int64_t>(1);
    std::int64_t* h_count = nullptr;
    cuda_check(cudaMallocHost(&h_count, sizeof(std::int64_t)), "cudaMallocHost");
    std::size_t temp_bytes = 0;
    cub::DeviceReduce::ReduceByKey(nullptr, temp_bytes, keys.at(0), keys_out.at(0), vals.at(0), vals_out.at(0),
                                   d_count.get(), ::cuda::std::plus<V>(), n, stream);
    auto temp = s.ctx.alloc<char>(temp_bytes);
    s.measure(k, [&](int r) {
      cuda_check(cub::DeviceReduce::ReduceByKey(temp.get(), temp_bytes, keys.at(r), keys_out.at(r), vals.at(r),
                                                vals_out.at(r), d_count.get(), ::cuda::std::plus<V>(), n, stream),
                 "cub");
      cuda_check(cudaMemcpyAsync(h_count, d_count.get(), sizeof(std::int64_t), cudaMemcpyDeviceToHost, stream), "copy");
      cuda_check(cudaStreamSynchronize(stream), "sync");
      count = *h_count;
    }, check);
    cudaFreeHost(h_count);
  }
#endif
}

}  // namespace

void bench_reduce_by_key(suite& s) {
  for (std::int64_t n : s.opt.sizes) reduce_by_key_case(s, n);
}

}  // namespace cmp
