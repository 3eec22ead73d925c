#pragma once
// OpenMP radix sort from 2^16 keys: one MSD pass over memory, then every bucket sorted in cache.
// The LSD sort (radix_sort.hpp) moves every key through memory once a digit: 4 times for u32 keys,
// 8 for u64. Here a key crosses memory twice, whatever its width: out to its bucket, back sorted.
//
// Phase 1, one read: each thread ORs and ANDs its chunk's order bits and counts the likely digit
//   (m bits, m from n: buckets of about radix_msd_tuning::bucket_bytes on average, below the
//   highest bit that varies in a sample; wider where the sample's biggest bucket would be big). The digit is the m bits below the highest bit that
//   varies in all keys; when that is not the one counted, a second read counts it.
//   When at most two 8-bit digits vary, the LSD sort is as fast: the MSD sort declines, unwritten.
// Phase 2: each thread scatters its chunk, stably, to the buckets in the scratch array, through
//   write-combined lines when big (radix_scatter.hpp's line_writer).
// Phase 3: the threads take buckets one at a time (an atomic counter), biggest first. A bucket is
//   read once to count all its remaining digits; then LSD passes in cache ping-pong between the
//   bucket's place in the scratch array and in the caller's array (plus a copy when they end in
//   the scratch array). Small buckets take narrower digits (more passes, fewer counts to clear).
// Phase 4: buckets of more than half a thread's share (skewed keys) are left by phase 3, and
//   sorted after, each by the whole team's LSD sort in the scratch array, then copied back.
// Every pass is stable, so the result is the stable order, the same bits as the LSD sort's.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>

#include "../../detail/radix_traits.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"
#include "radix_scatter.hpp"
#include "radix_sort.hpp"

