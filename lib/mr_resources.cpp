// The system resources of tide::mr: device memory, managed memory and pinned host memory on the
// CUDA system; the host heap on the host device systems.
#include <cstdint>
#include <new>

#include "tide/error.hpp"
#include "tide/memory_resource.hpp"
#include "tide/mr/device_memory_resource.hpp"
#include "tide/mr/universal_memory_resource.hpp"

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

#include <mutex>
#include <unordered_map>
#endif

namespace tide::mr::detail {

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace {
// CUDA allocations are 256-byte aligned. A request for more takes `alignment` bytes extra and
// hands out an aligned address inside; this table maps it back to the block.
constexpr std::size_t cuda_alignment = 256;

struct over_aligned_table {
  std::mutex mutex;
  std::unordered_map<void*, void*> base_of;
};
over_aligned_table& over_aligned() {
  static over_aligned_table* table = new over_aligned_table;  // never destroyed: used at exit too
  return *table;
}

template <class Allocate>
void* aligned_allocate(std::size_t bytes, std::size_t alignment, Allocate allocate) {
  if (alignment <= cuda_alignment) return allocate(bytes);
  void* base = allocate(bytes + alignment);
  auto address = reinterpret_cast<std::uintptr_t>(base);
  void* p = reinterpret_cast<void*>((address + alignment - 1) & ~std::uintptr_t(alignment - 1));
  auto& table = over_aligned();
  std::lock_guard<std::mutex> lock(table.mutex);
  table.base_of[p] = base;
  return p;
}
void* block_of(void* p, std::size_t alignment) noexcept {
  if (alignment <= cuda_alignment || !p) return p;
  auto& table = over_aligned();
  std::lock_guard<std::mutex> lock(table.mutex);
  auto it = table.base_of.find(p);
  if (it == table.base_of.end()) return p;
  void* base = it->second;
  table.base_of.erase(it);
  return base;
}
std::size_t block_bytes(std::size_t bytes, std::size_t alignment) noexcept {
  return alignment <= cuda_alignment ? bytes : bytes + alignment;
}
}  // namespace

void* device_allocate(std::size_t bytes, std::size_t alignment) {
  return aligned_allocate(bytes, alignment, [](std::size_t n) { return default_container_resource()->allocate(n); });
}
void device_deallocate(void* p, std::size_t bytes, std::size_t alignment) noexcept {
  default_container_resource()->deallocate(block_of(p, alignment), block_bytes(bytes, alignment));
}

void* universal_allocate(std::size_t bytes, std::size_t alignment) {
  return aligned_allocate(bytes, alignment, [](std::size_t n) {
    void* p = nullptr;
    cudaError_t e = cudaMallocManaged(&p, n ? n : 1, cudaMemAttachGlobal);
    if (e != cudaSuccess) {
      cudaGetLastError();  // not sticky: clear it so that it is not blamed on later work
      throw tide::bad_alloc(n, "universal_memory_resource");
    }
    return p;
  });
}
void universal_deallocate(void* p, std::size_t, std::size_t alignment) noexcept {
  if (p) cudaFree(block_of(p, alignment));
}

void* pinned_allocate(std::size_t bytes, std::size_t alignment) {
  return aligned_allocate(bytes, alignment, [](std::size_t n) {
    void* p = nullptr;
    cudaError_t e = cudaMallocHost(&p, n ? n : 1);
    if (e != cudaSuccess) {
      cudaGetLastError();
      throw tide::bad_alloc(n, "universal_host_pinned_memory_resource");
    }
    return p;
  });
}
void pinned_deallocate(void* p, std::size_t, std::size_t alignment) noexcept {
  if (p) cudaFreeHost(block_of(p, alignment));
}
#else
namespace {
// Host memory for any power-of-2 alignment (at least that of max_align_t).
void* host_allocate(std::size_t bytes, std::size_t alignment, const char* where) {
  if (alignment < alignof(std::max_align_t)) alignment = alignof(std::max_align_t);
  try {
    return ::operator new(bytes ? bytes : 1, std::align_val_t(alignment));
  } catch (const std::bad_alloc&) {
    throw tide::bad_alloc(bytes, where);
  }
}
void host_deallocate(void* p, std::size_t alignment) noexcept {
  if (alignment < alignof(std::max_align_t)) alignment = alignof(std::max_align_t);
  ::operator delete(p, std::align_val_t(alignment));
}
}  // namespace

void* device_allocate(std::size_t bytes, std::size_t alignment) {
  return host_allocate(bytes, alignment, "device_memory_resource");
}
void device_deallocate(void* p, std::size_t, std::size_t alignment) noexcept { host_deallocate(p, alignment); }
void* universal_allocate(std::size_t bytes, std::size_t alignment) {
  return host_allocate(bytes, alignment, "universal_memory_resource");
}
void universal_deallocate(void* p, std::size_t, std::size_t alignment) noexcept { host_deallocate(p, alignment); }
void* pinned_allocate(std::size_t bytes, std::size_t alignment) {
  return host_allocate(bytes, alignment, "universal_host_pinned_memory_resource");
}
void pinned_deallocate(void* p, std::size_t, std::size_t alignment) noexcept { host_deallocate(p, alignment); }
#endif

}  // namespace tide::mr::detail
