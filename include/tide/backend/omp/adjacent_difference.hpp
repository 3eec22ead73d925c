#pragma once
// OpenMP adjacent_difference. Input and output in raw memory that do not overlap: out[0], then a
// binary transform of first[1, n) and first[0, n - 1) (for_each.hpp: it vectorizes, and streams a
// big output; 16-core VM, 2^28 u32, the chunked loop below ran at 0.75x of GCC's par). Otherwise
// (in place, iterator adaptors) one chunk per thread, each as the sequential loop. The item before
// each chunk is saved before the parallel pass: in place (out == first), the previous chunk may
// already have overwritten it.

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
  }
  const int chunks = detail::thread_count(p, n);  // parallel_chunks cuts the same chunks
  std::vector<value_t> before;                     // before[c - 1]: the item before chunk c
  before.reserve(static_cast<std::size_t>(chunks - 1));
  for (int c = 1; c < chunks; ++c) {
    size_type b, e;
    detail::chunk_bounds(n, chunks, c, b, e);
    before.push_back(first[b - 1]);
  }
  detail::parallel_chunks(p, n, [&](size_type b, size_type e, int c) {
    if (b == e) return;
    value_t prev = c == 0 ? value_t(first[b]) : before[static_cast<std::size_t>(c - 1)];
    size_type i = b;
    if (c == 0) {
      out[0] = prev;
      i = 1;
    }
    for (; i < e; ++i) {
      value_t next = first[i];
      out[i] = op(next, prev);
      prev = next;
    }
  });
}

}  // namespace tide::backend::omp
