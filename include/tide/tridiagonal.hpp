#pragma once
/// \file tridiagonal.hpp
/// solve_tridiagonal: many independent tridiagonal systems of one size at once.
///
/// System s of a batch is
///
///     b[0] x[0] + c[0] x[1]                       = d[0]
///     a[i] x[i-1] + b[i] x[i] + c[i] x[i+1]       = d[i]      (0 < i < n - 1)
///     a[n-1] x[n-2] + b[n-1] x[n-1]               = d[n-1]
///
/// with its rows stored by `tridiagonal_layout`: `contiguous` puts system after system (row i of
/// system s at s * n + i, cuSPARSE's strided batch), `interleaved` puts row i of every system
/// together (row i of system s at i * batch + s, cuSPARSE's interleaved batch). a[0] and c[n - 1]
/// are never read. There is no pivoting: the algorithms suit diagonally dominant systems (implicit
/// time steps, splines, line relaxation).
///
/// | system | algorithm |
/// |---|---|
/// | seq | Thomas (Gaussian elimination, forward sweep and back substitution), system after system |
/// | par | Thomas, the systems shared among OpenMP threads |
/// | CUDA | one warp per system (n <= 32, PCR in registers); Thomas per lane from shared memory, 32 systems a warp (n up to 95 float, 47 double; interleaved 96, 48); one warp per system, a chunk of rows per lane (contiguous, n up to 3040 float, 1504 double); one block per system in shared memory (CR, or PCR then Thomas); larger systems by cyclic reduction in global memory down to a size shared memory holds; Thomas per thread, rows loaded ahead, for large interleaved batches past the shared-memory tile |
///
/// A zero pivot (or a non-finite solution) is reported as `tide::singular_system_error` naming the
/// lowest such system; the other systems are solved. Detecting it means the call waits for the
/// device: solve_tridiagonal returns when x is written, on every system.

#include <stdexcept>
#include <string>
#include <type_traits>

#include "backend/omp/tridiagonal.hpp"
#include "backend/seq/tridiagonal.hpp"
#include "detail/dispatch.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/tridiagonal.hpp"
#endif

namespace tide {

/// Where row i of system s of a batch lives.
enum class tridiagonal_layout {
  contiguous,   ///< s * n + i: each system's rows together
  interleaved,  ///< i * batch + s: row i of every system together
};

/// A system that elimination without pivoting cannot solve: a zero pivot, or a solution that is
/// not finite. `system()` is the lowest such system of the batch.
class singular_system_error : public std::domain_error {
 public:
  singular_system_error(const std::string& what, size_type system) : std::domain_error(what), system_(system) {}
  size_type system() const noexcept { return system_; }

 private:
  size_type system_;
};

namespace detail {
/// A size argument as size_type: below `least` is an error naming the algorithm and the argument.
template <class Size>
size_type checked_at_least(Size v, size_type least, const char* algorithm, const char* problem) {
  static_assert(std::is_integral_v<Size>, "tide: sizes are integers");
  if constexpr (std::is_signed_v<Size>) {
    if (static_cast<long long>(v) < least) throw_invalid_argument(algorithm, problem);
  } else {
    if (static_cast<unsigned long long>(v) < static_cast<unsigned long long>(least))
      throw_invalid_argument(algorithm, problem);
  }
  return static_cast<size_type>(v);
}
}  // namespace detail

/// Solves `batch` tridiagonal systems of `n` rows each: a, b, c are the sub-, main and super
/// diagonals, d the right-hand sides, x receives the solutions (x may be d: solved in place). All
/// five hold the same floating type (float or double), `n * batch` elements laid out by `layout`.
/// Throws std::invalid_argument for n < 1 or batch < 0 (batch 0 does nothing), and
/// tide::singular_system_error (a std::domain_error) naming the lowest system with a zero pivot or
/// a non-finite solution. Waits for the device before it returns.
template <class Policy, class ItA, class ItB, class ItC, class ItD, class ItX, class SizeN, class SizeB,
          detail::enable_if_policy_t<Policy> = 0>
void solve_tridiagonal(const Policy& policy, ItA a, ItB b, ItC c, ItD d, ItX x, SizeN n, SizeB batch,
                       tridiagonal_layout layout = tridiagonal_layout::contiguous) {
  using T = std::remove_cv_t<detail::iter_value_t<ItB>>;
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                "tide::solve_tridiagonal: the systems are float or double");
  static_assert(std::is_same_v<std::remove_cv_t<detail::iter_value_t<ItA>>, T> &&
                    std::is_same_v<std::remove_cv_t<detail::iter_value_t<ItC>>, T> &&
                    std::is_same_v<std::remove_cv_t<detail::iter_value_t<ItD>>, T> &&
                    std::is_same_v<std::remove_cv_t<detail::iter_value_t<ItX>>, T>,
                "tide::solve_tridiagonal: a, b, c, d and x hold the same type");
  const size_type rows = detail::checked_at_least(n, 1, "solve_tridiagonal", "n (rows per system) is less than 1");
  const size_type systems = detail::checked_at_least(batch, 0, "solve_tridiagonal", "batch (the number of systems) is negative");
  if (layout != tridiagonal_layout::contiguous && layout != tridiagonal_layout::interleaved)
    detail::throw_invalid_argument("solve_tridiagonal", "layout is neither contiguous nor interleaved");
  if (systems == 0) return;
  const size_type failed = detail::dispatch::solve_tridiagonal<T>(
      policy, detail::unwrap_iterator(a), detail::unwrap_iterator(b), detail::unwrap_iterator(c),
      detail::unwrap_iterator(d), detail::unwrap_iterator(x), rows, systems, layout == tridiagonal_layout::interleaved);
  if (failed >= 0)
    throw singular_system_error("tide::solve_tridiagonal: zero pivot or non-finite solution in system " +
                                    std::to_string(failed) + " of " + std::to_string(systems) +
                                    " (singular, or not solvable without pivoting)",
                                failed);
}

/// solve_tridiagonal on the system of the iterators (the device for device_vector iterators).
template <class ItA, class ItB, class ItC, class ItD, class ItX, class SizeN, class SizeB,
          detail::enable_if_not_policy_t<ItA> = 0>
void solve_tridiagonal(ItA a, ItB b, ItC c, ItD d, ItX x, SizeN n, SizeB batch,
                       tridiagonal_layout layout = tridiagonal_layout::contiguous) {
  tide::solve_tridiagonal(detail::select_policy(a, b, c, d, x), a, b, c, d, x, n, batch, layout);
}

}  // namespace tide
