#pragma once
// Sequential set operations: the standard's loop over the whole of both ranges, left to right
// (detail/set_operation_path.hpp). The reference the other backends match.

#include "../../detail/set_operation_path.hpp"
#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

/// Writes the elements of set operation Op on sorted a[0, na) and b[0, nb) to out; returns how many.
TIDE_EXEC_CHECK_DISABLE
template <::tide::detail::set_op Op, class ItA, class ItB, class OutIt, class Comp>
TIDE_HOST_DEVICE size_type set_operation(const seq_policy&, ItA a, size_type na, ItB b, size_type nb, OutIt out,
                                         Comp comp) {
  ::tide::detail::set_writer<ItA, ItB, OutIt> w{a, b, out, 0};
  ::tide::detail::set_loop<Op>(a, size_type(0), na, b, size_type(0), nb, comp, w);
  return w.k;
}

/// set_operation on the keys ka and kb, writing each written key's value (from va or vb) beside it.
TIDE_EXEC_CHECK_DISABLE
template <::tide::detail::set_op Op, class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut,
          class Comp>
TIDE_HOST_DEVICE size_type set_operation_by_key(const seq_policy&, KeyA ka, size_type na, KeyB kb, size_type nb,
                                                ValA va, ValB vb, KeyOut keys_out, ValOut vals_out, Comp comp) {
  ::tide::detail::set_by_key_writer<KeyA, KeyB, ValA, ValB, KeyOut, ValOut> w{ka, kb, va, vb, keys_out, vals_out, 0};
  ::tide::detail::set_loop<Op>(ka, size_type(0), na, kb, size_type(0), nb, comp, w);
  return w.k;
}

}  // namespace tide::backend::seq
