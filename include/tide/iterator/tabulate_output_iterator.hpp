#pragma once
/// \file tabulate_output_iterator.hpp
/// `tabulate_output_iterator<F>`: an output iterator that calls `f(i, v)` for the value v written
/// at position i (no memory behind it), e.g. to write results somewhere computed from i, or to
/// act on each result as it comes.

#include <cstddef>
#include <type_traits>

#include "counting_iterator.hpp"
#include "iterator_categories.hpp"
#include "iterator_facade.hpp"

namespace tide {

namespace detail::iterators {
/// The reference of a tabulate_output_iterator: assigning v calls f(index, v). It holds a copy of
/// f, mutable, so that a functor whose operator() is not const can be called.
template <class F, class Difference>
class tabulate_output_proxy {
 public:
  TIDE_HOST_DEVICE tabulate_output_proxy(const F& f, Difference index) : f_(f), index_(index) {}
  tabulate_output_proxy(const tabulate_output_proxy&) = default;

#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class V>
  TIDE_HOST_DEVICE const tabulate_output_proxy& operator=(const V& v) const {
    f_(index_, v);
    return *this;
  }
  // Nothing can be read through the iterator, so nothing proxy-to-proxy is assigned.
  tabulate_output_proxy& operator=(const tabulate_output_proxy&) = delete;

 private:
  mutable F f_;
  Difference index_;
};
}  // namespace detail::iterators

/// An output iterator whose element i, when written v, calls `f(i, v)`. Reading through it is
/// not possible; value_type is void (as in Thrust). It belongs to any system unless `System` is
/// given; positions are `Difference`. F is copied, never default-constructed.
template <class F, class System = use_default, class Difference = std::ptrdiff_t>
class tabulate_output_iterator
    : public iterator_facade<tabulate_output_iterator<F, System, Difference>, void,
                             std::conditional_t<std::is_same_v<System, use_default>, any_system_tag, System>,
                             random_access_traversal_tag,
                             detail::iterators::tabulate_output_proxy<F, Difference>, Difference> {
  using proxy_ = detail::iterators::tabulate_output_proxy<F, Difference>;

 public:
  tabulate_output_iterator() = default;
  /// Not explicit, as Thrust's: a functor converts to the iterator at position 0.
  TIDE_HOST_DEVICE tabulate_output_iterator(const F& f, Difference index = 0) : f_(f), index_(index) {}

  /// The function called for each write.
  TIDE_HOST_DEVICE const F& functor() const { return f_.get(); }
  /// The position.
  TIDE_HOST_DEVICE Difference index() const { return index_; }
  /// The position as a counting iterator (Thrust's base()).
  TIDE_HOST_DEVICE counting_iterator<Difference> base() const { return counting_iterator<Difference>(index_); }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE proxy_ dereference() const { return proxy_(f_.get(), index_); }
  TIDE_HOST_DEVICE void advance(Difference n) { index_ += n; }
  TIDE_HOST_DEVICE Difference distance_to(const tabulate_output_iterator& other) const {
    return other.index_ - index_;
  }

  detail::iterators::functor_box<F> f_;
  Difference index_ = 0;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A tabulate_output_iterator calling `f(i, v)` for each value v written at position i.
template <class F>
TIDE_HOST_DEVICE tabulate_output_iterator<F> make_tabulate_output_iterator(F f) {
  return tabulate_output_iterator<F>(f);
}

}  // namespace tide
