// The largest absolute difference between two vectors, as in Thrust's max_abs_difference example:
// inner_product with maximum as the reduction and |a - b| as the "product".

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>

#include <cstdio>

template <typename T>
struct abs_diff {
  __host__ __device__ T operator()(const T& a, const T& b) const { return a > b ? a - b : b - a; }
};

int main() {
  thrust::host_vector<float> ha(6), hb(6);
  const float a_values[] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f};
  const float b_values[] = {1.0f, 2.5f, 2.0f, 7.25f, 5.0f, 5.5f};
  for (int i = 0; i < 6; ++i) {
    ha[i] = a_values[i];
    hb[i] = b_values[i];
  }
  thrust::device_vector<float> d_a = ha, d_b = hb;
  float init = 0;
  float max_abs_diff = thrust::inner_product(d_a.begin(), d_a.end(), d_b.begin(), init, thrust::maximum<float>(),
                                             abs_diff<float>());
  std::printf("maximum absolute difference: %.4f\n", double(max_abs_diff));

  // Integers, and the position of the largest difference found by a second inner_product.
  const int n = 1000;
  thrust::host_vector<int> hx(n), hy(n);
  for (int i = 0; i < n; ++i) {
    hx[i] = (i * 37) % 101;
    hy[i] = (i * 53) % 97;
  }
  thrust::device_vector<int> x = hx, y = hy;
  int m = thrust::inner_product(x.begin(), x.end(), y.begin(), 0, thrust::maximum<int>(), abs_diff<int>());
  int total = thrust::inner_product(x.begin(), x.end(), y.begin(), 0, thrust::plus<int>(), abs_diff<int>());
  std::printf("integers: max |x - y| = %d, sum |x - y| = %d\n", m, total);
  return 0;
}
