#pragma once
/// \file generate.hpp
/// generate and generate_n, with Thrust's signatures and results (generate returns nothing,
/// generate_n first + n): each element is assigned gen(), gen called once per element in no
/// particular order. seq calls one copy of gen in order (1, 2, 3, ... from a counter, as
/// std::generate); par's threads share one copy and CUDA's each have their own, as in Thrust: a
/// generator with state gives a defined result only under tide::seq.
/// A transform from a placeholder input (the same tiles as fill).
/// The forms that take a policy also run in device code, with tide::seq or tide::device.

#include <cstddef>
#include <type_traits>

#include "detail/user_backend.hpp"
#include "iterator/constant_iterator.hpp"
#include "transform.hpp"

namespace tide {

namespace detail {

/// The ignored input of generate's transform, as wide as the output's elements (1, 8 or 16 bytes),
/// so that the transform's tiles are sized for the output (its tuning goes by the input's size).
template <std::size_t Bytes>
struct generate_input {
  unsigned char pad[Bytes];
};
template <class OutIt, class V = iter_value_t<OutIt>>
TIDE_HOST_DEVICE auto generate_placeholder() {
  constexpr std::size_t bytes = [] {
    if constexpr (std::is_void_v<V>) return std::size_t(1);
    else return sizeof(V) <= 4 ? std::size_t(1) : sizeof(V) <= 8 ? std::size_t(8) : std::size_t(16);
  }();
  return make_constant_iterator(generate_input<bytes>{});
}

/// Any input -> gen().
template <class Gen>
struct generate_fn {
  mutable Gen gen;  // the user's generator has a non-const operator() as a rule
  TIDE_EXEC_CHECK_DISABLE
  template <class Ignored>
  TIDE_HOST_DEVICE decltype(auto) operator()(const Ignored&) const {
    return gen();
  }
};

}  // namespace detail

/// first[i] = gen() for each element of [first, last).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class Gen, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void generate(const Policy& policy, It first, It last, Gen gen) {
  size_type n = detail::range_size(policy, first, last, "generate");
  if (n > 0)
    detail::dispatch::transform(detail::writer_policy<It>(detail::run_policy(policy)),
                                detail::generate_placeholder<It>(), n, detail::unwrap_iterator(first),
                                detail::generate_fn<Gen>{gen});
}
template <class It, class Gen, detail::enable_if_not_policy_t<It> = 0>
void generate(It first, It last, Gen gen) {
  tide::generate(detail::select_policy(first), first, last, gen);
}

/// first[i] = gen() for i < count; returns first + count.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class OutIt, class Size, class Gen, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt generate_n(const Policy& policy, OutIt first, Size count, Gen gen) {
  size_type n = detail::count_size(policy, count, "generate_n");
  if (n > 0)
    detail::dispatch::transform(detail::writer_policy<OutIt>(detail::run_policy(policy)),
                                detail::generate_placeholder<OutIt>(), n, detail::unwrap_iterator(first),
                                detail::generate_fn<Gen>{gen});
  return detail::advanced(first, n);
}
template <class OutIt, class Size, class Gen, detail::enable_if_not_policy_t<OutIt> = 0>
OutIt generate_n(OutIt first, Size count, Gen gen) {
  return tide::generate_n(detail::select_policy(first), first, count, gen);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(generate)
TIDE_USER_BACKEND(generate_n)

}  // namespace tide
