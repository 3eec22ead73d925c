#pragma once
// Running an allocator's construct members over a vector's new elements, where the elements live:
// a host allocator's on the host, a device allocator's on the device (in a kernel, as Thrust's
// for_each over the allocator's system). The per-element functors are __host__ __device__ for
// either; a host allocator's host-only construct is only ever called on the host.

#include <algorithm>
#include <type_traits>

#include "../config.hpp"
#include "../error.hpp"
#include "raw_memory.hpp"

namespace tide::detail {

/// Per element: `x = value` (the fill without an allocator's construct).
template <class T>
struct fill_value {
  T value;
  TIDE_EXEC_CHECK_DISABLE
  template <class Ref>
  TIDE_HOST_DEVICE void operator()(Ref&& r) const { r = value; }
};
/// Per element: `a.construct(&x)` (the allocator copied in, so that it also works in a kernel).
template <class A>
struct construct_via_allocator {
  mutable A a;
  TIDE_EXEC_CHECK_DISABLE
  template <class T>
  TIDE_HOST_DEVICE void operator()(T& x) const { a.construct(&x); }
};
/// Per element: `a.construct(&x, value)`.
template <class A, class V>
struct copy_construct_via_allocator {
  mutable A a;
  V value;
  TIDE_EXEC_CHECK_DISABLE
  template <class T>
  TIDE_HOST_DEVICE void operator()(T& x) const { a.construct(&x, value); }
};
/// Per index i: `a.construct(dst + i, src[i])`, the source converted to T first (as the bulk copy
/// converts it).
template <class A, class T, class It>
struct copy_construct_from_via_allocator {
  mutable A a;
  T* dst;
  It src;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void operator()(size_type i) const {
    const T value = static_cast<T>(src[i]);
    a.construct(dst + i, value);
  }
};

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA && defined(__CUDACC__)
/// Calls f on each of the n elements at p, a grid-stride loop over few blocks: an allocator's
/// construct that does nothing (Thrust's uninitialized_allocator) compiles to an empty kernel, so
/// such a vector costs one launch, not a pass over its elements.
template <class T, class F>
__global__ void construct_each_kernel(T* p, tide::size_type n, F f) {
  const tide::size_type stride = tide::size_type(gridDim.x) * blockDim.x;
  for (tide::size_type i = tide::size_type(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) f(p[i]);
}
template <class T, class F>
void construct_each_on_device(T* p, tide::size_type n, F f) {
  constexpr int threads = 256;
  const tide::size_type blocks = std::min<tide::size_type>((n + threads - 1) / threads, 4096);
  construct_each_kernel<<<static_cast<unsigned>(blocks), threads>>>(p, n, f);  // the vectors' stream (nullptr)
  const cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) throw_cuda_error(static_cast<int>(e), "vector (allocator construct)");
  synchronize_stream(nullptr, "vector (allocator construct)");
}
#endif

}  // namespace tide::detail
