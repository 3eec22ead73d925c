// Binary searches on a sorted vector: the scalar forms (lower_bound, upper_bound, binary_search
// returning an iterator or a bool) and the vectorized forms that search many values at once,
// writing positions or bools; with the default order and with greater.

#include <thrust/binary_search.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>

#include <cstdio>

template <typename Vector>
void print(const char* name, const Vector& v) {
  thrust::host_vector<typename Vector::value_type> h = v;
  std::printf("%s:", name);
  for (size_t i = 0; i < h.size(); ++i) std::printf(" %d", int(h[i]));
  std::printf("\n");
}

int main() {
  const int sorted[] = {0, 2, 2, 2, 5, 8, 8, 13, 21, 21};
  thrust::device_vector<int> input(sorted, sorted + 10);
  print("input", input);

  auto lb = thrust::lower_bound(input.begin(), input.end(), 2);
  auto ub = thrust::upper_bound(input.begin(), input.end(), 2);
  std::printf("lower_bound(2) %d, upper_bound(2) %d, lower_bound(9) %d, upper_bound(30) %d\n", int(lb - input.begin()),
              int(ub - input.begin()), int(thrust::lower_bound(input.begin(), input.end(), 9) - input.begin()),
              int(thrust::upper_bound(input.begin(), input.end(), 30) - input.begin()));
  std::printf("binary_search 5: %d, 6: %d, -1: %d\n", int(thrust::binary_search(input.begin(), input.end(), 5)),
              int(thrust::binary_search(input.begin(), input.end(), 6)),
              int(thrust::binary_search(input.begin(), input.end(), -1)));

  const int wanted[] = {0, 1, 2, 3, 8, 9, 21, 22, -5};
  thrust::device_vector<int> values(wanted, wanted + 9);
  print("values", values);
  thrust::device_vector<int> positions(9);
  thrust::lower_bound(input.begin(), input.end(), values.begin(), values.end(), positions.begin());
  print("lower_bound", positions);
  thrust::upper_bound(input.begin(), input.end(), values.begin(), values.end(), positions.begin());
  print("upper_bound", positions);
  thrust::device_vector<bool> found(9);
  thrust::binary_search(input.begin(), input.end(), values.begin(), values.end(), found.begin());
  print("binary_search", found);

  // Descending data with greater.
  const int descending[] = {30, 20, 20, 10, 5, 5, 5, 1};
  thrust::device_vector<int> down(descending, descending + 8);
  thrust::device_vector<int> probes(4);
  probes[0] = 20;
  probes[1] = 5;
  probes[2] = 0;
  probes[3] = 31;
  thrust::device_vector<unsigned int> where(4);
  thrust::lower_bound(down.begin(), down.end(), probes.begin(), probes.end(), where.begin(), thrust::greater<int>());
  print("lower_bound with greater", where);
  thrust::upper_bound(down.begin(), down.end(), probes.begin(), probes.end(), where.begin(), thrust::greater<int>());
  print("upper_bound with greater", where);
  return 0;
}
