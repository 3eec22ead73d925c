#pragma once
/// \file pair.hpp
/// `tide::pair<A, B>`: two values, `.first` and `.second`, host and device callable; what
/// reduce_by_key and minmax_element return (Thrust returns `thrust::pair`). Its members are public,
/// so structured bindings work: `auto [keys_end, values_end] = tide::reduce_by_key(...);`.

#include <type_traits>
#include <utility>

#include "config.hpp"

namespace tide {

/// A pair of values, as `thrust::pair`.
template <class A, class B>
struct pair {
  using first_type = A;
  using second_type = B;

  A first;
  B second;

  TIDE_HOST_DEVICE constexpr pair() : first(), second() {}
  TIDE_HOST_DEVICE constexpr pair(const A& a, const B& b) : first(a), second(b) {}
  template <class U, class V,
            std::enable_if_t<std::is_constructible_v<A, const U&> && std::is_constructible_v<B, const V&>, int> = 0>
  TIDE_HOST_DEVICE constexpr pair(const pair<U, V>& o) : first(o.first), second(o.second) {}
  /// From a std::pair (and back, below), for code that mixes the two.
  template <class U, class V,
            std::enable_if_t<std::is_constructible_v<A, const U&> && std::is_constructible_v<B, const V&>, int> = 0>
  constexpr pair(const std::pair<U, V>& o) : first(o.first), second(o.second) {}
  constexpr operator std::pair<A, B>() const { return std::pair<A, B>(first, second); }

  friend TIDE_HOST_DEVICE constexpr bool operator==(const pair& l, const pair& r) {
    return l.first == r.first && l.second == r.second;
  }
  friend TIDE_HOST_DEVICE constexpr bool operator!=(const pair& l, const pair& r) { return !(l == r); }
};

/// A pair of `a` and `b`.
template <class A, class B>
TIDE_HOST_DEVICE constexpr pair<A, B> make_pair(A a, B b) {
  return pair<A, B>(a, b);
}

}  // namespace tide
