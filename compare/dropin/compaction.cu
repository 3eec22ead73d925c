// Stream compaction: copy_if with a predicate, copy_if of indices through a stencil, and
// remove_if in place.

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/remove.h>

#include <cstdio>

/// A tiny deterministic generator, so both builds see the same input.
struct lcg {
  unsigned long long state;
  unsigned next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return unsigned(state >> 33);
  }
};

struct is_positive {
  __host__ __device__ bool operator()(int x) const { return x > 0; }
};
struct is_odd {
  __host__ __device__ bool operator()(int x) const { return (x & 1) != 0; }
};

int main() {
  const int n = 100000;
  lcg rng{7};
  thrust::host_vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = int(rng.next() % 2001) - 1000;
  thrust::device_vector<int> data = h;

  // The positive values, in order.
  thrust::device_vector<int> positive(n);
  auto end = thrust::copy_if(data.begin(), data.end(), positive.begin(), is_positive());
  const int kept = int(end - positive.begin());
  thrust::host_vector<int> h_positive(positive.begin(), positive.begin() + kept);

  // The indices of the positive values: a counting iterator filtered by the data as stencil.
  thrust::device_vector<int> index(n);
  auto index_end = thrust::copy_if(thrust::make_counting_iterator(0), thrust::make_counting_iterator(n), data.begin(),
                                index.begin(), is_positive());
  const int indexed = int(index_end - index.begin());
  thrust::host_vector<int> h_index(index.begin(), index.begin() + indexed);

  // Drop the odd values in place.
  auto new_end = thrust::remove_if(data.begin(), data.end(), is_odd());
  const int even = int(new_end - data.begin());
  thrust::host_vector<int> h_even(data.begin(), data.begin() + even);

  long long sum_positive = 0, sum_index = 0, sum_even = 0;
  for (int i = 0; i < kept; ++i) sum_positive += h_positive[i] * (i % 17 + 1LL);
  for (int i = 0; i < indexed; ++i) sum_index += h_index[i];
  for (int i = 0; i < even; ++i) sum_even += h_even[i] * (i % 5 + 1LL);
  std::printf("compaction n=%d\n", n);
  std::printf("positive: %d, weighted sum %lld, first", kept, sum_positive);
  for (int i = 0; i < 6 && i < kept; ++i) std::printf(" %d", int(h_positive[i]));
  std::printf("\nindices: %d, sum %lld\n", indexed, sum_index);
  std::printf("even after remove_if: %d, weighted sum %lld\n", even, sum_even);
  return 0;
}
