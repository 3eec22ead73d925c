#pragma once
/// \file reference.hpp
/// `tide::raw_reference_cast` (Thrust's memory.h) and `tide::swap` (Thrust's swap.h): the
/// helpers that see through tide::device_reference to the element it refers to.

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../config.hpp"
#include "../memory.hpp"
#include "../tuple.hpp"

#if TIDE_HAS_CUDA
#include <cuda/std/utility>
#endif

namespace tide {

namespace detail {

// Whether T (cv-unqualified) holds a device_reference, itself or in a tuple element (recursively):
// those are the types raw_reference_cast unwraps. A class derived from a tuple (a zip_iterator's
// reference) counts as that tuple.
template <class T>
struct has_device_reference;
template <class... Ts>
std::bool_constant<(has_device_reference<std::remove_cv_t<Ts>>::value || ...)> tuple_holds_device_reference(
    const tuple<Ts...>*);
std::false_type tuple_holds_device_reference(const void*);
template <class T>
struct has_device_reference : decltype(tuple_holds_device_reference(static_cast<T*>(nullptr))) {};
template <class T>
struct has_device_reference<T&> : std::false_type {};
template <class T>
struct has_device_reference<device_reference<T>> : std::true_type {};
template <class T>
inline constexpr bool has_device_reference_v = has_device_reference<std::remove_cv_t<T>>::value;

// Whether T is a tuple or a class derived from one.
template <class... Ts>
std::true_type is_tuple_based(const tuple<Ts...>*);
std::false_type is_tuple_based(const void*);
template <class T>
inline constexpr bool is_tuple_based_v = decltype(is_tuple_based(static_cast<const std::remove_reference_t<T>*>(nullptr)))::value;

// The type raw_reference_cast gives an element of a tuple being unwrapped: device_reference<T>
// becomes T&, a tuple holding one is unwrapped in turn, anything else stays as it is.
template <class T>
struct raw_reference_element {
  using type = T;
};
template <class T>
struct raw_reference_element<device_reference<T>> {
  using type = T&;
};
template <class T>
struct raw_reference_element<const device_reference<T>> {
  using type = T&;
};
template <class... Ts>
struct raw_reference_element<tuple<Ts...>> {
  using type = tuple<typename raw_reference_element<Ts>::type...>;
};
template <class... Ts>
struct raw_reference_element<const tuple<Ts...>> {
  using type = tuple<typename raw_reference_element<Ts>::type...>;
};

}  // namespace detail

/// The element a device_reference refers to, as a plain reference (for device code, or host
/// code on a host device system; on the CUDA system it is device memory).
template <class T>
TIDE_HOST_DEVICE T& raw_reference_cast(device_reference<T> r) {
  return *(&r).get();
}

/// An ordinary reference is returned as it is.
template <class T, std::enable_if_t<!detail::has_device_reference_v<T>, int> = 0>
TIDE_HOST_DEVICE T& raw_reference_cast(T& r) {
  return r;
}
template <class T, std::enable_if_t<!detail::has_device_reference_v<T>, int> = 0>
TIDE_HOST_DEVICE const T& raw_reference_cast(const T& r) {
  return r;
}
/// A temporary tuple with nothing to unwrap (a zip_iterator's element over host memory) is
/// returned by value, so that the references it holds survive.
template <class T, std::enable_if_t<!std::is_lvalue_reference_v<T> && detail::is_tuple_based_v<T> &&
                                        !detail::has_device_reference_v<T>,
                                    int> = 0>
TIDE_HOST_DEVICE std::remove_cv_t<T> raw_reference_cast(T&& t) {
  return static_cast<T&&>(t);
}

namespace detail {
template <class... Ts, std::size_t... I>
TIDE_HOST_DEVICE tuple<typename raw_reference_element<Ts>::type...> raw_reference_tuple(
    const tuple<Ts...>& t, std::index_sequence<I...>) {
  return tuple<typename raw_reference_element<Ts>::type...>(tide::raw_reference_cast(tide::get<I>(t))...);
}
}  // namespace detail

/// A tuple holding device_references (a zip_iterator's element over device memory): a tuple of
/// the unwrapped elements (device_reference<T> -> T&, references and values as they are).
template <class... Ts, std::enable_if_t<detail::has_device_reference_v<tuple<Ts...>>, int> = 0>
TIDE_HOST_DEVICE tuple<typename detail::raw_reference_element<Ts>::type...> raw_reference_cast(
    const tuple<Ts...>& t) {
  return detail::raw_reference_tuple(t, std::index_sequence_for<Ts...>{});
}

// tide::swap is the standard swap, as Thrust's is cuda::std::swap (host and device in CUDA builds;
// host-only builds have no device code), plus the exchange of two device elements below.
#if TIDE_HAS_CUDA
using ::cuda::std::swap;
#else
using std::swap;
#endif

/// Exchanges the values two device_references refer to (not the references themselves).
template <class T>
TIDE_HOST_DEVICE void swap(device_reference<T> a, device_reference<T> b) {
  T t = a;
  a = static_cast<T>(b);
  b = t;
}

}  // namespace tide
