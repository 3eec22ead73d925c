#pragma once
// OpenMP scans over parallel_scan (parallel_scan.hpp): fixed blocks, each block's total (over
// lanes, lanes.hpp), the carries chained in block order, each block scanned from its carry while it
// is still in cache. Sums of integers and (in a range of more than one block) of floats and doubles
// take whole 64-byte lines a step (scan_block_plus_int, scan_block_plus); other non-integer types
// scan each block as 8 contiguous sub-ranges side by side (scan_block), so 8 chains of the
// operator's latency overlap. The association depends on n only; a range of one block is the plain
// loop.
// One pass over memory; in place works (a block is reduced before it is overwritten); the same
// bits for any thread count. The contract is in backend/seq/scan.hpp.
// An output in raw contiguous memory takes each block by way of a buffer in L1 when it is beyond
// the last-level cache (streamed out through non-temporal stores, stream_store.hpp: a plain store
// reads its line first, 3n bytes moved where the scan needs 2n) or scanned side by side
// (scan_block_buffered says why).

#include <algorithm>
#include <functional>
#include <optional>
#include <utility>
#include <type_traits>

#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "../../functional.hpp"
#include "lanes.hpp"
#include "parallel_scan.hpp"
#include "stream_store.hpp"

namespace tide::backend::omp {

namespace detail {
/// The total of first[b, e), started from the block's own first element (no identity needed),
/// over lanes (lanes.hpp): the association depends on e - b only.
template <class Acc, class It, class Op>
Acc scan_chunk_total(It first, size_type b, size_type e, Op& op) {
  return reduce_block<Acc>(first, b, e, op);
}

/// Whether scan_block scans a whole block of It under Op with Acc accumulators a vector at a time
/// (scan_block_plus): SSE2, float or double, and a plus that adds in Acc (plus<Acc>, or plus<>
/// over items of type Acc). A function of the types only: any iterator, contiguous or not, and any
/// output take the same association (transform scans keep the bits of the scans of the
/// transformed items).
template <class Acc, class It, class Op>
constexpr bool scans_plus_simd =
    TIDE_OMP_STREAM_STORES && (std::is_same_v<Acc, float> || std::is_same_v<Acc, double>) &&
    (std::is_same_v<Op, tide::plus<Acc>> || std::is_same_v<Op, std::plus<Acc>> ||
     ((std::is_same_v<Op, tide::plus<>> || std::is_same_v<Op, std::plus<>>) &&
      std::is_same_v<std::decay_t<decltype(*std::declval<It>())>, Acc>));

#if TIDE_OMP_STREAM_STORES
/// SSE2 for scan_block_plus: float (4 lanes) and double (2 lanes).
template <class T>
struct plus_simd;
template <>
struct plus_simd<float> {
  using V = __m128;
  static constexpr int lanes = 4;
  static V load(const float* p) { return _mm_loadu_ps(p); }
  static void storeu(float* p, V v) { _mm_storeu_ps(p, v); }
  static V add(V a, V b) { return _mm_add_ps(a, b); }
  static V splat(float x) { return _mm_set1_ps(x); }
  /// The inclusive prefix of v's lanes; the lanes shifted in are -0.0 (x + -0.0 is x, bit for bit).
  static V prefix(V v) {
    const V z1 = _mm_castsi128_ps(_mm_set_epi32(0, 0, 0, int(0x80000000u)));
    const V z2 = _mm_castsi128_ps(_mm_set_epi32(0, 0, int(0x80000000u), int(0x80000000u)));
    v = _mm_add_ps(v, _mm_or_ps(_mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 4)), z1));
    return _mm_add_ps(v, _mm_or_ps(_mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 8)), z2));
  }
  static V last(V v) { return _mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 3, 3, 3)); }
  /// [carry, v0, v1, v2]: an inclusive vector made exclusive.
  static V shift_in(V carry, V v) { return _mm_move_ss(_mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 1, 0, 0)), carry); }
};
template <>
struct plus_simd<double> {
  using V = __m128d;
  static constexpr int lanes = 2;
  static V load(const double* p) { return _mm_loadu_pd(p); }
  static void storeu(double* p, V v) { _mm_storeu_pd(p, v); }
  static V add(V a, V b) { return _mm_add_pd(a, b); }
  static V splat(double x) { return _mm_set1_pd(x); }
  static V prefix(V v) {
    const V z1 = _mm_castsi128_pd(_mm_set_epi64x(0, static_cast<long long>(0x8000000000000000ull)));
    return _mm_add_pd(v, _mm_or_pd(_mm_castsi128_pd(_mm_slli_si128(_mm_castpd_si128(v), 8)), z1));
  }
  static V last(V v) { return _mm_unpackhi_pd(v, v); }
  static V shift_in(V carry, V v) { return _mm_shuffle_pd(carry, v, 0); }
};

