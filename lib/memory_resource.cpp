// Memory resources: host new/delete, and on the CUDA system the stream-ordered pool.
#include "tide/memory_resource.hpp"

#include <new>

#include "tide/detail/raw_memory.hpp"
#include "tide/detail/universal_sync.hpp"
#include "tide/error.hpp"

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

#include <chrono>
#include <mutex>
#include <string>
#include <vector>
#endif

namespace tide {

namespace {
constexpr std::size_t host_alignment = 64;

class new_delete_resource_impl final : public memory_resource {
  void* do_allocate(std::size_t bytes, stream_t) override {
    try {
      return ::operator new(bytes ? bytes : 1, std::align_val_t(host_alignment));
    } catch (const std::bad_alloc&) {
      throw tide::bad_alloc(bytes, "host allocation");
    }
  }
  void do_deallocate(void* p, std::size_t, stream_t) noexcept override {
    ::operator delete(p, std::align_val_t(host_alignment));
  }
};
}  // namespace

memory_resource* new_delete_resource() noexcept {
  static new_delete_resource_impl r;
  return &r;
}

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace {
// Raise each device's pool release threshold once, so freed memory stays cached between calls
// instead of going back to the driver at every synchronization.
void prepare_pool() {
  static std::once_flag once;
  std::call_once(once, [] {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
      cudaGetLastError();
      return;
    }
    for (int d = 0; d < count; ++d) {
      cudaMemPool_t pool;
      if (cudaDeviceGetDefaultMemPool(&pool, d) == cudaSuccess) {
        std::uint64_t threshold = UINT64_MAX;
        cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
      }
    }
    cudaGetLastError();
  });
}

class cuda_pool_resource_impl final : public memory_resource {
  void* do_allocate(std::size_t bytes, stream_t stream) override {
    prepare_pool();
    void* p = nullptr;
    cudaError_t e = cudaMallocAsync(&p, bytes ? bytes : 1, stream);
    if (e == cudaErrorMemoryAllocation) {
      cudaGetLastError();  // not sticky: clear it so it is not blamed on later work
      throw tide::bad_alloc(bytes, "device allocation");
    }
    if (e != cudaSuccess) detail::throw_cuda_error(e, "device allocation");
    return p;
  }
  void do_deallocate(void* p, std::size_t, stream_t stream) noexcept override { cudaFreeAsync(p, stream); }
};

class cuda_pinned_resource_impl final : public memory_resource {
  void* do_allocate(std::size_t bytes, stream_t) override {
    void* p = nullptr;
    cudaError_t e = cudaMallocHost(&p, bytes ? bytes : 1);
    if (e != cudaSuccess) {
      cudaGetLastError();
      throw tide::bad_alloc(bytes, "pinned host allocation");
    }
    return p;
  }
  void do_deallocate(void* p, std::size_t, stream_t) noexcept override { cudaFreeHost(p); }
};

// Containers: memory from the pool, ordered on the legacy default stream and waited for, and
// released only after the device is idle, as cudaMalloc/cudaFree would be (a vector may be used
// on any stream).
class cuda_container_resource_impl final : public memory_resource {
  void* do_allocate(std::size_t bytes, stream_t) override {
    void* p = pool_.allocate(bytes, nullptr);
    cudaError_t e = cudaStreamSynchronize(nullptr);
    if (e != cudaSuccess) detail::throw_cuda_error(e, "device_vector allocation");
    return p;
  }
  void do_deallocate(void* p, std::size_t bytes, stream_t) noexcept override {
    cudaDeviceSynchronize();
    pool_.deallocate(p, bytes, nullptr);
  }
  cuda_pool_resource_impl pool_;
};
}  // namespace

memory_resource* cuda_pool_resource() noexcept {
  static cuda_pool_resource_impl r;
  return &r;
}
memory_resource* cuda_pinned_resource() noexcept {
  static cuda_pinned_resource_impl r;
  return &r;
}
memory_resource* default_container_resource() noexcept {
  static cuda_container_resource_impl r;
  return &r;
}
memory_resource* default_device_resource() noexcept { return cuda_pool_resource(); }

