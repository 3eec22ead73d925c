#pragma once
// OpenMP set operations: the merged length na + nb is cut into parallel_scan's blocks at balanced
// paths (detail/set_operation_path.hpp), so each piece runs the standard loop alone with the
// events the whole would have. Each piece counts what it writes, the counts become carries in
// piece order, then each piece writes from its carry (its inputs still in cache): the same output
// for any thread count.

#include "../../detail/set_operation_path.hpp"
#include "../../execution.hpp"
#include "parallel_scan.hpp"

namespace tide::backend::omp {

namespace detail {
/// Runs the loop of Op over the pieces of [0, na + nb) that parallel_scan makes; writer(k) gives
/// the emit that writes from output slot k. Returns how many were written.
template <::tide::detail::set_op Op, class ItA, class ItB, class Comp, class MakeWriter>
size_type parallel_set_operation(const omp_policy& p, ItA a, size_type na, ItB b, size_type nb, const Comp& comp,
                                 MakeWriter writer) {
  size_type total = 0;
  const size_type n = na + nb;
  parallel_scan<size_type>(
      p, n,
      [&](size_type d0, size_type d1) {
        Comp c = comp;  // each thread calls its own copy
        auto s0 = ::tide::detail::set_split(a, na, b, nb, d0, c), s1 = ::tide::detail::set_split(a, na, b, nb, d1, c);
        ::tide::detail::set_counter counter;
        ::tide::detail::set_loop<Op>(a, s0.i, s1.i, b, s0.j, s1.j, c, counter);
        return counter.count;
      },
      [&](size_type d0, size_type d1, const size_type* carry) {
        Comp c = comp;
        auto s0 = ::tide::detail::set_split(a, na, b, nb, d0, c), s1 = ::tide::detail::set_split(a, na, b, nb, d1, c);
        auto w = writer(carry ? *carry : size_type(0));
        ::tide::detail::set_loop<Op>(a, s0.i, s1.i, b, s0.j, s1.j, c, w);
        if (d1 == n) total = w.k;  // the last piece knows the total
      },
      [](size_type x, size_type y) { return x + y; });
  return total;
}
}  // namespace detail

/// Writes the elements of set operation Op on sorted a[0, na) and b[0, nb) to out; returns how many.
template <::tide::detail::set_op Op, class ItA, class ItB, class OutIt, class Comp>
size_type set_operation(const omp_policy& p, ItA a, size_type na, ItB b, size_type nb, OutIt out, Comp comp) {
  return detail::parallel_set_operation<Op>(p, a, na, b, nb, comp, [&](size_type k) {
    return ::tide::detail::set_writer<ItA, ItB, OutIt>{a, b, out, k};
  });
}

/// set_operation on the keys ka and kb, writing each written key's value (from va or vb) beside it.
template <::tide::detail::set_op Op, class KeyA, class KeyB, class ValA, class ValB, class KeyOut, class ValOut,
          class Comp>
size_type set_operation_by_key(const omp_policy& p, KeyA ka, size_type na, KeyB kb, size_type nb, ValA va, ValB vb,
                               KeyOut keys_out, ValOut vals_out, Comp comp) {
  return detail::parallel_set_operation<Op>(p, ka, na, kb, nb, comp, [&](size_type k) {
    return ::tide::detail::set_by_key_writer<KeyA, KeyB, ValA, ValB, KeyOut, ValOut>{ka, kb, va, vb,
                                                                                     keys_out, vals_out, k};
  });
}

}  // namespace tide::backend::omp
