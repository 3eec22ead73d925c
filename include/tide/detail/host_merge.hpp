#pragma once
// Stable merges on the host, shared by the seq and omp backends (no backend includes another).
// merge_slice produces any slice [k0, k1) of the merged output on its own: the seq backend asks
// for all of it, the omp backend gives each thread one slice. Of equal keys, a's come first.
// __host__ __device__: the seq backend's merge runs in device code too (no allocation).

#include "../backend/seq/device_code.hpp"
#include "../execution.hpp"

namespace tide::detail::host {

/// How many elements of a are among the first k outputs of the stable merge of a[0, na) and
/// b[0, nb) (the co-rank of k): ties take a's element first. k == 0 and k == na + nb compare nothing.
TIDE_EXEC_CHECK_DISABLE
template <class ItA, class ItB, class Comp>
TIDE_HOST_DEVICE size_type co_rank(size_type k, ItA a, size_type na, ItB b, size_type nb, Comp& comp) {
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
TIDE_EXEC_CHECK_DISABLE
template <class ItA, class ItB, class Comp, class Emit>
TIDE_HOST_DEVICE void merge_slice(ItA a, size_type na, ItB b, size_type nb, size_type k0, size_type k1, Comp& comp,
                                  Emit emit) {
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

/// merge's emit: out[k] = a[i] or b[i].
template <class ItA, class ItB, class OutIt>
struct merge_writer {
  ItA a;
  ItB b;
  OutIt out;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void operator()(bool from_a, size_type i, size_type k) {
    if (from_a)
      out[k] = a[i];
    else
      out[k] = b[i];
  }
};

/// merge_by_key's emit: the key and its value, from a or from b.
template <class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut>
struct merge_by_key_writer {
  KeyA ka;
  KeyB kb;
  ValA va;
  ValB vb;
  KeyOut keys_out;
  ValOut vals_out;
  TIDE_EXEC_CHECK_DISABLE
  TIDE_HOST_DEVICE void operator()(bool from_a, size_type i, size_type k) {
    if (from_a) {
      keys_out[k] = ka[i];
      vals_out[k] = va[i];
    } else {
      keys_out[k] = kb[i];
      vals_out[k] = vb[i];
    }
  }
};

}  // namespace tide::detail::host
