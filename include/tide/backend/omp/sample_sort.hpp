#pragma once
// OpenMP stable samplesort for any comparator: sort.hpp's comparison sorts take it from
// sample_sort_tuning::min_n elements on (the parallel merge sort below that). data[0, n) is sorted
// with buf[0, n) as scratch, and the result ends in data. The one-thread pieces are in
// sample_sort_serial.hpp.
//
// Phase 1, splitters: a deterministic pseudo-random sample (oversample elements a bucket, drawn
//   with replacement, seeded by n) is merge sorted with the comparator, and every oversample-th
//   element becomes a splitter. Equivalent splitters are merged into one; if any were, the input
//   has heavy keys, and every splitter gets an equality bucket of its own: all-equal or few
//   distinct keys are distributed and copied back, never sorted by one thread.
// Phase 2, classification: each thread takes one contiguous chunk and finds each element's bucket
//   by a branchless upper_bound over the splitters (splitter_tree.hpp), stores it in an oracle
//   array, and counts it. The distribution reads the oracle instead of asking the comparator again, so even
//   a comparator that is no strict weak order (NaNs under `a > b`) gives a permutation.
// Phase 3, distribution: prefix sums of the counts in (bucket, chunk) order give each chunk's
//   start in each bucket; each thread copies its chunk to buf in input order, so within a bucket
//   the elements keep their input order. With many buckets each thread stages every bucket's
//   elements in a buffer of combine_bytes and writes it out when full (distribute_staged).
// Phase 4, bucket sorts: each bucket is sorted from buf back into data by one thread (the serial
//   samplesort, sample_sort_serial.hpp), largest first, dynamically scheduled (sizes may differ).
//   Equality buckets are only copied back. A bucket larger than a thread's share and 4 times the
//   average (a sample that failed to split it) gets the whole team's merge sort first.
//
// Why it is stable: upper_bound gives equivalent elements the same bucket, and an element less
// than another a bucket no greater (the splitters are sorted), so the buckets in order are
// consecutive parts of the sorted order; phase 3 keeps input order within a bucket and phase 4
// sorts each stably. Memory (the oracle, the counts, each thread's workspace) is allocated before
// the parallel regions, as temporary_buffer or vectors; comparator exceptions escape as in the
// merge sort (outside the parallel regions: the sample's sort).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"
#include "sample_sort_serial.hpp"

#if TIDE_HAS_OPENMP
#include <omp.h>
#endif

