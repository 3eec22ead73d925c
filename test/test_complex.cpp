// tide::complex, Thrust's complex class: its type and layout, mixed-type arithmetic and its result
// types, conversions, setters, comparisons, streams, and the functions checked against
// std::complex (glibc's C99 functions, long double where the check needs more digits); their use
// in device code (functors run by tide::transform on every backend) and with placeholders.
#include <complex>
#include <iomanip>
#include <sstream>

#include "common.hpp"

using namespace tide_test;

namespace {

using cd = tide::complex<double>;
using cf = tide::complex<float>;

template <class T, class U>
bool close(const tide::complex<T>& a, const std::complex<U>& b, double tol) {
  if (a.real() == b.real() && a.imag() == b.imag()) return true;  // also equal infinities
  const double scale = std::max(1.0, static_cast<double>(std::abs(b)));
  return std::abs(static_cast<double>(a.real()) - static_cast<double>(b.real())) <= tol * scale &&
         std::abs(static_cast<double>(a.imag()) - static_cast<double>(b.imag())) <= tol * scale;
}
template <class T>
std::complex<T> to_std_complex(const tide::complex<T>& z) {
  return {z.real(), z.imag()};
}
bool same(const cd& z, double re, double im) {  // exactly, signs of zeros and NaN included
  auto eq = [](double a, double b) {
    return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
  };
  return eq(z.real(), re) && eq(z.imag(), im);
}

const std::vector<std::complex<double>> samples = {
    {0.5, 0.25}, {-1.5, 2.0}, {3.0, -0.75}, {-0.25, -0.5}, {2.0, 0.0},    {0.0, 1.0},   {-2.0, 1e-3},
    {1e-9, -3e-9}, {40.0, 2.0}, {-0.999, 0.01}, {1.0, -1e-7}, {-7.5, -30.0}, {0.0, -2.5}, {12.0, 0.0}};

// A functor running all of Thrust's complex functions and mixed-type arithmetic in device code (for
// the device backend of a CUDA build) and host code.
struct complex_mix {
  TIDE_HOST_DEVICE cd operator()(const cd& z) const {
    const cf zf(z);
    return tide::exp(z) + tide::sqrt(z) * tide::conj(z) - tide::log(z) / (1.0 + tide::norm(z)) +
           cd(tide::abs(z), tide::arg(z)) + tide::pow(z, 2.0) + tide::sin(z) * tide::cosh(z) +
           tide::atan(z) * tide::tanh(z) - tide::asinh(z) + tide::acos(z) / 4 + zf * 0.5 + tide::pow(zf, z) * 1e-3;
  }
};
/// x rounded to float, through memory: GCC 12's SLP vectorizer (seen with 12.2 at -O2) drops a
/// double -> float -> double round trip done on both parts of a complex at once, which left the
/// reference below in double precision while the device rounded (see test/CMakeLists.txt).
double to_float_precision(double x) {
  volatile float f = static_cast<float>(x);
  return f;
}
std::complex<double> complex_mix_std(const std::complex<double>& z) {
  const std::complex<double> zf{to_float_precision(z.real()), to_float_precision(z.imag())};
  return std::exp(z) + std::sqrt(z) * std::conj(z) - std::log(z) / (1.0 + std::norm(z)) +
         std::complex<double>(std::abs(z), std::arg(z)) + std::pow(z, 2.0) + std::sin(z) * std::cosh(z) +
         std::atan(z) * std::tanh(z) - std::asinh(z) + std::acos(z) / 4.0 + zf * 0.5 + std::pow(zf, z) * 1e-3;
}

}  // namespace

TEST_CASE("tide::complex is its own class, laid out and aligned as Thrust's") {
  static_assert(!std::is_same_v<cf, std::complex<float>>);
  static_assert(std::is_same_v<cd::value_type, double>);
  static_assert(sizeof(cf) == 8 && alignof(cf) == 8 && sizeof(cd) == 16 && alignof(cd) == 16);
  static_assert(std::is_trivially_copyable_v<cd> && std::is_trivially_default_constructible_v<cd>);
  constexpr cd c(1.0, 2.0);
  static_assert(c.real() == 1.0 && c.imag() == 2.0);
  const cd zero{};
  CHECK(same(zero, 0.0, 0.0));
  const cf w = 3.0f;
  CHECK(w.real() == 3.0f);
  CHECK(w.imag() == 0.0f);
}

