#pragma once
// Batched tridiagonal systems, sequentially: the Thomas algorithm, system after system.

#include "../../detail/host_tridiagonal.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"

namespace tide::backend::seq {

/// Solves `batch` systems of n rows (n >= 1, batch >= 1) in T; returns the lowest system with a
/// zero pivot or a non-finite solution, or -1. Every other system is solved.
template <class T, class A, class B, class C, class D, class X>
size_type solve_tridiagonal(const seq_policy& p, A a, B b, C c, D d, X x, size_type n, size_type batch,
                            bool interleaved) {
  tide::detail::temporary_buffer<T> cp(p, static_cast<std::size_t>(n), "solve_tridiagonal");
  const tide::detail::host::tridiagonal_index at{n, batch, interleaved};
  size_type failed = -1;
  for (size_type s = 0; s < batch; ++s)
    if (!tide::detail::host::thomas_solve<T>(a, b, c, d, x, at, s, cp.data()) && failed < 0) failed = s;
  return failed;
}

}  // namespace tide::backend::seq
