#pragma once
// The shared core of the set operations (set_union, set_intersection, set_difference,
// set_symmetric_difference and their _by_key forms), for every backend: the sequential loop and
// the "balanced path" that cuts the work into pieces that each decide their outputs alone.
//
// The standard's loop over sorted a and b: while both remain, a[i] < b[j] consumes a[i] alone
// (an "A single"), b[j] < a[i] consumes b[j] alone (a "B single"), and equal keys consume a[i]
// and b[j] together (a "pair"); the rest of either range is singles. So the j-th copy of a key in
// a pairs with the j-th copy in b, and an operation is the choice of which events write:
//   union: every event (a pair writes a's element); intersection: pairs (a's element);
//   difference: A singles; symmetric difference: A and B singles.
// This gives the standard's multiset results (m copies in a, k in b: max(m,k), min(m,k) from a,
// the last max(m-k,0) of a, the last |m-k| of the longer side) and Thrust's.
//
// A state (i, j) of that loop is a place where the work may be cut: the piece a[i0, i1) b[j0, j1)
// between two states runs the same loop, with the same events, as the whole. A plain merge path
// (ties take a's element first) is not always a state: inside a run of equal keys it may consume
// the j-th copy in a but not the j-th in b. balance() moves it to the first state whose i + j is
// at least the diagonal d: i + j is d or d + 1, and the states found for growing d never go back.
// __host__ __device__: the seq backend runs in device code, and CUDA tiles use the same cut.

#include "../backend/seq/device_code.hpp"
#include "../execution.hpp"