TEST_CASE("mixed-type arithmetic computes in the common value type, as Thrust's") {
  const cf f(1.5f, -2.0f);
  const cd d(0.25, 4.0);
  static_assert(std::is_same_v<decltype(f * 2.0), cd>);
  static_assert(std::is_same_v<decltype(2.0 * f), cd>);
  static_assert(std::is_same_v<decltype(f + d), cd>);
  static_assert(std::is_same_v<decltype(d - f), cd>);
  static_assert(std::is_same_v<decltype(f / d), cd>);
  static_assert(std::is_same_v<decltype(f * 2), cf>);
  static_assert(std::is_same_v<decltype(1 - f), cf>);
  static_assert(std::is_same_v<decltype(f / 2.0f), cf>);
  static_assert(std::is_same_v<decltype(1.0 / f), cd>);
  static_assert(std::is_same_v<decltype(f * f), cf>);
  static_assert(std::is_same_v<decltype(-f), cf>);
  CHECK(same(f * 2.0, 3.0, -4.0));
  CHECK(same(f + d, 1.75, 2.0));
  CHECK(same(d - f, -1.25, 6.0));
  CHECK(same(f * d, 1.5 * 0.25 + 8.0, 6.0 - 0.5));
  CHECK(same(2.0 - f, 0.5, 2.0));
  CHECK(same(f - 1, 0.5, -2.0));
  // The double operand's digits survive: the sum is done in double.
  CHECK((cf(1.0f, 0.0f) + cd(1e-10, 0.0)).real() == 1.0 + 1e-10);
  CHECK(close(f / d, std::complex<double>(1.5, -2.0) / std::complex<double>(0.25, 4.0), 1e-15));
  CHECK(close(3.0 / d, 3.0 / std::complex<double>(0.25, 4.0), 1e-15));
  CHECK(same(+d, 0.25, 4.0));
  CHECK(same(-d, -0.25, -4.0));
}

TEST_CASE("division scales the divisor first: huge and tiny parts neither overflow nor underflow") {
  CHECK(close(cd(1e300, 1e300) / cd(1e300, -1e300), std::complex<double>(0.0, 1.0), 1e-15));
  CHECK(close(cd(3e-300, 4e-300) / cd(1e-300, 2e-300), std::complex<double>(2.2, -0.4), 1e-15));
  CHECK(close(cd(1.0, 0.0) / cd(0.0, 1e-200), std::complex<double>(0.0, -1e200), 1e-15));
  CHECK(same(cd(3.0, 4.0) / cd(1.0, -2.0), -1.0, 2.0));
}

TEST_CASE("compound assignment computes in the common type and keeps the left operand's type") {
  cf f(1.0f, 2.0f);
  f += cd(0.5, 0.5);
  CHECK(same(cd(f), 1.5, 2.5));
  f *= 2.0;
  CHECK(same(cd(f), 3.0, 5.0));
  f -= 1;
  CHECK(same(cd(f), 2.0, 5.0));
  f /= cf(0.0f, 1.0f);
  CHECK(same(cd(f), 5.0, -2.0));
  cd d(1.0, 1.0);
  d *= cf(2.0f, 0.0f);
  d /= 4;
  CHECK(same(d, 0.5, 0.5));
  static_assert(std::is_same_v<decltype(f += 1.0), cf&>);
}

