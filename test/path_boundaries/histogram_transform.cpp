// The path-boundary sweep (sweep.hpp): histogram_even, transform, gather, scatter and for_each.
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
