#pragma once
/// \file per_device_resource.hpp
/// Thrust's `get_per_device_resource<MR>(policy)` and `per_device_allocator<T, MR, Policy>`: one
/// instance of a memory resource per CUDA device (made, with that device current, at its first
/// request), or the program-wide instance (`mr::get_global_resource<MR>()`) for the host systems.

#include <map>
#include <memory>
#include <mutex>
#include <type_traits>

#include "config.hpp"
#include "error.hpp"
#include "execution.hpp"
#include "mr/allocator.hpp"
#include "mr/memory_resource.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>
#endif

namespace tide {

namespace detail {
/// The system tag of a policy (a policy with a caller's allocator included), or the tag itself.
template <class P, class = void>
struct system_of {
  using type = std::decay_t<P>;
};
template <class P>
struct system_of<P, std::void_t<typename base_policy_t<P>::system_type>> {
  using type = typename base_policy_t<P>::system_type;
};
}  // namespace detail

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace detail {
/// The CUDA system's instances of MR, one per device (one table per MR, whatever the policy type).
template <class MR>
MR* cuda_device_resource() {
  int device = 0;
  if (cudaError_t e = cudaGetDevice(&device); e != cudaSuccess)
    throw_cuda_error(int(e), "tide::get_per_device_resource");
  static std::mutex lock;
  static std::map<int, std::unique_ptr<MR>> resources;
  std::lock_guard<std::mutex> guard(lock);
  std::unique_ptr<MR>& r = resources[device];
  if (!r) r = std::make_unique<MR>();
  return r.get();
}
}  // namespace detail
#endif

/// The instance of MR for the current device of `policy`'s system (a policy or a system tag, e.g.
/// `tide::device`, `tide::cuda::tag{}`); host systems share one program-wide instance.
template <class MR, class Policy>
MR* get_per_device_resource(const Policy&) {
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  if constexpr (std::is_same_v<typename detail::system_of<Policy>::type, cuda_tag>) return detail::cuda_device_resource<MR>();
#endif
  return mr::get_global_resource<MR>();
}

/// An allocator over the current device's instance of Upstream (get_per_device_resource), found
/// when the allocator is made: Thrust's `per_device_allocator`.
template <class T, class Upstream, class ExecutionPolicy>
class per_device_allocator : public mr::allocator<T, Upstream> {
  using base = mr::allocator<T, Upstream>;

 public:
  template <class U>
  struct rebind {
    using other = per_device_allocator<U, Upstream, ExecutionPolicy>;
  };
  per_device_allocator() : base(get_per_device_resource<Upstream>(ExecutionPolicy())) {}
  per_device_allocator(const per_device_allocator&) = default;
  template <class U>
  per_device_allocator(const per_device_allocator<U, Upstream, ExecutionPolicy>& other) : base(other) {}
  per_device_allocator& operator=(const per_device_allocator&) = default;
};

}  // namespace tide