TEST_CASE("conversions to and from std::complex and between value types") {
  const std::complex<double> s(1.5, -2.5);
  const cd a = s;  // implicit, as Thrust's
  CHECK(same(a, 1.5, -2.5));
  const cf narrowed = s;  // from std::complex<double> to complex<float>
  CHECK(narrowed.real() == 1.5f);
  const std::complex<double> back = a;
  CHECK(back == s);
  cd b;
  b = std::complex<float>(0.5f, 0.25f);
  CHECK(same(b, 0.5, 0.25));
  const cd widened = cf(0.1f, 0.2f);
  CHECK(widened.real() == double(0.1f));
  b = cf(1.0f, -1.0f);
  CHECK(same(b, 1.0, -1.0));
  b = 7.0;
  CHECK(same(b, 7.0, 0.0));
#if TIDE_HAS_CUDA
  const cuda::std::complex<double> c(3.0, -4.0);
  const cd from_cuda = c;
  CHECK(same(from_cuda, 3.0, -4.0));
  const cuda::std::complex<double> to_cuda = from_cuda;
  CHECK(to_cuda == c);
  CHECK(from_cuda == c);
#endif
}

TEST_CASE("real(v) and imag(v) set one part and keep the other") {
  cd z(1.0, 2.0);
  z.real(5.0);
  CHECK(same(z, 5.0, 2.0));
  z.imag(-3.0);
  CHECK(same(z, 5.0, -3.0));
  volatile cd v(1.0, 1.0);
  v.real(2.0);
  v.imag(4.0);
  CHECK(v.real() == 2.0);
  CHECK(v.imag() == 4.0);
}

TEST_CASE("comparisons with complex numbers, std::complex and scalars") {
  const cd z(3.0, 0.0);
  CHECK(z == cf(3.0f, 0.0f));
  CHECK(z != cf(3.0f, 1.0f));
  CHECK(z == std::complex<double>(3.0, 0.0));
  CHECK(std::complex<float>(3.0f, 0.0f) == z);
  CHECK(z != std::complex<double>(3.0, 2.0));
  CHECK(std::complex<double>(1.0, 0.0) != z);
  CHECK(z == 3.0);
  CHECK(3 == z);
  CHECK(z != 2.0f);
  CHECK(cd(3.0, 1.0) != 3.0);
  CHECK(3.0 != cd(3.0, 1.0));
  CHECK_FALSE(cd(3.0, 1.0) == 3.0);
}

TEST_CASE("stream output is (re,im), each part in the stream's format") {
  std::ostringstream out;
  out << cd(1.5, -2.0) << ' ' << cf(0.25f, 3.0f) << ' ' << std::setprecision(3) << cd(3.14159, -2.71828);
  CHECK(out.str() == "(1.5,-2) (0.25,3) (3.14,-2.72)");
}

TEST_CASE("stream input reads re, (re) and (re,im), and fails on anything else") {
  std::istringstream in("(3,4) 5 ( 6 ) (-1.5 , 2e3)");
  cd a, b, c, d;
  in >> a >> b >> c >> d;
  CHECK(in);
  CHECK(same(a, 3.0, 4.0));
  CHECK(same(b, 5.0, 0.0));
  CHECK(same(c, 6.0, 0.0));
  CHECK(same(d, -1.5, 2000.0));
  cf f;
  std::istringstream fin("(0.5,0.25)");
  fin >> f;
  CHECK(f == cf(0.5f, 0.25f));
  for (const char* bad : {"(1;2)", "(1,2]", "(x,1)", "", "(1,"}) {
    CAPTURE(bad);
    std::istringstream bin(bad);
    cd z(9.0, 9.0);
    bin >> z;
    CHECK(bin.fail());
    CHECK(same(z, 9.0, 9.0));
  }
}

TEST_CASE("abs, arg, norm, conj, proj and polar agree with std::complex") {
  for (auto s : samples) {
    const cd z(s.real(), s.imag());
    CAPTURE(s);
    CHECK(tide::abs(z) == doctest::Approx(std::abs(s)).epsilon(1e-15));
    CHECK(tide::arg(z) == doctest::Approx(std::arg(s)).epsilon(1e-15));
    CHECK(tide::norm(z) == doctest::Approx(std::norm(s)).epsilon(1e-15));
    CHECK(close(tide::conj(z), std::conj(s), 0));
    CHECK(close(tide::proj(z), std::proj(s), 0));
    CHECK(close(tide::polar(std::abs(s), std::arg(s)), std::polar(std::abs(s), std::arg(s)), 1e-15));
  }
  static_assert(std::is_same_v<decltype(tide::abs(cf())), float>);
  static_assert(std::is_same_v<decltype(tide::norm(cd())), double>);
  static_assert(std::is_same_v<decltype(tide::polar(2.0f, 1.0)), cd>);
  static_assert(std::is_same_v<decltype(tide::polar(2.0f, 1.0f)), cf>);
  CHECK(same(tide::polar(2.0), 2.0, 0.0));
  const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  CHECK(same(tide::proj(cd(inf, -1.0)), inf, -0.0));
  CHECK(same(tide::proj(cd(nan, -inf)), inf, -0.0));
  CHECK(same(tide::proj(cd(-inf, nan)), inf, 0.0));
  CHECK(same(tide::conj(cd(1.0, 0.0)), 1.0, -0.0));
}

