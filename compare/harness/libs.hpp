#pragma once
// The libraries compared, the switches that turn tide's rows on as its backends land, and the
// policies each library runs with.
//
// TIDE_COMPARE_HAS_<FAMILY> for REDUCE, SCAN, TRANSFORM, GATHER, SCATTER, COPY_IF, REDUCE_BY_KEY,
// SORT, HISTOGRAM: 1 compiles tide's rows of that family. Left undefined, a family is on when its
// public header exists and, in a CUDA build, its CUDA backend header too; the build can force any
// of them (-DTIDE_COMPARE_HAS_SORT=0). TIDE_COMPARE_HAS_THRUST: Thrust's rows (its CUDA backend on a
// GPU, its OpenMP backend on the host); on by default where Thrust's headers are found.
// CUB's and the seeds' rows exist only in a CUDA build (TIDE_COMPARE_DEVICE).

#include <tide/config.hpp>

#if defined(__CUDACC__)
#define TIDE_COMPARE_DEVICE 1
#else
#define TIDE_COMPARE_DEVICE 0
#endif

#ifndef TIDE_COMPARE_HAS_REDUCE
#if __has_include(<tide/reduce.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/reduce.hpp>))
#define TIDE_COMPARE_HAS_REDUCE 1
#else
#define TIDE_COMPARE_HAS_REDUCE 0
#endif
#endif

#ifndef TIDE_COMPARE_HAS_SCAN
#if __has_include(<tide/scan.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/scan.hpp>))
#define TIDE_COMPARE_HAS_SCAN 1
#else
#define TIDE_COMPARE_HAS_SCAN 0
#endif
#endif

#ifndef TIDE_COMPARE_HAS_TRANSFORM
#if __has_include(<tide/transform.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/for_each.hpp>))
#define TIDE_COMPARE_HAS_TRANSFORM 1
#else
#define TIDE_COMPARE_HAS_TRANSFORM 0
#endif
#endif

// gather and scatter are compositions over transform (design.md).
#ifndef TIDE_COMPARE_HAS_GATHER
#if __has_include(<tide/gather.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/for_each.hpp>))
#define TIDE_COMPARE_HAS_GATHER 1
#else
#define TIDE_COMPARE_HAS_GATHER 0
#endif
#endif

#ifndef TIDE_COMPARE_HAS_SCATTER
#if __has_include(<tide/scatter.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/for_each.hpp>))
#define TIDE_COMPARE_HAS_SCATTER 1
#else
#define TIDE_COMPARE_HAS_SCATTER 0
#endif
#endif

#ifndef TIDE_COMPARE_HAS_COPY_IF
#if __has_include(<tide/copy.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/copy_if.hpp>))
#define TIDE_COMPARE_HAS_COPY_IF 1
#else
#define TIDE_COMPARE_HAS_COPY_IF 0
#endif
#endif

#ifndef TIDE_COMPARE_HAS_REDUCE_BY_KEY
#if __has_include(<tide/reduce_by_key.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/reduce_by_key.hpp>))
#define TIDE_COMPARE_HAS_REDUCE_BY_KEY 1
#else
#define TIDE_COMPARE_HAS_REDUCE_BY_KEY 0
#endif
#endif

#ifndef TIDE_COMPARE_HAS_SORT
#if __has_include(<tide/sort.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/sort.hpp>))
#define TIDE_COMPARE_HAS_SORT 1
#else
#define TIDE_COMPARE_HAS_SORT 0
#endif
#endif

#ifndef TIDE_COMPARE_HAS_HISTOGRAM
#if __has_include(<tide/histogram.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/histogram.hpp>))
#define TIDE_COMPARE_HAS_HISTOGRAM 1
#else
#define TIDE_COMPARE_HAS_HISTOGRAM 0
#endif
#endif

#ifndef TIDE_COMPARE_HAS_THRUST
#if __has_include(<thrust/version.h>)
#define TIDE_COMPARE_HAS_THRUST 1
#else
#define TIDE_COMPARE_HAS_THRUST 0
#endif
#endif

#include <tide/execution.hpp>
#include <tide/functional.hpp>

#if TIDE_COMPARE_HAS_THRUST
#include <thrust/functional.h>
#if TIDE_COMPARE_DEVICE
#include <thrust/system/cuda/execution_policy.h>
#else
#include <thrust/system/omp/execution_policy.h>
#endif
#endif

#include "suite.hpp"
#include "cpu_libs.hpp"

namespace cmp {

/// tide on the harness's stream (GPU), or on all host threads.
inline auto tide_policy(const context& c) {
#if TIDE_COMPARE_DEVICE
  return tide::device.on(c.stream());
#else
  (void)c;
  return tide::par;
#endif
}

/// tide's row of a case, run(policy, rep) with tide_policy; then, in host mode with `scaling` and
/// at the scaling sizes (--scaling-sizes), the same call with tide::par.with_threads(t) for each t
/// of --scaling-threads, as library "tide_t<t>" (the Scaling table of summary.md). Same inputs,
/// same check.
template <class Prep, class Run, class Check>
void measure_tide(suite& s, bench_key k, Prep&& prep, Run&& run, Check&& check, bool scaling = true) {
  k.library = "tide";
  s.measure(k, prep, [&](int r) { run(tide_policy(s.ctx), r); }, check);
#if !TIDE_COMPARE_DEVICE
  if (!scaling) return;
  for (int t : s.opt.scaling_threads_at(k.n)) {
    k.library = "tide_t" + std::to_string(t);
    const auto p = tide::par.with_threads(t);
    s.measure(k, prep, [&](int r) { run(p, r); }, check);
  }
#else
  (void)scaling;
#endif
}
template <class Run, class Check>
void measure_tide(suite& s, const bench_key& k, Run&& run, Check&& check, bool scaling = true) {
  measure_tide(s, k, no_prep{}, run, check, scaling);
}

#if TIDE_COMPARE_HAS_THRUST
/// Thrust on the same stream without its extra synchronization, or its OpenMP backend.
inline auto thrust_policy(const context& c) {
#if TIDE_COMPARE_DEVICE
  return thrust::cuda::par_nosync.on(c.stream());
#else
  (void)c;
  return thrust::omp::par;
#endif
}
#endif

/// Functors shared by the cases (functors, not lambdas, so the host build compiles them too).
struct saxpy_op {
  float a;
  TIDE_HOST_DEVICE float operator()(float x, float y) const { return a * x + y; }
};
struct square_op {
  TIDE_HOST_DEVICE float operator()(float x) const { return x * x; }
};
struct is_odd_op {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(T x) const { return (x & 1) != 0; }
};
struct nonzero_op {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(T x) const { return x != 0; }
};
/// A comparator no library can recognise as `less` or `greater`: it forces a comparison sort.
struct custom_greater {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& a, const T& b) const { return a > b; }
};

}  // namespace cmp
