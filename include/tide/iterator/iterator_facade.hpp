#pragma once
/// \file iterator_facade.hpp
/// The base of tide's iterator adaptors: a derived iterator defines a few private primitives and
/// gets every iterator operation, host and device callable. The primitives (Thrust's names):
///   reference dereference() const;
///   void advance(difference_type n);
///   difference_type distance_to(const Derived& other) const;   // other - *this
///   void increment(); void decrement();                          // optional: else advance(+-1)
///   bool equal(const Derived& other) const;                      // optional: else distance_to == 0
/// An iterator that only steps (forward traversal) may define increment and equal without advance
/// and distance_to. The derived class befriends `tide::iterator_core_access`.
///
/// Two parameter orders are accepted, told apart by the fourth parameter:
///   iterator_facade<Derived, Value, Reference, Pointer, System>                  (tide's)
///   iterator_facade<Derived, Value, System, Traversal, Reference, Difference>    (Thrust's)
/// Thrust's is recognized by a traversal tag (random_access_traversal_tag, ...) or a standard
/// iterator category in the fourth place; Difference defaults to std::ptrdiff_t, and pointer is
/// void, as in Thrust.

#include <cstddef>
#include <iterator>
#include <new>
#include <type_traits>
#include <utility>

#include "../config.hpp"
#include "../detail/system.hpp"
#include "iterator_categories.hpp"

