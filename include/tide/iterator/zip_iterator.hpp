#pragma once
/// \file zip_iterator.hpp
/// `zip_iterator<tuple<Its...>>`: walks several ranges in step; element i is the tuple of their
/// elements i.

#include <cstddef>
#include <utility>

#include "../detail/unwrap.hpp"
#include "../tuple.hpp"
#include "iterator_facade.hpp"

namespace tide {

template <class IteratorTuple>
class zip_iterator;

/// An iterator over tuples: its reference is `tuple<reference of each...>` (so writing a tuple
/// through it writes every range), its value_type `tuple<value_type of each...>`. It belongs to
/// the common system of its iterators (`any` yields to the others). Equality and distances use the
/// first iterator only.
template <class... Its>
class zip_iterator<tuple<Its...>>
    : public iterator_facade<zip_iterator<tuple<Its...>>, tuple<detail::iterators::value_t<Its>...>,
                             tuple<detail::iterators::reference_t<Its>...>, void, common_system_t<Its...>> {
  static_assert(sizeof...(Its) > 0, "tide::zip_iterator: zip at least one iterator");
  using reference_ = tuple<detail::iterators::reference_t<Its>...>;
  using indices_ = std::index_sequence_for<Its...>;

 public:
  zip_iterator() = default;
  TIDE_HOST_DEVICE explicit zip_iterator(const tuple<Its...>& its) : its_(its) {}

  /// The tuple of underlying iterators.
  TIDE_HOST_DEVICE const tuple<Its...>& base() const { return its_; }
  /// The tuple of underlying iterators (Thrust's name).
  TIDE_HOST_DEVICE const tuple<Its...>& get_iterator_tuple() const { return its_; }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <std::size_t... I>
  TIDE_HOST_DEVICE reference_ dereference(std::index_sequence<I...>) const {
    return reference_(*get<I>(its_)...);
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <std::size_t... I>
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n, std::index_sequence<I...>) {
    (static_cast<void>(get<I>(its_) += n), ...);
  }
  TIDE_HOST_DEVICE reference_ dereference() const { return dereference(indices_{}); }
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { advance(n, indices_{}); }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const zip_iterator& other) const {
    return static_cast<std::ptrdiff_t>(get<0>(other.its_) - get<0>(its_));
  }

  tuple<Its...> its_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A zip_iterator over a tuple of iterators.
template <class... Its>
TIDE_HOST_DEVICE zip_iterator<tuple<Its...>> make_zip_iterator(const tuple<Its...>& its) {
  return zip_iterator<tuple<Its...>>(its);
}
/// A zip_iterator over the given iterators.
template <class It, class... Its>
TIDE_HOST_DEVICE zip_iterator<tuple<It, Its...>> make_zip_iterator(It it, Its... its) {
  return zip_iterator<tuple<It, Its...>>(tuple<It, Its...>(it, its...));
}

namespace detail {
template <class... Its>
struct unwrap_traits<zip_iterator<tuple<Its...>>> {
  using type = zip_iterator<tuple<unwrapped_t<Its>...>>;
  static TIDE_HOST_DEVICE type unwrap(const zip_iterator<tuple<Its...>>& it) {
    return unwrap(it.base(), std::index_sequence_for<Its...>{});
  }
  template <std::size_t... I>
  static TIDE_HOST_DEVICE type unwrap(const tuple<Its...>& its, std::index_sequence<I...>) {
    return type(tuple<unwrapped_t<Its>...>(unwrap_iterator(get<I>(its))...));
  }
};
}  // namespace detail

}  // namespace tide
