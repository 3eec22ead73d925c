#pragma once
/// \file mr/universal_memory_resource.hpp
/// Memory both the host and the device system can use: `universal_memory_resource` (CUDA managed
/// memory, `cudaMallocManaged`; the host heap on the host device systems) and
/// `universal_host_pinned_memory_resource` (pinned host memory, `cudaMallocHost`; the same as
/// `universal_memory_resource` on the host device systems). Pointers are raw (`void*`).

#include <cstddef>

#include "../config.hpp"
#include "memory_resource.hpp"

namespace tide::mr {

namespace detail {
// In libtide (lib/mr_resources.cpp): the system's allocation functions, any power-of-2 alignment.
void* universal_allocate(std::size_t bytes, std::size_t alignment);
void universal_deallocate(void* p, std::size_t bytes, std::size_t alignment) noexcept;
void* pinned_allocate(std::size_t bytes, std::size_t alignment);
void pinned_deallocate(void* p, std::size_t bytes, std::size_t alignment) noexcept;
}  // namespace detail

/// Managed memory on the CUDA system, the host heap otherwise. Freed as `cudaFree` frees (waiting
/// for the device).
class universal_memory_resource final : public memory_resource<> {
 public:
  void* do_allocate(std::size_t bytes, std::size_t alignment = default_alignment) override {
    return detail::universal_allocate(bytes, alignment);
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment = default_alignment) override {
    detail::universal_deallocate(p, bytes, alignment);
  }
};

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
/// Pinned (page-locked) host memory that the device can read and write.
class universal_host_pinned_memory_resource final : public memory_resource<> {
 public:
  void* do_allocate(std::size_t bytes, std::size_t alignment = default_alignment) override {
    return detail::pinned_allocate(bytes, alignment);
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment = default_alignment) override {
    detail::pinned_deallocate(p, bytes, alignment);
  }
};
#else
/// On a host device system all host memory is universal.
using universal_host_pinned_memory_resource = universal_memory_resource;
#endif

}  // namespace tide::mr

namespace tide {
/// Thrust's names, at namespace level (`thrust::universal_memory_resource`).
using universal_memory_resource = mr::universal_memory_resource;
using universal_host_pinned_memory_resource = mr::universal_host_pinned_memory_resource;
}  // namespace tide
