#pragma once
// Unwrapping iterators before a backend runs: device_ptr becomes a raw pointer, and adaptors
// rebuild themselves over their unwrapped bases, so that kernels and host loops never see proxy
// references. Each iterator type that can unwrap specializes `unwrap_traits`.

#include <type_traits>

#include "../config.hpp"

namespace tide::detail {

template <class It, class = void>
struct unwrap_traits {
  using type = It;
  static TIDE_HOST_DEVICE It unwrap(const It& it) { return it; }
};

template <class It>
using unwrapped_t = typename unwrap_traits<std::decay_t<It>>::type;

/// The iterator a backend uses in place of `it`: same elements, no proxies.
template <class It>
TIDE_HOST_DEVICE unwrapped_t<It> unwrap_iterator(const It& it) {
  return unwrap_traits<std::decay_t<It>>::unwrap(it);
}

}  // namespace tide::detail
