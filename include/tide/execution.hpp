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
/// | `p(alloc)`          | temporaries from a caller's allocator or `tide::mr` resource (`p(&pool)`) |
/// | `my_policy{}`       | a user's policy, derived from `device_execution_policy<my_policy>` (or host_, or plain): its overloads, else that system (below) |
///
/// `p(alloc)` (Thrust's `par(alloc)`) takes any object with `allocate(n)` and `deallocate(p, n)`
/// (Thrust's `cached_allocator` of char, a `tide::mr::allocator`), held by reference when it is a
/// non-const lvalue, copied otherwise; a `tide::mr` resource, by pointer or by reference, is used
/// through `mr::allocator<std::max_align_t, R>` as Thrust does. Every temporary of the call comes
/// from it. When the memory goes back: see tide/mr/allocator_resource.hpp (a synchronizing policy
/// waits for its stream first; `par_nosync` does not).

#include <cstddef>
#include <type_traits>
#include <utility>

#include "config.hpp"
#include "detail/system.hpp"
#include "memory_resource.hpp"
#include "mr/allocator.hpp"
#include "mr/allocator_resource.hpp"

// The policy objects (tide::seq, tide::device, ...) are named in device code too (an algorithm
// called in a kernel). Device code may not refer to a host variable of class type, so the device
// pass sees them as __device__ constants, as Thrust's (_CCCL_GLOBAL_CONSTANT).
#if defined(__CUDA_ARCH__)
#define TIDE_GLOBAL_CONSTANT __device__ constexpr
#else
#define TIDE_GLOBAL_CONSTANT inline constexpr
#endif
// The OpenMP policies cannot run in device code, so they stay host variables, as Thrust's
// thrust::omp::par and thrust::host: device code that names one does not compile (nvcc: identifier
// "tide::par" is undefined in device code), where it would otherwise trap when it ran. Host code
// of a __host__ __device__ function names them behind NV_IF_TARGET(NV_IS_HOST, ...) or
// `#ifndef __CUDA_ARCH__`. (A static_assert cannot do this: nvcc's device pass instantiates an
// algorithm for every call, host calls included.)
#define TIDE_HOST_CONSTANT inline constexpr

/// User-defined backends, as Thrust's: `struct my_policy : tide::device_execution_policy<my_policy> {};`
/// and overloads such as `for_each(my_policy, It, It, F)` beside it; every tide algorithm called with
/// such a policy calls the user's overload found by argument-dependent lookup, and otherwise runs on
/// the inherited system (detail/user_backend.hpp says how). The bases live in a namespace of their
/// own, aliased into tide below: a base class's namespace is searched by argument-dependent lookup
/// too, and this one holds no algorithm, so an unqualified call with a user's policy finds the
/// user's functions, not tide's.
namespace tide_user_backend {
struct execution_policy_marker {};
/// Derive `D` from `execution_policy<D>`: every algorithm it is used with needs an overload for D.
template <class Derived>
struct execution_policy : execution_policy_marker {};
/// Algorithms without an overload for D run on the host system (`tide::host`).
template <class Derived>
struct host_execution_policy : execution_policy<Derived> {};
/// Algorithms without an overload for D run on the device system (`tide::device`).
template <class Derived>
struct device_execution_policy : execution_policy<Derived> {};
}  // namespace tide_user_backend

