#pragma once
/// \file permutation_iterator.hpp
/// `permutation_iterator<ElementIt, IndexIt>`: element i is `elements[indices[i]]` (a gather on
/// read, a scatter on write).

#include <cstddef>

#include "../detail/unwrap.hpp"
#include "iterator_facade.hpp"

namespace tide {

/// An iterator whose element i is `elements[indices[i]]`, by the elements' own reference (so it
/// can be written). It walks the indices; it belongs to the common system of both iterators.
template <class ElementIt, class IndexIt>
class permutation_iterator
    : public iterator_facade<permutation_iterator<ElementIt, IndexIt>,
                             detail::iterators::value_t<ElementIt>,
                             detail::iterators::reference_t<ElementIt>,
                             detail::iterators::pointer_t<ElementIt>, common_system_t<ElementIt, IndexIt>> {
  using reference_ = detail::iterators::reference_t<ElementIt>;

 public:
  permutation_iterator() = default;
  TIDE_HOST_DEVICE permutation_iterator(ElementIt elements, IndexIt indices)
      : elements_(elements), indices_(indices) {}

  /// The index iterator (what this iterator walks, as Thrust's base()).
  TIDE_HOST_DEVICE const IndexIt& base() const { return indices_; }
  /// The index iterator.
  TIDE_HOST_DEVICE const IndexIt& indices() const { return indices_; }
  /// The start of the elements.
  TIDE_HOST_DEVICE const ElementIt& elements() const { return elements_; }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE reference_ dereference() const {
    return *(elements_ + static_cast<std::ptrdiff_t>(*indices_));
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { indices_ += n; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class E2, class I2>  // as Thrust's adaptor: the index iterators decide
  TIDE_HOST_DEVICE auto distance_to(const permutation_iterator<E2, I2>& other) const
      -> decltype(static_cast<std::ptrdiff_t>(other.indices() - indices())) {
    return static_cast<std::ptrdiff_t>(other.indices() - indices_);
  }

  ElementIt elements_;
  IndexIt indices_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A permutation_iterator reading `elements[indices[i]]`.
template <class ElementIt, class IndexIt>
TIDE_HOST_DEVICE permutation_iterator<ElementIt, IndexIt> make_permutation_iterator(ElementIt elements,
                                                                                   IndexIt indices) {
  return permutation_iterator<ElementIt, IndexIt>(elements, indices);
}

namespace detail {
template <class ElementIt, class IndexIt>
struct unwrap_traits<permutation_iterator<ElementIt, IndexIt>> {
  using type = permutation_iterator<unwrapped_t<ElementIt>, unwrapped_t<IndexIt>>;
  static TIDE_HOST_DEVICE type unwrap(const permutation_iterator<ElementIt, IndexIt>& it) {
    return type(unwrap_iterator(it.elements()), unwrap_iterator(it.indices()));
  }
};
}  // namespace detail

}  // namespace tide
