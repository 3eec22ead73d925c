// min_element, max_element and minmax_element with ties: Thrust returns the first smallest and the
// first largest, minmax_element included (unlike std::minmax_element, whose maximum is the last
// largest). With a comparator, and over a zip_iterator.

#include <thrust/device_vector.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/pair.h>
#include <thrust/tuple.h>

#include <cstdio>

struct by_last_digit {
  __host__ __device__ bool operator()(int a, int b) const { return a % 10 < b % 10; }
};

int main() {
  const int values[] = {5, 1, 9, 1, 9, 3, 9, 1, 7, 5};
  const int n = 10;
  thrust::device_vector<int> d(values, values + n);
  std::printf("data:");
  for (int i = 0; i < n; ++i) std::printf(" %d", values[i]);
  std::printf("\n");

  auto mn = thrust::min_element(d.begin(), d.end());
  auto mx = thrust::max_element(d.begin(), d.end());
  auto mm = thrust::minmax_element(d.begin(), d.end());
  std::printf("min_element: %d at %d\n", int(*mn), int(mn - d.begin()));
  std::printf("max_element: %d at %d\n", int(*mx), int(mx - d.begin()));
  std::printf("minmax_element: min %d at %d, max %d at %d\n", int(*mm.first), int(mm.first - d.begin()),
              int(*mm.second), int(mm.second - d.begin()));

  // With a comparator: the order is reversed, so the roles swap.
  auto gmn = thrust::min_element(d.begin(), d.end(), thrust::greater<int>());
  auto gmm = thrust::minmax_element(d.begin(), d.end(), thrust::greater<int>());
  std::printf("min_element with greater: %d at %d\n", int(*gmn), int(gmn - d.begin()));
  std::printf("minmax_element with greater: first %d at %d, second %d at %d\n", int(*gmm.first),
              int(gmm.first - d.begin()), int(*gmm.second), int(gmm.second - d.begin()));

  // Ties under a comparator that sees only part of the value.
  const int w[] = {31, 12, 41, 22, 11, 52, 19, 29, 9};
  thrust::device_vector<int> dw(w, w + 9);
  auto dm = thrust::minmax_element(dw.begin(), dw.end(), by_last_digit());
  auto dmax = thrust::max_element(dw.begin(), dw.end(), by_last_digit());
  std::printf("by last digit: min %d at %d, max %d at %d; max_element %d at %d\n", int(*dm.first),
              int(dm.first - dw.begin()), int(*dm.second), int(dm.second - dw.begin()), int(*dmax),
              int(dmax - dw.begin()));

  // A large input with the extreme values repeated far apart.
  const int big = 100000;
  thrust::host_vector<int> h(big);
  for (int i = 0; i < big; ++i) h[i] = (i * 7919) % 1000;
  thrust::device_vector<int> dh = h;
  auto bm = thrust::minmax_element(dh.begin(), dh.end());
  auto bmin = thrust::min_element(dh.begin(), dh.end());
  auto bmax = thrust::max_element(dh.begin(), dh.end());
  std::printf("large: min %d at %d (min_element at %d), max %d at %d (max_element at %d)\n", int(*bm.first),
              int(bm.first - dh.begin()), int(bmin - dh.begin()), int(*bm.second), int(bm.second - dh.begin()),
              int(bmax - dh.begin()));

  // Over tuples: lexicographic comparison of (key, value).
  thrust::device_vector<int> k(values, values + n), v(n);
  for (int i = 0; i < n; ++i) v[i] = i % 3;
  auto z = thrust::make_zip_iterator(k.begin(), v.begin());
  auto zm = thrust::max_element(z, z + n);
  thrust::tuple<int, int> best = *zm;
  std::printf("max (key, value): (%d, %d) at %d\n", thrust::get<0>(best), thrust::get<1>(best), int(zm - z));
  return 0;
}
