#pragma once
// OpenMP select_if, the compaction behind shuffle_copy: writes, in order, the items x = in[i] with
// pred(x). Each block of parallel_scan (parallel_scan.hpp) counts, then writes from its carry, so
// each in[i] is computed twice, not three times as copy_if's keep/write pair would (shuffle's items
// are computed).
// Stable, the same output for any thread count; not in-place safe.

#include "../../execution.hpp"
#include "parallel_scan.hpp"

namespace tide::backend::omp {

/// Writes each x = in[i] with pred(x) to the next output slot, in order.
template <class In, class Out, class Pred>
void select_if(const omp_policy& p, In in, size_type n, Out out, Pred pred, const char*) {
  detail::parallel_scan<size_type>(
      p, n,
      [&](size_type b, size_type e) {
        size_type count = 0;
        for (size_type i = b; i < e; ++i) count += pred(in[i]) ? 1 : 0;
        return count;
      },
      [&](size_type b, size_type e, const size_type* carry) {
        size_type k = carry ? *carry : 0;
        for (size_type i = b; i < e; ++i) {
          auto x = in[i];
          if (pred(x)) out[k++] = x;
        }
      },
      [](size_type a, size_type b) { return a + b; });
}

}  // namespace tide::backend::omp
