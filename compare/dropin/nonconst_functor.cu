// Functors whose operator() is not const: Thrust copies the functor and calls it through a
// non-const object, so transform, for_each, reduce, sort, copy_if, inner_product, transform_iterator
// and reduce_by_key accept them. The functors are pure (no state changes), so the results do not
// depend on how many copies a library makes.

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <cstdio>

struct add_offset {
  int offset;
  __host__ __device__ int operator()(int x) { return x + offset; }
};
struct plus_mutable {
  __host__ __device__ int operator()(int a, int b) { return a + b; }
};
struct times_mutable {
  __host__ __device__ int operator()(int a, int b) { return a * b; }
};
struct greater_mutable {
  __host__ __device__ bool operator()(int a, int b) { return a > b; }
};
struct is_multiple_of_3 {
  __host__ __device__ bool operator()(int x) { return x % 3 == 0; }
};
struct equal_mutable {
  __host__ __device__ bool operator()(int a, int b) { return a == b; }
};
struct scale_in_place {
  int factor;
  __host__ __device__ void operator()(int& x) { x *= factor; }
};

template <typename Vector>
void print(const char* name, const Vector& v) {
  thrust::host_vector<int> h = v;
  std::printf("%s:", name);
  for (size_t i = 0; i < h.size(); ++i) std::printf(" %d", int(h[i]));
  std::printf("\n");
}

int main() {
  const int n = 12;
  thrust::device_vector<int> v(n), w(n);
  thrust::sequence(v.begin(), v.end(), 1);
  thrust::transform(v.begin(), v.end(), w.begin(), add_offset{100});
  print("transform +100", w);
  thrust::transform(v.begin(), v.end(), w.begin(), w.begin(), plus_mutable());
  print("transform binary", w);
  thrust::for_each(w.begin(), w.end(), scale_in_place{2});
  print("for_each *2", w);
  std::printf("reduce: %d\n", thrust::reduce(v.begin(), v.end(), 0, plus_mutable()));
  std::printf("inner_product: %d\n", thrust::inner_product(v.begin(), v.end(), v.begin(), 0, plus_mutable(), times_mutable()));
  auto t = thrust::make_transform_iterator(v.begin(), add_offset{-1});
  std::printf("reduce over transform_iterator: %d\n", thrust::reduce(t, t + n));

  thrust::device_vector<int> keys(n);
  for (int i = 0; i < n; ++i) keys[i] = (7 * i) % n;
  thrust::sort(keys.begin(), keys.end(), greater_mutable());
  print("sort descending", keys);

  thrust::device_vector<int> kept(n);
  auto end = thrust::copy_if(v.begin(), v.end(), kept.begin(), is_multiple_of_3());
  kept.resize(end - kept.begin());
  print("copy_if multiples of 3", kept);

  thrust::device_vector<int> group(n), group_out(n), sums(n);
  for (int i = 0; i < n; ++i) group[i] = i / 4;
  auto ends = thrust::reduce_by_key(group.begin(), group.end(), v.begin(), group_out.begin(), sums.begin(),
                                    equal_mutable(), plus_mutable());
  sums.resize(ends.second - sums.begin());
  print("reduce_by_key sums", sums);
  return 0;
}
