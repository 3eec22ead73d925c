#pragma once
// The one-thread pieces of the OpenMP samplesort (sample_sort.hpp): splitter choice, bucket
// classification, a branchless stable merge sort, and the serial samplesort a thread sorts each
// bucket with.
//
// serial_sample_sort(from, other, m, into_other): the result lands in `other` when into_other,
// else in `from`; the other array is scratch. Below serial_min_n elements (or past max_depth
// levels) it merge sorts: runs of 8 sorted by a stable network (arithmetic keys; insertion-sorted
// runs of 32 otherwise), then merge passes ping-ponging between the two arrays, merging from both
// ends at once, started in whichever array makes the last pass land where the result belongs
// (one thread of a 2-core Xeon, 2^22 f32 by `a > b`: 45 -> 34 ns an element against insertion
// runs and a front-only merge; on the 16-core VM, 2^24 and 2^28: 5-12% less). The network's
// exchanges blend bits instead of a ternary (GCC branched on float ternaries: 8.6 -> 3.6 ns an
// element), and a pass merges two pairs side by side, its last (single) pair cut in two at the
// middle output by a co-rank search (four chains: 1.9 -> 1.1-1.4 ns an element a pass). Above,
// one level of samplesort (a pass of classification costs a few comparisons an element without
// mispredicted branches; it replaces as many merge passes, each with a mispredicted branch an
// element unless branchless, and a read and write of the whole bucket):
//   1. splitters from a sample of `from` (choose_splitters; equivalent splitters merged, and then
//      equality buckets, so heavy keys need no sort at all);
//   2. each element's bucket into an oracle array (splitter_tree.hpp), and the buckets' counts;
//   3. a stable distribution from -> other in input order (each bucket's start from the counts);
//   4. each bucket sorted by the same function, the arrays' roles swapped, so its result lands in
//      the array the caller wants; equality buckets are only copied when the result must move.
// Stable: the classification is monotone (an element less than another gets a bucket no greater, equivalent
// ones the same bucket), the distribution keeps input order within a bucket, and the buckets'
// sorts are stable. A bucket as large as its parent (a sample that did not split it: an
// inconsistent comparator) is merge sorted rather than split again. Every index comes from the
// oracle, so any comparator gives a permutation. The workspace is allocated before the parallel
// region (nothing here allocates).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "../../detail/host_merge.hpp"
#include "../../detail/host_sort.hpp"
#include "../../detail/select_by_mask.hpp"
#include "../../execution.hpp"
#include "splitter_tree.hpp"

