// device_new and device_delete: objects constructed in device memory (one, or an array from a
// value), used through device_ptr, destroyed and freed; device_malloc of raw bytes, with
// device_pointer_cast and copies to the host.

#include <thrust/copy.h>
#include <thrust/device_delete.h>
#include <thrust/device_free.h>
#include <thrust/device_malloc.h>
#include <thrust/device_new.h>
#include <thrust/device_ptr.h>
#include <thrust/fill.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>

#include <cstdio>

struct particle {
  float x, y;
  int id;
};

int main() {
  // One int, default-constructed, then written through the device_ptr.
  thrust::device_ptr<int> one = thrust::device_new<int>();
  *one = 42;
  std::printf("device_new<int>: %d\n", int(*one));
  thrust::device_delete(one);

  // An array of 10 ints, each constructed as a copy of 7.
  const int n = 10;
  thrust::device_ptr<int> seven = thrust::device_new<int>(n);
  thrust::fill(seven, seven + n, 7);
  std::printf("10 sevens: sum %d\n", thrust::reduce(seven, seven + n));
  thrust::device_delete(seven, n);

  // device_new in memory from device_malloc, with an initial value.
  thrust::device_ptr<void> raw = thrust::device_malloc(n * sizeof(particle));
  thrust::device_ptr<particle> ps = thrust::device_new<particle>(raw, particle{1.5f, -2.0f, 9}, n);
  particle p = ps[3];
  std::printf("particle[3] = (%.1f, %.1f, %d)\n", p.x, p.y, p.id);
  ps[4] = particle{0.0f, 0.5f, 4};
  thrust::host_vector<particle> hp(n);
  thrust::copy(ps, ps + n, hp.begin());
  int ids = 0;
  for (int i = 0; i < n; ++i) ids += hp[i].id;
  std::printf("ids sum %d, particle[4].y %.1f\n", ids, hp[4].y);
  thrust::device_free(raw);

  // Bytes from device_malloc reinterpreted as ints.
  thrust::device_ptr<void> bytes = thrust::device_malloc(64 * sizeof(int));
  thrust::device_ptr<int> ints = thrust::device_pointer_cast(static_cast<int*>(bytes.get()));
  thrust::sequence(ints, ints + 64);
  std::printf("64 ints from raw bytes: sum %d, last %d\n", thrust::reduce(ints, ints + 64), int(ints[63]));
  thrust::device_free(bytes);
  return 0;
}