/// A whole block first[b, b + len) (len a multiple of a 64-byte line) of floats or doubles under
/// plus into out[b, b + len), from *start (null: inclusive, from the first item), a line (4
/// vectors) a step: each vector's own prefix in two shifted adds, the line's prefix through the
/// vectors (each vector plus the last lane of the one before it), and then the running total
/// added to the line's 4 vectors. The chain through the block is one add a line, off which the
/// line's own prefix hangs, so one chain keeps the adder busy and the block is written in order
/// (straight into out: no buffer; 2 cores of a Zen 4 EPYC, 2^24 f32, one thread: the 8
/// side-by-side sub-ranges this replaced spent 28% of the time copying their buffer out and
/// another pass on the sub-range totals). The association depends on len only; it is not the
/// scalar loop's. Shifted-in lanes and an absent start are -0.0, which adds exactly. Raw memory of
/// T is loaded and stored as vectors, anything else an item at a time (converted as the scalar
/// loop converts). In place works: a line is loaded whole before any of it is written.
template <bool Exclusive, class T, class It, class OutIt>
void scan_block_plus(It first, OutIt out, size_type b, size_type len, const T* start) {
  using S = plus_simd<T>;
  using V = typename S::V;
  constexpr int W = S::lanes, G = int(64 / (W * sizeof(T)));  // lanes a vector, vectors a line
  auto load = [&](size_type i) -> V {  // first[b + i, b + i + W)
    if constexpr (tide::detail::contiguous_traits<It>::value) {
      if constexpr (std::is_same_v<std::remove_cv_t<typename tide::detail::contiguous_traits<It>::element_type>, T>)
        return S::load(tide::detail::contiguous_address(first) + b + i);
    }
    alignas(16) T v[W];
    for (int l = 0; l < W; ++l) v[l] = static_cast<T>(first[b + i + l]);
    return S::load(v);
  };
  auto store = [&](size_type i, V v) {  // out[b + i, b + i + W)
    if constexpr (std::is_same_v<OutIt, T*>) {
      S::storeu(out + b + i, v);
    } else {
      alignas(16) T o[W];
      S::storeu(o, v);
      for (int l = 0; l < W; ++l) out[b + i + l] = o[l];
    }
  };
  V carry = S::splat(start ? *start : T(-0.0));
  for (size_type i = 0; i < len; i += G * W) {
    V v[G];
    for (int g = 0; g < G; ++g) v[g] = S::prefix(load(i + g * W));
    for (int g = 1; g < G; ++g) v[g] = S::add(S::last(v[g - 1]), v[g]);
    V before = carry;  // the running total before vector g
    for (int g = 0; g < G; ++g) {
      const V inc = S::add(carry, v[g]);
      store(i + g * W, Exclusive ? S::shift_in(before, inc) : inc);
      before = S::last(inc);
    }
    carry = S::add(carry, S::last(v[G - 1]));  // = before, off the chain of stores
  }
}
#endif

