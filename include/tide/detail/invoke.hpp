#pragma once
// The result type of calling a functor, as algorithms and transform_iterator compute it. A functor
// wrapped by `tide::proclaim_return_type<T>` declares its result type, which is then used as is:
// nvcc's host pass cannot see the return type of an extended __device__ lambda.

#include <type_traits>
#include <utility>

#include "../config.hpp"

namespace tide::detail {

/// A functor with a declared result type (made by `tide::proclaim_return_type<T>(f)`).
template <class T, class F>
struct proclaimed_function {
  using result_type = T;
  F f;

  // The wrapped functor may be __device__ only (an extended lambda): calls from host code are
  // never made then, so nvcc's host/device check is silenced for this call.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class... Args>
  TIDE_HOST_DEVICE T operator()(Args&&... args) const {
    return static_cast<T>(f(static_cast<Args&&>(args)...));
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class... Args>
  TIDE_HOST_DEVICE T operator()(Args&&... args) {
    return static_cast<T>(f(static_cast<Args&&>(args)...));
  }
};

template <class F>
struct is_proclaimed_function : std::false_type {};
template <class T, class F>
struct is_proclaimed_function<proclaimed_function<T, F>> : std::true_type {};

// An nvcc extended __device__ lambda: its return type is unknown to the host pass.
#if defined(__CUDACC__) && defined(__CUDACC_EXTENDED_LAMBDA__)
template <class F>
struct is_extended_device_lambda : std::bool_constant<__nv_is_extended_device_lambda_closure_type(F)> {};
#else
template <class F>
struct is_extended_device_lambda : std::false_type {};
#endif

// Computed for a non-const lvalue F whatever cv F is named with: algorithms and iterators call
// their own (mutable) copy of the functor, so a non-const operator() is accepted as in Thrust.
template <bool Proclaimed, bool DeviceLambda, class F, class... Args>
struct invoke_result_impl {
  using type = decltype(std::declval<std::remove_cv_t<std::remove_reference_t<F>>&>()(
      std::declval<Args>()...));
};
template <class F, class... Args>
struct invoke_result_impl<true, false, F, Args...> {
  using type = typename std::remove_cv_t<std::remove_reference_t<F>>::result_type;
};
template <class F, class... Args>
struct invoke_result_impl<false, true, F, Args...> {
  static_assert(sizeof(F) == 0,
                "tide: the host cannot see the return type of a __device__ lambda; wrap it as "
                "tide::proclaim_return_type<T>(lambda), or make it __host__ __device__");
  using type = void;
};

/// The type of `f(args...)` for a non-const `F& f` (cv on F is ignored, so a functor whose
/// operator() is not const works); a proclaimed functor's declared `result_type`.
template <class F, class... Args>
struct invoke_result {
  using functor = std::remove_cv_t<std::remove_reference_t<F>>;
  using type = typename invoke_result_impl<is_proclaimed_function<functor>::value,
                                           is_extended_device_lambda<functor>::value, F, Args...>::type;
};
template <class F, class... Args>
using invoke_result_t = typename invoke_result<F, Args...>::type;

}  // namespace tide::detail
