#pragma once
// How a sort or merge orders its keys, decided once for every backend.
//
// With an arithmetic key and a natural comparator (tide::less / tide::greater, typed on the key or
// transparent, or their std:: counterparts), tide's key order applies (detail/radix_traits.hpp):
// -0.0 == +0.0 and NaNs of either sign last, ascending or descending. The backend then gets
// `radix_order_less<Key, descending>` in place of the comparator (a strict weak order even with
// NaNs; the CUDA backend recognizes it and runs a radix sort). Any other comparator is used as given.
//
//   detail::sort_order<Key, Comp>::use_radix        tide's key order applies
//   detail::sort_order<Key, Comp>::descending       ... and it is descending (greater)
//   detail::sort_order<Key, Comp>::comparator_type  what the backend gets
//   detail::sort_comparator<Key>(comp)              that comparator, made from comp
//   detail::is_radix_order_less_v<Comp>             Comp is some radix_order_less<K, D>
//   detail::radix_sortable<Key, Comp>               a backend may radix sort Keys by Comp (::descending)
//   detail::radix_bits_less<Key>                    order by bits [begin, end) of the key order

#include <functional>
#include <type_traits>

#include "../config.hpp"
#include "../functional.hpp"
#include "radix_traits.hpp"

namespace tide::detail {

/// The direction of a natural comparator: 1 for less, -1 for greater, 0 for anything else.
template <class Comp, class Key>
struct natural_direction : std::integral_constant<int, 0> {};

// A typed comparator counts only when typed on the key itself: less<int> on float keys compares
// converted values, which is another order.
template <class U, class Key>
inline constexpr bool typed_on_key_v = std::is_void_v<U> || std::is_same_v<std::remove_cv_t<U>, Key>;

template <class U, class Key>
struct natural_direction<tide::less<U>, Key> : std::integral_constant<int, typed_on_key_v<U, Key> ? 1 : 0> {};
template <class U, class Key>
struct natural_direction<std::less<U>, Key> : std::integral_constant<int, typed_on_key_v<U, Key> ? 1 : 0> {};
template <class U, class Key>
struct natural_direction<tide::greater<U>, Key> : std::integral_constant<int, typed_on_key_v<U, Key> ? -1 : 0> {};
template <class U, class Key>
struct natural_direction<std::greater<U>, Key> : std::integral_constant<int, typed_on_key_v<U, Key> ? -1 : 0> {};

/// Keys that tide's radix order covers: arithmetic, 1 to 8 bytes (long double and 128-bit
/// integers are compared with their comparator).
template <class Key>
inline constexpr bool is_sortable_radix_key_v =
    is_radix_key_v<Key> && (sizeof(Key) == 1 || sizeof(Key) == 2 || sizeof(Key) == 4 || sizeof(Key) == 8);

template <class Key, class Comp>
struct sort_order {
  using key_type = std::remove_cv_t<Key>;
  static constexpr int direction = natural_direction<std::decay_t<Comp>, key_type>::value;
  static constexpr bool use_radix = is_sortable_radix_key_v<key_type> && direction != 0;
  static constexpr bool descending = use_radix && direction < 0;
  using comparator_type =
      std::conditional_t<use_radix, radix_order_less<key_type, descending>, std::decay_t<Comp>>;
};

/// The comparator a backend sorts (or merges) `Key`s with, given the user's `comp`.
template <class Key, class Comp>
TIDE_HOST_DEVICE typename sort_order<Key, Comp>::comparator_type sort_comparator(const Comp& comp) {
  if constexpr (sort_order<Key, Comp>::use_radix) {
    (void)comp;
    return {};
  } else {
    return comp;
  }
}

template <class Comp>
struct is_radix_order_less : std::false_type {};
template <class Key, bool Descending>
struct is_radix_order_less<radix_order_less<Key, Descending>> : std::true_type {
  using key_type = Key;
  static constexpr bool descending = Descending;
};
/// Whether a backend was handed tide's key order (and may radix sort).
template <class Comp>
inline constexpr bool is_radix_order_less_v = is_radix_order_less<std::decay_t<Comp>>::value;

/// Whether a backend handed `Comp` for keys of type Key may radix sort them, and in which direction:
/// Comp is tide's key order on Key itself (radix_order_less<Key, D>, what the public layer passes
/// for less / greater on arithmetic keys), or a natural comparator that sort_order maps to it.
template <class Key, class Comp, class = void>
struct radix_sortable : std::false_type {
  static constexpr bool descending = false;
};
template <class Key, class Comp>
struct radix_sortable<Key, Comp, std::enable_if_t<is_radix_order_less_v<Comp>>>
    : std::bool_constant<std::is_same_v<typename is_radix_order_less<std::decay_t<Comp>>::key_type,
                                        std::remove_cv_t<Key>> &&
                         is_sortable_radix_key_v<std::remove_cv_t<Key>>> {
  static constexpr bool descending = is_radix_order_less<std::decay_t<Comp>>::descending;
};
template <class Key, class Comp>
struct radix_sortable<Key, Comp,
                      std::enable_if_t<!is_radix_order_less_v<Comp> && sort_order<Key, Comp>::use_radix>>
    : std::true_type {
  static constexpr bool descending = sort_order<Key, Comp>::descending;
};

/// Orders keys by bits [begin_bit, end_bit) of their order bits (radix_traits::order_bits), as a
/// radix sort over that bit range does: the comparison a host radix_sort with a bit range uses.
template <class Key>
struct radix_bits_less {
  using traits = radix_traits<Key>;
  using bits_type = typename traits::bits_type;
  int begin_bit;
  int end_bit;  // the caller checked 0 <= begin_bit < end_bit <= traits::key_bits
  bool descending;

  TIDE_HOST_DEVICE bits_type digits(const Key& k) const {
    int width = end_bit - begin_bit;
    bits_type mask = width >= traits::key_bits ? bits_type(~bits_type(0))
                                               : bits_type((bits_type(1) << width) - 1);
    return bits_type((traits::order_bits(k, descending) >> begin_bit) & mask);
  }
  TIDE_HOST_DEVICE bool operator()(const Key& a, const Key& b) const { return digits(a) < digits(b); }
};

}  // namespace tide::detail
