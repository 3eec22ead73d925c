#pragma once
// Warp-wide reductions by shuffles, for any trivially copyable T and any associative operator,
// commutative or not: every step combines two adjacent ranges of lanes, the lower one on the left,
// so the result is op(x0, op(x1, ...)) up to association, in lane order. The association is fixed,
// so float results are the same on every run.

#include "../device_utility.hpp"

namespace tide::backend::cuda::detail {

/// Reduces `v` over the 32 lanes in lane order; every lane gets the (bit-identical) result. All
/// lanes of the warp must call it.
template <class T, class Op>
__device__ TIDE_FORCEINLINE T warp_reduce(T v, Op op) {
  const int lane = lane_id();
#pragma unroll
  for (int offset = 1; offset < warp_threads; offset <<= 1) {
    const T other = shfl_xor(v, offset);
    // The partner with the offset bit clear holds the lower range; both lanes compute op(lo, hi).
    const bool upper = lane & offset;
    v = op(upper ? other : v, upper ? v : other);
  }
  return v;
}

/// Reduces `v` over lanes [0, valid) in lane order (1 <= valid <= 32); the result is in lane 0,
/// other lanes hold partial results. All lanes of the warp must call it.
template <class T, class Op>
__device__ TIDE_FORCEINLINE T warp_reduce_partial(T v, int valid, Op op) {
  const int lane = lane_id();
#pragma unroll
  for (int offset = 1; offset < warp_threads; offset <<= 1) {
    const T other = shfl_down(v, offset);
    if (lane + offset < valid) v = op(v, other);
  }
  return v;
}

/// Reduces `items` held in "warp runs" (run r of lane l covers items [r * RunLen, (r + 1) * RunLen)
/// of this thread, and runs are ordered run-major, then by lane) over the whole warp, in that order,
/// as T: each run folds op(acc, item) from its first item converted, then runs combine. Only the
/// first `valid` items of the warp (in that order) take part; valid >= 1. Every lane gets the result.
template <int Items, int RunLen, class T, class In, class Op>
__device__ TIDE_FORCEINLINE T warp_reduce_runs(const In (&items)[Items], int valid, Op op) {
  static_assert(Items % RunLen == 0, "tide: items per thread must be whole runs");
  constexpr int runs = Items / RunLen;
  const int lane = lane_id();
  T total = static_cast<T>(items[0]);
#pragma unroll
  for (int r = 0; r < runs; ++r) {
    const int run_begin = (r * warp_threads + lane) * RunLen;  // this run's first item in the warp
    const int lanes = (valid - r * warp_threads * RunLen + RunLen - 1) / RunLen;  // lanes with items
    if (lanes <= 0) break;  // warp-uniform
    T part = static_cast<T>(items[r * RunLen]);
#pragma unroll
    for (int e = 1; e < RunLen; ++e)
      if (run_begin + e < valid) part = op(part, items[r * RunLen + e]);
    const T run_total =
        lanes >= warp_threads ? warp_reduce(part, op) : shfl_idx(warp_reduce_partial(part, lanes, op), 0);
    total = r == 0 ? run_total : op(total, run_total);
  }
  return total;
}

}  // namespace tide::backend::cuda::detail
