#pragma once
// Sequential merges: stable (of equal keys, the first range's come first), left to right: the
// whole output as one slice of detail/host_merge.hpp's merge.

#include "../../detail/host_merge.hpp"
#include "../../execution.hpp"

namespace tide::backend::seq {

template <class ItA, class ItB, class OutIt, class Comp>
void merge(const seq_policy&, ItA a, size_type na, ItB b, size_type nb, OutIt out, Comp comp) {
  ::tide::detail::host::merge_slice(a, na, b, nb, 0, na + nb, comp,
                                    ::tide::detail::host::merge_writer<ItA, ItB, OutIt>{a, b, out});
}

template <class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut, class Comp>
void merge_by_key(const seq_policy&, KeyA ka, size_type na, KeyB kb, size_type nb, ValA va, ValB vb,
                  KeyOut keys_out, ValOut vals_out, Comp comp) {
  ::tide::detail::host::merge_slice(
      ka, na, kb, nb, 0, na + nb, comp,
      ::tide::detail::host::merge_by_key_writer<KeyA, KeyB, ValA, ValB, KeyOut, ValOut>{ka, kb, va, vb, keys_out,
                                                                                        vals_out});
}

}  // namespace tide::backend::seq
