#pragma once
/// \file zip_iterator.hpp
/// `zip_iterator<tuple<Its...>>`: walks several ranges in step; element i is the tuple of their
/// elements i.

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../detail/unwrap.hpp"
#include "../tuple.hpp"
#include "iterator_facade.hpp"

namespace tide {

template <class T>
class device_reference;

namespace detail {

/// A zip_iterator's reference, as Thrust's: a `tuple<reference of each...>` (cuda::std::tuple in
/// CUDA builds), so `get`, `cuda::std::get` and structured bindings see its elements, and it is a
/// tide::tuple wherever one is expected. Unlike a plain tuple it also assigns from tuples and
/// pairs of values through its references (`*zip_out = make_tuple(1, 2.0)`), converts to any
/// tuple of values, and swaps as a prvalue (std::iter_swap, std::sort).
template <class... Ts>
class tuple_of_iterator_references : public tuple<Ts...> {
  using base_type = tuple<Ts...>;

 public:
  using base_type::base_type;
  TIDE_HOST_DEVICE constexpr tuple_of_iterator_references(const base_type& t) : base_type(t) {}
  tuple_of_iterator_references(const tuple_of_iterator_references&) = default;

  /// Writes through every reference (never rebinds), from another reference tuple or values.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE constexpr tuple_of_iterator_references& operator=(const tuple_of_iterator_references& o) {
    assign(o, std::index_sequence_for<Ts...>{});
    return *this;
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class... Us, std::enable_if_t<sizeof...(Us) == sizeof...(Ts), int> = 0>
  TIDE_HOST_DEVICE constexpr tuple_of_iterator_references& operator=(const tuple<Us...>& o) {
    assign(o, std::index_sequence_for<Ts...>{});
    return *this;
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class U, class V, std::enable_if_t<sizeof...(Ts) == 2 && sizeof(U) != 0 && sizeof(V) != 0, int> = 0>
  TIDE_HOST_DEVICE constexpr tuple_of_iterator_references& operator=(const pair<U, V>& o) {
    get<0>(static_cast<base_type&>(*this)) = o.first;
    get<1>(static_cast<base_type&>(*this)) = o.second;
    return *this;
  }

  /// Writes the tuple a device_reference refers to (an element of a device_vector of tuples).
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class... Us, std::enable_if_t<sizeof...(Us) == sizeof...(Ts), int> = 0>
  TIDE_HOST_DEVICE tuple_of_iterator_references& operator=(const device_reference<tuple<Us...>>& o) {
    return *this = static_cast<tuple<Us...>>(o);
  }

  /// A tuple of the referred-to values (or any tuple constructible element by element).
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class... Us, std::enable_if_t<sizeof...(Us) == sizeof...(Ts) &&
                                              !std::is_same_v<tuple<Us...>, base_type>, int> = 0>
  TIDE_HOST_DEVICE constexpr operator tuple<Us...>() const {
    return to_tuple<Us...>(std::index_sequence_for<Ts...>{});
  }

  /// Swaps the referred-to elements: `swap(*a, *b)` over zip_iterators a and b.
  template <class... Us>
  friend TIDE_HOST_DEVICE void swap(tuple_of_iterator_references&& a, tuple_of_iterator_references<Us...>&& b) {
    a.swap_with(b, std::index_sequence_for<Ts...>{});
  }

 private:
  template <class... Us>
  friend class tuple_of_iterator_references;

#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class Tuple, std::size_t... I>
  TIDE_HOST_DEVICE constexpr void assign(const Tuple& o, std::index_sequence<I...>) {
    (static_cast<void>(get<I>(static_cast<base_type&>(*this)) = get<I>(o)), ...);
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class... Us, std::size_t... I>
  TIDE_HOST_DEVICE constexpr tuple<Us...> to_tuple(std::index_sequence<I...>) const {
    return tuple<Us...>(static_cast<Us>(get<I>(static_cast<const base_type&>(*this)))...);
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class T, class U>
  static TIDE_HOST_DEVICE void swap_element(T&& a, U&& b) {
#if TIDE_CUDA_STD_TUPLE
    using ::cuda::std::swap;  // device callable; a proxy's own swap (device_reference, a nested
#else                         // reference tuple) comes by ADL
    using std::swap;
#endif
    swap(static_cast<T&&>(a), static_cast<U&&>(b));
  }
  template <class Other, std::size_t... I>
  TIDE_HOST_DEVICE void swap_with(Other& o, std::index_sequence<I...>) {
    (swap_element(element<I>(), o.template element<I>()), ...);
  }
  // Element I as an lvalue reference for a reference element, an rvalue for a proxy (nested tuple).
  template <std::size_t I>
  TIDE_HOST_DEVICE decltype(auto) element() {
    using E = tuple_element_t<I, base_type>;
    return static_cast<std::conditional_t<std::is_reference_v<E>, E, E&&>>(get<I>(static_cast<base_type&>(*this)));
  }
};

}  // namespace detail

template <class IteratorTuple>
class zip_iterator;

/// An iterator over tuples: its reference is a `tuple<reference of each...>`
/// (detail::tuple_of_iterator_references: writing a tuple through it writes every range), its
/// value_type `tuple<value_type of each...>`. It belongs to
/// the common system of its iterators (`any` yields to the others). Equality and distances use the
/// first iterator only.
template <class... Its>
class zip_iterator<tuple<Its...>>
    : public iterator_facade<zip_iterator<tuple<Its...>>, tuple<detail::iterators::value_t<Its>...>,
                             detail::tuple_of_iterator_references<detail::iterators::reference_t<Its>...>, void,
                             common_system_t<Its...>> {
  static_assert(sizeof...(Its) > 0, "tide::zip_iterator: zip at least one iterator");
  using reference_ = detail::tuple_of_iterator_references<detail::iterators::reference_t<Its>...>;
  using indices_ = std::index_sequence_for<Its...>;

  template <class... Others>
  static constexpr bool converts_from() {
    if constexpr (sizeof...(Others) != sizeof...(Its))
      return false;
    else
      return (std::is_convertible_v<Others, Its> && ...);
  }

 public:
  zip_iterator() = default;
  TIDE_HOST_DEVICE explicit zip_iterator(const tuple<Its...>& its) : its_(its) {}
  /// From a zip_iterator whose iterators convert to these, as Thrust's.
  template <class... Others, std::enable_if_t<converts_from<Others...>(), int> = 0>
  TIDE_HOST_DEVICE zip_iterator(const zip_iterator<tuple<Others...>>& o) : its_(o.base()) {}

  /// The tuple of underlying iterators.
  TIDE_HOST_DEVICE const tuple<Its...>& base() const { return its_; }
  /// The tuple of underlying iterators (Thrust's name).
  TIDE_HOST_DEVICE const tuple<Its...>& get_iterator_tuple() const { return its_; }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <std::size_t... I>
  TIDE_HOST_DEVICE reference_ dereference(std::index_sequence<I...>) const {
    return reference_(*get<I>(its_)...);
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <std::size_t... I>
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n, std::index_sequence<I...>) {
    (static_cast<void>(get<I>(its_) += n), ...);
  }
  TIDE_HOST_DEVICE reference_ dereference() const { return dereference(indices_{}); }
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { advance(n, indices_{}); }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class... Others>  // any zip_iterator whose first iterator subtracts from ours
  TIDE_HOST_DEVICE auto distance_to(const zip_iterator<tuple<Others...>>& other) const
      -> decltype(static_cast<std::ptrdiff_t>(get<0>(other.base()) - get<0>(base()))) {
    return static_cast<std::ptrdiff_t>(get<0>(other.base()) - get<0>(its_));
  }

  tuple<Its...> its_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

/// A zip_iterator over a tuple of iterators.
template <class... Its>
TIDE_HOST_DEVICE zip_iterator<tuple<Its...>> make_zip_iterator(const tuple<Its...>& its) {
  return zip_iterator<tuple<Its...>>(its);
}
/// A zip_iterator over the given iterators.
template <class It, class... Its>
TIDE_HOST_DEVICE zip_iterator<tuple<It, Its...>> make_zip_iterator(It it, Its... its) {
  return zip_iterator<tuple<It, Its...>>(tuple<It, Its...>(it, its...));
}

namespace detail {
template <class... Its>
struct unwrap_traits<zip_iterator<tuple<Its...>>> {
  using type = zip_iterator<tuple<unwrapped_t<Its>...>>;
  static TIDE_HOST_DEVICE type unwrap(const zip_iterator<tuple<Its...>>& it) {
    return unwrap(it.base(), std::index_sequence_for<Its...>{});
  }
  template <std::size_t... I>
  static TIDE_HOST_DEVICE type unwrap(const tuple<Its...>& its, std::index_sequence<I...>) {
    return type(tuple<unwrapped_t<Its>...>(unwrap_iterator(get<I>(its))...));
  }
};
}  // namespace detail

}  // namespace tide

// Structured bindings and tuple_size / tuple_element on a zip_iterator's reference.
template <class... Ts>
struct std::tuple_size<tide::detail::tuple_of_iterator_references<Ts...>>
    : std::integral_constant<std::size_t, sizeof...(Ts)> {};
template <std::size_t I, class... Ts>
struct std::tuple_element<I, tide::detail::tuple_of_iterator_references<Ts...>> {
  using type = tide::tuple_element_t<I, tide::tuple<Ts...>>;
};
#if TIDE_CUDA_STD_TUPLE
template <class... Ts>
struct cuda::std::tuple_size<tide::detail::tuple_of_iterator_references<Ts...>>
    : cuda::std::integral_constant<std::size_t, sizeof...(Ts)> {};
template <std::size_t I, class... Ts>
struct cuda::std::tuple_element<I, tide::detail::tuple_of_iterator_references<Ts...>> {
  using type = cuda::std::tuple_element_t<I, cuda::std::tuple<Ts...>>;
};
#else
namespace tide {
template <class... Ts>
struct tuple_size<detail::tuple_of_iterator_references<Ts...>> : std::integral_constant<std::size_t, sizeof...(Ts)> {};
template <std::size_t I, class... Ts>
struct tuple_element<I, detail::tuple_of_iterator_references<Ts...>> : tuple_element<I, tuple<Ts...>> {};
}  // namespace tide
#endif
