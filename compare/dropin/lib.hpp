#pragma once
// The drop-in examples are written once against the namespace `lib` and built twice: against
// Thrust, and against tide (DROPIN_USE_TIDE=1). compare/run.sh runs both and checks that they print
// the same thing. Each example includes only this header, so switching libraries is one line.

#if DROPIN_USE_TIDE
#include <tide/copy.hpp>
#include <tide/functional.hpp>
#include <tide/iterator.hpp>
#include <tide/reduce.hpp>
#include <tide/reduce_by_key.hpp>
#include <tide/sort.hpp>
#include <tide/transform.hpp>
#include <tide/vector.hpp>
namespace lib = tide;
#else
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
namespace lib = thrust;
#endif

// Host-only builds (no nvcc) have no __host__ / __device__; Thrust-style functors still use them.
#if !defined(__CUDACC__) && !defined(__host__)
#define __host__
#endif
#if !defined(__CUDACC__) && !defined(__device__)
#define __device__
#endif

#include <cstdint>
#include <cstdio>

/// A tiny deterministic generator, so both builds see the same input.
struct lcg {
  std::uint64_t state;
  std::uint32_t next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return std::uint32_t(state >> 33);
  }
};
