// solve_tridiagonal on every backend: random diagonally dominant batches against a residual
// computed in double on the host, both layouts, float and double; zero pivots; bad arguments; and
// the README's heat-equation example. On CUDA, every algorithm of the backend (the ones `automatic`
// does not pick at a size included) at sizes around each one's limits.
#include "common.hpp"

#include <algorithm>
#include <utility>

using namespace tide_test;

namespace {

/// A batch of diagonally dominant systems in double, in the given layout. a[0] and c[n-1] of every
/// system are NaN: they must never be read.
struct batch_system {
  std::int64_t n, batch;
  tide::tridiagonal_layout layout;
  std::vector<double> a, b, c, d;
  std::int64_t at(std::int64_t s, std::int64_t i) const {
    return layout == tide::tridiagonal_layout::interleaved ? i * batch + s : s * n + i;
  }
};

batch_system make_batch(std::int64_t n, std::int64_t batch, tide::tridiagonal_layout layout, const std::string& salt) {
  batch_system sys{n, batch, layout, {}, {}, {}, {}};
  const std::size_t total = static_cast<std::size_t>(n * batch);
  auto g = rng(salt + "#" + std::to_string(n) + "x" + std::to_string(batch));
  std::uniform_real_distribution<double> off(-1, 1), extra(0.5, 1.5), rhs(-10, 10);
  sys.a.resize(total), sys.b.resize(total), sys.c.resize(total), sys.d.resize(total);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::int64_t s = 0; s < batch; ++s)
    for (std::int64_t i = 0; i < n; ++i) {
      const auto k = sys.at(s, i);
      sys.a[k] = i == 0 ? nan : off(g);
      sys.c[k] = i == n - 1 ? nan : off(g);
      const double dominant = (i == 0 ? 0 : std::fabs(sys.a[k])) + (i == n - 1 ? 0 : std::fabs(sys.c[k])) + extra(g);
      sys.b[k] = (g() & 1) ? dominant : -dominant;
      sys.d[k] = rhs(g);
    }
  return sys;
}

/// The largest relative residual ||A x - d|| / ||d|| over the systems, in double.
template <class T>
double max_relative_residual(const batch_system& sys, const std::vector<T>& x) {
  double worst = 0;
  for (std::int64_t s = 0; s < sys.batch; ++s) {
    double r2 = 0, d2 = 0;
    for (std::int64_t i = 0; i < sys.n; ++i) {
      const auto k = sys.at(s, i);
      // The coefficients as the solver saw them (rounded to T).
      double ax = double(T(sys.b[k])) * double(x[k]);
      if (i > 0) ax += double(T(sys.a[k])) * double(x[sys.at(s, i - 1)]);
      if (i + 1 < sys.n) ax += double(T(sys.c[k])) * double(x[sys.at(s, i + 1)]);
      const double di = double(T(sys.d[k]));
      r2 += (ax - di) * (ax - di);
      d2 += di * di;
    }
    const double r = std::sqrt(r2) / std::max(std::sqrt(d2), 1e-300);
    if (!std::isfinite(r)) return std::numeric_limits<double>::infinity();  // std::max would drop a NaN
    worst = std::max(worst, r);
  }
  return worst;
}

template <class T>
std::vector<T> cast(const std::vector<double>& v) {
  return std::vector<T>(v.begin(), v.end());
}

/// Solves sys on backend B in T and returns x on the host.
template <class B, class T>
std::vector<T> solve_on(const batch_system& sys, bool in_place = false) {
  auto a = to_backend<B>(cast<T>(sys.a)), b = to_backend<B>(cast<T>(sys.b)), c = to_backend<B>(cast<T>(sys.c));
  auto d = to_backend<B>(cast<T>(sys.d));
  if (in_place) {
    tide::solve_tridiagonal(B::policy(), a.begin(), b.begin(), c.begin(), d.begin(), d.begin(), sys.n, sys.batch, sys.layout);
    return to_std(d);
  }
  typename B::template vector<T> x(d.size(), tide::no_init);
  tide::solve_tridiagonal(B::policy(), a.begin(), b.begin(), c.begin(), d.begin(), x.begin(), sys.n, sys.batch, sys.layout);
  return to_std(x);
}

