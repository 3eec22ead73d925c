#pragma once
/// \file retag.hpp
/// `retag<Tag>(it)` and `reinterpret_tag<Tag>(it)`: the same iterator, said to belong to system
/// `Tag` (so algorithms without a policy run there). reinterpret_tag accepts any Tag; retag only a
/// related one: the same system, `any_system_tag` on either side, or seq <-> omp (both host
/// memory), as Thrust allows conversions between related tags only.

#include <cstddef>
#include <type_traits>

#include "../detail/unwrap.hpp"
#include "iterator_facade.hpp"

namespace tide {

namespace detail {

/// `It` with its system replaced by `Tag`; elements, reference and movement are It's.
template <class It, class Tag>
class tagged_iterator
    : public iterator_facade<tagged_iterator<It, Tag>, iterators::value_t<It>, iterators::reference_t<It>,
                             iterators::pointer_t<It>, Tag> {
  using reference_ = iterators::reference_t<It>;

 public:
  tagged_iterator() = default;
  TIDE_HOST_DEVICE explicit tagged_iterator(const It& it) : it_(it) {}

  /// The retagged iterator.
  TIDE_HOST_DEVICE const It& base() const { return it_; }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE reference_ dereference() const { return *it_; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { it_ += n; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const tagged_iterator& other) const {
    return static_cast<std::ptrdiff_t>(other.it_ - it_);
  }

  It it_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class tide::iterator_core_access;
};

// The system was chosen before a backend unwraps: the backend sees the base itself (so a retagged
// raw pointer keeps the raw-pointer paths).
template <class It, class Tag>
struct unwrap_traits<tagged_iterator<It, Tag>> {
  using type = unwrapped_t<It>;
  static TIDE_HOST_DEVICE type unwrap(const tagged_iterator<It, Tag>& it) { return unwrap_iterator(it.base()); }
};

template <class From, class To>
inline constexpr bool is_retaggable_v =
    std::is_same_v<From, To> || std::is_same_v<From, any_system_tag> || std::is_same_v<To, any_system_tag> ||
    (std::is_same_v<From, seq_tag> && std::is_same_v<To, omp_tag>) ||
    (std::is_same_v<From, omp_tag> && std::is_same_v<To, seq_tag>);

template <class It>
struct untagged {
  using type = It;
  static TIDE_HOST_DEVICE const It& get(const It& it) { return it; }
};
template <class It, class Tag>
struct untagged<tagged_iterator<It, Tag>> {
  using type = It;
  static TIDE_HOST_DEVICE const It& get(const tagged_iterator<It, Tag>& it) { return it.base(); }
};

}  // namespace detail

/// `it` said to belong to system `Tag`, whatever its own system (the caller vouches that its
/// memory is reachable there). Retagging a retagged iterator replaces the tag.
template <class Tag, class It>
TIDE_HOST_DEVICE detail::tagged_iterator<typename detail::untagged<It>::type, Tag> reinterpret_tag(It it) {
  return detail::tagged_iterator<typename detail::untagged<It>::type, Tag>(detail::untagged<It>::get(it));
}

/// `it` said to belong to system `Tag`, which must be related to its own (see the file comment).
template <class Tag, class It, std::enable_if_t<detail::is_retaggable_v<iterator_system_t<It>, Tag>, int> = 0>
TIDE_HOST_DEVICE detail::tagged_iterator<typename detail::untagged<It>::type, Tag> retag(It it) {
  return reinterpret_tag<Tag>(it);
}

}  // namespace tide
