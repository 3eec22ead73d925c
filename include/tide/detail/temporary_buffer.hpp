#pragma once
// Temporary storage for algorithms: from the policy's memory resource, or the system's default
// (the CUDA stream-ordered pool for the device, default_host_temporary_resource()'s cache of big
// blocks for the host). Freed on the policy's stream when it goes out of
// scope, so no synchronization is needed before release. A policy built from a caller's allocator
// (`par(alloc)`, an allocator_policy) reaches here as its base policy, whose resource is the
// adaptor it holds: its temporaries come from the allocator, and a synchronizing CUDA policy
// waits for the stream before giving them back (tide/mr/allocator_resource.hpp).

#include <cstddef>
#include <utility>

#include "../error.hpp"
#include "../execution.hpp"
#include "../memory_resource.hpp"

namespace tide::detail {

inline memory_resource* resource_of(const seq_policy& p) {
  return p.resource ? p.resource : default_host_temporary_resource();
}
inline memory_resource* resource_of(const omp_policy& p) {
  return p.resource ? p.resource : default_host_temporary_resource();
}
inline memory_resource* resource_of(const cuda_policy& p) { return p.resource ? p.resource : default_device_resource(); }
inline stream_t stream_of(const seq_policy&) { return nullptr; }
inline stream_t stream_of(const omp_policy&) { return nullptr; }
inline stream_t stream_of(const cuda_policy& p) { return p.stream; }

/// `n` uninitialized objects of trivially copyable T.
template <class T>
class temporary_buffer {
 public:
  /// `algorithm` names the caller in the `tide::bad_alloc` thrown when memory runs out.
  template <class Policy>
  temporary_buffer(const Policy& policy, std::size_t n, const char* algorithm)
      : resource_(resource_of(policy)), stream_(stream_of(policy)), size_(n) {
    if (!n) return;
    if (n > std::size_t(-1) / sizeof(T)) throw tide::bad_alloc(std::size_t(-1), algorithm);
    try {
      data_ = static_cast<T*>(resource_->allocate(n * sizeof(T), stream_));
    } catch (const std::bad_alloc&) {
      throw tide::bad_alloc(n * sizeof(T), algorithm);
    }
  }
  temporary_buffer(const temporary_buffer&) = delete;
  temporary_buffer& operator=(const temporary_buffer&) = delete;
  ~temporary_buffer() { resource_->deallocate(data_, size_ * sizeof(T), stream_); }

  T* data() const noexcept { return data_; }
  T* begin() const noexcept { return data_; }
  T* end() const noexcept { return data_ + size_; }
  std::size_t size() const noexcept { return size_; }

 private:
  memory_resource* resource_;
  stream_t stream_;
  std::size_t size_;
  T* data_ = nullptr;
};

}  // namespace tide::detail
