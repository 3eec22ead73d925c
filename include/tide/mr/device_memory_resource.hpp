#pragma once
/// \file mr/device_memory_resource.hpp
/// `tide::device_memory_resource`: the device system's memory as a Thrust-style resource, handing
/// out `tide::device_ptr<void>`. On CUDA it comes from tide's stream-ordered pool (`cudaMallocAsync`,
/// as `device_vector` gets its memory: ready for any stream when allocate returns, and freed only
/// once the device is idle, as `cudaMalloc`/`cudaFree` behave). On the host device systems it is
/// the host heap. `host_memory_resource` is `mr::new_delete_resource`.

#include <cstddef>

#include "../memory.hpp"
#include "memory_resource.hpp"
#include "new.hpp"
#include "universal_memory_resource.hpp"

namespace tide::mr {

namespace detail {
// In libtide (lib/mr_resources.cpp): any power-of-2 alignment.
void* device_allocate(std::size_t bytes, std::size_t alignment);
void device_deallocate(void* p, std::size_t bytes, std::size_t alignment) noexcept;
}  // namespace detail

/// The device system's memory (see the file comment).
class device_memory_resource final : public memory_resource<device_ptr<void>> {
 public:
  device_ptr<void> do_allocate(std::size_t bytes, std::size_t alignment = default_alignment) override {
    return device_ptr<void>(detail::device_allocate(bytes, alignment));
  }
  void do_deallocate(device_ptr<void> p, std::size_t bytes, std::size_t alignment = default_alignment) override {
    detail::device_deallocate(p.get(), bytes, alignment);
  }
};

}  // namespace tide::mr

namespace tide {
/// Thrust's names, at namespace level (`thrust::device_memory_resource`, `thrust::host_memory_resource`).
using device_memory_resource = mr::device_memory_resource;
using host_memory_resource = mr::new_delete_resource;

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace cuda {
/// `thrust::cuda::memory_resource` and its kin.
using memory_resource = mr::device_memory_resource;
using universal_memory_resource = mr::universal_memory_resource;
using universal_host_pinned_memory_resource = mr::universal_host_pinned_memory_resource;
}  // namespace cuda
#endif
}  // namespace tide