template <class T>
constexpr double residual_bound() {
  return std::is_same_v<T, float> ? 1e-5 : 1e-12;
}

const tide::tridiagonal_layout layouts[] = {tide::tridiagonal_layout::contiguous, tide::tridiagonal_layout::interleaved};

const char* layout_name(tide::tridiagonal_layout l) {
  return l == tide::tridiagonal_layout::contiguous ? "contiguous" : "interleaved";
}

}  // namespace

/// Solves sys in float and in double on backend B and checks both residuals.
template <class B>
void check_both_types(const batch_system& sys) {
  CAPTURE(sys.n);
  CAPTURE(sys.batch);
  CAPTURE(layout_name(sys.layout));
  CHECK(max_relative_residual(sys, solve_on<B, float>(sys)) < residual_bound<float>());
  CHECK(max_relative_residual(sys, solve_on<B, double>(sys)) < residual_bound<double>());
}

TEST_CASE_TEMPLATE("solve_tridiagonal: batches of 1 and 7 at sizes around a warp and past a block", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {1, 2, 3, 31, 32, 33, 64, 100, 1000, 4096})
    for (std::int64_t batch : {1, 7})
      for (auto layout : layouts) check_both_types<B>(make_batch(n, batch, layout, "tri"));
}

TEST_CASE_TEMPLATE("solve_tridiagonal: 10000 systems in both layouts", B, TIDE_TEST_BACKENDS) {
  // 64 and 96: inside and past a staged tile (the CUDA choice for many systems); the CUDA test
  // below runs 1000 and 4096 too, with every algorithm.
  for (std::int64_t n : {1, 2, 3, 16, 31, 32, 33, 64, 96})
    for (auto layout : layouts) check_both_types<B>(make_batch(n, 10000, layout, "tri-many"));
}

TEST_CASE_TEMPLATE("solve_tridiagonal: one system of 2^20 rows (and 2^14 + 3, past shared memory)", B, TIDE_TEST_BACKENDS) {
  std::vector<std::int64_t> ns{(1 << 14) + 3};
  if (!std::getenv("TIDE_TEST_SMALL")) ns.push_back(std::int64_t(1) << 20);
  for (std::int64_t n : ns) check_both_types<B>(make_batch(n, 1, tide::tridiagonal_layout::contiguous, "tri-one"));
  // A few large systems at once, interleaved: the global-memory path with a batch.
  check_both_types<B>(make_batch((1 << 13) + 1, 3, tide::tridiagonal_layout::interleaved, "tri-few"));
}

TEST_CASE_TEMPLATE("solve_tridiagonal: x may be d (solved in place)", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {1, 17, 300, 20000})
    for (auto layout : layouts) {
      auto sys = make_batch(n, 5, layout, "tri-in-place");
      auto x = solve_on<B, double>(sys, true);
      CAPTURE(n);
      CHECK(max_relative_residual(sys, x) < 1e-12);
    }
}

