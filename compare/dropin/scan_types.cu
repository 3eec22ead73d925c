// Scans and their accumulator types. Without an init, inclusive_scan accumulates in the input's
// type: signed chars wrap around even when written to ints. With an int init (inclusive_scan with
// init, exclusive_scan) the sums are ints. Then exclusive_scan_by_key and inclusive_scan_by_key
// over segments. All sums are of integers: exact in any order.

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/scan.h>

#include <cstdio>

template <typename Vector>
void print(const char* name, const Vector& v) {
  thrust::host_vector<typename Vector::value_type> h = v;
  std::printf("%s:", name);
  for (size_t i = 0; i < h.size(); ++i) std::printf(" %d", int(h[i]));
  std::printf("\n");
}

int main() {
  const int n = 12;
  thrust::host_vector<signed char> hc(n);
  for (int i = 0; i < n; ++i) hc[i] = static_cast<signed char>(20 + 5 * i);
  thrust::device_vector<signed char> c = hc;
  thrust::device_vector<int> out(n);
  print("input", c);

  // The running sum passes 127 after a few elements: in signed char it wraps (modulo 256).
  thrust::inclusive_scan(c.begin(), c.end(), out.begin());
  print("inclusive_scan into int (char accumulator)", out);
  thrust::inclusive_scan(c.begin(), c.end(), out.begin(), 0, thrust::plus<int>());
  print("inclusive_scan with int init 0", out);
  thrust::inclusive_scan(c.begin(), c.end(), out.begin(), 1000, thrust::plus<int>());
  print("inclusive_scan with init 1000", out);
  thrust::exclusive_scan(c.begin(), c.end(), out.begin(), 0);
  print("exclusive_scan with int init 0", out);
  thrust::exclusive_scan(c.begin(), c.end(), out.begin());
  print("exclusive_scan without init", out);

  thrust::device_vector<int> ints(n);
  for (int i = 0; i < n; ++i) ints[i] = (i * 7) % 5 - 2;
  thrust::device_vector<int> r(n);
  thrust::inclusive_scan(ints.begin(), ints.end(), r.begin(), thrust::maximum<int>());
  print("inclusive max-scan", r);
  thrust::exclusive_scan(ints.begin(), ints.end(), r.begin(), -100, thrust::maximum<int>());
  print("exclusive max-scan from -100", r);

  // Segments by key: 0 0 0 1 1 2 2 2 2 3 4 4.
  const int keys[] = {0, 0, 0, 1, 1, 2, 2, 2, 2, 3, 4, 4};
  thrust::device_vector<int> k(keys, keys + n);
  thrust::device_vector<int> ones(n, 1);
  thrust::exclusive_scan_by_key(k.begin(), k.end(), ones.begin(), r.begin());
  print("exclusive_scan_by_key of ones", r);
  thrust::exclusive_scan_by_key(k.begin(), k.end(), ints.begin(), r.begin(), 10);
  print("exclusive_scan_by_key init 10", r);
  thrust::inclusive_scan_by_key(k.begin(), k.end(), ints.begin(), r.begin());
  print("inclusive_scan_by_key", r);
  thrust::exclusive_scan_by_key(k.begin(), k.end(), c.begin(), r.begin(), 0, thrust::equal_to<int>(), thrust::plus<int>());
  print("exclusive_scan_by_key of chars, int init", r);
  // In place.
  thrust::inclusive_scan(ints.begin(), ints.end(), ints.begin());
  print("inclusive_scan in place", ints);
  return 0;
}
