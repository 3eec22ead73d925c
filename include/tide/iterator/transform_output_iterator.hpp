#pragma once
/// \file transform_output_iterator.hpp
/// `transform_output_iterator<F, It>`: writing v through it stores f(v) into the base iterator.

#include <cstddef>

#include "../detail/unwrap.hpp"
#include "iterator_facade.hpp"

namespace tide {

namespace detail::iterators {
/// The reference of a transform_output_iterator: assigning v writes f(v) through the base.
/// It holds copies (not references) so that `it[n] = v` is safe after the temporary `it + n` dies.
template <class F, class It>
class transform_output_proxy {
 public:
  TIDE_HOST_DEVICE transform_output_proxy(const It& it, const F& f) : it_(it), f_(f) {}
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class V>
  TIDE_HOST_DEVICE const transform_output_proxy& operator=(V&& v) const {
    // f_ is a mutable member, so its F is never a const object: calling through the non-const
    // reference is well defined and accepts a non-const operator() (as Thrust does).
    *it_ = const_cast<F&>(f_.get())(static_cast<V&&>(v));
    return *this;
  }

 private:
  It it_;
  mutable functor_box<F> f_;
};
}  // namespace detail::iterators

/// An output iterator that applies `f` to each value written, then writes the result through
/// `it`. Reading through it is not possible; value_type is the base's (as in Thrust). It belongs
/// to the system of `It`; F is copied, never default-constructed, and its operator() need not be
/// const.
template <class F, class It>
class transform_output_iterator
    : public iterator_facade<transform_output_iterator<F, It>, detail::iterators::value_t<It>,
                             detail::iterators::transform_output_proxy<F, It>, void,
                             iterator_system_t<It>> {
 public:
  transform_output_iterator() = default;
  TIDE_HOST_DEVICE transform_output_iterator(It it, const F& f) : it_(it), f_(f) {}

  /// The underlying output iterator.
  TIDE_HOST_DEVICE const It& base() const { return it_; }
  /// The function applied to each value written.
  TIDE_HOST_DEVICE const F& functor() const { return f_.get(); }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE detail::iterators::transform_output_proxy<F, It> dereference() const {
    return detail::iterators::transform_output_proxy<F, It>(it_, f_.get());
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { it_ += n; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const transform_output_iterator& other) const {
    return static_cast<std::ptrdiff_t>(other.it_ - it_);
  }

  It it_;
  detail::iterators::functor_box<F> f_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A transform_output_iterator writing `f(v)` through `it` for each `v` written.
template <class It, class F>
TIDE_HOST_DEVICE transform_output_iterator<F, It> make_transform_output_iterator(It it, F f) {
  return transform_output_iterator<F, It>(it, f);
}

namespace detail {
template <class F, class It>
struct unwrap_traits<transform_output_iterator<F, It>> {
  using type = transform_output_iterator<F, unwrapped_t<It>>;
  static TIDE_HOST_DEVICE type unwrap(const transform_output_iterator<F, It>& it) {
    return type(unwrap_iterator(it.base()), it.functor());
  }
};
}  // namespace detail

}  // namespace tide
