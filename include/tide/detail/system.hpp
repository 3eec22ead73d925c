#pragma once
// Systems (where an algorithm runs) and how an iterator names its system.

#include <iterator>
#include <type_traits>

#include "../config.hpp"

namespace tide {

struct seq_tag {};   ///< host, sequential
struct omp_tag {};   ///< host, OpenMP threads
struct cuda_tag {};  ///< CUDA device
/// Iterators that work in any system (counting, constant, discard).
struct any_system_tag {};

// The host system is sequential, as Thrust's default; define TIDE_HOST_SYSTEM_OMP to make it OpenMP.
#if defined(TIDE_HOST_SYSTEM_OMP) && TIDE_HAS_OPENMP
using host_system_tag = omp_tag;
#else
using host_system_tag = seq_tag;
#endif

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
using device_system_tag = cuda_tag;
#elif TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_OMP
using device_system_tag = omp_tag;
#else
using device_system_tag = seq_tag;
#endif

namespace detail {
template <class It, class = void>
struct iterator_system_impl {
  using type = host_system_tag;  // raw pointers and std iterators are host iterators
};
template <class It>
struct iterator_system_impl<It, std::void_t<typename It::system_type>> {
  using type = typename It::system_type;
};

// The system two iterators share: `any` yields to the other; a clash is an error.
template <class A, class B>
struct common_system {
  static_assert(std::is_same_v<A, B>,
                "tide: these iterators belong to different systems; copy the data across first "
                "(tide::copy works between systems)");
  using type = A;
};
template <class B> struct common_system<any_system_tag, B> { using type = B; };
template <class A> struct common_system<A, any_system_tag> { using type = A; };
template <> struct common_system<any_system_tag, any_system_tag> { using type = any_system_tag; };
// seq and omp iterators are both host memory: a raw pointer is usable with omp iterators.
template <> struct common_system<seq_tag, omp_tag> { using type = omp_tag; };
template <> struct common_system<omp_tag, seq_tag> { using type = omp_tag; };
}  // namespace detail

/// The system an iterator belongs to: its `system_type`, or the host system for raw pointers.
template <class It>
using iterator_system_t = typename detail::iterator_system_impl<std::decay_t<It>>::type;

template <class... Its>
struct common_system;
template <class It>
struct common_system<It> {
  using type = iterator_system_t<It>;
};
template <class It, class... Rest>
struct common_system<It, Rest...> {
  using type =
      typename detail::common_system<iterator_system_t<It>, typename common_system<Rest...>::type>::type;
};
/// The system where an algorithm over these iterators runs (any alone means the device, as in Thrust).
template <class... Its>
using common_system_t = typename common_system<Its...>::type;

}  // namespace tide
