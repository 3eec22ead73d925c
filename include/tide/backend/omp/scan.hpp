#pragma once
// OpenMP scans over parallel_scan (parallel_scan.hpp): fixed blocks, each block's total, the
// carries chained in block order, each block scanned from its carry while it is still in cache.
// One pass over memory; in place works (a block is reduced before it is overwritten); the same
// bits for any thread count. The contract is in backend/seq/scan.hpp.

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

/// A scan started from init: out[i] takes the running total through first[i] (inclusive) or
/// before it (Exclusive).
template <bool Exclusive, class It, class OutIt, class Acc, class Op>
void scan_from_init(const omp_policy& p, It first, size_type n, OutIt out, Acc init, Op& op) {
  if (n == 0) return;
  parallel_scan<Acc>(
      p, n, [&](size_type b, size_type e) { return scan_chunk_total<Acc>(first, b, e, op); },
      [&](size_type b, size_type e, const Acc* carry) {
        Acc acc = carry ? static_cast<Acc>(op(init, *carry)) : init;
        for (size_type i = b; i < e; ++i) {
          Acc next = op(acc, first[i]);  // read x_i before out[i] is written (in place)
          out[i] = Exclusive ? acc : next;
          acc = next;
        }
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
        Acc acc = carry ? static_cast<Acc>(op(*carry, first[b])) : static_cast<Acc>(first[b]);
        out[b] = acc;
        for (size_type i = b + 1; i < e; ++i) {
          acc = op(acc, first[i]);
          out[i] = acc;
        }
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
