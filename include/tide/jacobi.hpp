#pragma once
/// \file jacobi.hpp
/// jacobi: Jacobi iteration x <- x + D^-1 (f - A x) for a diagonally dominant matrix, dense
/// (row-major) or sparse (CSR), written with tide's own algorithms (transform for the residual and
/// the update, transform_reduce for the residual's norm, count for the diagonal check), so it runs
/// on every system. Each iteration returns the residual's norm to the host, so it waits for the
/// device once an iteration.

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "detail/dispatch.hpp"
#include "detail/temporary_buffer.hpp"
#include "functional.hpp"
#include "iterator/counting_iterator.hpp"
#include "reduce.hpp"
#include "transform.hpp"

namespace tide {

/// An n x n matrix stored row by row (element (i, j) at values[i * n + j]), in the memory of the
/// system that solves with it (device memory for tide::device on CUDA).
template <class T>
struct dense_matrix_view {
  size_type n;
  const T* values;
};

/// An n x n sparse matrix in compressed sparse row form: row i's entries are values[k] at columns
/// column_indices[k] for k in [row_offsets[i], row_offsets[i + 1]); the diagonal entry of every row
/// must be present. In the memory of the system that solves with it.
template <class T, class Index = int>
struct csr_matrix_view {
  size_type n;
  const Index* row_offsets;
  const Index* column_indices;
  const T* values;
};

/// What jacobi did: the updates applied, the final relative residual ||f - A x|| / ||f|| (2-norms;
/// ||f - A x|| when f is zero), and whether it reached the tolerance.
struct jacobi_result {
  size_type iterations = 0;
  double residual = 0;
  bool converged = false;
};

/// Jacobi iteration diverged: the residual grew past `jacobi_divergence_factor` times the initial
/// one, or stopped being finite. `iteration()` is the iteration where it was seen.
class divergence_error : public std::runtime_error {
 public:
  divergence_error(const std::string& what, size_type iteration) : std::runtime_error(what), iteration_(iteration) {}
  size_type iteration() const noexcept { return iteration_; }