TEST_CASE("exponentials, logarithms, powers and roots agree with std::complex") {
  for (auto s : samples) {
    const cd z(s.real(), s.imag());
    CAPTURE(s);
    CHECK(close(tide::exp(z), std::exp(s), 1e-14));
    CHECK(close(tide::log(z), std::log(s), 1e-15));
    CHECK(close(tide::log10(z), std::log10(s), 1e-15));
    CHECK(close(tide::sqrt(z), std::sqrt(s), 1e-15));
    CHECK(close(tide::pow(z, cd(0.5, -1.0)), std::pow(s, std::complex<double>(0.5, -1.0)), 1e-12));
    CHECK(close(tide::pow(z, 3.0), std::pow(s, 3.0), 1e-12));
    CHECK(close(tide::pow(2.0, z), std::pow(2.0, s), 1e-12));
    const std::complex<float> sf(s);
    const cf zf(sf);
    CHECK(close(tide::exp(zf), std::exp(sf), 2e-6));
    CHECK(close(tide::log(zf), std::log(sf), 1e-6));
    CHECK(close(tide::sqrt(zf), std::sqrt(sf), 1e-6));
  }
}

TEST_CASE("pow computes in the common value type, as Thrust's, and takes negative real bases") {
  const cf zf(1.5f, -0.5f);
  const cd zd(0.5, 0.25);
  static_assert(std::is_same_v<decltype(tide::pow(zf, zd)), cd>);
  static_assert(std::is_same_v<decltype(tide::pow(zf, 2.0)), cd>);
  static_assert(std::is_same_v<decltype(tide::pow(2.0, zf)), cd>);
  static_assert(std::is_same_v<decltype(tide::pow(zf, 2.0f)), cf>);
  static_assert(std::is_same_v<decltype(tide::pow(zf, 2)), cf>);
  static_assert(std::is_same_v<decltype(tide::pow(2, zf)), cf>);
  const std::complex<double> sf(1.5, -0.5), sd(0.5, 0.25);
  CHECK(close(tide::pow(zf, zd), std::pow(sf, sd), 1e-12));
  CHECK(close(tide::pow(zf, 2.0), std::pow(sf, 2.0), 1e-12));
  CHECK(close(tide::pow(2.0, zf), std::pow(2.0, sf), 1e-12));
  // The principal value (Thrust's real logarithm makes these NaN).
  CHECK(close(tide::pow(-8.0, cd(1.0 / 3, 0.0)), std::pow(-8.0, std::complex<double>(1.0 / 3, 0.0)), 1e-14));
  CHECK(close(tide::pow(-2.0, cd(0.5, 1.0)), std::pow(-2.0, std::complex<double>(0.5, 1.0)), 1e-14));
}

