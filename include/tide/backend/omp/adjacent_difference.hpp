#pragma once
// OpenMP adjacent_difference: one chunk per thread, each as the sequential loop. The item before
// each chunk is saved before the parallel pass: in place (out == first), the previous chunk may
// already have overwritten it.

#include <vector>

#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

/// out[0] = first[0], out[i] = op(first[i], first[i - 1]) for 0 < i < n. out may equal first.
template <class It, class OutIt, class Op>
void adjacent_difference(const omp_policy& p, It first, size_type n, OutIt out, Op op) {
  if (n == 0) return;
  using value_t = tide::detail::iter_value_t<It>;
  const int chunks = detail::thread_count(p, n);  // parallel_chunks cuts the same chunks
  std::vector<value_t> before;                     // before[c - 1]: the item before chunk c
  before.reserve(static_cast<std::size_t>(chunks - 1));
  for (int c = 1; c < chunks; ++c) {
    size_type b, e;
    detail::chunk_bounds(n, chunks, c, b, e);
    before.push_back(first[b - 1]);
  }
  detail::parallel_chunks(p, n, [&](size_type b, size_type e, int c) {
    if (b == e) return;
    value_t prev = c == 0 ? value_t(first[b]) : before[static_cast<std::size_t>(c - 1)];
    size_type i = b;
    if (c == 0) {
      out[0] = prev;
      i = 1;
    }
    for (; i < e; ++i) {
      value_t next = first[i];
      out[i] = op(next, prev);
      prev = next;
    }
  });
}

}  // namespace tide::backend::omp