 private:
  size_type iteration_;
};

/// How far the residual may grow over the initial one before jacobi calls it diverged.
inline constexpr double jacobi_divergence_factor = 1e6;

namespace detail {

/// Row i of A times x.
template <class T, class X>
TIDE_HOST_DEVICE T row_product(const dense_matrix_view<T>& A, size_type i, const X& x) {
  const T* row = A.values + i * A.n;
  T sum = T(0);
  for (size_type j = 0; j < A.n; ++j) sum += row[j] * T(x[j]);
  return sum;
}
template <class T, class Index, class X>
TIDE_HOST_DEVICE T row_product(const csr_matrix_view<T, Index>& A, size_type i, const X& x) {
  T sum = T(0);
  // The sparse product gathers x through the column indices.
  for (size_type k = A.row_offsets[i]; k < size_type(A.row_offsets[i + 1]); ++k)
    sum += A.values[k] * T(x[A.column_indices[k]]);
  return sum;
}
/// A(i, i); zero when a sparse row lacks it.
template <class T>
TIDE_HOST_DEVICE T diagonal_entry(const dense_matrix_view<T>& A, size_type i) {
  return A.values[i * A.n + i];
}
template <class T, class Index>
TIDE_HOST_DEVICE T diagonal_entry(const csr_matrix_view<T, Index>& A, size_type i) {
  for (size_type k = A.row_offsets[i]; k < size_type(A.row_offsets[i + 1]); ++k)
    if (size_type(A.column_indices[k]) == i) return A.values[k];
  return T(0);
}

template <class M>
struct matrix_value;
template <class T>
struct matrix_value<dense_matrix_view<T>> {
  using type = T;
};
template <class T, class Index>
struct matrix_value<csr_matrix_view<T, Index>> {
  using type = T;
};

/// i -> A(i, i).
template <class Matrix, class T>
struct diagonal_fn {
  Matrix A;
  TIDE_HOST_DEVICE T operator()(size_type i) const { return diagonal_entry(A, i); }
};
/// i -> f[i] - (A x)[i].
template <class Matrix, class F, class X, class T>
struct residual_fn {
  Matrix A;
  F f;
  X x;
  TIDE_HOST_DEVICE T operator()(size_type i) const { return T(f[i]) - row_product(A, i, x); }
};
/// i -> x[i] + r[i] / D[i]: the Jacobi update, element by element (r holds all of f - A x first).
template <class X, class T>
struct jacobi_update_fn {
  X x;
  const T* r;
  const T* diag;
  TIDE_HOST_DEVICE T operator()(size_type i) const { return T(x[i]) + r[i] / diag[i]; }
};
/// A residual for a message: three significant digits.
inline std::string show_residual(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}
/// v -> v * v in double (the norms accumulate in double for both value types).
struct square_in_double {
  template <class T>
  TIDE_HOST_DEVICE double operator()(const T& v) const {
    return double(v) * double(v);
  }
};

}  // namespace detail

/// Solves A x = f by Jacobi iteration from the guess in x (overwritten with the result), for a
/// `dense_matrix_view` or `csr_matrix_view` A whose diagonal has no zeros (convergence needs it
/// dominant). Stops when the relative residual ||f - A x|| / ||f|| is at most `tolerance` or after
/// `max_iterations` updates (`converged` false). Throws std::invalid_argument for a negative
/// tolerance or iteration count or a zero diagonal entry, and tide::divergence_error (a
/// std::runtime_error, naming the iteration) when the residual grows past
/// `jacobi_divergence_factor` times the initial one or stops being finite.
template <class Policy, class Matrix, class FIt, class XIt, detail::enable_if_policy_t<Policy> = 0>
jacobi_result jacobi(const Policy& policy, const Matrix& A, FIt f, XIt x, double tolerance, size_type max_iterations) {
  using T = typename detail::matrix_value<Matrix>::type;
  static_assert(std::is_floating_point_v<T>, "tide::jacobi: the matrix holds float or double");
  detail::require(A.n >= 0, "jacobi", "negative matrix size");
  detail::require(tolerance >= 0, "jacobi", "negative (or NaN) tolerance");
  detail::require(max_iterations >= 0, "jacobi", "negative max_iterations");
  const size_type n = A.n;
  if (n == 0) return {0, 0, true};
  auto uf = detail::unwrap_iterator(f);
  auto ux = detail::unwrap_iterator(x);
  detail::temporary_buffer<T> diag(policy, static_cast<std::size_t>(n), "jacobi");
  detail::temporary_buffer<T> r(policy, static_cast<std::size_t>(n), "jacobi");
  auto rows = make_counting_iterator<size_type>(0);

  tide::transform(policy, rows, rows + n, diag.data(), detail::diagonal_fn<Matrix, T>{A});
  if (tide::count(policy, diag.data(), diag.data() + n, T(0)) != 0)
    detail::throw_invalid_argument("jacobi", "a diagonal entry is zero (or missing from its sparse row)");
  const double f_norm =
      std::sqrt(tide::transform_reduce(policy, uf, detail::advanced(uf, n), detail::square_in_double{}, 0.0, plus<double>()));
  const double scale = f_norm > 0 ? f_norm : 1.0;

  double initial = 0;
  for (size_type k = 0;; ++k) {
    tide::transform(policy, rows, rows + n, r.data(), detail::residual_fn<Matrix, decltype(uf), decltype(ux), T>{A, uf, ux});
    const double residual =
        std::sqrt(tide::transform_reduce(policy, r.data(), r.data() + n, detail::square_in_double{}, 0.0, plus<double>())) /
        scale;
    if (k == 0) initial = residual;
    if (!std::isfinite(residual) || residual > jacobi_divergence_factor * initial)
      throw divergence_error("tide::jacobi: diverged at iteration " + std::to_string(k) + " (relative residual " +
                                 detail::show_residual(residual) + ", initially " + detail::show_residual(initial) +
                                 "); is the matrix diagonally dominant?",
                             k);
    if (residual <= tolerance) return {k, residual, true};
    if (k == max_iterations) return {k, residual, false};
    tide::transform(policy, rows, rows + n, ux, detail::jacobi_update_fn<decltype(ux), T>{ux, r.data(), diag.data()});
  }
}

/// jacobi on the system of the iterators.
template <class Matrix, class FIt, class XIt, detail::enable_if_not_policy_t<Matrix> = 0>
jacobi_result jacobi(const Matrix& A, FIt f, XIt x, double tolerance, size_type max_iterations) {
  return tide::jacobi(detail::select_policy(f, x), A, f, x, tolerance, max_iterations);
}

}  // namespace tide
