// Memory resources: host new/delete, the host temporaries' pool, and on the CUDA system the
// stream-ordered pool.
#include "tide/memory_resource.hpp"

#include <cstdlib>
#include <mutex>
#include <new>
#include <unordered_map>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "tide/detail/raw_memory.hpp"
#include "tide/detail/universal_sync.hpp"
#include "tide/error.hpp"

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

#include <chrono>
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

namespace {
// The host temporaries' pool. Without it every big temporary (a radix sort's scratch: as many
// bytes as the keys) was a fresh mmap that the call then page-faulted in 4 KiB pages; kept blocks
// are already faulted in, and 2 MiB-aligned ones can be backed by huge pages under THP "madvise".
// Pooled from 32 KiB: smaller blocks come from operator new and are not kept. glibc gives a freed
// block of 128 KiB or more back to the system (an mmap, or a trim of its heap's top), and the next
// call faults its pages in again: tide::par's unique_by_key at 2^16 (two 256 KiB temporaries) took
// 61 us on 2 threads of a 2-core EPYC, 18 page faults a call, against 52 us at 2^17. Blocks under
// huge_page are rounded up to a power of two, cache-line aligned; bigger ones to 2 MiB, aligned to it.
constexpr std::size_t pooled_from = std::size_t(32) << 10;
constexpr std::size_t huge_page = std::size_t(2) << 20;
// A count cap, not a byte cap: a request reuses only a kept block at most twice its size, so the
// kept blocks are those the program had in use at once plus a geometric tail of smaller sizes, at
// most about twice its peak of big temporaries; a byte cap low enough to matter would refuse the
// 1-2 GiB scratch of a 2^28-key sort, the case this pool exists for.
constexpr int max_kept = 8;

class host_temporary_pool final : public memory_resource {
 public:
  // Frees the kept blocks; those in use are left alone (and kept when returned, as ever).
  void release() noexcept {
    block taken[max_kept];
    int count = 0;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      count = kept_count_;
      for (int i = 0; i < count; ++i) taken[i] = kept_[i];
      kept_count_ = 0;
    }
    for (int i = 0; i < count; ++i) std::free(taken[i].p);
  }
  // At exit: free what is kept, and keep nothing from now on (a later static's destructor may still
  // run an algorithm).
  void close() noexcept {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
      if (live_.empty()) std::unordered_map<void*, std::size_t>().swap(live_);  // its buckets too
    }
    release();
  }
  detail::host_temporary_cache_stats stats() noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    detail::host_temporary_cache_stats s;
    s.blocks = std::size_t(kept_count_);
    for (int i = 0; i < kept_count_; ++i) s.bytes += kept_[i].size;
    return s;
  }

 private:
  struct block {
    void* p = nullptr;
    std::size_t size = 0;
  };

  void* do_allocate(std::size_t bytes, stream_t stream) override {
    if (bytes < pooled_from) return new_delete_resource()->allocate(bytes, stream);
    if (bytes > std::size_t(-1) - huge_page) throw tide::bad_alloc(bytes, "host allocation");
    std::size_t size = (bytes + huge_page - 1) / huge_page * huge_page;
    if (bytes < huge_page / 2) {
      size = pooled_from;
      while (size < bytes) size *= 2;
    }
    const std::size_t alignment = size < huge_page ? std::size_t(64) : huge_page;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      // The smallest kept block that fits, and no more than twice the request: a small request
      // must not hold a big block that a later big one would need.
      int best = -1;
      for (int i = 0; i < kept_count_; ++i)
        if (kept_[i].size >= size && kept_[i].size / 2 <= size && (best < 0 || kept_[i].size < kept_[best].size))
          best = i;
      if (best >= 0) {
        const block b = kept_[best];
        try {
          live_.emplace(b.p, b.size);
        } catch (const std::bad_alloc&) {
          throw tide::bad_alloc(bytes, "host allocation");  // the block stays kept
        }
        for (int i = best; i + 1 < kept_count_; ++i) kept_[i] = kept_[i + 1];
        --kept_count_;
        return b.p;
      }
    }
    void* p = std::aligned_alloc(alignment, size);
    if (!p) {
      release();  // the kept blocks may be what stands in the way: give them back, once
      p = std::aligned_alloc(alignment, size);
      if (!p) throw tide::bad_alloc(bytes, "host allocation");
    }
#if defined(__linux__)
    // A hint: without THP (or with it "never") it fails, harmlessly.
    if (alignment == huge_page) madvise(p, size, MADV_HUGEPAGE);
#endif
    try {
      std::lock_guard<std::mutex> lock(mutex_);
      live_.emplace(p, size);
    } catch (const std::bad_alloc&) {
      std::free(p);
      throw tide::bad_alloc(bytes, "host allocation");
    }
    return p;
  }

  void do_deallocate(void* p, std::size_t bytes, stream_t stream) noexcept override {
    if (bytes < pooled_from) return new_delete_resource()->deallocate(p, bytes, stream);
    void* dropped = p;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = live_.find(p);
      if (it != live_.end()) {
        const block b{p, it->second};
        live_.erase(it);
        if (!closed_) {
          // Kept in the order freed; when full, the least recently freed goes.
          dropped = kept_count_ == max_kept ? kept_[0].p : nullptr;
          if (dropped)
            for (int i = 0; i + 1 < kept_count_; ++i) kept_[i] = kept_[i + 1];
          else
            ++kept_count_;
          kept_[kept_count_ - 1] = b;
        }
      }
    }
    std::free(dropped);  // outside the lock: unmapping a big block takes a while
  }

  std::mutex mutex_;
  std::unordered_map<void*, std::size_t> live_;  // the big blocks in use, and their sizes
  block kept_[max_kept];
  int kept_count_ = 0;
  bool closed_ = false;
};

host_temporary_pool& temporary_pool() noexcept {
  // Never destroyed, so that a temporary freed by another static's destructor still finds it; the
  // closer, destroyed at exit like any static, frees what is kept (no leak for LSan or valgrind).
  alignas(host_temporary_pool) static unsigned char storage[sizeof(host_temporary_pool)];
  static host_temporary_pool* pool = new (storage) host_temporary_pool;
  struct closer {
    ~closer() { pool->close(); }
  };
  static closer close_at_exit;
  return *pool;
}
}  // namespace

memory_resource* default_host_temporary_resource() noexcept { return &temporary_pool(); }
void release_host_temporaries() noexcept { temporary_pool().release(); }
namespace detail {
host_temporary_cache_stats host_temporary_cache() noexcept { return temporary_pool().stats(); }
}  // namespace detail

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
