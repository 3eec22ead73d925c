// tide_fuzz, one family in a source of its own (fuzz.hpp says why; fuzz.cpp draws the cases):
// the sorts (tide's key order, greater, a comparator of the caller's; by key) and merge.
#include "fuzz.hpp"

namespace tide_fuzz {
namespace {

/// A comparator of the caller's (not less/greater): orders by the low 4 bits (ints) or |x|
/// (floats): many ties, so stability shows.
template <class T>
struct by_low_bits {
  TIDE_HOST_DEVICE bool operator()(const T& a, const T& b) const {
    if constexpr (std::is_floating_point_v<T>) return (a < 0 ? -a : a) < (b < 0 ? -b : b);
    else return (a & 15) < (b & 15);
  }
};

template <class T, class Comp>
outcome run_sort(const std::vector<T>& h, Comp comp, const char* name) {
  tide::device_vector<T> d(h.begin(), h.end());
  tide::sort(tide::device, d.begin(), d.end(), comp);
  std::vector<T> want = h;
  tide::sort(tide::seq, want.begin(), want.end(), comp);
  return first_difference(from_device(d), want, name);  // stable everywhere: the same bits
}

template <class T>
outcome run_sort_by_key(const std::vector<T>& h) {
  std::vector<std::uint32_t> idx(h.size());
  std::iota(idx.begin(), idx.end(), 0u);
  tide::device_vector<T> dk(h.begin(), h.end());
  tide::device_vector<std::uint32_t> dv(idx.begin(), idx.end());
  tide::stable_sort_by_key(tide::device, dk.begin(), dk.end(), dv.begin());
  std::vector<T> want_k = h;
  tide::stable_sort_by_key(tide::seq, want_k.begin(), want_k.end(), idx.begin());
  if (auto r = first_difference(from_device(dk), want_k, "stable_sort_by_key keys"); !r) return r;
  return first_difference(from_device(dv), idx, "stable_sort_by_key values");
}

template <class T>
outcome run_merge(const std::vector<T>& h, std::mt19937_64& g) {
  const std::size_t cut = h.empty() ? 0 : g() % (h.size() + 1);
  std::vector<T> a(h.begin(), h.begin() + cut), b(h.begin() + cut, h.end());
  tide::sort(tide::seq, a.begin(), a.end());  // tide's key order, as merge expects
  tide::sort(tide::seq, b.begin(), b.end());
  tide::device_vector<T> da(a.begin(), a.end()), db(b.begin(), b.end()), out(h.size());
  tide::merge(tide::device, da.begin(), da.end(), db.begin(), db.end(), out.begin());
  std::vector<T> want(h.size());
  tide::merge(tide::seq, a.begin(), a.end(), b.begin(), b.end(), want.begin());
  return first_difference(from_device(out), want, "merge");
}

}  // namespace

template <class T>
outcome run_sort_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g) {
  switch (c.algorithm) {
    case alg::sort: return run_sort(h, tide::less<T>(), "sort");
    case alg::sort_greater: return run_sort(h, tide::greater<T>(), "sort with greater");
    case alg::sort_comparator: return run_sort(h, by_low_bits<T>(), "sort with a comparator");
    case alg::stable_sort_by_key: return run_sort_by_key(h);
    case alg::merge: return run_merge(h, g);
    default: return outcome::fail("no such algorithm");
  }
}

TIDE_FUZZ_INSTANTIATE_FAMILY(run_sort_family)

}  // namespace tide_fuzz
