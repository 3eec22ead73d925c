#pragma once
/// \file gather.hpp
/// gather and gather_if: out[i] = input[map[i]] (where the stencil allows). Compositions over
/// transform and transform_if of a permutation_iterator, so every backend has them.
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include "detail/dispatch.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/permutation_iterator.hpp"
#include "transform.hpp"

namespace tide {

/// out[i] = input[map[i]] for each i in [0, map_last - map_first); returns the output's end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class MapIt, class InputIt, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt gather(const Policy& policy, MapIt map_first, MapIt map_last, InputIt input, OutIt out) {
  size_type n = detail::range_size(policy, map_first, map_last, "gather");
  auto source = make_permutation_iterator(input, map_first);
  return tide::transform(policy, source, detail::advanced(source, n), out, identity<>());
}
template <class MapIt, class InputIt, class OutIt, detail::enable_if_not_policy_t<MapIt> = 0>
OutIt gather(MapIt map_first, MapIt map_last, InputIt input, OutIt out) {
  return tide::gather(detail::select_policy(map_first, input, out), map_first, map_last, input, out);
}

/// out[i] = input[map[i]] where pred(stencil[i]); other outputs are left alone. Returns the end.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class MapIt, class StencilIt, class InputIt, class OutIt, class Pred,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt gather_if(const Policy& policy, MapIt map_first, MapIt map_last, StencilIt stencil,
                                 InputIt input, OutIt out, Pred pred) {
  size_type n = detail::range_size(policy, map_first, map_last, "gather_if");
  auto source = make_permutation_iterator(input, map_first);
  return tide::transform_if(policy, source, detail::advanced(source, n), stencil, out, identity<>(), pred);
}
/// out[i] = input[map[i]] where stencil[i] is true (converts to true).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class MapIt, class StencilIt, class InputIt, class OutIt,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE OutIt gather_if(const Policy& policy, MapIt map_first, MapIt map_last, StencilIt stencil,
                                 InputIt input, OutIt out) {
  return tide::gather_if(policy, map_first, map_last, stencil, input, out, identity<>());
}
template <class MapIt, class StencilIt, class InputIt, class OutIt, class Pred,
          detail::enable_if_not_policy_t<MapIt> = 0>
OutIt gather_if(MapIt map_first, MapIt map_last, StencilIt stencil, InputIt input, OutIt out, Pred pred) {
  return tide::gather_if(detail::select_policy(map_first, stencil, input, out), map_first, map_last, stencil, input,
                         out, pred);
}
template <class MapIt, class StencilIt, class InputIt, class OutIt, detail::enable_if_not_policy_t<MapIt> = 0>
OutIt gather_if(MapIt map_first, MapIt map_last, StencilIt stencil, InputIt input, OutIt out) {
  return tide::gather_if(detail::select_policy(map_first, stencil, input, out), map_first, map_last, stencil, input,
                         out, identity<>());
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(gather)
TIDE_USER_BACKEND(gather_if)

}  // namespace tide
