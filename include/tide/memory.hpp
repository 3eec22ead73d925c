#pragma once
/// \file memory.hpp
/// Device pointers and references, raw allocation, and allocators over memory resources.

#include <cstddef>
#include <iosfwd>
#include <iterator>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>

#include "config.hpp"
#include "detail/raw_memory.hpp"
#include "detail/system.hpp"
#include "detail/unwrap.hpp"
#include "error.hpp"
#include "memory_resource.hpp"

namespace tide {

template <class T>
class device_ptr;

/// A reference to an element in device memory. On the host (CUDA system) reads and writes are
/// copies to and from the device; in device code, plain loads and stores.
template <class T>
class device_reference {
 public:
  using value_type = std::remove_cv_t<T>;
  TIDE_HOST_DEVICE explicit device_reference(T* p) : p_(p) {}
  device_reference(const device_reference&) = default;

  TIDE_HOST_DEVICE operator value_type() const {
#if defined(__CUDA_ARCH__) || TIDE_DEVICE_SYSTEM != TIDE_DEVICE_SYSTEM_CUDA
    return *p_;
#else
    value_type v;
    detail::device_copy_bytes(&v, p_, sizeof(T), detail::copy_kind::device_to_host, nullptr, true,
                              "device_reference read");
    return v;
#endif
  }
  TIDE_HOST_DEVICE device_reference& operator=(const value_type& v) {
#if defined(__CUDA_ARCH__) || TIDE_DEVICE_SYSTEM != TIDE_DEVICE_SYSTEM_CUDA
    *p_ = v;
#else
    detail::device_copy_bytes(p_, &v, sizeof(T), detail::copy_kind::host_to_device, nullptr, true,
                              "device_reference write");
#endif
    return *this;
  }
  TIDE_HOST_DEVICE device_reference& operator=(const device_reference& other) {
    return *this = static_cast<value_type>(other);
  }
  TIDE_HOST_DEVICE device_ptr<T> operator&() const { return device_ptr<T>(p_); }

  /// Assigns the value another reference (of any element type) refers to.
  template <class U>
  TIDE_HOST_DEVICE device_reference& operator=(const device_reference<U>& other) {
    return *this = static_cast<value_type>(static_cast<typename device_reference<U>::value_type>(other));
  }

  // Compound assignment: a read, the operation on the host value, a write (as Thrust's).
  template <class U> TIDE_HOST_DEVICE device_reference& operator+=(const U& u) { return *this = value_type(*this) + u; }
  template <class U> TIDE_HOST_DEVICE device_reference& operator-=(const U& u) { return *this = value_type(*this) - u; }
  template <class U> TIDE_HOST_DEVICE device_reference& operator*=(const U& u) { return *this = value_type(*this) * u; }
  template <class U> TIDE_HOST_DEVICE device_reference& operator/=(const U& u) { return *this = value_type(*this) / u; }
  template <class U> TIDE_HOST_DEVICE device_reference& operator%=(const U& u) { return *this = value_type(*this) % u; }
  template <class U> TIDE_HOST_DEVICE device_reference& operator<<=(const U& u) { return *this = value_type(*this) << u; }
  template <class U> TIDE_HOST_DEVICE device_reference& operator>>=(const U& u) { return *this = value_type(*this) >> u; }
  template <class U> TIDE_HOST_DEVICE device_reference& operator&=(const U& u) { return *this = value_type(*this) & u; }
  template <class U> TIDE_HOST_DEVICE device_reference& operator|=(const U& u) { return *this = value_type(*this) | u; }
  template <class U> TIDE_HOST_DEVICE device_reference& operator^=(const U& u) { return *this = value_type(*this) ^ u; }
  TIDE_HOST_DEVICE device_reference& operator++() { return *this = value_type(*this) + 1; }
  TIDE_HOST_DEVICE device_reference& operator--() { return *this = value_type(*this) - 1; }
  TIDE_HOST_DEVICE value_type operator++(int) { value_type v = *this; *this = v + 1; return v; }
  TIDE_HOST_DEVICE value_type operator--(int) { value_type v = *this; *this = v - 1; return v; }

  /// Exchanges the referred-to values.
  TIDE_HOST_DEVICE void swap(device_reference other) {
    value_type t = *this;
    *this = static_cast<value_type>(other);
    other = t;
  }
  friend TIDE_HOST_DEVICE void swap(device_reference a, device_reference b) { a.swap(b); }
  /// Prints the referred-to value.
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                       const device_reference& r) {
    return os << static_cast<value_type>(r);
  }

 private:
  T* p_;
};

