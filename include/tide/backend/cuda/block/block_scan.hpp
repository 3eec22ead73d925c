#pragma once
// Block-wide scans in thread order, over warp scans (warp/warp_scan.hpp), for any associative
// operator (commutative or not) and no identity element: where nothing comes before a value, the
// scan says so instead of inventing one. The association is fixed, so float results are the same on
// every run.
//
// The general form works on "warp runs": each thread holds Runs runs of RunLen consecutive items;
// within a warp, run r of lane l comes before run r of lane l+1, run r of lane 31 before run r+1
// of lane 0, and warp w's runs before warp w+1's. With Runs == 1 that is plain blocked order
// (thread t's items follow thread t-1's); with RunLen a 16-byte vector, each run is one coalesced
// vector access (block/block_load_store.hpp).
//
//   using scan_t = block_scan<int, 256>;
//   __shared__ scan_t::temp_storage storage;
//   int total;
//   int before = scan_t(storage).exclusive_scan(x, 0, op, total);
//
// A tile prefix (decoupled look-back, lookback.hpp) plugs in as `prefix_op`: it is called by the
// first warp (all lanes) as `bool prefix_op(const T& block_total, T& prefix)` and, when it returns
// true, `prefix` comes before everything in the block. Call __syncthreads() before reusing storage.

#include <type_traits>

#include "../device_utility.hpp"
#include "../warp/warp_scan.hpp"

namespace tide::backend::cuda::detail {

/// The prefix_op of a scan with nothing before the block.
struct no_block_prefix {
  template <class T>
  __device__ bool operator()(const T&, T&) const { return false; }
};

/// Combines each of this thread's runs (Items = Runs * RunLen) into one Acc, in order: the run's
/// first item converted, then op(acc, item) for the others.
template <int RunLen, int Items, class In, class Acc, class Op>
__device__ TIDE_FORCEINLINE void run_partials(const In (&items)[Items], Acc (&partials)[Items / RunLen], Op op) {
#pragma unroll
  for (int r = 0; r < Items / RunLen; ++r) {
    Acc v = static_cast<Acc>(items[r * RunLen]);
#pragma unroll
    for (int e = 1; e < RunLen; ++e) v = op(v, items[r * RunLen + e]);
    partials[r] = v;
  }
}

/// Inclusive scan of each run from its prefix into `out` (which may be `items` itself); run 0 has
/// no prefix unless `first_has_prefix`.
template <int RunLen, int Items, class In, class Acc, class Op>
__device__ TIDE_FORCEINLINE void scan_runs_inclusive(const In (&items)[Items], Acc (&out)[Items],
                                                     const Acc (&prefix)[Items / RunLen], bool first_has_prefix,
                                                     Op op) {
#pragma unroll
  for (int r = 0; r < Items / RunLen; ++r) {
    Acc acc = prefix[r];
    const bool seeded = r > 0 || first_has_prefix;
#pragma unroll
    for (int e = 0; e < RunLen; ++e) {
      const int i = r * RunLen + e;
      acc = (e > 0 || seeded) ? static_cast<Acc>(op(acc, items[i])) : static_cast<Acc>(items[i]);
      out[i] = acc;
    }
  }
}

/// Exclusive scan of each run from its prefix (which must exist for every run) into `out` (which
/// may be `items` itself).
template <int RunLen, int Items, class In, class Acc, class Op>
__device__ TIDE_FORCEINLINE void scan_runs_exclusive(const In (&items)[Items], Acc (&out)[Items],
                                                     const Acc (&prefix)[Items / RunLen], Op op) {
#pragma unroll
  for (int r = 0; r < Items / RunLen; ++r) {
    Acc acc = prefix[r];
#pragma unroll
    for (int e = 0; e < RunLen; ++e) {
      const int i = r * RunLen + e;
      const In x = items[i];
      out[i] = acc;
      if (e + 1 < RunLen) acc = op(acc, x);
    }
  }
}

template <class T, int BlockThreads>
class block_scan {
  static_assert(BlockThreads % warp_threads == 0 && BlockThreads <= 1024, "tide: whole warps, at most 1024 threads");
  static constexpr int warps = BlockThreads / warp_threads;

 public:
  struct temp_storage {
    raw_array<T, warps> warp_totals;
    raw_array<T, 1> block_prefix;
    int has_block_prefix;
  };

  __device__ TIDE_FORCEINLINE explicit block_scan(temp_storage& storage) : storage_(storage) {}

