// tide::complex and Thrust's complex functions, checked against std::complex; their use in
// device code (functors run by tide::transform on every backend) and with placeholders.
#include <complex>
#include <sstream>

#include "common.hpp"

using namespace tide_test;

namespace {

template <class T>
bool close(const tide::complex<T>& a, const std::complex<T>& b, double tol) {
  if (a.real() == b.real() && a.imag() == b.imag()) return true;  // also equal infinities (atan(i))
  const double scale = std::max(1.0, static_cast<double>(std::abs(b)));
  return std::abs(static_cast<double>(a.real()) - b.real()) <= tol * scale &&
         std::abs(static_cast<double>(a.imag()) - b.imag()) <= tol * scale;
}
template <class T>
std::complex<T> to_std_complex(const tide::complex<T>& z) {
  return {z.real(), z.imag()};
}

const std::vector<std::complex<double>> samples = {
    {0.5, 0.25}, {-1.5, 2.0}, {3.0, -0.75}, {-0.25, -0.5}, {2.0, 0.0}, {0.0, 1.0}, {-2.0, 1e-3}};

// A functor running Thrust's complex functions in device code (for the device backend of a CUDA
// build) and host code.
struct complex_mix {
  TIDE_HOST_DEVICE tide::complex<double> operator()(const tide::complex<double>& z) const {
    return tide::exp(z) + tide::sqrt(z) * tide::conj(z) - tide::log(z) / (1.0 + tide::norm(z)) +
           tide::complex<double>(tide::abs(z), tide::arg(z)) + tide::pow(z, 2.0) + tide::sin(z) * tide::cosh(z);
  }
};
std::complex<double> complex_mix_std(const std::complex<double>& z) {
  return std::exp(z) + std::sqrt(z) * std::conj(z) - std::log(z) / (1.0 + std::norm(z)) +
         std::complex<double>(std::abs(z), std::arg(z)) + std::pow(z, 2.0) + std::sin(z) * std::cosh(z);
}

}  // namespace

TEST_CASE("tide::complex is the standard complex type of the build") {
#if TIDE_HAS_CUDA
  static_assert(std::is_same_v<tide::complex<float>, cuda::std::complex<float>>);
#else
  static_assert(std::is_same_v<tide::complex<float>, std::complex<float>>);
#endif
  tide::complex<float> z(1.0f, 2.0f);
  CHECK(z.real() == 1.0f);
  CHECK(z.imag() == 2.0f);
  tide::complex<float> w = 3.0f;
  CHECK(w.imag() == 0.0f);
  CHECK(z * w == tide::complex<float>(3.0f, 6.0f));
  CHECK(z + 1.0f == tide::complex<float>(2.0f, 2.0f));
  CHECK(tide::complex<double>(z) == tide::complex<double>(1.0, 2.0));
  static_assert(std::is_same_v<tide::complex<double>::value_type, double>);
}

TEST_CASE("abs, arg, norm, conj, proj and polar agree with std::complex") {
  for (auto s : samples) {
    const tide::complex<double> z(s.real(), s.imag());
    CAPTURE(s);
    CHECK(tide::abs(z) == doctest::Approx(std::abs(s)).epsilon(1e-14));
    CHECK(tide::arg(z) == doctest::Approx(std::arg(s)).epsilon(1e-14));
    CHECK(tide::norm(z) == doctest::Approx(std::norm(s)).epsilon(1e-14));
    CHECK(close(tide::conj(z), std::conj(s), 0));
    CHECK(close(tide::proj(z), std::proj(s), 0));
    CHECK(close(tide::polar(std::abs(s), std::arg(s)), std::polar(std::abs(s), std::arg(s)), 1e-14));
  }
  static_assert(std::is_same_v<decltype(tide::abs(tide::complex<float>())), float>);
  static_assert(std::is_same_v<decltype(tide::norm(tide::complex<double>())), double>);
  CHECK(close(tide::polar(2.0), std::complex<double>(2.0, 0.0), 0));
  const double inf = std::numeric_limits<double>::infinity();
  const auto p = tide::proj(tide::complex<double>(inf, -1.0));
  CHECK(std::isinf(p.real()));
  CHECK(p.imag() == 0.0);
  CHECK(std::signbit(p.imag()));
}

TEST_CASE("exponentials, logarithms, powers and roots agree with std::complex") {
  for (auto s : samples) {
    const tide::complex<double> z(s.real(), s.imag());
    CAPTURE(s);
    CHECK(close(tide::exp(z), std::exp(s), 1e-13));
    CHECK(close(tide::log(z), std::log(s), 1e-13));
    CHECK(close(tide::log10(z), std::log10(s), 1e-13));
    CHECK(close(tide::sqrt(z), std::sqrt(s), 1e-13));
    CHECK(close(tide::pow(z, tide::complex<double>(0.5, -1.0)), std::pow(s, std::complex<double>(0.5, -1.0)), 1e-12));
    CHECK(close(tide::pow(z, 3.0), std::pow(s, 3.0), 1e-12));
    CHECK(close(tide::pow(2.0, z), std::pow(2.0, s), 1e-12));
  }
}

