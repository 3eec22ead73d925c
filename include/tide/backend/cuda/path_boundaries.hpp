#pragma once
// Where each CUDA algorithm changes its path or its tuning, as input sizes, read from the tuning
// structs and thresholds themselves: a retune moves the boundary sweep (test/path_boundaries/) and
// the fuzzer's sizes (test/fuzz/boundary_sizes.hpp) with it. Host side, for the tests; no kernel
// reads it.
//
// For one algorithm family and element type, a list holds:
//   - for each tile size t the family uses: t, 2t and 3t, each -1, +0 and +1 (one tile, a second
//     tile, a second full one; partial and full last tiles);
//   - for each threshold x between two paths or tunings (a small tile below x, a single block up to
//     x, a look-back window up to x tiles, state that fits the stream's scratch up to x tiles, a new
//     level of the look-back tree past x tiles, ...): x - 1, x and x + 1;
//   - the first size that needs a second launch, pass, round or portion.
// Sizes above `limit` go to `beyond` instead (the 2^30-key portions of the radix sort, say): the
// sweep runs them only when asked (TIDE_TEST_LARGE), and test_large covers the largest.
//
// Thresholds read at run time (the SM count, shared memory per block) are those of the current
// device: call these with the device the algorithms will run on set.

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "../../detail/sort_traits.hpp"
#include "../../functional.hpp"
#include "adjacent_difference.hpp"
#include "chained_lookback.hpp"
#include "copy_if.hpp"
#include "find.hpp"
#include "for_each.hpp"
#include "histogram.hpp"
#include "lookback.hpp"
#include "merge_sort.hpp"
#include "radix_sort.hpp"
#include "reduce.hpp"
#include "reduce_by_key.hpp"
#include "scan.hpp"
#include "set_operations.hpp"
#include "scan_by_key.hpp"
#include "small_radix_sort.hpp"
#include "small_sort.hpp"
#include "tile_state_buffer.hpp"

namespace tide::backend::cuda::boundaries {

/// The sizes where one family changes path, for one element type.
struct edges {
  std::vector<std::int64_t> sizes;   ///< at most the limit, ascending, each once
  std::vector<std::int64_t> beyond;  ///< above the limit, ascending, each once

