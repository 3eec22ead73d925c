#pragma once
/// \file transform_iterator.hpp
/// `transform_iterator<F, It>`: the elements f(*it), computed on each read.

#include <cstddef>
#include <type_traits>

#include "../detail/invoke.hpp"
#include "../detail/unwrap.hpp"
#include "iterator_facade.hpp"

namespace tide {

namespace detail::iterators {
template <class F, class It>
using transform_value_t =
    std::remove_cv_t<std::remove_reference_t<detail::invoke_result_t<F&, reference_t<It>>>>;
}  // namespace detail::iterators

/// An iterator whose element i is `f(it[i])`, returned by value (so a functor returning a
/// reference never leaves one dangling). It belongs to the system of `It`. F is copied, never
/// default-constructed; a __device__ lambda must be wrapped with `proclaim_return_type`. As in
/// Thrust, F's operator() need not be const: the iterator's copy of F is called as a mutable
/// object even through a const iterator.
template <class F, class It>
class transform_iterator
    : public iterator_facade<transform_iterator<F, It>, detail::iterators::transform_value_t<F, It>,
                             detail::iterators::transform_value_t<F, It>, void, iterator_system_t<It>> {
  using value_type_ = detail::iterators::transform_value_t<F, It>;

 public:
  transform_iterator() = default;
  TIDE_HOST_DEVICE transform_iterator(It it, const F& f) : it_(it), f_(f) {}

  /// The underlying iterator.
  TIDE_HOST_DEVICE const It& base() const { return it_; }
  /// The function applied to each element.
  TIDE_HOST_DEVICE const F& functor() const { return f_.get(); }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE value_type_ dereference() const { return mutable_functor()(*it_); }
  // f_ is a mutable member, so its F is never a const object: calling through the non-const
  // reference is well defined, and reaches a non-const operator() (Thrust's behaviour).
  TIDE_HOST_DEVICE F& mutable_functor() const { return const_cast<F&>(f_.get()); }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { it_ += n; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class F2, class It2>  // as Thrust's adaptor: any transform_iterator whose base subtracts
  TIDE_HOST_DEVICE auto distance_to(const transform_iterator<F2, It2>& other) const
      -> decltype(static_cast<std::ptrdiff_t>(other.base() - base())) {
    return static_cast<std::ptrdiff_t>(other.base() - it_);
  }

  It it_;
  mutable detail::iterators::functor_box<F> f_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A transform_iterator applying `f` to the elements of `it`.
template <class It, class F>
TIDE_HOST_DEVICE transform_iterator<F, It> make_transform_iterator(It it, F f) {
  return transform_iterator<F, It>(it, f);
}

namespace detail {
template <class F, class It>
struct unwrap_traits<transform_iterator<F, It>> {
  using type = transform_iterator<F, unwrapped_t<It>>;
  static TIDE_HOST_DEVICE type unwrap(const transform_iterator<F, It>& it) {
    return type(unwrap_iterator(it.base()), it.functor());
  }
};
}  // namespace detail

}  // namespace tide
