// A sparse histogram, as in Thrust's histogram example: sort the data, count the distinct values
// with inner_product over neighbours, then reduce_by_key over a constant iterator of ones gives
// (value, count) pairs for the values present only.

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>

#include <cstdio>

/// A tiny deterministic generator, so both builds see the same input.
struct lcg {
  unsigned long long state;
  unsigned next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return unsigned(state >> 33);
  }
};

int main() {
  const int n = 50000;
  lcg rng{2024};
  thrust::host_vector<int> h(n);
  for (int i = 0; i < n; ++i) {  // a bell shape: the sum of four small uniforms, every third value skipped
    int v = 0;
    for (int j = 0; j < 4; ++j) v += int(rng.next() % 25);
    h[i] = v - v % 3;
  }
  thrust::device_vector<int> data = h;
  thrust::sort(data.begin(), data.end());

  // Distinct values: 1 + the number of neighbours that differ.
  const int bins = thrust::inner_product(data.begin(), data.end() - 1, data.begin() + 1, 1, thrust::plus<int>(),
                                      thrust::not_equal_to<int>());
  thrust::device_vector<int> values(bins), counts(bins);
  thrust::reduce_by_key(data.begin(), data.end(), thrust::make_constant_iterator(1), values.begin(), counts.begin());

  thrust::host_vector<int> h_values = values;
  thrust::host_vector<int> h_counts = counts;
  std::printf("sparse histogram: %d samples, %d bins\n", n, bins);
  for (int i = 0; i < bins; ++i) std::printf("%3d: %d\n", int(h_values[i]), int(h_counts[i]));
  return 0;
}