TEST_CASE("trigonometric and hyperbolic functions and their inverses agree with std::complex") {
  for (auto s : samples) {
    const cd z(s.real(), s.imag());
    CAPTURE(s);
    CHECK(close(tide::sin(z), std::sin(s), 1e-14));
    CHECK(close(tide::cos(z), std::cos(s), 1e-14));
    CHECK(close(tide::tan(z), std::tan(s), 1e-15));
    CHECK(close(tide::asin(z), std::asin(s), 1e-15));
    CHECK(close(tide::acos(z), std::acos(s), 1e-15));
    CHECK(close(tide::atan(z), std::atan(s), 1e-15));
    CHECK(close(tide::sinh(z), std::sinh(s), 1e-14));
    CHECK(close(tide::cosh(z), std::cosh(s), 1e-14));
    CHECK(close(tide::tanh(z), std::tanh(s), 1e-15));
    CHECK(close(tide::asinh(z), std::asinh(s), 1e-15));
    CHECK(close(tide::acosh(z), std::acosh(s), 1e-15));
    CHECK(close(tide::atanh(z), std::atanh(s), 1e-15));
    const std::complex<float> sf(s);
    const cf zf(sf);
    for (auto [got, want] : {std::pair{tide::sin(zf), std::sin(sf)}, {tide::tanh(zf), std::tanh(sf)},
                             {tide::asin(zf), std::asin(sf)}, {tide::acosh(zf), std::acosh(sf)},
                             {tide::atanh(zf), std::atanh(sf)}, {tide::cos(zf), std::cos(sf)}})
      CHECK(close(got, want, 2e-6));
  }
}

TEST_CASE("the logarithm keeps its relative accuracy near the unit circle") {
  // x^2 + y^2 - 1 = 2^-29 + 2^-40 + 2^-60 exactly: log|z| = log1p(that) / 2. log(hypot) would
  // keep only about 23 of the 53 bits.
  const double x = 1 + std::ldexp(1.0, -30), y = std::ldexp(1.0, -20);
  const double want = 0.5 * std::log1p(std::ldexp(1.0, -29) + std::ldexp(1.0, -40) + std::ldexp(1.0, -60));
  CHECK(tide::log(cd(x, y)).real() == doctest::Approx(want).epsilon(4e-16));
  CHECK(tide::log(cd(y, -x)).real() == doctest::Approx(want).epsilon(4e-16));
  // asin and atanh near their branch point 1, each part to its own relative accuracy (against
  // long double).
  const cd z(1.0 - 1e-9, 1e-12);
  const std::complex<long double> zl(z.real(), z.imag());
  for (auto [got, want] : {std::pair{tide::asin(z), std::asin(zl)}, {tide::atanh(z), std::atanh(zl)}}) {
    CHECK(got.real() == doctest::Approx(double(want.real())).epsilon(1e-15));
    CHECK(got.imag() == doctest::Approx(double(want.imag())).epsilon(1e-15));
  }
}

TEST_CASE("special values follow C99's Annex G, as Thrust's functions") {
  const double inf = std::numeric_limits<double>::infinity(), pi = 3.14159265358979323846;
  CHECK(same(tide::sqrt(cd(-4.0, 0.0)), 0.0, 2.0));
  CHECK(same(tide::sqrt(cd(-4.0, -0.0)), 0.0, -2.0));
  CHECK(same(tide::sqrt(cd(3.0, 4.0)), 2.0, 1.0));
  CHECK(same(tide::sqrt(cd(-inf, 1.0)), 0.0, inf));
  CHECK(same(tide::log(cd(-1.0, 0.0)), 0.0, pi));
  CHECK(same(tide::log(cd(-1.0, -0.0)), 0.0, -pi));
  CHECK(same(tide::log(cd(0.0, 0.0)), -inf, 0.0));
  CHECK(same(tide::log(cd(inf, std::nan(""))), inf, std::nan("")));  // Thrust: NaN + NaN i
  CHECK(same(tide::exp(cd(-inf, 2.0)), 0.0 * std::cos(2.0), 0.0 * std::sin(2.0)));
  CHECK(same(tide::exp(cd(inf, 0.0)), inf, 0.0));
  CHECK(same(tide::exp(cd(1.0, -0.0)), std::exp(1.0), -0.0));
  CHECK(same(tide::sinh(cd(inf, 0.0)), inf, 0.0));
  CHECK(same(tide::cosh(cd(-inf, 0.0)), inf, -0.0));
  CHECK(same(tide::tanh(cd(inf, 3.0)), 1.0, std::sin(6.0) < 0 ? -0.0 : 0.0));
  CHECK(same(tide::tanh(cd(-30.0, 0.0)), -1.0, 0.0));
  CHECK(same(tide::atanh(cd(1.0, 0.0)), inf, 0.0));
  CHECK(same(tide::atan(cd(0.0, 1.0)), 0.0, inf));
  // On the branch cuts the sign of the zero picks the side; acosh 2 to the last bits.
  const double a2 = std::acosh(2.0);
  const auto near = [](double got, double want) { return got == doctest::Approx(want).epsilon(1e-15); };
  const cd as = tide::asin(cd(2.0, 0.0)), as_below = tide::asin(cd(2.0, -0.0)), ac = tide::acos(cd(2.0, 0.0));
  CHECK((as.real() == pi / 2 && near(as.imag(), a2)));
  CHECK((as_below.real() == pi / 2 && near(as_below.imag(), -a2)));
  CHECK((same(cd(ac.real(), 0.0), 0.0, 0.0) && near(ac.imag(), -a2)));
  const cd ah = tide::acosh(cd(-2.0, 0.0)), ah_below = tide::acosh(cd(-2.0, -0.0));
  CHECK((near(ah.real(), a2) && ah.imag() == pi));
  CHECK((near(ah_below.real(), a2) && ah_below.imag() == -pi));
  CHECK(same(tide::acos(cd(-inf, 1.0)), pi, -inf));
  CHECK(same(tide::asinh(cd(inf, inf)), inf, pi / 4));
}

