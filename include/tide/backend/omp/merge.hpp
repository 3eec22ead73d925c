#pragma once
// OpenMP merges: the output is cut into one slice per thread, and each thread finds where its
// slice starts in each input by a co-rank (merge path) search, then merges its slice alone
// (detail/host_merge.hpp). Stable: of equal keys, the first range's come first.

#include "../../detail/host_merge.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

template <class ItA, class ItB, class OutIt, class Comp>
void merge(const omp_policy& p, ItA a, size_type na, ItB b, size_type nb, OutIt out, Comp comp) {
  detail::parallel_chunks(p, na + nb, [&](size_type k0, size_type k1, int) {
    Comp c = comp;  // each thread calls its own copy
    ::tide::detail::host::merge_slice(a, na, b, nb, k0, k1, c,
                                      ::tide::detail::host::merge_writer<ItA, ItB, OutIt>{a, b, out});
  });
}

template <class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut, class Comp>
void merge_by_key(const omp_policy& p, KeyA ka, size_type na, KeyB kb, size_type nb, ValA va, ValB vb,
                  KeyOut keys_out, ValOut vals_out, Comp comp) {
  detail::parallel_chunks(p, na + nb, [&](size_type k0, size_type k1, int) {
    Comp c = comp;
    ::tide::detail::host::merge_slice(
        ka, na, kb, nb, k0, k1, c,
        ::tide::detail::host::merge_by_key_writer<KeyA, KeyB, ValA, ValB, KeyOut, ValOut>{ka, kb, va, vb, keys_out,
                                                                                          vals_out});
  });
}

}  // namespace tide::backend::omp
