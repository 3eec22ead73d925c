#pragma once
// The OpenMP radix sort's entry points: keys (and values) from the caller's iterators to raw arrays,
// then the sort that suits the size: one MSD pass and buckets sorted in cache (radix_msd.hpp) from
// 2^16 keys (2^15 in teams of 4 or more), else LSD passes over the whole array (radix_sort.hpp).

#include <cstdint>
#include <type_traits>

#include "../../detail/host_sort.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"
#include "radix_msd.hpp"
#include "radix_sort.hpp"

namespace tide::backend::omp::detail {

/// Stable radix sort of keys[0, n) (and vals with Pairs) by order bits [begin_bit, end_bit), with
/// kbuf (vbuf) as scratch: the result ends in keys (vals). The MSD sort may decline (few digits
/// vary) before writing anything; the LSD sort then runs.
template <bool Descending, bool Pairs, class K, class V>
void radix_sort_arrays(const omp_policy& p, K* keys, V* vals, K* kbuf, V* vbuf, size_type n, int begin_bit,
                       int end_bit, const char* algorithm, const radix_options& options) {
  // One thread, or the policy's team (team_for: the chunks get smaller, the pool stays).
  const int threads = team_for(p, thread_count(p, n, options.keys_per_thread));
  if (radix_use_msd(options, n, end_bit - begin_bit, threads) &&
      radix_sort_msd<Descending, Pairs>(p, threads, keys, vals, kbuf, vbuf, n, begin_bit, end_bit, options, algorithm))
    return;
  tide::detail::temporary_buffer<unsigned char> scratch(p, radix_scratch_bytes(threads), algorithm);
  radix_sort_lsd<Descending, Pairs>(threads, keys, vals, kbuf, vbuf, n, begin_bit, end_bit, scratch.data(),
                                    options.writes);
}

/// Keys as a raw array: the caller's when keys is a pointer, else a copy (written back by finish).
/// Either way with n more keys of scratch.
template <class It>
class radix_key_storage {
 public:
  using K = tide::detail::host::value_of<It>;
  static constexpr bool in_place = std::is_same_v<It, K*>;

  radix_key_storage(const omp_policy& p, It keys, size_type n, const char* algorithm)
      : p_(p), keys_(keys), n_(n), buf_(p, (in_place ? 1 : 2) * std::size_t(n), algorithm) {}
  /// Call once every allocation is made (a call that throws leaves its input unchanged).
  K* start() {
    if constexpr (in_place) {
      return keys_;
    } else {
      K* data = buf_.data() + n_;
      parallel_for(p_, n_, [&](size_type i) { data[i] = keys_[i]; });
      return data;
    }
  }
  K* scratch() const { return buf_.data(); }
  void finish() {
    if constexpr (!in_place) {
      const K* data = buf_.data() + n_;
      parallel_for(p_, n_, [&](size_type i) { keys_[i] = data[i]; });
    }
  }

 private:
  omp_policy p_;
  It keys_;
  size_type n_;
  tide::detail::temporary_buffer<K> buf_;
};

/// Stable radix sort of keys[0, n) by order bits [begin_bit, end_bit).
template <bool Descending, class It>
void radix_sort_keys(const omp_policy& p, It keys, size_type n, int begin_bit, int end_bit, const char* algorithm,
                     radix_options options) {
  using K = tide::detail::host::value_of<It>;
  radix_key_storage<It> k(p, keys, n, algorithm);
  K* data = k.start();
  radix_sort_arrays<Descending, false>(p, data, data, k.scratch(), k.scratch(), n, begin_bit, end_bit, algorithm,
                                       options);
  k.finish();
}

/// Values the passes move themselves: raw pointers to at most 16 bytes.
template <class It>
inline constexpr bool radix_moves_values_v =
    std::is_pointer_v<It> && !std::is_const_v<std::remove_pointer_t<It>> && sizeof(std::remove_pointer_t<It>) <= 16;

/// Stable radix sort of keys[0, n) by order bits [begin_bit, end_bit), moving vals[0, n) with them;
/// other values ride along as their indices (Index), gathered once at the end.
template <bool Descending, class Index, class KeyIt, class ValIt>
void radix_sort_pairs(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, int begin_bit, int end_bit,
                      const char* algorithm, radix_options options) {
  using V = tide::detail::host::value_of<ValIt>;
  radix_key_storage<KeyIt> k(p, keys, n, algorithm);
  if constexpr (radix_moves_values_v<ValIt>) {
    tide::detail::temporary_buffer<V> vbuf(p, std::size_t(n), algorithm);
    auto* data = k.start();
    radix_sort_arrays<Descending, true>(p, data, vals, k.scratch(), vbuf.data(), n, begin_bit, end_bit, algorithm,
                                        options);
  } else {
    tide::detail::temporary_buffer<Index> index(p, 2 * std::size_t(n), algorithm);
    tide::detail::temporary_buffer<V> gathered(p, std::size_t(n), algorithm);
    auto* data = k.start();
    Index* idx = index.data();
    parallel_for(p, n, [&](size_type i) { idx[i] = Index(i); });
    radix_sort_arrays<Descending, true>(p, data, idx, k.scratch(), idx + n, n, begin_bit, end_bit, algorithm,
                                        options);
    V* g = gathered.data();
    parallel_for(p, n, [&](size_type i) { g[i] = vals[idx[i]]; });
    parallel_for(p, n, [&](size_type i) { vals[i] = g[i]; });
  }
  k.finish();
}

}  // namespace tide::backend::omp::detail