TEST_CASE_TEMPLATE("solve_tridiagonal: a zero pivot names the lowest failing system", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {1, 2, 5, 32, 33, 1000, 20000})
    for (auto layout : layouts)
      for (int kind = 0; kind < 2; ++kind) {
        // kind 0: b[0] = 0 (a nonsingular matrix, but elimination without pivoting fails at once);
        // kind 1: a zero row in the middle (singular). Systems 3 and 5 of 7 fail; 3 is reported.
        auto sys = make_batch(n, 7, layout, "tri-zero");
        for (std::int64_t s : {5, 3}) {
          const std::int64_t row = kind == 0 ? 0 : n / 2;
          sys.b[sys.at(s, row)] = 0;
          if (kind == 1) {
            if (row > 0) sys.a[sys.at(s, row)] = 0;
            if (row + 1 < n) sys.c[sys.at(s, row)] = 0;
          }
        }
        CAPTURE(n);
        CAPTURE(kind);
        CAPTURE(layout_name(layout));
        std::int64_t reported = -1;
        std::string what;
        try {
          solve_on<B, float>(sys);
        } catch (const tide::singular_system_error& e) {
          reported = e.system();
          what = e.what();
        }
        CHECK(reported == 3);
        CHECK(what.find("solve_tridiagonal") != std::string::npos);
        CHECK(what.find("system 3") != std::string::npos);
      }
  // It is a std::domain_error.
  auto sys = make_batch(4, 1, tide::tridiagonal_layout::contiguous, "tri-zero-1");
  sys.b[0] = 0;
  CHECK_THROWS_AS((solve_on<B, double>(sys)), std::domain_error);
}

TEST_CASE_TEMPLATE("solve_tridiagonal: n < 1 and a negative batch are rejected; batch 0 does nothing", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<double> v(8, 1.0);
  auto p = v.begin();
  CHECK_THROWS_WITH_AS(tide::solve_tridiagonal(B::policy(), p, p, p, p, p, 0, 1),
                       "tide::solve_tridiagonal: n (rows per system) is less than 1", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::solve_tridiagonal(B::policy(), p, p, p, p, p, -3, 1),
                       "tide::solve_tridiagonal: n (rows per system) is less than 1", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::solve_tridiagonal(B::policy(), p, p, p, p, p, 2, -1),
                       "tide::solve_tridiagonal: batch (the number of systems) is negative", std::invalid_argument);
  tide::solve_tridiagonal(B::policy(), p, p, p, p, p, 4, 0);
  CHECK(to_std(v) == std::vector<double>(8, 1.0));
  // Without a policy: the iterators' system.
  CHECK_THROWS_AS(tide::solve_tridiagonal(p, p, p, p, p, std::size_t(0), 1), std::invalid_argument);
}

// ---- CUDA: every algorithm, not only the ones automatic picks ---------------------------------
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace {
namespace tcd = tide::backend::cuda::detail;

const std::pair<const char*, tcd::tridiagonal_algorithm> cuda_algorithms[] = {
    {"automatic", tcd::tridiagonal_algorithm::automatic}, {"hybrid", tcd::tridiagonal_algorithm::hybrid},
    {"pcr", tcd::tridiagonal_algorithm::pcr},             {"cr", tcd::tridiagonal_algorithm::cr},
    {"thomas", tcd::tridiagonal_algorithm::thomas},       {"staged", tcd::tridiagonal_algorithm::staged},
    {"partition", tcd::tridiagonal_algorithm::partition}};

/// sys in T on the device; solve(a, b, c, d, x) takes raw pointers. x starts NaN before each
/// solve, so that a row left unwritten fails the residual.
template <class T>
struct device_system {
  tide::device_vector<T> a, b, c, d, x;
  explicit device_system(const batch_system& sys)
      : a(to_backend<device_backend>(cast<T>(sys.a))), b(to_backend<device_backend>(cast<T>(sys.b))),
        c(to_backend<device_backend>(cast<T>(sys.c))), d(to_backend<device_backend>(cast<T>(sys.d))), x(d.size()) {}
  template <class Solve>
  std::vector<T> solve(Solve&& solve) {
    x.assign(d.size(), std::numeric_limits<T>::quiet_NaN());
    solve(tide::raw_pointer_cast(a.data()), tide::raw_pointer_cast(b.data()), tide::raw_pointer_cast(c.data()),
          tide::raw_pointer_cast(d.data()), tide::raw_pointer_cast(x.data()));
    return to_std(x);
  }
};

/// Every CUDA algorithm on sys in T, through solve_tridiagonal_with (the host flag; automatic also
/// with the device flag), and Thomas at two more prefetch depths.
template <class T>
void check_cuda_algorithms(const batch_system& sys) {
  const bool interleaved = sys.layout == tide::tridiagonal_layout::interleaved;
  device_system<T> dev(sys);
  auto run = [&](tcd::tridiagonal_algorithm algorithm, bool flag_on_host) {
    std::int64_t failed = -2;
    auto x = dev.solve([&](const T* a, const T* b, const T* c, const T* d, T* x) {
      failed = tcd::solve_tridiagonal_with<T>(tide::device, algorithm, a, b, c, d, x, sys.n, sys.batch, interleaved,
                                              flag_on_host);
    });
    CHECK(failed == -1);
    CHECK(max_relative_residual(sys, x) < residual_bound<T>());
  };
  for (const auto& entry : cuda_algorithms) {
    CAPTURE(entry.first);
    run(entry.second, true);
  }
  run(tcd::tridiagonal_algorithm::automatic, false);
  auto thomas_at = [&](auto prefetch) {
    constexpr int depth = decltype(prefetch)::value;
    CAPTURE(depth);
    tide::device_vector<unsigned long long> flag(1);
    flag.assign(1, tcd::no_failed_system);
    auto x = dev.solve([&](const T* a, const T* b, const T* c, const T* d, T* x) {
      tcd::launch_thomas<T, depth>(tide::device, tcd::make_tridiagonal_batch(a, b, c, d, x, sys.n, sys.batch, interleaved),
                                   tide::raw_pointer_cast(flag.data()));
    });
    CHECK(to_std(flag)[0] == tcd::no_failed_system);
    CHECK(max_relative_residual(sys, x) < residual_bound<T>());
  };
  thomas_at(std::integral_constant<int, 1>{});
  thomas_at(std::integral_constant<int, 3>{});
}

void check_cuda_algorithms_both_types(const batch_system& sys) {
  CAPTURE(sys.n);
  CAPTURE(sys.batch);
  CAPTURE(layout_name(sys.layout));
  check_cuda_algorithms<float>(sys);
  check_cuda_algorithms<double>(sys);
}
}  // namespace

