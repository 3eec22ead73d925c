#pragma once
/// \file advance.hpp
/// `advance`, `distance`, `next` and `prev` as Thrust's (thrust/advance.h, thrust/distance.h): host
/// and device functions, one step at a time for iterators that are not random access.

#include <iterator>
#include <type_traits>

#include "../config.hpp"

namespace tide {

namespace detail {
template <class It>
inline constexpr bool steps_randomly_v =
    std::is_base_of_v<std::random_access_iterator_tag, typename std::iterator_traits<It>::iterator_category>;
}  // namespace detail

/// Moves `i` by `n` (backwards for negative n, where It is bidirectional).
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class It, class Distance>
TIDE_HOST_DEVICE void advance(It& i, Distance n) {
  if constexpr (detail::steps_randomly_v<It>) {
    i += static_cast<typename std::iterator_traits<It>::difference_type>(n);
  } else {
    for (; n > 0; --n) ++i;
    for (; n < 0; ++n) --i;
  }
}

/// The number of steps from `first` to `last`, in the iterator's difference type.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class It>
TIDE_HOST_DEVICE typename std::iterator_traits<It>::difference_type distance(It first, It last) {
  if constexpr (detail::steps_randomly_v<It>) {
    return last - first;
  } else {
    typename std::iterator_traits<It>::difference_type n = 0;
    for (; first != last; ++first) ++n;
    return n;
  }
}

/// `i` moved by `n` (default 1).
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class It>
TIDE_HOST_DEVICE It next(It i, typename std::iterator_traits<It>::difference_type n = 1) {
  tide::advance(i, n);
  return i;
}

/// `i` moved back by `n` (default 1).
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class It>
TIDE_HOST_DEVICE It prev(It i, typename std::iterator_traits<It>::difference_type n = 1) {
  tide::advance(i, -n);
  return i;
}

}  // namespace tide
