#pragma once
/// \file host_tuple.hpp
/// tide's own `tuple`, for builds without the CUDA toolkit (tuple.hpp picks it, or cuda::std's).
/// Same interface as cuda::std::tuple for what Thrust code uses: get, make_tuple, tie,
/// forward_as_tuple, ignore, apply, tuple_size(_v), tuple_element(_t), comparisons, swap,
/// structured bindings, construction and assignment from a pair. Each element lives in its own base
/// class (`tuple_leaf<I, T>`), so the tuple is trivially copyable whenever its elements are. A
/// tuple of references assigns through its references (zip_iterator's reference needs that).

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../config.hpp"

namespace tide {

template <class... Ts>
class tuple;
template <class A, class B>
struct pair;

namespace detail {

struct tuple_value_tag {};  // selects a leaf's constructor from an element value

// Elements may be host-only types (std::string): nvcc's host/device check is off (the pragmas
// below) where tide calls their constructors, assignments and comparisons.
template <std::size_t I, class T>
struct tuple_leaf {
  T value{};  // value-initialized by default, as std::tuple and cuda::std::tuple
  tuple_leaf() = default;
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class U>
  TIDE_HOST_DEVICE constexpr tuple_leaf(tuple_value_tag, U&& u) : value(static_cast<U&&>(u)) {}
};

// A reference element: copying rebinds nothing, assigning writes through the reference.
template <std::size_t I, class T>
struct tuple_leaf<I, T&> {
  T& value;
  template <class U>
  TIDE_HOST_DEVICE constexpr tuple_leaf(tuple_value_tag, U&& u) : value(static_cast<U&&>(u)) {}
  tuple_leaf(const tuple_leaf&) = default;
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE constexpr tuple_leaf& operator=(const tuple_leaf& o) {
    value = o.value;
    return *this;
  }
};

template <class Seq, class... Ts>
struct tuple_impl;

template <std::size_t... I, class... Ts>
struct tuple_impl<std::index_sequence<I...>, Ts...> : tuple_leaf<I, Ts>... {
  tuple_impl() = default;
  template <class... Us>
  TIDE_HOST_DEVICE constexpr explicit tuple_impl(tuple_value_tag, Us&&... us)
      : tuple_leaf<I, Ts>(tuple_value_tag{}, static_cast<Us&&>(us))... {}

  // From another tuple of the same size, element by element.
  template <class... Us>
  TIDE_HOST_DEVICE constexpr explicit tuple_impl(const tuple_impl<std::index_sequence<I...>, Us...>& o)
      : tuple_leaf<I, Ts>(tuple_value_tag{}, static_cast<const tuple_leaf<I, Us>&>(o).value)... {}
  template <class... Us>
  TIDE_HOST_DEVICE constexpr explicit tuple_impl(tuple_impl<std::index_sequence<I...>, Us...>& o)
      : tuple_leaf<I, Ts>(tuple_value_tag{}, static_cast<tuple_leaf<I, Us>&>(o).value)... {}
  template <class... Us>
  TIDE_HOST_DEVICE constexpr explicit tuple_impl(tuple_impl<std::index_sequence<I...>, Us...>&& o)
      : tuple_leaf<I, Ts>(tuple_value_tag{},
                          static_cast<Us&&>(static_cast<tuple_leaf<I, Us>&>(o).value))... {}

#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class... Us>
  TIDE_HOST_DEVICE constexpr void assign(const tuple_impl<std::index_sequence<I...>, Us...>& o) {
    (static_cast<void>(static_cast<tuple_leaf<I, Ts>&>(*this).value =
                           static_cast<const tuple_leaf<I, Us>&>(o).value),
     ...);
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class... Us>
  TIDE_HOST_DEVICE constexpr void assign(tuple_impl<std::index_sequence<I...>, Us...>&& o) {
    (static_cast<void>(static_cast<tuple_leaf<I, Ts>&>(*this).value =
                           static_cast<Us&&>(static_cast<tuple_leaf<I, Us>&>(o).value)),
     ...);
  }
};

template <class T>
struct tuple_type_box {
  using type = T;
};
// Finds the element type of index I by deduction against the leaf base classes.
template <std::size_t I, class T>
tuple_type_box<T> tuple_select(const tuple_leaf<I, T>&);

template <class... Ts>
struct tuple_types {};
// Whether To_i is constructible (Assign = false) or assignable (Assign = true) from From_i, pairwise;
// false when the sizes differ.
template <bool SameSize, bool Assign, class To, class From>
struct tuple_pairwise : std::false_type {};
template <class... Ts, class... Us>
struct tuple_pairwise<true, false, tuple_types<Ts...>, tuple_types<Us...>>
    : std::bool_constant<(std::is_constructible_v<Ts, Us> && ...)> {};
template <class... Ts, class... Us>
struct tuple_pairwise<true, true, tuple_types<Ts...>, tuple_types<Us...>>
    : std::bool_constant<(std::is_assignable_v<Ts&, Us> && ...)> {};
// Whether tuple Self converts from tuple Source whose elements are accessed as Args (a copy from
// the same type is left to the copy constructor and copy assignment).
template <bool Assign, class Self, class Source, class... Args>
struct tuple_convertible;
template <bool Assign, class... Ts, class Source, class... Args>
struct tuple_convertible<Assign, tuple<Ts...>, Source, Args...>
    : std::bool_constant<!std::is_same_v<tuple<Ts...>, Source> &&
                         tuple_pairwise<sizeof...(Ts) == sizeof...(Args), Assign, tuple_types<Ts...>,
                                        tuple_types<Args...>>::value> {};
template <bool Assign, class Self, class Source, class... Args>
constexpr bool tuple_convertible_v = tuple_convertible<Assign, Self, Source, Args...>::value;

}  // namespace detail

/// A fixed-size collection of values (or references) of heterogeneous types, host and device.
/// `tuple<int, float> t;` value-initializes (zeroes) the elements, as std::tuple.
template <class... Ts>
class tuple : public detail::tuple_impl<std::index_sequence_for<Ts...>, Ts...> {
  using base_type = detail::tuple_impl<std::index_sequence_for<Ts...>, Ts...>;

