// A dense histogram, as in Thrust's histogram example: sort the data, find the end of each bin
// with a vectorized upper_bound over a counting_iterator, and take neighbouring differences with
// transform (one count per possible value, zeros included).

#include <thrust/binary_search.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/random.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <cstdio>

int main() {
  const int n = 40;
  const int range = 10;
  thrust::default_random_engine rng(2001u);
  thrust::uniform_int_distribution<int> dist(0, range - 2);  // the last bin stays empty
  thrust::host_vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (dist(rng) + dist(rng)) / 2;
  thrust::device_vector<int> data = h;
  std::printf("data:");
  for (int i = 0; i < n; ++i) std::printf(" %d", int(h[i]));
  std::printf("\n");

  thrust::sort(data.begin(), data.end());
  const int bins = range;
  thrust::device_vector<int> cumulative(bins);
  thrust::counting_iterator<int> search_begin(0);
  thrust::upper_bound(data.begin(), data.end(), search_begin, search_begin + bins, cumulative.begin());

  thrust::device_vector<int> histogram(bins);
  histogram[0] = cumulative[0];
  thrust::transform(cumulative.begin() + 1, cumulative.end(), cumulative.begin(), histogram.begin() + 1,
                    thrust::minus<int>());

  thrust::host_vector<int> hc = cumulative;
  thrust::host_vector<int> hh = histogram;
  std::printf("cumulative:");
  for (int i = 0; i < bins; ++i) std::printf(" %d", int(hc[i]));
  std::printf("\n");
  for (int i = 0; i < bins; ++i) {
    std::printf("%d: %2d ", i, int(hh[i]));
    for (int j = 0; j < hh[i]; ++j) std::printf("*");
    std::printf("\n");
  }
  return 0;
}