namespace tide {

namespace detail::iterators {
/// Marks a facade parameter left out (the sixth, Difference).
struct facade_default {};

// tide's order: <Value, Reference, Pointer, System>.
template <class Value, class A, class B, class C, class D, bool ThrustOrder>
struct facade_types {
  static_assert(std::is_same_v<D, facade_default>,
                "tide::iterator_facade: tide's order takes 5 parameters <Derived, Value, Reference, Pointer, "
                "System>; Thrust's <Derived, Value, System, Traversal, Reference, Difference> needs a traversal "
                "tag fourth");
  using value_type = Value;
  using reference = A;
  using pointer = B;
  using system_type = C;
  using difference_type = std::ptrdiff_t;
  using iterator_category = std::random_access_iterator_tag;
};
// Thrust's order: <Value, System, Traversal, Reference, Difference>.
template <class Value, class A, class B, class C, class D>
struct facade_types<Value, A, B, C, D, true> {
  using value_type = std::remove_const_t<Value>;
  using reference = C;
  using pointer = void;
  using system_type = A;
  using difference_type = std::conditional_t<std::is_same_v<D, facade_default>, std::ptrdiff_t, D>;
  using iterator_category = traversal_to_category_t<B>;
};
template <class Value, class A, class B, class C, class D>
using facade_types_t = facade_types<Value, A, B, C, D, is_traversal_tag_v<B> || is_std_category_v<B>>;
}  // namespace detail::iterators

template <class Derived, class Value, class A, class B, class C, class D = detail::iterators::facade_default>
class iterator_facade;

namespace detail::iterators {
template <class D, class V, class A, class B, class C, class E>
std::true_type facade_probe(const iterator_facade<D, V, A, B, C, E>*);
std::false_type facade_probe(const void*);
/// Whether It is built on iterator_facade (iterator_adaptor's included).
template <class It>
inline constexpr bool is_facade_v = decltype(facade_probe(static_cast<const It*>(nullptr)))::value;
}  // namespace detail::iterators

/// Gives iterator_facade access to a derived iterator's private primitives (befriend it).
class iterator_core_access {
  template <class D>
  static auto has_increment(int) -> decltype(std::declval<D&>().increment(), std::true_type{});
  template <class D>
  static std::false_type has_increment(...);
  template <class D>
  static auto has_decrement(int) -> decltype(std::declval<D&>().decrement(), std::true_type{});
  template <class D>
  static std::false_type has_decrement(...);
  template <class D>
  static auto has_advance(int) -> decltype(std::declval<D&>().advance(0), std::true_type{});
  template <class D>
  static std::false_type has_advance(...);
  // Whether a.equal(b) and a.distance_to(b) compile for an A and a B (the same type, or two
  // interoperable iterators: an iterator and its const version, adaptors over interoperable bases).
  template <class A, class B>
  static auto has_equal(int)
      -> decltype(static_cast<bool>(std::declval<const A&>().equal(std::declval<const B&>())), std::true_type{});
  template <class A, class B>
  static std::false_type has_equal(...);
  template <class A, class B>
  static auto has_distance_to(int) -> decltype(std::declval<const A&>().distance_to(std::declval<const B&>()),
                                               std::true_type{});
  template <class A, class B>
  static std::false_type has_distance_to(...);
  template <class A, class B>
  static constexpr bool has_equal_v = decltype(has_equal<A, B>(0))::value;
  template <class A, class B>
  static constexpr bool has_distance_to_v = decltype(has_distance_to<A, B>(0))::value;

#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class D>
  static TIDE_HOST_DEVICE decltype(auto) dereference(const D& d) { return d.dereference(); }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class D, class N>
  static TIDE_HOST_DEVICE void advance(D& d, N n) {
    if constexpr (decltype(has_advance<D>(0))::value) {
      d.advance(n);
    } else {  // a stepping iterator: n single steps
      for (; n > 0; --n) increment(d);
      if constexpr (decltype(has_decrement<D>(0))::value)  // a forward iterator never goes back
        for (; n < 0; ++n) d.decrement();
    }
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class D>
  static TIDE_HOST_DEVICE void increment(D& d) {
    if constexpr (decltype(has_increment<D>(0))::value) d.increment();
    else d.advance(1);
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class D>
  static TIDE_HOST_DEVICE void decrement(D& d) {
    if constexpr (decltype(has_decrement<D>(0))::value) d.decrement();
    else d.advance(-1);
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class D>
  static TIDE_HOST_DEVICE auto distance_to(const D& from, const D& to) {
    return from.distance_to(to);
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class A, class B>
  static TIDE_HOST_DEVICE bool equal(const A& a, const B& b) {
    if constexpr (has_equal_v<A, B>) return static_cast<bool>(a.equal(b));
    else if constexpr (has_equal_v<B, A>) return static_cast<bool>(b.equal(a));
    else if constexpr (has_distance_to_v<A, B>) return a.distance_to(b) == 0;
    else return b.distance_to(a) == 0;
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  /// a - b for two interoperable iterators: as Thrust, -a.distance_to(b) where B converts to A,
  /// else b.distance_to(a); the other form where only it compiles.
  template <class A, class B, class Difference>
  static TIDE_HOST_DEVICE Difference difference(const A& a, const B& b) {
    if constexpr (std::is_convertible_v<B, A> ? has_distance_to_v<A, B> : !has_distance_to_v<B, A>)
      return static_cast<Difference>(-static_cast<Difference>(a.distance_to(b)));
    else
      return static_cast<Difference>(b.distance_to(a));
  }
  template <class A, class B>
  static constexpr bool comparable_v =
      has_equal_v<A, B> || has_equal_v<B, A> || has_distance_to_v<A, B> || has_distance_to_v<B, A>;
  template <class A, class B>
  static constexpr bool subtractable_v = has_distance_to_v<A, B> || has_distance_to_v<B, A>;

  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  template <class, class, class, class, class, class>
  friend class iterator_facade;
};

/// An iterator over Derived's primitives (see the file comment for the two parameter orders).
/// Reference may be a proxy or a value. tide's order is always random access.
template <class Derived, class Value, class A, class B, class C, class D>
class iterator_facade {
  using types_ = detail::iterators::facade_types_t<Value, A, B, C, D>;

 public:
  using iterator_category = typename types_::iterator_category;
  using value_type = typename types_::value_type;
  using difference_type = typename types_::difference_type;
  using pointer = typename types_::pointer;
  using reference = typename types_::reference;
  using system_type = typename types_::system_type;

 private:
  // Whether the mixed operators below take an It: another facade-based type whose primitives and
  // Derived's accept each other. Non-facades are refused before their primitives are looked at.
  template <class It>
  static constexpr bool compares_with() {
    if constexpr (std::is_same_v<It, Derived> || !detail::iterators::is_facade_v<It>)
      return false;
    else
      return iterator_core_access::comparable_v<Derived, It>;
  }
  template <class It>
  static constexpr bool subtracts_with() {
    if constexpr (std::is_same_v<It, Derived> || !detail::iterators::is_facade_v<It>)
      return false;
    else
      return iterator_core_access::subtractable_v<Derived, It>;
  }
  template <class It, bool = subtracts_with<It>()>
  struct mixed_difference {};
  template <class It>
  struct mixed_difference<It, true> {
    using type = std::conditional_t<std::is_convertible_v<It, Derived>, difference_type, typename It::difference_type>;
  };
  template <class It>
  static TIDE_HOST_DEVICE typename mixed_difference<It>::type difference(const Derived& a, const It& b) {
    return iterator_core_access::difference<Derived, It, typename mixed_difference<It>::type>(a, b);
  }

 public:
  TIDE_HOST_DEVICE reference operator*() const { return iterator_core_access::dereference(derived()); }
  TIDE_HOST_DEVICE reference operator[](difference_type n) const { return *(derived() + n); }

  TIDE_HOST_DEVICE Derived& operator++() {
    iterator_core_access::increment(derived());
    return derived();
  }
  TIDE_HOST_DEVICE Derived& operator--() {
    iterator_core_access::decrement(derived());
    return derived();
  }
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
  friend TIDE_HOST_DEVICE bool operator==(const Derived& a, const Derived& b) { return equal(a, b); }
  friend TIDE_HOST_DEVICE bool operator!=(const Derived& a, const Derived& b) { return !equal(a, b); }
  friend TIDE_HOST_DEVICE bool operator<(const Derived& a, const Derived& b) { return a - b < 0; }
  friend TIDE_HOST_DEVICE bool operator>(const Derived& a, const Derived& b) { return a - b > 0; }
  friend TIDE_HOST_DEVICE bool operator<=(const Derived& a, const Derived& b) { return a - b <= 0; }
  friend TIDE_HOST_DEVICE bool operator>=(const Derived& a, const Derived& b) { return a - b >= 0; }

  // Two iterators of different types compare and subtract where their primitives accept each other
  // (Thrust's operators over two facades): an iterator and its const version, two adaptors over
  // interoperable bases, reverse_iterator<int*> and reverse_iterator<const int*>. Both orders work,
  // whichever side has the primitive (Thrust's == asks the left one). Same-type pairs keep the
  // operators above, which also accept what converts to Derived.
  template <class It>
  friend TIDE_HOST_DEVICE std::enable_if_t<iterator_facade::template compares_with<It>(), bool> operator==(
      const Derived& a, const It& b) {
    return iterator_facade::equal(a, b);
  }
  template <class It>
  friend TIDE_HOST_DEVICE std::enable_if_t<iterator_facade::template compares_with<It>(), bool> operator!=(
      const Derived& a, const It& b) {
    return !iterator_facade::equal(a, b);
  }
  /// a - b, in Thrust's type: Derived's difference_type where It converts to Derived, else It's.
  template <class It>
  friend TIDE_HOST_DEVICE typename iterator_facade::template mixed_difference<It>::type operator-(const Derived& a,
                                                                                                const It& b) {
    return iterator_facade::template difference<It>(a, b);
  }
  template <class It>
  friend TIDE_HOST_DEVICE std::enable_if_t<iterator_facade::template subtracts_with<It>(), bool> operator<(
      const Derived& a, const It& b) {
    return iterator_facade::template difference<It>(a, b) < 0;
  }
  template <class It>
  friend TIDE_HOST_DEVICE std::enable_if_t<iterator_facade::template subtracts_with<It>(), bool> operator>(
      const Derived& a, const It& b) {
    return iterator_facade::template difference<It>(a, b) > 0;
  }
  template <class It>
  friend TIDE_HOST_DEVICE std::enable_if_t<iterator_facade::template subtracts_with<It>(), bool> operator<=(
      const Derived& a, const It& b) {
    return iterator_facade::template difference<It>(a, b) <= 0;
  }
  template <class It>
  friend TIDE_HOST_DEVICE std::enable_if_t<iterator_facade::template subtracts_with<It>(), bool> operator>=(
      const Derived& a, const It& b) {
    return iterator_facade::template difference<It>(a, b) >= 0;
  }

 private:
  // The hidden friends above reach the derived primitives through these members.
  static TIDE_HOST_DEVICE difference_type distance(const Derived& from, const Derived& to) {
    return static_cast<difference_type>(iterator_core_access::distance_to(from, to));
  }
  template <class It>
  static TIDE_HOST_DEVICE bool equal(const Derived& a, const It& b) {
    return iterator_core_access::equal(a, b);
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
