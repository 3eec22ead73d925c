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
// - Only seq and the device policy run there. Device code that names tide::par (or tide::omp::par)
//   does not compile: they are host variables, as Thrust's thrust::omp::par (execution.hpp). The
//   algorithms cannot refuse the policy's type instead: nvcc compiles the device side of a
//   __host__ __device__ template for every call, host calls included, so a static_assert there
//   would refuse `tide::par` on the host too. An OpenMP policy that still reaches device code as a
//   value (a kernel's argument) prints a message naming the algorithm and traps when the call runs
//   (test/fault: par_traps_in_device_code).

#include <cstdio>
#include <type_traits>

#include "../../config.hpp"
#include "../../detail/dispatch.hpp"
#include "../../detail/universal_sync.hpp"
#include "../../execution.hpp"


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

#if defined(__CUDA_ARCH__)
/// nvcc's device pass: the CUDA policy of a call, run as seq. nvcc compiles a kernel template for
/// the device only where its device pass sees the launch (the CUDA programming guide's rule on
/// __CUDA_ARCH__ and __global__ templates; Thrust's THRUST_CDP_DISPATCH). The dispatch overloads
/// below run seq and also name, in dead code, the call the host pass makes with the CUDA policy,
/// so the device pass compiles the kernels the host launches. Without that every launch fails
/// with cudaErrorInvalidDeviceFunction.
template <class Policy>
struct device_pass_policy {
  Policy policy;
};
template <class P>
struct base_policy<device_pass_policy<P>> {
  using type = seq_policy;
};
template <class P>
inline constexpr bool is_device_pass_policy_v = false;
template <class P>
inline constexpr bool is_device_pass_policy_v<device_pass_policy<P>> = true;
/// A policy whose type names a backend's namespace (a template argument), so that an unqualified
/// call finds that backend's overloads by argument-dependent lookup, wherever they are declared.
template <class Base, class BackendTag>
struct adl_policy : Base {
  TIDE_HOST_DEVICE explicit adl_policy(const Base& b) : Base(b) {}
};
#endif

/// The policy a call runs under where it is compiled: `policy` on the host; in device code seq
/// (for a CUDA policy, device_pass_policy: seq, naming the host's call for nvcc).
template <class Policy>
TIDE_HOST_DEVICE auto run_policy(const Policy& policy) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same_v<base_policy_t<Policy>, cuda_policy>) {
    return device_pass_policy<cuda_policy>{static_cast<const cuda_policy&>(policy)};
  } else {
    (void)policy;
    return seq_policy{};
  }
#else
  return policy;
#endif
}

/// The policy of a call without one (Thrust allows sort, fill and fill_n so in device code): the
/// one its iterators select, as Thrust. nvcc's device pass makes the same choice where it may run
/// in device code (a CUDA policy there names the host's launch, see run_policy), else seq.
template <class... Its>
TIDE_HOST_DEVICE auto implicit_policy(const Its&... its) {
#if defined(__CUDA_ARCH__)
  ((void)its, ...);
  using selected = policy_for_system_t<common_system_t<Its...>>;
  if constexpr (runs_in_device_code_v<selected>)
    return selected{};
  else
    return seq_policy{};
#else
  return select_policy(its...);
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

/// On the host, before an algorithm with a host policy (seq, par) runs: it reaches universal memory
/// through raw pointers, so it first waits for device work tide queued on it
/// (detail/universal_sync.hpp). Device policies are ordered by their stream instead.
template <class Policy>
inline void before_host_algorithm(const char* algorithm) {
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  using base = base_policy_t<Policy>;
  if constexpr (std::is_same_v<base, seq_policy> || std::is_same_v<base, omp_policy>)
    universal_before_host_algorithm(algorithm);
#else
  (void)algorithm;
#endif
}

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
  before_host_algorithm<Policy>(algorithm);
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
  before_host_algorithm<Policy>(algorithm);
  return checked_count(count, algorithm);
#endif
}

}  // namespace tide::detail

#if defined(__CUDA_ARCH__)
namespace tide::backend::cuda {
struct adl_tag;
}
namespace tide::backend::seq {
struct adl_tag;
}
// The dispatch overloads for device_pass_policy (see above), one per primitive the public headers
// dispatch; `_ACC` for those called with an explicit accumulator type.
#define TIDE_DEVICE_PASS_CUDA(p) ::tide::detail::adl_policy<::tide::cuda_policy, ::tide::backend::cuda::adl_tag>(p.policy)
#define TIDE_DEVICE_PASS_SEQ ::tide::detail::adl_policy<::tide::seq_policy, ::tide::backend::seq::adl_tag>(::tide::seq_policy{})
#define TIDE_DEVICE_PASS_FORWARD(name)                                                   \
  TIDE_EXEC_CHECK_DISABLE                                                                \
  template <class P, class... A>                                                         \
  TIDE_HOST_DEVICE decltype(auto) name(const ::tide::detail::device_pass_policy<P>& p, A&&... a) { \
    if (false) (void)name(TIDE_DEVICE_PASS_CUDA(p), a...);                               \
    return name(TIDE_DEVICE_PASS_SEQ, static_cast<A&&>(a)...);                           \
  }
#define TIDE_DEVICE_PASS_FORWARD_ACC(name)                                               \
  TIDE_EXEC_CHECK_DISABLE                                                                \
  template <class Acc, class P, class... A>                                              \
  TIDE_HOST_DEVICE decltype(auto) name(const ::tide::detail::device_pass_policy<P>& p, A&&... a) { \
    if (false) (void)name<Acc>(TIDE_DEVICE_PASS_CUDA(p), a...);                          \
    return name<Acc>(TIDE_DEVICE_PASS_SEQ, static_cast<A&&>(a)...);                      \
  }
// In a namespace of their own, nominated by dispatch like the backends: a name declared in dispatch
// itself would hide the backends' overloads from qualified lookup.
namespace tide::backend::device_pass {
TIDE_DEVICE_PASS_FORWARD(copy_if)
TIDE_DEVICE_PASS_FORWARD(unique_copy)
TIDE_DEVICE_PASS_FORWARD(for_each_n)
TIDE_DEVICE_PASS_FORWARD(transform)
TIDE_DEVICE_PASS_FORWARD(transform2)
TIDE_DEVICE_PASS_FORWARD(reduce)
TIDE_DEVICE_PASS_FORWARD(reduce_into)
TIDE_DEVICE_PASS_FORWARD_ACC(reduce_by_key)
TIDE_DEVICE_PASS_FORWARD_ACC(inclusive_scan)
TIDE_DEVICE_PASS_FORWARD(inclusive_scan_init)
TIDE_DEVICE_PASS_FORWARD(exclusive_scan)
TIDE_DEVICE_PASS_FORWARD_ACC(inclusive_scan_by_key)
TIDE_DEVICE_PASS_FORWARD(exclusive_scan_by_key)
TIDE_DEVICE_PASS_FORWARD(merge)
TIDE_DEVICE_PASS_FORWARD(merge_by_key)
TIDE_DEVICE_PASS_FORWARD(sort)
TIDE_DEVICE_PASS_FORWARD(sort_by_key)
}  // namespace tide::backend::device_pass
namespace tide::detail::dispatch {
using namespace tide::backend::device_pass;
}
#undef TIDE_DEVICE_PASS_FORWARD
#undef TIDE_DEVICE_PASS_FORWARD_ACC
#undef TIDE_DEVICE_PASS_CUDA
#undef TIDE_DEVICE_PASS_SEQ
#endif