TEST_CASE("pow computes in the common value type, as Thrust's") {
  const tide::complex<float> zf(1.5f, -0.5f);
  const tide::complex<double> zd(0.5, 0.25);
  static_assert(std::is_same_v<decltype(tide::pow(zf, zd)), tide::complex<double>>);
  static_assert(std::is_same_v<decltype(tide::pow(zf, 2.0)), tide::complex<double>>);
  static_assert(std::is_same_v<decltype(tide::pow(2.0, zf)), tide::complex<double>>);
  static_assert(std::is_same_v<decltype(tide::pow(zf, 2.0f)), tide::complex<float>>);
  static_assert(std::is_same_v<decltype(tide::pow(zf, 2)), tide::complex<float>>);
  const std::complex<double> sf(1.5, -0.5), sd(0.5, 0.25);
  CHECK(close(tide::pow(zf, zd), std::pow(sf, sd), 1e-12));
  CHECK(close(tide::pow(zf, 2.0), std::pow(sf, 2.0), 1e-12));
  CHECK(close(tide::pow(2.0, zf), std::pow(2.0, sf), 1e-12));
}

TEST_CASE("trigonometric and hyperbolic functions and their inverses agree with std::complex") {
  for (auto s : samples) {
    const tide::complex<double> z(s.real(), s.imag());
    CAPTURE(s);
    CHECK(close(tide::sin(z), std::sin(s), 1e-13));
    CHECK(close(tide::cos(z), std::cos(s), 1e-13));
    CHECK(close(tide::tan(z), std::tan(s), 1e-13));
    CHECK(close(tide::asin(z), std::asin(s), 1e-13));
    CHECK(close(tide::acos(z), std::acos(s), 1e-13));
    CHECK(close(tide::atan(z), std::atan(s), 1e-13));
    CHECK(close(tide::sinh(z), std::sinh(s), 1e-13));
    CHECK(close(tide::cosh(z), std::cosh(s), 1e-13));
    CHECK(close(tide::tanh(z), std::tanh(s), 1e-13));
    CHECK(close(tide::asinh(z), std::asinh(s), 1e-13));
    CHECK(close(tide::acosh(z), std::acosh(s), 1e-13));
    CHECK(close(tide::atanh(z), std::atanh(s), 1e-13));
  }
  // float precision.
  const tide::complex<float> zf(0.5f, -0.25f);
  const std::complex<float> sf(0.5f, -0.25f);
  CHECK(close(tide::atanh(zf), std::atanh(sf), 1e-6));
  CHECK(close(tide::exp(zf), std::exp(sf), 1e-6));
}

TEST_CASE("complex numbers print and read as (re,im)") {
  std::ostringstream out;
  out << tide::complex<double>(1.5, -2.0);
  CHECK(out.str() == "(1.5,-2)");
  std::istringstream in("(3,4) (5,0)");
  tide::complex<double> a, b;
  in >> a >> b;
  CHECK(a == tide::complex<double>(3.0, 4.0));
  CHECK(b == tide::complex<double>(5.0, 0.0));
}

TEST_CASE_TEMPLATE("complex functions run inside algorithms on every backend", B, TIDE_TEST_BACKENDS) {
  const std::int64_t n = 1000;
  auto re = random_vector<double>(n, "complex-re", -3, 3);
  auto im = random_vector<double>(n, "complex-im", -3, 3);
  std::vector<tide::complex<double>> hz(n);
  for (std::int64_t i = 0; i < n; ++i) hz[i] = tide::complex<double>(re[i], im[i] == 0 ? 0.5 : im[i]);
  auto z = to_backend<B>(hz);
  typename B::template vector<tide::complex<double>> out(n);
  tide::transform(B::policy(), z.begin(), z.end(), out.begin(), complex_mix{});
  const auto got = to_std(out);
  int bad = 0;
  for (std::int64_t i = 0; i < n; ++i)
    if (!close(got[i], complex_mix_std(to_std_complex(hz[i])), 1e-10)) ++bad;
  CHECK(bad == 0);

  // With placeholders: z * z + 1 and a product reduction.
  using namespace tide::placeholders;
  tide::transform(B::policy(), z.begin(), z.end(), out.begin(), _1 * _1 + 1.0);
  const auto sq = to_std(out);
  bad = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto s = to_std_complex(hz[i]);
    if (!close(sq[i], s * s + 1.0, 1e-12)) ++bad;
  }
  CHECK(bad == 0);
  const auto sum = tide::reduce(B::policy(), z.begin(), z.end(), tide::complex<double>(0, 0), _1 + _2);
  std::complex<double> expect(0, 0);
  for (auto& v : hz) expect += to_std_complex(v);
  CHECK(close(sum, expect, 1e-9));
}
