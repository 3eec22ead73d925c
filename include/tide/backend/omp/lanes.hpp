#pragma once
// A block's reduction over several independent accumulators (lanes), so that the compiler can
// vectorize it or at least overlap the operator's latency, without -ffast-math: the OpenMP reduce,
// transform_reduce and the scans' block totals (parallel_scan's reduce_chunk) are written over it.
//
// The association is fixed by the block's length alone (never by the thread count), and is one of:
//   - interleaved lanes, for operators known to be commutative on the accumulator type (`plus` and
//     `multiplies` from tide or std on arithmetic types; also `maximum`/`minimum`/`bit_*` on
//     integers): lane j takes items j, j + L, j + 2L, ..., then the lanes are combined as a fixed
//     tree (lane j with lane j + L/2, then j + L/4, ...). The items are reordered, which such an
//     operator cannot tell apart, and the contiguous loads vectorize.
//   - contiguous lanes, for any other operator (it need only be associative): the block is cut into
//     L sub-ranges in order, each folded left to right, and the lane totals are combined left to
//     right. Operands are regrouped, never reordered, so non-commutative operators are fine.
//   - the plain left-to-right loop, for short blocks and for accumulator types that are not
//     trivially copyable and default-constructible (strings, containers: no gain there).

#include <cstddef>
#include <functional>
#include <type_traits>

#include "../../execution.hpp"
#include "../../detail/commutative.hpp"
#include "../../functional.hpp"

namespace tide::backend::omp::detail {

using tide::detail::known_commutative;

/// The lanes' tuning; the tests read it to hit the lanes' boundaries.
struct lane_tuning {
  /// Interleaved lanes: 128 bytes of accumulators (32 floats: 8 SSE or 4 AVX vectors in flight),
  /// 8 to 32 lanes.
  template <class Acc>
  static constexpr int interleaved = sizeof(Acc) >= 16 ? 8 : (sizeof(Acc) <= 4 ? 32 : 128 / int(sizeof(Acc)));
  /// Contiguous lanes: 8 independent chains (8 streams of loads).
  static constexpr int contiguous = 8;
  /// Accumulators larger than this stay on the plain loop.
  static constexpr std::size_t max_acc_bytes = 64;
};

template <class Acc>
constexpr bool lanes_fit = std::is_trivially_copyable_v<Acc> && std::is_default_constructible_v<Acc> &&
                           sizeof(Acc) <= lane_tuning::max_acc_bytes;

/// The lanes a block of first[b, e) is reduced with under Op (0: the plain loop), for any length.
template <class Acc, class Op>
constexpr int reduce_lanes() {
  if constexpr (!lanes_fit<Acc>)
    return 0;
  else if constexpr (known_commutative<Op, Acc>::value)
    return lane_tuning::interleaved<Acc>;
  else
    return lane_tuning::contiguous;
}

/// The reduction of first[b, e) (b < e) with op, started from first[b] (no identity needed), as the
/// header describes: interleaved lanes for known-commutative operators, contiguous lanes for the
/// others, the plain loop below 2 L items. The result depends on e - b, never on the thread count.
template <class Acc, class It, class Op>
Acc reduce_block(It first, size_type b, size_type e, Op& op) {
  constexpr int L = reduce_lanes<Acc, Op>();
  const size_type n = e - b;
  if constexpr (L > 0) {
    if (n >= size_type(2 * L)) {
      Acc acc[L];
      if constexpr (known_commutative<Op, Acc>::value) {
        for (int j = 0; j < L; ++j) acc[j] = static_cast<Acc>(first[b + j]);
        size_type i = b + L;
        for (; i + L <= e; i += L)
          for (int j = 0; j < L; ++j) acc[j] = op(acc[j], first[i + j]);
        for (int j = 0; i + j < e; ++j) acc[j] = op(acc[j], first[i + j]);
        for (int w = L / 2; w > 0; w /= 2)
          for (int j = 0; j < w; ++j) acc[j] = op(acc[j], acc[j + w]);
        return acc[0];
      } else {
        // Lane j folds [b + j m, b + (j + 1) m); the last lane also takes the n % L items after them.
        const size_type m = n / L;
        for (int j = 0; j < L; ++j) acc[j] = static_cast<Acc>(first[b + j * m]);
        for (size_type k = 1; k < m; ++k)
          for (int j = 0; j < L; ++j) acc[j] = op(acc[j], first[b + j * m + k]);
        for (size_type i = b + L * m; i < e; ++i) acc[L - 1] = op(acc[L - 1], first[i]);
        Acc total = acc[0];
        for (int j = 1; j < L; ++j) total = op(total, acc[j]);
        return total;
      }
    }
  }
  Acc acc = static_cast<Acc>(first[b]);
  for (size_type i = b + 1; i < e; ++i) acc = op(acc, first[i]);
  return acc;
}

}  // namespace tide::backend::omp::detail
