// saxpy, y <- a * x + y, as in Thrust's example: a functor passed to transform.

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/transform.h>

#include <cstdio>

struct saxpy_functor {
  const float a;
  explicit saxpy_functor(float a_) : a(a_) {}
  __host__ __device__ float operator()(const float& x, const float& y) const { return a * x + y; }
};

int main() {
  const int n = 1 << 20;
  thrust::host_vector<float> hx(n), hy(n);
  for (int i = 0; i < n; ++i) {
    hx[i] = float(i % 1000) * 0.5f;  // exact in float either way, fused multiply-add or not
    hy[i] = float(i % 7);
  }
  thrust::device_vector<float> x = hx;
  thrust::device_vector<float> y = hy;
  thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), saxpy_functor(2.0f));

  thrust::host_vector<float> result = y;
  double checksum = 0;
  for (int i = 0; i < n; ++i) checksum += double(result[i]) * double(i % 13 + 1);
  std::printf("saxpy n=%d\n", n);
  for (int i = 0; i < 8; ++i) std::printf("y[%d] = %.1f\n", i, double(result[i]));
  std::printf("checksum %.1f\n", checksum);
  return 0;
}
