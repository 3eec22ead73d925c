// Sorting inside a kernel with thrust::seq: each thread sorts its own short segment, as in Thrust's
// example of calling algorithms from device code. CUDA only (a __global__ kernel): host builds
// (g++) of both libraries run the same sequential calls in a loop and print the same text.

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>

#include <cstdio>

// One segment: sorted descending, and its sum stored beside it.
__host__ __device__ void sort_segment(int* data, int* sums, int segment, int length) {
  int* first = data + segment * length;
  thrust::sort(thrust::seq, first, first + length, thrust::greater<int>());
  sums[segment] = thrust::reduce(thrust::seq, first, first + length, 0);
}

#if defined(__CUDACC__)
__global__ void sort_kernel(int* data, int* sums, int segments, int length) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < segments) sort_segment(data, sums, i, length);
}
#endif

int main() {
  const int segments = 64;
  const int length = 10;
  thrust::host_vector<int> h(segments * length);
  unsigned int state = 99u;
  for (int i = 0; i < segments * length; ++i) {
    state = state * 1664525u + 1013904223u;
    h[i] = int(state >> 24);
  }
#if defined(__CUDACC__)
  thrust::device_vector<int> d = h;
  thrust::device_vector<int> d_sums(segments);
  sort_kernel<<<(segments + 31) / 32, 32>>>(thrust::raw_pointer_cast(d.data()), thrust::raw_pointer_cast(d_sums.data()),
                                            segments, length);
  cudaDeviceSynchronize();
  thrust::host_vector<int> r = d;
  thrust::host_vector<int> sums = d_sums;
#else
  thrust::host_vector<int> r = h;
  thrust::host_vector<int> sums(segments);
  for (int i = 0; i < segments; ++i) sort_segment(r.data(), sums.data(), i, length);
#endif
  for (int s = 0; s < 4; ++s) {
    std::printf("segment %d:", s);
    for (int i = 0; i < length; ++i) std::printf(" %d", int(r[s * length + i]));
    std::printf(" (sum %d)\n", int(sums[s]));
  }
  int sorted = 0;
  for (int s = 0; s < segments; ++s) {
    bool ok = true;
    for (int i = 1; i < length; ++i) ok = ok && r[s * length + i - 1] >= r[s * length + i];
    sorted += ok;
  }
  std::printf("segments sorted descending: %d of %d\n", sorted, segments);
  return 0;
}
