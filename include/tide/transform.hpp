#pragma once
/// \file transform.hpp
/// for_each, for_each_n, transform (unary, binary), transform_if, fill, fill_n, sequence, tabulate,
/// copy and copy_n. Each writes through its output iterator and returns the output's end, as
/// Thrust does. `copy` also moves data between systems (device_vector to std::vector, including
/// std::vector<bool>), with or without a policy.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include <iterator>
#include <type_traits>
#include <vector>

#include "backend/omp/for_each.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/for_each.hpp"
#include "detail/copy_across.hpp"
#include "detail/dispatch.hpp"
#include "detail/temporary_buffer.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/constant_iterator.hpp"
#include "iterator/counting_iterator.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/for_each.hpp"
#endif

namespace tide {

namespace detail {

/// Whether writing through It sets bits of a packed word (std::vector<bool>): two threads writing
/// neighbouring bits race, so such outputs are written by one thread.
template <class It, class = void>
struct writes_packed_bits : std::false_type {};
template <class It>
struct writes_packed_bits<It, std::void_t<typename std::iterator_traits<It>::reference>>
    : std::is_same<typename std::iterator_traits<It>::reference, std::vector<bool>::reference> {};

/// The policy that writes through OutIt: `policy`, or seq in place of omp for packed bits.
template <class OutIt, class Policy>
TIDE_HOST_DEVICE auto writer_policy(const Policy& policy) {
  if constexpr (std::is_same_v<base_policy_t<Policy>, omp_policy> && writes_packed_bits<OutIt>::value)
    return seq_policy{policy.resource};
  else
    return policy;
}

/// Whether a copy from In to Out crosses between device and host memory.
template <class In, class Out>
inline constexpr bool crosses_systems_v =
    std::is_same_v<iterator_system_t<In>, cuda_tag> != std::is_same_v<iterator_system_t<Out>, cuda_tag> &&
    !std::is_same_v<iterator_system_t<In>, any_system_tag> && !std::is_same_v<iterator_system_t<Out>, any_system_tag>;

/// it + n in the iterator's own difference type.
TIDE_EXEC_CHECK_DISABLE
template <class It>
TIDE_HOST_DEVICE It advanced(It it, size_type n) {
  return it + static_cast<iter_difference_t<It>>(n);
}

// The user's op and pred may be __device__ only on the CUDA system: silence nvcc's host check.
/// Index i: out[i] = op(first[i]) where pred(stencil[i]).
template <class It, class StencilIt, class OutIt, class Op, class Pred>
struct transform_if_fn {
  It first;
  StencilIt stencil;
  OutIt out;
  mutable Op op;  // the user's functors may have a non-const operator()
  mutable Pred pred;
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void operator()(size_type i) const {
    if (pred(stencil[i])) out[i] = op(first[i]);
  }
};
/// Index i: out[i] = op(first1[i], first2[i]) where pred(stencil[i]).
template <class It1, class It2, class StencilIt, class OutIt, class Op, class Pred>
struct transform_if2_fn {
  It1 first1;
  It2 first2;
  StencilIt stencil;
  OutIt out;
  mutable Op op;  // the user's functors may have a non-const operator()
  mutable Pred pred;
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void operator()(size_type i) const {
    if (pred(stencil[i])) out[i] = op(first1[i], first2[i]);
  }
};

/// Index i -> init + step * i, computed in T, init's type, as Thrust (thrust/system/detail/generic/
/// sequence.inl: `init + step * static_cast<T>(i)` for arithmetic T). Integers wrap modulo 2^bits
/// of T, as Thrust's do on the GPU: computed in unsigned arithmetic as wide as T (at least
/// unsigned int), so no signed overflow, and the same bits as any wider unsigned computation cut
/// to T.
template <class T>
struct sequence_value {
  T init, step;
  TIDE_HOST_DEVICE T operator()(size_type i) const {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      using W = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
      return static_cast<T>(static_cast<W>(static_cast<W>(init) + static_cast<W>(step) * static_cast<W>(i)));
    } else if constexpr (std::is_arithmetic_v<T>)
      return static_cast<T>(init + step * static_cast<T>(i));
    else
      return init + step * i;
  }
};

/// sequence_value for integers with step 1: init + i, the same bits without the multiply, which
/// SSE2 cannot vectorize (par, one thread, 2^20 u32: 284 against 138 us).
template <class T>
struct sequence_from {
  T init;
  TIDE_HOST_DEVICE T operator()(size_type i) const {
    using W = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
    return static_cast<T>(static_cast<W>(static_cast<W>(init) + static_cast<W>(i)));
  }
};

}  // namespace detail

// ---- for_each ---------------------------------------------------------------------------------

