#pragma once
// Which iterators are contiguous (a raw pointer can stand for them), and that pointer: raw pointers,
// device_ptr, std::vector iterators, and iterators a user proclaims contiguous
// (TIDE_PROCLAIM_CONTIGUOUS_ITERATOR, iterator/is_contiguous_iterator.hpp). copy_across moves
// contiguous ranges between host and device as one memcpy.

#include <array>
#include <string>
#include <type_traits>
#include <vector>

#include "../memory.hpp"

namespace tide {
/// Specialize as std::true_type (or use TIDE_PROCLAIM_CONTIGUOUS_ITERATOR(It)) to promise that
/// `It`'s elements lie next to each other in memory, so that `&*it` addresses them all.
template <class It>
struct proclaim_contiguous_iterator : std::false_type {};
}  // namespace tide

namespace tide::detail {

template <class It, class = void>
struct builtin_contiguous_traits : std::false_type {};
template <class T>
struct builtin_contiguous_traits<T*> : std::true_type {
  using element_type = T;
  static T* address(T* p) { return p; }
};
template <class T>
struct builtin_contiguous_traits<device_ptr<T>> : std::true_type {
  using element_type = T;
  static T* address(device_ptr<T> p) { return p.get(); }
};
/// Whether It is a std::vector iterator (not vector<bool>'s).
template <class It, class = void>
struct is_std_vector_iterator : std::false_type {};
template <class It>
struct is_std_vector_iterator<
    It, std::enable_if_t<!std::is_pointer_v<It> &&
                         (std::is_same_v<It, typename std::vector<typename std::iterator_traits<It>::value_type>::iterator> ||
                          std::is_same_v<It, typename std::vector<typename std::iterator_traits<It>::value_type>::const_iterator>) &&
                         !std::is_same_v<typename std::iterator_traits<It>::value_type, bool>>> : std::true_type {};
template <class It>
inline constexpr bool is_std_vector_iterator_v = is_std_vector_iterator<std::decay_t<It>>::value;

// std::vector (not vector<bool>) iterators.
template <class It>
struct builtin_contiguous_traits<It, std::enable_if_t<is_std_vector_iterator<It>::value>> : std::true_type {
  using element_type = std::remove_reference_t<typename std::iterator_traits<It>::reference>;
  static element_type* address(It it) { return &*it; }
};

template <class It, class = void>
struct contiguous_traits : builtin_contiguous_traits<It> {};
// A proclaimed iterator: its address is that of its element (a device_reference's & is a
// device_ptr, whose raw pointer is taken; nothing is read).
template <class It>
struct contiguous_traits<It, std::enable_if_t<!builtin_contiguous_traits<It>::value &&
                                              proclaim_contiguous_iterator<It>::value>> : std::true_type {
  static auto address(const It& it) { return raw_pointer_cast(&*it); }
  using element_type = std::remove_pointer_t<decltype(address(std::declval<const It&>()))>;
};

template <class It>
inline constexpr bool is_contiguous_v = contiguous_traits<std::decay_t<It>>::value;

template <class It>
auto contiguous_address(It it) {
  return contiguous_traits<std::decay_t<It>>::address(it);
}

}  // namespace tide::detail