/// A pointer to device memory: a random-access iterator of the device system.
template <class T>
class device_ptr {
 public:
  using system_type = device_system_tag;
  using value_type = std::remove_cv_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = device_ptr<T>;
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  using reference = device_reference<T>;
#else
  using reference = std::add_lvalue_reference_t<T>;  // device memory is host memory: no proxy
#endif
  using iterator_category = std::random_access_iterator_tag;
  using element_type = T;

  device_ptr() = default;
  TIDE_HOST_DEVICE explicit device_ptr(T* p) : p_(p) {}
  TIDE_HOST_DEVICE device_ptr(std::nullptr_t) : p_(nullptr) {}
  template <class U, std::enable_if_t<std::is_convertible_v<U*, T*>, int> = 0>
  TIDE_HOST_DEVICE device_ptr(const device_ptr<U>& o) : p_(o.get()) {}

  TIDE_HOST_DEVICE T* get() const { return p_; }
  TIDE_HOST_DEVICE reference operator*() const {
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
    return reference(p_);
#else
    return *p_;
#endif
  }
  TIDE_HOST_DEVICE reference operator[](difference_type i) const { return *(*this + i); }
  TIDE_HOST_DEVICE explicit operator bool() const { return p_ != nullptr; }

  TIDE_HOST_DEVICE device_ptr& operator++() { ++p_; return *this; }
  TIDE_HOST_DEVICE device_ptr& operator--() { --p_; return *this; }
  TIDE_HOST_DEVICE device_ptr operator++(int) { device_ptr t = *this; ++p_; return t; }
  TIDE_HOST_DEVICE device_ptr operator--(int) { device_ptr t = *this; --p_; return t; }
  TIDE_HOST_DEVICE device_ptr& operator+=(difference_type n) { p_ += n; return *this; }
  TIDE_HOST_DEVICE device_ptr& operator-=(difference_type n) { p_ -= n; return *this; }
  TIDE_HOST_DEVICE friend device_ptr operator+(device_ptr a, difference_type n) { return device_ptr(a.p_ + n); }
  TIDE_HOST_DEVICE friend device_ptr operator+(difference_type n, device_ptr a) { return device_ptr(a.p_ + n); }
  TIDE_HOST_DEVICE friend device_ptr operator-(device_ptr a, difference_type n) { return device_ptr(a.p_ - n); }
  TIDE_HOST_DEVICE friend difference_type operator-(device_ptr a, device_ptr b) { return a.p_ - b.p_; }
  TIDE_HOST_DEVICE friend bool operator==(device_ptr a, device_ptr b) { return a.p_ == b.p_; }
  TIDE_HOST_DEVICE friend bool operator!=(device_ptr a, device_ptr b) { return a.p_ != b.p_; }
  TIDE_HOST_DEVICE friend bool operator<(device_ptr a, device_ptr b) { return a.p_ < b.p_; }
  TIDE_HOST_DEVICE friend bool operator>(device_ptr a, device_ptr b) { return a.p_ > b.p_; }
  TIDE_HOST_DEVICE friend bool operator<=(device_ptr a, device_ptr b) { return a.p_ <= b.p_; }
  TIDE_HOST_DEVICE friend bool operator>=(device_ptr a, device_ptr b) { return a.p_ >= b.p_; }

 private:
  T* p_ = nullptr;
};

/// Prints the address.
template <class CharT, class Traits, class T>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const device_ptr<T>& p) {
  return os << static_cast<const void*>(p.get());
}

/// Wraps a raw device pointer.
template <class T>
TIDE_HOST_DEVICE device_ptr<T> device_pointer_cast(T* p) { return device_ptr<T>(p); }
template <class T>
TIDE_HOST_DEVICE device_ptr<T> device_pointer_cast(device_ptr<T> p) { return p; }

/// The raw pointer behind a device_ptr (or the pointer itself).
template <class T>
TIDE_HOST_DEVICE T* raw_pointer_cast(device_ptr<T> p) { return p.get(); }
template <class T>
TIDE_HOST_DEVICE T* raw_pointer_cast(T* p) { return p; }

/// The address of x even where T overloads unary `&` (Thrust's `thrust::addressof`).
template <class T>
TIDE_HOST_DEVICE constexpr T* addressof(T& x) noexcept {
  return __builtin_addressof(x);
}
template <class T>
const T* addressof(const T&&) = delete;

namespace detail {
template <class T>
struct unwrap_traits<device_ptr<T>> {
  using type = T*;
  static TIDE_HOST_DEVICE T* unwrap(const device_ptr<T>& p) { return p.get(); }
};
}  // namespace detail

