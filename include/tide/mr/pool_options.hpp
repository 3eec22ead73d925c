#pragma once
/// \file mr/pool_options.hpp
/// `tide::mr::pool_options`: the parameters of the pool resources.

#include <cstddef>

#include "memory_resource.hpp"

namespace tide::mr {

/// How a pool resource sizes its chunks and which requests it pools.
struct pool_options {
  /// Fewest blocks in one chunk taken from upstream.
  std::size_t min_blocks_per_chunk;
  /// Fewest bytes in one chunk taken from upstream.
  std::size_t min_bytes_per_chunk;
  /// Most blocks in one chunk taken from upstream.
  std::size_t max_blocks_per_chunk;
  /// Most bytes in one chunk taken from upstream.
  std::size_t max_bytes_per_chunk;
  /// The smallest pooled block size: smaller requests are rounded up to it.
  std::size_t smallest_block_size;
  /// The largest pooled block size: larger requests are oversized, taken from upstream one by one
  /// (and cached when `cache_oversized`).
  std::size_t largest_block_size;
  /// The alignment of pooled blocks: a request for more is overaligned (handled as oversized).
  std::size_t alignment;
  /// Whether oversized and overaligned blocks are kept for reuse after deallocation, rather than
  /// given back to upstream at once.
  bool cache_oversized;
  /// A cached block at least this many times larger than a request is not used for it.
  std::size_t cached_size_cutoff_factor;
  /// A cached block aligned at least this many times more than a request is not used for it.
  std::size_t cached_alignment_cutoff_factor;

  /// Whether the options are consistent (sizes and alignment powers of two, minimums below
  /// maximums, chunks able to hold the blocks they must hold).
  bool validate() const {
    using detail::is_power_of_2;
    if (!is_power_of_2(smallest_block_size) || !is_power_of_2(largest_block_size) || !is_power_of_2(alignment))
      return false;
    if (max_bytes_per_chunk == 0 || max_blocks_per_chunk == 0) return false;
    if (min_blocks_per_chunk > max_blocks_per_chunk || min_bytes_per_chunk > max_bytes_per_chunk) return false;
    if (smallest_block_size > largest_block_size) return false;
    if (min_blocks_per_chunk * smallest_block_size > max_bytes_per_chunk) return false;
    if (min_blocks_per_chunk * largest_block_size > max_bytes_per_chunk) return false;
    if (max_blocks_per_chunk * largest_block_size < min_bytes_per_chunk) return false;
    if (max_blocks_per_chunk * smallest_block_size < min_bytes_per_chunk) return false;
    if (alignment > smallest_block_size) return false;
    return true;
  }
};

namespace detail {
/// The pools' defaults (Thrust's): blocks of 16 B to 1 MiB, chunks of 16+ blocks and 1 KiB+.
inline pool_options default_pool_options() {
  pool_options o;
  o.min_blocks_per_chunk = 16;
  o.min_bytes_per_chunk = 1024;
  o.max_blocks_per_chunk = std::size_t(1) << 20;
  o.max_bytes_per_chunk = std::size_t(1) << 30;
  o.smallest_block_size = default_alignment;
  o.largest_block_size = std::size_t(1) << 20;
  o.alignment = default_alignment;
  o.cache_oversized = true;
  o.cached_size_cutoff_factor = 16;
  o.cached_alignment_cutoff_factor = 16;
  return o;
}
}  // namespace detail

}  // namespace tide::mr
