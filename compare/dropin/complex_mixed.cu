// thrust::complex as a class of its own: mixed-type arithmetic and its result types
// (complex<float> * 2.0 is complex<double>), conversions to and from std::complex, the real/imag
// setters, comparisons with scalars and std::complex, stream output and input, and every math
// function (branch cuts and signed zeros included), then mixed types in device code through
// transform and reduce. Doubles are printed with 6 significant digits and floats with 5: the
// transcendental functions may differ in the last bits between implementations.

#include <thrust/complex.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>

#include <complex>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>

template <class T>
const char* type_name() {
  return sizeof(T) == sizeof(float) ? "float" : sizeof(T) == sizeof(double) ? "double" : "other";
}
template <class C>
void print(const char* name, const C& z) {  // a thrust::complex of either value type
  using T = typename C::value_type;
  if (sizeof(T) == sizeof(float)) {
    std::printf("%s = (%.5g, %.5g) [%s]\n", name, double(z.real()), double(z.imag()), type_name<T>());
  } else {
    std::printf("%s = (%.6g, %.6g) [%s]\n", name, double(z.real()), double(z.imag()), type_name<T>());
  }
}

// complex<float> in, complex<double> out: mixed arithmetic in device code.
struct widen_and_mix {
  double scale;
  __host__ __device__ thrust::complex<double> operator()(const thrust::complex<float>& z) const {
    thrust::complex<double> w = z * scale + thrust::complex<double>(0.5, -0.25);  // complex<double>
    w /= z + 1.0f;                                    // the divisor is complex<float>
    return w + thrust::sqrt(z) * thrust::conj(z) - thrust::exp(z * 0.125);
  }
};

