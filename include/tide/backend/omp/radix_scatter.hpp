#pragma once
// One thread's scatter in one pass of the OpenMP radix sort (radix_sort.hpp), and what it needs.
//
// Each key of the thread's chunk goes, in input order, to the next position of its digit's bucket
// (stable). Two ways to write it:
// - direct: one store per key. Best while source and destination stay in cache.
// - through lines (write-combining): a key goes to its bucket's 64-byte line buffer, at the slot
//   its destination address has in its cache line; a completed line goes out with non-temporal
//   stores (SSE2), which skip reading the destination line first and keep 256 write streams from
//   evicting each other. Partial lines (a bucket's first and last, shared with a neighbour) are
//   written key by key. Whole sorts on a 2-core Xeon, 2 threads: u32 keys, 2^21 (8 MiB a pass)
//   10.9 ms direct, 15.9 through lines; 2^22 (16 MiB) 36.6 and 31.8; 2^23 96 and 76. u64 keys,
//   16 MiB a pass 34 and 42, 32 MiB 124 and 96. radix_stream_min_bytes picks between.
//
// While it scatters, the thread also counts the next pass's digits by destination chunk (the chunk
// a thread will own in the next pass), so no pass reads its source twice.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "../../detail/radix_traits.hpp"
#include "../../execution.hpp"
#include "parallel.hpp"
#include "stream_store.hpp"  // stream_line, stream_fence (non-temporal stores where SSE2 is)

namespace tide::backend::omp::detail {

constexpr int radix_digit_bits = 8;
constexpr int radix_buckets = 1 << radix_digit_bits;
constexpr int radix_line_bytes = 64;

/// From this many bytes moved a pass (keys and values), scatters go through lines (measured above:
/// direct is faster up to 8 MiB, lines from 32 MiB, and it depends on the type at 16).
constexpr size_type radix_stream_min_bytes = size_type(12) << 20;

/// One pass of the sort: digit = (order bits >> shift) & mask.
struct radix_pass {
  int shift;
  unsigned mask;
};

/// radix_traits<K>::order_bits(key, Descending), the same bits without branches: floats find NaN
/// and zero from their bits (test_sort's special values check every case against the traits).
template <bool Descending, class K>
TIDE_FORCEINLINE typename tide::detail::radix_traits<K>::bits_type radix_order_bits(K key) {
  using traits = tide::detail::radix_traits<K>;
  using bits_t = typename traits::bits_type;
  if constexpr (std::is_floating_point_v<K>) {
    const bits_t u = tide::detail::bits_of(key);
    const bits_t magnitude = bits_t(u & bits_t(~traits::top_bit));
    const bits_t infinity = tide::detail::bits_of(std::numeric_limits<K>::infinity());
    // The float flip: negative (sign set) all bits inverted, positive the sign set; zeros: +0.0's.
    bits_t a = bits_t(u ^ bits_t(bits_t(0 - (u >> (traits::key_bits - 1))) | traits::top_bit));
    a = magnitude == 0 ? traits::top_bit : a;
    if constexpr (Descending) a = bits_t(~a);
    return magnitude > infinity ? bits_t(~bits_t(0)) : a;  // NaNs last, both ways
  } else {
    return traits::order_bits(key, Descending);
  }
}

/// The digit of order bits `bits` in `pass`.
template <class Bits>
TIDE_FORCEINLINE unsigned radix_digit(Bits bits, radix_pass pass) {
  return unsigned(bits >> pass.shift) & pass.mask;
}

/// Whether T can be written a whole line at a time: its size divides a line, and `p` is aligned
/// to it (then a line's first element sits at a line boundary).
template <class T>
bool radix_line_writable(const T* p) {
  return radix_line_bytes % sizeof(T) == 0 && reinterpret_cast<std::uintptr_t>(p) % sizeof(T) == 0;
}

/// Writes one array through per-bucket line buffers (`lines`: radix_buckets * radix_line_bytes,
/// aligned to a line).
template <class T>
struct line_writer {
  static constexpr size_type per_line = radix_line_bytes / sizeof(T);
  T* dst;
  T* lines;
  size_type phase;  // the slot of dst[0] in its cache line

  line_writer(T* d, void* l)
      : dst(d), lines(static_cast<T*>(l)),
        phase(size_type(reinterpret_cast<std::uintptr_t>(d) % radix_line_bytes) / size_type(sizeof(T))) {}

