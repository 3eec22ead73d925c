// The path-boundary sweep (sweep.hpp): reduce, the scans, the by-key scans and reduce_by_key.
#include "sweep.hpp"

using namespace boundary_sweep;  // the sweep's helpers (sweep.hpp)

TEST_CASE("reduce and the scans are right at every path boundary of every element type") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    using S = sum_t<T>;
    const std::int64_t limit = sweep_limit();
    {
      const auto e = pb::reduce<S>(limit);
      const auto h = sum_values<S>(largest(e), std::string("reduce-") + type_name<T>());
      const tide::device_vector<S> d(h.begin(), h.end());
      sweep("reduce", type_name<T>(), e, [&](std::int64_t n) {
        const S got = tide::reduce(tide::device, d.begin(), d.begin() + n, S(3), tide::plus<S>());
        const S want = tide::reduce(tide::seq, h.begin(), h.begin() + n, S(3), tide::plus<S>());
        CHECK(got == want);
      });
    }
    {
      const auto e = pb::scan<S>(limit);
      const auto h = sum_values<S>(largest(e), std::string("scan-") + type_name<T>());
      const tide::device_vector<S> d(h.begin(), h.end());
      tide::device_vector<S> out(h.size());
      std::vector<S> want(h.size());
      sweep("scan", type_name<T>(), e, [&](std::int64_t n) {
        tide::inclusive_scan(tide::device, d.begin(), d.begin() + n, out.begin(), tide::plus<S>());
        tide::inclusive_scan(tide::seq, h.begin(), h.begin() + n, want.begin(), tide::plus<S>());
        CHECK_MESSAGE(device_prefix(out, n) == first_n(want, n), "inclusive_scan");
        tide::exclusive_scan(tide::device, d.begin(), d.begin() + n, out.begin(), S(5), tide::plus<S>());
        tide::exclusive_scan(tide::seq, h.begin(), h.begin() + n, want.begin(), S(5), tide::plus<S>());
        CHECK_MESSAGE(device_prefix(out, n) == first_n(want, n), "exclusive_scan");
      });
    }
  });
}

TEST_CASE("the by-key scans and reduce_by_key are right at every path boundary of every element type") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    using S = sum_t<T>;
    const std::int64_t limit = sweep_limit();
    {
      const auto e = pb::scan_by_key<T, S>(limit);
      const auto keys = run_keys<T>(largest(e), std::string("sbk-keys-") + type_name<T>());
      const auto vals = sum_values<S>(largest(e), std::string("sbk-vals-") + type_name<T>());
      const tide::device_vector<T> dk(keys.begin(), keys.end());
      const tide::device_vector<S> dv(vals.begin(), vals.end());
      tide::device_vector<S> out(vals.size());
      std::vector<S> want(vals.size());
      sweep("scan_by_key", type_name<T>(), e, [&](std::int64_t n) {
        tide::inclusive_scan_by_key(tide::device, dk.begin(), dk.begin() + n, dv.begin(), out.begin());
        tide::inclusive_scan_by_key(tide::seq, keys.begin(), keys.begin() + n, vals.begin(), want.begin());
        CHECK_MESSAGE(device_prefix(out, n) == first_n(want, n), "inclusive_scan_by_key");
        tide::exclusive_scan_by_key(tide::device, dk.begin(), dk.begin() + n, dv.begin(), out.begin(), S(2));
        tide::exclusive_scan_by_key(tide::seq, keys.begin(), keys.begin() + n, vals.begin(), want.begin(), S(2));
        CHECK_MESSAGE(device_prefix(out, n) == first_n(want, n), "exclusive_scan_by_key");
      });
    }
    {
      const auto e = pb::reduce_by_key<T, S>(limit);
      const auto keys = run_keys<T>(largest(e), std::string("rbk-keys-") + type_name<T>());
      const auto vals = sum_values<S>(largest(e), std::string("rbk-vals-") + type_name<T>());
      const tide::device_vector<T> dk(keys.begin(), keys.end());
      const tide::device_vector<S> dv(vals.begin(), vals.end());
      tide::device_vector<T> kout(keys.size());
      tide::device_vector<S> vout(vals.size());
      std::vector<T> want_k(keys.size());
      std::vector<S> want_v(vals.size());
      sweep("reduce_by_key", type_name<T>(), e, [&](std::int64_t n) {
        auto got =
            tide::reduce_by_key(tide::device, dk.begin(), dk.begin() + n, dv.begin(), kout.begin(), vout.begin());
        auto want = tide::reduce_by_key(tide::seq, keys.begin(), keys.begin() + n, vals.begin(), want_k.begin(),
                                        want_v.begin());
        const std::int64_t segments = got.first - kout.begin();
        REQUIRE(segments == want.first - want_k.begin());
        CHECK(device_prefix(kout, segments) == first_n(want_k, segments));
        CHECK(device_prefix(vout, segments) == first_n(want_v, segments));
      });
    }
  });
}
