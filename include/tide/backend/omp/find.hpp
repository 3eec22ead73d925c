#pragma once
// OpenMP search: the first index i in [0, n) where a test at i holds (n when none), with the tests
// of the sequential reference (seq/find.hpp). The range is cut into blocks of `block` indices that
// the threads take round robin, so the blocks in work at any moment are near one another and
// advance from the front together; a hit lowers a shared best index (an atomic minimum), and a
// thread stops at the first of its blocks that starts at or past it (all its later blocks are
// further on). A hit near the front so costs about one block per thread. The smallest index wins
// whatever the timing: a block is skipped only when a hit at or before its start is known, and a
// thread stops inside a block at its first hit.

#include <atomic>

#include "../../execution.hpp"
#include "../seq/find.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

/// Indices per block of the search.
inline constexpr size_type find_block = 16384;
/// Indices a block tests at once, with no branch each, before looking for the first hit among them.
inline constexpr size_type find_run = 256;

/// The first i in [0, n) with pred_at(i), or n. With Runs, a block tests runs of find_run indices
/// with no branch each, then looks for the first hit in a run that has one: is_sorted's pairs
/// (16-core VM, 2^28 u32: 0.81x of Thrust's OpenMP backend one test at a time, 1.13x in runs; the
/// same change put find_if and mismatch behind in that run, mismatch at 0.93x).
template <bool Runs = false, class PredAt>
size_type find_first(const omp_policy& p, size_type n, PredAt pred_at) {
  const int threads = detail::thread_count(p, n);
  // Blocks of find_block, smaller when a short range would leave threads without one (a whole
  // number of runs each).
  const size_type share = (n / size_type(threads) + find_run - 1) / find_run * find_run;
  const size_type block = share < find_block ? share : find_block;
  std::atomic<size_type> best{n};
  detail::parallel_chunks(p, n, [&](size_type, size_type, int thread) {
    // This thread's blocks: thread, thread + threads, ... (parallel_chunks' chunk c is thread c).
    for (size_type b = size_type(thread) * block; b < n; b += size_type(threads) * block) {
      if (best.load(std::memory_order_relaxed) <= b) return;
      const size_type e = b + block < n ? b + block : n;
      for (size_type s = b; s < e; s += Runs ? find_run : e - b) {
        const size_type t = Runs && s + find_run < e ? s + find_run : e;
        if constexpr (Runs) {  // the run's tests without a branch each (they vectorize), then its first hit
          bool any = false;
          for (size_type i = s; i < t; ++i) any |= static_cast<bool>(pred_at(i));
          if (!any) continue;
        }
        for (size_type i = s; i < t; ++i) {
          if (pred_at(i)) {
            size_type seen = best.load(std::memory_order_relaxed);
            while (i < seen && !best.compare_exchange_weak(seen, i, std::memory_order_relaxed)) {
            }
            return;
          }
        }
      }
    }
  });
  return best.load();
}

/// The first i with pred(first[i]), or n.
template <class It, class Pred>
size_type find_if(const omp_policy& p, It first, size_type n, Pred pred) {
  return find_first(p, n, seq::detail::satisfies_at<It, Pred>{first, pred});
}

/// The first i with !pred(first1[i], first2[i]), or n.
template <class It1, class It2, class Pred>
size_type mismatch(const omp_policy& p, It1 first1, It2 first2, size_type n, Pred pred) {
  return find_first(p, n, seq::detail::differs_at<It1, It2, Pred>{first1, first2, pred});
}

/// The first i >= 1 with comp(first[i], first[i - 1]), or n.
template <class It, class Comp>
size_type is_sorted_until(const omp_policy& p, It first, size_type n, Comp comp) {
  if (n < 2) return n;
  // Pair i is (first[i], first[i + 1]): no test of i > 0 in the loop.
  const size_type k = find_first<true>(p, n - 1, [&](size_type i) -> bool { return comp(first[i + 1], first[i]); });
  return k + 1;
}

}  // namespace tide::backend::omp
