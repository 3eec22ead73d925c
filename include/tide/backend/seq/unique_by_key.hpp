#pragma once
// Sequential unique_by_key_copy, left to right (stable). It writes slot k only after reading key
// k + 1 or later, and compares input neighbours no earlier write has changed (a slot is rewritten
// before its own neighbour test only with its own key), so it runs in place (outputs == inputs).

#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

/// Copies the first key of each run of neighbours that pred calls equal, and its value; returns
/// how many.
TIDE_EXEC_CHECK_DISABLE
template <class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred>
TIDE_HOST_DEVICE size_type unique_by_key_copy(const seq_policy&, KeyIt keys, size_type n, ValIt values,
                                              KeyOut keys_out, ValOut values_out, Pred pred) {
  if (n == 0) return 0;
  keys_out[0] = keys[0];
  values_out[0] = values[0];
  size_type k = 1;
  for (size_type i = 1; i < n; ++i) {
    if (!pred(keys[i - 1], keys[i])) {
      keys_out[k] = keys[i];
      values_out[k] = values[i];
      ++k;
    }
  }
  return k;
}

}  // namespace tide::backend::seq