 public:
  tuple() = default;
  TIDE_HOST_DEVICE constexpr tuple(const Ts&... ts) : base_type(detail::tuple_value_tag{}, ts...) {}

  /// Converts element by element, e.g. `tuple<int, int>` from a zip reference `tuple<int&, int&>`.
  template <class... Us,
            std::enable_if_t<detail::tuple_convertible_v<false, tuple, tuple<Us...>, const Us&...>, int> = 0>
  TIDE_HOST_DEVICE constexpr tuple(const tuple<Us...>& o) : base_type(o) {}
  template <class... Us,
            std::enable_if_t<detail::tuple_convertible_v<false, tuple, tuple<Us...>, Us&...>, int> = 0>
  TIDE_HOST_DEVICE constexpr tuple(tuple<Us...>& o) : base_type(o) {}
  template <class... Us,
            std::enable_if_t<detail::tuple_convertible_v<false, tuple, tuple<Us...>, Us&&...>, int> = 0>
  TIDE_HOST_DEVICE constexpr tuple(tuple<Us...>&& o) : base_type(static_cast<tuple<Us...>&&>(o)) {}

  /// From a pair (two-element tuples only), as std::tuple.
  template <class U, class V,
            std::enable_if_t<detail::tuple_pairwise<sizeof...(Ts) == 2, false, detail::tuple_types<Ts...>,
                                                    detail::tuple_types<const U&, const V&>>::value,
                             int> = 0>
  TIDE_HOST_DEVICE constexpr tuple(const pair<U, V>& p) : base_type(detail::tuple_value_tag{}, p.first, p.second) {}

  tuple(const tuple&) = default;
  tuple(tuple&&) = default;
  tuple& operator=(const tuple&) = default;  // a reference element writes through (see tuple_leaf)
  tuple& operator=(tuple&&) = default;

