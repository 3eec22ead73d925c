#pragma once
/// \file iterator_facade.hpp
/// The base of tide's iterator adaptors: a derived iterator defines three private members and
/// gets every random-access operation, host and device callable:
///   reference dereference() const;
///   void advance(std::ptrdiff_t n);
///   std::ptrdiff_t distance_to(const Derived& other) const;   // other - *this
/// and befriends `tide::iterator_core_access`.

#include <cstddef>
#include <iterator>
#include <new>
#include <type_traits>

#include "../config.hpp"
#include "../detail/system.hpp"

namespace tide {

/// Gives iterator_facade access to a derived iterator's private primitives.
class iterator_core_access {
  template <class, class, class, class, class>
  friend class iterator_facade;

  template <class D>
  static TIDE_HOST_DEVICE decltype(auto) dereference(const D& d) { return d.dereference(); }
  template <class D>
  static TIDE_HOST_DEVICE void advance(D& d, std::ptrdiff_t n) { d.advance(n); }
  template <class D>
  static TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const D& from, const D& to) {
    return from.distance_to(to);
  }
};

/// A random-access iterator over Derived's primitives. Reference may be a proxy or a value.
template <class Derived, class Value, class Reference, class Pointer, class System>
class iterator_facade {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = Value;
  using difference_type = std::ptrdiff_t;
  using pointer = Pointer;
  using reference = Reference;
  using system_type = System;

  TIDE_HOST_DEVICE reference operator*() const { return iterator_core_access::dereference(derived()); }
  TIDE_HOST_DEVICE reference operator[](difference_type n) const { return *(derived() + n); }

  TIDE_HOST_DEVICE Derived& operator++() { return derived() += 1; }
  TIDE_HOST_DEVICE Derived& operator--() { return derived() -= 1; }
  TIDE_HOST_DEVICE Derived operator++(int) {
    Derived t = derived();
    ++*this;
    return t;
  }
  TIDE_HOST_DEVICE Derived operator--(int) {
    Derived t = derived();
    --*this;
    return t;
  }
  TIDE_HOST_DEVICE Derived& operator+=(difference_type n) {
    iterator_core_access::advance(derived(), n);
    return derived();
  }
  TIDE_HOST_DEVICE Derived& operator-=(difference_type n) {
    iterator_core_access::advance(derived(), -n);
    return derived();
  }

  friend TIDE_HOST_DEVICE Derived operator+(Derived it, difference_type n) { return it += n; }
  friend TIDE_HOST_DEVICE Derived operator+(difference_type n, Derived it) { return it += n; }
  friend TIDE_HOST_DEVICE Derived operator-(Derived it, difference_type n) { return it -= n; }
  friend TIDE_HOST_DEVICE difference_type operator-(const Derived& a, const Derived& b) {
    return distance(b, a);
  }
  friend TIDE_HOST_DEVICE bool operator==(const Derived& a, const Derived& b) { return a - b == 0; }
  friend TIDE_HOST_DEVICE bool operator!=(const Derived& a, const Derived& b) { return a - b != 0; }
  friend TIDE_HOST_DEVICE bool operator<(const Derived& a, const Derived& b) { return a - b < 0; }
  friend TIDE_HOST_DEVICE bool operator>(const Derived& a, const Derived& b) { return a - b > 0; }
  friend TIDE_HOST_DEVICE bool operator<=(const Derived& a, const Derived& b) { return a - b <= 0; }
  friend TIDE_HOST_DEVICE bool operator>=(const Derived& a, const Derived& b) { return a - b >= 0; }

 private:
  // The hidden friends above reach the derived primitives through this member.
  static TIDE_HOST_DEVICE difference_type distance(const Derived& from, const Derived& to) {
    return iterator_core_access::distance_to(from, to);
  }
  TIDE_HOST_DEVICE Derived& derived() { return static_cast<Derived&>(*this); }
  TIDE_HOST_DEVICE const Derived& derived() const { return static_cast<const Derived&>(*this); }
};

namespace detail::iterators {

template <class It>
using reference_t = typename std::iterator_traits<It>::reference;
template <class It>
using value_t = typename std::iterator_traits<It>::value_type;
template <class It>
using pointer_t = typename std::iterator_traits<It>::pointer;

/// Holds a functor by value, copy-construct only; assignable even when F is not (a lambda's copy
/// assignment is deleted, but iterators must be assignable): assignment re-constructs F in place.
template <class F, bool = std::is_copy_assignable_v<F>>
class functor_box {
 public:
  functor_box() = default;
  TIDE_HOST_DEVICE explicit functor_box(const F& f) : f_(f) {}
  TIDE_HOST_DEVICE const F& get() const { return f_; }

 private:
  F f_;
};
template <class F>
class functor_box<F, false> {
 public:
  functor_box() = default;
  TIDE_HOST_DEVICE explicit functor_box(const F& f) : f_(f) {}
  functor_box(const functor_box&) = default;
  TIDE_HOST_DEVICE functor_box& operator=(const functor_box& o) {
    if (this != &o) {
      f_.~F();
      ::new (static_cast<void*>(&f_)) F(o.f_);
    }
    return *this;
  }
  TIDE_HOST_DEVICE const F& get() const { return f_; }

 private:
  F f_;
};

}  // namespace detail::iterators

}  // namespace tide
