// jacobi on every backend: dense and CSR matrices with a known solution, a matrix it diverges on,
// bad arguments, and the README's Poisson example.
#include "common.hpp"

#include <algorithm>

using namespace tide_test;

namespace {

/// A diagonally dominant n x n matrix, row-major, with a few off-diagonal entries per row (the
/// rest zero), so the same matrix can be given dense or as CSR.
struct test_matrix {
  int n;
  std::vector<double> dense;
  std::vector<int> offsets, columns;
  std::vector<double> values;
};

test_matrix make_matrix(int n, const std::string& salt, double dominance = 1.5) {
  test_matrix m{n, std::vector<double>(std::size_t(n) * n, 0.0), {0}, {}, {}};
  auto g = rng(salt + "#" + std::to_string(n));
  std::uniform_real_distribution<double> off(-1, 1);
  std::uniform_int_distribution<int> col(0, n - 1);
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (int k = 0; k < 4 && n > 1; ++k) {
      int j = col(g);
      if (j == i) continue;
      double v = off(g);
      m.dense[std::size_t(i) * n + j] += v;
    }
    for (int j = 0; j < n; ++j)
      if (j != i) sum += std::fabs(m.dense[std::size_t(i) * n + j]);
    m.dense[std::size_t(i) * n + i] = dominance * sum + 1;
    for (int j = 0; j < n; ++j)
      if (m.dense[std::size_t(i) * n + j] != 0) m.columns.push_back(j), m.values.push_back(m.dense[std::size_t(i) * n + j]);
    m.offsets.push_back(int(m.columns.size()));
  }
  return m;
}

std::vector<double> multiply(const test_matrix& m, const std::vector<double>& x) {
  std::vector<double> y(m.n, 0.0);
  for (int i = 0; i < m.n; ++i)
    for (int j = 0; j < m.n; ++j) y[i] += m.dense[std::size_t(i) * m.n + j] * x[j];
  return y;
}

template <class T>
std::vector<T> cast(const std::vector<double>& v) {
  return std::vector<T>(v.begin(), v.end());
}

template <class T>
double max_error(const std::vector<T>& got, const std::vector<double>& want) {
  double e = 0;
  for (std::size_t i = 0; i < want.size(); ++i) e = std::max(e, std::fabs(double(got[i]) - want[i]));
  return e;
}

}  // namespace

TEST_CASE_TEMPLATE("jacobi finds a known solution, dense and CSR, float and double", B, TIDE_TEST_BACKENDS) {
  auto run = [](auto tag) {
    using T = decltype(tag);
    const double tol = std::is_same_v<T, float> ? 1e-5 : 1e-12;
    for (int n : {1, 2, 17, 300}) {
      auto m = make_matrix(n, "jacobi");
      std::vector<double> want(n);
      auto g = rng("jacobi-x#" + std::to_string(n));
      std::uniform_real_distribution<double> u(-5, 5);
      for (auto& v : want) v = u(g);
      auto f = multiply(m, want);
      auto df = to_backend<B>(cast<T>(f));
      CAPTURE(n);
      CAPTURE(sizeof(T));
      {  // dense
        auto values = to_backend<B>(cast<T>(m.dense));
        typename B::template vector<T> x(n, T(0));
        tide::dense_matrix_view<T> A{n, tide::raw_pointer_cast(values.data())};
        auto result = tide::jacobi(B::policy(), A, df.begin(), x.begin(), tol, 10000);
        CHECK(result.converged);
        CHECK(result.residual <= tol);
        CHECK(result.iterations > 0);
        CHECK(result.iterations < 200);  // dominance 1.5: the error shrinks by 1.5 or more each step
        CHECK(max_error(to_std(x), want) < (std::is_same_v<T, float> ? 1e-3 : 1e-9));
      }
      {  // CSR
        auto offsets = to_backend<B>(m.offsets), columns = to_backend<B>(m.columns);
        auto values = to_backend<B>(cast<T>(m.values));
        typename B::template vector<T> x(n, T(0));
        tide::csr_matrix_view<T> A{n, tide::raw_pointer_cast(offsets.data()), tide::raw_pointer_cast(columns.data()),
                                   tide::raw_pointer_cast(values.data())};
        auto result = tide::jacobi(B::policy(), A, df.begin(), x.begin(), tol, 10000);
        CHECK(result.converged);
        CHECK(result.residual <= tol);
        CHECK(max_error(to_std(x), want) < (std::is_same_v<T, float> ? 1e-3 : 1e-9));
      }
    }
  };
  run(float{});
  run(double{});
}

