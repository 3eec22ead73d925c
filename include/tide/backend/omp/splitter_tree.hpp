#pragma once
// The samplesort's classifier (sample_sort.hpp, sample_sort_serial.hpp): an element's bucket is
// the number of splitters not greater than it (upper_bound), found in a complete binary search
// tree of the splitters in breadth-first (Eytzinger) order: from node 1, each level goes to child
// 2i + (the element is not less than node i). No branch depends on a comparison, and a batch of
// elements descends the tree side by side, so their comparisons overlap instead of waiting on one
// another. The tree has k - 1 nodes, k the power of two above the splitters' count; slots past
// the last splitter repeat it, and an index past the last bucket is clamped back to it (an element
// not less than the last splitter is not less than its copies). Whatever the comparator answers,
// the bucket is in [0, buckets): the distribution that uses it stays a permutation.
//
// With equality buckets (equivalent splitters were merged: heavy keys), upper_bound b becomes 2b
// when the element is equivalent to splitter b - 1, else 2b + 1: an equality bucket precedes the
// elements greater than its splitter, so the buckets stay in sorted order.

#include <cstdint>
#include <vector>

#include "../../execution.hpp"

namespace tide::backend::omp::detail {

template <class T>
struct splitter_tree {
  std::vector<T> sorted;  // the distinct splitters, sorted (choose_splitters fills it)
  std::vector<T> tree;    // tree[1, k) in breadth-first order; tree[0] unused
  int k = 1, levels = 0, ns = 0;
  bool equal = false;

  /// Room for up to max_k - 1 splitters, so that build never allocates.
  void reserve(int max_k) {
    sorted.reserve(static_cast<std::size_t>(max_k));
    tree.reserve(static_cast<std::size_t>(max_k));
  }
  /// Buckets the classification gives: ns + 1, twice that with equality buckets.
  int buckets() const { return equal ? 2 * (ns + 1) : ns + 1; }

  /// Lays `sorted` (at least one splitter) out as the tree.
  void build(bool with_equal) {
    equal = with_equal;
    ns = static_cast<int>(sorted.size());
    k = 1;
    levels = 0;
    while (k < ns + 1) k *= 2, ++levels;
    tree.assign(static_cast<std::size_t>(k), sorted[0]);
    int next = 0;
    fill(1, next);
  }

  /// The buckets of x[0, count) into out, each counted in counts.
  template <class Out, class Comp>
  void classify(const T* x, size_type count, Out* out, size_type* counts, Comp& comp) const {
    constexpr int batch = 8;
    size_type i = 0;
    for (; i + batch <= count; i += batch) {
      int node[batch];
      for (int u = 0; u < batch; ++u) node[u] = 1;
      for (int l = 0; l < levels; ++l)
        for (int u = 0; u < batch; ++u) node[u] = 2 * node[u] + (comp(x[i + u], tree[node[u]]) ? 0 : 1);
      for (int u = 0; u < batch; ++u) finish(x[i + u], node[u], out[i + u], counts, comp);
    }
    for (; i < count; ++i) {
      int node = 1;
      for (int l = 0; l < levels; ++l) node = 2 * node + (comp(x[i], tree[node]) ? 0 : 1);
      finish(x[i], node, out[i], counts, comp);
    }
  }

 private:
  void fill(int i, int& next) {  // in-order over the tree: the sorted splitters, the last repeated
    if (i >= k) return;
    fill(2 * i, next);
    tree[static_cast<std::size_t>(i)] = sorted[static_cast<std::size_t>(next < ns ? next : ns - 1)];
    ++next;
    fill(2 * i + 1, next);
  }
  template <class Out, class Comp>
  void finish(const T& x, int node, Out& out, size_type* counts, Comp& comp) const {
    int b = node - k;
    if (b > ns) b = ns;
    if (equal) b = 2 * b + (b > 0 && !comp(sorted[static_cast<std::size_t>(b - 1)], x) ? 0 : 1);
    out = static_cast<Out>(b);
    ++counts[b];
  }
};

}  // namespace tide::backend::omp::detail
