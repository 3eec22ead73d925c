// sort_by_key with several value arrays moved together through a zip_iterator, as in Thrust's
// sorting examples; then a sort of the zipped (key, value) tuples themselves, which compares
// tuples lexicographically.

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/sort.h>
#include <thrust/tuple.h>

#include <cstdio>

struct descending {
  __host__ __device__ bool operator()(int a, int b) const { return a > b; }
};

int main() {
  const int n = 12;
  thrust::host_vector<int> hk(n);
  thrust::host_vector<char> hc(n);
  thrust::host_vector<float> hf(n);
  for (int i = 0; i < n; ++i) {
    hk[i] = (5 * i + 3) % 7;
    hc[i] = char('a' + i);
    hf[i] = 0.5f * float(i);
  }
  thrust::device_vector<int> keys = hk;
  thrust::device_vector<char> letters = hc;
  thrust::device_vector<float> weights = hf;

  // Stable: equal keys keep their letters in order.
  thrust::stable_sort_by_key(keys.begin(), keys.end(), thrust::make_zip_iterator(letters.begin(), weights.begin()));
  std::printf("by key:");
  for (int i = 0; i < n; ++i) std::printf(" %d%c%.1f", int(keys[i]), char(letters[i]), double(weights[i]));
  std::printf("\n");

  // Descending keys, with a comparator of our own. (Not thrust::greater: Thrust 3.0.1's host
  // systems sort arithmetic keys with thrust::greater by radix sort and a reversal, and that
  // reversal corrupts zip_iterator values: it prints duplicated letters on the host.)
  thrust::stable_sort_by_key(keys.begin(), keys.end(), thrust::make_zip_iterator(letters.begin(), weights.begin()),
                             descending());
  std::printf("descending:");
  for (int i = 0; i < n; ++i) std::printf(" %d%c", int(keys[i]), char(letters[i]));
  std::printf("\n");

  // Sorting the tuples: by key, then by letter, for the whole zipped range.
  thrust::host_vector<int> k2(n);
  thrust::host_vector<int> v2(n);
  for (int i = 0; i < n; ++i) {
    k2[i] = i % 3;
    v2[i] = (11 * i) % 13;
  }
  thrust::device_vector<int> dk = k2, dv = v2;
  auto first = thrust::make_zip_iterator(thrust::make_tuple(dk.begin(), dv.begin()));
  thrust::sort(first, first + n);
  std::printf("tuples sorted:");
  for (int i = 0; i < n; ++i) {
    thrust::tuple<int, int> t = first[i];
    std::printf(" (%d,%d)", thrust::get<0>(t), thrust::get<1>(t));
  }
  std::printf("\n");

  // sort_by_key (not stable) with distinct keys is deterministic.
  thrust::device_vector<int> distinct(n), payload(n);
  for (int i = 0; i < n; ++i) {
    distinct[i] = (7 * i) % n * 10;
    payload[i] = i;
  }
  thrust::sort_by_key(distinct.begin(), distinct.end(), payload.begin());
  std::printf("distinct keys' payloads:");
  for (int i = 0; i < n; ++i) std::printf(" %d", int(payload[i]));
  std::printf("\n");
  return 0;
}
