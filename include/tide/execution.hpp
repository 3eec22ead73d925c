#pragma once
/// \file execution.hpp
/// Execution policies: where and how an algorithm runs.
///
/// | policy              | runs on                          | notes                                        |
/// |---------------------|----------------------------------|----------------------------------------------|
/// | `tide::seq`         | host, one thread                 | the reference                                |
/// | `tide::par`         | host, OpenMP threads             | sequential if built without OpenMP           |
/// | `tide::host`        | the host system                  | `seq` unless TIDE_HOST_SYSTEM_OMP            |
/// | `tide::device`      | the device system                | CUDA, or OMP/CPP per TIDE_DEVICE_SYSTEM       |
/// | `p.on(stream)`      | CUDA policies: that stream       |                                              |
/// | `p(resource)`       | temporaries from `resource`      | any policy                                   |

#include <type_traits>

#include "config.hpp"
#include "detail/system.hpp"
#include "memory_resource.hpp"

// The policy objects (tide::seq, tide::device, ...) are named in device code too (an algorithm
// called in a kernel). Device code may not refer to a host variable of class type, so the device
// pass sees them as __device__ constants, as Thrust's (_CCCL_GLOBAL_CONSTANT).
#if defined(__CUDA_ARCH__)
#define TIDE_GLOBAL_CONSTANT __device__ constexpr
#else
#define TIDE_GLOBAL_CONSTANT inline constexpr
#endif

namespace tide {

/// Host, sequential.
struct seq_policy {
  using system_type = seq_tag;
  memory_resource* resource = nullptr;  ///< temporaries; null means the default host resource
  constexpr seq_policy operator()(memory_resource& r) const { return seq_policy{&r}; }
};

/// Host, OpenMP. `num_threads` 0 means OpenMP's default.
struct omp_policy {
  using system_type = omp_tag;
  memory_resource* resource = nullptr;
  int num_threads = 0;
  constexpr omp_policy operator()(memory_resource& r) const { return omp_policy{&r, num_threads}; }
  constexpr omp_policy with_threads(int n) const { return omp_policy{resource, n}; }
};

/// CUDA. Work is ordered on `stream`; temporaries come from `resource` or the stream-ordered pool.
/// With `sync` false (`par_nosync`), calls that need no result on the host never wait for the device.
struct cuda_policy {
  using system_type = cuda_tag;
  stream_t stream = nullptr;
  memory_resource* resource = nullptr;
  bool sync = true;
  constexpr cuda_policy on(stream_t s) const { return cuda_policy{s, resource, sync}; }
  constexpr cuda_policy operator()(memory_resource& r) const { return cuda_policy{stream, &r, sync}; }
};

template <class T>
struct is_execution_policy : std::false_type {};
template <> struct is_execution_policy<seq_policy> : std::true_type {};
template <> struct is_execution_policy<omp_policy> : std::true_type {};
template <> struct is_execution_policy<cuda_policy> : std::true_type {};
template <class T>
inline constexpr bool is_execution_policy_v = is_execution_policy<std::decay_t<T>>::value;

TIDE_GLOBAL_CONSTANT seq_policy seq{};
TIDE_GLOBAL_CONSTANT omp_policy par{};

namespace detail {
template <class Tag> struct policy_for_system;
template <> struct policy_for_system<seq_tag> { using type = seq_policy; };
template <> struct policy_for_system<omp_tag> { using type = omp_policy; };
template <> struct policy_for_system<cuda_tag> { using type = cuda_policy; };
template <> struct policy_for_system<any_system_tag> : policy_for_system<device_system_tag> {};
}  // namespace detail

/// The default policy of a system tag.
template <class Tag>
using policy_for_system_t = typename detail::policy_for_system<Tag>::type;

using host_policy = policy_for_system_t<host_system_tag>;
using device_policy = policy_for_system_t<device_system_tag>;
TIDE_GLOBAL_CONSTANT host_policy host{};
TIDE_GLOBAL_CONSTANT device_policy device{};

/// Thrust's spellings, for drop-in code.
namespace cpp {
TIDE_GLOBAL_CONSTANT seq_policy par{};
}
namespace omp {
TIDE_GLOBAL_CONSTANT omp_policy par{};
}
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace cuda {
TIDE_GLOBAL_CONSTANT cuda_policy par{};
TIDE_GLOBAL_CONSTANT cuda_policy par_nosync{nullptr, nullptr, false};
}  // namespace cuda
#endif

namespace detail {
/// The policy chosen by the iterators of a call without a policy, as Thrust does.
template <class... Its>
constexpr auto select_policy(const Its&...) {
  return policy_for_system_t<common_system_t<Its...>>{};
}
template <class P>
using enable_if_policy_t = std::enable_if_t<is_execution_policy_v<P>, int>;
template <class P>
using enable_if_not_policy_t = std::enable_if_t<!is_execution_policy_v<P>, int>;
}  // namespace detail

}  // namespace tide
