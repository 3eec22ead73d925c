#pragma once
// OpenMP merges: the output is cut into one slice per thread, and each thread finds where its
// slice starts in each input by a co-rank (merge path) search, then merges its slice alone.
// Stable: of equal keys, the first range's come first.

#include "../../execution.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

namespace detail {

/// How many elements of a are among the first k outputs of the stable merge of a[0, na) and
/// b[0, nb) (the co-rank of k): ties take a's element first.
template <class ItA, class ItB, class Comp>
size_type co_rank(size_type k, ItA a, size_type na, ItB b, size_type nb, Comp& comp) {
  size_type lo = k > nb ? k - nb : 0;
  size_type hi = k < na ? k : na;
  while (lo < hi) {
    size_type mid = lo + (hi - lo) / 2;
    // a[mid] precedes b[k-1-mid] unless b's is strictly less: then more than mid come from a.
    if (!comp(b[k - 1 - mid], a[mid]))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/// Output positions [k0, k1) of the stable merge of a and b: emit(from_a, source index, output
/// index) for each, in order.
template <class ItA, class ItB, class Comp, class Emit>
void merge_slice(ItA a, size_type na, ItB b, size_type nb, size_type k0, size_type k1, Comp& comp, Emit emit) {
  size_type i = co_rank(k0, a, na, b, nb, comp), j = k0 - i;
  size_type i_end = co_rank(k1, a, na, b, nb, comp), j_end = k1 - i_end;
  size_type k = k0;
  while (i < i_end && j < j_end) {
    if (comp(b[j], a[i]))
      emit(false, j++, k++);
    else
      emit(true, i++, k++);
  }
  for (; i < i_end; ++i) emit(true, i, k++);
  for (; j < j_end; ++j) emit(false, j, k++);
}

}  // namespace detail

template <class ItA, class ItB, class OutIt, class Comp>
void merge(const omp_policy& p, ItA a, size_type na, ItB b, size_type nb, OutIt out, Comp comp) {
  detail::parallel_chunks(p, na + nb, [&](size_type k0, size_type k1, int) {
    Comp c = comp;  // each thread calls its own copy
    detail::merge_slice(a, na, b, nb, k0, k1, c, [&](bool from_a, size_type i, size_type k) {
      if (from_a)
        out[k] = a[i];
      else
        out[k] = b[i];
    });
  });
}

template <class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut, class Comp>
void merge_by_key(const omp_policy& p, KeyA ka, size_type na, KeyB kb, size_type nb, ValA va, ValB vb,
                  KeyOut keys_out, ValOut vals_out, Comp comp) {
  detail::parallel_chunks(p, na + nb, [&](size_type k0, size_type k1, int) {
    Comp c = comp;
    detail::merge_slice(ka, na, kb, nb, k0, k1, c, [&](bool from_a, size_type i, size_type k) {
      if (from_a) {
        keys_out[k] = ka[i];
        vals_out[k] = va[i];
      } else {
        keys_out[k] = kb[i];
        vals_out[k] = vb[i];
      }
    });
  });
}

}  // namespace tide::backend::omp