/// Calls f(x) for each x in [first, last), in no particular order; returns last.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class F, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It for_each(const Policy& policy, It first, It last, F f) {
  size_type n = detail::range_size(policy, first, last, "for_each");
  if (n > 0)
    detail::dispatch::for_each_n(detail::writer_policy<It>(detail::run_policy(policy)), detail::unwrap_iterator(first),
                                 n, f);
  return last;
}
template <class It, class F, detail::enable_if_not_policy_t<It> = 0>
It for_each(It first, It last, F f) {
  return tide::for_each(detail::select_policy(first), first, last, f);
}

/// Calls f(x) for each x in [first, first + n); returns first + n.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Size, class F, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It for_each_n(const Policy& policy, It first, Size count, F f) {
  size_type n = detail::count_size(policy, count, "for_each_n");
  if (n > 0)
    detail::dispatch::for_each_n(detail::writer_policy<It>(detail::run_policy(policy)), detail::unwrap_iterator(first),
                                 n, f);
  return detail::advanced(first, n);
}
template <class It, class Size, class F, detail::enable_if_not_policy_t<It> = 0>
It for_each_n(It first, Size count, F f) {
  return tide::for_each_n(detail::select_policy(first), first, count, f);
}

// ---- transform --------------------------------------------------------------------------------

/// out[i] = op(first[i]) for each i; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class Op, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt transform(const Policy& policy, It first, It last, OutIt out, Op op) {
  size_type n = detail::range_size(policy, first, last, "transform");
  if (n > 0)
    detail::dispatch::transform(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                detail::unwrap_iterator(first), n, detail::unwrap_iterator(out), op);
  return detail::advanced(out, n);
}
template <class It, class OutIt, class Op, detail::enable_if_not_policy_t<It> = 0>
OutIt transform(It first, It last, OutIt out, Op op) {
  return tide::transform(detail::select_policy(first, out), first, last, out, op);
}

/// out[i] = op(first1[i], first2[i]) for each i; returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class OutIt, class Op, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt transform(const Policy& policy, It1 first1, It1 last1, It2 first2, OutIt out, Op op) {
  size_type n = detail::range_size(policy, first1, last1, "transform");
  if (n > 0)
    detail::dispatch::transform2(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                 detail::unwrap_iterator(first1), n, detail::unwrap_iterator(first2),
                                 detail::unwrap_iterator(out), op);
  return detail::advanced(out, n);
}
template <class It1, class It2, class OutIt, class Op, detail::enable_if_not_policy_t<It1> = 0>
OutIt transform(It1 first1, It1 last1, It2 first2, OutIt out, Op op) {
  return tide::transform(detail::select_policy(first1, first2, out), first1, last1, first2, out, op);
}

/// out[i] = op(first[i]) where pred(stencil[i]); other outputs are left alone. Returns the end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class StencilIt, class OutIt, class Op, class Pred,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt transform_if(const Policy& policy, It first, It last, StencilIt stencil, OutIt out, Op op,
                                    Pred pred) {
  size_type n = detail::range_size(policy, first, last, "transform_if");
  if (n > 0) {
    auto u_first = detail::unwrap_iterator(first);
    auto u_stencil = detail::unwrap_iterator(stencil);
    auto u_out = detail::unwrap_iterator(out);
    detail::transform_if_fn<decltype(u_first), decltype(u_stencil), decltype(u_out), Op, Pred> f{
        u_first, u_stencil, u_out, op, pred};
    detail::dispatch::for_each_n(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                 counting_iterator<size_type>(0), n, f);
  }
  return detail::advanced(out, n);
}
/// out[i] = op(first[i]) where pred(first[i]).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, class Op, class Pred, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt transform_if(const Policy& policy, It first, It last, OutIt out, Op op, Pred pred) {
  return tide::transform_if(policy, first, last, first, out, op, pred);
}
/// out[i] = op(first1[i], first2[i]) where pred(stencil[i]).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It1, class It2, class StencilIt, class OutIt, class Op, class Pred,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt transform_if(const Policy& policy, It1 first1, It1 last1, It2 first2, StencilIt stencil,
                                    OutIt out, Op op, Pred pred) {
  size_type n = detail::range_size(policy, first1, last1, "transform_if");
  if (n > 0) {
    auto u_first1 = detail::unwrap_iterator(first1);
    auto u_first2 = detail::unwrap_iterator(first2);
    auto u_stencil = detail::unwrap_iterator(stencil);
    auto u_out = detail::unwrap_iterator(out);
    detail::transform_if2_fn<decltype(u_first1), decltype(u_first2), decltype(u_stencil), decltype(u_out), Op, Pred>
        f{u_first1, u_first2, u_stencil, u_out, op, pred};
    detail::dispatch::for_each_n(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                 counting_iterator<size_type>(0), n, f);
  }
  return detail::advanced(out, n);
}
template <class It, class StencilIt, class OutIt, class Op, class Pred, detail::enable_if_not_policy_t<It> = 0>
OutIt transform_if(It first, It last, StencilIt stencil, OutIt out, Op op, Pred pred) {
  return tide::transform_if(detail::select_policy(first, stencil, out), first, last, stencil, out, op, pred);
}
template <class It, class OutIt, class Op, class Pred, detail::enable_if_not_policy_t<It> = 0>
OutIt transform_if(It first, It last, OutIt out, Op op, Pred pred) {
  return tide::transform_if(detail::select_policy(first, out), first, last, first, out, op, pred);
}
template <class It1, class It2, class StencilIt, class OutIt, class Op, class Pred,
          detail::enable_if_not_policy_t<It1> = 0>
