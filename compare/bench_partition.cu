// partition, stable_partition (in place) and partition_copy (two outputs) of u32 by "odd" (half of
// a uniform input). Every in-place run partitions a fresh copy of the input: prep copies it into
// place, untimed (as bench_sort.cu); CUB's DevicePartition::If reads the copy and writes the
// partitioned items to another buffer (selected in order, rejected reversed: Thrust's CUDA order),
// its count copied back in the timed run, and is the CUB row of all three algorithms. tide and
// Thrust return the partition point (or the pair of output ends).
// Checked exactly: partition on a GPU in Thrust's CUDA order in every library; stable_partition and
// partition_copy: both groups in order. On the host partition is checked as a partition (each group
// a permutation of its elements: Thrust's OpenMP one swaps, as std::partition).
// Bytes: n * 4 read + n * 4 written.

#include <algorithm>

#include "harness/libs.hpp"

#ifndef TIDE_COMPARE_HAS_PARTITION
#if __has_include(<tide/partition.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/partition.hpp>))
#define TIDE_COMPARE_HAS_PARTITION 1
#else
#define TIDE_COMPARE_HAS_PARTITION 0
#endif
#endif

#if TIDE_COMPARE_HAS_PARTITION
#include <tide/partition.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/partition.h>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_partition.cuh>
#endif

