#pragma once
/// \file constant_iterator.hpp
/// `constant_iterator<T>`: the same value at every position.

#include <cstddef>

#include "iterator_facade.hpp"

namespace tide {

/// An iterator whose every element is `value`; it keeps an index only to measure distances.
/// Its reference is a value (T), and it belongs to any system unless one is named.
template <class T, class System = any_system_tag>
class constant_iterator
    : public iterator_facade<constant_iterator<T, System>, T, T, void, System> {
 public:
  constant_iterator() = default;
  TIDE_HOST_DEVICE explicit constant_iterator(const T& value, std::ptrdiff_t index = 0)
      : value_(value), index_(index) {}

  /// The constant value.
  TIDE_HOST_DEVICE const T& value() const { return value_; }
  /// The position (as Thrust's base(), which is a counting iterator over the index).
  TIDE_HOST_DEVICE std::ptrdiff_t index() const { return index_; }

 private:
  TIDE_HOST_DEVICE T dereference() const { return value_; }
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { index_ += n; }
  TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const constant_iterator& other) const {
    return other.index_ - index_;
  }

  T value_;
  std::ptrdiff_t index_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A constant_iterator of `value` at position `index`.
template <class T>
TIDE_HOST_DEVICE constant_iterator<T> make_constant_iterator(T value, std::ptrdiff_t index = 0) {
  return constant_iterator<T>(value, index);
}

}  // namespace tide
