// set_union, set_intersection, set_difference, set_symmetric_difference and their _by_key forms
// on two sorted u32 ranges of n / 2 each whose key ranges half overlap: a[i] = 2i + r, b[i] =
// n/2 + 2i + r' (r, r' random bits), so each range's upper (lower) half shares its span with the
// other's lower (upper) half and about a quarter of each range's keys are in the other. Rows: tide
// and Thrust (CUB has no set operations). The count comes back to the host in both (the output's end).
// Bytes: n * 4 keys read + written * 4 keys written; by key also written * 4 values read and
// written * 4 values written (the values of the elements not written need not be read).

#include <algorithm>
#include <string>

#include "harness/libs.hpp"

#include <tide/set_operations.hpp>
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/set_operations.h>
#endif

namespace cmp {
namespace {

enum class set_kind { set_union, intersection, difference, symmetric_difference };

const char* set_name(set_kind o, bool by_key) {
  switch (o) {
    case set_kind::set_union: return by_key ? "set_union_by_key" : "set_union";
    case set_kind::intersection: return by_key ? "set_intersection_by_key" : "set_intersection";
    case set_kind::difference: return by_key ? "set_difference_by_key" : "set_difference";
    default: return by_key ? "set_symmetric_difference_by_key" : "set_symmetric_difference";
  }
}

/// The standard's loop (the reference): keys, and the values when given.
template <class T>
void reference_set(set_kind o, const host_vec<T>& a, const host_vec<T>& b, const host_vec<T>* va,
                   const host_vec<T>* vb, host_vec<T>& keys, host_vec<T>& vals) {
  const bool a_single = o != set_kind::intersection;
  const bool b_single = o == set_kind::set_union || o == set_kind::symmetric_difference;
  const bool pair = o == set_kind::set_union || o == set_kind::intersection;
  keys.clear();
  vals.clear();
  std::size_t i = 0, j = 0;
  auto put = [&](bool from_a, std::size_t p) {
    keys.push_back(from_a ? a[p] : b[p]);
    if (va) vals.push_back(from_a ? (*va)[p] : (*vb)[p]);
  };
  while (i < a.size() && j < b.size()) {
    if (a[i] < b[j]) {
      if (a_single) put(true, i);
      ++i;
    } else if (b[j] < a[i]) {
      if (b_single) put(false, j);
      ++j;
    } else {
      if (pair) put(true, i);
      ++i;
      ++j;
    }
  }
  for (; a_single && i < a.size(); ++i) put(true, i);
  for (; b_single && j < b.size(); ++j) put(false, j);
}

template <class Policy, class T>
T* run_keys(set_kind o, const Policy& p, const T* a, std::int64_t na, const T* b, std::int64_t nb, T* out) {
  switch (o) {
    case set_kind::set_union: return tide::set_union(p, a, a + na, b, b + nb, out);
    case set_kind::intersection: return tide::set_intersection(p, a, a + na, b, b + nb, out);
    case set_kind::difference: return tide::set_difference(p, a, a + na, b, b + nb, out);
    default: return tide::set_symmetric_difference(p, a, a + na, b, b + nb, out);
  }
}
template <class Policy, class T>
T* run_by_key(set_kind o, const Policy& p, const T* a, std::int64_t na, const T* b, std::int64_t nb, const T* va,
              const T* vb, T* keys, T* vals) {
  switch (o) {
    case set_kind::set_union: return tide::set_union_by_key(p, a, a + na, b, b + nb, va, vb, keys, vals).first;
    case set_kind::intersection: return tide::set_intersection_by_key(p, a, a + na, b, b + nb, va, keys, vals).first;
    case set_kind::difference: return tide::set_difference_by_key(p, a, a + na, b, b + nb, va, vb, keys, vals).first;
    default: return tide::set_symmetric_difference_by_key(p, a, a + na, b, b + nb, va, vb, keys, vals).first;
  }
}

#if TIDE_COMPARE_HAS_THRUST
template <class Policy, class T>
T* thrust_keys(set_kind o, const Policy& p, const T* a, std::int64_t na, const T* b, std::int64_t nb, T* out) {
  switch (o) {
    case set_kind::set_union: return thrust::set_union(p, a, a + na, b, b + nb, out);
    case set_kind::intersection: return thrust::set_intersection(p, a, a + na, b, b + nb, out);
    case set_kind::difference: return thrust::set_difference(p, a, a + na, b, b + nb, out);
    default: return thrust::set_symmetric_difference(p, a, a + na, b, b + nb, out);
  }
}
template <class Policy, class T>
T* thrust_by_key(set_kind o, const Policy& p, const T* a, std::int64_t na, const T* b, std::int64_t nb, const T* va,
                 const T* vb, T* keys, T* vals) {
  switch (o) {
    case set_kind::set_union: return thrust::set_union_by_key(p, a, a + na, b, b + nb, va, vb, keys, vals).first;
    case set_kind::intersection:
      return thrust::set_intersection_by_key(p, a, a + na, b, b + nb, va, keys, vals).first;
    case set_kind::difference:
      return thrust::set_difference_by_key(p, a, a + na, b, b + nb, va, vb, keys, vals).first;
    default: return thrust::set_symmetric_difference_by_key(p, a, a + na, b, b + nb, va, vb, keys, vals).first;
  }
}
#endif

void set_case(suite& s, std::int64_t n, set_kind o, bool by_key) {
  using T = std::uint32_t;
  const std::int64_t na = n / 2, nb = n - n / 2;
  // Rotated: both inputs (+ their values) and an n-element output (+ values).
  const double rotated = double(n) * sizeof(T) * (by_key ? 4 : 2);
  const int copies = s.copies_for(rotated);
  const char* name = set_name(o, by_key);
  if (!s.fits(rotated * copies + 64e6, name, n)) return;
  host_vec<T> h_a, h_b, h_va, h_vb;
  {
    phase_scope gen(phase::gen);
    h_a.resize(std::size_t(na));
    h_b.resize(std::size_t(nb));
    parallel_fill(h_a, [&](std::int64_t i) { return T(2 * i + (random_at(s.opt.seed ^ 0x5e7a, i) & 1)); });
    parallel_fill(h_b, [&](std::int64_t i) { return T(na + 2 * i + (random_at(s.opt.seed ^ 0x5e7b, i) & 1)); });
    if (by_key) {
      h_va.resize(std::size_t(na));
      h_vb.resize(std::size_t(nb));
      parallel_fill(h_va, [&](std::int64_t i) { return T(i); });  // the values name their origin
      parallel_fill(h_vb, [&](std::int64_t i) { return T(0x80000000u | T(i)); });
    }
  }
  host_vec<T> ref_keys, ref_vals;
  {
    phase_scope reference(phase::ref);
    reference_set(o, h_a, h_b, by_key ? &h_va : nullptr, by_key ? &h_vb : nullptr, ref_keys, ref_vals);
  }
  const std::int64_t written = std::int64_t(ref_keys.size());
  const double bytes = double(n) * sizeof(T) + double(written) * sizeof(T) * (by_key ? 3 : 1);

  auto a = s.rotate(h_a, copies);
  auto b = s.rotate(h_b, copies);
  auto va = s.rotate(h_va, by_key ? copies : 1);
  auto vb = s.rotate(h_vb, by_key ? copies : 1);
  auto keys = s.rotate_uninit<T>(n, copies);
  auto vals = s.rotate_uninit<T>(by_key ? n : 0, by_key ? copies : 1);
  std::int64_t count = -1;
  auto check = [&] {
    if (count != written) return "wrote " + std::to_string(count) + " elements, expected " + std::to_string(written);
    std::string e = compare_exact(s.fetch(keys.at(0), written), ref_keys.data(), written, "key");
    if (e.empty() && by_key) e = compare_exact(s.fetch(vals.at(0), written), ref_vals.data(), written, "value");
    return e;
  };
  bench_key k{name, "half_overlap", "", "u32", n, "sorted_half_overlap", bytes};

  measure_tide(s, k, [&](auto p, int r) {
    T* end = by_key ? run_by_key(o, p, a.at(r), na, b.at(r), nb, va.at(r), vb.at(r), keys.at(r), vals.at(r))
                    : run_keys(o, p, a.at(r), na, b.at(r), nb, keys.at(r));
    count = end - keys.at(r);
  }, check, o == set_kind::set_union && !by_key);  // scaling rows: set_union
#if TIDE_COMPARE_HAS_THRUST
  k.library = "thrust";
  s.measure(k, [&](int r) {
    auto p = thrust_policy(s.ctx);
    T* end = by_key ? thrust_by_key(o, p, a.at(r), na, b.at(r), nb, va.at(r), vb.at(r), keys.at(r), vals.at(r))
                    : thrust_keys(o, p, a.at(r), na, b.at(r), nb, keys.at(r));
    count = end - keys.at(r);
  }, check);
#endif
#if !TIDE_COMPARE_DEVICE
  if (!by_key) {
    k.library = "std";
    s.measure_host(k, no_prep{}, [&](int r) {
      T* end = nullptr;
      switch (o) {
        case set_kind::set_union: end = std::set_union(a.at(r), a.at(r) + na, b.at(r), b.at(r) + nb, keys.at(r)); break;
        case set_kind::intersection:
          end = std::set_intersection(a.at(r), a.at(r) + na, b.at(r), b.at(r) + nb, keys.at(r));
          break;
        case set_kind::difference:
          end = std::set_difference(a.at(r), a.at(r) + na, b.at(r), b.at(r) + nb, keys.at(r));
          break;
        default: end = std::set_symmetric_difference(a.at(r), a.at(r) + na, b.at(r), b.at(r) + nb, keys.at(r));
      }
      count = end - keys.at(r);
    }, check);
  }
#endif
}

}  // namespace

void bench_set_operations(suite& s) {
  for (std::int64_t n : s.opt.sizes)
    for (bool by_key : {false, true})
      for (set_kind o : {set_kind::set_union, set_kind::intersection, set_kind::difference,
                         set_kind::symmetric_difference})
        set_case(s, n, o, by_key);
}

}  // namespace cmp