namespace tide {

/// The bases of a user's policy (Thrust's `thrust::execution_policy<D>`, ...), see above.
template <class Derived>
using execution_policy = ::tide_user_backend::execution_policy<Derived>;
template <class Derived>
using host_execution_policy = ::tide_user_backend::host_execution_policy<Derived>;
template <class Derived>
using device_execution_policy = ::tide_user_backend::device_execution_policy<Derived>;

/// Host, sequential.
struct seq_policy {
  using system_type = seq_tag;
  memory_resource* resource = nullptr;  ///< temporaries; null means the default host resource
  constexpr seq_policy operator()(memory_resource& r) const { return seq_policy{&r}; }
  /// Temporaries from a caller's allocator or `tide::mr` resource (see the table above).
  template <class A>
  auto operator()(A&& alloc) const;
};

/// Host, OpenMP. `num_threads` 0 means OpenMP's default.
struct omp_policy {
  using system_type = omp_tag;
  memory_resource* resource = nullptr;
  int num_threads = 0;
  constexpr omp_policy operator()(memory_resource& r) const { return omp_policy{&r, num_threads}; }
  constexpr omp_policy with_threads(int n) const { return omp_policy{resource, n}; }
  template <class A>
  auto operator()(A&& alloc) const;
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
  template <class A>
  auto operator()(A&& alloc) const;
};

/// A policy whose temporaries come from a caller's allocator: `Base` (seq_policy, omp_policy or
/// cuda_policy, whose backends it reaches as a `const Base&`) with its `resource` pointing to the
/// adaptor it holds. A copy points to its own adaptor; `on(stream)` and `with_threads(n)` keep the
/// allocator. `Alloc` is a reference type when the caller's object is used in place.
template <class Base, class Alloc>
class allocator_policy : public Base {
 public:
  using allocator_type = std::remove_reference_t<Alloc>;

  template <class A>
  allocator_policy(const Base& base, A&& alloc) : Base(base), adaptor_(std::forward<A>(alloc), waits(base)) {
    this->resource = &adaptor_;
  }
  allocator_policy(const allocator_policy& o) : Base(o), adaptor_(o.adaptor_) { this->resource = &adaptor_; }
  allocator_policy(allocator_policy&& o) : Base(o), adaptor_(std::move(o.adaptor_)) { this->resource = &adaptor_; }
  allocator_policy& operator=(const allocator_policy& o) {
    Base::operator=(o);
    adaptor_ = o.adaptor_;
    this->resource = &adaptor_;
    return *this;
  }

  /// The same allocator, on `stream` (CUDA policies).
  allocator_policy on(stream_t s) const {
    allocator_policy r(*this);
    r.stream = s;
    return r;
  }
  /// The same allocator, with `n` threads (OpenMP policies).
  allocator_policy with_threads(int n) const {
    allocator_policy r(*this);
    r.num_threads = n;
    return r;
  }
  /// The allocator the temporaries come from.
  allocator_type& get_allocator() const noexcept { return adaptor_.allocator(); }

