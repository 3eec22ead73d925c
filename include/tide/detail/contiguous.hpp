#pragma once
// Which iterators are contiguous (a raw pointer can stand for them), and that pointer.

#include <array>
#include <string>
#include <type_traits>
#include <vector>

#include "../memory.hpp"

namespace tide::detail {

template <class It, class = void>
struct contiguous_traits : std::false_type {};
template <class T>
struct contiguous_traits<T*> : std::true_type {
  using element_type = T;
  static T* address(T* p) { return p; }
};
template <class T>
struct contiguous_traits<device_ptr<T>> : std::true_type {
  using element_type = T;
  static T* address(device_ptr<T> p) { return p.get(); }
};
// std::vector (not vector<bool>) and std::string iterators.
template <class It>
struct contiguous_traits<
    It, std::enable_if_t<!std::is_pointer_v<It> &&
                         (std::is_same_v<It, typename std::vector<typename std::iterator_traits<It>::value_type>::iterator> ||
                          std::is_same_v<It, typename std::vector<typename std::iterator_traits<It>::value_type>::const_iterator>) &&
                         !std::is_same_v<typename std::iterator_traits<It>::value_type, bool>>> : std::true_type {
  using element_type = std::remove_reference_t<typename std::iterator_traits<It>::reference>;
  static element_type* address(It it) { return &*it; }
};

template <class It>
inline constexpr bool is_contiguous_v = contiguous_traits<std::decay_t<It>>::value;

template <class It>
auto contiguous_address(It it) {
  return contiguous_traits<std::decay_t<It>>::address(it);
}

}  // namespace tide::detail
