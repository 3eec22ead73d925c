#pragma once
// OpenMP LSD radix sort of arithmetic keys in tide's key order, keys alone or with values. The
// digits are those of the CUDA radix sort (8-bit digits of radix_traits' order bits: -0.0 == +0.0,
// NaNs last both ways), and every pass is stable, so the result is the same bits on every backend.
//
// One team of threads runs every phase; each thread owns one contiguous chunk of the range.
// Phase 1, one read of the input: each thread counts its chunk's lowest digit, and ORs and ANDs
//   its keys' order bits. Bits where the OR and the AND of all keys differ vary; a digit without
//   such bits is one value for every key, and its pass is skipped (small-range keys skip their
//   high bytes; equal keys skip everything). Only when the lowest digit is constant does a second
//   read count the first varying one. (Counting every digit in this read instead, as one may,
//   measured 5-8% slower overall on 2^24 u32 and u64 keys: 4 to 8 counts a key, most never used.)
// Phase 2, per remaining pass: digit d's keys start after every smaller digit's, and a thread's
//   after the same digit's in the chunks before its own; each thread scatters its chunk in input
//   order, so equal digits keep their order (stable). Source and destination ping-pong between
//   the caller's range and one scratch buffer. While it scatters, a thread counts the next pass's
//   digits by the chunk they land in (radix_scatter.hpp): no pass reads its source twice. In big
//   teams each thread then sums its own chunk's counts, and a second barrier publishes them.
// Phase 3: after an odd number of passes the result is in the scratch buffer, and is copied back.
//
// Sorts of 2^16 keys or more (2^15 in teams of 4 threads or more) start with one MSD pass instead
// and sort each bucket in cache (radix_msd.hpp); the entry points (radix_entry.hpp) choose. Values move with their keys when
// they are raw pointers to at most 16 bytes; others ride along as their indices
// (radix_sort_pairs), gathered once at the end. Keys behind an iterator adaptor are sorted in a
// copy.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../../detail/host_sort.hpp"
#include "../../detail/radix_traits.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"
#include "radix_scatter.hpp"

