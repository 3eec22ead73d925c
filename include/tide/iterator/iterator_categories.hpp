#pragma once
/// \file iterator_categories.hpp
/// Thrust's iterator vocabulary: `use_default`, the traversal tags (`random_access_traversal_tag`,
/// ...), the categories that also name a system (`random_access_device_iterator_tag`, ...), and the
/// per-system tags (`cpp::tag`, `omp::tag`, `cuda::tag`).
/// An iterator whose iterator_category is one of the device categories belongs to the device
/// system even without a `system_type` member, as in Thrust.

#include <iterator>
#include <type_traits>

#include "../detail/system.hpp"

namespace tide {

/// Stands for "the default" in iterator_adaptor's and tabulate_output_iterator's parameters.
struct use_default {};

/// How an iterator moves, apart from what its reference is (Thrust's / Boost's traversal tags).
struct no_traversal_tag {};
struct incrementable_traversal_tag : no_traversal_tag {};
struct single_pass_traversal_tag : incrementable_traversal_tag {};
struct forward_traversal_tag : single_pass_traversal_tag {};
struct bidirectional_traversal_tag : forward_traversal_tag {};
struct random_access_traversal_tag : bidirectional_traversal_tag {};

namespace detail::iterators {
/// A standard category that also carries a system and a traversal.
template <class Category, class System, class Traversal>
struct category_with_system_and_traversal : Category {
  using system_type = System;
  using traversal_type = Traversal;
};
}  // namespace detail::iterators

/// Device iterator categories: standard categories of the device system.
struct input_device_iterator_tag
    : detail::iterators::category_with_system_and_traversal<std::input_iterator_tag, device_system_tag,
                                                            single_pass_traversal_tag> {};
struct output_device_iterator_tag
    : detail::iterators::category_with_system_and_traversal<std::output_iterator_tag, device_system_tag,
                                                            single_pass_traversal_tag> {};
struct forward_device_iterator_tag
    : detail::iterators::category_with_system_and_traversal<std::forward_iterator_tag, device_system_tag,
                                                            forward_traversal_tag> {};
struct bidirectional_device_iterator_tag
    : detail::iterators::category_with_system_and_traversal<std::bidirectional_iterator_tag, device_system_tag,
                                                            bidirectional_traversal_tag> {};
struct random_access_device_iterator_tag
    : detail::iterators::category_with_system_and_traversal<std::random_access_iterator_tag, device_system_tag,
                                                            random_access_traversal_tag> {};
/// Host iterator categories are the standard ones (as in Thrust).
using input_host_iterator_tag = std::input_iterator_tag;
using output_host_iterator_tag = std::output_iterator_tag;
using forward_host_iterator_tag = std::forward_iterator_tag;
using bidirectional_host_iterator_tag = std::bidirectional_iterator_tag;
using random_access_host_iterator_tag = std::random_access_iterator_tag;

/// Thrust's per-system tag names: `cpp::tag`, `omp::tag`, `cuda::tag` (CUDA builds) and the same
/// under `system::`.
namespace cpp {
using tag = seq_tag;
}
namespace omp {
using tag = omp_tag;
}
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace cuda {
using tag = cuda_tag;
}
#endif
namespace system {
namespace cpp {
using tag = seq_tag;
}
namespace omp {
using tag = omp_tag;
}
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace cuda {
using tag = cuda_tag;
}
#endif
}  // namespace system

namespace detail::iterators {

template <class T>
inline constexpr bool is_traversal_tag_v = std::is_base_of_v<no_traversal_tag, T>;
template <class T>
inline constexpr bool is_std_category_v =
    std::is_base_of_v<std::input_iterator_tag, T> || std::is_base_of_v<std::output_iterator_tag, T>;

/// The traversal a standard category (or a traversal tag, or a category carrying one) implies.
template <class C, class = void>
struct category_to_traversal {
  using type = std::conditional_t<
      std::is_base_of_v<std::random_access_iterator_tag, C>, random_access_traversal_tag,
      std::conditional_t<
          std::is_base_of_v<std::bidirectional_iterator_tag, C>, bidirectional_traversal_tag,
          std::conditional_t<std::is_base_of_v<std::forward_iterator_tag, C>, forward_traversal_tag,
                             std::conditional_t<std::is_base_of_v<std::input_iterator_tag, C>,
                                                single_pass_traversal_tag, incrementable_traversal_tag>>>>;
};
template <class C>
struct category_to_traversal<C, std::enable_if_t<is_traversal_tag_v<C>>> {
  using type = C;
};
template <class C>
struct category_to_traversal<C, std::void_t<typename C::traversal_type>> {
  using type = typename C::traversal_type;
};

/// The standard category a traversal tag (or a category) implies.
template <class T>
using traversal_to_category_t = std::conditional_t<
    is_std_category_v<T>, T,
    std::conditional_t<
        std::is_base_of_v<random_access_traversal_tag, T>, std::random_access_iterator_tag,
        std::conditional_t<std::is_base_of_v<bidirectional_traversal_tag, T>, std::bidirectional_iterator_tag,
                           std::conditional_t<std::is_base_of_v<forward_traversal_tag, T>,
                                              std::forward_iterator_tag, std::input_iterator_tag>>>>;

template <class It, class = void>
struct has_system_type_member : std::false_type {};
template <class It>
struct has_system_type_member<It, std::void_t<typename It::system_type>> : std::true_type {};

template <class It, class = void>
struct has_category_system : std::false_type {};
template <class It>
struct has_category_system<It, std::void_t<typename std::iterator_traits<It>::iterator_category::system_type>>
    : std::true_type {};

}  // namespace detail::iterators

namespace detail {
// An iterator without system_type whose category names a system (random_access_device_iterator_tag)
// belongs to that system.
template <class It>
struct iterator_system_impl<It, std::enable_if_t<!iterators::has_system_type_member<It>::value &&
                                                 iterators::has_category_system<It>::value>> {
  using type = typename std::iterator_traits<It>::iterator_category::system_type;
};
}  // namespace detail

}  // namespace tide
