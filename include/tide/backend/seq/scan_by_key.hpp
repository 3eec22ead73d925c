#pragma once
// Sequential scans by key: the reference order, left to right.
//
// THE SCAN-BY-KEY PRIMITIVE CONTRACT (the rules of backend/seq/scan.hpp apply; in addition):
//
//   template <class Acc, class KeyIt, class ValIt, class OutIt, class Pred, class Op>
//   void inclusive_scan_by_key(const P& p, KeyIt keys, size_type n, ValIt vals, OutIt out,
//                              Pred pred, Op op);
//       Acc is named by the caller (`dispatch::inclusive_scan_by_key<acc_t>(...)`), acc_t being
//       the values' value type V (Thrust's rule; the public header).
//   template <class KeyIt, class ValIt, class OutIt, class Acc, class Pred, class Op>
//   void exclusive_scan_by_key(const P& p, KeyIt keys, size_type n, ValIt vals, OutIt out,
//                              Acc init, Pred pred, Op op);
//
// - Segments: element i > 0 continues the segment of i - 1 when pred(keys[i - 1], keys[i]) holds
//   (adjacent keys, as CUB; for an equivalence relation this is Thrust's rule); element 0 starts one.
// - Inclusive: out[i] = v_h op ... op v_i, h the head of i's segment (no init).
//   Exclusive: out[i] = init op v_h op ... op v_(i-1); out[h] = init at every head.
// - In place: `out` may equal `vals`; it must not alias `keys` (keys are read across chunk and
//   tile borders while outputs are being written).
// - The operator sees only values read from `vals`, `init`, or results of op on those.

#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

TIDE_EXEC_CHECK_DISABLE
template <class Acc, class KeyIt, class ValIt, class OutIt, class Pred, class Op>
TIDE_HOST_DEVICE void inclusive_scan_by_key(const seq_policy&, KeyIt keys, size_type n, ValIt vals, OutIt out,
                                            Pred pred, Op op) {
  if (n == 0) return;
  Acc acc = static_cast<Acc>(vals[0]);
  out[0] = acc;
  for (size_type i = 1; i < n; ++i) {
    if (pred(keys[i - 1], keys[i]))
      acc = op(acc, vals[i]);
    else
      acc = static_cast<Acc>(vals[i]);
    out[i] = acc;
  }
}

TIDE_EXEC_CHECK_DISABLE
template <class KeyIt, class ValIt, class OutIt, class Acc, class Pred, class Op>
TIDE_HOST_DEVICE void exclusive_scan_by_key(const seq_policy&, KeyIt keys, size_type n, ValIt vals, OutIt out, Acc init,
                                            Pred pred, Op op) {
  Acc acc = init;
  for (size_type i = 0; i < n; ++i) {
    if (i > 0 && !pred(keys[i - 1], keys[i])) acc = init;
    Acc next = op(acc, vals[i]);  // read v_i before out[i] is written (in place)
    out[i] = acc;
    acc = next;
  }
}

}  // namespace tide::backend::seq
