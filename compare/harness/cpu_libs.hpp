#pragma once
// Host mode's competitors (issue 19): the best CPU implementations beside tide::par, each behind a
// switch that compare/CMakeLists.txt sets when it finds the library (compare/run.sh installs the
// Debian packages first):
//
//   TIDE_COMPARE_HAS_TBB          oneTBB (libtbb-dev): tbb::parallel_sort / parallel_reduce /
//                                 parallel_scan / parallel_for                       library "tbb"
//   TIDE_COMPARE_HAS_PSTL         GCC's parallel algorithms over TBB: std::execution::par and
//                                 par_unseq                         libraries "pstl_par", "pstl_unseq"
//   TIDE_COMPARE_HAS_GNU_PARALLEL libstdc++'s parallel mode (OpenMP): __gnu_parallel::sort,
//                                 stable_sort, accumulate, partial_sum, transform    "gnu_parallel"
//   TIDE_COMPARE_HAS_IPS4O        ips4o (libips4o-dev): ips4o::parallel::sort (OpenMP)  "ips4o"
//   TIDE_COMPARE_HAS_THRUST_TBB   Thrust's TBB backend (thrust::tbb::par)              "thrust_tbb"
//   TIDE_COMPARE_HAS_ONEDPL       oneDPL (PyPI onedpl-devel's headers) on its OpenMP backend:
//                                 oneapi::dpl::execution::par_unseq                    "onedpl"
//
// Thrust's OpenMP backend stays "thrust" and one-thread std stays "std", as before. Every one of
// them runs on all host threads: OpenMP's (OMP_NUM_THREADS) and TBB's default arena, which on a
// machine of its own are the same count. None of this is compiled in a CUDA build.

#if !TIDE_COMPARE_DEVICE

#ifndef TIDE_COMPARE_HAS_TBB
#define TIDE_COMPARE_HAS_TBB 0
#endif
#ifndef TIDE_COMPARE_HAS_PSTL
#define TIDE_COMPARE_HAS_PSTL 0
#endif
#ifndef TIDE_COMPARE_HAS_GNU_PARALLEL
#if defined(_OPENMP) && __has_include(<parallel/algorithm>)
#define TIDE_COMPARE_HAS_GNU_PARALLEL 1
#else
#define TIDE_COMPARE_HAS_GNU_PARALLEL 0
#endif
#endif
#ifndef TIDE_COMPARE_HAS_IPS4O
#define TIDE_COMPARE_HAS_IPS4O 0
#endif
#ifndef TIDE_COMPARE_HAS_THRUST_TBB
#define TIDE_COMPARE_HAS_THRUST_TBB 0
#endif
#ifndef TIDE_COMPARE_HAS_ONEDPL
#define TIDE_COMPARE_HAS_ONEDPL 0
#endif

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>

#if TIDE_COMPARE_HAS_ONEDPL
#include <oneapi/dpl/execution>  // (before <execution>: both orders compile with GCC 12, this one is tried)
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/numeric>
#endif
#if TIDE_COMPARE_HAS_TBB
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/parallel_scan.h>
#include <tbb/parallel_sort.h>
#endif
#if TIDE_COMPARE_HAS_PSTL
#include <execution>
#endif
#if TIDE_COMPARE_HAS_GNU_PARALLEL
#include <parallel/algorithm>
#include <parallel/numeric>
#endif
#if TIDE_COMPARE_HAS_IPS4O
#include <ips4o.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST_TBB
#include <thrust/system/tbb/execution_policy.h>
#endif

namespace cmp {
namespace cpu {

#if TIDE_COMPARE_HAS_TBB
/// Sum (op) of in[0, n) with TBB's deterministic-enough reduce (the lambda form).
template <class T, class F>
T tbb_reduce(std::int64_t n, T init, F&& load) {
  return tbb::parallel_reduce(
      tbb::blocked_range<std::int64_t>(0, n, 1 << 14), init,
      [&](const tbb::blocked_range<std::int64_t>& r, T acc) {
        for (std::int64_t i = r.begin(); i < r.end(); ++i) acc += load(i);
        return acc;
      },
      std::plus<T>());
}

/// Inclusive (or exclusive, from T(0)) prefix sum of in into out with tbb::parallel_scan.
template <class T>
void tbb_scan(const T* in, T* out, std::int64_t n, bool inclusive) {
  tbb::parallel_scan(
      tbb::blocked_range<std::int64_t>(0, n, 1 << 14), T(0),
      [&](const tbb::blocked_range<std::int64_t>& r, T sum, bool is_final) {
        if (is_final) {
          if (inclusive) {
            for (std::int64_t i = r.begin(); i < r.end(); ++i) out[i] = sum = sum + in[i];
          } else {
            for (std::int64_t i = r.begin(); i < r.end(); ++i) {
              out[i] = sum;
              sum = sum + in[i];
            }
          }
        } else {
          for (std::int64_t i = r.begin(); i < r.end(); ++i) sum = sum + in[i];
        }
        return sum;
      },
      std::plus<T>());
}

template <class F>
void tbb_for(std::int64_t n, F&& f) {
  tbb::parallel_for(tbb::blocked_range<std::int64_t>(0, n, 1 << 14), [&](const tbb::blocked_range<std::int64_t>& r) {
    for (std::int64_t i = r.begin(); i < r.end(); ++i) f(i);
  });
}
#endif

/// The libraries that run a given kind of host call, for the cases to loop over.
inline bool any_competitor() {
  return TIDE_COMPARE_HAS_TBB || TIDE_COMPARE_HAS_PSTL || TIDE_COMPARE_HAS_GNU_PARALLEL || TIDE_COMPARE_HAS_IPS4O ||
         TIDE_COMPARE_HAS_THRUST_TBB || TIDE_COMPARE_HAS_ONEDPL;
}

}  // namespace cpu
}  // namespace cmp

#endif  // !TIDE_COMPARE_DEVICE
