// Remove the 2D points outside a circle, as in Thrust's remove_points2d example: the x and y
// coordinates are separate arrays, remove_if runs over a zip_iterator of both with a predicate on
// the tuple, and both arrays are compacted together.

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/random.h>
#include <thrust/remove.h>
#include <thrust/tuple.h>

#include <cstdio>

struct is_outside_circle {
  template <typename Tuple>
  __host__ __device__ bool operator()(const Tuple& tuple) const {
    const float x = thrust::get<0>(tuple);
    const float y = thrust::get<1>(tuple);
    return x * x + y * y > 1.0f;
  }
};

int main() {
  const size_t n = 20;
  thrust::default_random_engine rng(5u);
  thrust::uniform_int_distribution<int> dist(-12, 12);
  thrust::host_vector<float> hx(n), hy(n);
  for (size_t i = 0; i < n; ++i) {
    hx[i] = float(dist(rng)) / 10.0f;  // tenths: x*x + y*y is compared well away from 1 except at exact ties
    hy[i] = float(dist(rng)) / 10.0f;
  }
  thrust::device_vector<float> x = hx, y = hy;
  std::printf("before:");
  for (size_t i = 0; i < n; ++i) std::printf(" (%.1f,%.1f)", double(x[i]), double(y[i]));
  std::printf("\n");

  size_t new_size = thrust::remove_if(thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin())),
                                      thrust::make_zip_iterator(thrust::make_tuple(x.end(), y.end())),
                                      is_outside_circle()) -
                    thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin()));
  x.resize(new_size);
  y.resize(new_size);
  std::printf("inside (%d):", int(new_size));
  for (size_t i = 0; i < new_size; ++i) std::printf(" (%.1f,%.1f)", double(x[i]), double(y[i]));
  std::printf("\n");
  return 0;
}
