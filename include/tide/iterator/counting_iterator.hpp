#pragma once
/// \file counting_iterator.hpp
/// `counting_iterator<T>`: the sequence value, value + 1, value + 2, ... (no memory behind it).

#include <cstddef>
#include <type_traits>

#include "iterator_facade.hpp"

namespace tide {

/// An iterator whose element i is `start + i`. Its reference is a value (T), and it belongs to
/// any system unless one is named. Differences are std::ptrdiff_t, so 64-bit ranges work.
template <class T, class System = any_system_tag>
class counting_iterator
    : public iterator_facade<counting_iterator<T, System>, T, T, void, System> {
 public:
  counting_iterator() = default;
  TIDE_HOST_DEVICE explicit counting_iterator(T value) : value_(value) {}

  /// The current value (as Thrust's base()).
  TIDE_HOST_DEVICE T base() const { return value_; }

 private:
  TIDE_HOST_DEVICE T dereference() const { return value_; }
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { value_ = static_cast<T>(value_ + n); }
  TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const counting_iterator& other) const {
    // Widen before subtracting: narrow integer types must not overflow.
    if constexpr (std::is_integral_v<T>)
      return static_cast<std::ptrdiff_t>(other.value_) - static_cast<std::ptrdiff_t>(value_);
    else
      return static_cast<std::ptrdiff_t>(other.value_ - value_);
  }

  T value_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A counting_iterator starting at `value`.
template <class T>
TIDE_HOST_DEVICE counting_iterator<T> make_counting_iterator(T value) {
  return counting_iterator<T>(value);
}

}  // namespace tide
