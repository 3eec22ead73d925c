#pragma once
// Reading the elements of a reduction or scan as its accumulator type, as Thrust does where the
// accumulator is not the input's value type: CUB loads each tile's items as its AccumT, Thrust's
// generic transform_reduce reads the transformed elements as init's type, and its sequential
// exclusive scans copy each element into a variable of init's type before calling the operator
// (thrust/system/detail/sequential/scan.h, scan_by_key.h). So `exclusive_scan(first, last, out, 0)`
// over doubles adds the doubles truncated to int.

#include <type_traits>

#include "../config.hpp"
#include "../iterator/transform_iterator.hpp"
#include "dispatch.hpp"

namespace tide::detail {

/// x converted to Acc.
template <class Acc>
struct read_as_accumulator {
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class X>
  TIDE_HOST_DEVICE Acc operator()(const X& x) const {
    return static_cast<Acc>(x);
  }
};

/// Whether Op declares both its arguments as T (`tide::plus<T>` and the other typed functors):
/// it converts each element to T itself, so reading the elements as T changes nothing.
template <class Op, class T, class = void>
struct takes_arguments_as : std::false_type {};
template <class Op, class T>
struct takes_arguments_as<Op, T, std::void_t<typename Op::first_argument_type, typename Op::second_argument_type>>
    : std::bool_constant<std::is_same_v<typename Op::first_argument_type, T> &&
                         std::is_same_v<typename Op::second_argument_type, T>> {};

/// `it`, or an iterator over its elements converted to Acc: where the elements are not Acc already
/// and convert to it implicitly (else `op` takes them as they are). Skipped for an `op` that takes
/// Acc arguments (the same result, and a pointer stays a pointer) unless the elements are wider
/// than Acc (the CUDA kernels size their tiles by Acc and stage the elements they read).
template <class Acc, class Op, class It>
TIDE_HOST_DEVICE auto read_as(const It& it) {
  using value_t = iter_value_t<It>;
  if constexpr (std::is_same_v<value_t, Acc> || !std::is_convertible_v<value_t, Acc> ||
                (takes_arguments_as<Op, Acc>::value && sizeof(value_t) <= sizeof(Acc)))
    return it;
  else
    return make_transform_iterator(it, read_as_accumulator<Acc>{});
}

}  // namespace tide::detail
