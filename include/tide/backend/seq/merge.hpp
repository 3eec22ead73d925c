#pragma once
// Sequential merges: stable (of equal keys, the first range's come first), left to right: the
// whole output as one slice of detail/host_merge.hpp's merge.

#include "../../detail/host_merge.hpp"
#include "../../execution.hpp"
#include "device_code.hpp"

namespace tide::backend::seq {

TIDE_EXEC_CHECK_DISABLE
template <class ItA, class ItB, class OutIt, class Comp>
TIDE_HOST_DEVICE void merge(const seq_policy&, ItA a, size_type na, ItB b, size_type nb, OutIt out, Comp comp) {
  ::tide::detail::host::merge_slice(a, na, b, nb, 0, na + nb, comp,
                                    ::tide::detail::host::merge_writer<ItA, ItB, OutIt>{a, b, out});
}

TIDE_EXEC_CHECK_DISABLE
template <class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut, class Comp>
TIDE_HOST_DEVICE void merge_by_key(const seq_policy&, KeyA ka, size_type na, KeyB kb, size_type nb, ValA va, ValB vb,
                                   KeyOut keys_out, ValOut vals_out, Comp comp) {
  ::tide::detail::host::merge_slice(
      ka, na, kb, nb, 0, na + nb, comp,
      ::tide::detail::host::merge_by_key_writer<KeyA, KeyB, ValA, ValB, KeyOut, ValOut>{ka, kb, va, vb, keys_out,
                                                                                        vals_out});
}

}  // namespace tide::backend::seq
