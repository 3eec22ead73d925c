#pragma once
/// \file mr/disjoint_sync_pool.hpp
/// `tide::mr::disjoint_synchronized_pool_resource<Upstream, Bookkeeper>`: the disjoint pool behind a
/// mutex, for use from several threads.

#include <mutex>

#include "disjoint_pool.hpp"

namespace tide::mr {

template <class Upstream, class Bookkeeper>
class disjoint_synchronized_pool_resource final : public memory_resource<typename Upstream::pointer> {
  using void_ptr = typename Upstream::pointer;
  using unsync_pool = disjoint_unsynchronized_pool_resource<Upstream, Bookkeeper>;
  using lock = std::lock_guard<std::mutex>;

 public:
  static pool_options get_default_options() { return unsync_pool::get_default_options(); }

  disjoint_synchronized_pool_resource(Upstream* upstream, Bookkeeper* bookkeeper,
                                      pool_options options = get_default_options())
      : pool_(upstream, bookkeeper, options) {}
  disjoint_synchronized_pool_resource(pool_options options = get_default_options()) : pool_(options) {}

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
  unsync_pool pool_;
};

}  // namespace tide::mr
