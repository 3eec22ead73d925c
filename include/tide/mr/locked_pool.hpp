#pragma once
/// \file mr/locked_pool.hpp
/// A pool behind a mutex: what `synchronized_pool_resource` and
/// `disjoint_synchronized_pool_resource` add to their unsynchronized pools.

#include <mutex>
#include <utility>

#include "memory_resource.hpp"

namespace tide::mr::detail {

template <class Pool, class VoidPtr>
class locked_pool : public memory_resource<VoidPtr> {
  using lock = std::lock_guard<std::mutex>;

 public:
  template <class... Args>
  explicit locked_pool(Args&&... args) : pool_(std::forward<Args>(args)...) {}

  void release() {
    lock l(mutex_);
    pool_.release();
  }
  [[nodiscard]] VoidPtr do_allocate(std::size_t bytes, std::size_t alignment = default_alignment) override {
    lock l(mutex_);
    return pool_.do_allocate(bytes, alignment);
  }
  void do_deallocate(VoidPtr p, std::size_t bytes, std::size_t alignment = default_alignment) override {
    lock l(mutex_);
    pool_.do_deallocate(p, bytes, alignment);
  }

 private:
  std::mutex mutex_;
  Pool pool_;
};

}  // namespace tide::mr::detail
