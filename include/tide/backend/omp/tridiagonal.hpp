#pragma once
// Batched tridiagonal systems on OpenMP threads: the Thomas algorithm, each thread a contiguous
// share of the systems (one system is sequential work: Thomas has no parallelism inside).

#include <vector>

#include "../../detail/host_tridiagonal.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

/// Solves `batch` systems of n rows (n >= 1, batch >= 1) in T; returns the lowest system with a
/// zero pivot or a non-finite solution, or -1. Every other system is solved.
template <class T, class A, class B, class C, class D, class X>
size_type solve_tridiagonal(const omp_policy& p, A a, B b, C c, D d, X x, size_type n, size_type batch,
                            bool interleaved) {
  // Threads by the total work (n * batch rows), but never more than there are systems.
  const int chunks = static_cast<int>(std::min<size_type>(batch, detail::thread_count(p, n * batch)));
  tide::detail::temporary_buffer<T> cp(p, static_cast<std::size_t>(n) * chunks, "solve_tridiagonal");
  const tide::detail::host::tridiagonal_index at{n, batch, interleaved};
  std::vector<size_type> failed(chunks, -1);
  T* scratch = cp.data();
  auto solve_chunk = [&](int chunk) {
    size_type begin, end;
    detail::chunk_bounds(batch, chunks, chunk, begin, end);
    for (size_type s = begin; s < end; ++s)
      if (!tide::detail::host::thomas_solve<T>(a, b, c, d, x, at, s, scratch + chunk * n) && failed[chunk] < 0)
        failed[chunk] = s;
  };
  if (chunks == 1) {
    solve_chunk(0);
  } else {
#if TIDE_HAS_OPENMP
#pragma omp parallel for num_threads(detail::team_for(p, chunks)) schedule(static, 1)
#endif
    for (int chunk = 0; chunk < chunks; ++chunk) solve_chunk(chunk);
  }
  // Chunks are in system order: the first failure found is the lowest.
  for (size_type f : failed)
    if (f >= 0) return f;
  return -1;
}

}  // namespace tide::backend::omp
