// Must not compile (ctest device_code:par_in_device_code_does_not_compile, CUDA system): device
// code that names tide::par, as Thrust rejects thrust::omp::par there. nvcc's message names the
// policy at the call: identifier "tide::par" is undefined in device code.
#include <tide/tide.hpp>

__device__ int sum_with_par(const int* x, int n) { return tide::reduce(tide::par, x, x + n); }

__global__ void kernel(const int* x, int n, int* out) { *out = sum_with_par(x, n); }
