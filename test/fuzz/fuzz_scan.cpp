// tide_fuzz, one family in a source of its own (fuzz.hpp says why; fuzz.cpp draws the cases):
// the scans (of sums and of affine maps), reduce_by_key and the by-key scans.
#include "fuzz.hpp"

namespace tide_fuzz {
namespace {

template <class T>
outcome run_scan(const std::vector<T>& h, bool exclusive) {
  const auto n = std::int64_t(h.size());
  using A = arith_t<T>;
  const auto a = as_arith(h);
  tide::device_vector<A> d(a.begin(), a.end()), out(a.size());
  const A init = A(3);
  if (exclusive)
    tide::exclusive_scan(tide::device, d.begin(), d.end(), out.begin(), init, tide::plus<A>());
  else
    tide::inclusive_scan(tide::device, d.begin(), d.end(), out.begin(), tide::plus<A>());
  const auto got = from_device(out);
  if constexpr (std::is_integral_v<T>) {
    std::vector<A> want(a.size());
    if (exclusive)
      tide::exclusive_scan(tide::seq, a.begin(), a.end(), want.begin(), init, tide::plus<A>());
    else
      tide::inclusive_scan(tide::seq, a.begin(), a.end(), want.begin(), tide::plus<A>());
    return first_difference(got, want, exclusive ? "exclusive_scan" : "inclusive_scan");
  } else {
    // The reference reads the elements as long double: scans accumulate in the input's type (Thrust's
    // rule), so a float input would make a float reference.
    const std::vector<long double> wide(a.begin(), a.end());
    std::vector<long double> want(a.size()), abs_prefix(a.size());
    if (exclusive)
      tide::exclusive_scan(tide::seq, wide.begin(), wide.end(), want.begin(), static_cast<long double>(init),
                           tide::plus<long double>());
    else
      tide::inclusive_scan(tide::seq, wide.begin(), wide.end(), want.begin(), tide::plus<long double>());
    long double s = exclusive ? std::fabs(static_cast<long double>(init)) : 0;
    for (std::int64_t i = 0; i < n; ++i) {
      if (!exclusive) s += std::fabs(static_cast<long double>(a[i]));
      abs_prefix[i] = s;
      if (exclusive) s += std::fabs(static_cast<long double>(a[i]));
    }
    return compare_scan(got, want, abs_prefix, n);
  }
}

template <class T>
outcome run_scan_affine(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  const auto n = std::int64_t(h.size());
  auto dm = tide::make_transform_iterator(tide::make_transform_iterator(d.begin(), bits_of<T>()), to_affine());
  auto hm = tide::make_transform_iterator(tide::make_transform_iterator(h.begin(), bits_of<T>()), to_affine());
  tide::device_vector<affine> out(h.size());
  std::vector<affine> want(h.size());
  tide::inclusive_scan(tide::device, dm, dm + n, out.begin(), affine_compose());
  tide::inclusive_scan(tide::seq, hm, hm + n, want.begin(), affine_compose());
  if (auto r = first_difference(from_device(out), want, "inclusive_scan of affine maps"); !r) return r;
  tide::exclusive_scan(tide::device, dm, dm + n, out.begin(), affine{1, 0}, affine_compose());
  tide::exclusive_scan(tide::seq, hm, hm + n, want.begin(), affine{1, 0}, affine_compose());
  return first_difference(from_device(out), want, "exclusive_scan of affine maps");
}

/// Keys for the by-key algorithms: the drawn values themselves (runs appear in the sorted, equal
/// and few-distinct distributions; NaN keys are each their own segment).
template <class T>
outcome run_reduce_by_key(const std::vector<T>& keys, std::mt19937_64& g) {
  const auto n = std::int64_t(keys.size());
  using A = arith_t<T>;
  auto vals = as_arith(draw_values<T>(g, n, dist::small_range, false));
  tide::device_vector<T> dk(keys.begin(), keys.end()), kout(keys.size());
  tide::device_vector<A> dv(vals.begin(), vals.end()), vout(keys.size());
  auto ends = tide::reduce_by_key(tide::device, dk.begin(), dk.end(), dv.begin(), kout.begin(), vout.begin());
  const std::int64_t segments = ends.first - kout.begin();
  std::vector<T> want_k(keys.size());
  if constexpr (std::is_integral_v<T>) {
    std::vector<A> want_v(keys.size());
    auto w = tide::reduce_by_key(tide::seq, keys.begin(), keys.end(), vals.begin(), want_k.begin(), want_v.begin());
    const auto want_segments = w.first - want_k.begin();
    want_k.resize(want_segments);
    want_v.resize(want_segments);
    if (auto r = first_difference(from_device(kout, segments), want_k, "reduce_by_key keys"); !r) return r;
    return first_difference(from_device(vout, segments), want_v, "reduce_by_key values");
  } else {
    // The values read as long double: reduce_by_key accumulates in the input values' type.
    const std::vector<long double> wide(vals.begin(), vals.end());
    std::vector<long double> want_v(keys.size());
    auto w = tide::reduce_by_key(tide::seq, keys.begin(), keys.end(), wide.begin(), want_k.begin(), want_v.begin(),
                                 tide::equal_to<>(), tide::plus<long double>());
    want_k.resize(w.first - want_k.begin());
    if (auto r = first_difference(from_device(kout, segments), want_k, "reduce_by_key keys"); !r) return r;
    const auto got_v = from_device(vout, segments);
    for (std::int64_t s = 0; s < segments; ++s)  // values are >= 0: each segment's sum is its sum of |x|
      if (!close_sum(got_v[s], want_v[s], want_v[s], n))
        return outcome::fail("reduce_by_key value of segment " + std::to_string(s));
    return outcome::ok();
  }
}

template <class T>
outcome run_scan_by_key(const std::vector<T>& keys, std::mt19937_64& g, bool exclusive) {
  const auto n = std::int64_t(keys.size());
  using A = arith_t<T>;
  auto vals = as_arith(draw_values<T>(g, n, dist::small_range, false));
  tide::device_vector<T> dk(keys.begin(), keys.end());
  tide::device_vector<A> dv(vals.begin(), vals.end()), out(keys.size());
  const A init = A(2);
  if (exclusive)
    tide::exclusive_scan_by_key(tide::device, dk.begin(), dk.end(), dv.begin(), out.begin(), init);
  else
    tide::inclusive_scan_by_key(tide::device, dk.begin(), dk.end(), dv.begin(), out.begin());
  const auto got = from_device(out);
  const char* name = exclusive ? "exclusive_scan_by_key" : "inclusive_scan_by_key";
  if constexpr (std::is_integral_v<T>) {
    std::vector<A> want(keys.size());
    if (exclusive)
      tide::exclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), vals.begin(), want.begin(), init);
    else
      tide::inclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), vals.begin(), want.begin());
    return first_difference(got, want, name);
  } else {
    // The values read as long double: the by-key scans accumulate in the values' (or init's) type.
    const std::vector<long double> wide(vals.begin(), vals.end());
    std::vector<long double> want(keys.size());
    if (exclusive)
      tide::exclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), wide.begin(), want.begin(),
                                  static_cast<long double>(init), tide::equal_to<>(), tide::plus<long double>());
    else
      tide::inclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), wide.begin(), want.begin(), tide::equal_to<>(),
                                  tide::plus<long double>());
    for (std::int64_t i = 0; i < n; ++i)  // values and init are >= 0: the prefix is its sum of |x|
      if (!close_sum(got[i], want[i], want[i], n))
        return outcome::fail(std::string(name) + ": element " + std::to_string(i));
    return outcome::ok();
  }
}

}  // namespace

template <class T>
outcome run_scan_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g) {
  switch (c.algorithm) {
    case alg::inclusive_scan: return run_scan(h, false);
    case alg::exclusive_scan: return run_scan(h, true);
    case alg::scan_affine: return run_scan_affine(h);
    case alg::reduce_by_key: return run_reduce_by_key(h, g);
    case alg::inclusive_scan_by_key: return run_scan_by_key(h, g, false);
    case alg::exclusive_scan_by_key: return run_scan_by_key(h, g, true);
    default: return outcome::fail("no such algorithm");
  }
}

TIDE_FUZZ_INSTANTIATE_FAMILY(run_scan_family)

}  // namespace tide_fuzz
