#pragma once
// OpenMP stream compaction: copy_if and unique_copy over parallel_split (below; parallel_scan.hpp). Each
// block counts what it keeps, the counts become carries in block order, then the block writes from
// its carry while it is still in cache (one pass over memory): stable, and the same output for any
// thread count. Not in-place safe (a block may write where a later block is still to be read).
// copy_if into raw memory of small trivially copyable items compacts each block into a buffer in
// L1 instead and copies it out, streamed beyond the last-level cache (copy_if_buffered, below).
//
// No branch on the predicate in either phase. The count sums bool(selected(i)) in 32 bits over a
// whole block's constant trip count, which g++ vectorizes (at -O2 too). The write phase takes a
// plain loop for a block of one group (its count, kept from the count phase, is 0 or the block),
// and for a mixed block first gathers the selected offsets, and the rejected ones, into an 8 KiB
// list (idx[s] = j; s += sel), then writes each group in a loop of its own: the old loop's
// `if (selected(i)) write here; else write there` mispredicted every other element on a random
// predicate. On 2 cores shared with other jobs (min of 5 medians; g++ 12 -O2 -march=native; u32,
// x & 1; 2^24: tide::copy(par) 5.6 ms): copy_if, half kept, 37 -> 6.1 ms; all kept 13 -> 6.7;
// none 5.9 -> 1.4; runs of 256-8K 10 -> 5.6; partition_copy, half, 38 -> 11.0 (two gathers, two
// write loops); unique_copy, half the runs new, 55 -> 7.8 (unique_by_key_copy 59 -> 12.9). 2^26
// (copy 25 ms): copy_if 148 -> 30, partition_copy 155 -> 48, unique_copy 216 -> 37. At -O3 (the
// test build; copy 3.3 ms at 2^24) alike, but for partition_copy over runs, 9.5 -> 10.1 ms (the
// old branch predicted runs well). Tried and dropped: gathering 8 flags at a time through a
// 256-entry offset table (8.5 against 7.0 ms at -O3); one store through `sel ? s : r - 1`
// (g++ -O3 made it a branch again: 40 ms).

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "../../detail/dispatch.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "../../execution.hpp"
#include "parallel_scan.hpp"
#include "stream_store.hpp"

#if TIDE_HAS_OPENMP
#include <omp.h>
#endif