int main() {
  const thrust::complex<float> f(1.5f, -2.0f);
  const thrust::complex<double> d(0.25, 4.0);

  std::printf("-- mixed-type arithmetic\n");
  print("f * 2.0", f * 2.0);
  print("2.0 * f", 2.0 * f);
  print("f * 2", f * 2);
  print("f + d", f + d);
  print("d - f", d - f);
  print("f * d", f * d);
  print("f / d", f / d);
  print("1.0 / f", 1.0 / f);
  print("f / 4.0f", f / 4.0f);
  print("3 - f", 3 - f);
  print("-f", -f);
  thrust::complex<float> g = f;
  g += d;  // computed in double, stored as float
  g *= 0.5;
  print("(f + d) * 0.5 into complex<float>", g);
  // The double operand's digits survive a sum done in double: 1 + 1e-10 is not 1.
  std::printf("(1.0f + 1e-10) - 1 = %.3g\n",
              (thrust::complex<float>(1.0f, 0.0f) + thrust::complex<double>(1e-10, 0.0)).real() - 1.0);

  std::printf("-- conversions, setters, comparisons\n");
  std::complex<double> s(1.5, -2.5);
  thrust::complex<double> from_std = s;
  thrust::complex<float> narrowed = s;
  std::complex<double> back = from_std * 2.0;
  print("from std::complex<double>", from_std);
  print("narrowed to complex<float>", narrowed);
  std::printf("back to std::complex: (%.6g, %.6g)\n", back.real(), back.imag());
  thrust::complex<double> widened = f;
  print("widened to complex<double>", widened);
  thrust::complex<double> z(1.0, 2.0);
  z.real(5.0);
  z.imag(-3.0);
  print("after real(5), imag(-3)", z);
  z = 7.0;
  print("after z = 7", z);
  std::printf("z == 7: %d, 7 == z: %d, z != 7.5f: %d, z == std::complex(7, 0): %d, z != complex<float>(7, 1): %d\n",
              int(z == 7.0), int(7 == z), int(z != 7.5f), int(z == std::complex<double>(7.0, 0.0)),
              int(z != thrust::complex<float>(7.0f, 1.0f)));
  std::printf("(3, 1) == 3: %d, std::complex(1.5, -2) == f: %d\n", int(thrust::complex<double>(3.0, 1.0) == 3.0),
              int(std::complex<float>(1.5f, -2.0f) == f));

  std::printf("-- streams\n");
  std::ostringstream out;
  out << f << ' ' << d << ' ' << thrust::complex<double>(-0.125, 1e-3);
  std::printf("written: %s\n", out.str().c_str());
  std::istringstream in("(3,4) 5 ( 6 ) (-1.5 , 2e3)");
  thrust::complex<double> r1, r2, r3, r4;
  in >> r1 >> r2 >> r3 >> r4;
  std::printf("read ok: %d\n", int(bool(in)));
  print("read (3,4)", r1);
  print("read 5", r2);
  print("read ( 6 )", r3);
  print("read (-1.5 , 2e3)", r4);

  std::printf("-- functions, double\n");
  const thrust::complex<double> zs[] = {{0.5, 0.25}, {-1.5, 2.0}, {3.0, -0.75}, {2.0, 0.0}, {2.0, -0.0},
                                        {-2.0, 0.0}, {-2.0, -0.0}, {0.0, 1.0}, {1e-9, -3e-9}, {40.0, 2.0}};
  for (const auto& w : zs) {
    std::printf("z = (%.6g, %.6g)\n", w.real(), w.imag());
    std::printf("  abs %.6g arg %.6g norm %.6g\n", thrust::abs(w), thrust::arg(w), thrust::norm(w));
    print("  exp", thrust::exp(w));
    print("  log", thrust::log(w));
    print("  log10", thrust::log10(w));
    print("  sqrt", thrust::sqrt(w));
    print("  sin", thrust::sin(w));
    print("  cos", thrust::cos(w));
    print("  tan", thrust::tan(w));
    print("  sinh", thrust::sinh(w));
    print("  cosh", thrust::cosh(w));
    print("  tanh", thrust::tanh(w));
    print("  asin", thrust::asin(w));
    print("  acos", thrust::acos(w));
    print("  atan", thrust::atan(w));
    print("  asinh", thrust::asinh(w));
    print("  acosh", thrust::acosh(w));
    print("  atanh", thrust::atanh(w));
    print("  pow(z, (0.5, -1))", thrust::pow(w, thrust::complex<double>(0.5, -1.0)));
    print("  pow(z, 3.0)", thrust::pow(w, 3.0));
    print("  pow(2.0, z)", thrust::pow(2.0, w));
  }

  std::printf("-- functions, float\n");
  const thrust::complex<float> fs[] = {{0.5f, 0.25f}, {-1.5f, 2.0f}, {3.0f, -0.75f}, {0.0f, 1.0f}};
  for (const auto& w : fs) {
    std::printf("z = (%.5g, %.5g)\n", double(w.real()), double(w.imag()));
    print("  exp", thrust::exp(w));
    print("  log", thrust::log(w));
    print("  sqrt", thrust::sqrt(w));
    print("  sin", thrust::sin(w));
    print("  tan", thrust::tan(w));
    print("  cosh", thrust::cosh(w));
    print("  tanh", thrust::tanh(w));
    print("  asin", thrust::asin(w));
    print("  acos", thrust::acos(w));
    print("  atanh", thrust::atanh(w));
    print("  pow(z, 2.0f)", thrust::pow(w, 2.0f));
    print("  pow(z, 2.0) in double", thrust::pow(w, 2.0));
  }
  print("polar(2.0f, 0.5)", thrust::polar(2.0f, 0.5));
  print("polar(2.0, pi/6)", thrust::polar(2.0, 3.14159265358979323846 / 6));
  const double inf = std::numeric_limits<double>::infinity();
  print("proj(inf - 1i)", thrust::proj(thrust::complex<double>(inf, -1.0)));
  print("exp(710 + 1e-300i)", thrust::exp(thrust::complex<double>(710.0, 1e-300)));
  print("cosh(710.2 + 0.1i)", thrust::cosh(thrust::complex<double>(710.2, 0.1)));
  print("tanh(30 + 1i)", thrust::tanh(thrust::complex<double>(30.0, 1.0)));
  print("atanh(1)", thrust::atanh(thrust::complex<double>(1.0, 0.0)));
  print("sqrt(-inf + 1i)", thrust::sqrt(thrust::complex<double>(-inf, 1.0)));

  std::printf("-- device code\n");
  const int n = 64;
  thrust::host_vector<thrust::complex<float>> h(n);
  for (int i = 0; i < n; ++i) h[i] = thrust::complex<float>(0.25f * float(i % 8) + 0.5f, 0.125f * float(i / 8) - 0.5f);
  thrust::device_vector<thrust::complex<float>> df = h;
  thrust::device_vector<thrust::complex<double>> dd(n);
  thrust::transform(df.begin(), df.end(), dd.begin(), widen_and_mix{2.0});
  thrust::complex<double> first = dd[0], last = dd[n - 1];
  print("mix[0]", first);
  print("mix[63]", last);
  thrust::complex<double> sum = thrust::reduce(dd.begin(), dd.end(), thrust::complex<double>(0.0, 0.0));
  print("sum of mix", sum);
  // complex<float> summed exactly (multiples of 1/8), then widened by the mixed sum with a double.
  thrust::complex<float> fsum = thrust::reduce(df.begin(), df.end(), thrust::complex<float>(0.0f, 0.0f));
  print("sum of inputs", fsum);
  print("sum of inputs + 0.1", fsum + 0.1);
  return 0;
}
