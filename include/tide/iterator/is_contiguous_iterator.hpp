#pragma once
/// \file is_contiguous_iterator.hpp
/// `is_contiguous_iterator<It>` / `is_contiguous_iterator_v<It>`: whether It's elements lie next to
/// each other in memory: raw pointers, `device_ptr` (so tide vectors' iterators), std::vector
/// iterators (not vector<bool>), and any iterator proclaimed so:
///
///     TIDE_PROCLAIM_CONTIGUOUS_ITERATOR(my_iterator)        // at global scope
///     // or: template <> struct tide::proclaim_contiguous_iterator<my_iterator> : std::true_type {};
///
/// What a proclamation changes: copies between host and device (tide::copy, vector construction
/// and assignment) move a proclaimed range as one memcpy instead of element by element, taking its
/// address as `&*it`. Kernels and host loops still read the iterator itself (no 16-byte vector
/// loads: those are for raw pointers, which a proclaimed iterator is not unwrapped to).

#include <type_traits>

#include "../detail/contiguous.hpp"

namespace tide {

/// Whether `It` is contiguous (see the file comment).
template <class It>
struct is_contiguous_iterator : std::bool_constant<detail::is_contiguous_v<It>> {};
template <class It>
inline constexpr bool is_contiguous_iterator_v = is_contiguous_iterator<It>::value;

}  // namespace tide

/// Proclaims `It` (a type, at global scope) contiguous: is_contiguous_iterator<It> becomes true.
#define TIDE_PROCLAIM_CONTIGUOUS_ITERATOR(...)                                              \
  namespace tide {                                                                        \
  template <>                                                                             \
  struct proclaim_contiguous_iterator<__VA_ARGS__> : std::true_type {};                   \
  }