namespace tide::backend::omp::detail {

/// Where par's comparison sorts take the samplesort, and its shape (tests reach the boundaries).
struct sample_sort_tuning {
  /// From this many elements on, sort / sort_by_key with a comparator samplesort (below: the
  /// parallel merge sort). One thread of a 2-core Xeon, f32 keys by a user's `a > b`: 1.3 ms
  /// against the merge sort's 1.8 at 2^15, 0.6 against 0.8 at 2^14 (threads: not measurable there).
  static constexpr size_type min_n = size_type(1) << 15;
  /// The parallel level: at most this many buckets (splitters + 1), a power of two, and at least
  /// min_bucket elements a bucket on average.
  static constexpr int max_buckets = 256;
  static constexpr size_type min_bucket = 2048;
  /// Sample elements per bucket.
  static constexpr int oversample = 16;
  /// The parallel level's distribution stages each bucket's elements in a buffer of this many
  /// bytes, from combine_min_buckets buckets on (sample_sort.hpp, distribute_staged). One thread
  /// of a 2-core Xeon, 2^22 f32 into 256 buckets: 15.3 ms with direct stores, 18.9 with 64-byte
  /// buffers, 14.8 with 128, 12.0 with 256, 9.1 with 512, 8.4 with 1024 (twice the L1 a thread).
  static constexpr size_type combine_bytes = 512;
  static constexpr int combine_min_buckets = 64;
  /// A thread splits a bucket of at least serial_min_n elements into up to serial_buckets (at
  /// least serial_min_bucket elements each on average), at most max_depth levels deep. One thread
  /// of a 2-core Xeon, 2^22 f32 keys by `a > b` (buckets of 2^14), with the branchless sort8 and
  /// the paired merges: 112-115 ms for (2048, 64, 64 buckets, oversample 4), (4096, 64) and
  /// (1024, 32); 117 with 128 buckets; 122-123 for (256, 16 or 32) and (128, 16), oversample 2.
  /// (Before those, with branches in sort8: (512, 32) was best, 533 ms at 2^24, 653 for (4096, 256).)
  static constexpr size_type serial_min_n = 2048;
  static constexpr int serial_buckets = 64;
  static constexpr size_type serial_min_bucket = 64;
  static constexpr int serial_oversample = 4;
  static constexpr int max_depth = 4;
};

/// Buckets for n elements: a power of two in [2, max_k], at least min_bucket elements each on average.
inline int buckets_for(size_type n, int max_k, size_type min_bucket) {
  int k = 2;
  while (k < max_k && size_type(2 * k) * min_bucket <= n) k *= 2;
  return k;
}

template <class T, class Comp>
void merge_sort_to(T* from, T* other, size_type m, bool into_other, Comp& comp);

/// Builds `tree` from sorted, pairwise distinct splitters of data[0, n) for up to k buckets: every
/// oversample-th element of a sample of k * oversample (deterministic: seeded by n) merge sorted.
/// Equivalent splitters are merged, and then the tree gives equality buckets. sample and scratch
/// are workspace; none of the vectors outgrows its reserved capacity.
template <class T, class Comp>
void choose_splitters(const T* data, size_type n, int k, int oversample, Comp& comp, std::vector<T>& sample,
                      std::vector<T>& scratch, splitter_tree<T>& tree) {
  const size_type samples = size_type(k) * oversample;
  sample.clear();
  std::uint64_t state = 0x9e3779b97f4a7c15ull ^ std::uint64_t(n);
  for (size_type i = 0; i < samples; ++i) {  // splitmix64
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    sample.push_back(data[static_cast<size_type>(z % std::uint64_t(n))]);
  }
  scratch.assign(sample.begin(), sample.end());
  merge_sort_to(sample.data(), scratch.data(), samples, false, comp);
  std::vector<T>& splitters = tree.sorted;
  splitters.clear();
  bool equal = false;
  for (int i = 1; i < k; ++i) {
    const T& s = sample[static_cast<std::size_t>(i) * oversample - 1];
    if (splitters.empty() || comp(splitters.back(), s))
      splitters.push_back(s);
    else
      equal = true;
  }
  tree.build(equal);
}

/// Stable merge of a[0, na) and b[0, nb) into out (ties: a first), without a branch on the
/// comparison: the element's address is selected, and both cursors advance by the result. Both
/// ends at once: the front takes the smallest (a's on ties), the back the largest (b's on ties),
/// two independent chains of load, compare and advance (one chain is latency-bound). Each round
/// takes s = min(left in a, left in b) / 2 steps from each end, which can neither run a cursor
/// out nor let the ends meet; the last few are merged from the front with bounds checks.
template <class T, class Comp>
void merge_branchless(const T* a, size_type na, const T* b, size_type nb, T* out, Comp& comp) {
  const T* ea = a + na;  // one past the elements of a still to merge
  const T* eb = b + nb;
  T* eo = out + na + nb;
  for (;;) {
    const size_type s = std::min(size_type(ea - a), size_type(eb - b)) / 2;
    if (s == 0) break;
    for (size_type k = 0; k < s; ++k) {
      const bool front_b = comp(*b, *a);  // b strictly first: take it
      *out++ = *(front_b ? b : a);
      b += front_b;
      a += !front_b;
      const bool back_a = comp(eb[-1], ea[-1]);  // a's last strictly after b's: it goes last
      *--eo = *(back_a ? ea - 1 : eb - 1);
      ea -= back_a;
      eb -= !back_a;
    }
  }
  if (a != ea && b != eb) {
    for (;;) {
      const bool take_b = comp(*b, *a);
      *out++ = *(take_b ? b : a);
      b += take_b;
      a += !take_b;
      if (a == ea || b == eb) break;
    }
  }
  out = std::copy(a, ea, out);
  std::copy(b, eb, out);
}

/// Two independent merge_branchless calls interleaved: four chains of load, compare and advance
/// instead of two, so that a merge pass is bound by throughput rather than latency. Rounds as in
/// merge_branchless, sized by the shortest of the four runs; what is left, merge_branchless.
template <class T, class Comp>
void merge2_branchless(const T* a, size_type na, const T* b, size_type nb, T* out, const T* c, size_type nc,
                       const T* d, size_type nd, T* out2, Comp& comp) {
  const T* ea = a + na;
  const T* eb = b + nb;
  T* eo = out + na + nb;
  const T* ec = c + nc;
  const T* ed = d + nd;
  T* eo2 = out2 + nc + nd;
  for (;;) {
    const size_type s = std::min(std::min(size_type(ea - a), size_type(eb - b)),
                                 std::min(size_type(ec - c), size_type(ed - d))) / 2;
    if (s == 0) break;
    for (size_type k = 0; k < s; ++k) {
      const bool front_b = comp(*b, *a);
      const bool front_d = comp(*d, *c);
      const bool back_a = comp(eb[-1], ea[-1]);
      const bool back_c = comp(ed[-1], ec[-1]);
      *out++ = *(front_b ? b : a);
      *out2++ = *(front_d ? d : c);
      *--eo = *(back_a ? ea - 1 : eb - 1);
      *--eo2 = *(back_c ? ec - 1 : ed - 1);
      b += front_b;
      a += !front_b;
      d += front_d;
      c += !front_d;
      ea -= back_a;
      eb -= !back_a;
      ec -= back_c;
      ed -= !back_c;
    }
  }
  merge_branchless(a, size_type(ea - a), b, size_type(eb - b), out, comp);
  merge_branchless(c, size_type(ec - c), d, size_type(ed - d), out2, comp);
}

/// Stable sort of in[0, 8) into a[0, 8): odd-even transposition, adjacent compare-exchanges that
/// swap only when the right element is strictly first, so equivalent elements never pass each
/// other; no branch on a comparison (an insertion sort mispredicts about once an element).
template <class T, class Comp>
void sort8_stable(const T* in, T* a, Comp& comp) {
  T v0 = in[0], v1 = in[1], v2 = in[2], v3 = in[3], v4 = in[4], v5 = in[5], v6 = in[6], v7 = in[7];
  auto exchange = [&comp](T& x, T& y) {
    const bool swap = comp(y, x);
    T lo = tide::detail::select_by_mask(swap, y, x);
    T hi = tide::detail::select_by_mask(swap, x, y);
    x = lo;
    y = hi;
  };
  for (int r = 0; r < 4; ++r) {  // named locals, so the 28 exchanges stay in registers
    exchange(v0, v1), exchange(v2, v3), exchange(v4, v5), exchange(v6, v7);
    exchange(v1, v2), exchange(v3, v4), exchange(v5, v6);
  }
  a[0] = v0, a[1] = v1, a[2] = v2, a[3] = v3, a[4] = v4, a[5] = v5, a[6] = v6, a[7] = v7;
}

/// Runs of the merge sort's first pass: sorted by sort8_stable (arithmetic keys) or by insertion.
template <class T>
constexpr size_type first_run = std::is_arithmetic_v<T> ? 8 : ::tide::detail::host::insertion_run;

/// Stable merge sort of from[0, m); the result lands in other when into_other, else in from.
template <class T, class Comp>
void merge_sort_to(T* from, T* other, size_type m, bool into_other, Comp& comp) {
  namespace host = ::tide::detail::host;
  constexpr size_type run = first_run<T>;
  int passes = 0;
  for (size_type width = run; width < m; width *= 2) ++passes;
  T* target = into_other ? other : from;
  T* a = passes % 2 == 0 ? target : (target == from ? other : from);  // where the runs are sorted
  T* b = a == from ? other : from;
  for (size_type i = 0; i < m; i += run) {  // runs sorted from `from` into a
    if constexpr (run == 8) {
      if (m - i >= 8) {
        sort8_stable(from + i, a + i, comp);
        continue;
      }
    }
    const size_type r = std::min(run, m - i);
    if (a != from) std::copy(from + i, from + i + r, a + i);
    host::insertion_sort(a + i, r, comp);
  }
  for (size_type width = run; width < m; width *= 2) {
    size_type held = -1;  // a pair waiting for a second one to merge beside it
    for (size_type lo = 0; lo < m; lo += 2 * width) {
      size_type mid = std::min(lo + width, m), hi = std::min(lo + 2 * width, m);
      if (mid == hi || !comp(a[mid], a[mid - 1])) {
        std::copy(a + lo, a + hi, b + lo);
      } else if (held < 0) {
        held = lo;
      } else {
        const size_type hm = held + width;
        merge2_branchless(a + held, width, a + hm, width, b + held, a + lo, mid - lo, a + mid, hi - mid, b + lo,
                          comp);
        held = -1;
      }
    }
    if (held >= 0) {  // one pair left (the last pass has only one): its two halves side by side
      const size_type mid = held + width, hi = std::min(held + 2 * width, m);
      const size_type na = width, nb = hi - mid, half = (na + nb) / 2;
      const size_type i = ::tide::detail::host::co_rank(half, a + held, na, a + mid, nb, comp);
      merge2_branchless(a + held, i, a + mid, half - i, b + held, a + held + i, na - i, a + mid + (half - i),
                        nb - (half - i), b + held + half, comp);
    }
    std::swap(a, b);
  }
}

/// One thread's workspace for serial_sample_sort of buckets of up to max_m elements.
template <class T>
struct sample_workspace {
  std::vector<T> sample, scratch;
  splitter_tree<T> tree;
  std::vector<std::uint8_t> oracle;
  explicit sample_workspace(size_type max_m) : oracle(static_cast<std::size_t>(max_m)) {
    const auto samples =
        static_cast<std::size_t>(sample_sort_tuning::serial_buckets) * sample_sort_tuning::serial_oversample;
    sample.reserve(samples);
    scratch.reserve(samples);
    tree.reserve(sample_sort_tuning::serial_buckets);
  }
};

/// Stable sort of from[0, m) on one thread; the result lands in other when into_other, else in from.
template <class T, class Comp>
void serial_sample_sort(T* from, T* other, size_type m, bool into_other, Comp& comp, sample_workspace<T>& ws,
                        int depth = 0) {
  using tuning = sample_sort_tuning;
  if (m < tuning::serial_min_n || depth >= tuning::max_depth) return merge_sort_to(from, other, m, into_other, comp);
  const int k = buckets_for(m, tuning::serial_buckets, tuning::serial_min_bucket);
  choose_splitters(from, m, k, tuning::serial_oversample, comp, ws.sample, ws.scratch, ws.tree);
  const bool equal = ws.tree.equal;
  const int buckets = ws.tree.buckets();  // at most 2 * serial_buckets: fits the byte oracle
  size_type next[2 * tuning::serial_buckets + 1] = {};
  std::uint8_t* oracle = ws.oracle.data();
  ws.tree.classify(from, m, oracle, next, comp);
  size_type begin[2 * tuning::serial_buckets + 1];
  size_type sum = 0;
  for (int j = 0; j < buckets; ++j) {
    begin[j] = sum;
    sum += next[j];
    next[j] = begin[j];
  }
  begin[buckets] = m;
  for (size_type i = 0; i < m; ++i) other[next[oracle[i]]++] = from[i];
  // Bucket j is in other[begin[j], begin[j + 1]); its result belongs in other when into_other.
  for (int j = 0; j < buckets; ++j) {
    const size_type b = begin[j], size = begin[j + 1] - b;
    if (equal && j % 2 == 0) {
      if (!into_other) std::copy(other + b, other + b + size, from + b);
    } else if (size == m) {  // not split: sort it otherwise
      merge_sort_to(other + b, from + b, size, !into_other, comp);
    } else if (size > 0) {
      serial_sample_sort(other + b, from + b, size, !into_other, comp, ws, depth + 1);
    }
  }
}

}  // namespace tide::backend::omp::detail