OutIt transform_if(It1 first1, It1 last1, It2 first2, StencilIt stencil, OutIt out, Op op, Pred pred) {
  return tide::transform_if(detail::select_policy(first1, first2, stencil, out), first1, last1, first2, stencil, out,
                            op, pred);
}

// ---- fill, sequence, tabulate -----------------------------------------------------------------

/// Writes `value` to every element of [first, last).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void fill(const Policy& policy, It first, It last, const T& value) {
  size_type n = detail::range_size(policy, first, last, "fill");
  if (n > 0)
    detail::dispatch::transform(detail::writer_policy<It>(detail::run_policy(policy)), make_constant_iterator(value), n,
                                detail::unwrap_iterator(first), identity<>());
}
/// Also in device code (as Thrust's), where it runs as with tide::seq.
TIDE_EXEC_CHECK_DISABLE
template <class It, class T, detail::enable_if_not_policy_t<It> = 0>
TIDE_HOST_DEVICE void fill(It first, It last, const T& value) {
  tide::fill(detail::implicit_policy(first), first, last, value);
}

/// Writes `value` to [first, first + n); returns first + n.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Size, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE It fill_n(const Policy& policy, It first, Size count, const T& value) {
  size_type n = detail::count_size(policy, count, "fill_n");
  if (n > 0)
    detail::dispatch::transform(detail::writer_policy<It>(detail::run_policy(policy)), make_constant_iterator(value), n,
                                detail::unwrap_iterator(first), identity<>());
  return detail::advanced(first, n);
}
/// Also in device code (as Thrust's), where it runs as with tide::seq.
TIDE_EXEC_CHECK_DISABLE
template <class It, class Size, class T, detail::enable_if_not_policy_t<It> = 0>
TIDE_HOST_DEVICE It fill_n(It first, Size count, const T& value) {
  return tide::fill_n(detail::implicit_policy(first), first, count, value);
}

/// first[i] = op(i) for each index i (of It's difference type).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Op, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void tabulate(const Policy& policy, It first, It last, Op op) {
  using index_t = detail::iter_difference_t<It>;
  size_type n = detail::range_size(policy, first, last, "tabulate");
  if (n > 0)
    detail::dispatch::transform(detail::writer_policy<It>(detail::run_policy(policy)), counting_iterator<index_t>(0), n,
                                detail::unwrap_iterator(first), op);
}
template <class It, class Op, detail::enable_if_not_policy_t<It> = 0>
void tabulate(It first, It last, Op op) {
  tide::tabulate(detail::select_policy(first), first, last, op);
}

/// first[i] = init + step * i, computed in T (init's type) as Thrust does, then converted to the
/// output's type: `sequence(first, last, 0.0f, 0.1f)` over doubles steps in float, and integers
/// wrap in T (`sequence(first, last, 0, 1 << 30)` over int64 wraps at 2^31, as in Thrust).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void sequence(const Policy& policy, It first, It last, T init, T step) {
  using value_t = T;
  size_type n = detail::range_size(policy, first, last, "sequence");
  if (n == 0) return;
  if constexpr (std::is_integral_v<value_t> && !std::is_same_v<value_t, bool>) {
    if (step == value_t(1)) {
      detail::dispatch::transform(detail::writer_policy<It>(detail::run_policy(policy)),
                                  counting_iterator<size_type>(0), n, detail::unwrap_iterator(first),
                                  detail::sequence_from<value_t>{value_t(init)});
      return;
    }
  }
  detail::dispatch::transform(detail::writer_policy<It>(detail::run_policy(policy)), counting_iterator<size_type>(0), n,
                              detail::unwrap_iterator(first),
                              detail::sequence_value<value_t>{value_t(init), value_t(step)});
}
/// first[i] = init + i.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class T, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void sequence(const Policy& policy, It first, It last, T init) {
  tide::sequence(policy, first, last, init, T(1));
}
/// first[i] = i, in It's value type.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void sequence(const Policy& policy, It first, It last) {
  using T = detail::iter_value_t<It>;
  tide::sequence(policy, first, last, T(0), T(1));
}
template <class It, class T, detail::enable_if_not_policy_t<It> = 0>
void sequence(It first, It last, T init, T step) {
  tide::sequence(detail::select_policy(first), first, last, init, step);
}
template <class It, class T, detail::enable_if_not_policy_t<It> = 0>
void sequence(It first, It last, T init) {
  tide::sequence(detail::select_policy(first), first, last, init);
}
template <class It, detail::enable_if_not_policy_t<It> = 0>
void sequence(It first, It last) {
  tide::sequence(detail::select_policy(first), first, last);
}

