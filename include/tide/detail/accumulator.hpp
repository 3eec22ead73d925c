#pragma once
// Reading the elements of a scan as its accumulator type, as Thrust does where the accumulator is
// not the input's value type: CUB loads each tile's items as its AccumT, and Thrust's sequential
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

/// `it` itself where its elements are already Acc (or cannot become one implicitly: the operator
/// then takes them as they are), else an iterator over the elements converted to Acc.
template <class Acc, class It>
auto read_as(const It& it) {
  using value_t = iter_value_t<It>;
  if constexpr (std::is_same_v<value_t, Acc> || !std::is_convertible_v<value_t, Acc>)
    return it;
  else
    return make_transform_iterator(it, read_as_accumulator<Acc>{});
}

}  // namespace tide::detail