/// Whether scan_block scans a block of Acc under Op a vector at a time in one chain
/// (scan_block_plus_int): SSE2, Acc an integer of 4 or 8 bytes, a plus that adds in Acc (as
/// scans_plus_simd), the input contiguous memory of Acc and the output contiguous memory of Acc.
/// Integer addition wraps and associates, so the result is the scalar loop's, bit for bit.
template <class Acc, class It, class OutIt, class Op>
constexpr bool scans_plus_int_simd() {
  if constexpr (!TIDE_OMP_STREAM_STORES || !std::is_integral_v<Acc> || (sizeof(Acc) != 4 && sizeof(Acc) != 8) ||
                std::is_same_v<Acc, bool>) {
    return false;
  } else if constexpr (!stream_value_is_object<It>::value || !stream_value_is_object<OutIt>::value) {
    return false;  // (an output iterator of no value type, such as tabulate_output_iterator)
  } else if constexpr (!tide::detail::contiguous_traits<It>::value || !tide::detail::contiguous_traits<OutIt>::value) {
    return false;
  } else {
    using In = std::remove_cv_t<typename tide::detail::contiguous_traits<It>::element_type>;
    using Out = typename tide::detail::contiguous_traits<OutIt>::element_type;
    return std::is_same_v<In, Acc> && std::is_same_v<Out, Acc> &&
           (std::is_same_v<Op, tide::plus<Acc>> || std::is_same_v<Op, std::plus<Acc>> ||
            std::is_same_v<Op, tide::plus<>> || std::is_same_v<Op, std::plus<>>);
  }
}

/// Whether scan_block takes a block of Acc under plus whose input is not contiguous memory of Acc
/// (a transform scan's transform_iterator, a counting_iterator, integers of another width) through
/// scan_block_plus_int all the same, each line's items converted as they are loaded. The items must
/// be integers (not bool), so that the conversion and the wrapping adds give the scalar loop's bits:
/// with plus<Acc> each item is converted to Acc before its add, as op does; with plus<> the item
/// type must be Acc. Dev machine (2-core Zen 4 EPYC), transform_inclusive_scan by negation, the
/// scalar add chain before, two alternations: u32 one thread 2^24 12.5-12.7 -> 6.7-7.1 ms
/// (inclusive_scan 6.8-7.5), 2^26 49.6-51.3 -> 24.6-26.0; two threads 2^26 28.0-30.5 -> 21.5-23.4
/// (inclusive_scan 19.3-22.3); u64 one thread 2^24 18.5-18.9 -> 15.1-15.8 (15.1-15.9).
template <class Acc, class It, class OutIt, class Op>
constexpr bool scans_plus_int_simd_converted() {
  using Item = std::decay_t<decltype(*std::declval<It>())>;
  if constexpr (!TIDE_OMP_STREAM_STORES || !std::is_integral_v<Acc> || (sizeof(Acc) != 4 && sizeof(Acc) != 8) ||
                std::is_same_v<Acc, bool> || !std::is_integral_v<Item> || std::is_same_v<Item, bool>) {
    return false;
  } else if constexpr (!stream_value_is_object<OutIt>::value) {
    return false;  // (an output iterator of no value type, such as tabulate_output_iterator)
  } else if constexpr (!tide::detail::contiguous_traits<OutIt>::value) {
    return false;
  } else if constexpr (!std::is_same_v<std::remove_cv_t<typename tide::detail::contiguous_traits<OutIt>::element_type>,
                                       Acc>) {
    return false;
  } else {
    return std::is_same_v<Op, tide::plus<Acc>> || std::is_same_v<Op, std::plus<Acc>> ||
           ((std::is_same_v<Op, tide::plus<>> || std::is_same_v<Op, std::plus<>>) && std::is_same_v<Item, Acc>);
  }
}

