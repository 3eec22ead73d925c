// The path-boundary sweep (sweep.hpp): histogram_even, histogram_range, transform, gather, scatter and for_each.
#include "sweep.hpp"

using namespace boundary_sweep;  // the sweep's helpers (sweep.hpp)

TEST_CASE("histogram_even is right at every path boundary: sample counts and bin counts") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const auto e = pb::histogram<T>(sweep_limit());
    const auto h = key_values<T>(largest(e), std::string("histogram-") + type_name<T>());
    const tide::device_vector<T> d(h.begin(), h.end());
    // The range covers a part of the values (integers: the low half of the type; floats: [-1, 1)).
    const T lower = std::is_floating_point_v<T> ? T(-1) : std::numeric_limits<T>::lowest() / 2;
    const T upper = std::is_floating_point_v<T> ? T(1) : std::numeric_limits<T>::max() / 2;
    auto check = [&](std::int64_t n, int bins) {
      tide::device_vector<std::uint32_t> got(bins, 7u);
      std::vector<std::uint32_t> want(bins, 0u);
      tide::histogram_even(tide::device, d.begin(), d.begin() + n, got.begin(), bins, lower, upper);
      tide::histogram_even(tide::seq, h.begin(), h.begin() + n, want.begin(), bins, lower, upper);
      CHECK(tide_test::to_std(got) == want);
    };
    // Each counting path's sample boundaries, at a bin count that takes it.
    for (int bins : pb::histogram_path_bins()) {
      CAPTURE(bins);
      sweep("histogram", type_name<T>(), e, [&](std::int64_t n) { check(n, bins); });
    }
    // Each bin count where the path changes, at a few tiles of samples.
    const std::int64_t n = std::min<std::int64_t>(largest(e), 100003);
    for (int bins : pb::histogram_bins()) {
      CAPTURE(bins);
      CAPTURE(n);
      check(n, bins);
    }
  });
}

namespace {

/// Strictly increasing bounds with gaps of 1 to 64 (every 7th gap 1: neighbouring bins of width 1).
template <class Bound>
std::vector<Bound> range_bounds(int num_bounds, const std::string& salt) {
  auto g = rng(salt);
  std::vector<Bound> b(static_cast<std::size_t>(num_bounds));
  double v = std::is_signed_v<Bound> ? -double(num_bounds) * 16 : 1000.0;
  for (auto& x : b) {
    x = Bound(v);
    v += (&x - b.data()) % 7 == 0 ? 1.0 : double(1 + g() % 64);
  }
  return b;
}

/// Samples for range_bounds' bounds: random over the bounds and a margin past each end, every 4th
/// exactly on a bound; and runs of 9,000 equal samples (whole tiles of one value, which a warp
/// searches once): on the bound at each slice of 2^k bins, just below it, below all bounds, and
/// (floats) NaN.
template <class S, class Bound>
std::vector<S> range_samples(std::int64_t n, const std::vector<Bound>& b, const std::string& salt) {
  auto g = rng(salt);
  std::vector<S> v(static_cast<std::size_t>(n));
  const double lo = double(b.front()) - 100, hi = double(b.back()) + 100;
  for (auto& x : v) {
    const std::uint64_t r = g();
    x = r % 4 == 0 ? S(b[static_cast<std::size_t>((r >> 8) % b.size())])
                   : S(lo + double((r >> 11) % std::uint64_t(hi - lo)));
  }
  std::vector<S> runs{S(b.front() - 1), S(b.back()), S(b[b.size() / 2] - 1)};
  for (std::size_t k = 1024; k < b.size(); k *= 2) runs.push_back(S(b[k]));
  if constexpr (std::is_floating_point_v<S>) runs.push_back(std::numeric_limits<S>::quiet_NaN());
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const std::int64_t from = std::int64_t(r) * 9000 + 4000, to = std::min<std::int64_t>(n, from + 9000);
    for (std::int64_t i = from; i < to; ++i) v[static_cast<std::size_t>(i)] = runs[r];
  }
  return v;
}

/// bounds[i] <= x < bounds[i + 1] by std::upper_bound (not the library's search).
template <class S, class Bound>
std::vector<std::uint32_t> range_reference(const std::vector<S>& v, std::int64_t n, const std::vector<Bound>& b) {
  std::vector<std::uint32_t> h(b.size() - 1, 0u);
  for (std::int64_t i = 0; i < n; ++i) {
    const double x = double(v[static_cast<std::size_t>(i)]);
    if (!(x >= double(b.front()) && x < double(b.back()))) continue;
    ++h[static_cast<std::size_t>(std::upper_bound(b.begin(), b.end(), x,
                                                  [](double a, const Bound& c) { return a < double(c); }) -
                                 b.begin() - 1)];
  }
  return h;
}

