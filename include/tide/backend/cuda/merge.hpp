#pragma once
// merge and merge_by_key: each block writes one tile of the output; a partition kernel first finds
// by merge path search which pieces of the inputs each tile needs (equal work per block however
// the inputs interleave). Stable: on ties the first range's element goes first.

#include <cuda_runtime.h>

#include <type_traits>

#include "../../config.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "block/block_merge.hpp"
#include "launch.hpp"
#include "merge_sort.hpp"

namespace tide::backend::cuda {

namespace detail {

/// splits[t]: the merge path where output tile t starts (2^log2_lanes lanes a tile:
/// partition_search.hpp).
template <int Tile, class KA, class KB, class Comp>
__global__ void merge_partition_kernel(KA a, size_type na, KB b, size_type nb, size_type tiles, size_type* splits,
                                       Comp comp, int log2_lanes) {
  const size_type t = (size_type(blockIdx.x) * blockDim.x + threadIdx.x) >> log2_lanes;
  if (t >= tiles) return;  // (the whole group)
  const size_type split = partition_merge_path(a, na, b, nb, t * Tile, comp, log2_lanes);
  if ((lane_id() & ((1 << log2_lanes) - 1)) == 0) splits[t] = split;
}

template <class Tuning, bool Pairs, class K, class V, class KA, class VA, class KB, class VB, class KO, class VO,
          class Comp>
__global__ void __launch_bounds__(Tuning::threads)
    merge_kernel(KA a, VA va, size_type na, KB b, VB vb, size_type nb, const size_type* splits, KO out, VO vout,
                 Comp comp) {
  constexpr int tile = Tuning::tile;
  __shared__ shared_array<K, tile> s_keys;
  __shared__ shared_array<V, Pairs ? tile : 1> s_vals;
  const size_type total = na + nb, d0 = size_type(blockIdx.x) * tile;
  const size_type d1 = d0 + tile < total ? d0 + tile : total;
  const size_type a1 = d1 == total ? na : splits[blockIdx.x + 1];
  merge_tile<Tuning::threads, Tuning::items, Pairs>(a, va, b, vb, d0, d1, splits[blockIdx.x], a1, out, vout,
                                                     s_keys.data(), s_vals.data(), comp);
}

template <bool Pairs, class K, class V, class KA, class VA, class KB, class VB, class KO, class VO, class Comp>
void merge_impl(const cuda_policy& p, KA a, VA va, size_type na, KB b, VB vb, size_type nb, KO out, VO vout, Comp comp,
                const char* algorithm) {
  using tuning = merge_sort_tuning<sizeof(K), Pairs ? sizeof(V) : 0>;
  const size_type total = na + nb;
  if (total == 0) return;
  const size_type tiles = (total + tuning::tile - 1) / tuning::tile;
  tide::detail::temporary_buffer<size_type> splits(p, std::size_t(tiles), algorithm);
  const int log2_lanes = partition_log2_lanes(tiles);
  launch(algorithm, "merge_partition", merge_partition_kernel<tuning::tile, KA, KB, Comp>,
         dim3(partition_grid(tiles, log2_lanes)), dim3(partition_threads), 0, p.stream, a, na, b, nb, tiles,
         splits.data(), comp, log2_lanes);
  launch(algorithm, "merge", merge_kernel<tuning, Pairs, K, V, KA, VA, KB, VB, KO, VO, Comp>, dim3(unsigned(tiles)),
         dim3(tuning::threads), 0, p.stream, a, va, na, b, vb, nb, static_cast<const size_type*>(splits.data()), out,
         vout, comp);
}

}  // namespace detail

/// Stable merge of sorted a[0, na) and b[0, nb) into out[0, na + nb).
template <class ItA, class ItB, class OutIt, class Comp>
void merge(const cuda_policy& p, ItA a, size_type na, ItB b, size_type nb, OutIt out, Comp comp) {
  detail::check_pending("merge");
  using K = detail::iter_value_t<ItA>;
  detail::merge_impl<false, K, K>(p, a, a, na, b, b, nb, out, out, comp, "merge");
}

/// Stable merge of the sorted keys ka[0, na) and kb[0, nb), carrying the values va and vb.
template <class KA, class KB, class VA, class VB, class KO, class VO, class Comp>
void merge_by_key(const cuda_policy& p, KA ka, size_type na, KB kb, size_type nb, VA va, VB vb, KO keys_out,
                  VO vals_out, Comp comp) {
  detail::check_pending("merge_by_key");
  using K = detail::iter_value_t<KA>;
  using V = detail::iter_value_t<VA>;
  detail::merge_impl<true, K, V>(p, ka, va, na, kb, vb, nb, keys_out, vals_out, comp, "merge_by_key");
}

}  // namespace tide::backend::cuda
