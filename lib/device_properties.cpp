// The current device's properties, read once per device.
#include "tide/detail/device_properties.hpp"

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

#include <atomic>
#include <map>
#include <mutex>

#include "tide/error.hpp"

namespace tide::detail {

namespace {
// Read once per device; later calls find it without a lock (a call into tide asks a few times).
// Devices past the table (none that exist today) take the lock each time.
constexpr int fast_devices = 64;
std::atomic<const device_properties*> published[fast_devices];

device_properties read_properties(int device) {
  device_properties p;
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
  return p;
}
}  // namespace

const device_properties& current_device_properties() {
  int device = 0;
  cudaError_t e = cudaGetDevice(&device);
  if (e != cudaSuccess) throw_cuda_error(e, "device properties");
  const bool fast = device >= 0 && device < fast_devices;
  if (fast) {
    if (const device_properties* p = published[device].load(std::memory_order_acquire)) return *p;
  }
  static std::mutex mutex;
  static std::map<int, device_properties> cache;  // nodes stay put: references remain valid
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(device);
  if (it == cache.end()) it = cache.emplace(device, read_properties(device)).first;
  if (fast) published[device].store(&it->second, std::memory_order_release);
  return it->second;
}

}  // namespace tide::detail
#endif
