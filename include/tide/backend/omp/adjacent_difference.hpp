#pragma once
// OpenMP adjacent_difference. Input and output in raw memory that do not overlap: out[0], then a
// binary transform of first[1, n) and first[0, n - 1) (for_each.hpp: it vectorizes, and streams a
// big output; 16-core VM, 2^28 u32, the chunked loop below ran at 0.75x of GCC's par). In place
// in raw memory: one chunk per thread, each from its end back over one pointer (item i is
// rewritten only after item i + 1 has read it, so no buffer is needed, and the loop vectorizes).
// Otherwise (iterator adaptors) one chunk per thread, each a block at a time through a buffer
// (trivially copyable items), else as the sequential loop. The item before each chunk is saved
// before the parallel pass: in place (out == first), the previous chunk may already have
// overwritten it.

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "../../detail/contiguous.hpp"
#include "../../detail/dispatch.hpp"
#include "../../execution.hpp"
#include "for_each.hpp"
#include "parallel.hpp"
#include "stream_store.hpp"

namespace tide::backend::omp {

namespace detail {
/// Items the in-place (or adaptor) pass buffers at a time: 1 KiB of them, or 16 items over 16 bytes.
/// Two threads of a 2-core EPYC, in place, u32 (before: the one-item loop): 2^20 in cache 0.130 ->
/// 0.070 ms, 2^20 from memory 0.138 -> 0.080 ms, 2^24 2.18 -> 1.28 ms; compare/'s row at 2^20
/// 0.135 -> 0.071-0.076 ms against Thrust's OpenMP backend's 0.099-0.113 (16 cores, session 20's
/// compare/results/cpu-16: 0.78x Thrust before, not measured since).
/// 256 B blocks gained half as much; 2 KiB as 1 KiB; 4 KiB blocks ran 1.2x slower than the
/// one-item loop from memory (4K aliasing between the buffer and the stream, most likely).
template <class T>
inline constexpr size_type adjacent_difference_block = sizeof(T) <= 16 ? size_type(1024 / sizeof(T)) : 16;

/// The item before each chunk but the first of [0, n) cut into `chunks` (chunk_bounds), read before
/// any chunk is written.
template <class It>
std::vector<tide::detail::iter_value_t<It>> chunk_predecessors(It first, size_type n, int chunks) {
  std::vector<tide::detail::iter_value_t<It>> before;  // before[c - 1]: the item before chunk c
  before.reserve(static_cast<std::size_t>(chunks - 1));
  for (int c = 1; c < chunks; ++c) {
    size_type b, e;
    chunk_bounds(n, chunks, c, b, e);
    before.push_back(first[b - 1]);
  }
  return before;
}

/// In place over a[0, n), n > 1: each chunk from its end back. 16-core Xeon VM, u32 (the
/// buffered forward loop before, compare/experiments/omp_adjacent_in_place.cpp): 2^20 94-104 ->
/// 54-75 us (Thrust's OpenMP backend 85 us), 2^24 1.50-1.59 -> 0.83-0.85 ms (Thrust 8.4 ms).
template <class T, class Op>
void adjacent_difference_in_place(const omp_policy& p, T* a, size_type n, Op& op) {
  const int chunks = thread_count(p, n);  // parallel_chunks cuts the same chunks
  const std::vector<T> before = chunk_predecessors(a, n, chunks);
  parallel_chunks(p, n, [&](size_type b, size_type e, int c) {
    if (b == e) return;
    for (size_type i = e - 1; i > b; --i) a[i] = op(a[i], a[i - 1]);
    if (c > 0) a[b] = op(a[b], before[static_cast<std::size_t>(c - 1)]);  // a[0] stays first[0]
  });
}
}  // namespace detail

/// out[0] = first[0], out[i] = op(first[i], first[i - 1]) for 0 < i < n. out may equal first.
template <class It, class OutIt, class Op>
void adjacent_difference(const omp_policy& p, It first, size_type n, OutIt out, Op op) {
  if (n == 0) return;
  using value_t = tide::detail::iter_value_t<It>;
  using result_t = decltype(op(std::declval<value_t&>(), std::declval<value_t&>()));
  if constexpr (!std::is_void_v<detail::stream_element_t<OutIt, result_t>> && tide::detail::is_contiguous_v<It>) {
    const auto in_at = reinterpret_cast<std::uintptr_t>(tide::detail::contiguous_address(first));
    const auto out_at = reinterpret_cast<std::uintptr_t>(tide::detail::contiguous_address(out));
    const auto bytes_in = std::uintptr_t(n) * sizeof(value_t);
    const auto bytes_out = std::uintptr_t(n) * sizeof(*tide::detail::contiguous_address(out));
    if (n > 1 && (in_at + bytes_in <= out_at || out_at + bytes_out <= in_at)) {
      out[0] = value_t(first[0]);
      transform2(p, first + 1, n - 1, first, out + 1, [&](value_t x, value_t y) { return op(x, y); });
      return;
    }
    using out_t = std::remove_reference_t<decltype(*tide::detail::contiguous_address(out))>;
    if constexpr (std::is_same_v<out_t, value_t>) {
      if (n > 1 && in_at == out_at)
        return detail::adjacent_difference_in_place(p, tide::detail::contiguous_address(out), n, op);
    }
  }
  const int chunks = detail::thread_count(p, n);  // parallel_chunks cuts the same chunks
  const std::vector<value_t> before = detail::chunk_predecessors(first, n, chunks);
  detail::parallel_chunks(p, n, [&](size_type b, size_type e, int c) {
    if (b == e) return;
    const size_type lo = c == 0 ? b + 1 : b;  // out[0] is first[0]
    if constexpr (std::is_trivially_copyable_v<value_t> && std::is_trivially_default_constructible_v<value_t>) {
      // A block at a time: the block goes to a buffer after the item before it (kept from the
      // previous block: in place, that block has been written over), and the differences are
      // computed from the buffer (no store can change what they read: they vectorize) and
      // written over the block, which nothing reads again.
      constexpr size_type block = detail::adjacent_difference_block<value_t>;
      value_t buf[block + 1];
      buf[block] = c == 0 ? value_t(first[0]) : before[static_cast<std::size_t>(c - 1)];
      for (size_type from = lo; from < e; from += block) {
        const size_type k = e - from < block ? e - from : block;
        buf[0] = buf[block];  // the item before the block
        for (size_type j = 0; j < k; ++j) buf[j + 1] = first[from + j];
        for (size_type j = 0; j < k; ++j) out[from + j] = op(buf[j + 1], buf[j]);
        buf[block] = buf[k];
      }
    } else {
      value_t prev = c == 0 ? value_t(first[b]) : before[static_cast<std::size_t>(c - 1)];
      for (size_type i = lo; i < e; ++i) {
        value_t next = first[i];
        out[i] = op(next, prev);
        prev = next;
      }
    }
    if (c == 0) out[0] = value_t(first[0]);
  });
}

}  // namespace tide::backend::omp
