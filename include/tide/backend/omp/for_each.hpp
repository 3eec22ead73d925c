#pragma once
// OpenMP element-wise primitives: for_each_n, transform, transform2. A transform whose output is
// big and raw contiguous memory writes it through non-temporal stores (stream_store.hpp), but for
// gathers (a permutation_iterator input): their scalar loads, not memory, set the pace on 2 cores
// (gather u32 with a sequential map at 2^27, streamed 0.98-0.99x of plain stores, against 1.5x for
// saxpy and 3x for sequence); unmeasured where memory is the limit (16 cores).
// transform_if (and so gather_if, scatter_if) arrives as for_each_n of transform.hpp's
// transform_if_fn: its indices go a block at a time through masked_block, which tests the stencil
// without a branch and then transforms the kept items (a random stencil mispredicted half its
// branches).

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "../../execution.hpp"
#include "parallel.hpp"
#include "stream_store.hpp"

namespace tide {
template <class ElementIt, class IndexIt>
class permutation_iterator;
namespace detail {
template <class It, class StencilIt, class OutIt, class Op, class Pred>
struct transform_if_fn;
template <class It1, class It2, class StencilIt, class OutIt, class Op, class Pred>
struct transform_if2_fn;
}  // namespace detail
}  // namespace tide

namespace tide::backend::omp {

namespace detail {
/// Whether It is a gather's input (a permutation_iterator): transform does not stream it.
template <class It>
struct gather_input : std::false_type {};
template <class ElementIt, class IndexIt>
struct gather_input<tide::permutation_iterator<ElementIt, IndexIt>> : std::true_type {};

/// Whether F is transform_if's per-index functor (transform.hpp), and how it transforms index i.
template <class F>
struct masked_transform : std::false_type {};
template <class It, class StencilIt, class OutIt, class Op, class Pred>
struct masked_transform<tide::detail::transform_if_fn<It, StencilIt, OutIt, Op, Pred>> : std::true_type {
  template <class F>
  static void apply(const F& f, size_type i) {
    f.out[i] = f.op(f.first[i]);
  }
};
template <class It1, class It2, class StencilIt, class OutIt, class Op, class Pred>
struct masked_transform<tide::detail::transform_if2_fn<It1, It2, StencilIt, OutIt, Op, Pred>> : std::true_type {
  template <class F>
  static void apply(const F& f, size_type i) {
    f.out[i] = f.op(f.first1[i], f.first2[i]);
  }
};

/// transform_if's functor f over the indices first[b, e): a run of up to 1024 of them at a time,
/// the stencil tested for each into a list of the kept ones (stored always, counted when kept: no
/// branch on the test), then those transformed in order. The same outputs as f(first[i]) for each
/// i: each index writes only its own output, and the tests read only the stencil. gather_if of u32
/// by a random half stencil, 16 cores at 2^24: 10.7 ms (Thrust OpenMP's loop, branching) against
/// 3.4 (sequential map), 26.2 against 11.6 (random map); docs/notes/omp_gather_prefetch.md.
template <class It, class F>
void masked_block(It first, size_type b, size_type e, const F& f) {
  constexpr size_type run = 1024;
  std::uint16_t kept[run];
  for (size_type s = b; s < e; s += run) {
    const size_type t = std::min(e, s + run);
    size_type k = 0;
    for (size_type i = s; i < t; ++i) {
      kept[k] = static_cast<std::uint16_t>(i - s);
      k += static_cast<bool>(f.pred(f.stencil[first[i]]));
    }
    for (size_type j = 0; j < k; ++j) masked_transform<F>::apply(f, first[s + kept[j]]);
  }
}
}  // namespace detail

template <class It, class F>
void for_each_n(const omp_policy& p, It first, size_type n, F f) {
  if constexpr (detail::masked_transform<F>::value) {
    detail::parallel_tiles(p, n, [&](size_type b, size_type e) { detail::masked_block(first, b, e, f); });
  } else {
    detail::parallel_for(p, n, [&](size_type i) { f(first[i]); });
  }
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
