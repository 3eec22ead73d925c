// Tuples: thrust::tuple and make_tuple, thrust::get by index, tuple comparison, tie, and C++17
// structured bindings on tuples and on the elements of a zip_iterator (inside functors and on
// the host), as Thrust 3 programs write them.

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/tuple.h>

#include <cstdio>

struct weighted_sum {
  __host__ __device__ int operator()(const thrust::tuple<int, int, int>& t) const {
    auto [a, b, c] = t;  // structured binding of a tuple
    return a + 10 * b + 100 * c;
  }
};

// Sums two (count, total) tuples component-wise.
struct add_pairs {
  __host__ __device__ thrust::tuple<int, long long> operator()(const thrust::tuple<int, long long>& x,
                                                               const thrust::tuple<int, long long>& y) const {
    return thrust::make_tuple(thrust::get<0>(x) + thrust::get<0>(y), thrust::get<1>(x) + thrust::get<1>(y));
  }
};

int main() {
  thrust::tuple<int, float, char> t(7, 2.5f, 'x');
  std::printf("t = (%d, %.1f, %c), size %d\n", thrust::get<0>(t), double(thrust::get<1>(t)), thrust::get<2>(t),
              int(thrust::tuple_size<decltype(t)>::value));
  thrust::get<0>(t) += 5;
  auto [i, f, c] = t;
  std::printf("after get<0> += 5: (%d, %.1f, %c)\n", i, double(f), c);

  auto a = thrust::make_tuple(1, 2, 3);
  auto b = thrust::make_tuple(1, 3, 0);
  std::printf("a < b: %d, a == b: %d, a == (1,2,3): %d\n", int(a < b), int(a == b), int(a == thrust::make_tuple(1, 2, 3)));

  int x = 0, y = 0;
  thrust::tie(x, y) = thrust::make_tuple(4, 9);
  std::printf("tie: x %d, y %d\n", x, y);

  // Zipped device vectors: a functor that binds the tuple's elements by name.
  const int n = 6;
  thrust::device_vector<int> d0(n), d1(n), d2(n), out(n);
  for (int k = 0; k < n; ++k) {
    d0[k] = k;
    d1[k] = k % 3;
    d2[k] = n - k;
  }
  auto first = thrust::make_zip_iterator(d0.begin(), d1.begin(), d2.begin());
  thrust::transform(first, first + n, out.begin(), weighted_sum());
  std::printf("weighted sums:");
  for (int k = 0; k < n; ++k) std::printf(" %d", int(out[k]));
  std::printf("\n");

  // Reduce over tuples: (count, sum) in one pass.
  thrust::device_vector<int> ones(n, 1);
  thrust::device_vector<long long> big(n);
  for (int k = 0; k < n; ++k) big[k] = 1000000000ll * (k + 1);
  auto zipped = thrust::make_zip_iterator(ones.begin(), big.begin());
  thrust::tuple<int, long long> sums =
      thrust::reduce(zipped, zipped + n, thrust::tuple<int, long long>(0, 0ll), add_pairs());
  std::printf("count %d, sum %lld\n", thrust::get<0>(sums), thrust::get<1>(sums));

  // Structured bindings on the references a host zip_iterator yields: writing through them.
  thrust::host_vector<int> h0(4), h1(4);
  for (int k = 0; k < 4; ++k) {
    h0[k] = k + 1;
    h1[k] = 0;
  }
  auto h_first = thrust::make_zip_iterator(h0.begin(), h1.begin());
  for (int k = 0; k < 4; ++k) {
    auto [value, twice] = h_first[k];
    twice = 2 * value;
  }
  std::printf("host zip, written through bindings:");
  for (int k = 0; k < 4; ++k) std::printf(" %d->%d", int(h0[k]), int(h1[k]));
  std::printf("\n");
  return 0;
}
