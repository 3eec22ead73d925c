#pragma once
// Dispatch from a public call to a backend. Each backend defines its primitives as overloads whose
// first parameter is its concrete policy type (seq_policy, omp_policy, cuda_policy); this namespace
// brings them into one overload set, so `dispatch::reduce(policy, ...)` picks the backend by the
// policy's type. Include the backend headers of a family before the public functions that call it.

#include <iterator>
#include <type_traits>

#include "../error.hpp"
#include "../execution.hpp"
#include "invoke.hpp"
#include "unwrap.hpp"

namespace tide::backend {
namespace seq {}
namespace omp {}
namespace cuda {}
}  // namespace tide::backend

namespace tide::detail {

namespace dispatch {
using namespace tide::backend::seq;
using namespace tide::backend::omp;
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
using namespace tide::backend::cuda;
#endif
}  // namespace dispatch

template <class It>
using iter_value_t = typename std::iterator_traits<It>::value_type;
template <class It>
using iter_difference_t = typename std::iterator_traits<It>::difference_type;

/// The decayed type of op(init, *first): the accumulator of inclusive_scan with an init (Thrust's
/// `cuda::std::__accumulator_t`). The other reductions and scans name theirs in their headers
/// (reduce.hpp, scan.hpp, reduce_by_key.hpp): init's type, or the input's value type.
template <class Op, class T, class It>
using accumulator_t = std::decay_t<invoke_result_t<Op&, T, iter_value_t<It>>>;

/// V's zero, made as Thrust makes it (`V(0)`); value-initialized where V cannot be made from 0.
template <class V>
TIDE_HOST_DEVICE constexpr V zero_value() {
  if constexpr (std::is_constructible_v<V, int>)
    return V(0);
  else
    return V{};
}

/// The length of [first, last), checked: last before first is an error naming the algorithm.
template <class It>
size_type checked_distance(It first, It last, const char* algorithm) {
  auto n = static_cast<size_type>(last - first);
  if (n < 0) throw_invalid_argument(algorithm, "last is before first");
  return n;
}

/// A count argument, checked: negative is an error naming the algorithm.
template <class Size>
size_type checked_count(Size n, const char* algorithm) {
  if constexpr (std::is_signed_v<Size>)
    if (n < 0) throw_invalid_argument(algorithm, "negative count");
  return static_cast<size_type>(n);
}

}  // namespace tide::detail
