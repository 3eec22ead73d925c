#pragma once
/// \file system_memory.hpp
/// Thrust's memory functions that take a system (`thrust/memory.h`): `pointer<T, System>`,
/// `malloc(policy, bytes)`, `malloc<T>(policy, n)`, `free(policy, p)`, and
/// `get_temporary_buffer<T>(policy, n)` / `return_temporary_buffer(policy, p, n)`.
/// malloc and free use the system's default resource (the device's stream-ordered pool, or the
/// host heap); the temporary buffers come from the policy's resource, so a policy carrying a
/// caller's allocator (`tide::cuda::par(alloc)`) serves them from that allocator.

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

#include "detail/temporary_buffer.hpp"
#include "detail/user_backend.hpp"
#include "execution.hpp"
#include "memory.hpp"
#include "pair.hpp"
#include "per_device_resource.hpp"

namespace tide {

namespace detail {
template <class T, class Policy>
using system_pointer_t =
    std::conditional_t<is_device_memory_v<typename system_of<Policy>::type>, device_ptr<T>, T*>;

template <class Policy>
memory_resource* system_default_resource() {
  if constexpr (is_device_memory_v<typename system_of<Policy>::type>)
    return default_container_resource();
  else
    return default_host_resource();
}

template <class T>
T* raw_of(T* p) noexcept {
  return p;
}
template <class T>
T* raw_of(device_ptr<T> p) noexcept {
  return p.get();
}
}  // namespace detail

/// The pointer to T in System's memory (System: a policy or a system tag): `device_ptr<T>` for the
/// CUDA device's memory, `T*` for the host's.
template <class T, class System>
using pointer = detail::system_pointer_t<T, System>;

/// `bytes` uninitialized bytes of `policy`'s system's memory; throws tide::bad_alloc when none.
template <class Policy, detail::enable_if_policy_t<Policy> = 0>
pointer<void, Policy> malloc(const Policy&, std::size_t bytes) {
  memory_resource* r = detail::system_default_resource<Policy>();
  try {
    return pointer<void, Policy>(r->allocate(bytes, nullptr));
  } catch (const std::bad_alloc&) {
    throw tide::bad_alloc(bytes, "malloc");
  }
}
/// Room for n objects of T in `policy`'s system's memory (not constructed).
template <class T, class Policy, detail::enable_if_policy_t<Policy> = 0>
pointer<T, Policy> malloc(const Policy& policy, std::size_t n) {
  if (n > std::size_t(-1) / sizeof(T)) throw tide::bad_alloc(std::size_t(-1), "malloc");
  return pointer<T, Policy>(static_cast<T*>(detail::raw_of(tide::malloc(policy, n * sizeof(T)))));
}
/// Gives back memory from tide::malloc(policy, ...).
template <class Policy, class Pointer, detail::enable_if_policy_t<Policy> = 0>
void free(const Policy&, Pointer p) {
  using raw_t = decltype(detail::raw_of(p));
  void* raw = const_cast<void*>(static_cast<const volatile void*>(static_cast<raw_t>(detail::raw_of(p))));
  detail::system_default_resource<Policy>()->deallocate(raw, 0, nullptr);
}

/// Room for n objects of T from the policy's resource for temporaries (the caller's allocator when
/// the policy carries one); returns the pointer and the count (n), as Thrust's does.
template <class T, class Policy, detail::enable_if_policy_t<Policy> = 0>
pair<pointer<T, Policy>, std::ptrdiff_t> get_temporary_buffer(const Policy& policy, std::ptrdiff_t n) {
  if (n < 0) detail::throw_invalid_argument("get_temporary_buffer", "negative count");
  if (std::size_t(n) > std::size_t(-1) / sizeof(T)) throw tide::bad_alloc(std::size_t(-1), "get_temporary_buffer");
  const std::size_t bytes = std::size_t(n) * sizeof(T);
  void* p = nullptr;
  if (bytes) {
    try {
      p = detail::resource_of(policy)->allocate(bytes, detail::stream_of(policy));
    } catch (const std::bad_alloc&) {
      throw tide::bad_alloc(bytes, "get_temporary_buffer");
    }
  }
  return pair<pointer<T, Policy>, std::ptrdiff_t>(pointer<T, Policy>(static_cast<T*>(p)), n);
}
/// Gives back a buffer of n objects from get_temporary_buffer with the same policy.
template <class Policy, class Pointer, detail::enable_if_policy_t<Policy> = 0>
void return_temporary_buffer(const Policy& policy, Pointer p, std::ptrdiff_t n) {
  auto* raw = detail::raw_of(p);
  using T = std::remove_cv_t<std::remove_pointer_t<decltype(raw)>>;
  if (!raw || n <= 0) return;
  detail::resource_of(policy)->deallocate(const_cast<T*>(raw), std::size_t(n) * sizeof(T), detail::stream_of(policy));
}

// With a user's policy (tide::execution_policy<D>): the user's overload (Thrust's
// custom_temporary_allocation example of old overloads get_temporary_buffer and
// return_temporary_buffer), else the inherited system's.
TIDE_USER_BACKEND(malloc)
TIDE_USER_BACKEND_TYPED(malloc)
TIDE_USER_BACKEND(free)
TIDE_USER_BACKEND_TYPED(get_temporary_buffer)
TIDE_USER_BACKEND(return_temporary_buffer)

/// The types of `tide::host` and `tide::device` (Thrust's `thrust::host_t`, `thrust::device_t`).
using host_t = std::decay_t<decltype(host)>;
using device_t = std::decay_t<decltype(device)>;

}  // namespace tide
