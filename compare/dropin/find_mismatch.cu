// Searching and comparing: find, find_if, find_if_not, mismatch (with and without a predicate),
// is_sorted and is_sorted_until (with and without a comparator), partition_point, is_partitioned
// and equal_range, on device vectors, fancy iterators and host vectors, with and without a policy.

#include <thrust/binary_search.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/find.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/mismatch.h>
#include <thrust/partition.h>
#include <thrust/sort.h>

#include <cstdio>

struct is_negative {
  __host__ __device__ bool operator()(int x) const { return x < 0; }
};
struct is_even {
  __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};
struct within_one {
  __host__ __device__ bool operator()(int a, int b) const { return a - b <= 1 && b - a <= 1; }
};
struct square {
  __host__ __device__ long long operator()(long long x) const { return x * x; }
};
struct above_million {
  __host__ __device__ bool operator()(long long x) const { return x > 1000000; }
};

int main() {
  const int data[] = {4, 8, 15, 16, 23, 42, 15, -1, 16, 0};
  thrust::device_vector<int> d(data, data + 10);

  std::printf("find 15: %d, find 16: %d, find 99: %d\n", int(thrust::find(d.begin(), d.end(), 15) - d.begin()),
              int(thrust::find(thrust::device, d.begin(), d.end(), 16) - d.begin()),
              int(thrust::find(d.begin(), d.end(), 99) - d.begin()));
  std::printf("find_if negative: %d, find_if_not even: %d, find_if_not even in [0, 2): %d\n",
              int(thrust::find_if(d.begin(), d.end(), is_negative()) - d.begin()),
              int(thrust::find_if_not(thrust::device, d.begin(), d.end(), is_even()) - d.begin()),
              int(thrust::find_if_not(d.begin(), d.begin() + 2, is_even()) - d.begin()));

  // A long vector: the first of many matches, one near the end, none.
  thrust::device_vector<int> big(1 << 20, 1);
  big[300000] = -5;
  big[300001] = -6;
  big[900000] = -7;
  std::printf("big: first negative %d, first 0 %d\n",
              int(thrust::find_if(big.begin(), big.end(), is_negative()) - big.begin()),
              int(thrust::find(big.begin(), big.end(), 0) - big.begin()));

  // Fancy iterators: the first square above a million.
  thrust::counting_iterator<long long> c(0);
  auto sq = thrust::make_transform_iterator(c, square());
  std::printf("first square above 1e6 at %d\n", int(thrust::find_if(sq, sq + 5000, above_million()) - sq));

  // mismatch: equal ranges give (last1, first2 + n); a predicate.
  thrust::device_vector<int> e = d;
  auto same = thrust::mismatch(d.begin(), d.end(), e.begin());
  std::printf("mismatch of equal: %d %d\n", int(same.first - d.begin()), int(same.second - e.begin()));
  e[6] = 14;
  e[8] = 20;
  auto m = thrust::mismatch(thrust::device, d.begin(), d.end(), e.begin());
  std::printf("mismatch: %d %d (values %d %d)\n", int(m.first - d.begin()), int(m.second - e.begin()), int(*m.first),
              int(*m.second));
  auto mp = thrust::mismatch(d.begin(), d.end(), e.begin(), within_one());
  std::printf("mismatch within one: %d\n", int(mp.first - d.begin()));

  // is_sorted, is_sorted_until.
  std::printf("is_sorted: %d, is_sorted_until: %d, on [0, 6): %d\n", int(thrust::is_sorted(d.begin(), d.end())),
              int(thrust::is_sorted_until(d.begin(), d.end()) - d.begin()),
              int(thrust::is_sorted(thrust::device, d.begin(), d.begin() + 6)));
  const int down[] = {9, 7, 7, 7, 3, 4, 1};
  thrust::device_vector<int> dd(down, down + 7);
  std::printf("descending with greater: sorted %d, until %d\n",
              int(thrust::is_sorted(dd.begin(), dd.end(), thrust::greater<int>())),
              int(thrust::is_sorted_until(thrust::device, dd.begin(), dd.end(), thrust::greater<int>()) - dd.begin()));
  thrust::device_vector<int> empty;
  std::printf("empty: sorted %d, until %d\n", int(thrust::is_sorted(empty.begin(), empty.end())),
              int(thrust::is_sorted_until(empty.begin(), empty.end()) - empty.begin()));

  // partition_point, is_partitioned.
  const int parted[] = {2, 4, 8, 0, 6, 1, 3, 9, 5};
  thrust::device_vector<int> p(parted, parted + 9);
  std::printf("partition_point even: %d, is_partitioned even: %d, is_partitioned negative: %d\n",
              int(thrust::partition_point(p.begin(), p.end(), is_even()) - p.begin()),
              int(thrust::is_partitioned(thrust::device, p.begin(), p.end(), is_even())),
              int(thrust::is_partitioned(p.begin(), p.end(), is_negative())));
  p[7] = 10;
  std::printf("after p[7] = 10: is_partitioned even: %d\n", int(thrust::is_partitioned(p.begin(), p.end(), is_even())));

  // equal_range.
  const int sorted[] = {1, 3, 3, 3, 5, 8, 8, 13};
  thrust::device_vector<int> s(sorted, sorted + 8);
  for (int v : {0, 3, 4, 8, 13, 20}) {
    auto r = thrust::equal_range(s.begin(), s.end(), v);
    std::printf("equal_range(%d): [%d, %d)\n", v, int(r.first - s.begin()), int(r.second - s.begin()));
  }
  auto rg = thrust::equal_range(thrust::device, dd.begin(), dd.end(), 7, thrust::greater<int>());
  std::printf("equal_range(7) with greater: [%d, %d)\n", int(rg.first - dd.begin()), int(rg.second - dd.begin()));

  // Host vectors, with the host policy and without.
  thrust::host_vector<int> h(data, data + 10);
  std::printf("host: find 23 %d, find_if negative %d, is_sorted_until %d\n",
              int(thrust::find(h.begin(), h.end(), 23) - h.begin()),
              int(thrust::find_if(thrust::host, h.begin(), h.end(), is_negative()) - h.begin()),
              int(thrust::is_sorted_until(h.begin(), h.end()) - h.begin()));
  return 0;
}
