#pragma once
/// \file allocate_unique.hpp
/// `std::unique_ptr`s of memory from an allocator, as Thrust's allocate_unique.h and
/// device_make_unique.h: `allocate_unique<T>(alloc, args...)`, `uninitialized_allocate_unique<T>`,
/// `allocate_unique_n<T>(alloc, n, args...)`, `uninitialized_allocate_unique_n<T>`,
/// `device_make_unique<T>(args...)`, and their deleters. The unique_ptr's `pointer` is the
/// allocator's (`device_ptr<T>` for device memory): use `.get()`, not `*p`.
///
/// Objects are constructed where the memory can be written: by the allocator's `construct`
/// member where it has one (on the host, as Thrust), in place on the host for host-accessible
/// memory, and by a device kernel copying `T(args...)` for device memory.

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include "detail/allocator_traits.hpp"
#include "device_new.hpp"
#include "memory.hpp"

namespace tide {

namespace detail {
template <class A>
using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<A>>;
template <class A, class T>
using rebound_traits = typename std::allocator_traits<remove_cvref_t<A>>::template rebind_traits<T>;

/// Whether host code may touch the allocator's memory directly (host systems, and universal
/// memory whose references are plain references).
template <class A>
inline constexpr bool host_accessible_v =
    !is_device_memory_v<allocator_system_t<A>> ||
    std::is_reference_v<typename std::iterator_traits<typename std::allocator_traits<A>::pointer>::reference>;

template <class A, class T, class ArgsList, class = void>
struct has_member_construct_args : std::false_type {};
template <class... Args>
struct type_list {};
template <class A, class T, class... Args>
struct has_member_construct_args<
    A, T, type_list<Args...>,
    std::void_t<decltype(std::declval<A&>().construct(std::declval<T*>(), std::declval<Args>()...))>>
    : std::true_type {};

/// Constructs n objects `T(args...)` at p in `a`'s memory.
template <class A, class T, class... Args>
void construct_n_with(A& a, T* p, std::size_t n, Args&&... args) {
  if constexpr (!is_std_allocator<A>::value && has_member_construct_args<A, T, type_list<Args&&...>>::value) {
    for (std::size_t i = 0; i < n; ++i) a.construct(p + i, args...);
  } else if constexpr (host_accessible_v<A>) {
    for (std::size_t i = 0; i < n; ++i) ::new (static_cast<void*>(p + i)) T(args...);
  } else {
    fill_construct<allocator_system_t<A>>(p, n, T(std::forward<Args>(args)...), "allocate_unique");
  }
}
/// Destroys n objects at p in `a`'s memory.
template <class A, class T>
void destroy_n_with(A& a, T* p, std::size_t n) {
  if constexpr (std::is_trivially_destructible_v<T>) {
    (void)a, (void)p, (void)n;
  } else if constexpr (host_accessible_v<A>) {
    for (std::size_t i = 0; i < n; ++i) std::allocator_traits<A>::destroy(a, p + i);
  } else {
    destroy_elements<allocator_system_t<A>>(p, n, "allocator_delete");
  }
}
}  // namespace detail

/// The deleter of `allocate_unique`: destroys the object (unless `Uninitialized`) and gives
/// its memory back to the allocator.
template <class T, class Allocator, bool Uninitialized = false>
struct allocator_delete final {
  using allocator_type = typename std::allocator_traits<detail::remove_cvref_t<Allocator>>::template rebind_alloc<T>;
  using pointer = typename std::allocator_traits<allocator_type>::pointer;

  template <class UAllocator,
            std::enable_if_t<!std::is_same_v<detail::remove_cvref_t<UAllocator>, allocator_delete>, int> = 0>
  allocator_delete(UAllocator&& other) noexcept : alloc_(std::forward<UAllocator>(other)) {}
  template <class U, class UAllocator>
  allocator_delete(const allocator_delete<U, UAllocator, Uninitialized>& other) noexcept
      : alloc_(other.get_allocator()) {}

  void operator()(pointer p) {
    auto* raw = detail::allocator_pointer_to_raw(p);
    if (raw == nullptr) return;
    if constexpr (!Uninitialized) detail::destroy_n_with(alloc_, raw, 1);
    std::allocator_traits<allocator_type>::deallocate(alloc_, p, 1);
  }
  allocator_type& get_allocator() noexcept { return alloc_; }
  const allocator_type& get_allocator() const noexcept { return alloc_; }
  void swap(allocator_delete& other) noexcept {
    using std::swap;
    swap(alloc_, other.alloc_);
  }

 private:
  allocator_type alloc_;
};
template <class T, class Allocator>
using uninitialized_allocator_delete = allocator_delete<T, Allocator, true>;

/// The deleter of `allocate_unique_n`: destroys the n objects (unless `Uninitialized`) and gives
/// their memory back.
template <class T, class Allocator, bool Uninitialized = false>
struct array_allocator_delete final {
  using allocator_type = typename std::allocator_traits<detail::remove_cvref_t<Allocator>>::template rebind_alloc<T>;
  using pointer = typename std::allocator_traits<allocator_type>::pointer;

