#pragma once
// User-defined backends (Thrust's `execution_policy<D>`, `host_execution_policy<D>`,
// `device_execution_policy<D>`; the bases are in execution.hpp). After the overloads of each
// algorithm, its header declares one more, `TIDE_USER_BACKEND(name)`:
//
//   template <class D, class... A> decltype(auto) name(const execution_policy<D>& policy, A&&... args)
//
// tide's own overloads take tide's policies only, so a call with a user's policy comes here, with
// the caller's arguments as they were given (a call without a comparator stays one, so a user's
// overload without one is found). It then
//   1. calls the user's overload, `name(d, args...)` unqualified, where d is the caller's policy
//      object as a non-const D& (as Thrust's entry points pass it), when argument-dependent lookup
//      finds one;
//   2. else runs tide's algorithm on the inherited system: `tide::host` for host_execution_policy,
//      `tide::device` for device_execution_policy;
//   3. else (a plain execution_policy<D>) stops with a static_assert naming the algorithm.
// Some algorithms (TIDE_USER_BACKEND_CHAINED) compose over others in step 2, as Thrust's generic
// layer does on every Thrust system (sequence over tabulate, all_of over find_if, ...): the inner
// calls go through the hooks again, with the user's policy.
//
// Whether the user has an overload is asked first with a probe (below), a type derived from D that
// this hook does not accept: asked with D itself, the question would find the hook and answer yes.
// The call itself is made with D: the user's overload takes D, a base of D more derived than
// execution_policy<D>, or a template of one, and beats the hook, whose parameter is the farthest
// base. The other arguments go to the user's overload as const lvalues, so that no parameter of
// the hook (a forwarding reference) is a better match than the user's.
//
// Limits: a final D cannot be probed (a static_assert says so); an overload whose policy parameter
// is `execution_policy<P>` itself, for every P, is not found (the probe has two such bases); the
// question is asked where the calling function is, so the user's overload must be declared before
// it (as for any ADL from a class template).
//
// Each hook costs one candidate that fails deduction at once for every tide call without a user's
// policy, and a small trait per algorithm.

#include <type_traits>
#include <utility>

#include "../config.hpp"
#include "../execution.hpp"

namespace tide_user_backend::detail {
struct probe_system {};
/// D with a second execution_policy base: deducing execution_policy<X> from it finds two X, so the
/// deduction fails and the hook is no candidate, while every overload that takes D, a base of D or
/// a template of one (my_base<P>&) still accepts it. Never made: named in unevaluated calls only.
template <class D>
struct probe : D, execution_policy<probe_system> {};
}  // namespace tide_user_backend::detail

namespace tide::detail {

template <class D>
inline constexpr bool user_policy_runs_on_host_v = std::is_base_of_v<host_execution_policy<D>, D>;
template <class D>
inline constexpr bool user_policy_runs_on_device_v = std::is_base_of_v<device_execution_policy<D>, D>;
template <class D>
inline constexpr bool user_policy_has_system_v = user_policy_runs_on_host_v<D> || user_policy_runs_on_device_v<D>;

/// The policy a user's policy falls back to: its inherited system's.
template <class D>
TIDE_HOST_DEVICE constexpr auto user_system_policy() {
  if constexpr (user_policy_runs_on_host_v<D>)
    return host_policy{};
  else
    return device_policy{};
}

/// The caller's policy as Thrust's entry points hand it on: the derived type, non-const.
template <class D>
TIDE_HOST_DEVICE D& user_policy_cast(const execution_policy<D>& policy) {
  return const_cast<D&>(static_cast<const D&>(policy));
}

template <class D>
inline constexpr bool user_policy_probe_ok_v = !std::is_final_v<D>;

}  // namespace tide::detail

// The user's overload receives the other arguments as const lvalues.
#define TIDE_USER_BACKEND_CONST_ARG(A) const std::remove_reference_t<A>&

// Whether `name(probe, args...)` is well-formed: a trait per algorithm, in a namespace of its own
// inside tide, so that the unqualified call finds tide's overloads (and the user's by ADL), not
// the trait.
#define TIDE_USER_BACKEND_TRAIT(name)                                                                      \
  namespace user_backend_found {                                                                           \
  template <class Void, class... A>                                                                        \
  struct name##_found : std::false_type {};                                                                \
  template <class... A>                                                                                    \
  struct name##_found<std::void_t<decltype(name(std::declval<A>()...))>, A...> : std::true_type {};        \
  }
// The same for `name<T>(probe, args...)`.
#define TIDE_USER_BACKEND_TYPED_TRAIT(name)                                                                \
  namespace user_backend_found {                                                                           \
  template <class Void, class T, class... A>                                                               \
  struct name##_typed_found : std::false_type {};                                                          \
  template <class T, class... A>                                                                           \
  struct name##_typed_found<std::void_t<decltype(name<T>(std::declval<A>()...))>, T, A...> : std::true_type {}; \
  }

