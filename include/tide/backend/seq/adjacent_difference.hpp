#pragma once
// Sequential adjacent_difference, left to right, as Thrust's sequential system: each element is read
// into a value of the input's type before the output at its position is written, and the previous
// one is held, so out == first (in place) is safe.

#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

/// out[0] = first[0], out[i] = op(first[i], first[i - 1]) for 0 < i < n.
TIDE_EXEC_CHECK_DISABLE
template <class It, class OutIt, class Op>
TIDE_HOST_DEVICE void adjacent_difference(const seq_policy&, It first, size_type n, OutIt out, Op op) {
  if (n == 0) return;
  using value_t = tide::detail::iter_value_t<It>;
  value_t prev = first[0];
  out[0] = prev;
  for (size_type i = 1; i < n; ++i) {
    value_t next = first[i];
    out[i] = op(next, prev);
    prev = next;
  }
}

}  // namespace tide::backend::seq
