#pragma once
// OpenMP reduce_by_key over parallel_scan (parallel_scan.hpp, one pass over memory). Each block
// counts its segment heads; the counts are chained in block order into the block's first output
// slot; then, while the block is still in cache, it reduces its segments, writing the complete
// ones and keeping the two partial ones: the lead (elements before the block's first head, which
// belong to an earlier segment) and the tail (the last segment, which may go on in the next
// blocks). A serial fix-up in block order joins each tail with the following leads and writes it
// (one write per block at most). The blocks depend on n only, and the order of combination is
// fixed: the same bits for any thread count. Contract: backend/seq/reduce_by_key.hpp.

#include <optional>
#include <vector>

#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "parallel_scan.hpp"

namespace tide::backend::omp {

template <class Acc, class KeyIt, class ValIt, class KeyOut, class ValOut, class Pred, class Op>
size_type reduce_by_key(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, KeyOut keys_out, ValOut vals_out,
                        Pred pred, Op op) {
  if (n == 0) return 0;
  auto is_head = [&](size_type i) { return i == 0 || !pred(keys[i - 1], keys[i]); };
  const size_type blocks = detail::scan_blocks(n);
  // Per block, each written by the one thread that scans the block: its first output slot, its
  // heads, and its partial segments (optional: Acc need not be default-constructible, and no
  // operator sees an unset value).
  std::vector<size_type> offset(static_cast<std::size_t>(blocks), 0), heads(static_cast<std::size_t>(blocks), 0);
  std::vector<std::optional<Acc>> lead(static_cast<std::size_t>(blocks)), tail(static_cast<std::size_t>(blocks));

  detail::parallel_scan<size_type>(
      p, n,
      [&](size_type b, size_type e) {
        size_type h = 0;
        for (size_type i = b; i < e; ++i) h += is_head(i) ? 1 : 0;
        return h;
      },
      [&](size_type b, size_type e, const size_type* carry) {
        const std::size_t j = static_cast<std::size_t>(b / detail::scan_tuning::block_items);
        size_type i = b;
        if (!is_head(b)) {
          Acc acc = static_cast<Acc>(vals[b]);
          for (i = b + 1; i < e && !is_head(i); ++i) acc = op(acc, vals[i]);
          lead[j] = acc;
        }
        const size_type k0 = carry ? *carry : 0;
        size_type k = k0;
        while (i < e) {  // i is a head
          const size_type h = i;
          Acc acc = static_cast<Acc>(vals[i]);
          for (++i; i < e && !is_head(i); ++i) acc = op(acc, vals[i]);
          keys_out[k] = keys[h];
          if (i < e)
            vals_out[k] = acc;
          else
            tail[j] = acc;
          ++k;
        }
        offset[j] = k0;
        heads[j] = k - k0;
      },
      [](size_type a, size_type b) { return a + b; },
      sizeof(tide::detail::iter_value_t<KeyIt>) + sizeof(tide::detail::iter_value_t<ValIt>));

  // Block 0 starts with a head, so it has a tail; a block without heads only extends the pending one.
  Acc pending = *tail[0];
  size_type pending_at = offset[0] + heads[0] - 1;
  for (std::size_t j = 1; j < static_cast<std::size_t>(blocks); ++j) {
    if (lead[j]) pending = op(pending, *lead[j]);
    if (heads[j] > 0) {
      vals_out[pending_at] = pending;
      pending = *tail[j];
      pending_at = offset[j] + heads[j] - 1;
    }
  }
  vals_out[pending_at] = pending;
  return offset[blocks - 1] + heads[blocks - 1];
}

}  // namespace tide::backend::omp
