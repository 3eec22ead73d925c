#pragma once
/// \file iterator_adaptor.hpp
/// `iterator_adaptor<Derived, Base, Value, System, Traversal, Reference, Difference>`: the base for
/// writing an iterator that wraps another (Thrust's, parameter for parameter). It holds the base
/// iterator and forwards every primitive to it; Derived overrides the ones it changes (privately,
/// befriending `tide::iterator_core_access`):
///
///     template <class It>
///     class repeat_iterator : public tide::iterator_adaptor<repeat_iterator<It>, It> {
///       using super_t = tide::iterator_adaptor<repeat_iterator<It>, It>;
///       friend class tide::iterator_core_access;
///       typename super_t::reference dereference() const { ... this->base() ... }
///      public:
///       repeat_iterator(It it) : super_t(it) {}
///     };
///
/// Parameters left as `use_default` come from Base: value, system, traversal, difference; the
/// reference is Base's reference when Value is defaulted, else `Value&` (as in Thrust).

#include <type_traits>
#include <utility>

#include "iterator_facade.hpp"

namespace tide {

namespace detail::iterators {

template <class T, class Default>
using or_default_t = std::conditional_t<std::is_same_v<T, use_default>, Default, T>;

template <class It>
using traversal_of_t = typename category_to_traversal<typename std::iterator_traits<It>::iterator_category>::type;

// Lazy, so that a given parameter never asks Base for what it need not have.
template <class T, template <class> class Trait, class It>
struct or_trait {
  using type = T;
};
template <template <class> class Trait, class It>
struct or_trait<use_default, Trait, It> {
  using type = Trait<It>;
};

template <class It> using value_of_t = typename std::iterator_traits<It>::value_type;
template <class It> using reference_of_t = typename std::iterator_traits<It>::reference;
template <class It> using difference_of_t = typename std::iterator_traits<It>::difference_type;
template <class It> using system_of_t = iterator_system_t<It>;

template <class Derived, class Base, class Value, class System, class Traversal, class Reference, class Difference>
struct adaptor_base {
  using value = typename or_trait<Value, value_of_t, Base>::type;
  using system = typename or_trait<System, system_of_t, Base>::type;
  using traversal = typename or_trait<Traversal, traversal_of_t, Base>::type;
  using reference = typename std::conditional_t<
      std::is_same_v<Reference, use_default>,
      std::conditional_t<std::is_same_v<Value, use_default>, or_trait<use_default, reference_of_t, Base>,
                         std::add_lvalue_reference<Value>>,
      or_trait<Reference, reference_of_t, Base>>::type;
  using difference = typename or_trait<Difference, difference_of_t, Base>::type;
  using type = iterator_facade<Derived, value, system, traversal, reference, difference>;
};

}  // namespace detail::iterators

/// An iterator wrapping `Base`: every primitive forwards to the base until Derived overrides it.
template <class Derived, class Base, class Value = use_default, class System = use_default,
          class Traversal = use_default, class Reference = use_default, class Difference = use_default>
class iterator_adaptor
    : public detail::iterators::adaptor_base<Derived, Base, Value, System, Traversal, Reference, Difference>::type {
 protected:
  using super_t =
      typename detail::iterators::adaptor_base<Derived, Base, Value, System, Traversal, Reference, Difference>::type;

 public:
  using base_type = Base;
  using reference = typename super_t::reference;
  using difference_type = typename super_t::difference_type;

  iterator_adaptor() = default;
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE explicit iterator_adaptor(const Base& it) : it_(it) {}

  /// The wrapped iterator.
  TIDE_HOST_DEVICE const Base& base() const { return it_; }

 protected:
  /// The wrapped iterator, for Derived to read or move.
  TIDE_HOST_DEVICE const Base& base_reference() const { return it_; }
  TIDE_HOST_DEVICE Base& base_reference() { return it_; }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE reference dereference() const { return *it_; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  // Any other adaptor whose base compares with Base (Thrust's rule; the condition keeps the mixed
  // operators of iterator_facade from offering themselves for bases that do not compare).
  template <class D2, class B2, class V2, class S2, class T2, class R2, class F2,
            class = decltype(std::declval<const Base&>() == std::declval<const B2&>())>
  TIDE_HOST_DEVICE bool equal(const iterator_adaptor<D2, B2, V2, S2, T2, R2, F2>& other) const {
    return it_ == other.base();
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void advance(difference_type n) { it_ = static_cast<Base>(it_ + n); }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void increment() { ++it_; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void decrement() { --it_; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class D2, class B2, class V2, class S2, class T2, class R2, class F2,
            class = decltype(std::declval<const B2&>() - std::declval<const Base&>())>
  TIDE_HOST_DEVICE difference_type distance_to(const iterator_adaptor<D2, B2, V2, S2, T2, R2, F2>& other) const {
    return static_cast<difference_type>(other.base() - it_);
  }

  Base it_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

}  // namespace tide