  template <class UAllocator,
            std::enable_if_t<!std::is_same_v<detail::remove_cvref_t<UAllocator>, array_allocator_delete>, int> = 0>
  array_allocator_delete(UAllocator&& other, std::size_t n) noexcept
      : alloc_(std::forward<UAllocator>(other)), count_(n) {}
  template <class U, class UAllocator>
  array_allocator_delete(const array_allocator_delete<U, UAllocator, Uninitialized>& other) noexcept
      : alloc_(other.get_allocator()), count_(other.size()) {}

  void operator()(pointer p) {
    auto* raw = detail::allocator_pointer_to_raw(p);
    if (raw == nullptr) return;
    if constexpr (!Uninitialized) detail::destroy_n_with(alloc_, raw, count_);
    std::allocator_traits<allocator_type>::deallocate(alloc_, p, count_);
  }
  allocator_type& get_allocator() noexcept { return alloc_; }
  const allocator_type& get_allocator() const noexcept { return alloc_; }
  /// How many objects the pointer holds.
  std::size_t size() const noexcept { return count_; }
  void swap(array_allocator_delete& other) noexcept {
    using std::swap;
    swap(alloc_, other.alloc_);
    swap(count_, other.count_);
  }

 private:
  allocator_type alloc_;
  std::size_t count_;
};
template <class T, class Allocator>
using uninitialized_array_allocator_delete = array_allocator_delete<T, Allocator, true>;

/// One object `T(args...)` in memory from `alloc` (rebound to T).
template <class T, class Allocator, class... Args>
std::unique_ptr<T, allocator_delete<T, typename detail::rebound_traits<Allocator, T>::allocator_type>>
allocate_unique(const Allocator& alloc, Args&&... args) {
  using traits = detail::rebound_traits<Allocator, T>;
  using alloc_t = typename traits::allocator_type;
  alloc_t a(alloc);
  auto p = traits::allocate(a, 1);
  try {
    detail::construct_n_with(a, detail::allocator_pointer_to_raw(p), 1, std::forward<Args>(args)...);
  } catch (...) {
    traits::deallocate(a, p, 1);
    throw;
  }
  return std::unique_ptr<T, allocator_delete<T, alloc_t>>(p, allocator_delete<T, alloc_t>(a));
}

/// Memory for one T from `alloc`, not constructed (nor destroyed by the deleter).
template <class T, class Allocator>
std::unique_ptr<T, uninitialized_allocator_delete<T, typename detail::rebound_traits<Allocator, T>::allocator_type>>
uninitialized_allocate_unique(const Allocator& alloc) {
  using traits = detail::rebound_traits<Allocator, T>;
  using alloc_t = typename traits::allocator_type;
  alloc_t a(alloc);
  auto p = traits::allocate(a, 1);
  return std::unique_ptr<T, uninitialized_allocator_delete<T, alloc_t>>(p, uninitialized_allocator_delete<T, alloc_t>(a));
}

/// n objects `T(args...)` in memory from `alloc`.
template <class T, class Allocator, class Size, class... Args>
std::unique_ptr<T[], array_allocator_delete<T, typename detail::rebound_traits<Allocator, T>::allocator_type>>
allocate_unique_n(const Allocator& alloc, Size n, Args&&... args) {
  using traits = detail::rebound_traits<Allocator, T>;
  using alloc_t = typename traits::allocator_type;
  alloc_t a(alloc);
  const auto count = static_cast<std::size_t>(n);
  auto p = traits::allocate(a, count);
  try {
    detail::construct_n_with(a, detail::allocator_pointer_to_raw(p), count, std::forward<Args>(args)...);
  } catch (...) {
    traits::deallocate(a, p, count);
    throw;
  }
  return std::unique_ptr<T[], array_allocator_delete<T, alloc_t>>(p, array_allocator_delete<T, alloc_t>(a, count));
}

/// Memory for n objects of T from `alloc`, not constructed.
template <class T, class Allocator, class Size>
std::unique_ptr<T[], uninitialized_array_allocator_delete<T, typename detail::rebound_traits<Allocator, T>::allocator_type>>
uninitialized_allocate_unique_n(const Allocator& alloc, Size n) {
  using traits = detail::rebound_traits<Allocator, T>;
  using alloc_t = typename traits::allocator_type;
  alloc_t a(alloc);
  const auto count = static_cast<std::size_t>(n);
  auto p = traits::allocate(a, count);
  return std::unique_ptr<T[], uninitialized_array_allocator_delete<T, alloc_t>>(
      p, uninitialized_array_allocator_delete<T, alloc_t>(a, count));
}

/// One object `T(args...)` in device memory (`device_allocator<T>`), as Thrust's: the deleter
/// frees it without running a destructor.
template <class T, class... Args>
auto device_make_unique(Args&&... args) {
  auto p = uninitialized_allocate_unique<T>(device_allocator<T>());
  detail::fill_construct<device_system_tag>(detail::allocator_pointer_to_raw(p.get()), 1, T(std::forward<Args>(args)...),
                                            "device_make_unique");
  return p;
}

}  // namespace tide