  /// For each run partial of this thread (warp-run order, see above), the combination of all runs
  /// before it in the block, preceded by prefix_op's prefix when it gives one. Returns whether this
  /// thread's run 0 has anything before it (false only in thread 0 without a block prefix; then
  /// prefix[0] is unspecified). `block_total` gets the block's own total (without the prefix) in
  /// every thread.
  template <int Runs, class Op, class PrefixOp = no_block_prefix>
  __device__ TIDE_FORCEINLINE bool exclusive_runs(const T (&partials)[Runs], T (&prefix)[Runs], T& block_total, Op op,
                                                  PrefixOp&& prefix_op = {}) {
    const int lane = lane_id(), warp = warp_id();
    T carry = partials[0];  // this warp's runs before run r, then the warp total
#pragma unroll
    for (int r = 0; r < Runs; ++r) {
      T inclusive, total;
      const T before = warp_exclusive_scan(partials[r], op, inclusive, total);
      if (r == 0) {
        prefix[0] = before;
        carry = total;
      } else {
        prefix[r] = lane == 0 ? carry : op(carry, before);
        carry = op(carry, total);
      }
    }

    if (lane == 0) storage_.warp_totals[warp] = carry;
    __syncthreads();
    T warp_prefix = carry;
    T total = storage_.warp_totals[0];
#pragma unroll
    for (int w = 1; w < warps; ++w) {
      if (w == warp) warp_prefix = total;
      total = op(total, storage_.warp_totals[w]);
    }
    block_total = total;
    bool has_before = warp > 0;

    if constexpr (!std::is_same_v<std::decay_t<PrefixOp>, no_block_prefix>) {
      if (warp == 0) {
        T p = total;
        const bool has = prefix_op(total, p);
        if (lane == 0) {
          storage_.block_prefix[0] = p;
          storage_.has_block_prefix = has;
        }
      }
      __syncthreads();
      if (storage_.has_block_prefix) {
        const T p = storage_.block_prefix[0];
        warp_prefix = has_before ? op(p, warp_prefix) : p;
        has_before = true;
      }
    }

    if (has_before) {
#pragma unroll
      for (int r = 0; r < Runs; ++r) prefix[r] = (r == 0 && lane == 0) ? warp_prefix : op(warp_prefix, prefix[r]);
    }
    return has_before || lane > 0;
  }

  /// In-place inclusive scan of items in warp-run order. Thread 0's first item is seeded by the
  /// block prefix when prefix_op gives one.
  template <int RunLen, int Items, class Op, class PrefixOp = no_block_prefix>
  __device__ TIDE_FORCEINLINE void inclusive_scan_runs(T (&items)[Items], T& block_total, Op op, PrefixOp&& prefix_op = {}) {
    T partials[Items / RunLen], prefix[Items / RunLen];
    run_partials<RunLen>(items, partials, op);
    const bool seeded = exclusive_runs(partials, prefix, block_total, op, prefix_op);
    scan_runs_inclusive<RunLen>(items, items, prefix, seeded, op);
  }

  /// In-place exclusive scan of items in warp-run order; prefix_op must give a prefix.
  template <int RunLen, int Items, class Op, class PrefixOp>
  __device__ TIDE_FORCEINLINE void exclusive_scan_runs(T (&items)[Items], T& block_total, Op op, PrefixOp&& prefix_op) {
    T partials[Items / RunLen], prefix[Items / RunLen];
    run_partials<RunLen>(items, partials, op);
    exclusive_runs(partials, prefix, block_total, op, prefix_op);
    scan_runs_exclusive<RunLen>(items, items, prefix, op);
  }

  // ---- one value per thread, and blocked items --------------------------------------------------

  /// Inclusive scan of one value per thread, in thread order.
  template <class Op>
  __device__ TIDE_FORCEINLINE T inclusive_scan(T v, Op op, T& block_total) {
    T items[1] = {v};
    inclusive_scan_runs<1>(items, block_total, op);
    return items[0];
  }
  template <class Op>
  __device__ TIDE_FORCEINLINE T inclusive_scan(T v, Op op) {
    T total;
    return inclusive_scan(v, op, total);
  }

  /// Exclusive scan seeded with init: thread t gets op(init, x0 ... x(t-1)); thread 0 gets init.
  template <class Op>
  __device__ TIDE_FORCEINLINE T exclusive_scan(T v, T init, Op op, T& block_total) {
    T partials[1] = {v}, prefix[1];
    const bool has = exclusive_runs(partials, prefix, block_total, op);
    return has ? op(init, prefix[0]) : init;
  }
  template <class Op>
  __device__ TIDE_FORCEINLINE T exclusive_scan(T v, T init, Op op) {
    T total;
    return exclusive_scan(v, init, op, total);
  }

  /// In-place inclusive scan of N items per thread in blocked order.
  template <int N, class Op>
  __device__ TIDE_FORCEINLINE void inclusive_scan(T (&items)[N], Op op, T& block_total) {
    inclusive_scan_runs<N>(items, block_total, op);
  }

  /// In-place exclusive scan of N items per thread in blocked order, seeded with init.
  template <int N, class Op>
  __device__ TIDE_FORCEINLINE void exclusive_scan(T (&items)[N], T init, Op op, T& block_total) {
    T partials[1], prefix[1];
    run_partials<N>(items, partials, op);
    const bool has = exclusive_runs(partials, prefix, block_total, op);
    prefix[0] = has ? op(init, prefix[0]) : init;
    scan_runs_exclusive<N>(items, items, prefix, op);
  }

 private:
  temp_storage& storage_;
};

}  // namespace tide::backend::cuda::detail
