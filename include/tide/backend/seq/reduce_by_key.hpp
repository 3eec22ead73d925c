#pragma once
// Sequential reduce_by_key: the reference order, left to right.
//
// THE REDUCE-BY-KEY PRIMITIVE CONTRACT:
//
//   template <class Acc, class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred, class Op>
//   size_type reduce_by_key(const P& p, KeyIt keys, size_type n, ValIt vals, KeyOut keys_out,
//                           ValOut vals_out, Pred pred, Op op);
//
// - Acc is named by the caller (`dispatch::reduce_by_key<acc_t>(...)`), acc_t being
//   the values' value type V (Thrust's rule; the public header).
// - Segments as in scan_by_key: i > 0 continues i - 1's segment when pred(keys[i - 1], keys[i]).
//   Segment s (s-th from the left, head h, last element l) gives keys_out[s] = keys[h] and
//   vals_out[s] = v_h op ... op v_l (no init; regrouping allowed, reordering not).
// - Returns the number of segments (0 for n == 0; the CUDA backend waits for it).
// - Outputs must not overlap the inputs. Outputs are written, never read (a discard_iterator or a
//   transform_output_iterator may be passed).
// - Deterministic for a given n and thread count / launch configuration.

#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

TIDE_EXEC_CHECK_DISABLE
template <class Acc, class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred, class Op>
TIDE_HOST_DEVICE size_type reduce_by_key(const seq_policy&, KeyIt keys, size_type n, ValIt vals, KeyOut keys_out,
                                         ValOut vals_out, Pred pred, Op op) {
  if (n == 0) return 0;
  size_type segments = 0, head = 0;
  Acc acc = static_cast<Acc>(vals[0]);
  for (size_type i = 1; i < n; ++i) {
    if (pred(keys[i - 1], keys[i])) {
      acc = op(acc, vals[i]);
    } else {
      keys_out[segments] = keys[head];
      vals_out[segments] = acc;
      ++segments;
      head = i;
      acc = static_cast<Acc>(vals[i]);
    }
  }
  keys_out[segments] = keys[head];
  vals_out[segments] = acc;
  return segments + 1;
}

}  // namespace tide::backend::seq
