#pragma once
/// \file transform_input_output_iterator.hpp
/// `transform_input_output_iterator<InF, OutF, It>`: reading element i gives `in_f(it[i])`, writing
/// v to it stores `out_f(v)` into `it[i]` (e.g. to keep data scaled or encoded in memory while
/// algorithms see plain values).

#include <cstddef>
#include <type_traits>

#include "../detail/invoke.hpp"
#include "../detail/unwrap.hpp"
#include "iterator_facade.hpp"

namespace tide {

namespace detail::iterators {

template <class InF, class It>
using transform_input_value_t =
    std::remove_cv_t<std::remove_reference_t<detail::invoke_result_t<InF&, value_t<It>>>>;

/// The reference of a transform_input_output_iterator: converts to in_f(*it) and, assigned v,
/// writes out_f(v) through it. It holds copies of the functors, mutable, so that functors whose
/// operator() is not const can be called.
template <class InF, class OutF, class It>
class transform_input_output_proxy {
 public:
  using value_type = transform_input_value_t<InF, It>;

  TIDE_HOST_DEVICE transform_input_output_proxy(const It& it, const InF& in_f, const OutF& out_f)
      : it_(it), in_f_(in_f), out_f_(out_f) {}
  transform_input_output_proxy(const transform_input_output_proxy&) = default;

#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE operator value_type() const { return in_f_(*it_); }

#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class V>
  TIDE_HOST_DEVICE const transform_input_output_proxy& operator=(const V& v) const {
    *it_ = out_f_(v);
    return *this;
  }
  // `*a = *b`: b's value as read (in_f), written as any value is (out_f).
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE const transform_input_output_proxy& operator=(const transform_input_output_proxy& v) const {
    *it_ = out_f_(static_cast<value_type>(v));
    return *this;
  }

 private:
  It it_;
  mutable InF in_f_;
  mutable OutF out_f_;
};

}  // namespace detail::iterators

/// An iterator over `it` that applies `in_f` to what is read and `out_f` to what is written.
/// value_type is in_f's result; the reference is a proxy. It belongs to the system of `It`. The
/// functors are copied, never default-constructed; a __device__ lambda must be wrapped with
/// `proclaim_return_type` (the host needs in_f's result type).
template <class InF, class OutF, class It>
class transform_input_output_iterator
    : public iterator_facade<transform_input_output_iterator<InF, OutF, It>,
                             detail::iterators::transform_input_value_t<InF, It>,
                             detail::iterators::transform_input_output_proxy<InF, OutF, It>, void,
                             iterator_system_t<It>> {
  using proxy_ = detail::iterators::transform_input_output_proxy<InF, OutF, It>;

 public:
  transform_input_output_iterator() = default;
  TIDE_HOST_DEVICE transform_input_output_iterator(const It& it, const InF& in_f, const OutF& out_f)
      : it_(it), in_f_(in_f), out_f_(out_f) {}

  /// The underlying iterator.
  TIDE_HOST_DEVICE const It& base() const { return it_; }
  /// The function applied to what is read.
  TIDE_HOST_DEVICE const InF& input_functor() const { return in_f_.get(); }
  /// The function applied to what is written.
  TIDE_HOST_DEVICE const OutF& output_functor() const { return out_f_.get(); }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE proxy_ dereference() const { return proxy_(it_, in_f_.get(), out_f_.get()); }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { it_ += n; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const transform_input_output_iterator& other) const {
    return static_cast<std::ptrdiff_t>(other.it_ - it_);
  }

  It it_;
  detail::iterators::functor_box<InF> in_f_;
  detail::iterators::functor_box<OutF> out_f_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A transform_input_output_iterator over `it`: reads give in_f(it[i]), writes of v store out_f(v).
template <class InF, class OutF, class It>
TIDE_HOST_DEVICE transform_input_output_iterator<InF, OutF, It> make_transform_input_output_iterator(
    It it, InF in_f, OutF out_f) {
  return transform_input_output_iterator<InF, OutF, It>(it, in_f, out_f);
}

namespace detail {
template <class InF, class OutF, class It>
struct unwrap_traits<transform_input_output_iterator<InF, OutF, It>> {
  using type = transform_input_output_iterator<InF, OutF, unwrapped_t<It>>;
  static TIDE_HOST_DEVICE type unwrap(const transform_input_output_iterator<InF, OutF, It>& it) {
    return type(unwrap_iterator(it.base()), it.input_functor(), it.output_functor());
  }
};
}  // namespace detail

}  // namespace tide
