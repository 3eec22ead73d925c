#pragma once
// Non-temporal ("streaming") writes of big outputs, for transform. A plain store
// first reads its cache line from memory (read for ownership), so a loop that writes n bytes moves
// 2n over the memory bus where memcpy (non-temporal stores for big copies) moves n. When the bytes
// written exceed the last-level cache (so they would leave it anyway) and the output is raw
// contiguous memory of a trivially copyable type, values are computed a cache line at a time into
// a 64-byte local (registers, in practice) and written with _mm_stream_si128 (SSE2; plain stores
// elsewhere); the unaligned head and the tail take plain stores. Computing a bigger tile (1-16 KiB)
// into a local buffer and then streaming it out was as slow as plain stores here (2 cores, f32
// x * 2.5 at 2^27: 4 KiB tiles 161-178 ms, per-line 88-100 ms, plain stores 150-156 ms): the
// tile's loads and its stores no longer overlap. Each writer ends with _mm_sfence(), so the stores
// are ordered before the parallel region's closing barrier.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <type_traits>
#include <utility>

#include "../../detail/contiguous.hpp"
#include "../../execution.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#define TIDE_OMP_STREAM_STORES 1
#else
#define TIDE_OMP_STREAM_STORES 0
#endif

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

namespace tide::backend::omp::detail {

/// The streaming writes' tuning.
struct stream_tuning {
  /// The threshold where sysconf names no last-level cache (or an implausibly small one).
  static constexpr std::size_t fallback_llc_bytes = std::size_t(32) << 20;
  static constexpr std::size_t min_llc_bytes = std::size_t(1) << 20;
  /// A block buffer's bytes, at most (on the stack; the scans and copy_if stream a block from
  /// one): bigger blocks take plain stores.
  static constexpr std::size_t max_buffer_bytes = 32 * 1024;
};

/// Tests set this to move the threshold (bytes written from which writes stream); 0: the LLC size.
inline std::atomic<std::size_t> stream_threshold_override{0};

/// The last-level cache's bytes, as sysconf gives them (L3, else L2), else the fallback.
inline std::size_t last_level_cache_bytes() {
  static const std::size_t bytes = [] {
    long b = 0;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    b = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
#if defined(_SC_LEVEL2_CACHE_SIZE)
    if (b <= 0) b = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return b >= long(stream_tuning::min_llc_bytes) ? std::size_t(b) : stream_tuning::fallback_llc_bytes;
  }();
  return bytes;
}

/// The output's element type when writes of a value of type R through OutIt may stream (void
/// otherwise): OutIt contiguous (raw pointer, device_ptr, vector iterator), its element trivially
/// copyable and default-constructible, of a power-of-two size up to 16 bytes, and R the same type
/// or both arithmetic (then `buf[i] = r` converts exactly as `out[i] = r` would).
template <class OutIt, class R, class = void>
struct stream_element {
  using type = void;
};
/// Whether OutIt's value_type is an object type (output iterators such as tabulate_output_iterator
/// have void), asked before contiguous_traits, which names std::vector<value_type>.
template <class OutIt>
struct stream_value_is_object
    : std::bool_constant<std::is_object_v<typename std::iterator_traits<std::decay_t<OutIt>>::value_type>> {};
template <class OutIt, class R>
struct stream_element<OutIt, R,
                      std::enable_if_t<std::conjunction_v<stream_value_is_object<OutIt>,
                                                          tide::detail::contiguous_traits<std::decay_t<OutIt>>>>> {
  using E = typename tide::detail::contiguous_traits<std::decay_t<OutIt>>::element_type;
  using D = std::decay_t<R>;
  static constexpr bool ok = !std::is_const_v<E> && !std::is_volatile_v<E> && std::is_trivially_copyable_v<E> &&
                             std::is_trivially_default_constructible_v<E> && sizeof(E) <= 16 &&
                             (sizeof(E) & (sizeof(E) - 1)) == 0 &&
                             (std::is_same_v<E, D> || (std::is_arithmetic_v<E> && std::is_arithmetic_v<D>));
  using type = std::conditional_t<ok, E, void>;
};
template <class OutIt, class R>
using stream_element_t = typename stream_element<OutIt, R>::type;

/// Whether n items of E written to out should stream: at least the threshold's bytes, SSE2, and
/// out aligned to sizeof(E) (so that some element starts each 64-byte boundary).
template <class E>
bool should_stream(const E* out, size_type n) {
#if TIDE_OMP_STREAM_STORES
  const std::size_t over = stream_threshold_override.load(std::memory_order_relaxed);
  const std::size_t threshold = over ? over : last_level_cache_bytes();
  return std::size_t(n) * sizeof(E) >= threshold && reinterpret_cast<std::uintptr_t>(out) % sizeof(E) == 0;
#else
  (void)out, (void)n;
  return false;
#endif
}

/// Orders this thread's non-temporal stores before what follows (a barrier, the region's end).
inline void stream_fence() {
#if TIDE_OMP_STREAM_STORES
  _mm_sfence();
#endif
}

/// Streams one 64-byte line: out and line 64-byte aligned.
TIDE_FORCEINLINE void stream_line(void* out, const void* line) {
#if TIDE_OMP_STREAM_STORES
  const __m128i* s = static_cast<const __m128i*>(line);
  __m128i* o = static_cast<__m128i*>(out);
  for (int q = 0; q < 4; ++q) _mm_stream_si128(o + q, _mm_load_si128(s + q));
#else
  std::memcpy(out, line, 64);
#endif
}

/// Writes out[i] = value(i) for i in [b, e): plain stores up to out's first 64-byte boundary and
/// after its last, the lines between computed into a 64-byte local and streamed. Ends with the
/// fence.
template <class E, class Value>
void stream_range(E* out, size_type b, size_type e, Value&& value) {
  constexpr size_type L = size_type(64 / sizeof(E));  // items per line
  const std::size_t mis = reinterpret_cast<std::uintptr_t>(out + b) % 64;
  const size_type head = std::min<size_type>(e - b, mis ? size_type((64 - mis) / sizeof(E)) : 0);
  size_type i = b;
  for (; i < b + head; ++i) out[i] = value(i);
  for (; i + L <= e; i += L) {
    alignas(64) E line[L];
    for (size_type j = 0; j < L; ++j) line[j] = value(i + j);
    stream_line(out + i, line);
  }
  for (; i < e; ++i) out[i] = value(i);
  stream_fence();
}

/// Asks for [p, p + bytes) in the core's L2, a line at a time (a hint; no-op without GCC builtins).
inline void prefetch_lines(const void* p, std::size_t bytes) {
#if defined(__GNUC__)
  const char* c = static_cast<const char*>(p);
  for (std::size_t k = 0; k < bytes; k += 64) __builtin_prefetch(c + k, 0, 2);
#else
  (void)p, (void)bytes;
#endif
}

/// The address of first[i, i + count) when first is contiguous (null otherwise), and its bytes:
/// what a scan or copy_if asks for ahead of time (prefetch_lines).
template <class It>
std::pair<const void*, std::size_t> ahead_of(It first, size_type i, size_type count) {
  if constexpr (tide::detail::contiguous_traits<It>::value) {
    using E = typename tide::detail::contiguous_traits<It>::element_type;
    if (count > 0) return {tide::detail::contiguous_address(first + i), std::size_t(count) * sizeof(E)};
  }
  return {nullptr, 0};
}

/// Copies src[0, count) to out[0, count) (no overlap), through non-temporal stores when stream
/// (whole 64-byte lines of out; plain stores for its unaligned head and tail; ends with the
/// fence), and asks for ahead[0, ahead_bytes) in L2 on the way, 16 lines of it per 16 lines
/// written: a block read next while this one is written.
template <class E>
void copy_lines(E* out, const E* src, size_type count, bool stream, const void* ahead, std::size_t ahead_bytes) {
  constexpr size_type L = size_type(64 / sizeof(E));
  const std::size_t mis = reinterpret_cast<std::uintptr_t>(out) % 64;
  const size_type head = std::min<size_type>(count, mis ? size_type((64 - mis) / sizeof(E)) : 0);
  const size_type lines = (count - head) / L;
  const char* a = static_cast<const char*>(ahead);
  std::size_t asked = 0;
  size_type i = 0;
  for (; i < head; ++i) out[i] = src[i];
  for (size_type line = 0; line < lines; ++line, i += L) {
    if (a && line % 16 == 0) {
      const std::size_t want = ahead_bytes * std::size_t(std::min(lines, line + 16)) / std::size_t(lines);
      prefetch_lines(a + asked, want - asked);
      asked = want;
    }
#if TIDE_OMP_STREAM_STORES
    if (stream) {
      const __m128i* s = reinterpret_cast<const __m128i*>(src + i);
      __m128i* o = reinterpret_cast<__m128i*>(out + i);
      for (int q = 0; q < 4; ++q) _mm_stream_si128(o + q, _mm_loadu_si128(s + q));
      continue;
    }
#endif
    std::memcpy(out + i, src + i, 64);
  }
  if (a && asked < ahead_bytes) prefetch_lines(a + asked, ahead_bytes - asked);
  for (; i < count; ++i) out[i] = src[i];
  if (stream) stream_fence();
}

}  // namespace tide::backend::omp::detail