namespace detail {
void device_copy_bytes(void* dst, const void* src, std::size_t bytes, copy_kind kind, stream_t stream, bool wait,
                       const char* where) {
  if (!bytes) return;
  cudaMemcpyKind k = kind == copy_kind::host_to_device   ? cudaMemcpyHostToDevice
                     : kind == copy_kind::device_to_host ? cudaMemcpyDeviceToHost
                                                         : cudaMemcpyDeviceToDevice;
  cudaError_t e = cudaMemcpyAsync(dst, src, bytes, k, stream);
  if (e == cudaSuccess && wait) e = cudaStreamSynchronize(stream);
  if (e != cudaSuccess) throw_cuda_error(e, where);
}

namespace {
// One pinned, device-visible block per host thread, kept for the thread's life (a value-returning
// call waits before it returns, so a thread never has two results in flight).
struct pinned_slot {
  void* p = nullptr;
  std::size_t capacity = 0;
  ~pinned_slot() {
    if (p) cudaFreeHost(p);  // at process exit the runtime may be gone: nothing to report then
  }
};
}  // namespace

void* host_result_slot(std::size_t bytes, const char* where) {
  thread_local pinned_slot slot;
  if (bytes > slot.capacity) {
    const std::size_t capacity = bytes < 256 ? 256 : bytes;
    void* p = nullptr;
    const cudaError_t e = cudaHostAlloc(&p, capacity, cudaHostAllocPortable | cudaHostAllocMapped);
    if (e == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      throw tide::bad_alloc(capacity, where);
    }
    // Anything else (a sticky fault left by earlier work, say) is that error, not a lack of memory.
    if (e != cudaSuccess) throw_cuda_error(e, where);
    if (slot.p) cudaFreeHost(slot.p);
    slot.p = p;
    slot.capacity = capacity;
  }
  return slot.p;
}

result_slot acquire_result_slot(std::size_t bytes, const char* where) {
  const std::size_t flag_at = (bytes + 15) / 16 * 16;
  auto* base = static_cast<unsigned char*>(host_result_slot(flag_at + sizeof(unsigned long long), where));
  thread_local unsigned tickets = 0;
  if (++tickets == 0) ++tickets;  // 0 is the cleared flag
  // Before the launch (what was there may be old bytes): the flag and the packed value's half.
  __atomic_store_n(reinterpret_cast<unsigned long long*>(base + flag_at), 0ull, __ATOMIC_RELAXED);
  return {base, reinterpret_cast<unsigned*>(base + flag_at), tickets};
}

unsigned long long wait_for_result(stream_t stream, const result_slot& slot, const char* where) {
  auto* word = reinterpret_cast<const unsigned long long*>(slot.flag);
  unsigned long long seen = 0;
  auto raised = [&] {
    seen = __atomic_load_n(word, __ATOMIC_ACQUIRE);  // little-endian: the flag is the low half
    return unsigned(seen) == slot.ticket;
  };
  const auto start = std::chrono::steady_clock::now();
  for (unsigned spin = 1; !raised(); ++spin) {
    if (spin % 512 != 0) continue;
    cudaError_t e = cudaStreamQuery(stream);  // also refuses a stream being captured
    if (e == cudaErrorNotReady && std::chrono::steady_clock::now() - start > std::chrono::microseconds(200))
      e = cudaStreamSynchronize(stream);  // long work ahead of the result: stop spinning
    if (e == cudaSuccess) break;
    if (e != cudaErrorNotReady) {
      cudaGetLastError();  // a refused wait (in a capture) is this call's error, not the next one's
      throw_cuda_error(e, where);
    }
  }
  // The stream finished cleanly without the flag: the kernel never wrote it. No CUDA call failed,
  // so this is reported as cudaErrorUnknown.
  if (!raised()) throw_cuda_error(cudaErrorUnknown, (std::string(where) + ": result never written").c_str());
  return seen;
}

void synchronize_stream(stream_t stream, const char* where) {
  cudaError_t e = cudaStreamSynchronize(stream);
  if (e != cudaSuccess) throw_cuda_error(e, where);
}

void wait_for_universal_work(unsigned long long queued, const char* where) {
  const cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) throw_cuda_error(e, (std::string(where) + " (universal memory)").c_str());
  unsigned long long waited = universal_work::waited.load(std::memory_order_relaxed);
  while (waited < queued &&
         !universal_work::waited.compare_exchange_weak(waited, queued, std::memory_order_release,
                                                        std::memory_order_relaxed)) {
  }
}

namespace {
// The streams' scratch blocks: a short table searched under a lock (a few dozen nanoseconds),
// freed at exit (the runtime may be gone by then: nothing to report).
struct scratch_table {
  struct entry {
    int device;
    unsigned long long stream_id;
    void* p;
  };
  std::mutex mutex;
  entry entries[stream_scratch_streams];
  int used = 0;
  ~scratch_table() {
    for (int i = 0; i < used; ++i) cudaFree(entries[i].p);
  }
};
}  // namespace

void* stream_scratch(int device, unsigned long long stream_id, stream_t stream) noexcept {
  static scratch_table table;
  std::lock_guard<std::mutex> lock(table.mutex);
  for (int i = 0; i < table.used; ++i)
    if (table.entries[i].stream_id == stream_id && table.entries[i].device == device) return table.entries[i].p;
  if (table.used == stream_scratch_streams) return nullptr;
  prepare_pool();
  void* p = nullptr;
  if (cudaMallocAsync(&p, stream_scratch_bytes, stream) != cudaSuccess) {
    cudaGetLastError();  // not this call's error: the caller takes temporaries instead
    return nullptr;
  }
  if (cudaMemsetAsync(p, 0, stream_scratch_bytes, stream) != cudaSuccess) {
    cudaFreeAsync(p, stream);
    cudaGetLastError();
    return nullptr;
  }
  table.entries[table.used++] = {device, stream_id, p};
  return p;
}
}  // namespace detail
#else
memory_resource* default_device_resource() noexcept { return new_delete_resource(); }
memory_resource* default_container_resource() noexcept { return new_delete_resource(); }
#endif

}  // namespace tide
