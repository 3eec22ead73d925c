#pragma once
/// \file iterator_traits.hpp
/// Thrust's iterator traits by Thrust's names: `iterator_value`, `iterator_reference`,
/// `iterator_difference`, `iterator_pointer` (each with `::type` and a `_t` alias),
/// `iterator_traversal` and `iterator_system`. `iterator_system_t` is tide's own (detail/system.hpp):
/// an iterator's `system_type`, the system its category names, or the host system (raw pointers,
/// std iterators).

#include <iterator>

#include "../detail/system.hpp"
#include "iterator_categories.hpp"

namespace tide {

/// std::iterator_traits under Thrust's name.
template <class It>
using iterator_traits = std::iterator_traits<It>;

/// The value type of `It`.
template <class It>
struct iterator_value {
  using type = typename std::iterator_traits<It>::value_type;
};
template <class It>
using iterator_value_t = typename iterator_value<It>::type;

/// The reference type of `It` (what `*it` returns).
template <class It>
struct iterator_reference {
  using type = typename std::iterator_traits<It>::reference;
};
template <class It>
using iterator_reference_t = typename iterator_reference<It>::type;

/// The difference type of `It`.
template <class It>
struct iterator_difference {
  using type = typename std::iterator_traits<It>::difference_type;
};
template <class It>
using iterator_difference_t = typename iterator_difference<It>::type;

/// The pointer type of `It` (void for proxies and adaptors without one).
template <class It>
struct iterator_pointer {
  using type = typename std::iterator_traits<It>::pointer;
};
template <class It>
using iterator_pointer_t = typename iterator_pointer<It>::type;

/// The traversal of `It` (random_access_traversal_tag, ...), from its category.
template <class It>
struct iterator_traversal
    : detail::iterators::category_to_traversal<typename std::iterator_traits<It>::iterator_category> {};
template <class It>
using iterator_traversal_t = typename iterator_traversal<It>::type;

/// The system `It` belongs to (host_system_tag, device_system_tag, any_system_tag, ...).
template <class It>
struct iterator_system {
  using type = iterator_system_t<It>;
};

}  // namespace tide
