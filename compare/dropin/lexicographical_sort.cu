// A lexicographical sort of (major, middle, minor) keys, as in Thrust's lexicographical_sort
// example: a permutation starts as the identity, and for each key from the least significant up,
// the key is gathered through the permutation and stable_sort_by_key reorders the permutation.

#include <thrust/device_vector.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/random.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

#include <cstdio>

// Sort the permutation by keys[permutation], keeping the order of equal keys.
void update_permutation(thrust::device_vector<int>& keys, thrust::device_vector<int>& permutation) {
  thrust::device_vector<int> temp(keys.size());
  thrust::gather(permutation.begin(), permutation.end(), keys.begin(), temp.begin());
  thrust::stable_sort_by_key(temp.begin(), temp.end(), permutation.begin());
}

void apply_permutation(thrust::device_vector<int>& keys, thrust::device_vector<int>& permutation) {
  thrust::device_vector<int> temp(keys.begin(), keys.end());
  thrust::gather(permutation.begin(), permutation.end(), temp.begin(), keys.begin());
}

thrust::host_vector<int> random_vector(size_t n, int range, unsigned int seed) {
  thrust::default_random_engine rng(seed);
  thrust::uniform_int_distribution<int> dist(0, range - 1);
  thrust::host_vector<int> h(n);
  for (size_t i = 0; i < n; ++i) h[i] = dist(rng);
  return h;
}

int main() {
  const size_t n = 20;
  thrust::device_vector<int> upper = random_vector(n, 3, 11u);
  thrust::device_vector<int> middle = random_vector(n, 4, 22u);
  thrust::device_vector<int> lower = random_vector(n, 5, 33u);

  std::printf("unsorted:");
  for (size_t i = 0; i < n; ++i) std::printf(" (%d,%d,%d)", int(upper[i]), int(middle[i]), int(lower[i]));
  std::printf("\n");

  thrust::device_vector<int> permutation(n);
  thrust::sequence(permutation.begin(), permutation.end());
  update_permutation(lower, permutation);
  update_permutation(middle, permutation);
  update_permutation(upper, permutation);

  std::printf("permutation:");
  for (size_t i = 0; i < n; ++i) std::printf(" %d", int(permutation[i]));
  std::printf("\n");
  apply_permutation(lower, permutation);
  apply_permutation(middle, permutation);
  apply_permutation(upper, permutation);
  std::printf("sorted:");
  for (size_t i = 0; i < n; ++i) std::printf(" (%d,%d,%d)", int(upper[i]), int(middle[i]), int(lower[i]));
  std::printf("\n");
  return 0;
}
