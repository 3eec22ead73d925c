// saxpy with placeholders, as in Thrust's lambda example: `a * _1 + _2` builds the functor.

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/transform.h>

#include <cstdio>

int main() {
  using namespace thrust::placeholders;
  const int n = 10;
  thrust::host_vector<float> hx(n), hy(n);
  for (int i = 0; i < n; ++i) {
    hx[i] = float(i) + 0.5f;  // halves and small integers: every product and sum is exact
    hy[i] = float(3 * i % 7);
  }
  thrust::device_vector<float> x = hx;
  thrust::device_vector<float> y = hy;
  const float a = 2.0f;

  thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), a * _1 + _2);
  thrust::host_vector<float> r = y;
  std::printf("y = a * x + y:");
  for (int i = 0; i < n; ++i) std::printf(" %.2f", double(r[i]));

  // More placeholder expressions: unary, with constants on either side, and comparisons.
  thrust::device_vector<float> z(n);
  thrust::transform(x.begin(), x.end(), z.begin(), (_1 - 1.0f) * (_1 + 1.0f));
  r = z;
  std::printf("\nx*x - 1:");
  for (int i = 0; i < n; ++i) std::printf(" %.2f", double(r[i]));

  thrust::device_vector<int> flags(n);
  thrust::transform(z.begin(), z.end(), y.begin(), flags.begin(), _1 > _2);
  thrust::host_vector<int> hf = flags;
  std::printf("\nx*x - 1 > y:");
  for (int i = 0; i < n; ++i) std::printf(" %d", int(hf[i]));

  thrust::device_vector<int> k(n);
  thrust::transform(flags.begin(), flags.end(), k.begin(), 10 - _1 * 3);
  thrust::host_vector<int> hk = k;
  std::printf("\n10 - 3*flag:");
  for (int i = 0; i < n; ++i) std::printf(" %d", int(hk[i]));
  std::printf("\n");
  return 0;
}