TEST_CASE("solve_tridiagonal, CUDA: every algorithm at sizes around a warp, each tile's limit and a block") {
  // The last n of a staged tile: 95 contiguous, 96 interleaved in float (47, 48 in double); of a
  // partition tile: 3040 in float (1504 in double).
  // Batches of 10000 up to n = 1000, and at 4096 (a block's CR, past both tiles); 100 between.
  CHECK(tcd::staged_fits<float>(95, false));
  CHECK(!tcd::staged_fits<float>(96, false));
  CHECK(tcd::staged_fits<float>(96, true));
  CHECK(!tcd::staged_fits<float>(97, true));
  CHECK(tcd::staged_fits<double>(47, false));
  CHECK(!tcd::staged_fits<double>(49, true));
  CHECK(tcd::partition_fits<float>(3040));
  CHECK(!tcd::partition_fits<float>(3041));
  CHECK(tcd::partition_fits<double>(1504));
  CHECK(!tcd::partition_fits<double>(1505));
  const bool small = std::getenv("TIDE_TEST_SMALL") != nullptr;
  for (std::int64_t n : {1, 2, 3, 31, 32, 33, 47, 48, 49, 64, 95, 96, 97, 100, 1000, 1504, 1505, 3040, 3041, 4096})
    for (std::int64_t batch : {1, 7, 100, 10000}) {
      const bool between = n > 1000 && n < 4096;
      if ((batch == 100 && !between) || (batch == 10000 && between)) continue;
      if (small && n * batch > (std::int64_t(1) << 18)) continue;
      for (auto layout : layouts) check_cuda_algorithms_both_types(make_batch(n, batch, layout, "tri-cuda"));
    }
}

