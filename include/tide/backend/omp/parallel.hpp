#pragma once
// The few parallel primitives the OpenMP backend is written over: parallel_for and parallel_reduce
// (parallel_scan, the one-pass scan, is in parallel_scan.hpp). parallel_for cuts the range into one
// contiguous chunk per thread (static partition); parallel_reduce into fixed blocks (their
// association depends on n only, so results are the same for any thread count).

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

/// parallel_reduce's unit of association: items per block.
struct reduce_tuning {
  static constexpr size_type block_items = 4096;
};

/// op(init, r) where r reduces [0, n) (n > 0) by fixed blocks of reduce_tuning::block_items:
/// reduce_block(b, e) gives a block's total, and the totals (an array of them) are reduced in turn
/// by reduce_totals(totals, count). The blocks depend on n only, so the association (and a float
/// result's bits) is the same for any thread count; the threads take contiguous runs of blocks.
template <class T, class BlockReduce, class TotalsReduce, class Op>
T parallel_reduce(const omp_policy& p, size_type n, T init, BlockReduce reduce_block, TotalsReduce reduce_totals,
                  Op& op) {
  constexpr size_type B = reduce_tuning::block_items;
  const size_type blocks = (n + B - 1) / B;
  if (blocks == 1) return op(init, reduce_block(size_type(0), n));
  std::vector<T> totals(static_cast<std::size_t>(blocks), init);
  const int chunks = static_cast<int>(std::min<size_type>(thread_count(p, n), blocks));
  auto run = [&](int c) {
    size_type lo, hi;
    chunk_bounds(blocks, chunks, c, lo, hi);
    for (size_type j = lo; j < hi; ++j)
      totals[static_cast<std::size_t>(j)] = reduce_block(j * B, std::min(n, j * B + B));
  };
  if (chunks == 1) {
    run(0);
  } else {
#if TIDE_HAS_OPENMP
#pragma omp parallel for num_threads(chunks) schedule(static, 1)
#endif
    for (int c = 0; c < chunks; ++c) run(c);
  }
  return op(init, reduce_totals(totals.data(), blocks));
}

}  // namespace tide::backend::omp::detail
