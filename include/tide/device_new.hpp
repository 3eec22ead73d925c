#pragma once
/// \file device_new.hpp
/// Objects constructed in device memory, as Thrust's `device_new`, `device_delete` and
/// `device_new_allocator`.

#include <cstddef>
#include <limits>
#include <new>
#include <type_traits>

#include "detail/allocator_traits.hpp"
#include "detail/copy_across.hpp"
#include "error.hpp"
#include "memory.hpp"

namespace tide {

namespace detail {
/// Per element: a copy of `value` constructed in place (on the device for device memory).
template <class T>
struct construct_copy {
  T value;
  TIDE_HOST_DEVICE void operator()(T& x) const { ::new (static_cast<void*>(&x)) T(value); }
};
/// Per element: its destructor.
struct destroy_element {
  template <class T>
  TIDE_HOST_DEVICE void operator()(T& x) const { x.~T(); }
};

/// Runs f on each of the n elements at p, in the system `System`, and waits.
template <class System, class T, class F>
void for_each_in_system(T* p, std::size_t n, F f, const char* where) {
  if (!n) return;
  dispatch::for_each_n(policy_for_system_t<System>{}, p, static_cast<tide::size_type>(n), f);
  if constexpr (is_device_memory_v<System>) synchronize_stream(nullptr, where);
}

/// Constructs n copies of `value` at p, in System's memory.
template <class System, class T>
void fill_construct(T* p, std::size_t n, const T& value, const char* where) {
  for_each_in_system<System>(p, n, construct_copy<T>{value}, where);
}
/// Destroys the n elements at p (nothing to do for trivially destructible types).
template <class System, class T>
void destroy_elements(T* p, std::size_t n, const char* where) {
  if constexpr (!std::is_trivially_destructible_v<T>) for_each_in_system<System>(p, n, destroy_element{}, where);
}
}  // namespace detail

/// Constructs `n` copies of `exemplar` in the device memory at `p` (allocated, uninitialized);
/// returns `p` as a `device_ptr<T>`.
template <class T>
device_ptr<T> device_new(device_ptr<void> p, const T& exemplar, std::size_t n = 1) {
  device_ptr<T> result(static_cast<T*>(p.get()));
  detail::fill_construct<device_system_tag>(result.get(), n, exemplar, "device_new");
  return result;
}
/// Constructs `n` value-initialized objects of T in the device memory at `p`.
template <class T>
device_ptr<T> device_new(device_ptr<void> p, std::size_t n = 1) {
  return device_new<T>(p, T(), n);
}
/// Allocates `n` objects of T in device memory (`device_malloc`) and value-initializes them.
/// (Thrust 3.0.1's constructs only the first of the n; every one is constructed here.)
template <class T>
device_ptr<T> device_new(std::size_t n = 1) {
  device_ptr<T> p = device_malloc<T>(n);
  try {
    return device_new<T>(device_ptr<void>(p), n);
  } catch (...) {
    device_free(p);
    throw;
  }
}

/// Destroys the `n` objects at `p` and frees their memory (`device_free`); `p` comes from
/// `device_new`.
template <class T>
void device_delete(device_ptr<T> p, std::size_t n = 1) {
  if (!p) return;
  detail::destroy_elements<device_system_tag>(const_cast<std::remove_cv_t<T>*>(p.get()), n, "device_delete");
  device_free(p);
}

/// Thrust's `device_new_allocator`: allocations are constructed (`device_new`) and destroyed
/// (`device_delete`) as well as allocated and freed.
template <class T>
class device_new_allocator {
 public:
  using value_type = T;
  using pointer = device_ptr<T>;
  using const_pointer = device_ptr<const T>;
  using reference = typename device_ptr<T>::reference;
  using const_reference = typename device_ptr<const T>::reference;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  template <class U>
  struct rebind {
    using other = device_new_allocator<U>;
  };

  TIDE_HOST_DEVICE device_new_allocator() {}
  TIDE_HOST_DEVICE device_new_allocator(const device_new_allocator&) {}
  template <class U>
  TIDE_HOST_DEVICE device_new_allocator(const device_new_allocator<U>&) {}
  device_new_allocator& operator=(const device_new_allocator&) = default;

  pointer allocate(size_type n, const_pointer = const_pointer()) {
    if (n > max_size()) throw tide::bad_alloc(std::size_t(-1), "device_new_allocator");
    return device_new<T>(n);
  }
  void deallocate(pointer p, size_type n) noexcept { device_delete(p, n); }
  TIDE_HOST_DEVICE size_type max_size() const { return static_cast<size_type>(-1) / sizeof(T); }
  TIDE_HOST_DEVICE bool operator==(const device_new_allocator&) const { return true; }
  TIDE_HOST_DEVICE bool operator!=(const device_new_allocator&) const { return false; }
};

}  // namespace tide
