#pragma once
/// \file config.hpp
/// The few macros tide needs, and the choice of the device system.

#include <cstddef>
#include <cstdint>

// Which backend `tide::device` and `tide::device_vector` use.
#define TIDE_DEVICE_SYSTEM_CPP 1
#define TIDE_DEVICE_SYSTEM_OMP 2
#define TIDE_DEVICE_SYSTEM_CUDA 3

#ifndef TIDE_DEVICE_SYSTEM
#if defined(__CUDACC__)
#define TIDE_DEVICE_SYSTEM TIDE_DEVICE_SYSTEM_CUDA
#elif defined(_OPENMP)
#define TIDE_DEVICE_SYSTEM TIDE_DEVICE_SYSTEM_OMP
#else
#define TIDE_DEVICE_SYSTEM TIDE_DEVICE_SYSTEM_CPP
#endif
#endif

// The CUDA backend exists only in translation units compiled by nvcc.
#if defined(__CUDACC__)
#define TIDE_HAS_CUDA 1
#define TIDE_HOST_DEVICE __host__ __device__
#define TIDE_DEVICE __device__
#define TIDE_FORCEINLINE __forceinline__
#else
#define TIDE_HAS_CUDA 0
#define TIDE_HOST_DEVICE
#define TIDE_DEVICE
#define TIDE_FORCEINLINE inline
#endif

// Host compilers: __host__ and __device__ mean nothing, as Thrust's headers arrange, so functors
// written for Thrust (`__host__ __device__ float operator()(...)`) compile in host-only builds.
#if !defined(__CUDACC__)
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#endif

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA && !TIDE_HAS_CUDA && !defined(TIDE_ALLOW_HOST_ONLY)
#error "tide: TIDE_DEVICE_SYSTEM=CUDA needs this file compiled by nvcc (or define TIDE_ALLOW_HOST_ONLY to use the host systems only)"
#endif

#if defined(_OPENMP)
#define TIDE_HAS_OPENMP 1
#else
#define TIDE_HAS_OPENMP 0
#endif

// Synchronize and check after every kernel launch (a build option: -DTIDE_DEBUG_SYNC=ON defines it
// for every program that links tide). A single program may define it for itself instead
// (test/fault does): libtide's own sources never read it, but the launch checks that do are
// inline, so all of one program's translation units must agree on it.
#ifndef TIDE_DEBUG_SYNC
#define TIDE_DEBUG_SYNC 0
#endif

// nvcc checks that a __host__ __device__ function calls only functions of both sides; algorithms
// call the user's functors and iterators, which may be host-only (a host call) or device-only (a
// kernel), so the check is silenced where they are called, as Thrust does.
#if defined(__CUDACC__)
#define TIDE_EXEC_CHECK_DISABLE _Pragma("nv_exec_check_disable")
#else
#define TIDE_EXEC_CHECK_DISABLE
#endif

struct CUstream_st;  // cudaStream_t is CUstream_st*; naming it needs no CUDA header

namespace tide {
/// A CUDA stream (`cudaStream_t`); host systems ignore it.
using stream_t = CUstream_st*;
/// Sizes and offsets are 64-bit everywhere.
using size_type = std::int64_t;
}  // namespace tide