namespace tide::backend::omp {

namespace detail {
/// A block's count of selected(i) over [b, e), with no branch, in 32 bits, over a constant trip
/// count for a whole block: so g++ vectorizes it for a simple predicate, at -O2 too (a 64-bit sum
/// or a variable trip count left it scalar, a third of the copy's time at 2^24 u32).
template <class Selected>
size_type count_selected(Selected& selected, size_type b, size_type e) {
  constexpr size_type B = scan_tuning::block_items;
  std::uint32_t k = 0;
  if (e - b == B) {
    for (size_type j = 0; j < B; ++j) k += std::uint32_t(bool(selected(b + j)));
  } else {
    for (size_type i = b; i < e; ++i) k += std::uint32_t(bool(selected(i)));
  }
  return size_type(k);
}

/// parallel_split's work; Rejected says whether there are rejected writes (the compactions have none).
template <bool Rejected, class Selected, class WriteSelected, class WriteRejected>
size_type split(const omp_policy& p, size_type n, Selected& selected, WriteSelected& write_selected,
                WriteRejected& write_rejected, size_type item_bytes) {
  // A block's offsets fit 16 bits: its index list is 8 KiB of stack, beside the block in L1.
  using offset_t = std::uint16_t;
  constexpr size_type B = scan_tuning::block_items;
  static_assert(B <= size_type(1) << 16, "parallel_split: block offsets are 16 bits");
  size_type total = 0;
  auto count = [&](size_type b, size_type e) { return count_selected(selected, b, e); };
  // Each block's count, kept from the count phase for the write phase.
  std::vector<size_type> counts(static_cast<std::size_t>(scan_blocks(n)));
  parallel_scan<size_type>(
      p, n,
      [&](size_type b, size_type e) { return counts[static_cast<std::size_t>(b / B)] = count(b, e); },
      [&](size_type b, size_type e, const size_type* carry) {
        const size_type len = e - b, k = carry ? *carry : 0, q = b - k;
        // parallel_scan counts every block but the last (no total is needed after it): that one
        // takes the gather, which counts it.
        const size_type selected_here = e < n ? counts[static_cast<std::size_t>(b / B)] : size_type(-1);
        // A block all of one group (long runs, or a predicate that keeps all or nothing): plain
        // loops, which vectorize for contiguous iterators.
        if (selected_here == len) {
          for (size_type j = 0; j < len; ++j) write_selected(b + j, k + j);
          return;
        }
        if (selected_here == 0) {
          if constexpr (Rejected)
            for (size_type j = 0; j < len; ++j) write_rejected(b + j, q + j);
          return;
        }
        // Otherwise gather the block's selected offsets at the front of idx and its rejected ones
        // at the back (last first), with no branch on the predicate (a random one mispredicts
        // every other element), then write each group in a loop of its own.
        offset_t idx[B];
        size_type s = 0, r = len;  // idx[0, s): selected; idx[r, len): rejected, in reverse
        for (size_type j = 0; j < len; ++j) {
          const bool sel = selected(b + j);
          // Both stores, one kept: s + (len - r) == j, so s < r and neither store leaves idx; the
          // store of the group not taken lands on a slot that group's next element (or the other
          // group, when the slots meet) overwrites before the end.
          idx[s] = offset_t(j);
          if constexpr (Rejected) idx[r - 1] = offset_t(j);
          s += size_type(sel);
          if constexpr (Rejected) r -= size_type(!sel);
        }
        for (size_type j = 0; j < s; ++j) write_selected(b + idx[j], k + j);
        if constexpr (Rejected)
          for (size_type j = 0; j < len - s; ++j) write_rejected(b + idx[len - 1 - j], q + j);
        if (e == n) total = k + s;
      },
      [](size_type a, size_type b) { return a + b; }, item_bytes);
  return total;
}

/// Stable split of [0, n): selected(i) says whether element i goes first; write_selected(i, k)
/// stores it at selected slot k, write_rejected(i, q) at rejected slot q. Returns the number
/// selected. selected is called at most twice per element (count, then write for a block of both
/// groups: the second time the element is in cache). The partitions use it whole; the compactions
/// below with no rejected writes.
template <class Selected, class WriteSelected, class WriteRejected>
size_type parallel_split(const omp_policy& p, size_type n, Selected selected, WriteSelected write_selected,
                         WriteRejected write_rejected, size_type item_bytes) {
  return split<true>(p, n, selected, write_selected, write_rejected, item_bytes);
}

/// Stable compaction over [0, n): keep(i) says whether element i stays, write(i, k) stores it in
/// output slot k. Returns the number kept.
template <class Keep, class Write>
size_type parallel_compact(const omp_policy& p, size_type n, Keep keep, Write write, size_type item_bytes) {
  auto none = [](size_type, size_type) {};
  return split<false>(p, n, keep, write, none, item_bytes);
}
}  // namespace detail

namespace detail {
/// Tests set this to shrink copy_if_buffered's queues to so many blocks a thread (0: a round's
/// share), so that blocks overflow them and are compacted again in the write phase.
inline std::atomic<size_type> copy_if_queue_blocks_override{0};

/// copy_if into raw memory o (E trivially copyable, a block of it fits the stack buffer), one
/// pass over memory. parallel_scan's count phase compacts each block while it reads it: every
/// element is stored at the end of the thread's scratch, which advances when it is kept (no
/// branch), and the block's count is that advance. The write phase then copies each block's kept
/// run from the scratch (L2) to its place in o: through non-temporal stores when the input is
/// beyond the last-level cache (a plain store reads its line first). The scratch is a queue per
/// thread: parallel_scan has the same thread write a block that counted it, in the same order,
/// so the write phase takes the blocks from the front; a round's blocks of one thread fit it
/// (scan_share_blocks), and a block that does not (rounds grown on a slow machine; the last
/// block, which is never counted) is compacted again in the write phase into a stack buffer.
/// Against parallel_compact's count, then offset list and writes (16-core VM, 2^28 u32, half
/// kept): the compaction (about 2 cycles an element) overlaps the reads instead of following them.
template <class E, class It, class StencilIt, class Pred>
size_type copy_if_buffered(const omp_policy& p, It first, size_type n, StencilIt stencil, E* o, Pred& pred) {
  constexpr size_type B = scan_tuning::block_items;
  const bool stream = should_stream(o, n);
  auto keep = [&](size_type i) -> bool { return pred(stencil[i]); };
  // to[0, e - b) is room enough. Eight at a time: the loads and tests first, then the stores, so
  // that only the adds chain (2-core Xeon, a 4096-item block in L1: 0.29-0.32 -> 0.24-0.26 ns).
  auto compact = [&](size_type b, size_type e, E* to) {
    size_type s = 0, j = b;
    for (; j + 8 <= e; j += 8) {
      E v[8];
      size_type f[8];
      for (int u = 0; u < 8; ++u) {
        v[u] = E(first[j + u]);
        f[u] = size_type(keep(j + u));
      }
      for (int u = 0; u < 8; ++u) {
        to[s] = v[u];
        s += f[u];
      }
    }
    for (; j < e; ++j) {
      to[s] = E(first[j]);
      s += size_type(keep(j));
    }
    return s;
  };
  const size_type blocks = scan_blocks(n);
  const size_type team = size_type(scan_team(p, n));  // parallel_scan's (its threads index the queues)
  // A thread's room: its blocks of a round, at most (and of the whole range, for a short one).
  const size_type room = copy_if_queue_blocks_override.load(std::memory_order_relaxed);
  const size_type capacity =
      (room ? room : std::min(scan_share_blocks(sizeof(tide::detail::iter_value_t<It>)), (blocks + team - 1) / team)) *
      B;
  struct alignas(64) queue {
    size_type front = 0, back = 0;
  };
  std::vector<queue> queues(static_cast<std::size_t>(team));
  std::vector<size_type> counts(static_cast<std::size_t>(blocks));
  std::vector<unsigned char> queued(static_cast<std::size_t>(blocks), 0);
  ::tide::detail::temporary_buffer<E> scratch(p, static_cast<std::size_t>(team * capacity), "copy_if");
  auto thread = [&]() -> size_type {
#if TIDE_HAS_OPENMP
    return team > 1 ? size_type(omp_get_thread_num()) : 0;
#else
    return 0;
#endif
  };
  size_type total = 0;
  parallel_scan<size_type>(
      p, n,
      [&](size_type b, size_type e) {
        const size_type t = thread();
        queue& q = queues[static_cast<std::size_t>(t)];
        if (q.front == q.back) q.front = q.back = 0;  // the last round's blocks are written
        size_type k;
        if (q.back + (e - b) <= capacity) {
          k = compact(b, e, scratch.data() + t * capacity + q.back);
          q.back += k;
          queued[static_cast<std::size_t>(b / B)] = 1;
        } else {
          k = count_selected(keep, b, e);
        }
        return counts[static_cast<std::size_t>(b / B)] = k;
      },
      [&](size_type b, size_type e, const size_type* carry) {
        const size_type k = carry ? *carry : 0;
        if (queued[static_cast<std::size_t>(b / B)]) {
          const size_type t = thread(), s = counts[static_cast<std::size_t>(b / B)];
          queue& q = queues[static_cast<std::size_t>(t)];
          copy_lines(o + k, scratch.data() + t * capacity + q.front, s, stream, nullptr, 0);
          q.front += s;
          return;
        }
        alignas(64) E buf[B];
        const size_type s = compact(b, e, buf);
        copy_lines(o + k, buf, s, stream, nullptr, 0);
        if (e == n) total = k + s;
      },
      [](size_type x, size_type y) { return x + y; }, sizeof(tide::detail::iter_value_t<It>));
  return total;
}
}  // namespace detail

/// Copies first[i] to the next output slot where pred(stencil[i]); returns how many were written.
template <class It, class StencilIt, class OutIt, class Pred>
size_type copy_if(const omp_policy& p, It first, size_type n, StencilIt stencil, OutIt out, Pred pred) {
  using E = detail::stream_element_t<OutIt, decltype(first[0])>;
  if constexpr (!std::is_void_v<E>) {
    if constexpr (detail::scan_tuning::block_items * sizeof(E) <= detail::stream_tuning::max_buffer_bytes) {
      if (n > 0) return detail::copy_if_buffered(p, first, n, stencil, tide::detail::contiguous_address(out), pred);
    }
  }
  return detail::parallel_compact(
      p, n, [&](size_type i) -> bool { return pred(stencil[i]); },
      [&](size_type i, size_type k) { out[k] = first[i]; }, sizeof(tide::detail::iter_value_t<It>));
}

/// Copies the first element of each run of neighbours that pred calls equal; returns how many.
template <class It, class OutIt, class Pred>
size_type unique_copy(const omp_policy& p, It first, size_type n, OutIt out, Pred pred) {
  if (n == 0) return 0;
  // The first element always stays; the rest are compacted by pair (i, i + 1), which keeps the
  // test free of i == 0 (so it vectorizes: with it, 4x slower at 2^24 u32).
  out[0] = first[0];
  return 1 + detail::parallel_compact(
                 p, n - 1, [&](size_type i) -> bool { return !pred(first[i], first[i + 1]); },
                 [&](size_type i, size_type k) { out[k + 1] = first[i + 1]; },
                 sizeof(tide::detail::iter_value_t<It>));
}

}  // namespace tide::backend::omp