#if TIDE_OMP_STREAM_STORES
/// first[b, e) of 4- or 8-byte integers under plus into out[b, e), from *start (null: inclusive,
/// from the first item), 16 bytes a vector, a line (4 vectors) a step: the line's own prefix
/// (independent of the carry), then the carry added to its 4 vectors; the exclusive form subtracts
/// each item from its inclusive total. The chain through the range is one add a line (the line's
/// total is ready before the carry is), where the scalar loop had an add an item (one thread of a
/// 2-core Zen 4 EPYC, 2^24 u32: the scalar chain was 65% of the time). In place works: a line is
/// loaded whole before any of it is stored. `in` is raw memory of T, loaded 16 bytes at a time, or
/// any iterator (scans_plus_int_simd_converted), whose items are converted to T as a line's vectors
/// are built: a transform is applied on load, with no pass of its own over the block.
template <bool Exclusive, class T, class In, class Out>
void scan_block_plus_int(In in, Out* out, size_type b, size_type e, const T* start) {
  constexpr int W = int(16 / sizeof(T));  // lanes a vector
  constexpr int G = 4;                      // vectors a step
  auto add = [](__m128i x, __m128i y) { return sizeof(T) == 4 ? _mm_add_epi32(x, y) : _mm_add_epi64(x, y); };
  auto prefix = [&](__m128i v) {  // inclusive prefix of v's lanes; zeros shift in
    v = add(v, _mm_slli_si128(v, sizeof(T)));
    if constexpr (sizeof(T) == 4) v = add(v, _mm_slli_si128(v, 8));
    return v;
  };
  auto last = [](__m128i v) {  // the last lane in every lane
    if constexpr (sizeof(T) == 4)
      return _mm_shuffle_epi32(v, _MM_SHUFFLE(3, 3, 3, 3));
    else
      return _mm_shuffle_epi32(v, _MM_SHUFFLE(3, 2, 3, 2));
  };
  T acc = start ? *start : T(0);
  size_type i = b;
  if (!start && i < e) acc = static_cast<T>(in[i]), out[i] = acc, ++i;  // inclusive: the first item as it is
  __m128i carry = sizeof(T) == 4 ? _mm_set1_epi32(int(acc)) : _mm_set1_epi64x(static_cast<long long>(acc));
  for (; i + G * W <= e; i += G * W) {
    __m128i x[G], v[G];
    if constexpr (std::is_pointer_v<In> && std::is_same_v<std::remove_cv_t<std::remove_pointer_t<In>>, T>) {
      for (int g = 0; g < G; ++g) x[g] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i + g * W));
    } else {
      // Built in registers: the items stored to a small array and loaded back 16 bytes at a time
      // did not forward (each vector waited for its stores; u64 2^24 one thread 18.7 -> 28.5 ms).
      for (int g = 0; g < G; ++g) {
        const size_type j = i + g * W;
        if constexpr (sizeof(T) == 4)
          x[g] = _mm_set_epi32(int(static_cast<T>(in[j + 3])), int(static_cast<T>(in[j + 2])),
                               int(static_cast<T>(in[j + 1])), int(static_cast<T>(in[j])));
        else
          x[g] = _mm_set_epi64x(static_cast<long long>(static_cast<T>(in[j + 1])),
                                static_cast<long long>(static_cast<T>(in[j])));
      }
    }
    for (int g = 0; g < G; ++g) v[g] = prefix(x[g]);
    for (int g = 1; g < G; ++g) v[g] = add(v[g], last(v[g - 1]));  // the line's own prefix
    for (int g = 0; g < G; ++g) {
      const __m128i inc = add(v[g], carry);
      // Exclusive: each lane's total less its own item (exact: the sums wrap).
      const __m128i o = Exclusive ? (sizeof(T) == 4 ? _mm_sub_epi32(inc, x[g]) : _mm_sub_epi64(inc, x[g])) : inc;
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i + g * W), o);
    }
    carry = add(last(v[G - 1]), carry);
  }
  {
    alignas(16) T lanes[W];
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes), carry);
    acc = lanes[0];
  }
  using U = std::make_unsigned_t<T>;  // the tail wraps as the vectors do
  for (; i < e; ++i) {
    const T next = static_cast<T>(U(acc) + U(static_cast<T>(in[i])));
    out[i] = Exclusive ? acc : next;
    acc = next;
  }
}
#endif

/// Whether scan_block scans blocks of Acc as side-by-side sub-ranges (given split).
template <class Acc>
constexpr bool scans_side_by_side = lanes_fit<Acc> && !std::is_integral_v<Acc>;

