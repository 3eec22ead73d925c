#pragma once
/// \file memory_resource.hpp
/// Memory resources: where containers and algorithms get their memory.
///
/// `tide::memory_resource` is tide's own, stream-aware interface. Thrust's resources are in
/// `tide::mr` (tide/mr.hpp); one of those stands where a `tide::memory_resource` is wanted through
/// `tide::mr::memory_resource_adaptor`, and a policy takes one directly (`tide::device(pool)`,
/// `tide::par(&pool)`).

#include <cstddef>

#include "config.hpp"

namespace tide {

/// A source of memory, host or device. Allocation is stream-ordered on device resources:
/// memory freed on a stream may be reused by later work on that stream without a synchronization.
/// A failed allocation throws `tide::bad_alloc`.
class memory_resource {
 public:
  virtual ~memory_resource() = default;
  void* allocate(std::size_t bytes, stream_t stream = nullptr) { return do_allocate(bytes, stream); }
  void deallocate(void* p, std::size_t bytes, stream_t stream = nullptr) noexcept {
    if (p) do_deallocate(p, bytes, stream);
  }
  bool is_equal(const memory_resource& other) const noexcept { return this == &other || do_is_equal(other); }

 private:
  virtual void* do_allocate(std::size_t bytes, stream_t stream) = 0;
  virtual void do_deallocate(void* p, std::size_t bytes, stream_t stream) noexcept = 0;
  virtual bool do_is_equal(const memory_resource& other) const noexcept { return this == &other; }
};

/// Host memory from aligned operator new (64-byte alignment).
memory_resource* new_delete_resource() noexcept;

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
/// Device memory from the current device's stream-ordered pool (`cudaMallocAsync`); the pool's
/// release threshold is raised so that freed memory stays cached between calls.
memory_resource* cuda_pool_resource() noexcept;
/// Pinned host memory (`cudaMallocHost`), for staging copies.
memory_resource* cuda_pinned_resource() noexcept;
#endif

/// The resource that device algorithms use for temporaries when the policy names none
/// (on the CUDA system: `cuda_pool_resource()`).
memory_resource* default_device_resource() noexcept;
/// The resource of `device_vector` and `device_malloc` when none is given. On the CUDA system:
/// the pool, but waited for on allocation and released only when the device is idle, as
/// cudaMalloc/cudaFree would be, so a vector may be used on any stream.
memory_resource* default_container_resource() noexcept;
/// The resource of `host_vector`, `tide::malloc` and other host memory the caller holds, when none
/// is given: `new_delete_resource()`.
inline memory_resource* default_host_resource() noexcept { return new_delete_resource(); }

/// The resource that host algorithms (`tide::seq`, `tide::par`) take their temporaries from when the
/// policy names none. Thread-safe. Blocks under 32 KiB come from aligned operator new (64 bytes);
/// up to 1 MiB they are rounded up to a power of two (64-byte aligned), bigger ones to 2 MiB
/// (2 MiB-aligned, offered to transparent huge pages: `madvise(MADV_HUGEPAGE)` on Linux); all of
/// those are kept when freed, up to 8 blocks (the least recently
/// freed goes first), so that repeated calls reuse memory already faulted in. A request takes the
/// smallest kept block that fits and is at most twice its size. The blocks go back at exit, or on
/// `release_host_temporaries()`.
memory_resource* default_host_temporary_resource() noexcept;
/// Frees the blocks `default_host_temporary_resource()` keeps for reuse; blocks in use stay in use
/// (and are kept when freed, as before).
void release_host_temporaries() noexcept;

namespace detail {
/// What `default_host_temporary_resource()` keeps now (for tests and diagnostics).
struct host_temporary_cache_stats {
  std::size_t blocks = 0;  ///< blocks kept for reuse
  std::size_t bytes = 0;   ///< their total size
};
host_temporary_cache_stats host_temporary_cache() noexcept;
}  // namespace detail

}  // namespace tide
