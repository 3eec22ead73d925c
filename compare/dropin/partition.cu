// Partitioning: stable_partition of values (and through a stencil), partition in place, the two
// copies partition_copy and stable_partition_copy, and stable_partition of (key, value) pairs
// through a zip iterator. Only what Thrust defines is printed: partition and partition_copy leave
// the order inside each group unspecified, so their groups are shown by order-independent sums.

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/partition.h>
#include <thrust/tuple.h>

#include <cstdio>

/// A tiny deterministic generator, so both builds see the same input.
struct lcg {
  unsigned long long state;
  unsigned next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return unsigned(state >> 33);
  }
};

struct is_even {
  __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};
struct is_small {
  __host__ __device__ bool operator()(float x) const { return x < 0.25f; }
};
struct key_is_negative {
  __host__ __device__ bool operator()(const thrust::tuple<int, int>& t) const { return thrust::get<0>(t) < 0; }
};

/// Sum of x[i] * (i % 13 + 1): depends on the order.
long long weighted(const thrust::host_vector<int>& x, int begin, int end) {
  long long s = 0;
  for (int i = begin; i < end; ++i) s += x[i] * ((i - begin) % 13 + 1LL);
  return s;
}
/// Sum and sum of squares: the same for any order.
void sums(const thrust::host_vector<int>& x, int begin, int end, long long& s, long long& q) {
  s = q = 0;
  for (int i = begin; i < end; ++i) s += x[i], q += (long long)x[i] * x[i];
}

int main() {
  const int n = 200001;
  lcg rng{17};
  thrust::host_vector<int> h(n);
  thrust::host_vector<float> h_stencil(n);
  for (int i = 0; i < n; ++i) {
    h[i] = int(rng.next() % 20001) - 10000;
    h_stencil[i] = float(rng.next() % 1000) / 1000.0f;
  }
  std::printf("partition n=%d\n", n);

  // stable_partition: the even values first, both groups in input order.
  thrust::device_vector<int> a = h;
  int mid = int(thrust::stable_partition(a.begin(), a.end(), is_even()) - a.begin());
  thrust::host_vector<int> ha = a;
  std::printf("stable_partition: %d even, weighted %lld | %lld, first", mid, weighted(ha, 0, mid), weighted(ha, mid, n));
  for (int i = 0; i < 5; ++i) std::printf(" %d", int(ha[i]));
  std::printf(", after the point");
  for (int i = mid; i < mid + 5; ++i) std::printf(" %d", int(ha[i]));
  std::printf("\n");

  // stable_partition through a stencil: the values whose stencil is below 0.25.
  thrust::device_vector<int> b = h;
  thrust::device_vector<float> stencil = h_stencil;
  int smid = int(thrust::stable_partition(b.begin(), b.end(), stencil.begin(), is_small()) - b.begin());
  thrust::host_vector<int> hb = b;
  std::printf("stable_partition with a stencil: %d selected, weighted %lld | %lld\n", smid, weighted(hb, 0, smid),
              weighted(hb, smid, n));

  // partition: the groups are the same, their order is not defined.
  thrust::device_vector<int> c = h;
  int pmid = int(thrust::partition(c.begin(), c.end(), is_even()) - c.begin());
  thrust::host_vector<int> hc = c;
  bool split = true;
  for (int i = 0; i < n; ++i) split = split && (is_even()(hc[i]) == (i < pmid));
  long long s1, q1, s2, q2;
  sums(hc, 0, pmid, s1, q1);
  sums(hc, pmid, n, s2, q2);
  std::printf("partition: %d even, partitioned %s, sums %lld %lld | %lld %lld\n", pmid, split ? "yes" : "no", s1, q1,
              s2, q2);

  // partition_copy and stable_partition_copy into two outputs.
  thrust::device_vector<int> yes(n), no(n);
  auto ends = thrust::partition_copy(a.begin(), a.end(), yes.begin(), no.begin(), is_even());
  const int ny = int(ends.first - yes.begin()), nn = int(ends.second - no.begin());
  thrust::host_vector<int> hy = yes, hn = no;
  sums(hy, 0, ny, s1, q1);
  sums(hn, 0, nn, s2, q2);
  std::printf("partition_copy: %d + %d, sums %lld %lld | %lld %lld\n", ny, nn, s1, q1, s2, q2);
  thrust::device_vector<int> src = h;
  ends = thrust::stable_partition_copy(src.begin(), src.end(), yes.begin(), no.begin(), is_even());
  hy = yes;
  hn = no;
  std::printf("stable_partition_copy: weighted %lld | %lld\n", weighted(hy, 0, ny), weighted(hn, 0, nn));

  // Pairs through a zip iterator: the negative keys first, each value with its key.
  thrust::host_vector<int> index(n);
  for (int i = 0; i < n; ++i) index[i] = i;
  thrust::device_vector<int> keys = h, values = index;
  auto zip = thrust::make_zip_iterator(thrust::make_tuple(keys.begin(), values.begin()));
  int zmid = int(thrust::stable_partition(zip, zip + n, key_is_negative()) - zip);
  thrust::host_vector<int> hk = keys, hv = values;
  std::printf("stable_partition of pairs: %d negative, values weighted %lld | %lld, first values", zmid,
              weighted(hv, 0, zmid), weighted(hv, zmid, n));
  for (int i = 0; i < 5; ++i) std::printf(" %d:%d", int(hk[i]), int(hv[i]));
  std::printf("\n");
  return 0;
}
