#pragma once
/// \file mr.hpp
/// Thrust-style memory resources (`tide::mr`, as `thrust::mr`): the `memory_resource<Pointer>` base,
/// `new_delete_resource`, the system resources (`device_memory_resource`,
/// `universal_memory_resource`, `universal_host_pinned_memory_resource`), the pools, and the
/// allocators over them (`mr::allocator`, `polymorphic_allocator`, `stateless_resource_allocator`).

#include "mr/allocator.hpp"
#include "mr/allocator_resource.hpp"
#include "mr/device_memory_resource.hpp"
#include "mr/disjoint_pool.hpp"
#include "mr/disjoint_sync_pool.hpp"
#include "mr/fancy_pointer_resource.hpp"
#include "mr/memory_resource.hpp"
#include "mr/new.hpp"
#include "mr/polymorphic_adaptor.hpp"
#include "mr/pool.hpp"
#include "mr/pool_options.hpp"
#include "mr/sync_pool.hpp"
#include "mr/tls_pool.hpp"
#include "mr/universal_memory_resource.hpp"
