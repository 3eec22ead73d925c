#pragma once
// The Thomas algorithm for one tridiagonal system on the host, shared by the seq and omp backends
// (no backend includes another). Row i of system s of a batch lives at s * n + i (contiguous) or
// i * batch + s (interleaved); a[0] and c[n - 1] are never read (they couple to rows that do not
// exist).

#include <cmath>

#include "../execution.hpp"

namespace tide::detail::host {

/// Where row i of system s lives.
struct tridiagonal_index {
  size_type n, batch;
  bool interleaved;
  size_type operator()(size_type s, size_type i) const { return interleaved ? i * batch + s : s * n + i; }
};

/// Solves system s by Gaussian elimination without pivoting (forward sweep, then back
/// substitution); `cp` holds n values of scratch (the eliminated upper diagonal). x may be d: each
/// element of d is read before the same element of x is written. Returns false when a pivot is zero
/// or the solution is not finite (then x of this system is unspecified).
template <class T, class A, class B, class C, class D, class X>
bool thomas_solve(A a, B b, C c, D d, X x, tridiagonal_index at, size_type s, T* cp) {
  const size_type n = at.n;
  T pivot = T(b[at(s, 0)]);
  if (pivot == T(0)) return false;
  T c_prev = n > 1 ? T(c[at(s, 0)]) / pivot : T(0);
  T d_prev = T(d[at(s, 0)]) / pivot;
  cp[0] = c_prev;
  x[at(s, 0)] = d_prev;
  for (size_type i = 1; i < n; ++i) {
    const T ai = T(a[at(s, i)]);
    pivot = T(b[at(s, i)]) - ai * c_prev;
    if (pivot == T(0)) return false;
    d_prev = (T(d[at(s, i)]) - ai * d_prev) / pivot;
    c_prev = i + 1 < n ? T(c[at(s, i)]) / pivot : T(0);
    cp[i] = c_prev;
    x[at(s, i)] = d_prev;
  }
  // Back substitution; an overflow shows as a non-finite value.
  T next = d_prev;
  bool finite = std::isfinite(next);
  for (size_type i = n - 2; i >= 0; --i) {
    next = T(x[at(s, i)]) - cp[i] * next;
    x[at(s, i)] = next;
    finite = finite && std::isfinite(next);
  }
  return finite;
}

}  // namespace tide::detail::host
