// tide_fuzz, one family in a source of its own (fuzz.hpp says why; fuzz.cpp draws the cases):
// gather, scatter, the binary searches and the searching and comparing family (find, mismatch,
// is_sorted, partition_point, equal_range).
#include "fuzz.hpp"

namespace tide_fuzz {
namespace {

template <class T>
outcome run_gather_scatter(const std::vector<T>& h, std::mt19937_64& g, bool scatter) {
  const auto n = std::int64_t(h.size());
  std::vector<std::int64_t> map(h.size());
  if (scatter) {  // a permutation: equal map entries would leave the winner unspecified
    std::iota(map.begin(), map.end(), 0);
    std::shuffle(map.begin(), map.end(), g);
  } else {
    for (auto& m : map) m = n ? std::int64_t(g() % std::uint64_t(n)) : 0;
  }
  tide::device_vector<T> d(h.begin(), h.end()), out(h.size());
  tide::device_vector<std::int64_t> dm(map.begin(), map.end());
  std::vector<T> want(h.size());
  if (scatter) {
    tide::scatter(tide::device, d.begin(), d.end(), dm.begin(), out.begin());
    tide::scatter(tide::seq, h.begin(), h.end(), map.begin(), want.begin());
  } else {
    tide::gather(tide::device, dm.begin(), dm.end(), d.begin(), out.begin());
    tide::gather(tide::seq, map.begin(), map.end(), h.begin(), want.begin());
  }
  return first_difference(from_device(out), want, scatter ? "scatter" : "gather");
}

template <class T>
outcome run_binary_searches(const std::vector<T>& h, std::mt19937_64& g, std::int64_t given_values) {
  std::vector<T> sorted = h;
  std::sort(sorted.begin(), sorted.end());  // no NaN here: < is a strict weak order
  std::int64_t m = std::uniform_int_distribution<std::int64_t>(0, 3000)(g);
  if (given_values >= 0) m = given_values;
  std::vector<T> values(static_cast<std::size_t>(m));
  for (auto& v : values) v = !sorted.empty() && g() % 2 ? sorted[g() % sorted.size()] : uniform_value<T>(g, g() & 1);
  tide::device_vector<T> d(sorted.begin(), sorted.end()), dv(values.begin(), values.end());
  tide::device_vector<std::int64_t> out(values.size());
  std::vector<std::int64_t> want(values.size());
  tide::lower_bound(tide::device, d.begin(), d.end(), dv.begin(), dv.end(), out.begin());
  tide::lower_bound(tide::seq, sorted.begin(), sorted.end(), values.begin(), values.end(), want.begin());
  if (auto r = first_difference(from_device(out), want, "lower_bound"); !r) return r;
  tide::upper_bound(tide::device, d.begin(), d.end(), dv.begin(), dv.end(), out.begin());
  tide::upper_bound(tide::seq, sorted.begin(), sorted.end(), values.begin(), values.end(), want.begin());
  if (auto r = first_difference(from_device(out), want, "upper_bound"); !r) return r;
  tide::device_vector<std::uint8_t> found(values.size());
  std::vector<std::uint8_t> want_found(values.size());
  tide::binary_search(tide::device, d.begin(), d.end(), dv.begin(), dv.end(), found.begin());
  tide::binary_search(tide::seq, sorted.begin(), sorted.end(), values.begin(), values.end(), want_found.begin());
  if (auto r = first_difference(from_device(found), want_found, "binary_search"); !r) return r;
  if (!values.empty()) {  // the scalar form too
    const T v = values[0];
    if (tide::binary_search(tide::device, d.begin(), d.end(), v) !=
        std::binary_search(sorted.begin(), sorted.end(), v))
      return outcome::fail("scalar binary_search");
  }
  return outcome::ok();
}

#include "fuzz_find.hpp"

}  // namespace

template <class T>
outcome run_search_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g) {
  switch (c.algorithm) {
    case alg::gather: return run_gather_scatter(h, g, false);
    case alg::scatter: return run_gather_scatter(h, g, true);
    case alg::binary_searches: return run_binary_searches(h, g, c.values);
    case alg::find: return run_find(h, g);
    case alg::mismatch: return run_mismatch(h, g);
    case alg::is_sorted: return run_is_sorted(h, g);
    case alg::partition_point: return run_partition_point(h, g);
    case alg::equal_range: return run_equal_range(h, g);
    default: return outcome::fail("no such algorithm");
  }
}

TIDE_FUZZ_INSTANTIATE_FAMILY(run_search_family)

}  // namespace tide_fuzz