template <class S, class Bound>
void range_sweep(const char* type) {
  CAPTURE(type);
  const auto e = pb::histogram<S>(sweep_limit());
  auto check = [&](std::int64_t n, int bins, const std::vector<S>& v, const tide::device_vector<S>& d,
                   const std::vector<Bound>& b) {
    const tide::device_vector<Bound> db(b.begin(), b.end());
    tide::device_vector<std::uint32_t> got(bins, 7u);
    tide::histogram_range(tide::device, d.begin(), d.begin() + n, db.begin(), db.end(), got.begin());
    CHECK(tide_test::to_std(got) == range_reference(v, n, b));
  };
  // Each counting path's sample boundaries, at a bin count that takes it.
  for (int bins : pb::histogram_path_bins(sizeof(Bound))) {
    CAPTURE(bins);
    const auto b = range_bounds<Bound>(bins + 1, "range-bounds");
    const auto v = range_samples<S>(largest(e), b, std::string("range-") + type);
    const tide::device_vector<S> d(v.begin(), v.end());
    sweep("histogram_range", type, e, [&](std::int64_t n) { check(n, bins, v, d, b); });
  }
  // Each bin count where the path, the copies or the slices change, at a few tiles of samples.
  const std::int64_t n = std::min<std::int64_t>(largest(e), 100003);
  for (int bins : pb::histogram_bins(sizeof(Bound))) {
    CAPTURE(bins);
    const auto b = range_bounds<Bound>(bins + 1, "range-bounds#" + std::to_string(bins));
    const auto v = range_samples<S>(n, b, "range-samples#" + std::to_string(bins));
    const tide::device_vector<S> d(v.begin(), v.end());
    check(n, bins, v, d, b);
  }
}

}  // namespace

TEST_CASE("histogram_range is right at every path boundary: bounds in shared memory (a slice a block) or in HBM") {
  range_sweep<std::uint32_t, std::uint32_t>("u32/u32");
  range_sweep<float, double>("f32/f64");
  range_sweep<std::int64_t, std::int64_t>("i64/i64");
}

TEST_CASE("transform, gather, scatter and for_each are right at every tile boundary of every element type") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const std::int64_t limit = sweep_limit();
    {
      using S = sum_t<T>;  // x * 2 + 1 wraps in the unsigned type (the tuning reads the size only)
      const auto e = pb::transform<S>(limit);
      const auto h = sum_values<S>(largest(e), std::string("transform-") + type_name<T>());
      const tide::device_vector<S> d(h.begin(), h.end());
      tide::device_vector<S> out(h.size());
      std::vector<S> want(h.size());
      sweep("transform", type_name<T>(), e, [&](std::int64_t n) {
        tide::transform(tide::device, d.begin(), d.begin() + n, out.begin(), tide_test::times2_plus1());
        tide::transform(tide::seq, h.begin(), h.begin() + n, want.begin(), tide_test::times2_plus1());
        CHECK(tide_test::same_bits(device_prefix(out, n), first_n(want, n)));
      });
    }
    {
      pb::edges e = pb::gather_scatter(limit);  // scatter is a transform into a permutation: its tiles too
      for (std::int64_t n : pb::transform<T>(limit).sizes) e.sizes.push_back(n);
      e.done();
      const auto h = key_values<T>(largest(e), std::string("gather-") + type_name<T>());
      const tide::device_vector<T> d(h.begin(), h.end());
      tide::device_vector<T> out(h.size());
      std::vector<T> want(h.size());
      sweep("gather/scatter", type_name<T>(), e, [&](std::int64_t n) {
        std::vector<std::int64_t> perm(static_cast<std::size_t>(n));
        std::iota(perm.begin(), perm.end(), std::int64_t(0));
        auto g = rng("perm#" + std::to_string(n));
        std::shuffle(perm.begin(), perm.end(), g);
        const tide::device_vector<std::int64_t> dperm(perm.begin(), perm.end());
        tide::gather(tide::device, dperm.begin(), dperm.end(), d.begin(), out.begin());
        tide::gather(tide::seq, perm.begin(), perm.end(), h.begin(), want.begin());
        CHECK_MESSAGE(tide_test::same_bits(device_prefix(out, n), first_n(want, n)), "gather");
        tide::scatter(tide::device, d.begin(), d.begin() + n, dperm.begin(), out.begin());
        tide::scatter(tide::seq, h.begin(), h.begin() + n, perm.begin(), want.begin());
        CHECK_MESSAGE(tide_test::same_bits(device_prefix(out, n), first_n(want, n)), "scatter");
        tide::device_vector<T> x(d.begin(), d.begin() + n);
        tide::for_each(tide::device, x.begin(), x.end(), flip_bits());
        std::vector<T> wx(h.begin(), h.begin() + n);
        tide::for_each(tide::seq, wx.begin(), wx.end(), flip_bits());
        CHECK_MESSAGE(tide_test::same_bits(tide_test::to_std(x), wx), "for_each");
      });
    }
  });
}
