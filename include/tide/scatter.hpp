#pragma once
/// \file scatter.hpp
/// scatter and scatter_if: out[map[i]] = first[i] (where the stencil allows). Compositions over
/// transform and transform_if writing through a permutation_iterator, so every backend has them.
/// When two map entries are equal, which write lands is unspecified (as in Thrust).
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp).

#include "detail/dispatch.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/permutation_iterator.hpp"
#include "transform.hpp"

namespace tide {

/// out[map[i]] = first[i] for each i in [0, last - first).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class MapIt, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void scatter(const Policy& policy, It first, It last, MapIt map, OutIt out) {
  detail::range_size(policy, first, last, "scatter");
  tide::transform(policy, first, last, make_permutation_iterator(out, map), identity<>());
}
template <class It, class MapIt, class OutIt, detail::enable_if_not_policy_t<It> = 0>
void scatter(It first, It last, MapIt map, OutIt out) {
  tide::scatter(detail::select_policy(first, map, out), first, last, map, out);
}

/// out[map[i]] = first[i] where pred(stencil[i]).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class MapIt, class StencilIt, class OutIt, class Pred,
          detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void scatter_if(const Policy& policy, It first, It last, MapIt map, StencilIt stencil, OutIt out,
                                 Pred pred) {
  detail::range_size(policy, first, last, "scatter_if");
  tide::transform_if(policy, first, last, stencil, make_permutation_iterator(out, map), identity<>(), pred);
}
/// out[map[i]] = first[i] where stencil[i] is true (converts to true).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class MapIt, class StencilIt, class OutIt, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void scatter_if(const Policy& policy, It first, It last, MapIt map, StencilIt stencil, OutIt out) {
  tide::scatter_if(policy, first, last, map, stencil, out, identity<>());
}
template <class It, class MapIt, class StencilIt, class OutIt, class Pred, detail::enable_if_not_policy_t<It> = 0>
void scatter_if(It first, It last, MapIt map, StencilIt stencil, OutIt out, Pred pred) {
  tide::scatter_if(detail::select_policy(first, map, stencil, out), first, last, map, stencil, out, pred);
}
template <class It, class MapIt, class StencilIt, class OutIt, detail::enable_if_not_policy_t<It> = 0>
void scatter_if(It first, It last, MapIt map, StencilIt stencil, OutIt out) {
  tide::scatter_if(detail::select_policy(first, map, stencil, out), first, last, map, stencil, out, identity<>());
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(scatter)
TIDE_USER_BACKEND(scatter_if)

}  // namespace tide
