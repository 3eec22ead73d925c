#pragma once
/// \file mr/sync_pool.hpp
/// `tide::mr::synchronized_pool_resource<Upstream>`: `unsynchronized_pool_resource` behind a mutex,
/// for use from several threads.

#include <mutex>

#include "pool.hpp"

namespace tide::mr {

template <class Upstream>
class synchronized_pool_resource final : public memory_resource<typename Upstream::pointer> {
  using void_ptr = typename Upstream::pointer;
  using lock = std::lock_guard<std::mutex>;

 public:
  static pool_options get_default_options() { return unsynchronized_pool_resource<Upstream>::get_default_options(); }

  synchronized_pool_resource(Upstream* upstream, pool_options options = get_default_options())
      : pool_(upstream, options) {}
  synchronized_pool_resource(pool_options options = get_default_options()) : pool_(options) {}

  void release() {
    lock l(mutex_);
    pool_.release();
  }
  [[nodiscard]] void_ptr do_allocate(std::size_t bytes, std::size_t alignment = default_alignment) override {
    lock l(mutex_);
    return pool_.do_allocate(bytes, alignment);
  }
  void do_deallocate(void_ptr p, std::size_t bytes, std::size_t alignment = default_alignment) override {
    lock l(mutex_);
    pool_.do_deallocate(p, bytes, alignment);
  }

 private:
  std::mutex mutex_;
  unsynchronized_pool_resource<Upstream> pool_;
};

}  // namespace tide::mr
