#pragma once
// Algorithms called in device code (a __device__ function or a __global__ kernel), as Thrust
// allows: with tide::seq or tide::device they run sequentially in the calling thread, through this
// backend. Every public entry point that takes a policy is __host__ __device__; the host pass runs
// it as before, the device pass swaps the policy for seq (run_policy) and the throwing checks for
// these (range_size, count_size).
//
// In device code:
// - No exceptions: last before first, or a negative count, is an empty range.
// - No allocation: every seq primitive works in place (the sort is backend/seq/in_place_sort.hpp).
// - Only seq and the device policy run there. nvcc compiles the device side of a __host__ __device__
//   template for every call, host calls included, so a policy cannot be refused at compile time
//   there without refusing `tide::par` on the host; another policy (tide::par) prints a message
//   naming the algorithm and traps when the call runs in device code.

#include <cstdio>
#include <type_traits>

#include "../../config.hpp"
#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"

// nvcc checks that a __host__ __device__ function calls only functions of both sides; algorithms
// call the user's functors and iterators, which may be host-only (a host call) or device-only (a
// kernel), so the check is silenced where they are called, as Thrust does.
#if defined(__CUDACC__)
#define TIDE_EXEC_CHECK_DISABLE _Pragma("nv_exec_check_disable")
#else
#define TIDE_EXEC_CHECK_DISABLE
#endif

namespace tide::detail {

/// Whether this is the device pass of nvcc (code that runs in device code).
#if defined(__CUDA_ARCH__)
inline constexpr bool in_device_code = true;
#else
inline constexpr bool in_device_code = false;
#endif

/// The policies an algorithm may be called with in device code: seq and the device system's (with
/// or without an allocator).
template <class Policy, class Base = base_policy_t<Policy>>
inline constexpr bool runs_in_device_code_v =
    std::is_same_v<Base, seq_policy> || std::is_same_v<Base, cuda_policy> || std::is_same_v<Base, device_policy>;

/// The policy a call runs under where it is compiled: `policy` on the host, seq in device code.
template <class Policy>
TIDE_HOST_DEVICE auto run_policy(const Policy& policy) {
#if defined(__CUDA_ARCH__)
  (void)policy;
  return seq_policy{};
#else
  return policy;
#endif
}

#if defined(__CUDA_ARCH__)
/// Traps, naming the algorithm, when a policy other than seq or device runs in device code.
template <class Policy>
__device__ void check_device_code_policy(const char* algorithm) {
  if constexpr (!runs_in_device_code_v<Policy>) {
    printf("tide::%s: only tide::seq and tide::device run in device code\n", algorithm);
    __trap();
  } else {
    (void)algorithm;
  }
}
#endif

/// The length of [first, last): checked on the host (last before first throws, naming the
/// algorithm); in device code, last before first is empty.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It>
TIDE_HOST_DEVICE size_type range_size(const Policy&, const It& first, const It& last, const char* algorithm) {
#if defined(__CUDA_ARCH__)
  check_device_code_policy<Policy>(algorithm);
  auto n = static_cast<size_type>(last - first);
  return n < 0 ? 0 : n;
#else
  return checked_distance(first, last, algorithm);
#endif
}

/// A count argument: checked on the host (negative throws); in device code, negative is 0.
template <class Policy, class Size>
TIDE_HOST_DEVICE size_type count_size(const Policy&, Size count, const char* algorithm) {
#if defined(__CUDA_ARCH__)
  check_device_code_policy<Policy>(algorithm);
  auto n = static_cast<size_type>(count);
  return n < 0 ? 0 : n;
#else
  return checked_count(count, algorithm);
#endif
}

}  // namespace tide::detail