  /// dst[at] = x, for bucket d whose positions (for this thread) start at lo.
  TIDE_FORCEINLINE void put(unsigned d, size_type at, const T& x, size_type lo) {
    const size_type slot = (at + phase) & (per_line - 1);
    T* line = lines + size_type(d) * per_line;
    line[slot] = x;
    if (slot == per_line - 1) {
      const size_type first = at - (per_line - 1);
      if (first >= lo)
        stream(dst + first, line);
      else
        for (size_type j = lo; j <= at; ++j) dst[j] = line[(j + phase) & (per_line - 1)];
    }
  }
  /// Writes bucket d's last partial line: positions [max(lo, its start), end).
  void finish(unsigned d, size_type end, size_type lo) {
    const size_type slot = (end + phase) & (per_line - 1);
    if (end == lo || slot == 0) return;
    const T* line = lines + size_type(d) * per_line;
    for (size_type j = std::max(end - slot, lo); j < end; ++j) dst[j] = line[(j + phase) & (per_line - 1)];
  }
  static_assert(radix_line_bytes == 64, "lines are stream_line's 64 bytes");
  static TIDE_FORCEINLINE void stream(T* out, const T* line) { stream_line(out, line); }
  /// Orders the non-temporal stores before what follows (the team's barrier).
  static void fence() { stream_fence(); }
};

/// The next pass's digit counts by destination chunk: counts[c * radix_buckets + digit].
struct radix_next_counts {
  radix_pass pass;
  size_type* counts;
  size_type n;
  int team;
};

/// Scatters ksrc[b, e) (and vsrc with Pairs) to kdst (vdst) at offset[digit]++ for a digit of
/// `buckets` values, counting the next pass's digits when CountNext (then buckets is
/// radix_buckets). lo: room for `buckets` positions; `lines`: 2 * buckets lines of scratch when
/// Stream. The MSD pass (radix_msd.hpp, up to 4096 buckets) calls it too, without CountNext.
template <bool Descending, bool Pairs, bool Stream, bool CountNext, class K, class V>
void radix_scatter(const K* ksrc, const V* vsrc, size_type b, size_type e, K* kdst, V* vdst, size_type* offset,
                   size_type* lo, int buckets, radix_pass pass, const radix_next_counts& next,
                   unsigned char* lines) {
  std::copy(offset, offset + buckets, lo);  // this thread's first position in each bucket
  // CountNext: the destination chunk each bucket's next position falls in, and that chunk's end.
  int chunk[CountNext ? radix_buckets : 1];
  size_type chunk_end[CountNext ? radix_buckets : 1];
  if constexpr (CountNext) {
    std::fill(next.counts, next.counts + size_type(next.team) * radix_buckets, size_type(0));
    for (int d = 0; d < radix_buckets; ++d) {
      int c = 0;
      size_type cb, ce;
      chunk_bounds(next.n, next.team, c, cb, ce);
      while (lo[d] >= ce && c + 1 < next.team) chunk_bounds(next.n, next.team, ++c, cb, ce);
      chunk[d] = c;
      chunk_end[d] = ce;
    }
  }
  [[maybe_unused]] line_writer<K> kw(kdst, lines);
  [[maybe_unused]] line_writer<V> vw(vdst, lines + size_type(buckets) * radix_line_bytes);
  const radix_pass here = pass, after = next.pass;  // (locals: kept in registers)
  size_type* const next_counts = next.counts;
  for (size_type i = b; i < e; ++i) {
    const K k = ksrc[i];
    const auto bits = radix_order_bits<Descending>(k);
    const unsigned d = radix_digit(bits, here);
    const size_type at = offset[d]++;
    if constexpr (CountNext) {
      while (at >= chunk_end[d]) {
        size_type cb;
        chunk_bounds(next.n, next.team, ++chunk[d], cb, chunk_end[d]);
      }
      ++next_counts[size_type(chunk[d]) * radix_buckets + radix_digit(bits, after)];
    }
    if constexpr (Stream) {
      kw.put(d, at, k, lo[d]);
      if constexpr (Pairs) vw.put(d, at, vsrc[i], lo[d]);
    } else {
      kdst[at] = k;
      if constexpr (Pairs) vdst[at] = vsrc[i];
    }
  }
  if constexpr (Stream) {
    for (unsigned d = 0; d < unsigned(buckets); ++d) {
      kw.finish(d, offset[d], lo[d]);
      if constexpr (Pairs) vw.finish(d, offset[d], lo[d]);
    }
    line_writer<K>::fence();
  }
}

}  // namespace tide::backend::omp::detail
