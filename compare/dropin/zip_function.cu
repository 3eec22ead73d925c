// thrust::make_zip_function, as in Thrust's zip_function example: a functor taking separate
// arguments is applied to the tuples of a zip_iterator, in transform and in for_each (where it
// writes through a reference).

#include <thrust/device_vector.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/zip_function.h>

#include <cstdio>

struct sum3 {
  __host__ __device__ float operator()(float a, float b, float c) const { return a + b + c; }
};

// d = a * b + c, written through the fourth argument.
struct fma_into {
  __host__ __device__ void operator()(float a, float b, float c, float& d) const { d = a * b + c; }
};

struct weighted {
  int weight;
  __host__ __device__ int operator()(int value, int count) const { return weight * value * count; }
};

int main() {
  const int n = 8;
  thrust::host_vector<float> ha(n), hb(n), hc(n);
  for (int i = 0; i < n; ++i) {
    ha[i] = float(i);
    hb[i] = float(2 * i + 1);
    hc[i] = float(i % 3) * 0.25f;  // quarters: every result is exact
  }
  thrust::device_vector<float> a = ha, b = hb, c = hc, d(n);

  thrust::transform(thrust::make_zip_iterator(a.begin(), b.begin(), c.begin()),
                    thrust::make_zip_iterator(a.end(), b.end(), c.end()), d.begin(), thrust::make_zip_function(sum3()));
  std::printf("a + b + c:");
  for (int i = 0; i < n; ++i) std::printf(" %.2f", double(d[i]));

  thrust::for_each(thrust::make_zip_iterator(a.begin(), b.begin(), c.begin(), d.begin()),
                   thrust::make_zip_iterator(a.end(), b.end(), c.end(), d.end()), thrust::make_zip_function(fma_into()));
  std::printf("\na * b + c:");
  for (int i = 0; i < n; ++i) std::printf(" %.2f", double(d[i]));

  thrust::device_vector<int> values(n), counts(n), out(n);
  for (int i = 0; i < n; ++i) {
    values[i] = i + 1;
    counts[i] = n - i;
  }
  auto zipped = thrust::make_zip_iterator(thrust::make_tuple(values.begin(), counts.begin()));
  thrust::transform(zipped, zipped + n, out.begin(), thrust::make_zip_function(weighted{3}));
  std::printf("\n3 * value * count:");
  for (int i = 0; i < n; ++i) std::printf(" %d", int(out[i]));
  std::printf("\nsum %d\n", thrust::reduce(out.begin(), out.end()));
  return 0;
}
