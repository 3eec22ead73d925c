#pragma once
/// \file host_pair.hpp
/// tide's own `pair<A, B>`, for builds without the CUDA toolkit (pair.hpp picks it, or
/// cuda::std::pair). Same interface as cuda::std::pair for what Thrust code uses: `.first`,
/// `.second`, make_pair, get<0>/get<1>, tuple_size, tuple_element, comparisons, structured bindings,
/// conversion from and to std::pair.

#include <cstddef>
#include <type_traits>
#include <utility>

#include "host_tuple.hpp"

namespace tide {

/// A pair of values, as `thrust::pair` (cuda::std::pair).
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
  /// From a two-element tuple, e.g. a zip_iterator's element.
  template <class U, class V,
            std::enable_if_t<std::is_constructible_v<A, const U&> && std::is_constructible_v<B, const V&>, int> = 0>
  TIDE_HOST_DEVICE constexpr pair(const tuple<U, V>& o) : first(get<0>(o)), second(get<1>(o)) {}
  /// From a std::pair (and back, below), for code that mixes the two.
  template <class U, class V,
            std::enable_if_t<std::is_constructible_v<A, const U&> && std::is_constructible_v<B, const V&>, int> = 0>
  constexpr pair(const std::pair<U, V>& o) : first(o.first), second(o.second) {}
  constexpr operator std::pair<A, B>() const { return std::pair<A, B>(first, second); }
};

template <class A, class B>
pair(A, B) -> pair<A, B>;

/// A pair of `a` and `b`.
template <class A, class B>
TIDE_HOST_DEVICE constexpr pair<std::decay_t<A>, std::decay_t<B>> make_pair(A&& a, B&& b) {
  return pair<std::decay_t<A>, std::decay_t<B>>(static_cast<A&&>(a), static_cast<B&&>(b));
}

template <class A, class B>
struct tuple_size<pair<A, B>> : std::integral_constant<std::size_t, 2> {};
template <class A, class B>
struct tuple_element<0, pair<A, B>> {
  using type = A;
};
template <class A, class B>
struct tuple_element<1, pair<A, B>> {
  using type = B;
};

/// `.first` (I = 0) or `.second` (I = 1), as std::get on a pair.
template <std::size_t I, class A, class B>
TIDE_HOST_DEVICE constexpr tuple_element_t<I, pair<A, B>>& get(pair<A, B>& p) noexcept {
  static_assert(I < 2, "tide::get: a pair has two elements");
  if constexpr (I == 0) return p.first; else return p.second;
}
template <std::size_t I, class A, class B>
TIDE_HOST_DEVICE constexpr const tuple_element_t<I, pair<A, B>>& get(const pair<A, B>& p) noexcept {
  static_assert(I < 2, "tide::get: a pair has two elements");
  if constexpr (I == 0) return p.first; else return p.second;
}
template <std::size_t I, class A, class B>
TIDE_HOST_DEVICE constexpr tuple_element_t<I, pair<A, B>>&& get(pair<A, B>&& p) noexcept {
  static_assert(I < 2, "tide::get: a pair has two elements");
  if constexpr (I == 0) return static_cast<A&&>(p.first); else return static_cast<B&&>(p.second);
}

#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
/// Element-wise equality.
template <class A, class B, class C, class D>
TIDE_HOST_DEVICE constexpr bool operator==(const pair<A, B>& l, const pair<C, D>& r) {
  return l.first == r.first && l.second == r.second;
}
template <class A, class B, class C, class D>
TIDE_HOST_DEVICE constexpr bool operator!=(const pair<A, B>& l, const pair<C, D>& r) {
  return !(l == r);
}
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
/// Lexicographic order: first, then second (uses only `<`).
template <class A, class B, class C, class D>
TIDE_HOST_DEVICE constexpr bool operator<(const pair<A, B>& l, const pair<C, D>& r) {
  return l.first < r.first || (!(r.first < l.first) && l.second < r.second);
}
template <class A, class B, class C, class D>
TIDE_HOST_DEVICE constexpr bool operator>(const pair<A, B>& l, const pair<C, D>& r) {
  return r < l;
}
template <class A, class B, class C, class D>
TIDE_HOST_DEVICE constexpr bool operator<=(const pair<A, B>& l, const pair<C, D>& r) {
  return !(r < l);
}
template <class A, class B, class C, class D>
TIDE_HOST_DEVICE constexpr bool operator>=(const pair<A, B>& l, const pair<C, D>& r) {
  return !(l < r);
}

}  // namespace tide

// Structured bindings through get<I>, as std::pair.
template <class A, class B>
struct std::tuple_size<tide::pair<A, B>> : std::integral_constant<std::size_t, 2> {};
template <std::size_t I, class A, class B>
struct std::tuple_element<I, tide::pair<A, B>> {
  using type = tide::tuple_element_t<I, tide::pair<A, B>>;
};