// ---- copy -------------------------------------------------------------------------------------

/// Copies [first, last) to out; returns the output's end. Between device and host memory the copy
/// is done by the system that owns the device side (on the policy's stream) and returns when done.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt copy(const Policy& policy, It first, It last, OutIt out) {
  if constexpr (!detail::is_random_access_v<It> || !detail::is_random_access_v<OutIt>) {
    for (; first != last; ++first, ++out) *out = *first;  // host iterators that only step
    return out;
  } else {
    size_type n = detail::range_size(policy, first, last, "copy");
    if (n == 0) return out;
    if constexpr (detail::crosses_systems_v<It, OutIt>) {
#if defined(__CUDA_ARCH__)
      // Device code reaches both sides: a plain copy. nvcc's device pass must still see the host's
      // call, whose kernels it compiles (backend/seq/device_code.hpp).
      if (false) detail::copy_across(first, n, out, detail::stream_of(policy));
      detail::dispatch::transform(seq_policy{}, detail::unwrap_iterator(first), n, detail::unwrap_iterator(out),
                                  identity<>());
#else
      detail::copy_across(first, n, out, detail::stream_of(policy));
#endif
    } else {
      detail::dispatch::transform(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                  detail::unwrap_iterator(first), n, detail::unwrap_iterator(out), identity<>());
    }
    return detail::advanced(out, n);
  }
}
/// Copies [first, last) to out, whatever systems they belong to; returns the output's end.
template <class It, class OutIt, detail::enable_if_not_policy_t<It> = 0>
OutIt copy(It first, It last, OutIt out) {
  if constexpr (!detail::is_random_access_v<It> || !detail::is_random_access_v<OutIt>) {
    return tide::copy(seq, first, last, out);
  } else if constexpr (detail::crosses_systems_v<It, OutIt>) {
    size_type n = detail::checked_distance(first, last, "copy");
    detail::copy_across(first, n, out);
    return detail::advanced(out, n);
  } else {
    return tide::copy(detail::select_policy(first, out), first, last, out);
  }
}

/// Copies [first, first + n) to out; returns out + n.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Size, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt copy_n(const Policy& policy, It first, Size count, OutIt out) {
  size_type n = detail::count_size(policy, count, "copy_n");
  return tide::copy(policy, first, detail::advanced(first, n), out);
}
template <class It, class Size, class OutIt, detail::enable_if_not_policy_t<It> = 0>
OutIt copy_n(It first, Size count, OutIt out) {
  size_type n = detail::checked_count(count, "copy_n");
  return tide::copy(first, detail::advanced(first, n), out);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system;
// as Thrust's generic layer (its CUDA system's too), sequence fills in init and step through the
// user's overloads of its longer forms, then tabulates through the user's tabulate.
TIDE_USER_BACKEND(for_each)
TIDE_USER_BACKEND(for_each_n)
TIDE_USER_BACKEND(transform)
TIDE_USER_BACKEND(transform_if)
TIDE_USER_BACKEND(copy)
TIDE_USER_BACKEND(copy_n)
TIDE_USER_BACKEND(fill)
TIDE_USER_BACKEND(fill_n)
TIDE_USER_BACKEND(tabulate)

namespace detail::user_chain {
TIDE_USER_CHAIN_DEFAULT(sequence)
template <class D, class It>
TIDE_HOST_DEVICE void sequence(D& d, It first, It last);
template <class D, class It, class T>
TIDE_HOST_DEVICE void sequence(D& d, It first, It last, T init);
template <class D, class It, class T>
TIDE_HOST_DEVICE void sequence(D& d, It first, It last, T init, T step) {
  tide::tabulate(d, first, last, sequence_value<T>{init, step});
}
}  // namespace detail::user_chain
TIDE_USER_BACKEND_CHAINED(sequence)
namespace detail::user_chain {
template <class D, class It>
TIDE_HOST_DEVICE void sequence(D& d, It first, It last) {
  tide::sequence(d, first, last, iter_value_t<It>(0));
}
template <class D, class It, class T>
TIDE_HOST_DEVICE void sequence(D& d, It first, It last, T init) {
  tide::sequence(d, first, last, init, T(1));
}
}  // namespace detail::user_chain

}  // namespace tide
