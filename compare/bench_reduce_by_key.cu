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

void reduce_by_key_case(suite& s, std::int64_t n) {
  using K = std::uint32_t;
  using V = std::uint32_t;
  std::vector<K> h_keys(static_cast<std::size_t>(n));
  std::vector<V> h_vals = uniform<V>(n, s.opt.seed ^ std::uint64_t(n) ^ 0xb7);
  for (auto& v : h_vals) v >>= 8;
  std::uint64_t run = 0;
  for (std::int64_t i = 0; i < n; ++run) {
    std::int64_t len = 1 + std::int64_t(random_at(s.opt.seed ^ 0x12, run) % 16);
    K key = K(random_at(s.opt.seed ^ 0x34, run));
    for (std::int64_t j = 0; j < len && i < n; ++j) h_keys[i++] = key;
  }
  std::vector<K> ref_keys;
  std::vector<V> ref_vals;
  for (std::int64_t i = 0; i < n; ++i) {
    if (i == 0 || h_keys[i] != h_keys[i - 1]) {
      ref_keys.push_back(h_keys[i]);
      ref_vals.push_back(V(0));
    }
    ref_vals.back() = V(ref_vals.back() + h_vals[i]);
  }
  const std::int64_t runs = std::int64_t(ref_keys.size());
  const double bytes = double(n) * (sizeof(K) + sizeof(V)) + double(runs) * (sizeof(K) + sizeof(V));
  const int copies = s.copies_for(bytes);
  if (!s.fits(double(n) * (sizeof(K) + sizeof(V)) * 2 * copies + 64e6, "reduce_by_key", n)) return;

  auto keys = s.rotate(h_keys, copies);
  auto vals = s.rotate(h_vals, copies);
  auto keys_out = s.rotate_uninit<K>(n, copies);
  auto vals_out = s.rotate_uninit<V>(n, copies);
  std::int64_t count = -1;
  auto check = [&] {
    if (count != runs) return "found " + std::to_string(count) + " runs, expected " + std::to_string(runs);
    std::vector<K> got_k = s.download(keys_out.at(0), runs);
    std::vector<V> got_v = s.download(vals_out.at(0), runs);
    std::string problem = compare_exact(got_k.data(), ref_keys.data(), runs, "key");
    return problem.empty() ? compare_exact(got_v.data(), ref_vals.data(), runs, "sum") : problem;
  };
  bench_key k{"reduce_by_key", "sum_runs_1_16", "", "u32", n, "random_runs", bytes};
  auto stream = s.ctx.stream();
  (void)stream;
  (void)check;

#if TIDE_COMPARE_HAS_REDUCE_BY_KEY
  k.library = "tide";
  s.measure(k, [&](int r) {
    auto ends = tide::reduce_by_key(tide_policy(s.ctx), keys.at(r), keys.at(r) + n, vals.at(r), keys_out.at(r), vals_out.at(r));
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
