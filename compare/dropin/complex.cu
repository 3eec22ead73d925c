// thrust::complex: arithmetic, abs, arg, norm, conj, polar, exp, log, sqrt, pow, and complex
// values in device_vectors through transform and reduce. Printed with 6 significant digits:
// the transcendental functions may differ in the last bits between implementations.

#include <thrust/complex.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>

#include <cstdio>

void print(const char* name, const thrust::complex<double>& z) {
  std::printf("%s = (%.6g, %.6g)\n", name, z.real(), z.imag());
}

struct rotate_and_scale {
  thrust::complex<float> factor;
  __host__ __device__ thrust::complex<float> operator()(const thrust::complex<float>& z) const { return z * factor; }
};

int main() {
  thrust::complex<double> a(3.0, 4.0);
  thrust::complex<double> b(1.0, -2.0);
  print("a", a);
  print("a + b", a + b);
  print("a - b", a - b);
  print("a * b", a * b);
  print("a / b", a / b);
  print("2 * a", 2.0 * a);
  print("a + 1", a + 1.0);
  std::printf("abs(a) = %.6g, arg(a) = %.6g, norm(a) = %.6g\n", thrust::abs(a), thrust::arg(a), thrust::norm(a));
  print("conj(a)", thrust::conj(a));
  print("polar(2, pi/6)", thrust::polar(2.0, 3.14159265358979323846 / 6));
  print("exp(b)", thrust::exp(b));
  print("log(a)", thrust::log(a));
  print("sqrt(a)", thrust::sqrt(a));
  print("pow(a, 2)", thrust::pow(a, 2.0));
  print("sin(b)", thrust::sin(b));
  std::printf("a == (3, 4): %d, a != b: %d\n", int(a == thrust::complex<double>(3.0, 4.0)), int(a != b));

  // Gaussian integers in float: products and sums are exact.
  const int n = 16;
  thrust::host_vector<thrust::complex<float>> h(n);
  for (int i = 0; i < n; ++i) h[i] = thrust::complex<float>(float(i % 4), float(i / 4 - 2));
  thrust::device_vector<thrust::complex<float>> d = h;
  thrust::device_vector<thrust::complex<float>> r(n);
  thrust::transform(d.begin(), d.end(), r.begin(), rotate_and_scale{thrust::complex<float>(0.0f, 2.0f)});
  thrust::complex<float> sum = thrust::reduce(r.begin(), r.end(), thrust::complex<float>(0.0f, 0.0f));
  thrust::complex<float> first = r[5];
  std::printf("r[5] = (%g, %g), sum = (%g, %g)\n", first.real(), first.imag(), sum.real(), sum.imag());
  thrust::device_vector<thrust::complex<float>> prod(n);
  thrust::transform(d.begin(), d.end(), r.begin(), prod.begin(), thrust::multiplies<thrust::complex<float>>());
  thrust::complex<float> total = thrust::reduce(prod.begin(), prod.end());
  std::printf("sum of d * r = (%g, %g)\n", total.real(), total.imag());
  return 0;
}
