#pragma once
// OpenMP element-wise primitives: for_each_n, transform, transform2. A transform whose output is
// big and raw contiguous memory writes it through non-temporal stores (stream_store.hpp), but for
// gathers (a permutation_iterator input): their scalar loads, not memory, set the pace on 2 cores
// (gather u32 with a sequential map at 2^27, streamed 0.98-0.99x of plain stores, against 1.5x for
// saxpy and 3x for sequence); unmeasured where memory is the limit (16 cores).

#include <type_traits>

#include "../../execution.hpp"
#include "parallel.hpp"
#include "stream_store.hpp"

namespace tide {
template <class ElementIt, class IndexIt>
class permutation_iterator;
}  // namespace tide

namespace tide::backend::omp {

namespace detail {
/// Whether It is a gather's input (a permutation_iterator): transform does not stream it.
template <class It>
struct gather_input : std::false_type {};
template <class ElementIt, class IndexIt>
struct gather_input<tide::permutation_iterator<ElementIt, IndexIt>> : std::true_type {};
}  // namespace detail

template <class It, class F>
void for_each_n(const omp_policy& p, It first, size_type n, F f) {
  detail::parallel_for(p, n, [&](size_type i) { f(first[i]); });
}

template <class It, class OutIt, class Op>
void transform(const omp_policy& p, It first, size_type n, OutIt out, Op op) {
  using E = detail::stream_element_t<OutIt, decltype(op(first[0]))>;
  if constexpr (!std::is_void_v<E> && !detail::gather_input<It>::value) {
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
