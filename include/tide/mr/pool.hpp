#pragma once
/// \file mr/pool.hpp
/// `tide::mr::unsynchronized_pool_resource<Upstream>`: a pool over an upstream resource, for one
/// thread at a time. Requests up to `largest_block_size` are served from per-size free lists of
/// power-of-two blocks cut from chunks taken from upstream; larger (or more aligned) ones are
/// taken from upstream one by one and, with `cache_oversized`, kept for reuse. Memory goes back
/// upstream only at `release()` or destruction. Unlike Thrust's, the free lists live in host
/// memory of their own (not in the pooled memory), so the upstream may hand out device memory.

#include <memory>

#include "memory_resource.hpp"
#include "pool_core.hpp"
#include "pool_options.hpp"

namespace tide::mr {

template <class Upstream>
class unsynchronized_pool_resource final : public memory_resource<typename Upstream::pointer>,
                                           private validator<Upstream> {
  using void_ptr = typename Upstream::pointer;

 public:
  /// Blocks of 16 B to 1 MiB, chunks of at least 16 blocks and 1 KiB, oversized blocks cached.
  static pool_options get_default_options() { return detail::default_pool_options(); }

  /// Throws std::invalid_argument when `!options.validate()`.
  unsynchronized_pool_resource(Upstream* upstream, pool_options options = get_default_options())
      : core_(upstream, std::allocator<char>(), options, "unsynchronized_pool_resource") {}
  unsynchronized_pool_resource(pool_options options = get_default_options())
      : unsynchronized_pool_resource(get_global_resource<Upstream>(), options) {}

  /// Gives all memory back to upstream, blocks still in use included.
  void release() { core_.release(); }

  [[nodiscard]] void_ptr do_allocate(std::size_t bytes, std::size_t alignment = default_alignment) override {
    return core_.allocate(bytes, alignment);
  }
  void do_deallocate(void_ptr p, std::size_t bytes, std::size_t alignment = default_alignment) override {
    core_.deallocate(p, bytes, alignment);
  }

 private:
  detail::pool_core<Upstream, std::allocator<char>> core_;
};

}  // namespace tide::mr
