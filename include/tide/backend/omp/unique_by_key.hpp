#pragma once
// OpenMP unique_by_key_copy over copy_if.hpp's parallel_compact (one pass over memory): stable,
// the same output for any thread count. Not in-place safe (a block may write where a later block
// is still to be read).

#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "copy_if.hpp"

namespace tide::backend::omp {

/// Copies the first key of each run of neighbours that pred calls equal, and its value; returns
/// how many.
template <class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred>
size_type unique_by_key_copy(const omp_policy& p, KeyIt keys, size_type n, ValIt values, KeyOut keys_out,
                             ValOut values_out, Pred pred) {
  if (n == 0) return 0;
  // The first key always stays; the rest by pair (i, i + 1), as unique_copy (copy_if.hpp).
  keys_out[0] = keys[0];
  values_out[0] = values[0];
  return 1 + detail::parallel_compact(
                 p, n - 1, [&](size_type i) -> bool { return !pred(keys[i], keys[i + 1]); },
                 [&](size_type i, size_type k) {
                   keys_out[k + 1] = keys[i + 1];
                   values_out[k + 1] = values[i + 1];
                 },
                 sizeof(tide::detail::iter_value_t<KeyIt>) + sizeof(tide::detail::iter_value_t<ValIt>));
}

}  // namespace tide::backend::omp