/// Allocates `bytes` of device memory from the default device resource.
inline device_ptr<void> device_malloc(std::size_t bytes) {
  return device_ptr<void>(default_container_resource()->allocate(bytes, nullptr));
}
/// Allocates `n` objects of T (uninitialized) in device memory.
template <class T>
device_ptr<T> device_malloc(std::size_t n) {
  return device_ptr<T>(static_cast<T*>(default_container_resource()->allocate(n * sizeof(T), nullptr)));
}
/// Frees memory from `device_malloc`.
template <class T>
void device_free(device_ptr<T> p) {
  default_container_resource()->deallocate(const_cast<std::remove_cv_t<T>*>(p.get()), 0, nullptr);
}

namespace detail {
/// Whether System's memory is the device's and not the host's (the CUDA, or OMP, device system).
template <class System>
inline constexpr bool is_device_memory_v =
    std::is_same_v<System, device_system_tag> && !std::is_same_v<device_system_tag, host_system_tag>;
}  // namespace detail

/// An allocator over a memory resource (the default host or device one unless given). Its
/// pointers are `device_ptr<T>` for the device system's memory, `T*` for the host's. Like
/// Thrust's resource allocators, it goes with its container on copy and move assignment and swap.
template <class T, class System>
class resource_allocator {
 public:
  using value_type = T;
  using system_type = System;
  using pointer = std::conditional_t<detail::is_device_memory_v<System>, device_ptr<T>, T*>;
  using const_pointer = std::conditional_t<detail::is_device_memory_v<System>, device_ptr<const T>, const T*>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  template <class U>
  struct rebind {
    using other = resource_allocator<U, System>;
  };

  resource_allocator() noexcept : resource_(default_resource()) {}
  /// Allocates from `r` (the default resource when null); `r` must outlive the allocator's memory.
  explicit resource_allocator(memory_resource* r) noexcept : resource_(r ? r : default_resource()) {}
  template <class U>
  resource_allocator(const resource_allocator<U, System>& o) noexcept : resource_(o.resource()) {}

  pointer allocate(size_type n) {
    if (n > max_size()) throw tide::bad_alloc(std::size_t(-1), "allocator");
    return pointer(static_cast<T*>(resource_->allocate(n * sizeof(T), nullptr)));
  }
  void deallocate(pointer p, size_type n) noexcept { resource_->deallocate(to_raw(p), n * sizeof(T), nullptr); }
  size_type max_size() const noexcept { return std::numeric_limits<size_type>::max() / sizeof(T); }
  memory_resource* resource() const noexcept { return resource_; }

  template <class U>
  friend bool operator==(const resource_allocator& a, const resource_allocator<U, System>& b) noexcept {
    return a.resource_->is_equal(*b.resource());
  }
  template <class U>
  friend bool operator!=(const resource_allocator& a, const resource_allocator<U, System>& b) noexcept {
    return !(a == b);
  }

 private:
  static T* to_raw(T* p) noexcept { return p; }
  static T* to_raw(device_ptr<T> p) noexcept { return p.get(); }
  static memory_resource* default_resource() noexcept {
    if constexpr (detail::is_device_memory_v<System>)
      return default_container_resource();
    else
      return default_host_resource();
  }
  memory_resource* resource_;
};

/// Thrust's default allocator of `device_vector`: the device system's container resource
/// (`default_container_resource()`), or the resource given.
template <class T>
using device_allocator = resource_allocator<T, device_system_tag>;
/// The default allocator of `host_vector`: host memory from `default_host_resource()`.
template <class T>
using host_allocator = resource_allocator<T, host_system_tag>;

/// Thrust's `device_malloc_allocator`: a stateless allocator whose memory comes from
/// `device_malloc` and goes back through `device_free`.
template <class T>
class device_malloc_allocator {
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
    using other = device_malloc_allocator<U>;
  };

  TIDE_HOST_DEVICE device_malloc_allocator() {}
  TIDE_HOST_DEVICE device_malloc_allocator(const device_malloc_allocator&) {}
  template <class U>
  TIDE_HOST_DEVICE device_malloc_allocator(const device_malloc_allocator<U>&) {}
  device_malloc_allocator& operator=(const device_malloc_allocator&) = default;

  pointer allocate(size_type n, const_pointer = const_pointer()) {
    if (n > max_size()) throw tide::bad_alloc(std::size_t(-1), "device_malloc_allocator");
    return device_malloc<T>(n);
  }
  void deallocate(pointer p, size_type) noexcept { device_free(p); }
  size_type max_size() const { return std::numeric_limits<size_type>::max() / sizeof(T); }
  TIDE_HOST_DEVICE bool operator==(const device_malloc_allocator&) const { return true; }
  TIDE_HOST_DEVICE bool operator!=(const device_malloc_allocator&) const { return false; }
};

}  // namespace tide