namespace cmp {
namespace {

enum class part_alg { partition, stable_partition, partition_copy };

void partition_case(suite& s, std::int64_t n, part_alg alg) {
  using T = std::uint32_t;
  const char* algorithm = alg == part_alg::partition          ? "partition"
                          : alg == part_alg::stable_partition ? "stable_partition"
                                                              : "partition_copy";
  const bool two_outputs = alg == part_alg::partition_copy;
  // Rotated: the input and the buffer written (and the second output); tide's in-place forms take
  // a temporary of n more.
  const double rotated = double(n) * sizeof(T) * (two_outputs ? 3 : 2);
  const int copies = s.copies_for(rotated);
  if (!s.fits(rotated * copies + double(n) * sizeof(T) + 64e6, algorithm, n)) return;
  const auto h_in = uniform<T, host_vec<T>>(n, s.opt.seed ^ std::uint64_t(n) ^ 0x9a);
  host_vec<T> ref_yes, ref_no;
  {
    phase_scope reference(phase::ref);
    parallel_select(n, ref_yes, [&](std::int64_t i) { return (h_in[i] & 1) != 0; },
                    [&](std::int64_t i) { return h_in[i]; });
    parallel_select(n, ref_no, [&](std::int64_t i) { return (h_in[i] & 1) == 0; },
                    [&](std::int64_t i) { return h_in[i]; });
  }
  const std::int64_t kept = std::int64_t(ref_yes.size());
  const std::int64_t rejected = n - kept;
  const std::uint64_t hash_yes = multiset_hash(ref_yes.data(), kept);
  const std::uint64_t hash_no = multiset_hash(ref_no.data(), rejected);
  const double bytes = 2.0 * double(n) * sizeof(T);

  auto src = s.rotate(h_in, copies);
  auto buf = s.rotate_uninit<T>(n, copies);
  auto no = s.rotate_uninit<T>(two_outputs ? n : 0, two_outputs ? copies : 1);
  auto prep = [&](int r) {
    if (!two_outputs) s.ctx.copy_bytes(buf.at(r), src.at(r), std::size_t(n) * sizeof(T));
  };
  std::int64_t count = -1, count_no = -1;
  // One buffer: the selected group, then the rejected one in order (stable) or reversed (Thrust's
  // CUDA partition and CUB); `exact` false: each group any permutation of its elements.
  auto check_one = [&](bool reversed, bool exact) -> std::string {
    if (count != kept) return "selected " + std::to_string(count) + " elements, expected " + std::to_string(kept);
    const T* got = s.fetch(buf.at(0), n);
    if (!exact) {
      const std::int64_t i = first_where(n, [&](std::int64_t j) { return ((got[j] & 1) != 0) != (j < kept); });
      if (i < n) return "element " + std::to_string(i) + " is on the wrong side of the partition point";
      if (multiset_hash(got, kept) != hash_yes) return "the selected group is not the selected elements";
      return multiset_hash(got + kept, rejected) == hash_no ? "" : "the rejected group is not the rejected elements";
    }
    std::string problem = compare_exact(got, ref_yes.data(), kept, "selected element");
    if (!problem.empty()) return problem;
    if (reversed)
      return compare_exact_fn(got + kept, rejected, [&](std::int64_t j) { return ref_no[rejected - 1 - j]; },
                              "rejected element");
    return compare_exact(got + kept, ref_no.data(), rejected, "rejected element");
  };
  auto check_two = [&]() -> std::string {
    if (count != kept || count_no != rejected)
      return "wrote " + std::to_string(count) + " + " + std::to_string(count_no) + " elements, expected " +
             std::to_string(kept) + " + " + std::to_string(rejected);
    std::string problem = compare_exact(s.fetch(buf.at(0), kept), ref_yes.data(), kept, "selected element");
    if (!problem.empty()) return problem;
    return compare_exact(s.fetch(no.at(0), rejected), ref_no.data(), rejected, "rejected element");
  };
  // The check of tide's and Thrust's rows.
  auto check = [&]() -> std::string {
    if (two_outputs) return check_two();
    if (alg == part_alg::partition) return check_one(true, TIDE_COMPARE_DEVICE != 0);
    return check_one(false, true);
  };
  bench_key k{algorithm, "odd_half", "", "u32", n, "uniform", bytes};
  auto stream = s.ctx.stream();
  (void)stream;
  (void)check;
  (void)prep;

#if TIDE_COMPARE_HAS_PARTITION
  measure_tide(s, k, prep, [&](auto p, int r) {
    if (alg == part_alg::partition) {
      count = tide::partition(p, buf.at(r), buf.at(r) + n, is_odd_op{}) - buf.at(r);
    } else if (alg == part_alg::stable_partition) {
      count = tide::stable_partition(p, buf.at(r), buf.at(r) + n, is_odd_op{}) - buf.at(r);
    } else {
      auto ends = tide::partition_copy(p, src.at(r), src.at(r) + n, buf.at(r), no.at(r), is_odd_op{});
      count = ends.first - buf.at(r);
      count_no = ends.second - no.at(r);
    }
  }, check, alg == part_alg::stable_partition);  // scaling rows: stable_partition
#endif
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, prep, [&](int r) {
    auto p = thrust_policy(s.ctx);
    if (alg == part_alg::partition) {
      count = thrust::partition(p, buf.at(r), buf.at(r) + n, is_odd_op{}) - buf.at(r);
    } else if (alg == part_alg::stable_partition) {
      count = thrust::stable_partition(p, buf.at(r), buf.at(r) + n, is_odd_op{}) - buf.at(r);
    } else {
      auto ends = thrust::partition_copy(p, src.at(r), src.at(r) + n, buf.at(r), no.at(r), is_odd_op{});
      count = ends.first - buf.at(r);
      count_no = ends.second - no.at(r);
    }
  }, check);
#endif
#if TIDE_COMPARE_DEVICE
  {
    // DevicePartition::If: src to buf, selected in order, rejected reversed (every algorithm's row).
    k.library = "cub";
    auto d_count = s.ctx.alloc<std::int64_t>(1);
    std::int64_t* h_count = nullptr;
    cuda_check(cudaMallocHost(&h_count, sizeof(std::int64_t)), "cudaMallocHost");
    std::size_t temp_bytes = 0;
    cub::DevicePartition::If(nullptr, temp_bytes, src.at(0), buf.at(0), d_count.get(), n, is_odd_op{}, stream);
    auto temp = s.ctx.alloc<char>(temp_bytes);
    s.measure(k, [&](int r) {
      cuda_check(cub::DevicePartition::If(temp.get(), temp_bytes, src.at(r), buf.at(r), d_count.get(), n, is_odd_op{},
                                          stream),
                 "cub");
      cuda_check(cudaMemcpyAsync(h_count, d_count.get(), sizeof(std::int64_t), cudaMemcpyDeviceToHost, stream), "copy");
      cuda_check(cudaStreamSynchronize(stream), "sync");
      count = *h_count;
    }, [&] { return check_one(true, true); });
    cudaFreeHost(h_count);
  }
#else
  {
    k.library = "std";
    s.measure_host(k, prep, [&](int r) {
      if (alg == part_alg::partition) {
        count = std::partition(buf.at(r), buf.at(r) + n, is_odd_op{}) - buf.at(r);
      } else if (alg == part_alg::stable_partition) {
        count = std::stable_partition(buf.at(r), buf.at(r) + n, is_odd_op{}) - buf.at(r);
      } else {
        auto ends = std::partition_copy(src.at(r), src.at(r) + n, buf.at(r), no.at(r), is_odd_op{});
        count = ends.first - buf.at(r);
        count_no = ends.second - no.at(r);
      }
    }, [&]() -> std::string {
      return alg == part_alg::partition ? check_one(false, false) : check();
    });
  }
#endif
}

}  // namespace

void bench_partition(suite& s) {
  for (std::int64_t n : s.opt.sizes)
    for (part_alg a : {part_alg::partition, part_alg::stable_partition, part_alg::partition_copy})
      partition_case(s, n, a);
}

}  // namespace cmp
