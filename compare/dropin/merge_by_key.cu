// merge and merge_by_key of two sorted ranges: equal keys take the first range's elements first
// (stable), the values follow their keys; with the default order and with greater.

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/merge.h>

#include <cstdio>

int main() {
  const int a_keys[] = {1, 3, 3, 5, 7, 9};
  const char a_vals[] = {'a', 'b', 'c', 'd', 'e', 'f'};
  const int b_keys[] = {1, 2, 3, 3, 8, 9, 10};
  const char b_vals[] = {'A', 'B', 'C', 'D', 'E', 'F', 'G'};
  thrust::device_vector<int> ak(a_keys, a_keys + 6), bk(b_keys, b_keys + 7);
  thrust::device_vector<char> av(a_vals, a_vals + 6), bv(b_vals, b_vals + 7);

  thrust::device_vector<int> keys(13);
  thrust::device_vector<char> vals(13);
  auto ends = thrust::merge_by_key(ak.begin(), ak.end(), bk.begin(), bk.end(), av.begin(), bv.begin(), keys.begin(),
                                   vals.begin());
  std::printf("merge_by_key (%d, %d):", int(ends.first - keys.begin()), int(ends.second - vals.begin()));
  for (int i = 0; i < 13; ++i) std::printf(" %d%c", int(keys[i]), char(vals[i]));
  std::printf("\n");

  thrust::device_vector<int> merged(13);
  auto end = thrust::merge(ak.begin(), ak.end(), bk.begin(), bk.end(), merged.begin());
  std::printf("merge (%d):", int(end - merged.begin()));
  for (int i = 0; i < 13; ++i) std::printf(" %d", int(merged[i]));
  std::printf("\n");

  // Descending inputs and greater.
  const int c_keys[] = {9, 6, 6, 2};
  const int d_keys[] = {8, 6, 3, 2, 0};
  thrust::device_vector<int> ck(c_keys, c_keys + 4), dk(d_keys, d_keys + 5);
  thrust::device_vector<int> cv(4), dv(5);
  for (int i = 0; i < 4; ++i) cv[i] = 100 + i;
  for (int i = 0; i < 5; ++i) dv[i] = 200 + i;
  thrust::device_vector<int> k2(9), v2(9);
  thrust::merge_by_key(ck.begin(), ck.end(), dk.begin(), dk.end(), cv.begin(), dv.begin(), k2.begin(), v2.begin(),
                       thrust::greater<int>());
  std::printf("merge_by_key with greater:");
  for (int i = 0; i < 9; ++i) std::printf(" %d:%d", int(k2[i]), int(v2[i]));
  std::printf("\n");

  // Larger inputs: evens and multiples of three.
  const int n = 1000;
  thrust::host_vector<int> he(n), ht(n);
  for (int i = 0; i < n; ++i) {
    he[i] = 2 * i;
    ht[i] = 3 * i;
  }
  thrust::device_vector<int> de = he, dt = ht, out(2 * n), out_vals(2 * n);
  thrust::device_vector<int> ve(n, 0), vt(n, 1);
  thrust::merge_by_key(de.begin(), de.end(), dt.begin(), dt.end(), ve.begin(), vt.begin(), out.begin(), out_vals.begin());
  thrust::host_vector<int> ho = out, hv = out_vals;
  long long check = 0;
  for (int i = 0; i < 2 * n; ++i) check += (long long)(i + 1) * (ho[i] * 2 + hv[i]);
  std::printf("large merge_by_key: first %d%c %d%c %d%c, last %d, checksum %lld\n", int(ho[0]), hv[0] ? 't' : 'e',
              int(ho[1]), hv[1] ? 't' : 'e', int(ho[2]), hv[2] ? 't' : 'e', int(ho[2 * n - 1]), check);
  return 0;
}
