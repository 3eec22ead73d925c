// The mode of a data set, as in Thrust's mode example: sort, count the runs with inner_product
// over neighbours, reduce_by_key over a constant_iterator gives each value's count, and
// max_element over the counts finds the most frequent value (the first one on ties).

#include <thrust/device_vector.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/random.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>

#include <cstdio>

int main() {
  const size_t n = 30;
  const int range = 10;
  thrust::default_random_engine rng(77u);
  thrust::uniform_int_distribution<int> dist(0, range - 1);
  thrust::host_vector<int> h(n);
  for (size_t i = 0; i < n; ++i) h[i] = dist(rng);
  thrust::device_vector<int> data = h;
  std::printf("values:");
  for (size_t i = 0; i < n; ++i) std::printf(" %d", h[i]);

  thrust::sort(data.begin(), data.end());
  std::printf("\nsorted:");
  for (size_t i = 0; i < n; ++i) std::printf(" %d", int(data[i]));

  size_t num_unique = thrust::inner_product(data.begin(), data.end() - 1, data.begin() + 1, 1, thrust::plus<int>(),
                                            thrust::not_equal_to<int>());
  thrust::device_vector<int> values(num_unique), counts(num_unique);
  thrust::reduce_by_key(data.begin(), data.end(), thrust::constant_iterator<int>(1), values.begin(), counts.begin());
  std::printf("\ncounts:");
  for (size_t i = 0; i < num_unique; ++i) std::printf(" %d:%d", int(values[i]), int(counts[i]));

  auto mode_iter = thrust::max_element(counts.begin(), counts.end());
  int mode = values[mode_iter - counts.begin()];
  int occurrences = *mode_iter;
  std::printf("\nmodal value %d occurs %d times (position %d)\n", mode, occurrences, int(mode_iter - counts.begin()));
  return 0;
}
