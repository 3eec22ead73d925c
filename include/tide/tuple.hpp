#pragma once
/// \file tuple.hpp
/// `tide::tuple`: a fixed-size collection of heterogeneous values, host and device callable. As in
/// Thrust 3 (`thrust::tuple` is `cuda::std::tuple`), CUDA builds use cuda::std::tuple itself, and
/// tide::get, make_tuple, tie, forward_as_tuple, ignore, apply, tuple_size(_v) and
/// tuple_element(_t) name cuda::std's, so code mixing `tide::get` and `cuda::std::get` works.
/// Host-only builds (no CUDA toolkit) use tide's own tuple with the same interface
/// (detail/host_tuple.hpp). See pair.hpp for TIDE_CUDA_STD_TUPLE, which picks between the two.

#include "pair.hpp"

#if TIDE_CUDA_STD_TUPLE

namespace tide {
using ::cuda::std::apply;
using ::cuda::std::forward_as_tuple;
using ::cuda::std::ignore;
using ::cuda::std::make_tuple;
using ::cuda::std::tie;
using ::cuda::std::tuple;
}  // namespace tide

#else

#include "detail/host_tuple.hpp"

#endif