TEST_CASE_TEMPLATE("jacobi stops at max_iterations, unconverged, and starts converged from the solution", B, TIDE_TEST_BACKENDS) {
  auto m = make_matrix(50, "jacobi-cap", 1.01);
  std::vector<double> want(50, 1.0);
  auto f = to_backend<B>(multiply(m, want));
  auto values = to_backend<B>(m.dense);
  tide::dense_matrix_view<double> A{50, tide::raw_pointer_cast(values.data())};
  typename B::template vector<double> x(50, 0.0);
  auto r = tide::jacobi(B::policy(), A, f.begin(), x.begin(), 1e-14, 3);
  CHECK_FALSE(r.converged);
  CHECK(r.iterations == 3);
  CHECK(r.residual > 1e-14);
  typename B::template vector<double> exact(want.begin(), want.end());
  auto s = tide::jacobi(B::policy(), A, f.begin(), exact.begin(), 1e-10, 100);
  CHECK(s.converged);
  CHECK(s.iterations == 0);
}

TEST_CASE_TEMPLATE("jacobi throws on divergence, naming the iteration", B, TIDE_TEST_BACKENDS) {
  // [[1, 2], [2, 1]]: the iteration matrix has spectral radius 2; the residual doubles each step.
  std::vector<double> dense{1, 2, 2, 1};
  auto values = to_backend<B>(dense);
  auto f = to_backend<B>(std::vector<double>{3, 3});
  typename B::template vector<double> x(2, 0.0);
  x[0] = 0.5;  // off the symmetric direction, so both eigenvectors are present
  tide::dense_matrix_view<double> A{2, tide::raw_pointer_cast(values.data())};
  std::int64_t at = -1;
  std::string what;
  try {
    tide::jacobi(B::policy(), A, f.begin(), x.begin(), 1e-10, 1000);
  } catch (const tide::divergence_error& e) {
    at = e.iteration();
    what = e.what();
  }
  CHECK(at > 10);
  CHECK(at < 40);
  CHECK(what.find("jacobi") != std::string::npos);
  CHECK(what.find("iteration " + std::to_string(at)) != std::string::npos);
  typename B::template vector<double> y(2, 0.0);
  CHECK_THROWS_AS(tide::jacobi(B::policy(), A, f.begin(), y.begin(), 1e-10, 1000), std::runtime_error);
}

TEST_CASE_TEMPLATE("jacobi rejects a zero diagonal and bad arguments", B, TIDE_TEST_BACKENDS) {
  std::vector<double> dense{0, 1, 1, 4};
  auto values = to_backend<B>(dense);
  auto f = to_backend<B>(std::vector<double>{1, 1});
  typename B::template vector<double> x(2, 0.0);
  tide::dense_matrix_view<double> A{2, tide::raw_pointer_cast(values.data())};
  CHECK_THROWS_WITH_AS(tide::jacobi(B::policy(), A, f.begin(), x.begin(), 1e-6, 10),
                       "tide::jacobi: a diagonal entry is zero (or missing from its sparse row)", std::invalid_argument);
  CHECK_THROWS_AS(tide::jacobi(B::policy(), A, f.begin(), x.begin(), -1.0, 10), std::invalid_argument);
  CHECK_THROWS_AS(tide::jacobi(B::policy(), A, f.begin(), x.begin(), 1e-6, -1), std::invalid_argument);
  tide::dense_matrix_view<double> empty{0, nullptr};
  CHECK(tide::jacobi(B::policy(), empty, f.begin(), x.begin(), 1e-6, 10).converged);
}

// ---- the README's example: Poisson's equation by Jacobi ----------------------------------------

/// -u'' = 1 on n interior points of (0, 1), u = 0 at both ends: the matrix (-1, 2, -1) / h^2,
/// built as CSR on the host and solved on the device.
tide::jacobi_result poisson(int n, tide::device_vector<double>& u) {
  const double h = 1.0 / (n + 1);
  std::vector<int> offsets{0}, columns;
  std::vector<double> values;
  for (int i = 0; i < n; ++i) {
    for (int j = std::max(i - 1, 0); j <= std::min(i + 1, n - 1); ++j) {
      columns.push_back(j);
      values.push_back((i == j ? 2.0 : -1.0) / (h * h));
    }
    offsets.push_back(int(columns.size()));
  }
  tide::device_vector<int> d_offsets(offsets), d_columns(columns);
  tide::device_vector<double> d_values(values), f(n, 1.0);
  tide::csr_matrix_view<double> A{n, tide::raw_pointer_cast(d_offsets.data()), tide::raw_pointer_cast(d_columns.data()),
                                  tide::raw_pointer_cast(d_values.data())};
  u.assign(n, 0.0);
  return tide::jacobi(tide::device, A, f.begin(), u.begin(), 1e-8, 100000);
}

TEST_CASE("README: Poisson's equation by Jacobi matches x (1 - x) / 2 at the grid points") {
  const int n = 31;
  tide::device_vector<double> u;
  auto result = poisson(n, u);
  CHECK(result.converged);
  auto got = to_std(u);
  double worst = 0;
  for (int i = 0; i < n; ++i) {
    const double x = (i + 1.0) / (n + 1);
    worst = std::max(worst, std::fabs(got[i] - x * (1 - x) / 2));
  }
  CHECK(worst < 1e-6);  // the second difference of a quadratic is exact: only the iteration's error
}
