// thrust::universal_vector: memory that host code and device algorithms both use directly
// (managed memory on CUDA, ordinary memory on the host systems). Written element by element on the
// host, transformed and reduced by the algorithms, read back without a copy.

#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/universal_vector.h>

#include <cstdio>

int main() {
  const int n = 1000;
  thrust::universal_vector<int> u(n);
  for (int i = 0; i < n; ++i) u[i] = (i * 37) % 101;
  thrust::sort(u.begin(), u.end());
  std::printf("sorted: %d %d %d ... %d\n", int(u[0]), int(u[1]), int(u[2]), int(u[n - 1]));

  thrust::universal_vector<int> v(n);
  thrust::sequence(v.begin(), v.end());
  thrust::transform(u.begin(), u.end(), v.begin(), v.begin(), thrust::plus<int>());
  std::printf("sum %d\n", thrust::reduce(v.begin(), v.end()));

  // Host code reads through a raw pointer, as universal memory allows.
  const int* p = thrust::raw_pointer_cast(v.data());
  long long weighted = 0;
  for (int i = 0; i < n; ++i) weighted += (long long)p[i] * (i % 7);
  std::printf("weighted %lld\n", weighted);

  v.resize(n / 2);
  v.push_back(-1);
  std::printf("size %d, back %d, front %d\n", int(v.size()), int(v.back()), int(v.front()));
  return 0;
}
