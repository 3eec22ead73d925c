// The _by_key set operations: the keys as set_union ... set_symmetric_difference write them, each
// with the value of the element written (from the range it came from); set_intersection_by_key
// takes the first range's values only. Default order and greater.

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/set_operations.h>

#include <cstdio>

void print(const char* what, const thrust::device_vector<int>& k, const thrust::device_vector<char>& v, long nk,
           long nv) {
  std::printf("%s (%ld, %ld):", what, nk, nv);
  for (long i = 0; i < nk; ++i) std::printf(" %d%c", int(k[i]), char(v[i]));
  std::printf("\n");
}

int main() {
  const int a_keys[] = {1, 2, 2, 2, 4, 5, 5, 7};
  const char a_vals[] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'};
  const int b_keys[] = {2, 3, 5, 5, 5, 7, 7, 8};
  const char b_vals[] = {'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'};
  thrust::device_vector<int> ak(a_keys, a_keys + 8), bk(b_keys, b_keys + 8), keys(16);
  thrust::device_vector<char> av(a_vals, a_vals + 8), bv(b_vals, b_vals + 8), vals(16);

  auto e = thrust::set_union_by_key(ak.begin(), ak.end(), bk.begin(), bk.end(), av.begin(), bv.begin(), keys.begin(),
                                    vals.begin());
  print("set_union_by_key", keys, vals, e.first - keys.begin(), e.second - vals.begin());
  e = thrust::set_intersection_by_key(ak.begin(), ak.end(), bk.begin(), bk.end(), av.begin(), keys.begin(),
                                      vals.begin());
  print("set_intersection_by_key", keys, vals, e.first - keys.begin(), e.second - vals.begin());
  e = thrust::set_difference_by_key(ak.begin(), ak.end(), bk.begin(), bk.end(), av.begin(), bv.begin(), keys.begin(),
                                    vals.begin());
  print("set_difference_by_key", keys, vals, e.first - keys.begin(), e.second - vals.begin());
  e = thrust::set_symmetric_difference_by_key(ak.begin(), ak.end(), bk.begin(), bk.end(), av.begin(), bv.begin(),
                                              keys.begin(), vals.begin());
  print("set_symmetric_difference_by_key", keys, vals, e.first - keys.begin(), e.second - vals.begin());

  // Descending keys and greater.
  const int c_keys[] = {9, 7, 7, 4, 1};
  const char c_vals[] = {'p', 'q', 'r', 's', 't'};
  const int d_keys[] = {8, 7, 4, 4, 0};
  const char d_vals[] = {'P', 'Q', 'R', 'S', 'T'};
  thrust::device_vector<int> ck(c_keys, c_keys + 5), dk(d_keys, d_keys + 5);
  thrust::device_vector<char> cv(c_vals, c_vals + 5), dv(d_vals, d_vals + 5);
  e = thrust::set_union_by_key(ck.begin(), ck.end(), dk.begin(), dk.end(), cv.begin(), dv.begin(), keys.begin(),
                               vals.begin(), thrust::greater<int>());
  print("set_union_by_key with greater", keys, vals, e.first - keys.begin(), e.second - vals.begin());
  e = thrust::set_intersection_by_key(ck.begin(), ck.end(), dk.begin(), dk.end(), cv.begin(), keys.begin(),
                                      vals.begin(), thrust::greater<int>());
  print("set_intersection_by_key with greater", keys, vals, e.first - keys.begin(), e.second - vals.begin());
  e = thrust::set_symmetric_difference_by_key(ck.begin(), ck.end(), dk.begin(), dk.end(), cv.begin(), dv.begin(),
                                              keys.begin(), vals.begin(), thrust::greater<int>());
  print("set_symmetric_difference_by_key with greater", keys, vals, e.first - keys.begin(), e.second - vals.begin());

  // Large, with long runs: key k appears (k % 7) * 300 times first, (k % 5) * 400 times second;
  // the values are the positions (second range's offset by a million).
  thrust::host_vector<int> hx, hy, hvx, hvy;
  for (int k = 0; k < 60; ++k) {
    for (int r = 0; r < (k % 7) * 300; ++r) hx.push_back(k), hvx.push_back(int(hvx.size()));
    for (int r = 0; r < (k % 5) * 400; ++r) hy.push_back(k), hvy.push_back(1000000 + int(hvy.size()));
  }
  thrust::device_vector<int> x = hx, y = hy, vx = hvx, vy = hvy;
  thrust::device_vector<int> big_k(hx.size() + hy.size()), big_v(hx.size() + hy.size());
  const char* names[] = {"union", "intersection", "difference", "symmetric_difference"};
  for (int op = 0; op < 4; ++op) {
    thrust::pair<thrust::device_vector<int>::iterator, thrust::device_vector<int>::iterator> end;
    if (op == 0)
      end = thrust::set_union_by_key(x.begin(), x.end(), y.begin(), y.end(), vx.begin(), vy.begin(), big_k.begin(),
                                     big_v.begin());
    if (op == 1)
      end = thrust::set_intersection_by_key(x.begin(), x.end(), y.begin(), y.end(), vx.begin(), big_k.begin(),
                                            big_v.begin());
    if (op == 2)
      end = thrust::set_difference_by_key(x.begin(), x.end(), y.begin(), y.end(), vx.begin(), vy.begin(),
                                          big_k.begin(), big_v.begin());
    if (op == 3)
      end = thrust::set_symmetric_difference_by_key(x.begin(), x.end(), y.begin(), y.end(), vx.begin(), vy.begin(),
                                                    big_k.begin(), big_v.begin());
    thrust::host_vector<int> hk(big_k.begin(), end.first), hv(big_v.begin(), end.second);
    long long check = 0;
    for (long i = 0; i < long(hk.size()); ++i) check += (long long)(i % 1000 + 1) * (hk[i] + 3LL * hv[i]);
    std::printf("large %s_by_key: %ld keys, %ld values, checksum %lld\n", names[op], long(hk.size()),
                long(hv.size()), check);
  }
  return 0;
}
