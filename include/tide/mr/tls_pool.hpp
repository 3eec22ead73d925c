#pragma once
/// \file mr/tls_pool.hpp
/// Per-thread pools: `tls_pool(upstream)` and `tls_disjoint_pool(upstream, bookkeeper)` return the
/// calling thread's pool, made at its first call (which must name the upstream resources).

#include "disjoint_pool.hpp"
#include "pool.hpp"

namespace tide::mr {

template <class Upstream, class Bookkeeper = void>
unsynchronized_pool_resource<Upstream>& tls_pool(Upstream* upstream = nullptr) {
  static thread_local unsynchronized_pool_resource<Upstream> pool(upstream ? upstream : get_global_resource<Upstream>());
  return pool;
}

template <class Upstream, class Bookkeeper>
disjoint_unsynchronized_pool_resource<Upstream, Bookkeeper>& tls_disjoint_pool(Upstream* upstream = nullptr,
                                                                              Bookkeeper* bookkeeper = nullptr) {
  static thread_local disjoint_unsynchronized_pool_resource<Upstream, Bookkeeper> pool(
      upstream ? upstream : get_global_resource<Upstream>(),
      bookkeeper ? bookkeeper : get_global_resource<Bookkeeper>());
  return pool;
}

}  // namespace tide::mr
