#pragma once
// LSD radix sort of arithmetic keys (and values up to 16 bytes) by onesweep: one upsweep counts
// the digits of all passes, a scan turns the counts into digit starts, then one kernel per 8-bit
// digit ranks, looks back and scatters, ping-ponging between the user's range and a temporary
// buffer. Stable; keys are ordered by radix_traits' order bits and moved unchanged.
//
// Keys beyond 2^30 - 1 are sorted in portions (one launch per pass per portion): the look-back
// counts are 30-bit, and the last tile of a portion leaves the next portion's digit starts.
// Nothing waits on the host: passes whose digit is common to all keys are skipped by the kernels
// themselves, and the final copy back runs only when the result ended in the temporary buffer.

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "../../config.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "launch.hpp"
#include "radix_sort_onesweep.hpp"
#include "radix_sort_upsweep.hpp"
#include "smem_opt_in.hpp"

namespace tide::backend::cuda::detail {

/// Carves aligned pieces out of one temporary allocation.
class byte_carver {
 public:
  template <class T>
  std::size_t add(std::size_t count) {
    std::size_t at = (size_ + 255) & ~std::size_t(255);
    size_ = at + count * sizeof(T);
    return at;
  }
  std::size_t size() const { return size_; }

 private:
  std::size_t size_ = 0;
};

/// Sorts keys[0, n) (and vals, when Pairs) by order bits [begin_bit, end_bit), stably.
/// `vals` is ignored without Pairs (pass keys). `Tuning`: the pass's block shape (for experiments).
template <bool Descending, bool Pairs, class K, class V, class Tuning = onesweep_tuning<sizeof(K), Pairs ? sizeof(V) : 0>>
void radix_sort_onesweep(const cuda_policy& p, K* keys, V* vals, size_type n, int begin_bit, int end_bit,
                         const char* algorithm) {
  using tuning = Tuning;
  const int num_passes = (end_bit - begin_bit + radix_bits - 1) / radix_bits;
  if (n <= 1 || num_passes <= 0) return;

  const size_type total_tiles = (n + tuning::tile - 1) / tuning::tile;
  // Portions of equal size: each launch clears the next one's status words over its own grid, so a
  // tiny last portion (2^30 keys: 182,361 tiles then 1) would clear 187 MB with one block.
  const size_type portions = (total_tiles + tuning::portion_tiles - 1) / tuning::portion_tiles;
  const size_type portion_tiles = (total_tiles + portions - 1) / portions;
  const size_type max_tiles = portion_tiles;
  const size_type status_words = max_tiles * radix_digits;
  const size_type launches = size_type(num_passes) * portions;
  const size_type bins_pass_stride = portions * radix_digits;

  byte_carver carve;
  const std::size_t at_keys = carve.add<K>(std::size_t(n));
  const std::size_t at_vals = carve.add<V>(Pairs ? std::size_t(n) : 0);
  const std::size_t at_status0 = carve.add<unsigned>(std::size_t(status_words));
  const std::size_t at_status1 = carve.add<unsigned>(std::size_t(status_words));
  const std::size_t at_hist = carve.add<unsigned long long>(std::size_t(num_passes) * radix_digits);
  const std::size_t at_bins = carve.add<unsigned long long>(std::size_t(num_passes * bins_pass_stride));
  const std::size_t at_counters = carve.add<unsigned>(std::size_t(launches));
  const std::size_t at_ctrl = carve.add<radix_control>(1);
  tide::detail::temporary_buffer<unsigned char> temp(p, carve.size(), algorithm);
  unsigned char* base = temp.data();
  K* tmp_keys = reinterpret_cast<K*>(base + at_keys);
  V* tmp_vals = Pairs ? reinterpret_cast<V*>(base + at_vals) : nullptr;
  unsigned* status[2] = {reinterpret_cast<unsigned*>(base + at_status0), reinterpret_cast<unsigned*>(base + at_status1)};
  auto* hist = reinterpret_cast<unsigned long long*>(base + at_hist);
  auto* bins = reinterpret_cast<unsigned long long*>(base + at_bins);
  auto* counters = reinterpret_cast<unsigned*>(base + at_counters);
  auto* ctrl = reinterpret_cast<radix_control*>(base + at_ctrl);

  const auto& props = device_props();
  const stream_t stream = p.stream;

  launch(algorithm, "radix_init", radix_init_kernel<>, dim3(4), dim3(256), 0, stream, hist,
         num_passes * radix_digits, counters, int(launches));

  using up = radix_upsweep_tuning;
  const size_type up_tiles = (n + size_type(up::threads) * up::items - 1) / (size_type(up::threads) * up::items);
  const size_type up_grid = std::max<size_type>(1, std::min<size_type>(up_tiles, size_type(props.sm_count) * up::blocks_per_sm));
  launch(algorithm, "radix_upsweep", radix_upsweep_kernel<K, Descending>, dim3(unsigned(up_grid)), dim3(up::threads), 0,
         stream, keys, n, begin_bit, end_bit, num_passes, hist, status[0], status_words);

  launch(algorithm, "radix_scan", radix_scan_kernel<>, dim3(1), dim3(radix_digits), 0, stream, hist, num_passes, n,
         bins, bins_pass_stride, ctrl);

  using value_t = std::conditional_t<Pairs, V, K>;  // keys only: the tile union needs no room for values
  auto kernel = radix_onesweep_kernel<tuning, Descending, Pairs, K, value_t>;
  const std::size_t smem = sizeof(onesweep_storage<K, value_t, Pairs, onesweep_keeps_digits<tuning, K, Pairs>, tuning::threads, tuning::items>);
  static std::atomic<std::uint64_t> smem_ready{0};
  allow_dynamic_smem(kernel, smem, smem_ready, algorithm);

  onesweep_params<K, value_t> prm{};
  prm.keys[0] = keys;
  prm.keys[1] = tmp_keys;
  if constexpr (Pairs) {
    prm.vals[0] = vals;
    prm.vals[1] = tmp_vals;
  }
  prm.ctrl = ctrl;
  prm.status_words = status_words;
  for (int q = 0; q < num_passes; ++q) {
    for (size_type k = 0; k < portions; ++k) {
      const size_type l = q * portions + k;
      const size_type tiles = std::min(portion_tiles, total_tiles - k * portion_tiles);
      prm.status = status[l & 1];
      prm.status_next = status[(l + 1) & 1];
      prm.tile_counter = counters + l;
      prm.bins_in = bins + q * bins_pass_stride + k * radix_digits;
      prm.bins_out = k + 1 < portions ? bins + q * bins_pass_stride + (k + 1) * radix_digits : nullptr;
      prm.portion_begin = k * portion_tiles * tuning::tile;
      prm.portion_n = int(std::min<size_type>(portion_tiles * tuning::tile, n - prm.portion_begin));
      prm.pass = q;
      prm.shift = begin_bit + q * radix_bits;
      prm.mask = (1u << radix_pass_bits(q, begin_bit, end_bit)) - 1;
      launch(algorithm, "radix_onesweep", kernel, dim3(unsigned(tiles)), dim3(tuning::threads), smem, stream, prm);
    }
  }

  const size_type copy_grid = std::max<size_type>(1, std::min<size_type>((n + 255) / 256, size_type(props.sm_count) * 8));
  launch(algorithm, "radix_copy_back", radix_copy_back_kernel<K, value_t, Pairs>, dim3(unsigned(copy_grid)), dim3(256), 0,
         stream, keys, tmp_keys, prm.vals[0], static_cast<const value_t*>(prm.vals[1]), n, ctrl, num_passes);
}

}  // namespace tide::backend::cuda::detail
