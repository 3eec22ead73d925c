// A device_vector that skips value-initialization, as in Thrust's uninitialized_vector example:
// an allocator derived from device_allocator whose construct does nothing. The contents are
// written before they are read, so the output is deterministic.

#include <thrust/device_allocator.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>

#include <cstdio>

template <typename T>
struct uninitialized_allocator : thrust::device_allocator<T> {
  __host__ uninitialized_allocator() {}
  __host__ uninitialized_allocator(const uninitialized_allocator& other) : thrust::device_allocator<T>(other) {}
  __host__ ~uninitialized_allocator() {}
  uninitialized_allocator& operator=(const uninitialized_allocator&) = default;

  template <typename U>
  struct rebind {
    using other = uninitialized_allocator<U>;
  };

  // Value-initialization is skipped: the elements keep whatever the memory held.
  __host__ __device__ void construct(T*) {}
};

int main() {
  const int n = 1 << 16;
  thrust::device_vector<float, uninitialized_allocator<float>> x(n);
  thrust::sequence(x.begin(), x.end());  // 0, 1, 2, ...: exact in float up to 2^24
  thrust::device_vector<float, uninitialized_allocator<float>> y(n);
  thrust::transform(x.begin(), x.end(), y.begin(), thrust::negate<float>());

  std::printf("uninitialized_vector n=%d\n", n);
  std::printf("x[0..4]: %.1f %.1f %.1f %.1f\n", double(x[0]), double(x[1]), double(x[2]), double(x[3]));
  std::printf("y[n-1] = %.1f\n", double(y[n - 1]));
  // Sums of integers below 2^24 in float: exact in any order.
  float sum = thrust::reduce(x.begin(), x.begin() + 4096);
  std::printf("sum of the first 4096: %.1f\n", double(sum));

  // resize grows without constructing; the new part is then filled.
  y.resize(n + 10);
  thrust::sequence(y.begin() + n, y.end(), 100.0f);
  thrust::host_vector<float> tail(y.begin() + n - 2, y.end());
  std::printf("tail:");
  for (size_t i = 0; i < tail.size(); ++i) std::printf(" %.1f", double(tail[i]));
  std::printf("\n");
  return 0;
}
