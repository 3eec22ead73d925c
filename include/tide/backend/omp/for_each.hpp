#pragma once
// OpenMP element-wise primitives: for_each_n, transform, transform2. A transform whose output is
// big and raw contiguous memory writes it through non-temporal stores (stream_store.hpp).

#include "../../execution.hpp"
#include "parallel.hpp"
#include "stream_store.hpp"

namespace tide::backend::omp {

template <class It, class F>
void for_each_n(const omp_policy& p, It first, size_type n, F f) {
  detail::parallel_for(p, n, [&](size_type i) { f(first[i]); });
}

template <class It, class OutIt, class Op>
void transform(const omp_policy& p, It first, size_type n, OutIt out, Op op) {
  using E = detail::stream_element_t<OutIt, decltype(op(first[0]))>;
  if constexpr (!std::is_void_v<E>) {
    E* o = n > 0 ? tide::detail::contiguous_address(out) : nullptr;
    if (n > 0 && detail::should_stream(o, n)) {
      detail::parallel_tiles(p, n, [&](size_type b, size_type e) {
        detail::stream_range(o, b, e, [&](size_type i) { return op(first[i]); });
      });
      return;
    }
  }
  detail::parallel_for(p, n, [&](size_type i) { out[i] = op(first[i]); });
}

template <class It1, class It2, class OutIt, class Op>
void transform2(const omp_policy& p, It1 first1, size_type n, It2 first2, OutIt out, Op op) {
  using E = detail::stream_element_t<OutIt, decltype(op(first1[0], first2[0]))>;
  if constexpr (!std::is_void_v<E>) {
    E* o = n > 0 ? tide::detail::contiguous_address(out) : nullptr;
    if (n > 0 && detail::should_stream(o, n)) {
      detail::parallel_tiles(p, n, [&](size_type b, size_type e) {
        detail::stream_range(o, b, e, [&](size_type i) { return op(first1[i], first2[i]); });
      });
      return;
    }
  }
  detail::parallel_for(p, n, [&](size_type i) { out[i] = op(first1[i], first2[i]); });
}

}  // namespace tide::backend::omp