TEST_CASE("huge, tiny and overflowing arguments give the finite results that exist") {
  using ld = std::complex<long double>;
  const std::vector<std::complex<double>> edge = {{710.0, 1e-300}, {-710.5, 0.25}, {1400.0, 1e-300},
                                                  {1e200, 1e200},  {3e-300, 1e-310}, {-1e300, 2.0}};
  for (auto s : edge) {
    CAPTURE(s);
    const cd z(s.real(), s.imag());
    const ld l(s.real(), s.imag());
    const auto check = [&](const cd& got, const ld& want) {
      for (auto [g, w] : {std::pair{got.real(), want.real()}, {got.imag(), want.imag()}}) {
        if (std::abs(w) > std::numeric_limits<double>::max()) CHECK(std::isinf(g));
        else CHECK(g == doctest::Approx(double(w)).epsilon(1e-14));
      }
    };
    if (std::abs(s.real()) < 2000) {
      check(tide::exp(z), std::exp(l));
      check(tide::sinh(z), std::sinh(l));
      check(tide::cosh(z), std::cosh(l));
    }
    check(tide::sqrt(z), std::sqrt(l));
    check(tide::log(z), std::log(l));
    check(tide::asinh(z), std::asinh(l));
    check(tide::atanh(z), std::atanh(l));
  }
}

TEST_CASE_TEMPLATE("complex functions run inside algorithms on every backend", B, TIDE_TEST_BACKENDS) {
  const std::int64_t n = 1000;
  auto re = random_vector<double>(n, "complex-re", -3, 3);
  auto im = random_vector<double>(n, "complex-im", -3, 3);
  std::vector<cd> hz(n);
  for (std::int64_t i = 0; i < n; ++i) hz[i] = cd(re[i], im[i] == 0 ? 0.5 : im[i]);
  auto z = to_backend<B>(hz);
  typename B::template vector<cd> out(n);
  tide::transform(B::policy(), z.begin(), z.end(), out.begin(), complex_mix{});
  const auto got = to_std(out);
  int bad = 0;
  for (std::int64_t i = 0; i < n; ++i)
    if (!close(got[i], complex_mix_std(to_std_complex(hz[i])), 1e-10)) ++bad;
  CHECK(bad == 0);

  // With placeholders: z * z + 1 (mixed with a double scalar) and a sum.
  using namespace tide::placeholders;
  tide::transform(B::policy(), z.begin(), z.end(), out.begin(), _1 * _1 + 1.0);
  const auto sq = to_std(out);
  bad = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto s = to_std_complex(hz[i]);
    if (!close(sq[i], s * s + 1.0, 1e-12)) ++bad;
  }
  CHECK(bad == 0);
  const auto sum = tide::reduce(B::policy(), z.begin(), z.end(), cd(0, 0), _1 + _2);
  std::complex<double> expect(0, 0);
  for (auto& v : hz) expect += to_std_complex(v);
  CHECK(close(sum, expect, 1e-9));
}
