#pragma once
/// \file mr/sync_pool.hpp
/// `tide::mr::synchronized_pool_resource<Upstream>`: `unsynchronized_pool_resource` behind a mutex,
/// for use from several threads.

#include "locked_pool.hpp"
#include "pool.hpp"

namespace tide::mr {

template <class Upstream>
class synchronized_pool_resource final
    : public detail::locked_pool<unsynchronized_pool_resource<Upstream>, typename Upstream::pointer> {
  using base = detail::locked_pool<unsynchronized_pool_resource<Upstream>, typename Upstream::pointer>;

 public:
  static pool_options get_default_options() { return unsynchronized_pool_resource<Upstream>::get_default_options(); }

  synchronized_pool_resource(Upstream* upstream, pool_options options = get_default_options())
      : base(upstream, options) {}
  synchronized_pool_resource(pool_options options = get_default_options()) : base(options) {}
};

}  // namespace tide::mr
