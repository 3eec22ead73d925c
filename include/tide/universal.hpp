#pragma once
/// \file universal.hpp
/// Memory that host code and the device system both read and write directly, as Thrust's
/// `universal_ptr`, `universal_allocator` and `universal_vector`: managed memory
/// (`cudaMallocManaged`, from `mr::universal_memory_resource`) on the CUDA system, plain host
/// memory on the host systems. Also `universal_host_pinned_allocator`/`_vector` (pinned host
/// memory on CUDA). Each allocation is a system allocation, as Thrust's: not for temporaries.

#include <cstddef>
#include <iosfwd>
#include <iterator>
#include <limits>
#include <type_traits>

#include "config.hpp"
#include "detail/contiguous.hpp"
#include "detail/system.hpp"
#include "detail/universal_sync.hpp"
#include "detail/unwrap.hpp"
#include "error.hpp"
#include "memory.hpp"
#include "memory_resource.hpp"
#include "mr/memory_resource.hpp"
#include "mr/universal_memory_resource.hpp"
#include "vector.hpp"


namespace tide {

namespace detail {
/// universal_ptr's host accesses (detail/universal_sync.hpp says what they wait for, and why).
TIDE_HOST_DEVICE inline void universal_ptr_host_access() {
#if !defined(__CUDA_ARCH__)
  universal_host_access("universal memory access");
#endif
}
TIDE_HOST_DEVICE inline void universal_ptr_handed_over() {
#if !defined(__CUDA_ARCH__)
  universal_handed_over();
#endif
}
}  // namespace detail

/// A pointer to universal memory: an iterator of the device system whose references are plain
/// `T&` (host code reads and writes the element directly; no copy per access).
template <class T>
class universal_ptr {
 public:
  using system_type = device_system_tag;
  using value_type = std::remove_cv_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = universal_ptr<T>;
  using reference = std::add_lvalue_reference_t<T>;
  using iterator_category = std::random_access_iterator_tag;
  using element_type = T;

  universal_ptr() = default;
  TIDE_HOST_DEVICE explicit universal_ptr(T* p) : p_(p) {}
  TIDE_HOST_DEVICE universal_ptr(std::nullptr_t) : p_(nullptr) {}
  template <class U, std::enable_if_t<std::is_convertible_v<U*, T*>, int> = 0>
  TIDE_HOST_DEVICE universal_ptr(const universal_ptr<U>& o) : p_(o.p_) {}
  /// Universal memory is device memory too (its accesses are copies ordered after device work).
  TIDE_HOST_DEVICE operator device_ptr<T>() const {
    detail::universal_ptr_handed_over();
    return device_ptr<T>(p_);
  }

  /// In host code these first wait for device work tide has queued since the last such wait, once
  /// (detail/universal_sync.hpp); then the element is plain memory, as Thrust's.
  TIDE_HOST_DEVICE T* get() const {
    detail::universal_ptr_host_access();
    return p_;
  }
  TIDE_HOST_DEVICE reference operator*() const {
    detail::universal_ptr_host_access();
    return *p_;
  }
  TIDE_HOST_DEVICE T* operator->() const { return get(); }
  TIDE_HOST_DEVICE reference operator[](difference_type i) const {
    detail::universal_ptr_host_access();
    return p_[i];
  }
  /// The address, without waiting: for algorithms (device algorithms are ordered by their stream;
  /// host algorithms wait before they run).
  TIDE_HOST_DEVICE T* address_for_device() const {
    detail::universal_ptr_handed_over();
    return p_;
  }
  TIDE_HOST_DEVICE explicit operator bool() const { return p_ != nullptr; }

  TIDE_HOST_DEVICE universal_ptr& operator++() { ++p_; return *this; }
  TIDE_HOST_DEVICE universal_ptr& operator--() { --p_; return *this; }
  TIDE_HOST_DEVICE universal_ptr operator++(int) { universal_ptr t = *this; ++p_; return t; }
  TIDE_HOST_DEVICE universal_ptr operator--(int) { universal_ptr t = *this; --p_; return t; }
  TIDE_HOST_DEVICE universal_ptr& operator+=(difference_type n) { p_ += n; return *this; }
  TIDE_HOST_DEVICE universal_ptr& operator-=(difference_type n) { p_ -= n; return *this; }
  TIDE_HOST_DEVICE friend universal_ptr operator+(universal_ptr a, difference_type n) { return universal_ptr(a.p_ + n); }
  TIDE_HOST_DEVICE friend universal_ptr operator+(difference_type n, universal_ptr a) { return universal_ptr(a.p_ + n); }
  TIDE_HOST_DEVICE friend universal_ptr operator-(universal_ptr a, difference_type n) { return universal_ptr(a.p_ - n); }
  TIDE_HOST_DEVICE friend difference_type operator-(universal_ptr a, universal_ptr b) { return a.p_ - b.p_; }
  TIDE_HOST_DEVICE friend bool operator==(universal_ptr a, universal_ptr b) { return a.p_ == b.p_; }
  TIDE_HOST_DEVICE friend bool operator!=(universal_ptr a, universal_ptr b) { return a.p_ != b.p_; }
  TIDE_HOST_DEVICE friend bool operator<(universal_ptr a, universal_ptr b) { return a.p_ < b.p_; }
  TIDE_HOST_DEVICE friend bool operator>(universal_ptr a, universal_ptr b) { return a.p_ > b.p_; }
  TIDE_HOST_DEVICE friend bool operator<=(universal_ptr a, universal_ptr b) { return a.p_ <= b.p_; }
  TIDE_HOST_DEVICE friend bool operator>=(universal_ptr a, universal_ptr b) { return a.p_ >= b.p_; }
  template <class CharT, class Traits>
  friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const universal_ptr& p) {
    return os << static_cast<const void*>(p.p_);
  }

