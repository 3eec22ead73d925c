// device_ptr and raw pointers, as in Thrust's raw pointer examples: raw_pointer_cast hands a
// device_vector's storage to a kernel, device_pointer_cast wraps a raw pointer for the algorithms,
// device_malloc/device_free manage memory by hand. The kernel is CUDA only: host builds (g++) of
// both libraries run the same loop on the host pointer (the host device system's memory is host
// memory) and print the same text.

#include <thrust/device_free.h>
#include <thrust/device_malloc.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/fill.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>

#include <cstdio>

__host__ __device__ void square_element(int* data, int i) { data[i] = data[i] * data[i]; }

#if defined(__CUDACC__)
__global__ void square_kernel(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) square_element(data, i);
}
#endif

void square(int* data, int n) {
#if defined(__CUDACC__)
  square_kernel<<<(n + 127) / 128, 128>>>(data, n);
  cudaDeviceSynchronize();
#else
  for (int i = 0; i < n; ++i) square_element(data, i);
#endif
}

int main() {
  const int n = 1000;
  thrust::device_vector<int> v(n);
  thrust::sequence(v.begin(), v.end());
  int* raw = thrust::raw_pointer_cast(v.data());
  square(raw, n);
  std::printf("squares: %d %d %d ... %d, sum %d\n", int(v[0]), int(v[1]), int(v[2]), int(v[n - 1]),
              thrust::reduce(v.begin(), v.end()));

  // Raw memory from device_malloc, used through device_ptr and through the raw pointer.
  thrust::device_ptr<int> p = thrust::device_malloc<int>(n);
  thrust::fill(p, p + n, 3);
  square(thrust::raw_pointer_cast(p), n);
  thrust::device_ptr<int> wrapped = thrust::device_pointer_cast(thrust::raw_pointer_cast(p));
  std::printf("device_malloc'd: sum %d, p[10] = %d, same pointer: %s\n", thrust::reduce(wrapped, wrapped + n),
              int(p[10]), wrapped == p ? "yes" : "no");
  p[5] = 7;
  std::printf("after p[5] = 7: sum %d, distance %d\n", thrust::reduce(p, p + n), int((p + n) - p));
  thrust::device_free(p);
  return 0;
}
