#pragma once
// The opt-in a kernel needs before it may use more than 48 KiB of dynamic shared memory.

#include <cuda_runtime.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "../../detail/device_properties.hpp"
#include "../../error.hpp"
#include "launch.hpp"

namespace tide::backend::cuda::detail {

/// Lets `kernel` use `bytes` of dynamic shared memory: above 48 KiB that needs an opt-in, once per
/// device (`done` remembers the devices, one bit each).
template <class... Params>
void allow_dynamic_smem(void (*kernel)(Params...), std::size_t bytes, std::atomic<std::uint64_t>& done,
                        const char* algorithm) {
  if (bytes <= 48 * 1024) return;
  const auto& props = device_props();
  const std::uint64_t bit = props.device < 64 ? std::uint64_t(1) << props.device : 0;
  if (bit && (done.load(std::memory_order_relaxed) & bit)) return;
  if (bytes > std::size_t(props.shared_per_block_optin))
    tide::detail::throw_invalid_argument(algorithm, "element types too large for the shared memory of this device");
  cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes));
  if (e != cudaSuccess) tide::detail::throw_cuda_error(e, algorithm);
  done.fetch_or(bit, std::memory_order_relaxed);
}

/// Lets `kernel` take `bytes` of dynamic shared memory (past 48 KB with its static shared memory,
/// it must ask first; asked from 32 KB, to leave the static part room).
template <class Kernel>
void allow_dynamic_shared(Kernel kernel, std::size_t bytes, const char* algorithm) {
  if (bytes <= 32 * 1024) return;
  const cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes));
  if (e != cudaSuccess) tide::detail::throw_cuda_error(e, algorithm);
}

}  // namespace tide::backend::cuda::detail
