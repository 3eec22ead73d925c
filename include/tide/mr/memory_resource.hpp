#pragma once
/// \file mr/memory_resource.hpp
/// `tide::mr::memory_resource<Pointer>`: the base of Thrust-style memory resources, which allocate
/// by size and alignment and hand out `Pointer` (a raw `void*` or a fancy pointer such as
/// `tide::device_ptr<void>`). User resources derive from it and override the `do_` functions, as
/// they would from Thrust's `thrust::mr::memory_resource`.

#include <cstddef>
#include <memory>
#include <type_traits>

#include "../config.hpp"

namespace tide::mr {

/// The alignment asked for when none is given (that of `std::max_align_t`).
inline constexpr std::size_t default_alignment = alignof(std::max_align_t);

/// The base class of every memory resource.
template <class Pointer = void*>
class memory_resource {
 public:
  using pointer = Pointer;

  virtual ~memory_resource() = default;

  /// At least `bytes` bytes aligned to at least `alignment`; throws `tide::bad_alloc` (a
  /// `std::bad_alloc`) when that cannot be had.
  [[nodiscard]] pointer allocate(std::size_t bytes, std::size_t alignment = default_alignment) {
    return do_allocate(bytes, alignment);
  }
  /// Gives back `p`, from `allocate(bytes, alignment)` with the same `bytes` and `alignment`.
  void deallocate(pointer p, std::size_t bytes, std::size_t alignment = default_alignment) noexcept {
    do_deallocate(p, bytes, alignment);
  }
  /// Whether memory from one may be given back to the other.
  bool is_equal(const memory_resource& other) const noexcept { return do_is_equal(other); }

  virtual pointer do_allocate(std::size_t bytes, std::size_t alignment) = 0;
  virtual void do_deallocate(pointer p, std::size_t bytes, std::size_t alignment) = 0;
  /// By identity unless overridden.
  virtual bool do_is_equal(const memory_resource& other) const noexcept { return this == &other; }
};

/// Equal when the same object, or when `lhs.is_equal(rhs)`.
template <class Pointer>
bool operator==(const memory_resource<Pointer>& lhs, const memory_resource<Pointer>& rhs) noexcept {
  return &lhs == &rhs || lhs.is_equal(rhs);
}
template <class Pointer>
bool operator!=(const memory_resource<Pointer>& lhs, const memory_resource<Pointer>& rhs) noexcept {
  return !(lhs == rhs);
}

/// One program-wide instance of MR (default-constructed at first use, a function-local static).
template <class MR>
MR* get_global_resource() {
  static MR resource;
  return &resource;
}

/// Compile-time check that MR is a memory resource (derives from memory_resource<MR::pointer>).
template <class MR>
struct validator {
  static_assert(std::is_base_of_v<memory_resource<typename MR::pointer>, MR>,
                "tide::mr: a type used as a memory resource must derive from tide::mr::memory_resource");
};
template <class T, class U>
struct validator2 : private validator<T>, private validator<U> {};
template <class T>
struct validator2<T, T> : private validator<T> {};

namespace detail {
/// The address behind a raw or fancy pointer (fancy pointers have `get()`).
template <class T>
TIDE_HOST_DEVICE void* raw_address(T* p) noexcept {
  return const_cast<void*>(static_cast<const volatile void*>(p));
}
template <class P, class = decltype(std::declval<const P&>().get())>
TIDE_HOST_DEVICE void* raw_address(const P& p) noexcept {
  return raw_address(p.get());
}

/// `P` rebound to element type U (`void*` -> `U*`, `device_ptr<void>` -> `device_ptr<U>`).
template <class P, class U>
using rebind_pointer_t = typename std::pointer_traits<P>::template rebind<U>;

/// A pointer of type To at address `p` (a raw or fancy pointer).
template <class To>
TIDE_HOST_DEVICE To pointer_from_address(void* p) noexcept {
  if constexpr (std::is_pointer_v<To>) {
    return static_cast<To>(p);
  } else {
    using element = typename std::pointer_traits<To>::element_type;
    return To(static_cast<element*>(p));
  }
}
/// `p` as a pointer of type To, at the same address.
template <class To, class From>
TIDE_HOST_DEVICE To pointer_cast(const From& p) noexcept {
  return pointer_from_address<To>(raw_address(p));
}

constexpr bool is_power_of_2(std::size_t x) noexcept { return x && !(x & (x - 1)); }
/// ceil(log2(x)) for x >= 1.
constexpr std::size_t log2_ceil(std::size_t x) noexcept {
  std::size_t r = 0;
  while ((std::size_t(1) << r) < x) ++r;
  return r;
}
}  // namespace detail

}  // namespace tide::mr
