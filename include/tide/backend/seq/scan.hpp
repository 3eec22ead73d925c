#pragma once
// Sequential scans: the reference order, left to right.
//
// THE SCAN PRIMITIVE CONTRACT (every backend implements exactly these; seq is the reference):
//
//   template <class Acc, class It, class OutIt, class Op>
//   void inclusive_scan(const P& p, It first, size_type n, OutIt out, Op op);
//       out[i] = x0 op x1 op ... op xi.  Acc has no init to be deduced from, so the caller names
//       it: `dispatch::inclusive_scan<acc_t>(p, ...)`; acc_t is the input's value type V (Thrust's
//       rule; scan.hpp).
//   template <class It, class OutIt, class Acc, class Op>
//   void inclusive_scan_init(const P& p, It first, size_type n, OutIt out, Acc init, Op op);
//       out[i] = init op x0 op ... op xi.
//   template <class It, class OutIt, class Acc, class Op>
//   void exclusive_scan(const P& p, It first, size_type n, OutIt out, Acc init, Op op);
//       out[0] = init, out[i] = init op x0 op ... op x(i-1).
//
// For all three:
// - Acc is the accumulator type, chosen by the public header (scan.hpp: Thrust's rules), which
//   passes `acc_t(init)` and, where Acc is not the input's value type, an input that reads its
//   elements as Acc. Every partial result is held as an Acc, never as the output's value type; the
//   output gets `out[i] = acc` (converted on assignment).
// - `op(Acc, Acc)` and `op(Acc, x)` with x read from `first` must both be valid; `op` is
//   associative, maybe not commutative: a backend may regroup but never reorder operands.
// - The operator never sees a value that nobody gave (no identity, no uninitialized registers);
//   a tile or thread that has no carry starts from its first element.
// - In place is allowed: `out` may equal `first` (not partially overlap). Each x_i is read before
//   out[i] is written; a backend must not read x_j after writing out[j].
// - n == 0: nothing is read, written or launched. `first`, `out` are unwrapped (raw pointers for
//   device memory), n >= 0 is checked by the caller.
// - Deterministic: a fixed partition and combination order for a given n (and thread count or
//   launch configuration), so float results repeat run after run.
// - No result goes back to the host: the CUDA backend does not synchronize.
// The by-key forms (scan_by_key.hpp) follow the same rules.

#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

TIDE_EXEC_CHECK_DISABLE
template <class Acc, class It, class OutIt, class Op>
TIDE_HOST_DEVICE void inclusive_scan(const seq_policy&, It first, size_type n, OutIt out, Op op) {
  if (n == 0) return;
  Acc acc = static_cast<Acc>(first[0]);
  out[0] = acc;
  for (size_type i = 1; i < n; ++i) {
    acc = op(acc, first[i]);
    out[i] = acc;
  }
}

TIDE_EXEC_CHECK_DISABLE
template <class It, class OutIt, class Acc, class Op>
TIDE_HOST_DEVICE void inclusive_scan_init(const seq_policy&, It first, size_type n, OutIt out, Acc init, Op op) {
  for (size_type i = 0; i < n; ++i) {
    init = op(init, first[i]);
    out[i] = init;
  }
}

TIDE_EXEC_CHECK_DISABLE
template <class It, class OutIt, class Acc, class Op>
TIDE_HOST_DEVICE void exclusive_scan(const seq_policy&, It first, size_type n, OutIt out, Acc init, Op op) {
  for (size_type i = 0; i < n; ++i) {
    Acc next = op(init, first[i]);  // read x_i before out[i] is written (in place)
    out[i] = init;
    init = next;
  }
}

}  // namespace tide::backend::seq
