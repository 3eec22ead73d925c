// The fancy iterators and the filling algorithms: fill, fill_n, sequence (with init and step),
// counting_iterator, constant_iterator, discard_iterator as an output that is thrown away,
// transform_iterator as input and transform_output_iterator as output.

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>

#include <cstdio>

struct square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};
struct plus_half {
  __host__ __device__ float operator()(int x) const { return float(x) + 0.5f; }
};

template <typename Vector>
void print(const char* name, const Vector& v) {
  std::printf("%s:", name);
  for (size_t i = 0; i < v.size(); ++i) std::printf(" %g", double(v[i]));
  std::printf("\n");
}

int main() {
  thrust::device_vector<int> v(8);
  thrust::fill(v.begin(), v.end(), 7);
  print("fill 7", v);
  thrust::fill_n(v.begin() + 2, 3, -1);
  print("fill_n 3 x -1", v);
  thrust::sequence(v.begin(), v.end());
  print("sequence", v);
  thrust::sequence(v.begin(), v.end(), 10);
  print("sequence from 10", v);
  thrust::sequence(v.begin(), v.end(), 100, -3);
  print("sequence from 100 step -3", v);
  thrust::device_vector<float> fv(5);
  thrust::sequence(fv.begin(), fv.end(), 0.5f, 0.25f);
  print("float sequence", fv);

  thrust::counting_iterator<int> first(10);
  std::printf("counting: first[0] %d, first[5] %d, distance %d\n", int(*first), int(first[5]),
              int(thrust::counting_iterator<int>(25) - first));
  thrust::constant_iterator<int> c(3);
  std::printf("constant: c[0] %d, c[100] %d, sum of 10: %d\n", int(*c), int(c[100]), thrust::reduce(c, c + 10));
  std::printf("sum of squares 0..99 through transform_iterator: %d\n",
              thrust::reduce(thrust::make_transform_iterator(thrust::counting_iterator<int>(0), square()),
                             thrust::make_transform_iterator(thrust::counting_iterator<int>(100), square())));

  // Copy into a discard_iterator: nothing is stored, the end is still right.
  thrust::device_vector<int> source(42, 1);
  auto end = thrust::copy(source.begin(), source.end(), thrust::make_discard_iterator());
  std::printf("discarded %d values\n", int(end - thrust::make_discard_iterator()));

  // Writing through a transform_output_iterator applies the functor on the way out.
  thrust::device_vector<float> out(6);
  thrust::copy(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(6),
               thrust::make_transform_output_iterator(out.begin(), plus_half()));
  print("through transform_output_iterator", out);
  thrust::transform(thrust::counting_iterator<int>(1), thrust::counting_iterator<int>(7), thrust::constant_iterator<int>(10),
                    thrust::make_transform_output_iterator(out.begin(), plus_half()), thrust::multiplies<int>());
  print("transform into it", out);
  return 0;
}
