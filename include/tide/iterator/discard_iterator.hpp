#pragma once
/// \file discard_iterator.hpp
/// `discard_iterator`: an output iterator whose writes vanish (for results one does not need,
/// e.g. the keys out of reduce_by_key).

#include <cstddef>

#include "iterator_facade.hpp"

namespace tide {

namespace detail::iterators {
/// Accepts and drops any assignment; constructible from anything, so it also serves as the
/// iterator's value_type.
struct discard_reference {
  discard_reference() = default;
  template <class T>
  TIDE_HOST_DEVICE constexpr discard_reference(const T&) {}
  template <class T>
  TIDE_HOST_DEVICE constexpr discard_reference& operator=(const T&) { return *this; }
};
}  // namespace detail::iterators

/// An iterator that ignores what is written through it; it keeps an index only to measure
/// distances. It belongs to any system unless one is named.
template <class System = any_system_tag>
class discard_iterator
    : public iterator_facade<discard_iterator<System>, detail::iterators::discard_reference,
                             detail::iterators::discard_reference, void, System> {
 public:
  TIDE_HOST_DEVICE discard_iterator() : index_(0) {}
  TIDE_HOST_DEVICE explicit discard_iterator(std::ptrdiff_t index) : index_(index) {}

  /// The position (as Thrust's base(), which is a counting iterator over the index).
  TIDE_HOST_DEVICE std::ptrdiff_t index() const { return index_; }

 private:
  TIDE_HOST_DEVICE detail::iterators::discard_reference dereference() const { return {}; }
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { index_ += n; }
  TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const discard_iterator& other) const {
    return other.index_ - index_;
  }

  std::ptrdiff_t index_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A discard_iterator at position `index`.
TIDE_HOST_DEVICE inline discard_iterator<> make_discard_iterator(std::ptrdiff_t index = 0) {
  return discard_iterator<>(index);
}

}  // namespace tide