/// Scans first[b, e) into out[b, e) from *start (null: from the block's first item, inclusive
/// only), inclusive or Exclusive. With split, over scan_lanes contiguous sub-ranges (lanes.hpp's
/// contiguous lanes): their totals first (8 independent chains over the block, in cache), then the
/// sub-ranges scanned side by side from start, start op t_0, (start op t_0) op t_1, ...: 8
/// independent chains instead of one. Operands are regrouped, never reordered. In place works:
/// each item is read before its own output is written, and the sub-ranges are disjoint.
template <bool Exclusive, class Acc, class It, class OutIt, class Op>
void scan_block(It first, OutIt out, size_type b, size_type e, const Acc* start, Op& op, bool split) {
  constexpr int S = lane_tuning::contiguous;
#if TIDE_OMP_STREAM_STORES
  if constexpr (scans_plus_int_simd<Acc, It, OutIt, Op>()) {
    return scan_block_plus_int<Exclusive, Acc>(tide::detail::contiguous_address(first),
                                               tide::detail::contiguous_address(out), b, e, start);
  } else if constexpr (scans_plus_int_simd_converted<Acc, It, OutIt, Op>()) {
    return scan_block_plus_int<Exclusive, Acc>(first, tide::detail::contiguous_address(out), b, e, start);
  }
  if constexpr (scans_plus_simd<Acc, It, Op>) {
    if (split && e - b == scan_tuning::block_items) return scan_block_plus<Exclusive, Acc>(first, out, b, e - b, start);
  }
#endif
  if constexpr (scans_side_by_side<Acc>) {
    const size_type m = (e - b) / S;
    if (split && m >= 2) {
      Acc run[S];  // run[k]: the value scan k starts from (run[0] absent when start is null)
      Acc tot[S];
      for (int k = 0; k < S; ++k) tot[k] = static_cast<Acc>(first[b + k * m]);
      for (size_type i = 1; i < m; ++i)
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__)  // (nvcc's front end warns on it)
#pragma GCC unroll 8
#endif
        for (int k = 0; k < S - 1; ++k) tot[k] = op(tot[k], first[b + k * m + i]);
      if (start) run[0] = *start;
      for (int k = 1; k < S; ++k) run[k] = (k == 1 && !start) ? tot[0] : static_cast<Acc>(op(run[k - 1], tot[k - 1]));
      // Each sub-range's first item, then the rest side by side.
      for (int k = 0; k < S; ++k) {
        const size_type i = b + k * m;
        if (k == 0 && !start) {
          run[0] = static_cast<Acc>(first[i]);  // inclusive only
          out[i] = run[0];
          continue;
        }
        Acc next = op(run[k], first[i]);
        out[i] = Exclusive ? run[k] : next;
        run[k] = next;
      }
      for (size_type i = 1; i < m; ++i)
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__)  // (nvcc's front end warns on it)
#pragma GCC unroll 8
#endif
        for (int k = 0; k < S; ++k) {
          const size_type j = b + k * m + i;
          Acc next = op(run[k], first[j]);
          out[j] = Exclusive ? run[k] : next;
          run[k] = next;
        }
      for (size_type j = b + S * m; j < e; ++j) {
        Acc next = op(run[S - 1], first[j]);
        out[j] = Exclusive ? run[S - 1] : next;
        run[S - 1] = next;
      }
      return;
    }
  }
  auto rest = [&](Acc acc, size_type i) {
    for (; i < e; ++i) {
      Acc next = op(acc, first[i]);  // read x_i before out[i] is written (in place)
      out[i] = Exclusive ? acc : next;
      acc = next;
    }
  };
  if (start) {
    rest(*start, b);
  } else {
    const Acc acc = static_cast<Acc>(first[b]);
    out[b] = acc;
    rest(acc, b + 1);
  }
}


/// scan_block into raw memory o[b, e) by way of a block buffer in L1: the block is scanned into
/// the buffer (the same values, the same association), then copied out in one sequential pass,
/// through non-temporal stores when stream (an output beyond the last-level cache: a plain store
/// reads its line from memory first). Two gains: (1) streamed, the scan moves 2n bytes instead of
/// 3n; streaming each value as the scan makes it, a line at a time, was slower (16-core VM, 2^28
/// u32: 42 against 38 ms for plain stores), since the line's 4-byte stores and its 16-byte loads
/// defeat store forwarding; (2) the side-by-side scan of floats writes 8 places 2 KiB apart at
/// once, and straight into out each store waited on its line (16 threads, 2^24 f32 in the LLC:
/// 0.23 ns an item straight, 0.09-0.11 by way of the buffer; a single-chain scan gains nothing
/// from the buffer unstreamed, so integers keep plain stores there). While it writes, it asks for
/// ahead[0, ahead_bytes) (this thread's block of the next round) in L2, so that the next round's
/// reads overlap this round's writes (2^28 u32 streamed: 32-34 ms without, 26-33 with). In place
/// works: the block is read whole before any of it is written. A streamed block ends with the
/// fence (parallel_scan names no thread's last block).
template <bool Exclusive, class Acc, class It, class E, class Op>
void scan_block_buffered(It first, E* o, size_type b, size_type e, const Acc* start, Op& op, bool split,
                         bool stream, const void* ahead, std::size_t ahead_bytes) {
  alignas(64) E buf[scan_tuning::block_items];
  scan_block<Exclusive>(first + b, buf, size_type(0), e - b, start, op, split);
  copy_lines(o + b, buf, e - b, stream, ahead, ahead_bytes);
}

