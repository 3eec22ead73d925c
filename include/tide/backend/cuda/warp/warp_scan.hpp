#pragma once
// Warp-wide scans by shuffles (Kogge-Stone), for any trivially copyable T and any associative
// operator, commutative or not: a lane always combines the range below it on the left. The
// association is fixed, so float results are the same on every run.

#include "../device_utility.hpp"

namespace tide::backend::cuda::detail {

/// Inclusive scan of `v` over the 32 lanes in lane order. All lanes of the warp must call it.
template <class T, class Op>
__device__ TIDE_FORCEINLINE T warp_inclusive_scan(T v, Op op) {
  const int lane = lane_id();
#pragma unroll
  for (int offset = 1; offset < warp_threads; offset <<= 1) {
    const T below = shfl_up(v, offset);
    if (lane >= offset) v = op(below, v);
  }
  return v;
}

/// Inclusive scan, and the warp's total (lane 31's inclusive value) in every lane.
template <class T, class Op>
__device__ TIDE_FORCEINLINE T warp_inclusive_scan(T v, Op op, T& total) {
  v = warp_inclusive_scan(v, op);
  total = shfl_idx(v, warp_threads - 1);
  return v;
}

/// Exclusive scan without a seed: lane l gets the combination of lanes [0, l); lane 0 gets an
/// unspecified value. `inclusive` and `total` get the inclusive scan and the warp's total.
template <class T, class Op>
__device__ TIDE_FORCEINLINE T warp_exclusive_scan(T v, Op op, T& inclusive, T& total) {
  inclusive = warp_inclusive_scan(v, op, total);
  return shfl_up(inclusive, 1);
}

/// Exclusive scan seeded with `init`: lane l gets op(init, x0 ... x(l-1)); lane 0 gets init.
template <class T, class Op>
__device__ TIDE_FORCEINLINE T warp_exclusive_scan(T v, T init, Op op, T& total) {
  T inclusive;
  const T before = warp_exclusive_scan(v, op, inclusive, total);
  return lane_id() == 0 ? init : op(init, before);
}

}  // namespace tide::backend::cuda::detail
