// host_vector <-> device_vector: construction from each other and from iterators and arrays,
// assignment, thrust::copy both ways, element access, resize, insert, erase, swap, and copies
// between vectors of different element types.

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sequence.h>

#include <cstdio>
#include <vector>

template <typename Vector>
void print(const char* name, const Vector& v) {
  std::printf("%s (%d):", name, int(v.size()));
  for (size_t i = 0; i < v.size(); ++i) std::printf(" %g", double(v[i]));
  std::printf("\n");
}

int main() {
  thrust::host_vector<int> h(4);
  h[0] = 14;
  h[1] = 20;
  h[2] = 38;
  h[3] = 46;
  h.resize(2);
  print("host, resized to 2", h);

  thrust::device_vector<int> d = h;
  d[0] = 99;
  d[1] = 88;
  print("device copy, written", d);
  print("host unchanged", h);

  thrust::device_vector<int> d2(10, 1);
  thrust::sequence(d2.begin(), d2.begin() + 5, 5);
  print("device 10 ones, sequence on 5", d2);

  std::vector<int> s(d2.size());
  thrust::copy(d2.begin(), d2.end(), s.begin());
  int total = 0;
  for (int x : s) total += x;
  std::printf("copied to std::vector: total %d\n", total);

  std::vector<float> from_std = {1.5f, 2.5f, 3.5f};
  thrust::device_vector<float> df(from_std.begin(), from_std.end());
  thrust::host_vector<double> hd = df;  // float -> double on the way
  print("std::vector -> device float -> host double", hd);
  thrust::device_vector<int> di(df.begin(), df.end());  // float -> int: truncates
  print("device float -> device int", di);

  d2.insert(d2.begin() + 2, 3, -7);
  print("insert 3 x -7 at 2", d2);
  d2.erase(d2.begin(), d2.begin() + 4);
  print("erase the first 4", d2);
  d2.push_back(123);
  d2.pop_back();
  d2.push_back(321);
  std::printf("front %d, back %d, empty %d\n", int(d2.front()), int(d2.back()), int(d2.empty()));

  thrust::device_vector<int> other(3, 5);
  d2.swap(other);
  print("after swap", d2);
  print("the other", other);
  h = other;
  print("assigned to host", h);
  other.clear();
  std::printf("cleared: size %d\n", int(other.size()));
  return 0;
}