  /// x - 1, x and x + 1.
  void at(std::int64_t x) {
    for (std::int64_t d = -1; d <= 1; ++d) add(x + d);
  }
  /// t, 2t and 3t, each +-1.
  void tiles(std::int64_t t) {
    for (std::int64_t k = 1; k <= 3; ++k) at(k * t);
  }
  void add(std::int64_t n) {
    if (n < 0) return;
    (n > limit ? beyond : sizes).push_back(n);
  }
  edges& done() {
    for (auto* v : {&sizes, &beyond}) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    return *this;
  }
  std::int64_t limit;
  explicit edges(std::int64_t lim) : limit(lim) {}
};

/// The default limit: 2^25 items (a few hundred MB at most, seconds of checking per family).
inline constexpr std::int64_t default_limit = std::int64_t(1) << 25;

namespace detail {
using namespace ::tide::backend::cuda::detail;

/// Look-back boundaries of a single-pass kernel over tiles of `tile(n)` items with the scheme
/// Scheme for values T: a new tree level past 32^k tiles, or the chained windows' limits; with
/// Resets, the most tiles whose state fits the stream's scratch.
template <class Scheme, class T, bool Resets, class TileAt>
void lookback_edges(edges& e, TileAt tile_at) {
  // n such that ceil(n / tile(n)) first exceeds `count`: count * tile, with the tile in force there.
  auto after_tiles = [&](std::int64_t count) {
    std::int64_t n = count * tile_at(1);
    for (int i = 0; i < 4 && count * tile_at(n) != n; ++i) n = count * tile_at(n);
    e.at(n);
  };
  using buffer = typename Scheme::template buffer<T, Resets>;
  if constexpr (std::is_same_v<Scheme, tree_lookback>) {
    for (std::int64_t c = lookback_fan_in; c <= lookback_fan_in * lookback_fan_in * lookback_fan_in;
         c *= lookback_fan_in)
      after_tiles(c);
  } else {
    using window = chain_window<T, Scheme::near_slots, Scheme::full_slots>;
    after_tiles(window::full_max_tiles);
    after_tiles(window::middle_max_tiles);
  }
  if constexpr (Resets)
    after_tiles(scratch_max_tiles<typename buffer_traits<buffer>::state, buffer_traits<buffer>::levels>());
}

}  // namespace detail

/// reduce, transform_reduce, count and the extrema, accumulating Acc.
template <class Acc>
edges reduce(std::int64_t limit = default_limit) {
  edges e(limit);
  cuda::detail::with_arch([&](auto arch) {
    using t = cuda::detail::reduce_tuning<Acc, decltype(arch)::value>;
    const std::int64_t tile = std::int64_t(t::block_threads) * t::items_per_thread;
    if (t::small_items_per_thread < t::items_per_thread)
      e.tiles(std::int64_t(t::block_threads) * t::small_items_per_thread);
    e.tiles(tile);
    e.at(t::single_block_tiles * tile);  // past it: partials, and a second launch
    if (t::max_blocks > 0) {
      e.at(t::max_blocks * tile);  // past it: a block reduces two tiles
      e.at(2 * t::max_blocks * tile);
    }
  });
  return e.done();
}

/// inclusive_scan and exclusive_scan of T read through In (contiguous by default) into T*,
/// accumulating Acc under Op (the look-back scheme follows the operator: exact integer ops take the
/// tree, others the chain).
template <class T, class Acc = T, class Op = tide::plus<Acc>, class In = const T*>
edges scan(std::int64_t limit = default_limit) {
  edges e(limit);
  cuda::detail::with_arch([&](auto arch) {
    using t = cuda::detail::scan_tuning<Acc, decltype(arch)::value>;
    using shape = cuda::detail::scan_shape<t, In, T*>;
    auto tile_at = [](std::int64_t n) { return std::int64_t(shape::tile(n)); };
    if constexpr (shape::staged) {
      if (shape::has_small) {
        e.tiles(std::int64_t(shape::threads) * shape::small);
        e.at(shape::few_below());  // small tiles below, big ones from here
      }
      e.tiles(std::int64_t(shape::threads) * shape::big);
    } else {
      e.tiles(std::int64_t(shape::threads) * shape::register_items);
    }
    detail::lookback_edges<cuda::detail::select_lookback<Acc, Op>, Acc, true>(e, tile_at);
  });
  return e.done();
}

/// inclusive_scan_by_key and exclusive_scan_by_key: keys K, values V, accumulating Acc under plus.
template <class K, class V, class Acc = V, class Op = tide::plus<Acc>>
edges scan_by_key(std::int64_t limit = default_limit) {
  edges e(limit);
  cuda::detail::with_arch([&](auto arch) {
    using t = cuda::detail::scan_by_key_tuning<std::max({sizeof(K), sizeof(V), sizeof(Acc)}), decltype(arch)::value>;
    const std::int64_t tile = std::int64_t(t::block_threads) * t::items_per_thread;
    e.tiles(tile);
    using seg_t = cuda::detail::segment_value<Acc, bool>;
    detail::lookback_edges<cuda::detail::select_lookback_by_key<Acc, Op>, seg_t, false>(
        e, [tile](std::int64_t) { return tile; });
  });
  return e.done();
}

/// reduce_by_key: keys K, values V, accumulating Acc under plus.
template <class K, class V, class Acc = V, class Op = tide::plus<Acc>>
edges reduce_by_key(std::int64_t limit = default_limit) {
  edges e(limit);
  cuda::detail::with_arch([&](auto arch) {
    using t = cuda::detail::reduce_by_key_tuning<std::max({sizeof(K), sizeof(V), sizeof(Acc)}), decltype(arch)::value>;
    const std::int64_t tile = std::int64_t(t::block_threads) * t::items_per_thread;
    e.tiles(tile);
    using seg_t = cuda::detail::segment_value<Acc, ::tide::size_type>;
    detail::lookback_edges<cuda::detail::select_lookback_by_key<Acc, Op>, seg_t, false>(
        e, [tile](std::int64_t) { return tile; });
  });
  return e.done();
}

/// copy_if (with or without a stencil), remove_if and unique of T: the select kernel.
template <class T>
edges select(std::int64_t limit = default_limit) {
  edges e(limit);
  cuda::detail::with_arch([&](auto arch) {
    using t = cuda::detail::select_tuning<sizeof(T), decltype(arch)::value>;
    const std::int64_t tile = std::int64_t(t::block_threads) * t::items_per_thread;
    e.tiles(tile);
    detail::lookback_edges<cuda::detail::tree_lookback, ::tide::size_type, false>(
        e, [tile](std::int64_t) { return tile; });
    // The staged tiles (copy_if and the partitions over contiguous 16-byte runs, each form in its
    // shape) from `first` tiles on: the switch, a partial last tile of one item, of half a tile and
    // of all but one, and the staged tiles' look-back levels.
    auto staged_edges = [&](auto shape_tag) {
      using shape = typename decltype(shape_tag)::type;
      const std::int64_t staged = std::int64_t(shape::threads) * shape::items;
      const std::int64_t first = staged * shape::min_tiles_per_sm * cuda::detail::device_props().sm_count;
      e.at(first);
      e.at(first + staged / 2);
      e.at(first + staged);
      constexpr std::int64_t fan_in = cuda::detail::lookback_fan_in;
      for (std::int64_t c = fan_in; c <= fan_in * fan_in * fan_in; c *= fan_in)
        if (c * staged >= first) e.at(c * staged);
    };
    staged_edges(cuda::detail::type_tag<typename t::staged>{});
    staged_edges(cuda::detail::type_tag<typename t::staged_stencil>{});
    staged_edges(cuda::detail::type_tag<typename t::copy_staged>{});
    staged_edges(cuda::detail::type_tag<typename t::copy_staged_stencil>{});
  });
  return e.done();
}

/// merge (V void) and merge_by_key, by the total size of the two inputs.
template <class K, class V = void>
edges merge(std::int64_t limit = default_limit) {
  edges e(limit);
  using t =
      cuda::detail::merge_sort_tuning<sizeof(K),
                                      std::is_void_v<V> ? 0 : sizeof(std::conditional_t<std::is_void_v<V>, K, V>)>;
  e.tiles(t::tile);
  // The partition: a second block of warps (a warp a tile), then a group of lanes, then a thread.
  e.at(std::int64_t(cuda::detail::partition_threads / cuda::detail::warp_threads) * t::tile);
  e.at(cuda::detail::warp_search_max_cuts * t::tile);
  e.at(cuda::detail::group_search_max_cuts * t::tile);
  return e.done();
}

/// sort and sort_by_key of arithmetic keys K in tide's key order (less, greater): the one-block
/// sorts, then the onesweep radix sort; V void: keys only. Values that are not raw pointers (the
/// permutation path) take the same sizes.
template <class K, class V = void>
edges radix_sort(std::int64_t limit = default_limit) {
  edges e(limit);
  constexpr bool pairs = !std::is_void_v<V>;
  using value_t = std::conditional_t<pairs, V, K>;
  using order_t = tide::detail::radix_bits_less<K>;
  const std::int64_t small_radix = cuda::detail::small_radix_capacity<order_t, K, value_t, pairs>();
  const std::int64_t small = cuda::detail::small_sort_capacity<K, value_t, pairs>();
  using small_t = cuda::detail::small_sort_tuning<sizeof(K), pairs ? sizeof(value_t) : 0>;
  using digits_t = cuda::detail::small_radix_tuning<order_t, K, value_t, pairs>;
  using lsd_t = cuda::detail::small_lsd_tuning<order_t, K, value_t, pairs>;
  if (lsd_t::takes) {  // the LSD sort's shapes, each up to its tile
    for (std::int64_t tile : {lsd_t::s0::tile, lsd_t::s1::tile, lsd_t::s2::tile})
      if (tile < small_radix) e.at(tile);
  } else if (digits_t::short_tile > 0) {
    e.at(digits_t::short_tile);  // the digits sort's 512x3 shape up to here
  }
  if (small_radix > 0) e.at(small_radix);                    // digits sort up to here
  if (small_t::tile > small_radix) e.at(small_t::tile);      // the wide small block up to here
  e.at(small);                                               // one block up to here
  using t = cuda::detail::onesweep_tuning<sizeof(K), pairs ? sizeof(value_t) : 0>;
  e.tiles(t::tile);
  using up = cuda::detail::radix_upsweep_tuning;
  const std::int64_t up_tile = std::int64_t(up::threads) * up::items;
  e.tiles(up_tile);
  e.at(up_tile * cuda::detail::device_props().sm_count * up::blocks_per_sm);  // a block counts two tiles
  e.at(std::int64_t(t::portion_tiles) * t::tile);                             // a second portion
  return e.done();
}

/// sort and sort_by_key with any other comparator (and radix-order keys behind an adaptor): the
/// small sorts (one block, or chunks and a merge block), then the merge sort's tiles and rounds; V void:
/// keys only.
template <class K, class V = void>
edges merge_sort(std::int64_t limit = default_limit) {
  edges e(limit);
  constexpr bool pairs = !std::is_void_v<V>;
  using value_t = std::conditional_t<pairs, V, K>;
  constexpr std::size_t vbytes = pairs ? sizeof(value_t) : 0;
  using small_t = cuda::detail::small_sort_tuning<sizeof(K), vbytes>;
  e.at(small_t::tile);  // the wide small block up to here
  if (small_t::split) e.at(small_t::mid_tile);  // the middle block up to here, then chunks and a merge block
  e.at(cuda::detail::small_sort_capacity<K, value_t, pairs>());  // the small sorts up to here
  using big = cuda::detail::merge_sort_big_tuning<sizeof(K), vbytes>;
  using small = cuda::detail::merge_sort_small_tuning<sizeof(K), vbytes>;
  constexpr bool two_shapes = !std::is_same_v<big, small>;
  using narrow = cuda::detail::merge_sort_narrow_tuning;
  const std::int64_t small_max = cuda::detail::merge_sort_small_max;
  const std::int64_t narrow_max = cuda::detail::merge_sort_narrow_max;
  if (two_shapes) {
    e.at(small::tile);  // one small tile up to here, then the narrow shape
    e.at(narrow_max);   // the narrow shape up to here, then the small shape again
    e.at(small_max);    // the small shape up to here
  }
  // Each doubling of the tile count adds a round; the parity of the rounds picks where the tiles go.
  auto rounds = [&](std::int64_t tile, std::int64_t from, std::int64_t to) {
    for (std::int64_t k = 1; k <= 3; ++k)
      if (k * tile + 1 >= from && k * tile - 1 <= to) e.at(k * tile);
    for (std::int64_t tiles = 2; tiles * tile <= 2 * to; tiles *= 2)
      if (tiles * tile + 1 >= from) e.at(tiles * tile);
  };
  if (two_shapes) {
    rounds(narrow::tile, small::tile, narrow_max);
    rounds(small::tile, narrow_max, small_max);
    rounds(big::tile, small_max, limit);
    e.tiles(narrow::round::tile);
  } else {
    rounds(big::tile, 0, limit);
  }
  e.tiles(big::round::tile);  // (both shapes' rounds)
  // The partition: a second block of warps (a warp a tile), then a group of lanes, then a thread;
  // and below merge_sort_fused_max_tiles output tiles, none (each block searches its own cuts).
  e.at(std::int64_t(cuda::detail::partition_threads / cuda::detail::warp_threads) * big::round::tile);
  e.at(cuda::detail::warp_search_max_cuts * big::round::tile);
  e.at(cuda::detail::group_search_max_cuts * big::round::tile);
  e.at(cuda::detail::merge_sort_fused_max_tiles * big::round::tile);
  return e.done();
}

/// The bin counts where histogram_even (bound_bytes 0) or histogram_range over bounds of
/// `bound_bytes` bytes changes where it counts, each -1, +0 and +1, up to max_bins.
inline std::vector<int> histogram_bins(std::size_t bound_bytes = 0, int max_bins = 1 << 18) {
  std::vector<int> bins;
  cuda::detail::histogram_plan last = cuda::detail::plan_histogram(1, bound_bytes);
  for (int b = 2; b <= max_bins; ++b) {
    const cuda::detail::histogram_plan plan = cuda::detail::plan_histogram(b, bound_bytes);
    if (plan.path != last.path || plan.copies != last.copies || plan.slices != last.slices)
      for (int d = -1; d <= 1; ++d)
        if (b + d >= 1 && b + d <= max_bins) bins.push_back(b + d);
    last = plan;
  }
  std::sort(bins.begin(), bins.end());
  bins.erase(std::unique(bins.begin(), bins.end()), bins.end());
  return bins;
}

/// One bin count for each place histogram_even (or histogram_range, as above) counts (the first
/// that takes it), up to max_bins.
inline std::vector<int> histogram_path_bins(std::size_t bound_bytes = 0, int max_bins = 1 << 18) {
  std::vector<int> bins;
  std::vector<cuda::detail::histogram_path> seen;
  for (int b = 1; b <= max_bins; ++b) {
    const auto path = cuda::detail::plan_histogram(b, bound_bytes).path;
    if (std::find(seen.begin(), seen.end(), path) == seen.end()) {
      seen.push_back(path);
      bins.push_back(b);
    }
  }
  return bins;
}

/// histogram_even and histogram_range of contiguous samples T: each counting path's tile.
template <class T>
edges histogram(std::int64_t limit = default_limit) {
  edges e(limit);
  using tuning = cuda::detail::histogram_tuning;
  auto path_tile = [&](auto vectors, int threads) {
    constexpr int v = decltype(vectors)::value;
    e.tiles(std::int64_t(threads) * cuda::detail::histogram_thread_items<const T*, v, tuning::generic_items>());
  };
  path_tile(std::integral_constant<int, tuning::lane_vectors>{}, tuning::lane_threads);
  path_tile(std::integral_constant<int, tuning::shared_vectors>{}, tuning::shared_threads);
  path_tile(std::integral_constant<int, tuning::global_vectors>{}, tuning::global_threads);
  e.at(cuda::detail::vector_items<T>());  // a first whole 16-byte vector
  return e.done();
}

/// transform (and the algorithms built on it: fill, sequence, tabulate, the vectorized binary
/// searches) of T into T.
template <class T>
edges transform(std::int64_t limit = default_limit) {
  edges e(limit);
  cuda::detail::with_arch([&](auto arch) {
    using t = cuda::detail::transform_tuning<sizeof(T), decltype(arch)::value>;
    e.tiles(std::int64_t(t::block_threads) * t::items_per_thread);
  });
  return e.done();
}

/// gather (a transform reading through a permutation) and for_each; scatter, a transform writing
/// through one, has transform<T>'s.
inline edges gather_scatter(std::int64_t limit = default_limit) {
  edges e(limit);
  cuda::detail::with_arch([&](auto arch) {
    using g = cuda::detail::gather_tuning<decltype(arch)::value>;
    e.tiles(std::int64_t(g::block_threads) * g::items_per_thread);
    using f = cuda::detail::for_each_tuning<decltype(arch)::value>;
    e.tiles(std::int64_t(f::block_threads) * f::items_per_thread);
  });
  return e.done();
}

/// find, find_if, mismatch, is_sorted_until (and the rest of find.hpp) over T: the search's warp
/// slices and blocks, and the end of its first wave at full occupancy (every warp of the grid one
/// slice; a kernel with fewer resident blocks has a smaller wave).
template <class T>
edges find(std::int64_t limit = default_limit) {
  edges e(limit);
  const auto& props = cuda::detail::device_props();
  auto mode = [&](auto t) {  // (is_sorted's adjacent mode may take longer slices)
    using tuning = decltype(t);
    e.tiles(tuning::slice_items);
    e.tiles(std::int64_t(tuning::block_threads) * tuning::items_per_thread);
    e.at(std::int64_t(props.sm_count) * (props.max_threads_per_sm / tuning::block_threads) * tuning::block_threads *
         tuning::items_per_thread);
  };
  mode(cuda::detail::find_tuning<int(sizeof(T))>{});
  mode(cuda::detail::find_tuning<int(sizeof(T)), cuda::detail::find_mode::adjacent>{});
  return e.done();
}

/// replace*, reverse, reverse_copy, swap_ranges, generate (replace.hpp, reverse.hpp, generate.hpp)
/// over T: transform<T>'s tiles, and the tiles of pairs that swap_ranges and reverse transform
/// (transform tuned for 2 sizeof(T)); reverse's pair tile p spans 2p elements (n = 2p + 1 leaves
/// the middle element of a full last tile, 2p + 2 starts a second tile).
template <class T>
edges replace_reverse(std::int64_t limit = default_limit) {
  edges e(limit);
  cuda::detail::with_arch([&](auto arch) {
    using t = cuda::detail::transform_tuning<sizeof(T), decltype(arch)::value>;
    e.tiles(std::int64_t(t::block_threads) * t::items_per_thread);
    using p = cuda::detail::transform_tuning<2 * sizeof(T), decltype(arch)::value>;
    const std::int64_t pairs = std::int64_t(p::block_threads) * p::items_per_thread;
    e.tiles(pairs);
    for (std::int64_t k = 1; k <= 3; ++k)
      for (std::int64_t d = -2; d <= 2; ++d) e.add(2 * k * pairs + d);
  });
  return e.done();
}

/// adjacent_difference over T (input and output of T): its tiles, whose last item is the next
/// tile's predecessor.
template <class T>
edges adjacent_difference(std::int64_t limit = default_limit) {
  edges e(limit);
  cuda::detail::with_arch([&](auto arch) {
    using t = cuda::detail::adjacent_difference_tuning<sizeof(T), decltype(arch)::value>;
    e.tiles(std::int64_t(t::block_threads) * t::items_per_thread);
  });
  return e.done();
}

/// The set operations over keys K, by the total size of the two inputs: their tiles of merged work.
template <class K>
edges set_operations(std::int64_t limit = default_limit) {
  edges e(limit);
  e.tiles(cuda::detail::set_tuning<sizeof(K)>::tile);
  // The partition (tiles + 1 cuts): a second block of warps (a warp a cut), then a group of lanes,
  // then a thread a cut.
  using t = cuda::detail::set_tuning<sizeof(K)>;
  e.at(std::int64_t(cuda::detail::partition_threads / cuda::detail::warp_threads - 1) * t::tile);
  e.at((cuda::detail::warp_search_max_cuts - 1) * t::tile);
  e.at((cuda::detail::group_search_max_cuts - 1) * t::tile);
  return e.done();
}

}  // namespace tide::backend::cuda::boundaries
