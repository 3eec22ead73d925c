#pragma once
/// \file vector.hpp
/// `host_vector` and `device_vector`: std::vector's interface over an allocator (by default one over
/// a memory resource), as Thrust's `vector_base<T, Alloc>`.
/// Elements must be trivially copyable. `device_vector<bool>` holds one bool per element.
/// `vector(n, tide::no_init)` leaves the elements uninitialized (no fill kernel).

#include <type_traits>

#include "detail/vector_base.hpp"
#include "memory.hpp"

namespace tide {

template <class T, class Alloc = device_allocator<T>>
class device_vector;

/// A vector in host memory; its iterators are host iterators (raw pointers). `Alloc` gives the
/// memory (by default host memory from `default_host_resource()`; std::allocator works too).
template <class T, class Alloc = host_allocator<T>>
class host_vector : public detail::vector_base<T, Alloc> {
  using base = detail::vector_base<T, Alloc>;

 public:
  using base::base;
  // Spelled out: when the device system is the host (CPP), both kinds may share one base, and C++
  // does not inherit a base constructor that takes the base itself.
  template <class U, class A2>
  host_vector(const device_vector<U, A2>& o) : base(o.begin(), o.end()) {}
  template <class U, class A2>
  host_vector& operator=(const device_vector<U, A2>& o) {
    this->assign(o.begin(), o.end());
    return *this;
  }
  host_vector() = default;
  host_vector(const host_vector&) = default;
  host_vector(host_vector&&) noexcept = default;
  host_vector& operator=(const host_vector&) = default;
  host_vector& operator=(host_vector&&) = default;
  using base::operator=;
};

/// A vector in the device system's memory; its iterators are `device_ptr<T>` (or `Alloc`'s pointer
/// class). `Alloc` gives the memory: by default `default_container_resource()`.
template <class T, class Alloc>
class device_vector : public detail::vector_base<T, Alloc> {
  using base = detail::vector_base<T, Alloc>;

 public:
  using base::base;
  template <class U, class A2>
  device_vector(const host_vector<U, A2>& o) : base(o.begin(), o.end()) {}
  template <class U, class A2>
  device_vector& operator=(const host_vector<U, A2>& o) {
    this->assign(o.begin(), o.end());
    return *this;
  }
  device_vector() = default;
  device_vector(const device_vector&) = default;
  device_vector(device_vector&&) noexcept = default;
  device_vector& operator=(const device_vector&) = default;
  device_vector& operator=(device_vector&&) = default;
  using base::operator=;
};

template <class T, class A>
void swap(host_vector<T, A>& a, host_vector<T, A>& b) noexcept { a.swap(b); }
template <class T, class A>
void swap(device_vector<T, A>& a, device_vector<T, A>& b) noexcept { a.swap(b); }

}  // namespace tide