namespace tide::backend::omp::detail {

/// Items a bucket's staging buffer holds in the distribution: combine_bytes of them (1: elements
/// over 16 bytes are stored directly).
template <class T>
constexpr size_type combine_items = sizeof(T) <= 16 ? size_type(sample_sort_tuning::combine_bytes / sizeof(T)) : 1;

/// out[next[o[i]]++] = x[i] for i in [0, m), in order, through a staging buffer per bucket
/// (stage[j * combine_items, ...), fill[j] items in it) that is written out whole when full:
/// single stores to hundreds of streams hold as many partial cache lines and miss the TLB.
template <class T, class O>
void distribute_staged(const T* x, const O* o, size_type m, T* out, size_type* next, T* stage, std::uint32_t* fill,
                       int buckets) {
  constexpr size_type w = combine_items<T>;
  for (int j = 0; j < buckets; ++j) fill[j] = 0;
  for (size_type i = 0; i < m; ++i) {
    const int j = o[i];
    T* s = stage + j * w;
    std::uint32_t f = fill[j];
    s[f++] = x[i];
    if (f == w) {
      std::memcpy(static_cast<void*>(out + next[j]), s, sizeof(T) * w);
      next[j] += w;
      f = 0;
    }
    fill[j] = f;
  }
  for (int j = 0; j < buckets; ++j) {
    std::memcpy(static_cast<void*>(out + next[j]), stage + j * w, sizeof(T) * fill[j]);
    next[j] += fill[j];
  }
}

/// Stable samplesort of data[0, n) with buf[0, n) as scratch; the result ends in data.
/// merge_sort(d, b, m, comp) is the parallel merge sort (result in d), for a bucket too large.
template <class T, class Comp, class MergeSort>
void sample_sort(const omp_policy& p, T* data, T* buf, size_type n, const Comp& comp, MergeSort merge_sort) {
  using tuning = sample_sort_tuning;
  std::vector<T> sample, scratch;
  splitter_tree<T> tree;
  const int k = buckets_for(n, tuning::max_buckets, tuning::min_bucket);
  tree.reserve(k);
  sample.reserve(static_cast<std::size_t>(k) * tuning::oversample);
  Comp c0 = comp;
  choose_splitters(data, n, k, tuning::oversample, c0, sample, scratch, tree);  // phase 1
  const bool equal = tree.equal;
  const int ns = tree.ns;
  const int buckets = tree.buckets();  // at most 2 * max_buckets: fits the oracle
  const int chunks = thread_count(p, n);
  ::tide::detail::temporary_buffer<std::uint16_t> oracle(p, static_cast<std::size_t>(n), "sort");
  std::vector<size_type> start(static_cast<std::size_t>(chunks) * buckets, 0);  // counts, then starts
  std::uint16_t* bucket_of = oracle.data();
  parallel_chunks(p, n, [&](size_type b, size_type e, int c) {  // phase 2
    Comp cmp = comp;
    tree.classify(data + b, e - b, bucket_of + b, start.data() + static_cast<std::size_t>(c) * buckets, cmp);
  });
  std::vector<size_type> bucket_begin(static_cast<std::size_t>(buckets) + 1, n);
  size_type sum = 0;
  for (int j = 0; j < buckets; ++j) {  // (bucket, chunk) order
    bucket_begin[j] = sum;
    for (int c = 0; c < chunks; ++c) {
      size_type& x = start[static_cast<std::size_t>(c) * buckets + j];
      const size_type count = x;
      x = sum;
      sum += count;
    }
  }
  constexpr size_type w = combine_items<T>;
  const bool staged = w > 1 && buckets >= tuning::combine_min_buckets;
  const std::size_t per_chunk = staged ? static_cast<std::size_t>(buckets) : 0;
  ::tide::detail::temporary_buffer<T> stage(p, static_cast<std::size_t>(chunks) * per_chunk * w, "sort");
  std::vector<std::uint32_t> fill(static_cast<std::size_t>(chunks) * per_chunk);
  parallel_chunks(p, n, [&](size_type b, size_type e, int c) {  // phase 3
    size_type* next = start.data() + static_cast<std::size_t>(c) * buckets;
    if (staged)
      distribute_staged(data + b, bucket_of + b, e - b, buf, next, stage.data() + c * per_chunk * w,
                        fill.data() + c * per_chunk, buckets);
    else
      for (size_type i = b; i < e; ++i) buf[next[bucket_of[i]]++] = data[i];
  });
  // Phase 4. A bucket larger than a thread's share, and 4 times the average, is sorted by the whole
  // team first (buckets of the average size may exceed a thread's share when buckets <= threads).
  const int threads = policy_threads(p);
  const size_type large = threads > 1 ? std::max(n / threads, 4 * (n / (ns + 1))) : n + 1;
  std::vector<int> order;
  size_type largest = 0;
  for (int j = 0; j < buckets; ++j) {
    const size_type b = bucket_begin[j], size = bucket_begin[j + 1] - b;
    const bool is_equal = equal && j % 2 == 0;
    if (size > large && !is_equal) {
      merge_sort(buf + b, data + b, size, comp);  // the result in buf
      parallel_for(p, size, [&](size_type i) { data[b + i] = buf[b + i]; });
    } else if (size > 0) {
      order.push_back(j);
      if (!is_equal) largest = std::max(largest, size);
    }
  }
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {  // largest first
    return bucket_begin[x + 1] - bucket_begin[x] > bucket_begin[y + 1] - bucket_begin[y];
  });
  const int jobs = static_cast<int>(order.size());
  const int team = team_for(p, std::min(threads, jobs));  // one, or the policy's team
  std::vector<sample_workspace<T>> workspace;
  workspace.reserve(static_cast<std::size_t>(team));
  for (int t = 0; t < team; ++t) workspace.emplace_back(largest);
#if TIDE_HAS_OPENMP
#pragma omp parallel for num_threads(team) schedule(dynamic, 1) if (team > 1)
#endif
  for (int t = 0; t < jobs; ++t) {
    const int j = order[t];
    const size_type b = bucket_begin[j], size = bucket_begin[j + 1] - b;
    if (equal && j % 2 == 0) {
      std::copy(buf + b, buf + b + size, data + b);
    } else {
#if TIDE_HAS_OPENMP
      sample_workspace<T>& ws = workspace[static_cast<std::size_t>(omp_get_thread_num())];
#else
      sample_workspace<T>& ws = workspace[0];
#endif
      Comp cmp = comp;
      serial_sample_sort(buf + b, data + b, size, true, cmp, ws);
    }
  }
}

}  // namespace tide::backend::omp::detail
