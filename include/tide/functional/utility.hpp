#pragma once
/// \file utility.hpp
/// Thrust's small helpers beside its functors: `tide::min`/`tide::max` of two values (extrema.h),
/// `square`, `not_fn` (functional.h), and `zip_function`/`make_zip_function` (zip_function.h).
/// All are callable in host and device code.

#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <utility>

#include "../config.hpp"
#include "../tuple.hpp"

#if defined(__CUDACC__)
#define TIDE_UT_NO_EXEC_CHECK _Pragma("nv_exec_check_disable")
#else
#define TIDE_UT_NO_EXEC_CHECK
#endif

namespace tide {

/// The smaller of a and b (`b < a ? b : a`: a when they are equivalent), by reference.
TIDE_UT_NO_EXEC_CHECK
template <class T>
TIDE_HOST_DEVICE constexpr const T& min(const T& a, const T& b) {
  return b < a ? b : a;
}
/// The smaller of a and b under `comp` (a when they are equivalent), by reference.
TIDE_UT_NO_EXEC_CHECK
template <class T, class Compare>
TIDE_HOST_DEVICE constexpr const T& min(const T& a, const T& b, Compare comp) {
  return comp(b, a) ? b : a;
}
/// The first smallest value of a non-empty list.
TIDE_UT_NO_EXEC_CHECK
template <class T, class Compare>
TIDE_HOST_DEVICE constexpr T min(std::initializer_list<T> list, Compare comp) {
  const T* best = list.begin();
  for (const T* p = best + 1; p < list.end(); ++p)
    if (comp(*p, *best)) best = p;
  return *best;
}
TIDE_UT_NO_EXEC_CHECK
template <class T>
TIDE_HOST_DEVICE constexpr T min(std::initializer_list<T> list) {
  const T* best = list.begin();
  for (const T* p = best + 1; p < list.end(); ++p)
    if (*p < *best) best = p;
  return *best;
}

/// The larger of a and b (`a < b ? b : a`: a when they are equivalent), by reference.
TIDE_UT_NO_EXEC_CHECK
template <class T>
TIDE_HOST_DEVICE constexpr const T& max(const T& a, const T& b) {
  return a < b ? b : a;
}
/// The larger of a and b under `comp` (a when they are equivalent), by reference.
TIDE_UT_NO_EXEC_CHECK
template <class T, class Compare>
TIDE_HOST_DEVICE constexpr const T& max(const T& a, const T& b, Compare comp) {
  return comp(a, b) ? b : a;
}
/// The first largest value of a non-empty list.
TIDE_UT_NO_EXEC_CHECK
template <class T, class Compare>
TIDE_HOST_DEVICE constexpr T max(std::initializer_list<T> list, Compare comp) {
  const T* best = list.begin();
  for (const T* p = best + 1; p < list.end(); ++p)
    if (comp(*best, *p)) best = p;
  return *best;
}
TIDE_UT_NO_EXEC_CHECK
template <class T>
TIDE_HOST_DEVICE constexpr T max(std::initializer_list<T> list) {
  const T* best = list.begin();
  for (const T* p = best + 1; p < list.end(); ++p)
    if (*best < *p) best = p;
  return *best;
}

/// `x * x`; `square<>` (= `square<void>`) deduces its argument type.
template <class T = void>
struct square {
  using argument_type = T;
  using result_type = T;
  TIDE_UT_NO_EXEC_CHECK
  TIDE_HOST_DEVICE constexpr T operator()(const T& x) const { return x * x; }
};
template <>
struct square<void> {
  using is_transparent = void;
  TIDE_UT_NO_EXEC_CHECK
  template <class T>
  TIDE_HOST_DEVICE constexpr T operator()(const T& x) const {
    return x * x;
  }
};

namespace detail {

/// The functor `not_fn` returns: `!f(args...)`.
template <class F>
struct not_fn_t {
  F f;
  TIDE_UT_NO_EXEC_CHECK
  template <class... Args>
  TIDE_HOST_DEVICE constexpr auto operator()(Args&&... args) -> decltype(!f(static_cast<Args&&>(args)...)) {
    return !f(static_cast<Args&&>(args)...);
  }
  TIDE_UT_NO_EXEC_CHECK
  template <class... Args>
  TIDE_HOST_DEVICE constexpr auto operator()(Args&&... args) const
      -> decltype(!std::declval<const F&>()(static_cast<Args&&>(args)...)) {
    return !f(static_cast<Args&&>(args)...);
  }
};

TIDE_UT_NO_EXEC_CHECK
template <class F, class Tuple, std::size_t... I>
TIDE_HOST_DEVICE constexpr decltype(auto) zip_apply(F& f, Tuple&& t, std::index_sequence<I...>) {
  return f(tide::get<I>(static_cast<Tuple&&>(t))...);
}

}  // namespace detail

/// A functor returning the negation of `f`'s result (`!f(args...)`), as std::not_fn.
TIDE_UT_NO_EXEC_CHECK
template <class F>
TIDE_HOST_DEVICE constexpr detail::not_fn_t<std::decay_t<F>> not_fn(F&& f) {
  return detail::not_fn_t<std::decay_t<F>>{static_cast<F&&>(f)};
}

/// Adapts `f(a, b, ...)` to be called with one tuple `(a, b, ...)`, such as an element of a
/// zip_iterator (a tuple of references or proxies, passed on as they are):
///   tide::for_each(zip_first, zip_last, tide::make_zip_function(f));
template <class Function>
class zip_function {
 public:
  zip_function() = default;
  TIDE_UT_NO_EXEC_CHECK
  TIDE_HOST_DEVICE zip_function(Function f) : func_(static_cast<Function&&>(f)) {}

  /// `f(get<0>(t), get<1>(t), ...)`.
  TIDE_UT_NO_EXEC_CHECK
  template <class Tuple>
  TIDE_HOST_DEVICE decltype(auto) operator()(Tuple&& t) const {
    using plain = std::remove_cv_t<std::remove_reference_t<Tuple>>;
    return detail::zip_apply(func_, static_cast<Tuple&&>(t),
                             std::make_index_sequence<tide::tuple_size<plain>::value>{});
  }

  /// The wrapped function.
  TIDE_HOST_DEVICE Function& underlying_function() const { return func_; }

 private:
  // Mutable as in Thrust: a function whose operator() is not const can still be called.
  mutable Function func_;
};

/// A zip_function wrapping (a copy of) `f`.
TIDE_UT_NO_EXEC_CHECK
template <class Function>
TIDE_HOST_DEVICE zip_function<std::decay_t<Function>> make_zip_function(Function&& f) {
  return zip_function<std::decay_t<Function>>(static_cast<Function&&>(f));
}

}  // namespace tide

#undef TIDE_UT_NO_EXEC_CHECK
