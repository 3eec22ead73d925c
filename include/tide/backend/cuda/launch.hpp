#pragma once
// Kernel launches and their checks. Every launch is checked at once (a launch error becomes
// tide::system_error naming the algorithm); with TIDE_DEBUG_SYNC each launch also waits and names
// the kernel, so a fault is pinned on the launch that caused it.

#include <cuda_runtime.h>

#include <string>

#include "../../detail/device_properties.hpp"
#include "../../detail/universal_sync.hpp"
#include "../../error.hpp"
#include "../../execution.hpp"

namespace tide::backend::cuda::detail {

/// A call into tide starts clean: an error left by unrelated earlier CUDA work is not tide's.
/// It is reported as such (named, with "before" in the message), and cleared.
inline void check_pending(const char* algorithm) {
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess)
    tide::detail::throw_cuda_error(e, (std::string(algorithm) + ": CUDA error pending from earlier work, before the call").c_str());
}

inline void check_launch(const char* algorithm, const char* kernel, stream_t stream) {
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess)
    tide::detail::throw_cuda_error(e, (std::string(algorithm) + " (launch of " + kernel + ")").c_str());
  tide::detail::universal_kernel_queued();  // host access to universal memory waits for it
#if TIDE_DEBUG_SYNC
  e = cudaStreamSynchronize(stream);
  if (e != cudaSuccess)
    tide::detail::throw_cuda_error(e, (std::string(algorithm) + " (kernel " + kernel + ")").c_str());
#else
  (void)stream;
#endif
}

/// Launches `kernel<<<grid, block, smem, stream>>>(args...)` and checks it; a zero grid launches
/// nothing.
template <class... Params, class... Args>
void launch(const char* algorithm, const char* kernel_name, void (*kernel)(Params...), dim3 grid, dim3 block,
            std::size_t smem, stream_t stream, Args&&... args) {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0) return;
  kernel<<<grid, block, smem, stream>>>(static_cast<Params>(args)...);
  check_launch(algorithm, kernel_name, stream);
}

inline const tide::detail::device_properties& device_props() { return tide::detail::current_device_properties(); }

/// Like launch(), for a kernel that waits for the kernel before it on the stream itself
/// (grid_dependency_wait): from sm_90 it may be launched while that one still runs (programmatic
/// dependent launch), which hides its launch latency behind the other kernel.
template <class... Params, class... Args>
void launch_dependent(const char* algorithm, const char* kernel_name, void (*kernel)(Params...), dim3 grid,
                      dim3 block, std::size_t smem, stream_t stream, Args&&... args) {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0) return;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = smem;
  config.stream = stream;
  config.attrs = attribute;
  config.numAttrs = device_props().cc_major >= 9 ? 1 : 0;
  (void)cudaLaunchKernelEx(&config, kernel, static_cast<Params>(args)...);  // its error is the last error
  check_launch(algorithm, kernel_name, stream);
}

/// In a kernel launched by launch_dependent: waits until the kernel before it has finished and its
/// writes are visible (a no-op when launched plainly, or before sm_90).
__device__ __forceinline__ void grid_dependency_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}
/// Lets a kernel launched after this one by launch_dependent start now.
__device__ __forceinline__ void grid_dependents_may_start() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

}  // namespace tide::backend::cuda::detail