/// parallel_scan of first[0, n) into out, each block scanned by scan_block<Exclusive> from
/// start(carry, holder) (carry null for the first block; holder: room for a start it makes):
/// into out, or, when out is raw memory, by way of a block buffer (scan_block_buffered) where it
/// streams (beyond the LLC) or scans side by side.
template <bool Exclusive, class Acc, class It, class OutIt, class Op, class Start>
void scan_into(const omp_policy& p, It first, size_type n, OutIt out, Op& op, Start start) {
  auto total = [&](size_type b, size_type e) { return scan_chunk_total<Acc>(first, b, e, op); };
  const bool split = n > scan_tuning::block_items;
  const size_type item_bytes = sizeof(tide::detail::iter_value_t<It>);
  using E = stream_element_t<OutIt, Acc>;
  if constexpr (!std::is_void_v<E>) {
    if constexpr (scan_tuning::block_items * sizeof(E) <= stream_tuning::max_buffer_bytes) {
      E* o = tide::detail::contiguous_address(out);
      const bool stream = should_stream(o, n);
      if (n > scan_tuning::block_items && (stream || (scans_side_by_side<Acc> && !scans_plus_simd<Acc, It, Op>))) {
        parallel_scan<Acc>(
            p, n, total,
            [&](size_type b, size_type e, const Acc* carry, size_type next) {
              std::optional<Acc> s;
              const auto ahead = ahead_of(first, next, next < n ? std::min(n - next, scan_tuning::block_items) : 0);
              scan_block_buffered<Exclusive>(first, o, b, e, start(carry, s), op, split, stream, ahead.first,
                                             ahead.second);
            },
            op, item_bytes);
        return;
      }
    }
  }
  parallel_scan<Acc>(
      p, n, total,
      [&](size_type b, size_type e, const Acc* carry) {
        std::optional<Acc> s;
        scan_block<Exclusive>(first, out, b, e, start(carry, s), op, split);
      },
      op, item_bytes);
}

/// A scan started from init: out[i] takes the running total through first[i] (inclusive) or
/// before it (Exclusive).
template <bool Exclusive, class It, class OutIt, class Acc, class Op>
void scan_from_init(const omp_policy& p, It first, size_type n, OutIt out, Acc init, Op& op) {
  if (n == 0) return;
  scan_into<Exclusive, Acc>(p, first, n, out, op, [&](const Acc* carry, std::optional<Acc>& s) -> const Acc* {
    if (carry)
      s.emplace(static_cast<Acc>(op(init, *carry)));
    else
      s.emplace(init);
    return &*s;
  });
}
}  // namespace detail

template <class Acc, class It, class OutIt, class Op>
void inclusive_scan(const omp_policy& p, It first, size_type n, OutIt out, Op op) {
  if (n == 0) return;
  detail::scan_into<false, Acc>(p, first, n, out, op, [](const Acc* carry, std::optional<Acc>&) { return carry; });
}

template <class It, class OutIt, class Acc, class Op>
void inclusive_scan_init(const omp_policy& p, It first, size_type n, OutIt out, Acc init, Op op) {
  detail::scan_from_init<false>(p, first, n, out, init, op);
}

template <class It, class OutIt, class Acc, class Op>
void exclusive_scan(const omp_policy& p, It first, size_type n, OutIt out, Acc init, Op op) {
  detail::scan_from_init<true>(p, first, n, out, init, op);
}

}  // namespace tide::backend::omp
