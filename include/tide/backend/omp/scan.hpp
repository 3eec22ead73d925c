#pragma once
// OpenMP scans over parallel_scan (parallel_scan.hpp): fixed blocks, each block's total (over
// lanes, lanes.hpp), the carries chained in block order, each block scanned from its carry while it
// is still in cache; for floats and other non-integer types, a range of more than one block scans
// each block as 8 contiguous sub-ranges side by side (scan_block), so 8 chains of the operator's
// latency overlap. The association depends on n only; a range of one block is the plain loop.
// One pass over memory; in place works (a block is reduced before it is overwritten); the same
// bits for any thread count. The contract is in backend/seq/scan.hpp.

#include <type_traits>

#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "lanes.hpp"
#include "parallel_scan.hpp"

namespace tide::backend::omp {

namespace detail {
/// The total of first[b, e), started from the block's own first element (no identity needed),
/// over lanes (lanes.hpp): the association depends on e - b only.
template <class Acc, class It, class Op>
Acc scan_chunk_total(It first, size_type b, size_type e, Op& op) {
  return reduce_block<Acc>(first, b, e, op);
}

/// Scans first[b, e) into out[b, e) from *start (null: from the block's first item, inclusive
/// only), inclusive or Exclusive. With split, over scan_lanes contiguous sub-ranges (lanes.hpp's
/// contiguous lanes): their totals first (8 independent chains over the block, in cache), then the
/// sub-ranges scanned side by side from start, start op t_0, (start op t_0) op t_1, ...: 8
/// independent chains instead of one. Operands are regrouped, never reordered. In place works:
/// each item is read before its own output is written, and the sub-ranges are disjoint.
template <bool Exclusive, class Acc, class It, class OutIt, class Op>
void scan_block(It first, OutIt out, size_type b, size_type e, const Acc* start, Op& op, bool split) {
  constexpr int S = lane_tuning::contiguous;
  if constexpr (lanes_fit<Acc> && !std::is_integral_v<Acc>) {
    const size_type m = (e - b) / S;
    if (split && m >= 2) {
      Acc run[S];  // run[k]: the value scan k starts from (run[0] absent when start is null)
      Acc tot[S];
      for (int k = 0; k < S; ++k) tot[k] = static_cast<Acc>(first[b + k * m]);
      for (size_type i = 1; i < m; ++i)
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__)  // (nvcc's front end warns on it)
#pragma GCC unroll 8
#endif
        for (int k = 0; k < S - 1; ++k) tot[k] = op(tot[k], first[b + k * m + i]);
      if (start) run[0] = *start;
      for (int k = 1; k < S; ++k) run[k] = (k == 1 && !start) ? tot[0] : static_cast<Acc>(op(run[k - 1], tot[k - 1]));
      // Each sub-range's first item, then the rest side by side.
      for (int k = 0; k < S; ++k) {
        const size_type i = b + k * m;
        if (k == 0 && !start) {
          run[0] = static_cast<Acc>(first[i]);  // inclusive only
          out[i] = run[0];
          continue;
        }
        Acc next = op(run[k], first[i]);
        out[i] = Exclusive ? run[k] : next;
        run[k] = next;
      }
      for (size_type i = 1; i < m; ++i)
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__)  // (nvcc's front end warns on it)
#pragma GCC unroll 8
#endif
        for (int k = 0; k < S; ++k) {
          const size_type j = b + k * m + i;
          Acc next = op(run[k], first[j]);
          out[j] = Exclusive ? run[k] : next;
          run[k] = next;
        }
      for (size_type j = b + S * m; j < e; ++j) {
        Acc next = op(run[S - 1], first[j]);
        out[j] = Exclusive ? run[S - 1] : next;
        run[S - 1] = next;
      }
      return;
    }
  }
  auto rest = [&](Acc acc, size_type i) {
    for (; i < e; ++i) {
      Acc next = op(acc, first[i]);  // read x_i before out[i] is written (in place)
      out[i] = Exclusive ? acc : next;
      acc = next;
    }
  };
  if (start) {
    rest(*start, b);
  } else {
    const Acc acc = static_cast<Acc>(first[b]);
    out[b] = acc;
    rest(acc, b + 1);
  }
}

/// A scan started from init: out[i] takes the running total through first[i] (inclusive) or
/// before it (Exclusive).
template <bool Exclusive, class It, class OutIt, class Acc, class Op>
void scan_from_init(const omp_policy& p, It first, size_type n, OutIt out, Acc init, Op& op) {
  if (n == 0) return;
  parallel_scan<Acc>(
      p, n, [&](size_type b, size_type e) { return scan_chunk_total<Acc>(first, b, e, op); },
      [&](size_type b, size_type e, const Acc* carry) {
        const Acc start = carry ? static_cast<Acc>(op(init, *carry)) : init;
        scan_block<Exclusive>(first, out, b, e, &start, op, n > scan_tuning::block_items);
      },
      op, sizeof(tide::detail::iter_value_t<It>));
}
}  // namespace detail

template <class Acc, class It, class OutIt, class Op>
void inclusive_scan(const omp_policy& p, It first, size_type n, OutIt out, Op op) {
  if (n == 0) return;
  detail::parallel_scan<Acc>(
      p, n, [&](size_type b, size_type e) { return detail::scan_chunk_total<Acc>(first, b, e, op); },
      [&](size_type b, size_type e, const Acc* carry) {
        detail::scan_block<false>(first, out, b, e, carry, op, n > detail::scan_tuning::block_items);
      },
      op, sizeof(tide::detail::iter_value_t<It>));
}

template <class It, class OutIt, class Acc, class Op>
void inclusive_scan_init(const omp_policy& p, It first, size_type n, OutIt out, Acc init, Op op) {
  detail::scan_from_init<false>(p, first, n, out, init, op);
}

template <class It, class OutIt, class Acc, class Op>
void exclusive_scan(const omp_policy& p, It first, size_type n, OutIt out, Acc init, Op op) {
  detail::scan_from_init<true>(p, first, n, out, init, op);
}

}  // namespace tide::backend::omp
