#pragma once
// OpenMP scans by key over parallel_scan (parallel_scan.hpp, one pass over memory): a segmented
// scan is a plain scan of (head, value) pairs under (a, b) -> b.head ? b : (a.head, a.value op
// b.value). Each block's total says whether a segment starts in it and what its open segment holds
// at its end; carries are combined in block order, and the blocks depend on n only, so results
// repeat for any thread count. Contract: backend/seq/scan_by_key.hpp.

#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "parallel_scan.hpp"

namespace tide::backend::omp {

namespace detail {
/// A block's summary: `head` if a segment starts inside it (its own first element included),
/// `value` the reduction of its last (open) segment.
template <class Acc>
struct scan_by_key_carry {
  bool head = false;
  Acc value{};
};

template <class Acc, class Op>
struct scan_by_key_combine {
  Op& op;
  scan_by_key_carry<Acc> operator()(const scan_by_key_carry<Acc>& a, const scan_by_key_carry<Acc>& b) const {
    if (b.head) return b;
    return {a.head, static_cast<Acc>(op(a.value, b.value))};
  }
};

/// Whether element i (> 0) starts a segment.
template <class KeyIt, class Pred>
bool scan_by_key_head(KeyIt keys, size_type i, Pred& pred) {
  return !pred(keys[i - 1], keys[i]);
}

/// The bytes read per item: a key and a value (sizes parallel_scan's rounds).
template <class KeyIt, class ValIt>
constexpr size_type scan_by_key_item_bytes() {
  return sizeof(tide::detail::iter_value_t<KeyIt>) + sizeof(tide::detail::iter_value_t<ValIt>);
}

template <class Acc, class KeyIt, class ValIt, class Pred, class Op>
scan_by_key_carry<Acc> scan_by_key_total(KeyIt keys, ValIt vals, size_type b, size_type e, Pred& pred, Op& op) {
  scan_by_key_carry<Acc> s{b == 0 || scan_by_key_head(keys, b, pred), static_cast<Acc>(vals[b])};
  for (size_type i = b + 1; i < e; ++i) {
    if (scan_by_key_head(keys, i, pred)) {
      s.head = true;
      s.value = static_cast<Acc>(vals[i]);
    } else {
      s.value = op(s.value, vals[i]);
    }
  }
  return s;
}
}  // namespace detail

template <class Acc, class KeyIt, class ValIt, class OutIt, class Pred, class Op>
void inclusive_scan_by_key(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, OutIt out, Pred pred, Op op) {
  if (n == 0) return;
  using carry_t = detail::scan_by_key_carry<Acc>;
  detail::parallel_scan<carry_t>(
      p, n, [&](size_type b, size_type e) { return detail::scan_by_key_total<Acc>(keys, vals, b, e, pred, op); },
      [&](size_type b, size_type e, const carry_t* carry) {
        // A block continues its carry's segment unless its first element starts a new one.
        Acc acc = carry && !detail::scan_by_key_head(keys, b, pred) ? static_cast<Acc>(op(carry->value, vals[b]))
                                                                    : static_cast<Acc>(vals[b]);
        out[b] = acc;
        for (size_type i = b + 1; i < e; ++i) {
          if (detail::scan_by_key_head(keys, i, pred))
            acc = static_cast<Acc>(vals[i]);
          else
            acc = op(acc, vals[i]);
          out[i] = acc;
        }
      },
      detail::scan_by_key_combine<Acc, Op>{op}, detail::scan_by_key_item_bytes<KeyIt, ValIt>());
}

template <class KeyIt, class ValIt, class OutIt, class Acc, class Pred, class Op>
void exclusive_scan_by_key(const omp_policy& p, KeyIt keys, size_type n, ValIt vals, OutIt out, Acc init, Pred pred,
                           Op op) {
  if (n == 0) return;
  using carry_t = detail::scan_by_key_carry<Acc>;
  detail::parallel_scan<carry_t>(
      p, n, [&](size_type b, size_type e) { return detail::scan_by_key_total<Acc>(keys, vals, b, e, pred, op); },
      [&](size_type b, size_type e, const carry_t* carry) {
        Acc acc = carry && !detail::scan_by_key_head(keys, b, pred) ? static_cast<Acc>(op(init, carry->value)) : init;
        for (size_type i = b; i < e; ++i) {
          if (i > b && detail::scan_by_key_head(keys, i, pred)) acc = init;
          Acc next = op(acc, vals[i]);  // read v_i before out[i] is written (in place)
          out[i] = acc;
          acc = next;
        }
      },
      detail::scan_by_key_combine<Acc, Op>{op}, detail::scan_by_key_item_bytes<KeyIt, ValIt>());
}

}  // namespace tide::backend::omp
