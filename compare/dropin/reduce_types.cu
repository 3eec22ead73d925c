// Which type a reduction accumulates in. thrust::reduce(first, last, init) returns the type of
// init and combines with thrust::plus<T> for that T: doubles reduced with an int init are each
// truncated to int before they are added; ints with a double init are added as doubles. The
// inputs are chosen so that every library order gives the same exact result.

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>

#include <cstdio>

struct halve {
  __host__ __device__ double operator()(int x) const { return x / 2.0; }
};

int main() {
  const int n = 1000;
  thrust::host_vector<double> hd(n);
  thrust::host_vector<int> hi(n);
  thrust::host_vector<signed char> hc(n);
  for (int i = 0; i < n; ++i) {
    hd[i] = 0.75 * (i % 8);  // 0, 0.75, 1.5, ..., 5.25: truncation drops the fractions
    hi[i] = i % 5 - 1;  // -1, 0, 1, 2, 3: halved, -0.5 and 0.5 and 1.5 truncate
    hc[i] = static_cast<signed char>(100 + i % 27);
  }
  thrust::device_vector<double> d = hd;
  thrust::device_vector<int> di = hi;
  thrust::device_vector<signed char> dc = hc;

  auto int_sum = thrust::reduce(d.begin(), d.end(), 0);
  auto double_sum = thrust::reduce(d.begin(), d.end(), 0.0);
  std::printf("doubles with int init: %d (%s)\n", int_sum, sizeof(int_sum) == sizeof(int) ? "int" : "not int");
  std::printf("doubles with double init: %.2f\n", double_sum);
  std::printf("ints with double init 0.5: %.2f\n", thrust::reduce(di.begin(), di.end(), 0.5));
  std::printf("ints with no init: %d\n", thrust::reduce(di.begin(), di.end()));
  std::printf("doubles with no init: %.2f\n", thrust::reduce(d.begin(), d.end()));
  // signed chars summed in int (the init's type): 100..126 each, far beyond a char's range.
  std::printf("signed chars with int init: %d\n", thrust::reduce(dc.begin(), dc.end(), 0));
  std::printf("signed chars with long long init and plus<long long>: %lld\n",
              thrust::reduce(dc.begin(), dc.end(), 0ll, thrust::plus<long long>()));
  // transform_reduce: the functor makes doubles, the int init makes the sum an int again.
  std::printf("transform_reduce halves with int init: %d\n",
              thrust::transform_reduce(di.begin(), di.end(), halve(), 0, thrust::plus<int>()));
  std::printf("transform_reduce halves with double init: %.2f\n",
              thrust::transform_reduce(di.begin(), di.end(), halve(), 0.0, thrust::plus<double>()));
  // inner_product's init fixes the result type too.
  std::printf("inner_product of doubles with int init: %d\n", thrust::inner_product(d.begin(), d.end(), d.begin(), 0));
  std::printf("inner_product of doubles with double init: %.4f\n",
              thrust::inner_product(d.begin(), d.end(), d.begin(), 0.0));
  std::printf("max of doubles with int init -1: %d\n", thrust::reduce(d.begin(), d.end(), -1, thrust::maximum<int>()));
  return 0;
}
