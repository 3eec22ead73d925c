#pragma once
// The few parallel primitives the OpenMP backend is written over: parallel_for and parallel_reduce
// (parallel_scan, the one-pass scan, is in parallel_scan.hpp). The range is cut into one contiguous
// chunk per thread (static partition), so results are the same run after run for a given thread
// count.

#include <algorithm>
#include <vector>

#include "../../execution.hpp"

#if TIDE_HAS_OPENMP
#include <omp.h>
#endif

namespace tide::backend::omp::detail {

/// The threads the policy asks for: par.with_threads(n), else OpenMP's default.
inline int policy_threads(const omp_policy& p) {
#if TIDE_HAS_OPENMP
  return p.num_threads > 0 ? p.num_threads : omp_get_max_threads();
#else
  (void)p;
  return 1;
#endif
}

/// The policy's threads, at most one per min_per_thread elements of n.
inline int thread_count(const omp_policy& p, size_type n, size_type min_per_thread = 4096) {
  // Small ranges are not worth a thread team.
  return static_cast<int>(std::max<size_type>(1, std::min<size_type>(policy_threads(p), n / min_per_thread)));
}

/// Chunk c of [0, n) cut into `chunks` near-equal parts.
inline void chunk_bounds(size_type n, int chunks, int c, size_type& begin, size_type& end) {
  size_type q = n / chunks, r = n % chunks;
  begin = c * q + std::min<size_type>(c, r);
  end = begin + q + (c < r ? 1 : 0);
}

/// Calls body(begin, end, chunk) once per chunk, in parallel.
template <class Body>
void parallel_chunks(const omp_policy& p, size_type n, Body body) {
  int chunks = thread_count(p, n);
  if (chunks == 1) {
    body(size_type(0), n, 0);
    return;
  }
#if TIDE_HAS_OPENMP
#pragma omp parallel for num_threads(chunks) schedule(static, 1)
#endif
  for (int c = 0; c < chunks; ++c) {
    size_type b, e;
    chunk_bounds(n, chunks, c, b, e);
    body(b, e, c);
  }
}

/// f(i) for every i in [0, n).
template <class F>
void parallel_for(const omp_policy& p, size_type n, F f) {
  parallel_chunks(p, n, [&](size_type b, size_type e, int) {
    for (size_type i = b; i < e; ++i) f(i);
  });
}

/// Combines chunk partials left to right: reduce_chunk(b, e) gives a chunk's value.
template <class T, class ChunkReduce, class Op>
T parallel_reduce(const omp_policy& p, size_type n, T init, ChunkReduce reduce_chunk, Op op) {
  int chunks = thread_count(p, n);
  if (chunks == 1) return op(init, reduce_chunk(size_type(0), n));
  std::vector<T> partial(chunks, init);
  parallel_chunks(p, n, [&](size_type b, size_type e, int c) { partial[c] = reduce_chunk(b, e); });
  for (int c = 0; c < chunks; ++c) init = op(init, partial[c]);
  return init;
}

}  // namespace tide::backend::omp::detail