 private:
  // A synchronizing CUDA policy waits for its stream before giving memory back (as Thrust's par).
  static bool waits(const Base& base) {
    if constexpr (std::is_same_v<Base, cuda_policy>)
      return base.sync;
    else
      return false;
  }
  mutable detail::allocator_resource<Alloc> adaptor_;
};

/// Whether T is an execution policy: tide's, or a user's (derived from tide::execution_policy<D>),
/// as Thrust's trait.
template <class T>
struct is_execution_policy : std::is_base_of<::tide_user_backend::execution_policy_marker, T> {};
template <> struct is_execution_policy<seq_policy> : std::true_type {};
template <> struct is_execution_policy<omp_policy> : std::true_type {};
template <> struct is_execution_policy<cuda_policy> : std::true_type {};
template <class Base, class Alloc>
struct is_execution_policy<allocator_policy<Base, Alloc>> : is_execution_policy<Base> {};
template <class T>
inline constexpr bool is_execution_policy_v = is_execution_policy<std::decay_t<T>>::value;

TIDE_GLOBAL_CONSTANT seq_policy seq{};
TIDE_HOST_CONSTANT omp_policy par{};

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
#if defined(TIDE_HOST_SYSTEM_OMP) && TIDE_HAS_OPENMP
TIDE_HOST_CONSTANT host_policy host{};  // OpenMP: host code only, as tide::par
#else
TIDE_GLOBAL_CONSTANT host_policy host{};
#endif
TIDE_GLOBAL_CONSTANT device_policy device{};

/// Thrust's spellings, for drop-in code.
namespace cpp {
TIDE_GLOBAL_CONSTANT seq_policy par{};
}
namespace omp {
TIDE_HOST_CONSTANT omp_policy par{};
}
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace cuda {
TIDE_GLOBAL_CONSTANT cuda_policy par{};
TIDE_GLOBAL_CONSTANT cuda_policy par_nosync{nullptr, nullptr, false};
}  // namespace cuda
#endif

namespace detail {
/// `base` with temporaries from `alloc`: a tide resource (by reference or pointer) gives `Base`
/// itself; a `tide::mr` resource (by pointer or reference) or an allocator gives an allocator_policy.
template <class Base, class A>
auto attach_allocator(const Base& base, A&& alloc) {
  using T = std::remove_cv_t<std::remove_reference_t<A>>;
  if constexpr (std::is_pointer_v<T>) {
    using R = std::remove_pointer_t<T>;
    static_assert(!std::is_const_v<R>, "tide: a policy needs a non-const memory resource");
    if constexpr (std::is_base_of_v<memory_resource, R>) {
      Base b = base;
      b.resource = alloc;
      return b;
    } else {
      static_assert(is_mr_resource<R>::value, "tide: a policy takes a pointer to a memory resource only");
      return allocator_policy<Base, mr::allocator<std::max_align_t, R>>(base, mr::allocator<std::max_align_t, R>(alloc));
    }
  } else if constexpr (std::is_base_of_v<memory_resource, T> || is_mr_resource<T>::value) {
    static_assert(!std::is_const_v<std::remove_reference_t<A>> && std::is_lvalue_reference_v<A>,
                  "tide: a policy needs a memory resource that outlives it (a non-const lvalue)");
    return attach_allocator(base, &alloc);
  } else {
    static_assert(is_caller_allocator<T>::value,
                  "tide: a policy takes a memory resource or an allocator (allocate(n), deallocate(p, n))");
    if constexpr (std::is_lvalue_reference_v<A> && !std::is_const_v<std::remove_reference_t<A>>)
      return allocator_policy<Base, T&>(base, alloc);
    else
      return allocator_policy<Base, T>(base, std::forward<A>(alloc));
  }
}

/// The policy type a backend sees: P, or the base of an allocator_policy (for `if constexpr`
/// tests of the policy kind: `std::is_same_v<base_policy_t<Policy>, omp_policy>`).
template <class P>
struct base_policy {
  using type = P;
};
template <class Base, class Alloc>
struct base_policy<allocator_policy<Base, Alloc>> {
  using type = Base;
};
template <class P>
using base_policy_t = typename base_policy<std::decay_t<P>>::type;
}  // namespace detail

template <class A>
auto seq_policy::operator()(A&& alloc) const {
  return detail::attach_allocator(*this, std::forward<A>(alloc));
}
template <class A>
auto omp_policy::operator()(A&& alloc) const {
  return detail::attach_allocator(*this, std::forward<A>(alloc));
}
template <class A>
auto cuda_policy::operator()(A&& alloc) const {
  return detail::attach_allocator(*this, std::forward<A>(alloc));
}

namespace detail {
/// The policy chosen by the iterators of a call without a policy, as Thrust does.
template <class... Its>
constexpr auto select_policy(const Its&...) {
  return policy_for_system_t<common_system_t<Its...>>{};
}
/// Whether P is a user's policy (derived from tide::execution_policy<D>).
template <class P>
inline constexpr bool is_user_policy_v =
    std::is_base_of_v<::tide_user_backend::execution_policy_marker, std::remove_cv_t<std::remove_reference_t<P>>>;
// The forms with a policy take tide's policies; a user's policy goes to the user-backend hook
// (detail/user_backend.hpp). The forms without one refuse both as their first iterator.
template <class P>
using enable_if_policy_t = std::enable_if_t<is_execution_policy_v<P> && !is_user_policy_v<P>, int>;
template <class P>
using enable_if_not_policy_t = std::enable_if_t<!is_execution_policy_v<P>, int>;
}  // namespace detail

}  // namespace tide
