#pragma once
/// \file mr/disjoint_sync_pool.hpp
/// `tide::mr::disjoint_synchronized_pool_resource<Upstream, Bookkeeper>`: the disjoint pool behind a
/// mutex, for use from several threads.

#include "disjoint_pool.hpp"
#include "locked_pool.hpp"

namespace tide::mr {

template <class Upstream, class Bookkeeper>
class disjoint_synchronized_pool_resource final
    : public detail::locked_pool<disjoint_unsynchronized_pool_resource<Upstream, Bookkeeper>,
                                 typename Upstream::pointer> {
  using unsync_pool = disjoint_unsynchronized_pool_resource<Upstream, Bookkeeper>;
  using base = detail::locked_pool<unsync_pool, typename Upstream::pointer>;

 public:
  static pool_options get_default_options() { return unsync_pool::get_default_options(); }

  disjoint_synchronized_pool_resource(Upstream* upstream, Bookkeeper* bookkeeper,
                                      pool_options options = get_default_options())
      : base(upstream, bookkeeper, options) {}
  disjoint_synchronized_pool_resource(pool_options options = get_default_options()) : base(options) {}
};

}  // namespace tide::mr
