#pragma once
// Sequential merges: stable (of equal keys, the first range's come first), left to right.

#include "../../execution.hpp"

namespace tide::backend::seq {

namespace detail {
/// Merges a[0, na) and b[0, nb) into out; ties take a's element first. `emit(from_a, i)` writes
/// element i of a (from_a) or of b to the next output position.
template <class ItA, class ItB, class Comp, class Emit>
void merge_indices(ItA a, size_type na, ItB b, size_type nb, Comp& comp, Emit emit) {
  size_type i = 0, j = 0;
  while (i < na && j < nb) {
    if (comp(b[j], a[i]))
      emit(false, j++);
    else
      emit(true, i++);
  }
  for (; i < na; ++i) emit(true, i);
  for (; j < nb; ++j) emit(false, j);
}

/// merge_indices writing the elements themselves.
template <class ItA, class ItB, class Out, class Comp>
void serial_merge(ItA a, size_type na, ItB b, size_type nb, Out out, Comp& comp) {
  size_type k = 0;
  merge_indices(a, na, b, nb, comp, [&](bool from_a, size_type i) {
    if (from_a)
      out[k++] = a[i];
    else
      out[k++] = b[i];
  });
}
}  // namespace detail

template <class ItA, class ItB, class OutIt, class Comp>
void merge(const seq_policy&, ItA a, size_type na, ItB b, size_type nb, OutIt out, Comp comp) {
  detail::serial_merge(a, na, b, nb, out, comp);
}

template <class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut, class Comp>
void merge_by_key(const seq_policy&, KeyA ka, size_type na, KeyB kb, size_type nb, ValA va, ValB vb,
                  KeyOut keys_out, ValOut vals_out, Comp comp) {
  size_type k = 0;
  detail::merge_indices(ka, na, kb, nb, comp, [&](bool from_a, size_type i) {
    if (from_a) {
      keys_out[k] = ka[i];
      vals_out[k] = va[i];
    } else {
      keys_out[k] = kb[i];
      vals_out[k] = vb[i];
    }
    ++k;
  });
}

}  // namespace tide::backend::seq