namespace tide::backend::omp::detail {

/// From this many keys on, sort and sort_by_key radix sort. One thread of a 2-core Xeon, against
/// the merge sort: u32 keys 1.0x as fast at 1024, 2.9x at 2048; u64 keys 0.49x at 1024, 1.7x at
/// 2048; u32 and u64 keys with u32 values alike (0.92x and 0.62x at 1024, 3.2x and 1.5x at 2048).
constexpr size_type radix_sort_min_n = size_type(1) << 11;

/// Keys a thread of the radix sort gets at least: each thread more costs a wake-up and a barrier
/// a pass (2-core Xeon, u32 keys: 2^14 sort in 121 us on one thread, 153 on two; 2^15 in 240 and
/// 208; u64 pairs break even at 2^16).
constexpr size_type radix_keys_per_thread = size_type(1) << 14;

/// From this many threads, each pass's counts are summed once per chunk, after an extra barrier,
/// instead of by every thread for every chunk (team^2 sets a thread, mostly from other cores'
/// caches). A 16-core Xeon VM, both alternated twice in one call: 16 threads, u64 keys 2^18
/// 2.7-3.1 -> 1.8-1.9 ms, u32 2^20 3.2-3.6 -> 2.3; 4 threads, u64 2^18 4.3-4.6 -> 3.6-3.7, f32
/// 2^20 7.8 -> 6.7-6.9. 2 threads of a 2-core EPYC: the barrier costs 3-5% (u32, u64, 2^16-2^20).
constexpr int radix_sum_once_team = 4;

/// How the passes write (radix_scatter.hpp): `automatic` picks by size; `lines` (where the arrays
/// allow it) and `direct` are for tests.
enum class radix_writes { automatic, direct, lines };

/// Whether a sort starts with an MSD pass (radix_msd.hpp): `automatic` picks by size; the others
/// are for tests.
enum class radix_msd { automatic, never, always };

/// How a radix sort runs: the defaults, or (tests) forced writes, smaller parts per thread, the
/// MSD pass forced either way, its buckets' target size and the in-cache passes' widest digit
/// (0: radix_msd_tuning's; 8 to its local_bits).
struct radix_options {
  radix_writes writes = radix_writes::automatic;
  size_type keys_per_thread = radix_keys_per_thread;
  radix_msd msd = radix_msd::automatic;
  size_type msd_bucket_bytes = 0;
  int msd_local_bits = 0;
};

/// Calls body(thread, team) on each thread of a team of up to `threads` (one thread without
/// OpenMP). The team may be smaller than asked: body cuts its work by the team it gets. With one
/// thread, body runs on the caller's thread, maybe inside the caller's own parallel region: body
/// then must not meet a barrier (team_barrier skips it), which would bind to the caller's team.
template <class Body>
void run_team(int threads, Body body) {
#if TIDE_HAS_OPENMP
  if (threads > 1) {
#pragma omp parallel num_threads(threads)
    body(omp_get_thread_num(), omp_get_num_threads());
    return;
  }
#endif
  (void)threads;
  body(0, 1);
}

/// A barrier of run_team's team (none for a team of one).
inline void team_barrier(int team) {
#if TIDE_HAS_OPENMP
  if (team > 1) {
#pragma omp barrier
  }
#else
  (void)team;
#endif
}

/// The scratch one sort needs besides the second key (and value) array: counts, bit masks, then
/// line buffers.
struct radix_scratch_layout {
  int threads;
  /// Counts a thread holds: the first pass's over its chunk, then two sets (by pass parity) of the
  /// next pass's, a block per destination chunk.
  size_type counts_per_thread() const { return size_type(1 + 2 * threads) * radix_buckets; }
  size_type count_bytes() const { return size_type(threads) * counts_per_thread() * size_type(sizeof(size_type)); }
  /// The OR and the AND of a thread's order bits.
  size_type mask_bytes() const { return size_type(threads) * 2 * size_type(sizeof(std::uint64_t)); }
  /// Two arrays (keys, values) of line buffers per thread.
  static constexpr size_type line_bytes_per_thread = 2 * radix_buckets * radix_line_bytes;
  /// Bytes to allocate: counts, masks, then the lines on a line boundary.
  size_type bytes() const {
    return count_bytes() + mask_bytes() + radix_line_bytes + size_type(threads) * line_bytes_per_thread;
  }
};

constexpr int radix_max_passes = 64 / radix_digit_bits;

inline int radix_num_passes(int begin_bit, int end_bit) {
  return (end_bit - begin_bit + radix_digit_bits - 1) / radix_digit_bits;
}

/// Whether the passes write through lines (radix_scatter.hpp): a big enough sort, and every array
/// line-writable.
template <bool Pairs, class K, class V>
bool radix_use_lines(radix_writes writes, size_type n, const K* keys, const V* vals, const K* kbuf, const V* vbuf) {
  if constexpr (radix_line_bytes % sizeof(K) != 0 || (Pairs && radix_line_bytes % sizeof(V) != 0)) {
    return false;
  } else {
    const size_type bytes = n * size_type(sizeof(K) + (Pairs ? sizeof(V) : 0));
    const bool wanted = writes == radix_writes::automatic ? TIDE_OMP_STREAM_STORES && bytes >= radix_stream_min_bytes
                                                          : writes == radix_writes::lines;
    return wanted && radix_line_writable(keys) && radix_line_writable(kbuf) &&
           (!Pairs || (radix_line_writable(vals) && radix_line_writable(vbuf)));
  }
}

/// Counts digit `pass` of keys[b, e) into counts[radix_buckets].
template <bool Descending, class K>
void radix_count(const K* keys, size_type b, size_type e, radix_pass pass, size_type* counts) {
  std::fill(counts, counts + radix_buckets, size_type(0));
  for (size_type i = b; i < e; ++i) ++counts[radix_digit(radix_order_bits<Descending>(keys[i]), pass)];
}

/// LSD radix sort of keys[0, n) (and vals[0, n) when Pairs; else pass any pointer) by order bits
/// [begin_bit, end_bit), stably, with kbuf[0, n) and vbuf[0, n) as scratch and `scratch` laid out
/// as radix_scratch_layout says. The result ends in keys and vals.
template <bool Descending, bool Pairs, class K, class V>
void radix_sort_lsd(int threads, K* keys, V* vals, K* kbuf, V* vbuf, size_type n, int begin_bit, int end_bit,
                    unsigned char* scratch, radix_writes writes) {
  const int num_passes = radix_num_passes(begin_bit, end_bit);
  radix_pass passes[radix_max_passes];
  for (int q = 0; q < num_passes; ++q) {
    const int shift = begin_bit + q * radix_digit_bits;
    const int width = std::min(radix_digit_bits, end_bit - shift);
    passes[q] = {shift, (1u << width) - 1};
  }
  const radix_scratch_layout layout{threads};
  const size_type per_thread = layout.counts_per_thread();
  size_type* counts = reinterpret_cast<size_type*>(scratch);
  auto* masks = reinterpret_cast<std::uint64_t*>(scratch + layout.count_bytes());
  unsigned char* lines_from = scratch + layout.count_bytes() + layout.mask_bytes();
  unsigned char* lines = lines_from + (radix_line_bytes - reinterpret_cast<std::uintptr_t>(lines_from) % radix_line_bytes);
  const bool use_lines = radix_use_lines<Pairs>(writes, n, keys, vals, kbuf, vbuf);
  run_team(threads, [&](int t, int team) {
    size_type b, e;
    chunk_bounds(n, team, t, b, e);
    size_type* mine = counts + size_type(t) * per_thread;
    // Phase 1: the lowest digit's counts, and which bits vary, over this chunk.
    std::uint64_t any = 0, all = ~std::uint64_t(0);
    std::fill(mine, mine + radix_buckets, size_type(0));
    for (size_type i = b; i < e; ++i) {
      const auto bits = radix_order_bits<Descending>(keys[i]);
      any |= bits;
      all &= bits;
      ++mine[radix_digit(bits, passes[0])];
    }
    masks[2 * t] = any;
    masks[2 * t + 1] = all;
    team_barrier(team);
    for (int u = 0; u < team; ++u) {
      any |= masks[2 * u];
      all &= masks[2 * u + 1];
    }
    // The passes whose digit varies (every thread finds the same).
    int active[radix_max_passes];
    int num_active = 0;
    for (int q = 0; q < num_passes; ++q)
      if (((any ^ all) >> passes[q].shift) & passes[q].mask) active[num_active++] = q;
    if (num_active == 0) return;  // one key, n times over: sorted
    if (active[0] != 0) {         // the lowest digit is constant: count the first that is not
      radix_count<Descending>(keys, b, e, passes[active[0]], mine);
      team_barrier(team);
    }
    // Phase 2: the passes, ping-ponging between (keys, vals) and (kbuf, vbuf).
    K* ksrc = keys;
    K* kdst = kbuf;
    V* vsrc = vals;
    V* vdst = vbuf;
    unsigned char* my_lines = lines + size_type(t) * radix_scratch_layout::line_bytes_per_thread;
    // Teams of radix_sum_once_team or more sum each chunk's counts once a pass (see chunk_count).
    const bool sum_once = team >= radix_sum_once_team;
    for (int a = 0; a < num_active; ++a) {
      if (a > 0 && sum_once) {
        // This chunk's counts of the pass: what every thread counted for it while scattering the
        // pass before, summed into the first pass's set (which every thread has done reading).
        const size_type at = size_type(1 + ((a - 1) & 1) * threads + t) * radix_buckets;
        std::copy(counts + at, counts + at + radix_buckets, mine);
        for (int u = 1; u < team; ++u) {
          const size_type* theirs = counts + size_type(u) * per_thread + at;
          for (int d = 0; d < radix_buckets; ++d) mine[d] += theirs[d];
        }
        team_barrier(team);
      }
      // How many keys of chunk c have digit d: the first pass's, counted above (or summed); else
      // the sum of what every thread counted for chunk c while scattering the pass before.
      auto chunk_count = [&](int c, int d) -> size_type {
        if (a == 0 || sum_once) return counts[size_type(c) * per_thread + d];
        const size_type at = size_type(1 + ((a - 1) & 1) * threads + c) * radix_buckets + d;
        size_type sum = 0;
        for (int u = 0; u < team; ++u) sum += counts[size_type(u) * per_thread + at];
        return sum;
      };
      // Digit d's keys start after every smaller digit's; this chunk's after the chunks before.
      size_type offset[radix_buckets];
      size_type start = 0;
      for (int d = 0; d < radix_buckets; ++d) {
        size_type before = 0, total = 0;
        for (int c = 0; c < team; ++c) {
          const size_type x = chunk_count(c, d);
          before += c < t ? x : 0;
          total += x;
        }
        offset[d] = start + before;
        start += total;
      }
      const radix_pass pass = passes[active[a]];
      const bool count_next = a + 1 < num_active;
      const radix_next_counts next{count_next ? passes[active[a + 1]] : pass,
                                   mine + size_type(1 + (a & 1) * threads) * radix_buckets, n, team};
      size_type lo[radix_buckets];
      auto scatter = [&](auto stream, auto count) {
        radix_scatter<Descending, Pairs, decltype(stream)::value, decltype(count)::value>(
            ksrc, vsrc, b, e, kdst, vdst, offset, lo, radix_buckets, pass, next, my_lines);
      };
      using yes = std::true_type;
      using no = std::false_type;
      if (use_lines) {
        if (count_next) scatter(yes{}, yes{}); else scatter(yes{}, no{});
      } else {
        if (count_next) scatter(no{}, yes{}); else scatter(no{}, no{});
      }
      std::swap(ksrc, kdst);
      std::swap(vsrc, vdst);
      team_barrier(team);
    }
    // Phase 3: an odd number of passes left the result in the scratch buffers.
    if (ksrc != keys && e > b) {
      std::memcpy(keys + b, kbuf + b, size_type(e - b) * sizeof(K));
      if constexpr (Pairs) std::memcpy(vals + b, vbuf + b, size_type(e - b) * sizeof(V));
    }
  });
}

/// The scratch bytes of a sort on `threads` (radix_scratch_layout).
inline std::size_t radix_scratch_bytes(int threads) { return std::size_t(radix_scratch_layout{threads}.bytes()); }

}  // namespace tide::backend::omp::detail
