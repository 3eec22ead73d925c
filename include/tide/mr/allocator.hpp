#pragma once
/// \file mr/allocator.hpp
/// Allocators over memory resources: `tide::mr::allocator<T, MR>` (a pointer to a resource of type
/// MR), `polymorphic_allocator<T, Pointer>` (any resource, through a virtual call) and
/// `stateless_resource_allocator<T, MR>` (MR's global instance, `get_global_resource<MR>()`).

#include <cstddef>
#include <limits>
#include <type_traits>

#include "../error.hpp"
#include "memory_resource.hpp"
#include "polymorphic_adaptor.hpp"

namespace tide::mr {

namespace detail {
template <class P, class = void>
struct pointer_reference {
  using type = void;  // a pointer to void
};
template <class P>
struct pointer_reference<P, std::void_t<decltype(*std::declval<P>())>> {
  using type = decltype(*std::declval<P>());
};
}  // namespace detail

/// A standard allocator of T whose memory comes from `*resource()`. Its pointer is MR's pointer
/// rebound to T (`T*` for `void*` resources, `device_ptr<T>` for `device_memory_resource`).
/// Each allocation asks for `n * sizeof(T)` bytes aligned to `alignof(T)`.
template <class T, class MR>
class allocator : private validator<MR> {
 public:
  using void_pointer = typename MR::pointer;
  using value_type = T;
  using pointer = detail::rebind_pointer_t<void_pointer, T>;
  using const_pointer = detail::rebind_pointer_t<void_pointer, const T>;
  using reference = typename detail::pointer_reference<pointer>::type;
  using const_reference = typename detail::pointer_reference<const_pointer>::type;
  using size_type = std::size_t;
  using difference_type = typename std::pointer_traits<pointer>::difference_type;

  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;

  template <class U>
  struct rebind {
    using other = allocator<U, MR>;
  };

  allocator(MR* resource) noexcept : resource_(resource) {}
  template <class U>
  allocator(const allocator<U, MR>& other) noexcept : resource_(other.resource()) {}

  size_type max_size() const noexcept { return std::numeric_limits<size_type>::max() / sizeof(T); }

  [[nodiscard]] pointer allocate(size_type n) {
    if (n > max_size()) throw tide::bad_alloc(std::size_t(-1), "tide::mr::allocator");
    return detail::pointer_cast<pointer>(resource_->do_allocate(n * sizeof(T), alignof(T)));
  }
  void deallocate(pointer p, size_type n) noexcept {
    resource_->do_deallocate(detail::pointer_cast<void_pointer>(p), n * sizeof(T), alignof(T));
  }

  MR* resource() const noexcept { return resource_; }

 private:
  MR* resource_;
};

/// Equal when their resources are equal (memory from one may be given back through the other).
template <class T, class MR>
bool operator==(const allocator<T, MR>& lhs, const allocator<T, MR>& rhs) noexcept {
  return *lhs.resource() == *rhs.resource();
}
template <class T, class MR>
bool operator!=(const allocator<T, MR>& lhs, const allocator<T, MR>& rhs) noexcept {
  return !(lhs == rhs);
}

/// An allocator over any resource of pointer type `Pointer` (through a polymorphic_adaptor_resource).
template <class T, class Pointer>
using polymorphic_allocator = allocator<T, polymorphic_adaptor_resource<Pointer>>;

/// An allocator over the global instance of Upstream: default-constructible, all instances equal.
template <class T, class Upstream>
class stateless_resource_allocator : public allocator<T, Upstream> {
  using base = allocator<T, Upstream>;

 public:
  template <class U>
  struct rebind {
    using other = stateless_resource_allocator<U, Upstream>;
  };

  stateless_resource_allocator() : base(get_global_resource<Upstream>()) {}
  stateless_resource_allocator(const stateless_resource_allocator& other) = default;
  template <class U>
  stateless_resource_allocator(const stateless_resource_allocator<U, Upstream>& other) : base(other) {}
  stateless_resource_allocator& operator=(const stateless_resource_allocator&) = default;
};

}  // namespace tide::mr
