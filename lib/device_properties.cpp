// The current device's properties, read once per device.
#include "tide/detail/device_properties.hpp"

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

#include <mutex>
#include <vector>

#include "tide/error.hpp"

namespace tide::detail {

const device_properties& current_device_properties() {
  static std::mutex mutex;
  static std::vector<device_properties> cache;
  static std::vector<bool> known;
  int device = 0;
  cudaError_t e = cudaGetDevice(&device);
  if (e != cudaSuccess) throw_cuda_error(e, "device properties");
  std::lock_guard<std::mutex> lock(mutex);
  if (device >= static_cast<int>(cache.size())) {
    cache.resize(device + 1);
    known.resize(device + 1, false);
  }
  if (!known[device]) {
    device_properties& p = cache[device];
    p.device = device;
    auto attr = [&](cudaDeviceAttr a) {
      int v = 0;
      cudaError_t err = cudaDeviceGetAttribute(&v, a, device);
      if (err != cudaSuccess) throw_cuda_error(err, "device properties");
      return v;
    };
    p.cc_major = attr(cudaDevAttrComputeCapabilityMajor);
    p.cc_minor = attr(cudaDevAttrComputeCapabilityMinor);
    p.sm_count = attr(cudaDevAttrMultiProcessorCount);
    p.max_threads_per_sm = attr(cudaDevAttrMaxThreadsPerMultiProcessor);
    p.shared_per_block = attr(cudaDevAttrMaxSharedMemoryPerBlock);
    p.shared_per_block_optin = attr(cudaDevAttrMaxSharedMemoryPerBlockOptin);
    p.shared_per_sm = attr(cudaDevAttrMaxSharedMemoryPerMultiprocessor);
    p.l2_bytes = attr(cudaDevAttrL2CacheSize);
    size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess) p.global_bytes = static_cast<long long>(total_bytes);
    cudaGetLastError();
    known[device] = true;
  }
  return cache[device];
}

}  // namespace tide::detail
#endif
