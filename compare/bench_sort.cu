// sort_keys (u32, f32, u64, ascending), sort_pairs (u32 keys, u32 values), sort_custom (f32 with a
// comparator no library can turn into a radix sort: a merge sort), on uniform keys; the seeds'
// sorts beside them on u32 keys (bitonic, radix Level 1 and 2, odd-even transposition on small
// inputs); sorts of 1,000 keys (the latency issue 5 bounds); and seed 001's table at 16,777,217 keys.
// Every run sorts a fresh copy of the input: prep copies it into place, untimed (CUB reads the copy
// and writes the sorted keys, the others sort in place). Checked as sorted and as a permutation of
// the input (an order-independent hash), so 2^30 keys need no host sort.
// Bytes: keys (and values) read once and written once.

#include <algorithm>

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_SORT
#include <tide/sort.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/sort.h>
#endif
#if TIDE_COMPARE_DEVICE
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>

#include "seeds/radix_sort.cuh"
#include "seeds/sorting_networks.cuh"
#endif

namespace cmp {
namespace {

constexpr std::int64_t seed001_n = 16777217;          // the report's input size
constexpr std::int64_t seed_sort_max_n = 1 << 24;     // the seeds' sorts are slow: not past 2^24

struct ascending {
  template <class T>
  bool operator()(const T& a, const T& b) const { return a < b; }
};

/// Keys, optional values; `custom` sorts f32 keys by custom_greater.
template <class K, bool Pairs, bool Custom>
void sort_case(suite& s, std::int64_t n, bool seed_table) {
  using V = std::uint32_t;
  const char* type = type_name<K>();
  const char* algorithm = Custom ? "sort_custom" : Pairs ? "sort_pairs" : "sort_keys";
  const double bytes = 2.0 * double(n) * (sizeof(K) + (Pairs ? sizeof(V) : 0));
  const int copies = s.copies_for(bytes);
  if (!s.fits(bytes * copies + 3.0 * double(n) * (sizeof(K) + sizeof(V)) + 64e6, algorithm, n)) return;

  const auto h_keys = uniform<K, host_vec<K>>(n, s.opt.seed ^ std::uint64_t(n) ^ sizeof(K) ^ (Custom ? 0x99 : 0));
  host_vec<V> h_vals;
  if (Pairs) {
    h_vals.resize(h_keys.size());
    parallel_fill(h_vals, [](std::int64_t i) { return V(i); });
  }
  const std::uint64_t hash = Pairs ? multiset_hash(h_keys.data(), h_vals.data(), n) : multiset_hash(h_keys.data(), n);
  auto src_keys = s.rotate(h_keys, copies);
  auto src_vals = s.rotate(h_vals, Pairs ? copies : 1);
  auto keys = s.rotate_uninit<K>(n, copies);
  auto vals = s.rotate_uninit<V>(Pairs ? n : 0, Pairs ? copies : 1);
  auto prep = [&](int r) {
    s.ctx.copy_bytes(keys.at(r), src_keys.at(r), std::size_t(n) * sizeof(K));
    if (Pairs) s.ctx.copy_bytes(vals.at(r), src_vals.at(r), std::size_t(n) * sizeof(V));
  };
  auto check = [&]() -> std::string {
    const K* got = s.fetch(keys.at(0), n);
    if (!Pairs) return Custom ? check_sorted(got, n, hash, custom_greater{}) : check_sorted(got, n, hash, ascending{});
    const V* got_v = s.fetch(vals.at(0), n, 1);
    std::string problem = check_sorted(got, n, multiset_hash(got, n), ascending{});
    if (problem.empty() && multiset_hash(got, got_v, n) != hash) problem = "keys and values came apart";
    // Values are the input positions: equal keys keep their input order (stable; every library here
    // promises it for pairs).
    if (problem.empty()) {
      std::int64_t unstable = 0;
#if defined(_OPENMP)
#pragma omp parallel for reduction(+ : unstable)
#endif
      for (std::int64_t i = 1; i < n; ++i) unstable += !(got[i - 1] < got[i]) && !(got_v[i - 1] < got_v[i]);
      if (unstable) problem = std::to_string(unstable) + " pairs of equal keys out of their input order";
    }
    return problem;
  };
  bench_key k{algorithm, Custom ? "custom_greater" : "less", "", type, n, "uniform", bytes};
  auto stream = s.ctx.stream();
  (void)stream;
  (void)check;

#if TIDE_COMPARE_HAS_SORT
  measure_tide(s, k, prep, [&](auto p, int r) {
    if constexpr (Custom) tide::sort(p, keys.at(r), keys.at(r) + n, custom_greater{});
    else if constexpr (Pairs) tide::sort_by_key(p, keys.at(r), keys.at(r) + n, vals.at(r));
    else tide::sort(p, keys.at(r), keys.at(r) + n);
  }, check, Custom || (!Pairs && std::is_same_v<K, std::uint32_t>));  // scaling: u32 keys (radix), custom (merge)
#endif
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, prep, [&](int r) {
    auto p = thrust_policy(s.ctx);
    if constexpr (Custom) thrust::sort(p, keys.at(r), keys.at(r) + n, custom_greater{});
    else if constexpr (Pairs) thrust::sort_by_key(p, keys.at(r), keys.at(r) + n, vals.at(r));
    else thrust::sort(p, keys.at(r), keys.at(r) + n);
  }, check);
#endif
#if TIDE_COMPARE_DEVICE
  {
    k.library = "cub";
    std::size_t temp_bytes = 0;
    auto cub_sort = [&](void* temp, int r) {
      if constexpr (Custom)
        return cub::DeviceMergeSort::SortKeys(temp, temp_bytes, keys.at(r), n, custom_greater{}, stream);
      else if constexpr (Pairs)
        return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, src_keys.at(r), keys.at(r), src_vals.at(r), vals.at(r),
                                               n, 0, int(sizeof(K) * 8), stream);
      else
        return cub::DeviceRadixSort::SortKeys(temp, temp_bytes, src_keys.at(r), keys.at(r), n, 0, int(sizeof(K) * 8), stream);
    };
    cub_sort(nullptr, 0);
    auto temp = s.ctx.alloc<char>(temp_bytes);
    s.measure(k, prep, [&](int r) { cuda_check(cub_sort(temp.get(), r), "cub"); }, check);
  }
  if constexpr (std::is_same_v<K, std::uint32_t> && !Pairs && !Custom) {
    k.library = "seed";
    if (seed::bitonic_supports(n) && n <= seed_sort_max_n) {
      k.case_name = "bitonic";
      s.measure(k, prep, [&](int r) { seed::bitonic_sort(keys.at(r), n, stream); }, check);
    }
    if (seed::odd_even_supports(n)) {
      k.case_name = "odd_even_transposition";
      s.measure(k, prep, [&](int r) { seed::odd_even_sort(keys.at(r), n, stream); }, check);
    }
    if (n <= seed_sort_max_n || seed_table) {
      seed::radix_sort_seed radix(n);
      for (int level : {1, 2}) {
        k.case_name = radix.name(level);
        s.measure(k, prep, [&](int r) { radix.run(level, keys.at(r), n, stream); }, check);
        if (!seed_table) continue;
        seed::radix_phases phases;  // one more run, with events between the phases
        prep(0);
        radix.run(level, keys.at(0), n, stream, &phases);
        bench_key phase = k;
        for (auto [name, ms] : {std::pair<const char*, double>{"hist", phases.hist_ms}, {"scan", phases.scan_ms},
                                {"scatter", phases.scatter_ms}}) {
          phase.case_name = std::string(radix.name(level)) + "." + name;
          s.record(phase, ms);
        }
      }
    }
    k.case_name = "less";
  }
#endif
#if !TIDE_COMPARE_DEVICE
  // The CPU competitors (harness/cpu_libs.hpp) on the same buffers. Keys: sorted in place. Pairs:
  // Thrust's TBB backend sorts the two arrays; the std-style sorts sort an array of (key, value)
  // pairs by key, stably (prep builds it, untimed; the check splits it back into the buffers).
  {
    using P = std::pair<K, V>;
    std::vector<P> aos(Pairs ? std::size_t(n) : 0);
    auto prep_aos = [&](int r) {
      const K* sk = src_keys.at(r);
      const V* sv = src_vals.at(r);
      parallel_for(n, [&](std::int64_t i) { aos[std::size_t(i)] = P{sk[i], sv[i]}; });
    };
    auto check_aos = [&]() -> std::string {
      K* kk = keys.at(0);
      V* vv = vals.at(0);
      parallel_for(n, [&](std::int64_t i) { kk[i] = aos[std::size_t(i)].first; vv[i] = aos[std::size_t(i)].second; });
      return check();
    };
    auto by_key = [](const P& a, const P& b) { return a.first < b.first; };
    (void)prep_aos;
    (void)check_aos;
    (void)by_key;
#if TIDE_COMPARE_HAS_THRUST_TBB
    k.library = "thrust_tbb";
    s.measure(k, prep, [&](int r) {
      if constexpr (Custom) thrust::sort(thrust::tbb::par, keys.at(r), keys.at(r) + n, custom_greater{});
      else if constexpr (Pairs) thrust::sort_by_key(thrust::tbb::par, keys.at(r), keys.at(r) + n, vals.at(r));
      else thrust::sort(thrust::tbb::par, keys.at(r), keys.at(r) + n);
    }, check);
#endif
    if constexpr (!Pairs) {
#if TIDE_COMPARE_HAS_TBB
      k.library = "tbb";
      s.measure(k, prep, [&](int r) {
        if constexpr (Custom) tbb::parallel_sort(keys.at(r), keys.at(r) + n, custom_greater{});
        else tbb::parallel_sort(keys.at(r), keys.at(r) + n);
      }, check);
#endif
#if TIDE_COMPARE_HAS_IPS4O
      k.library = "ips4o";
      s.measure(k, prep, [&](int r) {
        if constexpr (Custom) ips4o::parallel::sort(keys.at(r), keys.at(r) + n, custom_greater{});
        else ips4o::parallel::sort(keys.at(r), keys.at(r) + n, std::less<K>());
      }, check);
#endif
#if TIDE_COMPARE_HAS_PSTL
      k.library = "pstl_par";
      s.measure(k, prep, [&](int r) {
        if constexpr (Custom) std::sort(std::execution::par, keys.at(r), keys.at(r) + n, custom_greater{});
        else std::sort(std::execution::par, keys.at(r), keys.at(r) + n);
      }, check);
      k.library = "pstl_unseq";
      s.measure(k, prep, [&](int r) {
        if constexpr (Custom) std::sort(std::execution::par_unseq, keys.at(r), keys.at(r) + n, custom_greater{});
        else std::sort(std::execution::par_unseq, keys.at(r), keys.at(r) + n);
      }, check);
#endif
#if TIDE_COMPARE_HAS_ONEDPL
      k.library = "onedpl";
      s.measure(k, prep, [&](int r) {
        namespace dpl = oneapi::dpl;
        if constexpr (Custom) dpl::sort(dpl::execution::par_unseq, keys.at(r), keys.at(r) + n, custom_greater{});
        else dpl::sort(dpl::execution::par_unseq, keys.at(r), keys.at(r) + n);
      }, check);
#endif
#if TIDE_COMPARE_HAS_GNU_PARALLEL
      k.library = "gnu_parallel";
      s.measure(k, prep, [&](int r) {
        if constexpr (Custom) __gnu_parallel::sort(keys.at(r), keys.at(r) + n, custom_greater{});
        else __gnu_parallel::sort(keys.at(r), keys.at(r) + n);
      }, check);
#endif
    } else {
#if TIDE_COMPARE_HAS_PSTL
      k.library = "pstl_par";
      s.measure(k, prep_aos, [&](int) { std::stable_sort(std::execution::par, aos.begin(), aos.end(), by_key); }, check_aos);
      k.library = "pstl_unseq";
      s.measure(k, prep_aos, [&](int) { std::stable_sort(std::execution::par_unseq, aos.begin(), aos.end(), by_key); },
                check_aos);
#endif
#if TIDE_COMPARE_HAS_ONEDPL
      k.library = "onedpl";
      s.measure(k, prep_aos, [&](int) {
        oneapi::dpl::stable_sort(oneapi::dpl::execution::par_unseq, aos.begin(), aos.end(), by_key);
      }, check_aos);
#endif
#if TIDE_COMPARE_HAS_GNU_PARALLEL
      k.library = "gnu_parallel";
      s.measure(k, prep_aos, [&](int) { __gnu_parallel::stable_sort(aos.begin(), aos.end(), by_key); }, check_aos);
#endif
    }
  }
#endif
  if (!TIDE_COMPARE_DEVICE || seed_table) {
    // std::sort on one host thread: seed 001's "sortByHost". Three runs at the table's size.
    k.library = "std";
    std::vector<K> work(h_keys.size());
    std::vector<std::pair<K, V>> work_pairs(Pairs ? h_keys.size() : 0);
    const int saved_runs = s.opt.min_runs;
    if (seed_table) s.opt.min_runs = 3;
    s.measure_host(k, [&](int) {
      if (Pairs) for (std::size_t i = 0; i < work_pairs.size(); ++i) work_pairs[i] = {h_keys[i], h_vals[i]};
      else std::copy(h_keys.begin(), h_keys.end(), work.begin());
    }, [&](int) {
      if constexpr (Custom) std::sort(work.begin(), work.end(), custom_greater{});
      else if constexpr (Pairs) std::sort(work_pairs.begin(), work_pairs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      else std::sort(work.begin(), work.end());
    }, [&]() -> std::string {
      if (Pairs) return std::is_sorted(work_pairs.begin(), work_pairs.end(), [](const auto& a, const auto& b) { return a.first < b.first; }) ? "" : "not sorted";
      return Custom ? check_sorted(work.data(), n, hash, custom_greater{}) : check_sorted(work.data(), n, hash, ascending{});
    });
    s.opt.min_runs = saved_runs;
  }
}

}  // namespace

void bench_sort(suite& s) {
  for (std::int64_t n : s.opt.sizes) {
    sort_case<std::uint32_t, false, false>(s, n, false);
    sort_case<float, false, false>(s, n, false);
    sort_case<std::uint64_t, false, false>(s, n, false);
    sort_case<std::uint32_t, true, false>(s, n, false);
    sort_case<float, false, true>(s, n, false);
  }
  sort_case<std::uint32_t, false, false>(s, 1000, false);  // latency: a sort of 1,000 keys
  if (s.opt.seed_tables) sort_case<std::uint32_t, false, false>(s, seed001_n, true);
}

}  // namespace cmp
