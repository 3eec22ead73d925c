#pragma once
// What the containers and allocate_unique need to know about an allocator: its system, its raw
// pointers, and whether its `construct` members must be called (as Thrust's allocator_traits).

#include <memory>
#include <type_traits>
#include <utility>

#include "../memory.hpp"
#include "system.hpp"

namespace tide::detail {

/// The system of an allocator's memory: its `system_type`, else its pointer's (a raw pointer is
/// host memory, `device_ptr` the device system's).
template <class A, class = void>
struct allocator_system_impl {
  using type = iterator_system_t<typename std::allocator_traits<A>::pointer>;
};
template <class A>
struct allocator_system_impl<A, std::void_t<typename A::system_type>> {
  using type = typename A::system_type;
};
template <class A>
using allocator_system_t = typename allocator_system_impl<A>::type;

/// The raw pointer behind an allocator's pointer (a raw pointer, or a class with `get()`).
template <class P>
TIDE_HOST_DEVICE auto allocator_pointer_to_raw(P p) {
  if constexpr (std::is_pointer_v<P>)
    return p;
  else
    return p.get();
}

template <class A>
struct is_std_allocator : std::false_type {};
template <class U>
struct is_std_allocator<std::allocator<U>> : std::true_type {};

template <class A, class T, class = void>
struct has_member_construct1 : std::false_type {};
template <class A, class T>
struct has_member_construct1<A, T, std::void_t<decltype(std::declval<A&>().construct(std::declval<T*>()))>>
    : std::true_type {};
template <class A, class T, class = void>
struct has_member_construct2 : std::false_type {};
template <class A, class T>
struct has_member_construct2<
    A, T, std::void_t<decltype(std::declval<A&>().construct(std::declval<T*>(), std::declval<const T&>()))>>
    : std::true_type {};

/// Whether value-initializing an element goes through `a.construct(p)`, as Thrust decides: the
/// allocator has such a member (std::allocator's, which only placement-news, does not count).
/// Otherwise the elements are filled with T().
template <class A, class T>
inline constexpr bool constructs_by_allocator_v = !is_std_allocator<A>::value && has_member_construct1<A, T>::value;
/// Whether copying a value into an element goes through `a.construct(p, value)` (a fill, and the
/// copies of a range in the vector's own system: Thrust's fill_construct_range and
/// copy_construct_range). Otherwise one bulk copy or fill.
template <class A, class T>
inline constexpr bool copy_constructs_by_allocator_v =
    !is_std_allocator<A>::value && has_member_construct2<A, T>::value;

}  // namespace tide::detail
