#pragma once
/// \file mr/disjoint_pool.hpp
/// `tide::mr::disjoint_unsynchronized_pool_resource<Upstream, Bookkeeper>`: a pool whose
/// bookkeeping comes from a second resource (host memory), apart from the pooled memory: the pool
/// to put over device memory, e.g.
/// `disjoint_unsynchronized_pool_resource<device_memory_resource, new_delete_resource>`.
/// The same pooling as `unsynchronized_pool_resource`; one thread at a time.

#include "memory_resource.hpp"
#include "pool_core.hpp"
#include "pool_options.hpp"

namespace tide::mr {

template <class Upstream, class Bookkeeper>
class disjoint_unsynchronized_pool_resource final : public memory_resource<typename Upstream::pointer>,
                                                    private validator2<Upstream, Bookkeeper> {
  using void_ptr = typename Upstream::pointer;
  using book_allocator = detail::bookkeeper_allocator<char, Bookkeeper>;

 public:
  static pool_options get_default_options() { return detail::default_pool_options(); }

  /// Throws std::invalid_argument when `!options.validate()`.
  disjoint_unsynchronized_pool_resource(Upstream* upstream, Bookkeeper* bookkeeper,
                                        pool_options options = get_default_options())
      : core_(upstream, book_allocator(bookkeeper), options, "disjoint_unsynchronized_pool_resource") {}
  disjoint_unsynchronized_pool_resource(pool_options options = get_default_options())
      : disjoint_unsynchronized_pool_resource(get_global_resource<Upstream>(), get_global_resource<Bookkeeper>(),
                                              options) {}

  /// Gives all memory back to upstream, blocks still in use included.
  void release() { core_.release(); }

  [[nodiscard]] void_ptr do_allocate(std::size_t bytes, std::size_t alignment = default_alignment) override {
    return core_.allocate(bytes, alignment);
  }
  void do_deallocate(void_ptr p, std::size_t bytes, std::size_t alignment = default_alignment) override {
    core_.deallocate(p, bytes, alignment);
  }

 private:
  detail::pool_core<Upstream, book_allocator> core_;
};

}  // namespace tide::mr