// Whether the user has an overload; a final D cannot be probed (the hook says so, and asks nothing,
// to say nothing else).
#define TIDE_USER_BACKEND_FOUND(trait, ...)                                                                \
  std::conjunction<std::bool_constant<::tide::detail::user_policy_probe_ok_v<D>>,                          \
                   user_backend_found::trait<void, __VA_ARGS__ ::tide_user_backend::detail::probe<D>&,     \
                                             TIDE_USER_BACKEND_CONST_ARG(A)...>>::value

// The body of a hook: the user's overload (`call`, unqualified), else `fallback`.
#define TIDE_USER_BACKEND_BODY(found, call, fallback)                                                      \
  static_assert(::tide::detail::user_policy_probe_ok_v<D>, "tide: a user's execution policy may not be final"); \
  if constexpr (found) {                                                                                   \
    return call(::tide::detail::user_policy_cast(policy), static_cast<TIDE_USER_BACKEND_CONST_ARG(A)>(args)...); \
  } else {                                                                                                 \
    fallback                                                                                               \
  }

// The fallback to the inherited system: `qualified` (tide's algorithm) with its policy, or, for a
// plain execution_policy<D>, a static_assert naming the algorithm.
#define TIDE_USER_BACKEND_SYSTEM(qualified, label)                                                         \
  if constexpr (::tide::detail::user_policy_has_system_v<D>) {                                             \
    return qualified(::tide::detail::user_system_policy<D>(), static_cast<A&&>(args)...);                  \
  } else {                                                                                                 \
    static_assert(::tide::detail::user_policy_has_system_v<D>,                                             \
                  "tide::" label ": this policy derives from tide::execution_policy<D> and has no overload of " \
                  label " for these arguments (derive it from tide::host_execution_policy<D> or "         \
                  "tide::device_execution_policy<D> to run the other algorithms on that system)");         \
  }

#define TIDE_USER_BACKEND_HOOK(name, fallback)                                                             \
  TIDE_USER_BACKEND_TRAIT(name)                                                                            \
  TIDE_EXEC_CHECK_DISABLE                                                                                  \
  template <class D, class... A>                                                                           \
  TIDE_HOST_DEVICE decltype(auto) name(const ::tide::execution_policy<D>& policy, A&&... args) {           \
    TIDE_USER_BACKEND_BODY(TIDE_USER_BACKEND_FOUND(name##_found, ), name, fallback)                        \
  }

/// The user-backend hook of algorithm `name` (see above): in namespace tide, after every other
/// overload of `name`.
#define TIDE_USER_BACKEND(name) TIDE_USER_BACKEND_HOOK(name, TIDE_USER_BACKEND_SYSTEM(::tide::name, #name))

/// A hook whose fallback is `detail::user_chain::name(d, args...)`, declared before it: for some
/// forms a composition over other hooked algorithms, as Thrust's generic layer composes them. The
/// arguments go as const lvalues there too, so that the composed forms (by value or const&) are
/// chosen over the default (forwarding references), by partial ordering.
#define TIDE_USER_BACKEND_CHAINED(name)                                                                    \
  TIDE_USER_BACKEND_HOOK(name, return ::tide::detail::user_chain::name(::tide::detail::user_policy_cast(policy), \
                                                                       static_cast<TIDE_USER_BACKEND_CONST_ARG(A)>(args)...);)

/// In namespace tide::detail::user_chain: the forms of `name` that compose nothing run on the
/// inherited system. The composed forms are overloads beside this one (more specialized).
#define TIDE_USER_CHAIN_DEFAULT(name)                                                                      \
  TIDE_EXEC_CHECK_DISABLE                                                                                  \
  template <class D, class... A>                                                                           \
  TIDE_HOST_DEVICE decltype(auto) name(D&, A&&... args) {                                                  \
    TIDE_USER_BACKEND_SYSTEM(::tide::name, #name)                                                          \
  }

/// The hook of a function called with an explicit type, `name<T>(policy, args...)`
/// (get_temporary_buffer<T>, malloc<T>); host only.
#define TIDE_USER_BACKEND_TYPED(name)                                                                      \
  TIDE_USER_BACKEND_TYPED_TRAIT(name)                                                                      \
  template <class T, class D, class... A>                                                                  \
  decltype(auto) name(const ::tide::execution_policy<D>& policy, A&&... args) {                            \
    TIDE_USER_BACKEND_BODY(TIDE_USER_BACKEND_FOUND(name##_typed_found, T, ), name<T>,                      \
                           TIDE_USER_BACKEND_SYSTEM(::tide::name<T>, #name))                               \
  }
