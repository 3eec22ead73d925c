// Dot products of many 3-vectors, as in Thrust's dot_products_with_zip example: the components
// live in separate arrays (structure of arrays), a zip_iterator presents them as tuples, and a
// functor taking two tuples returns the dot product.

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/random.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/tuple.h>

#include <cstdio>

using Float3 = thrust::tuple<float, float, float>;

struct dot_product {
  __host__ __device__ float operator()(const Float3& a, const Float3& b) const {
    return thrust::get<0>(a) * thrust::get<0>(b) + thrust::get<1>(a) * thrust::get<1>(b) +
           thrust::get<2>(a) * thrust::get<2>(b);
  }
};

// Small integers from a random engine: the dot products are exact, fused multiply-add or not.
thrust::host_vector<float> random_vector(size_t n, unsigned int seed) {
  thrust::default_random_engine rng(seed);
  thrust::uniform_int_distribution<int> dist(-9, 9);
  thrust::host_vector<float> h(n);
  for (size_t i = 0; i < n; ++i) h[i] = float(dist(rng));
  return h;
}

int main() {
  const size_t n = 1000;
  thrust::device_vector<float> a0 = random_vector(n, 10u), a1 = random_vector(n, 11u), a2 = random_vector(n, 12u);
  thrust::device_vector<float> b0 = random_vector(n, 13u), b1 = random_vector(n, 14u), b2 = random_vector(n, 15u);
  thrust::device_vector<float> result(n);

  auto a_first = thrust::make_zip_iterator(thrust::make_tuple(a0.begin(), a1.begin(), a2.begin()));
  auto a_last = thrust::make_zip_iterator(thrust::make_tuple(a0.end(), a1.end(), a2.end()));
  auto b_first = thrust::make_zip_iterator(thrust::make_tuple(b0.begin(), b1.begin(), b2.begin()));
  thrust::transform(a_first, a_last, b_first, result.begin(), dot_product());

  for (size_t i = 0; i < 5; ++i) {
    Float3 a = a_first[i];
    Float3 b = b_first[i];
    std::printf("(%.0f,%.0f,%.0f) . (%.0f,%.0f,%.0f) = %.0f\n", thrust::get<0>(a), thrust::get<1>(a), thrust::get<2>(a),
                thrust::get<0>(b), thrust::get<1>(b), thrust::get<2>(b), double(result[i]));
  }
  // Integers well below 2^24: the float sum is exact in any order.
  std::printf("sum of the %d dot products: %.0f\n", int(n), double(thrust::reduce(result.begin(), result.end())));
  return 0;
}