  /// Assigns element by element: `tie(a, b) = make_tuple(1, 2)`, `*zip_it = tuple<int, int>(...)`.
  template <class... Us,
            std::enable_if_t<detail::tuple_convertible_v<true, tuple, tuple<Us...>, const Us&...>, int> = 0>
  TIDE_HOST_DEVICE constexpr tuple& operator=(const tuple<Us...>& o) {
    base_type::assign(o);
    return *this;
  }
  template <class... Us,
            std::enable_if_t<detail::tuple_convertible_v<true, tuple, tuple<Us...>, Us&&...>, int> = 0>
  TIDE_HOST_DEVICE constexpr tuple& operator=(tuple<Us...>&& o) {
    base_type::assign(static_cast<tuple<Us...>&&>(o));
    return *this;
  }
  /// Assigns a pair to a two-element tuple: `tie(a, b) = make_pair(1, 2)`.
  template <class U, class V,
            std::enable_if_t<detail::tuple_pairwise<sizeof...(Ts) == 2, true, detail::tuple_types<Ts...>,
                                                    detail::tuple_types<const U&, const V&>>::value,
                             int> = 0>
  TIDE_HOST_DEVICE constexpr tuple& operator=(const pair<U, V>& p) {
    base_type::assign(tuple<const U&, const V&>(p.first, p.second));
    return *this;
  }
};

template <>
class tuple<> {
 public:
  constexpr tuple() = default;
};

/// The element type at index I.
template <std::size_t I, class Tuple>
struct tuple_element;
template <std::size_t I, class... Ts>
struct tuple_element<I, tuple<Ts...>> {
  static_assert(I < sizeof...(Ts), "tide::tuple_element: index out of range");
  using type = typename decltype(detail::tuple_select<I>(
      std::declval<const detail::tuple_impl<std::index_sequence_for<Ts...>, Ts...>&>()))::type;
};
template <std::size_t I, class Tuple>
using tuple_element_t = typename tuple_element<I, Tuple>::type;

/// The number of elements.
template <class Tuple>
struct tuple_size;
template <class... Ts>
struct tuple_size<tuple<Ts...>> : std::integral_constant<std::size_t, sizeof...(Ts)> {};
template <class Tuple>
struct tuple_size<const Tuple> : tuple_size<Tuple> {};
template <class Tuple>
struct tuple_size<volatile Tuple> : tuple_size<Tuple> {};
template <class Tuple>
struct tuple_size<const volatile Tuple> : tuple_size<Tuple> {};
template <std::size_t I, class Tuple>
struct tuple_element<I, const Tuple> {
  using type = std::add_const_t<typename tuple_element<I, Tuple>::type>;
};
/// tuple_size<Tuple>::value (cv-qualified Tuple allowed, as std::tuple_size_v).
template <class Tuple>
inline constexpr std::size_t tuple_size_v = tuple_size<Tuple>::value;

/// Element I of a tuple (lvalue, const and rvalue forms, as std::get).
template <std::size_t I, class... Ts>
TIDE_HOST_DEVICE constexpr tuple_element_t<I, tuple<Ts...>>& get(tuple<Ts...>& t) noexcept {
  return static_cast<detail::tuple_leaf<I, tuple_element_t<I, tuple<Ts...>>>&>(t).value;
}
template <std::size_t I, class... Ts>
TIDE_HOST_DEVICE constexpr const tuple_element_t<I, tuple<Ts...>>& get(const tuple<Ts...>& t) noexcept {
  return static_cast<const detail::tuple_leaf<I, tuple_element_t<I, tuple<Ts...>>>&>(t).value;
}
template <std::size_t I, class... Ts>
TIDE_HOST_DEVICE constexpr tuple_element_t<I, tuple<Ts...>>&& get(tuple<Ts...>&& t) noexcept {
  using E = tuple_element_t<I, tuple<Ts...>>;
  return static_cast<E&&>(static_cast<detail::tuple_leaf<I, E>&>(t).value);
}
template <std::size_t I, class... Ts>
TIDE_HOST_DEVICE constexpr const tuple_element_t<I, tuple<Ts...>>&& get(const tuple<Ts...>&& t) noexcept {
  using E = tuple_element_t<I, tuple<Ts...>>;
  return static_cast<const E&&>(static_cast<const detail::tuple_leaf<I, E>&>(t).value);
}

/// A tuple of copies of the arguments.
template <class... Ts>
TIDE_HOST_DEVICE constexpr tuple<std::decay_t<Ts>...> make_tuple(Ts&&... ts) {
  return tuple<std::decay_t<Ts>...>(static_cast<Ts&&>(ts)...);
}

/// A tuple of references to the arguments: `tie(a, b) = f();` assigns both.
template <class... Ts>
TIDE_HOST_DEVICE constexpr tuple<Ts&...> tie(Ts&... ts) noexcept {
  return tuple<Ts&...>(ts...);
}

/// A tuple of forwarding references to the arguments.
template <class... Ts>
TIDE_HOST_DEVICE constexpr tuple<Ts&&...> forward_as_tuple(Ts&&... ts) noexcept {
  return tuple<Ts&&...>(static_cast<Ts&&>(ts)...);
}

namespace detail {
struct ignore_t {
  template <class T>
  TIDE_HOST_DEVICE constexpr const ignore_t& operator=(const T&) const noexcept {
    return *this;
  }
};
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class F, class Tuple, std::size_t... I>
TIDE_HOST_DEVICE constexpr decltype(auto) apply_impl(F&& f, Tuple&& t, std::index_sequence<I...>) {
  return static_cast<F&&>(f)(get<I>(static_cast<Tuple&&>(t))...);
}
}  // namespace detail

/// Assigning anything to it does nothing: `tie(ignore, b) = make_tuple(1, 2)` sets only b.
inline constexpr detail::ignore_t ignore{};

/// f(get<0>(t), get<1>(t), ...).
template <class F, class Tuple>
TIDE_HOST_DEVICE constexpr decltype(auto) apply(F&& f, Tuple&& t) {
  return detail::apply_impl(static_cast<F&&>(f), static_cast<Tuple&&>(t),
                            std::make_index_sequence<tuple_size_v<std::remove_reference_t<Tuple>>>{});
}

namespace detail {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <std::size_t I, class A, class B>
TIDE_HOST_DEVICE constexpr bool tuple_equal(const A& a, const B& b) {
  if constexpr (I == tuple_size_v<A>) {
    return true;
  } else {
    return get<I>(a) == get<I>(b) && tuple_equal<I + 1>(a, b);
  }
}
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <std::size_t I, class A, class B>
TIDE_HOST_DEVICE constexpr bool tuple_less(const A& a, const B& b) {
  if constexpr (I == tuple_size_v<A>) {
    return false;
  } else {
    if (get<I>(a) < get<I>(b)) return true;
    if (get<I>(b) < get<I>(a)) return false;
    return tuple_less<I + 1>(a, b);
  }
}
}  // namespace detail

/// Element-wise equality.
template <class... Ts, class... Us>
TIDE_HOST_DEVICE constexpr bool operator==(const tuple<Ts...>& a, const tuple<Us...>& b) {
  static_assert(sizeof...(Ts) == sizeof...(Us), "tide::tuple: comparing tuples of different sizes");
  return detail::tuple_equal<0>(a, b);
}
template <class... Ts, class... Us>
TIDE_HOST_DEVICE constexpr bool operator!=(const tuple<Ts...>& a, const tuple<Us...>& b) {
  return !(a == b);
}
/// Lexicographic order (uses only `<` of the elements).
template <class... Ts, class... Us>
TIDE_HOST_DEVICE constexpr bool operator<(const tuple<Ts...>& a, const tuple<Us...>& b) {
  static_assert(sizeof...(Ts) == sizeof...(Us), "tide::tuple: comparing tuples of different sizes");
  return detail::tuple_less<0>(a, b);
}
template <class... Ts, class... Us>
TIDE_HOST_DEVICE constexpr bool operator>(const tuple<Ts...>& a, const tuple<Us...>& b) {
  return b < a;
}
template <class... Ts, class... Us>
TIDE_HOST_DEVICE constexpr bool operator<=(const tuple<Ts...>& a, const tuple<Us...>& b) {
  return !(b < a);
}
template <class... Ts, class... Us>
TIDE_HOST_DEVICE constexpr bool operator>=(const tuple<Ts...>& a, const tuple<Us...>& b) {
  return !(a < b);
}

namespace detail {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class T>
TIDE_HOST_DEVICE void tuple_swap_element(T& a, T& b) {
#if defined(__CUDA_ARCH__)
  T t(static_cast<T&&>(a));
  a = static_cast<T&&>(b);
  b = static_cast<T&&>(t);
#else
  using std::swap;  // finds a proxy's own swap (device_reference) by ADL
  swap(a, b);
#endif
}
template <class... Ts, std::size_t... I>
TIDE_HOST_DEVICE void tuple_swap(tuple<Ts...>& a, tuple<Ts...>& b, std::index_sequence<I...>) {
  (tuple_swap_element(get<I>(a), get<I>(b)), ...);
}
}  // namespace detail

/// Swaps element by element.
template <class... Ts>
TIDE_HOST_DEVICE void swap(tuple<Ts...>& a, tuple<Ts...>& b) {
  detail::tuple_swap(a, b, std::index_sequence_for<Ts...>{});
}
/// Swaps the referred-to elements of two tuples of references: `std::iter_swap` over zip_iterators
/// (whose references are prvalue tuples), as std::sort does.
template <class... Ts, std::enable_if_t<(std::is_reference_v<Ts> && ...), int> = 0>
TIDE_HOST_DEVICE void swap(tuple<Ts...>&& a, tuple<Ts...>&& b) {
  detail::tuple_swap(a, b, std::index_sequence_for<Ts...>{});
}

}  // namespace tide

// Structured bindings: `auto [a, b] = t;` and `auto [x, y] = *zip_it;`.
template <class... Ts>
struct std::tuple_size<tide::tuple<Ts...>> : std::integral_constant<std::size_t, sizeof...(Ts)> {};
template <std::size_t I, class... Ts>
struct std::tuple_element<I, tide::tuple<Ts...>> {
  using type = tide::tuple_element_t<I, tide::tuple<Ts...>>;
};
