// set_union, set_intersection, set_difference and set_symmetric_difference of sorted multisets:
// how many copies of each key each writes, and from which range (a struct key compared by one
// field, the other field naming its origin); with greater on descending inputs; and a large pair
// of ranges with long runs of equal keys, checked by a checksum.

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/set_operations.h>

#include <cstdio>

struct item {
  int key;
  int origin;  // 100 + index in the first range, 200 + index in the second
};
struct by_key_only {
  __host__ __device__ bool operator()(const item& a, const item& b) const { return a.key < b.key; }
};

template <class Vec>
void print(const char* what, const Vec& v, long n) {
  std::printf("%s (%ld):", what, n);
  for (long i = 0; i < n; ++i) std::printf(" %d", int(v[i]));
  std::printf("\n");
}

void print_items(const char* what, const thrust::device_vector<item>& v, long n) {
  thrust::host_vector<item> h = v;
  std::printf("%s (%ld):", what, n);
  for (long i = 0; i < n; ++i) std::printf(" %d@%d", h[i].key, h[i].origin);
  std::printf("\n");
}

int main() {
  const int a_keys[] = {1, 2, 2, 2, 4, 5, 5, 7};
  const int b_keys[] = {2, 3, 5, 5, 5, 7, 7, 8};
  thrust::device_vector<int> a(a_keys, a_keys + 8), b(b_keys, b_keys + 8), out(16);

  long n = thrust::set_union(a.begin(), a.end(), b.begin(), b.end(), out.begin()) - out.begin();
  print("set_union", out, n);
  n = thrust::set_intersection(a.begin(), a.end(), b.begin(), b.end(), out.begin()) - out.begin();
  print("set_intersection", out, n);
  n = thrust::set_difference(a.begin(), a.end(), b.begin(), b.end(), out.begin()) - out.begin();
  print("set_difference", out, n);
  n = thrust::set_difference(b.begin(), b.end(), a.begin(), a.end(), out.begin()) - out.begin();
  print("set_difference b - a", out, n);
  n = thrust::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), out.begin()) - out.begin();
  print("set_symmetric_difference", out, n);

  // Which copy is written: the origin field tells.
  thrust::host_vector<item> ha(8), hb(8);
  for (int i = 0; i < 8; ++i) {
    ha[i] = item{a_keys[i], 100 + i};
    hb[i] = item{b_keys[i], 200 + i};
  }
  thrust::device_vector<item> ia = ha, ib = hb, iout(16);
  n = thrust::set_union(ia.begin(), ia.end(), ib.begin(), ib.end(), iout.begin(), by_key_only()) - iout.begin();
  print_items("set_union of items", iout, n);
  n = thrust::set_intersection(ia.begin(), ia.end(), ib.begin(), ib.end(), iout.begin(), by_key_only()) -
      iout.begin();
  print_items("set_intersection of items", iout, n);
  n = thrust::set_difference(ia.begin(), ia.end(), ib.begin(), ib.end(), iout.begin(), by_key_only()) - iout.begin();
  print_items("set_difference of items", iout, n);
  n = thrust::set_symmetric_difference(ia.begin(), ia.end(), ib.begin(), ib.end(), iout.begin(), by_key_only()) -
      iout.begin();
  print_items("set_symmetric_difference of items", iout, n);

  // Descending inputs and greater.
  const int c_keys[] = {9, 7, 7, 4, 1};
  const int d_keys[] = {8, 7, 4, 4, 0};
  thrust::device_vector<int> c(c_keys, c_keys + 5), d(d_keys, d_keys + 5);
  n = thrust::set_union(c.begin(), c.end(), d.begin(), d.end(), out.begin(), thrust::greater<int>()) - out.begin();
  print("set_union with greater", out, n);
  n = thrust::set_symmetric_difference(c.begin(), c.end(), d.begin(), d.end(), out.begin(), thrust::greater<int>()) -
      out.begin();
  print("set_symmetric_difference with greater", out, n);

  // Large: key k appears (k % 7) * 300 times in the first range and (k % 5) * 400 in the second.
  thrust::host_vector<int> hx, hy;
  for (int k = 0; k < 60; ++k) {
    for (int r = 0; r < (k % 7) * 300; ++r) hx.push_back(k);
    for (int r = 0; r < (k % 5) * 400; ++r) hy.push_back(k);
  }
  thrust::device_vector<int> x = hx, y = hy, big(hx.size() + hy.size());
  const char* names[] = {"union", "intersection", "difference", "symmetric_difference"};
  for (int op = 0; op < 4; ++op) {
    thrust::device_vector<int>::iterator end;
    if (op == 0) end = thrust::set_union(x.begin(), x.end(), y.begin(), y.end(), big.begin());
    if (op == 1) end = thrust::set_intersection(x.begin(), x.end(), y.begin(), y.end(), big.begin());
    if (op == 2) end = thrust::set_difference(x.begin(), x.end(), y.begin(), y.end(), big.begin());
    if (op == 3) end = thrust::set_symmetric_difference(x.begin(), x.end(), y.begin(), y.end(), big.begin());
    thrust::host_vector<int> h(big.begin(), end);
    long long check = 0;
    for (long i = 0; i < long(h.size()); ++i) check += (long long)(i % 1000 + 1) * h[i];
    std::printf("large %s: %ld elements, checksum %lld\n", names[op], long(h.size()), check);
  }
  return 0;
}
