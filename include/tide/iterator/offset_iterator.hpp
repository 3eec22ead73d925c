#pragma once
/// \file offset_iterator.hpp
/// `offset_iterator<It, Offset>` (Thrust 3.0): an iterator plus an offset; element i is
/// `it[offset + i]`. The offset is a number, or something readable (a pointer, device_ptr, ...)
/// whose pointee is read on each access: then the offset can be set after the iterator is made,
/// e.g. by an earlier kernel, without the host reading it.

#include <iterator>
#include <type_traits>
#include <utility>

#include "../detail/unwrap.hpp"
#include "iterator_adaptor.hpp"

namespace tide {

namespace detail::iterators {
template <class T, class = void>
struct is_readable : std::false_type {};
template <class T>
struct is_readable<T, std::void_t<decltype(*std::declval<const T&>())>> : std::bool_constant<!std::is_arithmetic_v<T>> {};
}  // namespace detail::iterators

/// `it` moved by `offset` elements: dereferencing reads `*(it + offset)`. A numeric offset moves
/// as the iterator moves (base() stays); with an offset read through a pointer, base() moves and
/// the pointee is read at each dereference, comparison and distance (only where the two offsets
/// differ, for the latter two).
template <class Iterator, class Offset = typename std::iterator_traits<Iterator>::difference_type>
class offset_iterator : public iterator_adaptor<offset_iterator<Iterator, Offset>, Iterator> {
  using super_t = iterator_adaptor<offset_iterator<Iterator, Offset>, Iterator>;
  static constexpr bool indirect_offset = detail::iterators::is_readable<Offset>::value;

 public:
  using reference = typename super_t::reference;
  using difference_type = typename super_t::difference_type;

#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE offset_iterator(Iterator it = {}, Offset offset = {}) : super_t(it), offset_(offset) {}

  /// The offset (a number, or what it is read through).
  TIDE_HOST_DEVICE const Offset& offset() const { return offset_; }
  TIDE_HOST_DEVICE Offset& offset() { return offset_; }

 private:
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE difference_type offset_value() const {
    if constexpr (indirect_offset) return static_cast<difference_type>(*offset_);
    else return static_cast<difference_type>(offset_);
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE reference dereference() const { return *(this->base() + offset_value()); }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE difference_type distance_to(const offset_iterator& other) const {
    // The same offset cancels: not reading it keeps host comparisons off device memory.
    if constexpr (indirect_offset)
      if (offset_ == other.offset_) return static_cast<difference_type>(other.base() - this->base());
    return static_cast<difference_type>((other.base() + other.offset_value()) - (this->base() + offset_value()));
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE bool equal(const offset_iterator& other) const { return distance_to(other) == 0; }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void advance(difference_type n) {
    if constexpr (indirect_offset) this->base_reference() += n;
    else offset_ = static_cast<Offset>(offset_ + n);
  }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void increment() { advance(1); }
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  TIDE_HOST_DEVICE void decrement() { advance(-1); }

  Offset offset_;
  // Last in the class: nvcc ignores nv_exec_check_disable on members after a friend declaration.
  friend class iterator_core_access;
};

template <class Iterator>
offset_iterator(Iterator) -> offset_iterator<Iterator>;

namespace detail {
// A numeric offset is fixed by unwrapping time: the backend gets the moved base itself (a raw
// pointer keeps the raw-pointer paths). A read-through offset stays, over unwrapped parts.
template <class Iterator, class Offset>
struct unwrap_traits<offset_iterator<Iterator, Offset>> {
  static constexpr bool indirect = iterators::is_readable<Offset>::value;
  using type = std::conditional_t<indirect, offset_iterator<unwrapped_t<Iterator>, unwrapped_t<Offset>>,
                                  unwrapped_t<Iterator>>;
  static TIDE_HOST_DEVICE type unwrap(const offset_iterator<Iterator, Offset>& it) {
    if constexpr (indirect)
      return type(unwrap_iterator(it.base()), unwrap_iterator(it.offset()));
    else
      return unwrap_iterator(it.base()) + static_cast<std::ptrdiff_t>(it.offset());
  }
};
}  // namespace detail

}  // namespace tide
