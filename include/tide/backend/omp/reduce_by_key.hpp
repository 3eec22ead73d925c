#pragma once
// OpenMP reduce_by_key: one chunk per thread. Pass 1 counts the segment heads of each chunk (their
// prefix gives each chunk's first output slot); pass 2 reduces the segments of each chunk, writing
// the complete ones and keeping the two partial ones: the lead (elements before the chunk's first
// head, which belong to an earlier segment) and the tail (the last segment, which may go on in the
// next chunks). A serial fix-up in chunk order joins each tail with the following leads and writes
// it. Fixed partition and combination order: deterministic for a given thread count.
// Contract: backend/seq/reduce_by_key.hpp.

#include <optional>
#include <vector>

#include "../../execution.hpp"
#include "parallel.hpp"

namespace tide::backend::omp {

template <class Acc, class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred, class Op>
size_type reduce_by_key(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, KeyOut keys_out, ValOut vals_out,
                        Pred pred, Op op) {
  if (n == 0) return 0;
  auto is_head = [&](size_type i) { return i == 0 || !pred(keys[i - 1], keys[i]); };
  const int chunks = detail::thread_count(p, n);  // parallel_chunks cuts the same chunks

  std::vector<size_type> heads(chunks, 0);
  detail::parallel_chunks(p, n, [&](size_type b, size_type e, int c) {
    size_type h = 0;
    for (size_type i = b; i < e; ++i) h += is_head(i) ? 1 : 0;
    heads[c] = h;
  });
  std::vector<size_type> offset(chunks, 0);
  size_type segments = 0;
  for (int c = 0; c < chunks; ++c) offset[c] = segments, segments += heads[c];

  // optional: Acc need not be default-constructible, and no operator sees an unset value.
  std::vector<std::optional<Acc>> lead(chunks), tail(chunks);
  detail::parallel_chunks(p, n, [&](size_type b, size_type e, int c) {
    size_type i = b;
    if (!is_head(b)) {
      Acc acc = static_cast<Acc>(vals[b]);
      for (i = b + 1; i < e && !is_head(i); ++i) acc = op(acc, vals[i]);
      lead[c] = acc;
    }
    size_type k = offset[c];
    while (i < e) {  // i is a head
      const size_type h = i;
      Acc acc = static_cast<Acc>(vals[i]);
      for (++i; i < e && !is_head(i); ++i) acc = op(acc, vals[i]);
      keys_out[k] = keys[h];
      if (i < e) {
        vals_out[k] = acc;
        ++k;
      } else {
        tail[c] = acc;
      }
    }
  });

  // Chunk 0 starts with a head, so it has a tail; a chunk without heads only extends the pending one.
  Acc pending = *tail[0];
  size_type pending_at = offset[0] + heads[0] - 1;
  for (int c = 1; c < chunks; ++c) {
    if (lead[c]) pending = op(pending, *lead[c]);
    if (heads[c] > 0) {
      vals_out[pending_at] = pending;
      pending = *tail[c];
      pending_at = offset[c] + heads[c] - 1;
    }
  }
  vals_out[pending_at] = pending;
  return segments;
}

}  // namespace tide::backend::omp
