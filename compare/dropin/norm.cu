// The Euclidean norm, as in Thrust's norm example: transform_reduce with a square functor and
// plus, then sqrt. The values are small integers and halves, so every partial sum is exact and
// the result does not depend on the order of the reduction.

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/transform_reduce.h>

#include <cmath>
#include <cstdio>

template <typename T>
struct square {
  __host__ __device__ T operator()(const T& x) const { return x * x; }
};

int main() {
  const float x[4] = {1.0, 2.0, 3.0, 4.0};
  thrust::device_vector<float> d_x(x, x + 4);
  square<float> unary_op;
  thrust::plus<float> binary_op;
  float init = 0;
  float norm = std::sqrt(thrust::transform_reduce(d_x.begin(), d_x.end(), unary_op, init, binary_op));
  std::printf("norm of (1, 2, 3, 4) is %.6f\n", double(norm));

  const int n = 4096;
  thrust::host_vector<double> h(n);
  for (int i = 0; i < n; ++i) h[i] = double(i % 41 - 20) * 0.5;
  thrust::device_vector<double> d = h;
  double sum_squares = thrust::transform_reduce(d.begin(), d.end(), square<double>(), 0.0, thrust::plus<double>());
  std::printf("sum of squares %.2f, norm %.9f\n", sum_squares, std::sqrt(sum_squares));
  double max_abs = thrust::transform_reduce(d.begin(), d.end(), square<double>(), 0.0, thrust::maximum<double>());
  std::printf("infinity norm %.2f\n", std::sqrt(max_abs));
  return 0;
}
