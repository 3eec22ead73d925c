#pragma once
/// \file pair.hpp
/// `tide::pair<A, B>`: two values, `.first` and `.second`, host and device callable; what
/// reduce_by_key and minmax_element return. As in Thrust 3 (`thrust::pair` is `cuda::std::pair`),
/// CUDA builds use cuda::std::pair itself, with tide::make_pair, get, tuple_size and
/// tuple_element naming cuda::std's; host-only builds (no CUDA toolkit) use tide's own pair with
/// the same interface (detail/host_pair.hpp). Structured bindings work in both:
/// `auto [keys_end, values_end] = tide::reduce_by_key(...);`.

#include "config.hpp"

/// 1 when tide::tuple and tide::pair are cuda::std's (the default under nvcc), 0 for tide's own.
/// Defining it to 1 in a g++ build with libcu++ (`-I<cuda>/include/cccl`) gives host code the same
/// types as the CUDA translation units it links with.
#ifndef TIDE_CUDA_STD_TUPLE
#define TIDE_CUDA_STD_TUPLE TIDE_HAS_CUDA
#endif

#if TIDE_CUDA_STD_TUPLE

#include <cuda/std/tuple>
#include <cuda/std/utility>

namespace tide {
using ::cuda::std::get;
using ::cuda::std::make_pair;
using ::cuda::std::pair;
using ::cuda::std::tuple_element;
using ::cuda::std::tuple_element_t;
using ::cuda::std::tuple_size;
using ::cuda::std::tuple_size_v;
}  // namespace tide

#else

#include "detail/host_pair.hpp"

#endif
