#pragma once
// The CUDA sort primitives: sort, sort_by_key, and the radix_sort / radix_sort_by_key extension.
//
// Which algorithm runs:
// - up to a few thousand elements: shared-memory sorts, radix-order keys in one block (an LSD radix
//   sort or a merge of (digits, index) pairs, small_radix_sort.hpp), by a comparator in one block or
//   in chunks and a merge block (small_sort.hpp);
// - arithmetic keys in raw device memory in tide's key order (the public layer hands less / greater
//   over as radix_order_less; radix_traits: -0.0 == +0.0, NaNs last, keys moved unchanged): the
//   onesweep radix sort; values that are not raw pointers to at most 16 trivially copyable bytes
//   travel as a permutation;
// - anything else (and radix-order keys behind an adaptor): the stable merge sort.
// Every path is stable, so `stable` changes nothing.

#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "../../config.hpp"
#include "../../detail/radix_traits.hpp"
#include "../../detail/sort_traits.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../error.hpp"
#include "../../execution.hpp"
#include "launch.hpp"
#include "merge_sort.hpp"
#include "radix_sort.hpp"
#include "small_radix_sort.hpp"
#include "small_sort.hpp"

namespace tide::backend::cuda {

namespace detail {

/// Whether sorting keys of type K by Comp may use the radix sort, and in which direction: Comp is
/// tide's key order (radix_order_less<K, D>, what the public layer passes for less / greater on
/// arithmetic keys), or a natural comparator that sort_traits maps to it.
template <class K, class Comp, class = void>
struct is_radix_sortable : std::false_type {
  static constexpr bool descending = false;
};
template <class K, class Comp>
struct is_radix_sortable<K, Comp, std::enable_if_t<tide::detail::is_radix_order_less_v<Comp>>>
    : std::bool_constant<std::is_same_v<typename tide::detail::is_radix_order_less<std::decay_t<Comp>>::key_type,
                                        std::remove_cv_t<K>> &&
                         tide::detail::is_sortable_radix_key_v<std::remove_cv_t<K>>> {
  static constexpr bool descending = tide::detail::is_radix_order_less<std::decay_t<Comp>>::descending;
};
template <class K, class Comp>
struct is_radix_sortable<K, Comp,
                         std::enable_if_t<!tide::detail::is_radix_order_less_v<Comp> &&
                                          tide::detail::sort_order<K, Comp>::use_radix>> : std::true_type {
  static constexpr bool descending = tide::detail::sort_order<K, Comp>::descending;
};

/// Values the radix passes move themselves: raw pointers to trivially copyable types of at most 16 bytes.
template <class It>
inline constexpr bool radix_value_pointer_v =
    std::is_pointer_v<It> && !std::is_const_v<std::remove_pointer_t<It>> &&
    std::is_trivially_copyable_v<std::remove_pointer_t<It>> && sizeof(std::remove_pointer_t<It>) <= 16;

template <class T>
__global__ void sequence_kernel(T* out, size_type n) {
  const size_type stride = size_type(gridDim.x) * blockDim.x;
  for (size_type i = size_type(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = T(i);
}
/// out[i] = in[index[i]].
template <class In, class Index, class Out>
__global__ void gather_kernel(In in, const Index* index, Out out, size_type n) {
  const size_type stride = size_type(gridDim.x) * blockDim.x;
  for (size_type i = size_type(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = in[index[i]];
}
template <class In, class Out>
__global__ void copy_kernel(In in, Out out, size_type n) {
  const size_type stride = size_type(gridDim.x) * blockDim.x;
  for (size_type i = size_type(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = in[i];
}

inline dim3 elementwise_grid(size_type n) {
  const size_type cap = size_type(device_props().sm_count) * 16;
  const size_type blocks = (n + 255) / 256;
  return dim3(unsigned(blocks < cap ? blocks : cap));
}

/// Radix sort of raw keys with any values: the values ride along as a permutation (32-bit indices
/// when they suffice), then are gathered once.
template <bool Descending, class Index, class K, class ValIt>
void radix_sort_permuted(const cuda_policy& p, K* keys, ValIt vals, size_type n, int begin_bit, int end_bit,
                         const char* algorithm) {
  using V = iter_value_t<ValIt>;
  // Both buffers before the keys move: an allocation failing after the radix passes would leave
  // the keys sorted and the values not (a call that throws must leave its input unchanged).
  tide::detail::temporary_buffer<Index> index(p, std::size_t(n), algorithm);
  tide::detail::temporary_buffer<V> gathered(p, std::size_t(n), algorithm);
  launch(algorithm, "sequence", sequence_kernel<Index>, elementwise_grid(n), dim3(256), 0, p.stream, index.data(), n);
  radix_sort_onesweep<Descending, true>(p, keys, index.data(), n, begin_bit, end_bit, algorithm);
  launch(algorithm, "gather", gather_kernel<ValIt, Index, V*>, elementwise_grid(n), dim3(256), 0, p.stream, vals,
         static_cast<const Index*>(index.data()), gathered.data(), n);
  launch(algorithm, "copy", copy_kernel<const V*, ValIt>, elementwise_grid(n), dim3(256), 0, p.stream,
         static_cast<const V*>(gathered.data()), vals, n);
}

/// Stable sort by order bits [begin_bit, end_bit) (0 <= begin_bit < end_bit <= key bits), with
/// values when Pairs (else pass keys as vals). Raw keys go through the radix passes; keys behind an
/// adaptor through the merge sort, in the same order.
template <bool Descending, bool Pairs, class KeyIt, class ValIt>
void radix_sort_any(const cuda_policy& p, KeyIt keys, ValIt vals, size_type n, int begin_bit, int end_bit,
                    const char* algorithm) {
  using K = iter_value_t<KeyIt>;
  using V = std::conditional_t<Pairs, iter_value_t<ValIt>, K>;
  if (n <= 1 || begin_bit >= end_bit) return;
  using order_t = tide::detail::radix_bits_less<K>;
  const order_t order{begin_bit, end_bit, Descending};
  if (n <= small_radix_capacity<order_t, K, V, Pairs>()) {  // = small_sort_capacity: one block
    small_radix_sort<Pairs>(p, keys, vals, n, order, algorithm);
  } else if constexpr (!std::is_pointer_v<KeyIt>) {
    merge_sort<Pairs>(p, keys, vals, n, order, algorithm);
  } else if constexpr (!Pairs || radix_value_pointer_v<ValIt>) {
    radix_sort_onesweep<Descending, Pairs>(p, keys, vals, n, begin_bit, end_bit, algorithm);
  } else if (n <= size_type(UINT32_MAX)) {
    radix_sort_permuted<Descending, std::uint32_t>(p, keys, vals, n, begin_bit, end_bit, algorithm);
  } else {
    radix_sort_permuted<Descending, std::uint64_t>(p, keys, vals, n, begin_bit, end_bit, algorithm);
  }
}

/// The whole sort decision, for sort (Pairs false, vals = keys) and sort_by_key.
template <bool Pairs, class KeyIt, class ValIt, class Comp>
void sort_dispatch(const cuda_policy& p, KeyIt keys, ValIt vals, size_type n, Comp comp, const char* algorithm) {
  check_pending(algorithm);
  if (n <= 1) return;
  using K = iter_value_t<KeyIt>;
  using V = std::conditional_t<Pairs, iter_value_t<ValIt>, K>;
  using radix = is_radix_sortable<K, Comp>;
  if constexpr (radix::value) {
    radix_sort_any<radix::descending, Pairs>(p, keys, vals, n, 0, int(8 * sizeof(K)), algorithm);
  } else if (n <= small_sort_capacity<K, V, Pairs>()) {
    small_sort<Pairs>(p, keys, vals, n, comp, algorithm);
  } else {
    merge_sort<Pairs>(p, keys, vals, n, comp, algorithm);
  }
}

}  // namespace detail

/// Sorts keys[0, n) by `comp`, stably (every path is stable).
template <class KeyIt, class Comp>
void sort(const cuda_policy& p, KeyIt keys, size_type n, Comp comp, bool /*stable*/) {
  detail::sort_dispatch<false>(p, keys, keys, n, comp, "sort");
}

/// Sorts keys[0, n) by `comp`, stably, moving values[0, n) with them.
template <class KeyIt, class ValIt, class Comp>
void sort_by_key(const cuda_policy& p, KeyIt keys, size_type n, ValIt values, Comp comp, bool /*stable*/) {
  detail::sort_dispatch<true>(p, keys, values, n, comp, "sort_by_key");
}

/// Stable sort of arithmetic keys by bits [begin_bit, end_bit) of tide's key order (radix_traits'
/// order bits: ascending, or descending with NaNs still last); the caller checked the range.
template <class KeyIt>
void radix_sort(const cuda_policy& p, KeyIt keys, size_type n, int begin_bit, int end_bit, bool descending) {
  detail::check_pending("radix_sort");
  if (descending)
    detail::radix_sort_any<true, false>(p, keys, keys, n, begin_bit, end_bit, "radix_sort");
  else
    detail::radix_sort_any<false, false>(p, keys, keys, n, begin_bit, end_bit, "radix_sort");
}

/// radix_sort, moving values[0, n) with the keys.
template <class KeyIt, class ValIt>
void radix_sort_by_key(const cuda_policy& p, KeyIt keys, size_type n, ValIt values, int begin_bit, int end_bit,
                       bool descending) {
  detail::check_pending("radix_sort_by_key");
  if (descending)
    detail::radix_sort_any<true, true>(p, keys, values, n, begin_bit, end_bit, "radix_sort_by_key");
  else
    detail::radix_sort_any<false, true>(p, keys, values, n, begin_bit, end_bit, "radix_sort_by_key");
}

}  // namespace tide::backend::cuda
