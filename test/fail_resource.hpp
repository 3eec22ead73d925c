#pragma once
// A memory resource for out-of-memory tests: it passes allocations to an upstream resource, except
// the k-th, which throws tide::bad_alloc as a real resource does when memory runs out. It counts
// the bytes still outstanding, so a test can see that a call which threw gave back all it took.

#include <cstddef>
#include <mutex>

#include <tide/error.hpp>
#include <tide/memory_resource.hpp>

namespace tide_test {

class fail_resource final : public tide::memory_resource {
 public:
  /// Fails the `fail_at`-th allocation (counting from 1); 0 never fails.
  fail_resource(tide::memory_resource* upstream, int fail_at) : upstream_(upstream), fail_at_(fail_at) {}

  /// Allocations asked for so far, the failed one included.
  int allocations() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocations_;
  }
  /// Bytes allocated and not yet deallocated.
  std::size_t outstanding() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return outstanding_;
  }
  bool failed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return failed_;
  }
  /// The size of the allocation that failed.
  std::size_t failed_bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return failed_bytes_;
  }

 private:
  void* do_allocate(std::size_t bytes, tide::stream_t stream) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (++allocations_ == fail_at_) {
        failed_ = true;
        failed_bytes_ = bytes;
        // The resource's own name: the algorithm must put its name in what it rethrows.
        throw tide::bad_alloc(bytes, "fail_resource");
      }
    }
    void* p = upstream_->allocate(bytes, stream);
    std::lock_guard<std::mutex> lock(mutex_);
    outstanding_ += bytes;
    return p;
  }
  void do_deallocate(void* p, std::size_t bytes, tide::stream_t stream) noexcept override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      outstanding_ -= bytes;
    }
    upstream_->deallocate(p, bytes, stream);
  }

  tide::memory_resource* upstream_;
  int fail_at_;
  mutable std::mutex mutex_;
  int allocations_ = 0;
  std::size_t outstanding_ = 0;
  bool failed_ = false;
  std::size_t failed_bytes_ = 0;
};

}  // namespace tide_test