 private:
  template <class>
  friend class universal_ptr;
  T* p_ = nullptr;
};

/// The raw pointer behind a universal_ptr.
template <class T>
TIDE_HOST_DEVICE T* raw_pointer_cast(universal_ptr<T> p) { return p.get(); }

namespace detail {
template <class T>
struct unwrap_traits<universal_ptr<T>> {
  using type = T*;
  static TIDE_HOST_DEVICE T* unwrap(const universal_ptr<T>& p) { return p.address_for_device(); }
};
template <class T>
struct contiguous_traits<universal_ptr<T>> : std::true_type {
  using element_type = T;
  static T* address(universal_ptr<T> p) { return p.address_for_device(); }
};

/// The kinds of universal memory: tide::mr's program-wide universal resources (managed memory,
/// or pinned host memory, on CUDA; the host heap on the host device systems).
struct universal_kind_managed {
  using resource_type = mr::universal_memory_resource;
};
struct universal_kind_pinned {
  using resource_type = mr::universal_host_pinned_memory_resource;
};

/// An allocator of universal memory (its pointers are `universal_ptr<T>`), stateless like
/// Thrust's: every instance of one kind is equal to every other.
template <class T, class Kind>
class universal_resource_allocator {
 public:
  using value_type = T;
  using system_type = device_system_tag;
  using pointer = universal_ptr<T>;
  using const_pointer = universal_ptr<const T>;
  using reference = T&;
  using const_reference = const T&;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  using is_always_equal = std::true_type;
  template <class U>
  struct rebind {
    using other = universal_resource_allocator<U, Kind>;
  };

  universal_resource_allocator() noexcept = default;
  template <class U>
  universal_resource_allocator(const universal_resource_allocator<U, Kind>&) noexcept {}

  pointer allocate(size_type n) {
    if (n > max_size()) throw tide::bad_alloc(std::size_t(-1), "universal_allocator");
    return pointer(static_cast<T*>(resource()->allocate(n * sizeof(T), alignof(T))));
  }
  void deallocate(pointer p, size_type n) noexcept {
    resource()->deallocate(const_cast<std::remove_cv_t<T>*>(p.get()), n * sizeof(T), alignof(T));
  }
  size_type max_size() const noexcept { return std::numeric_limits<size_type>::max() / sizeof(T); }
  /// The program-wide resource this allocator draws on.
  typename Kind::resource_type* resource() const { return mr::get_global_resource<typename Kind::resource_type>(); }

  template <class U>
  friend bool operator==(const universal_resource_allocator&, const universal_resource_allocator<U, Kind>&) noexcept {
    return true;
  }
  template <class U>
  friend bool operator!=(const universal_resource_allocator&, const universal_resource_allocator<U, Kind>&) noexcept {
    return false;
  }
};
}  // namespace detail

/// Managed memory on the CUDA system (host memory on the host systems).
template <class T>
using universal_allocator = detail::universal_resource_allocator<T, detail::universal_kind_managed>;
/// Pinned host memory that the device reads and writes directly (host memory on the host systems).
template <class T>
using universal_host_pinned_allocator = detail::universal_resource_allocator<T, detail::universal_kind_pinned>;

/// A vector in universal memory: algorithms take it as device data, and host code reads and writes
/// `v[i]` directly (plain references). Its iterators are `universal_ptr<T>`.
template <class T, class Alloc = universal_allocator<T>>
class universal_vector : public detail::vector_base<T, Alloc> {
  using base = detail::vector_base<T, Alloc>;

 public:
  using base::base;
  universal_vector() = default;
  universal_vector(const universal_vector&) = default;
  universal_vector(universal_vector&&) noexcept = default;
  universal_vector& operator=(const universal_vector&) = default;
  universal_vector& operator=(universal_vector&&) = default;
  using base::operator=;
};
/// A universal_vector in pinned host memory.
template <class T>
using universal_host_pinned_vector = universal_vector<T, universal_host_pinned_allocator<T>>;

template <class T, class A>
void swap(universal_vector<T, A>& a, universal_vector<T, A>& b) noexcept { a.swap(b); }

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
/// Thrust's `thrust::cuda` memory names (system/cuda/{pointer,memory,vector}.h).
namespace cuda {
template <class T>
using pointer = device_ptr<T>;
template <class T>
using reference = device_reference<T>;
template <class T>
using universal_pointer = universal_ptr<T>;
/// Device memory from the device's container resource (as device_vector's), not a cudaMalloc.
template <class T>
using allocator = device_allocator<T>;
using tide::universal_allocator;
using tide::universal_host_pinned_allocator;
template <class T, class Alloc = allocator<T>>
using vector = device_vector<T, Alloc>;
using tide::universal_host_pinned_vector;
using tide::universal_vector;

/// `n` bytes of device memory (`device_malloc`).
inline pointer<void> malloc(std::size_t n) { return device_malloc(n); }
/// `n` objects of T, uninitialized.
template <class T>
pointer<T> malloc(std::size_t n) {
  return device_malloc<T>(n);
}
/// Frees memory from `malloc`.
inline void free(pointer<void> p) { device_free(p); }
}  // namespace cuda
namespace system::cuda {  // thrust::system::cuda's spellings of the same
using tide::cuda::allocator;
using tide::cuda::free;
using tide::cuda::malloc;
using tide::cuda::pointer;
using tide::cuda::reference;
using tide::cuda::universal_allocator;
using tide::cuda::universal_host_pinned_allocator;
using tide::cuda::universal_host_pinned_vector;
using tide::cuda::universal_pointer;
using tide::cuda::universal_vector;
using tide::cuda::vector;
}  // namespace system::cuda
#endif

}  // namespace tide
