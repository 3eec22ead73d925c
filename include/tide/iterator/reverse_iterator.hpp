#pragma once
/// \file reverse_iterator.hpp
/// `tide::reverse_iterator<It>`: std::reverse_iterator's behaviour, callable in device code.

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../detail/unwrap.hpp"
#include "iterator_facade.hpp"

namespace tide {

/// Walks `It` backwards: it refers to the element before its base (so reverse_iterator(end)
/// reads the last element), as std::reverse_iterator does. It belongs to the system of `It`.
template <class It>
class reverse_iterator
    : public iterator_facade<reverse_iterator<It>, detail::iterators::value_t<It>,
                             detail::iterators::reference_t<It>, detail::iterators::pointer_t<It>,
                             iterator_system_t<It>> {
  using reference_ = detail::iterators::reference_t<It>;

 public:
  reverse_iterator() = default;
  TIDE_HOST_DEVICE explicit reverse_iterator(It it) : it_(it) {}
  /// From a reverse_iterator over an iterator that converts to It (reverse_iterator<int*> to
  /// reverse_iterator<const int*>), as Thrust's.
  template <class Other, std::enable_if_t<std::is_convertible_v<Other, It>, int> = 0>
  TIDE_HOST_DEVICE reverse_iterator(const reverse_iterator<Other>& o) : it_(o.base()) {}

  /// The underlying iterator (one past the element this one refers to).
  TIDE_HOST_DEVICE const It& base() const { return it_; }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE reference_ dereference() const {
    It t = it_;
    --t;
    return *t;
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { it_ -= n; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class Other, class = decltype(std::declval<const It&>() - std::declval<const Other&>())>
  TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const reverse_iterator<Other>& other) const {
    return static_cast<std::ptrdiff_t>(it_ - other.base());
  }

  It it_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A reverse_iterator over `it` (qualify the call: std::make_reverse_iterator may be found too).
template <class It>
TIDE_HOST_DEVICE reverse_iterator<It> make_reverse_iterator(It it) {
  return reverse_iterator<It>(it);
}

namespace detail {
template <class It>
struct unwrap_traits<reverse_iterator<It>> {
  using type = reverse_iterator<unwrapped_t<It>>;
  static TIDE_HOST_DEVICE type unwrap(const reverse_iterator<It>& it) {
    return type(unwrap_iterator(it.base()));
  }
};
}  // namespace detail

}  // namespace tide