namespace tide::detail {

/// Which set operation (the choice of events that write).
enum class set_op : int { union_op, intersection, difference, symmetric_difference };

template <set_op Op>
struct set_rules {
  static constexpr bool a_single = Op != set_op::intersection;
  static constexpr bool b_single = Op == set_op::union_op || Op == set_op::symmetric_difference;
  static constexpr bool pair = Op == set_op::union_op || Op == set_op::intersection;
};

/// The public name of Op (for errors raised below the public entry points).
template <set_op Op>
constexpr const char* set_op_name(bool by_key) {
  if constexpr (Op == set_op::union_op)
    return by_key ? "set_union_by_key" : "set_union";
  else if constexpr (Op == set_op::intersection)
    return by_key ? "set_intersection_by_key" : "set_intersection";
  else if constexpr (Op == set_op::difference)
    return by_key ? "set_difference_by_key" : "set_difference";
  else
    return by_key ? "set_symmetric_difference_by_key" : "set_symmetric_difference";
}

/// A state of the loop: i elements of a and j of b consumed.
template <class Size>
struct set_state {
  Size i, j;
};

/// The first p in [lo, hi) with !comp(x[p], key) (hi if none).
TIDE_EXEC_CHECK_DISABLE
template <class It, class Size, class T, class Comp>
TIDE_HOST_DEVICE Size set_lower_bound(It x, Size lo, Size hi, const T& key, Comp& comp) {
  while (lo < hi) {
    const Size mid = lo + (hi - lo) / 2;
    if (comp(x[mid], key))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/// The first p in [lo, hi) with comp(key, x[p]) (hi if none).
TIDE_EXEC_CHECK_DISABLE
template <class It, class Size, class T, class Comp>
TIDE_HOST_DEVICE Size set_upper_bound(It x, Size lo, Size hi, const T& key, Comp& comp) {
  while (lo < hi) {
    const Size mid = lo + (hi - lo) / 2;
    if (comp(key, x[mid]))
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

/// set_lower_bound for an answer near hi: gallops down from hi (probes hi - 1, hi - 2, hi - 4, ...)
/// and searches the last gap, so a run of r equal keys costs O(log r) probes, not O(log(hi - lo)).
TIDE_EXEC_CHECK_DISABLE
template <class It, class Size, class T, class Comp>
TIDE_HOST_DEVICE Size set_lower_bound_near_end(It x, Size lo, Size hi, const T& key, Comp& comp) {
  // Everything in [hi, the original hi) is not less than key.
  for (Size step = 1; lo < hi; step *= 2) {
    const Size p = hi - lo > step ? hi - step : lo;
    if (comp(x[p], key)) {
      lo = p + 1;
      break;
    }
    hi = p;
  }
  return set_lower_bound(x, lo, hi, key, comp);
}

/// set_upper_bound for an answer near lo: gallops up from lo (probes lo, lo + 1, lo + 3, ...).
TIDE_EXEC_CHECK_DISABLE
template <class It, class Size, class T, class Comp>
TIDE_HOST_DEVICE Size set_upper_bound_near_begin(It x, Size lo, Size hi, const T& key, Comp& comp) {
  // Everything in [the original lo, lo) is not greater than key.
  for (Size step = 1; lo < hi; step *= 2) {
    const Size p = hi - lo > step ? lo + step - 1 : hi - 1;
    if (comp(key, x[p])) {
      hi = p;
      break;
    }
    lo = p + 1;
  }
  return set_upper_bound(x, lo, hi, key, comp);
}

/// The balanced path at diagonal d: `i` is the merge path there (how many of the first d outputs
/// of the stable merge, ties a's first, come from a). Returns the first state of the set loop
/// with i + j >= d (i + j is d or d + 1).
TIDE_EXEC_CHECK_DISABLE
template <class ItA, class ItB, class Size, class Comp>
TIDE_HOST_DEVICE set_state<Size> balance(ItA a, Size na, ItB b, Size nb, Size d, Size i, Comp& comp) {
  const Size j = d - i;
  // The merge path has a[i-1] <= b[j]: only when they are equal does a run of equal keys straddle
  // the cut with copies consumed on one side and not on the other.
  if (i == 0 || j == nb || comp(a[i - 1], b[j])) return {i, j};
  // The run's ends are searched outward from the cut: runs are usually short (a probe each side).
  const auto x = b[j];
  const Size s1 = set_lower_bound_near_end(a, Size(0), i - 1, x, comp);  // x's run in a: [s1, e1)
  const Size e1 = set_upper_bound_near_begin(a, i, na, x, comp);
  const Size s2 = set_lower_bound_near_end(b, Size(0), j, x, comp);  // in b: [s2, e2)
  const Size e2 = set_upper_bound_near_begin(b, j + 1, nb, x, comp);
  const Size m = e1 - s1, k = e2 - s2, taken = (i - s1) + (j - s2);
  const Size both = m < k ? m : k;
  // In the run the loop first takes `both` pairs (states (s1+t, s2+t)), then singles of the longer side.
  if (taken <= 2 * both) {
    const Size t = taken - taken / 2;  // round up to the next pair
    return {s1 + t, s2 + t};
  }
  if (m > k) return {s1 + (taken - k), s2 + k};
  return {s1 + m, s2 + (taken - m)};
}

/// The stable-merge path at diagonal d (ties take a's element first): how many of the first d
/// outputs come from a.
TIDE_EXEC_CHECK_DISABLE
template <class ItA, class ItB, class Size, class Comp>
TIDE_HOST_DEVICE Size set_merge_path(ItA a, Size na, ItB b, Size nb, Size d, Comp& comp) {
  Size lo = d > nb ? d - nb : Size(0);
  Size hi = d < na ? d : na;
  while (lo < hi) {
    const Size mid = lo + (hi - lo) / 2;
    if (comp(b[d - 1 - mid], a[mid]))
      hi = mid;
    else
      lo = mid + 1;  // a[mid] goes before b[d - 1 - mid]
  }
  return lo;
}

/// The state where the set loop's work from diagonal d on begins (0 <= d <= na + nb).
TIDE_EXEC_CHECK_DISABLE
template <class ItA, class ItB, class Size, class Comp>
TIDE_HOST_DEVICE set_state<Size> set_split(ItA a, Size na, ItB b, Size nb, Size d, Comp& comp) {
  return balance(a, na, b, nb, d, set_merge_path(a, na, b, nb, d, comp), comp);
}

/// Runs the set loop from state (i, j) to state (i_end, j_end), calling emit(from_a, index) for
/// each event of Op that writes, in order.
TIDE_EXEC_CHECK_DISABLE
template <set_op Op, class ItA, class ItB, class Size, class Comp, class Emit>
TIDE_HOST_DEVICE void set_loop(ItA a, Size i, Size i_end, ItB b, Size j, Size j_end, Comp& comp, Emit& emit) {
  using rules = set_rules<Op>;
  while (i < i_end && j < j_end) {
    if (comp(a[i], b[j])) {
      if (rules::a_single) emit(true, i);
      ++i;
    } else if (comp(b[j], a[i])) {
      if (rules::b_single) emit(false, j);
      ++j;
    } else {
      if (rules::pair) emit(true, i);
      ++i;
      ++j;
    }
  }
  if (rules::a_single)
    for (; i < i_end; ++i) emit(true, i);
  if (rules::b_single)
    for (; j < j_end; ++j) emit(false, j);
}

/// set_loop's emit that counts.
struct set_counter {
  size_type count = 0;
  template <class Size>
  TIDE_HOST_DEVICE void operator()(bool, Size) {
    ++count;
  }
};

/// set_loop's emit that writes keys: out[k++] = a[i] or b[i].
template <class ItA, class ItB, class OutIt>
struct set_writer {
  ItA a;
  ItB b;
  OutIt out;
  size_type k;
  TIDE_EXEC_CHECK_DISABLE
  template <class Size>
  TIDE_HOST_DEVICE void operator()(bool from_a, Size i) {
    if (from_a)
      out[k++] = a[i];
    else
      out[k++] = b[i];
  }
};

/// set_loop's emit that writes keys and their values.
template <class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut>
struct set_by_key_writer {
  KeyA ka;
  KeyB kb;
  ValA va;
  ValB vb;
  KeyOut keys_out;
  ValOut vals_out;
  size_type k;
  TIDE_EXEC_CHECK_DISABLE
  template <class Size>
  TIDE_HOST_DEVICE void operator()(bool from_a, Size i) {
    if (from_a) {
      keys_out[k] = ka[i];
      vals_out[k] = va[i];
    } else {
      keys_out[k] = kb[i];
      vals_out[k] = vb[i];
    }
    ++k;
  }
};

}  // namespace tide::detail