namespace tide::backend::omp::detail {

struct radix_msd_tuning {
  /// Bytes (keys and values) of a bucket on average: with its two copies, within a 2 MiB L2.
  static constexpr size_type bucket_bytes = size_type(256) << 10;
  /// Bits of the MSD digit: at least 256 buckets, at most 4096 (their lines: 256 KiB a thread).
  static constexpr int min_bits = 8, max_bits = 12;
  /// From this many keys, sorts start with the MSD pass. The LSD passes over a range in the last
  /// level of cache still move every key between cores once a digit. 2-core EPYC, one and two
  /// threads, LSD over MSD time (session 23): u32 keys 2^15 0.8x, 2^16 1.0x, 2^17-2^20 1.2-1.5x;
  /// u64 2^15 0.87x, 2^16 1.17x, 2^17-2^20 1.3-1.7x; f32 and pairs 1.1-1.5x from 2^15.
  static constexpr size_type min_items = size_type(1) << 16;
  /// Teams of at least this many threads start with the MSD pass from min_items / 2 keys: there
  /// the LSD passes' two barriers a pass cost most. 16-core Xeon VM, 2^15 keys, LSD over MSD
  /// time: 4 threads 1.35-1.57x (u32, u64, f32, pairs), 16 threads 2.4-4.0x; 2 threads of the
  /// EPYC 0.79-1.11x.
  static constexpr int half_min_team = 4;
  /// Buckets above this many times the average (or bucket_bytes, if more), and above half a
  /// thread's share of the keys, wait for phase 4.
  static constexpr size_type big_factor = 4;
  /// When at most this many 8-bit digits vary, the LSD sort runs instead (no faster with the MSD pass).
  static constexpr int max_lsd_passes = 2;
  /// Bits of a digit in the passes in cache, at most: the fewest passes, of equal widths.
  static constexpr int local_bits = 11;
  /// What radix_sort_bucket's counts take: a set of 2^local_bits for each pass.
  static constexpr size_type local_count_bytes = size_type(radix_max_passes) * (size_type(1) << local_bits) * 4;
  static_assert(local_bits >= radix_digit_bits, "at most radix_max_passes passes in cache");
};

/// Whether a sort of n items by `bits` order bits on a team of `threads` takes the MSD pass.
inline bool radix_use_msd(const radix_options& o, size_type n, int bits, int threads) {
  using tuning = radix_msd_tuning;
  if (o.msd != radix_msd::automatic) return o.msd == radix_msd::always;
  const size_type min_items = threads >= tuning::half_min_team ? tuning::min_items / 2 : tuning::min_items;
  return n >= min_items && bits > radix_digit_bits;
}

/// Sorts bucket a[0, len) (and va with Pairs) by order bits [begin_bit, end_bit) into d (vd),
/// stably; a is overwritten. len < 2^32. A bucket of more than cache_items (skewed keys: floats'
/// exponents) is first split by its top varying bits into d, and each part sorted from there into
/// a and copied back while in cache.
template <bool Descending, bool Pairs, class K, class V>
void radix_sort_bucket(K* a, V* va, K* d, V* vd, size_type len, int begin_bit, int end_bit, size_type cache_items,
                       int local_bits, std::uint32_t* count_space) {
  constexpr int B = 8, R = 1 << B;  // the split's digit, at most
  using bits_t = typename tide::detail::radix_traits<K>::bits_type;
  if (len > cache_items && end_bit - begin_bit > B) {
    bits_t any = 0, all = bits_t(~bits_t(0));
    for (size_type i = 0; i < len; ++i) {
      const bits_t bits = radix_order_bits<Descending>(a[i]);
      any |= bits;
      all &= bits;
    }
    int hi = end_bit;
    while (hi > begin_bit && !((bits_t(any ^ all) >> (hi - 1)) & 1)) --hi;
    if (hi - begin_bit > B) {
      // As few bits as make parts of about a quarter of cache_items (more would leave tiny parts).
      int w = 1;
      while (w < B && (len >> w) > cache_items / 4) ++w;
      const radix_pass pass{hi - w, (1u << w) - 1};
      size_type offset[R + 1] = {};
      for (size_type i = 0; i < len; ++i) ++offset[radix_digit(radix_order_bits<Descending>(a[i]), pass) + 1];
      const int parts = 1 << w;
      for (int x = 0; x < parts; ++x) offset[x + 1] += offset[x];
      size_type at[R];
      std::copy(offset, offset + parts, at);
      for (size_type i = 0; i < len; ++i) {
        const K k = a[i];
        const size_type to = at[radix_digit(radix_order_bits<Descending>(k), pass)]++;
        d[to] = k;
        if constexpr (Pairs) vd[to] = va[i];
      }
      for (int x = 0; x < parts; ++x) {
        const size_type s = offset[x], part = offset[x + 1] - s;
        if (part == 0) continue;
        radix_sort_bucket<Descending, Pairs>(d + s, vd + s, a + s, va + s, part, begin_bit, pass.shift, cache_items,
                                             local_bits, count_space);
        std::memcpy(d + s, a + s, std::size_t(part) * sizeof(K));
        if constexpr (Pairs) std::memcpy(vd + s, va + s, std::size_t(part) * sizeof(V));
      }
      return;
    }
  }
  const int bits = end_bit - begin_bit;
  int num = (bits + local_bits - 1) / local_bits;
  // A pass costs about two touches a key (its count, its move) and one a digit value (clear, sum):
  // small buckets take more, narrower passes.
  auto cost = [&](int q) { return size_type(q) * (2 * len + (size_type(1) << ((bits + q - 1) / q))); };
  for (int q = num + 1; q <= (bits + radix_digit_bits - 1) / radix_digit_bits; ++q)
    if (cost(q) < cost(num)) num = q;
  const int width = num ? (bits + num - 1) / num : 0;
  radix_pass passes[radix_max_passes];
  std::uint32_t* counts[radix_max_passes];
  for (int q = 0; q < num; ++q) {
    const int shift = begin_bit + q * width;
    passes[q] = {shift, (1u << std::min(width, end_bit - shift)) - 1};
    counts[q] = count_space + (size_type(q) << width);
    std::fill(counts[q], counts[q] + (size_type(1) << width), 0u);
  }
  // One read counts every digit (the bucket is then in cache) and finds the digits that vary.
  bits_t any = 0, all = bits_t(~bits_t(0));
  for (size_type i = 0; i < len; ++i) {
    const bits_t bits = radix_order_bits<Descending>(a[i]);
    any |= bits;
    all &= bits;
    for (int q = 0; q < num; ++q) ++counts[q][radix_digit(bits, passes[q])];
  }
  int active[radix_max_passes];
  int p = 0;
  for (int q = 0; q < num; ++q)
    if ((bits_t(any ^ all) >> passes[q].shift) & passes[q].mask) active[p++] = q;
  // The passes ping-pong a -> d -> a ...; after an even number (none included) the result is in a,
  // and is copied to d (in cache).
  K* ks = a;
  V* vs = va;
  for (int r = 0; r < p; ++r) {
    K* kd = r % 2 ? a : d;
    V* vdst = r % 2 ? va : vd;
    const radix_pass pass = passes[active[r]];
    const std::uint32_t* c = counts[active[r]];
    size_type* offset = reinterpret_cast<size_type*>(count_space + (size_type(num) << width));
    size_type start = 0;
    for (int x = 0; x <= int(pass.mask); ++x) {
      offset[x] = start;
      start += c[x];
    }
    for (size_type i = 0; i < len; ++i) {
      const K k = ks[i];
      const size_type at = offset[radix_digit(radix_order_bits<Descending>(k), pass)]++;
      kd[at] = k;
      if constexpr (Pairs) vdst[at] = vs[i];
    }
    ks = kd;
    vs = vdst;
  }
  if (p % 2 == 0) {
    std::memcpy(d, a, std::size_t(len) * sizeof(K));
    if constexpr (Pairs) std::memcpy(vd, va, std::size_t(len) * sizeof(V));
  }
}

/// Stable radix sort of keys[0, n) (and vals with Pairs) by order bits [begin_bit, end_bit) on up
/// to `threads` threads, with kbuf (vbuf) as scratch: the phases above. Allocates all it needs
/// before writing anything (an allocation that throws leaves the input unchanged). Returns false,
/// having written nothing, when at most radix_msd_tuning::max_lsd_passes digits vary: the LSD sort
/// is then as fast, with no pass to buckets.
template <bool Descending, bool Pairs, class K, class V>
bool radix_sort_msd(const omp_policy& p, int threads, K* keys, V* vals, K* kbuf, V* vbuf, size_type n,
                    int begin_bit, int end_bit, const radix_options& options, const char* algorithm) {
  using tuning = radix_msd_tuning;
  using bits_t = typename tide::detail::radix_traits<K>::bits_type;
  const size_type item_bytes = size_type(sizeof(K) + (Pairs ? sizeof(V) : 0));
  const size_type bucket_bytes = options.msd_bucket_bytes ? options.msd_bucket_bytes : tuning::bucket_bytes;
  int m = tuning::min_bits;
  while (m < tuning::max_bits && (n * item_bytes >> m) > bucket_bytes) ++m;
  m = std::min(m, end_bit - begin_bit);
  // The likely digit: the m bits below the highest bit that varies in a sample (16 runs of 1024
  // keys across the range), so that keys whose top bits are constant (floats in [0, 1): sign and
  // high exponent bits) are counted by the right digit in phase 1, without a second read. Where
  // the sample's biggest bucket would be big (half phase 4's threshold: floats' exponents put a
  // quarter of uniform [0, 1) keys in one 8-bit bucket, and phase 4 sorts those by the team's LSD
  // passes through memory), the digit widens, up to max_bits, while each bit splits that bucket.
  int guess = end_bit;
  {
    constexpr int runs = 16;
    const size_type run = std::min<size_type>(n, 1024);
    auto sampled = [&](auto&& f) {
      for (int r = 0; r < runs; ++r) {
        const size_type s = (n - run) / (runs - 1) * size_type(r);
        for (size_type i = s; i < s + run; ++i) f(std::uint64_t(radix_order_bits<Descending>(keys[i])));
      }
    };
    std::uint64_t any = 0, all = ~std::uint64_t(0);
    sampled([&](std::uint64_t bits) { any |= bits, all &= bits; });
    int top = end_bit;  // one past the sample's highest varying bit (begin_bit if none varies)
    while (top > begin_bit && !(((any ^ all) >> (top - 1)) & 1)) --top;
    std::uint32_t hist[std::size_t(1) << tuning::max_bits];
    // The sample's biggest bucket of the digit of width w (below the sample's top varying bit).
    auto biggest = [&](int w) {
      std::fill(hist, hist + (std::size_t(1) << w), 0u);
      const radix_pass pass{std::max(top, begin_bit + w) - w, (1u << w) - 1};
      sampled([&](std::uint64_t bits) { ++hist[radix_digit(bits_t(bits), pass)]; });
      return *std::max_element(hist, hist + (std::size_t(1) << w));
    };
    const int most = std::min(tuning::max_bits, end_bit - begin_bit);
    for (std::uint32_t now = m < most ? biggest(m) : 0; m < most; ++m) {
      const size_type big_estimate = std::max(tuning::big_factor * std::max<size_type>(bucket_bytes / item_bytes,
                                                                                         n >> m),
                                              n / size_type(2 * threads));
      // now / (runs * run) of n keys against half the threshold: small enough.
      if (2 * double(now) * double(n) <= double(big_estimate) * double(runs * run)) break;
      // A bit more that does not split the biggest bucket (one key repeated) is not taken.
      const std::uint32_t wider = biggest(m + 1);
      if (4 * std::uint64_t(wider) > 3 * std::uint64_t(now)) break;
      now = wider;
    }
    guess = std::max(top, begin_bit + m);
  }
  const size_type buckets = size_type(1) << m;
  const size_type cache_items = std::max<size_type>(1, tuning::big_factor * bucket_bytes / item_bytes);
  // Scratch: counts, offsets, line starts (a set of `buckets` a thread), bucket starts, the order
  // buckets are taken in, masks, then each thread's lines on line boundaries.
  const size_type line = radix_line_bytes;
  const size_type words = 3 * size_type(threads) * buckets + 2 * buckets + 1 + 2 * size_type(threads);
  // Each thread's lines (phase 2), then its counts for radix_sort_bucket (phase 3) in the same place.
  const size_type local_count_bytes = tuning::local_count_bytes + (size_type(8) << tuning::local_bits);
  const size_type lines_bytes = std::max(2 * buckets * line, (local_count_bytes + line - 1) / line * line);
  const int local_bits = std::clamp(options.msd_local_bits ? options.msd_local_bits : tuning::local_bits, 8,
                                    tuning::local_bits);
  tide::detail::temporary_buffer<unsigned char> scratch(
      p, std::size_t(words * 8 + line + size_type(threads) * lines_bytes), algorithm);
  tide::detail::temporary_buffer<unsigned char> lsd_scratch(p, radix_scratch_bytes(threads), algorithm);
  auto* counts = reinterpret_cast<size_type*>(scratch.data());
  size_type* offsets = counts + size_type(threads) * buckets;
  size_type* line_lo = offsets + size_type(threads) * buckets;
  size_type* starts = line_lo + size_type(threads) * buckets;
  size_type* order = starts + buckets + 1;
  auto* masks = reinterpret_cast<std::uint64_t*>(order + buckets);
  unsigned char* from = reinterpret_cast<unsigned char*>(masks + 2 * threads);
  unsigned char* lines = from + (line - reinterpret_cast<std::uintptr_t>(from) % line);
  const bool use_lines = radix_use_lines<Pairs>(options.writes, n, keys, vals, kbuf, vbuf);
  std::atomic<size_type> next{0};
  // What phase 4 needs (thread 0 writes them): the digit's shift, the buckets, the big ones' size.
  int msd_shift = begin_bit;
  size_type msd_buckets = 0, big = n;
  bool declined = false;

  run_team(threads, [&](int t, int team) {
    size_type b, e;
    chunk_bounds(n, team, t, b, e);
    size_type* mine = counts + size_type(t) * buckets;
    // Phase 1: which bits vary, and the count of the likely digit.
    radix_pass pass{guess - m, unsigned(buckets - 1)};
    std::fill(mine, mine + buckets, size_type(0));
    bits_t any = 0, all = bits_t(~bits_t(0));
    for (size_type i = b; i < e; ++i) {
      const bits_t bits = radix_order_bits<Descending>(keys[i]);
      any |= bits;
      all &= bits;
      ++mine[radix_digit(bits, pass)];
    }
    masks[2 * t] = any;
    masks[2 * t + 1] = all;
    team_barrier(team);
    std::uint64_t vary = 0, every = ~std::uint64_t(0);
    for (int u = 0; u < team; ++u) {
      vary |= masks[2 * u];
      every &= masks[2 * u + 1];
    }
    vary ^= every;
    vary &= (end_bit >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << end_bit) - 1) >> begin_bit << begin_bit;
    int lsd_passes = 0;
    for (int shift = begin_bit; shift < end_bit; shift += radix_digit_bits)
      lsd_passes += (vary >> shift) & ((std::uint64_t(1) << radix_digit_bits) - 1) ? 1 : 0;
    if (lsd_passes <= tuning::max_lsd_passes && options.msd != radix_msd::always) {
      if (t == 0) declined = true;
      return;
    }
    if (vary == 0) return;  // every key the same in the range: sorted
    int hi = 64;
    while (!((vary >> (hi - 1)) & 1)) --hi;
    const int width = std::min(m, hi - begin_bit);
    if (hi - width != pass.shift || width != m) {  // not the digit counted: count it
      pass = {hi - width, (1u << width) - 1};
      std::fill(mine, mine + buckets, size_type(0));
      for (size_type i = b; i < e; ++i) ++mine[radix_digit(radix_order_bits<Descending>(keys[i]), pass)];
      team_barrier(team);
    }
    const size_type nb = size_type(1) << width;
    // Bucket d starts after every smaller digit's keys; this thread's part after earlier chunks'.
    size_type* offset = offsets + size_type(t) * buckets;
    size_type start = 0;
    for (size_type d = 0; d < nb; ++d) {
      size_type before = 0, total = 0;
      for (int u = 0; u < team; ++u) {
        const size_type x = counts[size_type(u) * buckets + d];
        before += u < t ? x : 0;
        total += x;
      }
      offset[d] = start + before;
      if (t == 0) starts[d] = start;
      start += total;
    }
    if (t == 0) {
      // Phase 3 takes the biggest buckets first (so none is left to one thread at the end); a
      // bucket of more than half a thread's share waits for phase 4.
      starts[nb] = n;
      for (size_type d = 0; d < nb; ++d) order[d] = d;
      std::sort(order, order + nb, [&](size_type x, size_type y) {
        return starts[x + 1] - starts[x] > starts[y + 1] - starts[y];
      });
      msd_shift = pass.shift;
      msd_buckets = nb;
      big = std::max(tuning::big_factor * std::max<size_type>(bucket_bytes / item_bytes, n >> width),
                     n / size_type(2 * team));
    }
    // Phase 2: the scatter to the buckets.
    unsigned char* my = lines + size_type(t) * lines_bytes;
    size_type* lo = line_lo + size_type(t) * buckets;
    const radix_next_counts none{pass, nullptr, n, team};  // (no next pass counted)
    if (use_lines)
      radix_scatter<Descending, Pairs, true, false>(keys, vals, b, e, kbuf, vbuf, offset, lo, int(nb), pass, none, my);
    else
      radix_scatter<Descending, Pairs, false, false>(keys, vals, b, e, kbuf, vbuf, offset, lo, int(nb), pass, none,
                                                     my);
    team_barrier(team);
    // Phase 3: the buckets, one at a time, in cache; the big ones are left for phase 4.
    for (;;) {
      const size_type j = next.fetch_add(1, std::memory_order_relaxed);
      if (j >= nb) break;
      const size_type d = order[j], s = starts[d], len = starts[d + 1] - s;
      if (len == 0 || len > big) continue;
      radix_sort_bucket<Descending, Pairs>(kbuf + s, vbuf + s, keys + s, vals + s, len, begin_bit, pass.shift,
                                           cache_items, local_bits, reinterpret_cast<std::uint32_t*>(my));
    }
  });
  if (declined) return false;
  // Phase 4: each big bucket by the team's LSD sort (the result in kbuf), then copied back.
  for (size_type d = 0; d < msd_buckets; ++d) {
    const size_type s = starts[d], len = starts[d + 1] - s;
    if (len <= big) continue;
    if (msd_shift > begin_bit)
      radix_sort_lsd<Descending, Pairs>(threads, kbuf + s, vbuf + s, keys + s, vals + s, len, begin_bit, msd_shift,
                                        lsd_scratch.data(), options.writes);
    parallel_for(p, len, [&](size_type i) {
      keys[s + i] = kbuf[s + i];
      if constexpr (Pairs) vals[s + i] = vbuf[s + i];
    });
  }
  return true;
}

}  // namespace tide::backend::omp::detail