TEST_CASE("solve_tridiagonal, CUDA: every algorithm names the lowest system with a zero pivot") {
  for (const auto& entry : cuda_algorithms)
    for (std::int64_t n : {1, 2, 5, 33, 64, 100, 1000})
      for (auto layout : layouts)
        for (int kind = 0; kind < 2; ++kind) {
          auto sys = make_batch(n, 7, layout, "tri-cuda-zero");
          for (std::int64_t s : {5, 3}) {  // as in the test above
            const std::int64_t row = kind == 0 ? 0 : n / 2;
            sys.b[sys.at(s, row)] = 0;
            if (kind == 1) {
              if (row > 0) sys.a[sys.at(s, row)] = 0;
              if (row + 1 < n) sys.c[sys.at(s, row)] = 0;
            }
          }
          CAPTURE(entry.first);
          CAPTURE(n);
          CAPTURE(kind);
          CAPTURE(layout_name(layout));
          device_system<float> dev(sys);
          for (bool flag_on_host : {true, false}) {
            std::int64_t failed = -2;
            dev.solve([&](const float* a, const float* b, const float* c, const float* d, float* x) {
              failed = tcd::solve_tridiagonal_with<float>(tide::device, entry.second, a, b, c, d, x, n, 7,
                                                          layout == tide::tridiagonal_layout::interleaved, flag_on_host);
            });
            CHECK(failed == 3);
          }
        }
}

TEST_CASE("solve_tridiagonal, CUDA: a batch where every system fails reports system 0") {
  // Every warp and block reports: the host-memory flag takes them all (a read each once 0 is in).
  for (std::int64_t n : {5, 64, 1000})
    for (auto layout : layouts) {
      auto sys = make_batch(n, 20000, layout, "tri-cuda-all-zero");
      for (std::int64_t s = 0; s < sys.batch; ++s) sys.b[sys.at(s, 0)] = 0;
      CAPTURE(n);
      CAPTURE(layout_name(layout));
      std::int64_t reported = -1;
      try {
        solve_on<device_backend, float>(sys);
      } catch (const tide::singular_system_error& e) {
        reported = e.system();
      }
      CHECK(reported == 0);
    }
}
#endif

// ---- the README's example: implicit heat steps on a batch of rods ----------------------------

/// Backward Euler for u_t = u_xx on `rods` rods of n interior points, u = 0 at both ends:
/// (1 + 2r) u_i - r u_(i-1) - r u_(i+1) = u_i of the step before, r = dt / dx^2. The matrix is the
/// same at every point, so constant iterators stand for its diagonals.
void heat_steps(tide::device_vector<float>& u, int n, int rods, float r, int steps) {
  auto off_diagonal = tide::make_constant_iterator(-r);
  auto diagonal = tide::make_constant_iterator(1 + 2 * r);
  for (int k = 0; k < steps; ++k)  // in place: u is the right-hand side and the solution
    tide::solve_tridiagonal(off_diagonal, diagonal, off_diagonal, u.begin(), u.begin(), n, rods);
}

TEST_CASE("README: implicit heat steps on a batch of rods decay each sine mode by its eigenvalue") {
  const int n = 100, rods = 64, steps = 10;
  const float r = 0.5f;
  const double pi = 3.141592653589793;
  // Rod k starts as the sine mode m = k % 4 + 1, an eigenvector of the step's matrix with
  // eigenvalue 1 + 2r (1 - cos(m pi / (n + 1))).
  std::vector<float> u0(static_cast<std::size_t>(n) * rods);
  for (int k = 0; k < rods; ++k)
    for (int i = 0; i < n; ++i) u0[k * n + i] = float(std::sin((k % 4 + 1) * pi * (i + 1) / (n + 1)));
  tide::device_vector<float> u(u0.begin(), u0.end());
  heat_steps(u, n, rods, r, steps);
  auto got = to_std(u);
  double worst = 0;
  for (int k = 0; k < rods; ++k) {
    const double lambda = 1 + 2 * r * (1 - std::cos((k % 4 + 1) * pi / (n + 1)));
    for (int i = 0; i < n; ++i)
      worst = std::max(worst, std::fabs(got[k * n + i] - u0[k * n + i] / std::pow(lambda, steps)));
  }
  CHECK(worst < 1e-5);
}
