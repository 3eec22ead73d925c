// The path-boundary sweep (issue 15), CUDA system only: each CUDA algorithm, for each element type
// it dispatches on, at each size where its code changes path or tuning, against tide::seq. The
// sizes come from the tuning structs and thresholds themselves (backend/cuda/path_boundaries.hpp),
// so a retune moves them with it. Sizes above the limit (sweep_limit: 2^25 items by default) are
// listed in the output, not run; the 2^30-key portions of the radix sort run in test_large too.
//
// Inputs are made once per algorithm and type at the largest size, copied to the device once, and
// each size runs on a prefix. Sums use values whose every partial sum is exact (integers wrap in
// their unsigned type; floats are small integers), so every comparison is exact, bit for bit.
#include <chrono>
#include <cstdio>
#include <numeric>
#include <tide/backend/cuda/path_boundaries.hpp>

#include "common.hpp"

namespace {

namespace pb = tide::backend::cuda::boundaries;
using tide_test::rng;

/// 2^25 items; 2^31 under TIDE_TEST_LARGE; 2^14 under TIDE_TEST_SMALL (the sanitizer runs: every
/// boundary of the one-block paths and the first tiles, at a cost compute-sanitizer can bear).
std::int64_t sweep_limit() {
  if (tide_test::large_enabled()) return std::int64_t(1) << 31;
  if (std::getenv("TIDE_TEST_SMALL")) return std::int64_t(1) << 14;
  return pb::default_limit;
}

template <class T>
const char* type_name() {
  if constexpr (std::is_same_v<T, std::int8_t>)
    return "int8";
  else if constexpr (std::is_same_v<T, std::uint8_t>)
    return "uint8";
  else if constexpr (std::is_same_v<T, std::int16_t>)
    return "int16";
  else if constexpr (std::is_same_v<T, std::uint16_t>)
    return "uint16";
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return "int32";
  else if constexpr (std::is_same_v<T, std::uint32_t>)
    return "uint32";
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return "int64";
  else if constexpr (std::is_same_v<T, std::uint64_t>)
    return "uint64";
  else if constexpr (std::is_same_v<T, float>)
    return "float";
  else
    return "double";
}

/// f(T{}) for every arithmetic element type the CUDA algorithms are instantiated on here.
template <class F>
void for_each_element_type(F f) {
  f(std::int8_t{});
  f(std::uint8_t{});
  f(std::int16_t{});
  f(std::uint16_t{});
  f(std::int32_t{});
  f(std::uint32_t{});
  f(std::int64_t{});
  f(std::uint64_t{});
  f(float{});
  f(double{});
}

/// Integers in their unsigned type (sums wrap, defined); floats as they are.
template <class T>
using sum_t = typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>, std::enable_if<true, T>>::type;

/// Values whose sums are exact in any order: integers over every bit pattern (they wrap), floats
/// in {-2, ..., 2}.
template <class T>
std::vector<T> sum_values(std::int64_t n, const std::string& salt) {
  auto g = rng(salt);
  std::vector<T> v(static_cast<std::size_t>(n));
  for (auto& x : v) {
    if constexpr (std::is_floating_point_v<T>)
      x = T(int(g() % 5) - 2);
    else
      x = T(g());
  }
  return v;
}

/// Keys over every bit pattern; floats spread over magnitudes and signs, with a few NaNs, zeros of
/// both signs and infinities.
template <class T>
std::vector<T> key_values(std::int64_t n, const std::string& salt) {
  auto g = rng(salt);
  std::vector<T> v(static_cast<std::size_t>(n));
  for (auto& x : v) {
    if constexpr (std::is_floating_point_v<T>) {
      const std::uint64_t r = g();
      switch (r % 64) {
        case 0:
          x = std::numeric_limits<T>::quiet_NaN();
          break;
        case 1:
          x = T(-0.0);
          break;
        case 2:
          x = T(0.0);
          break;
        case 3:
          x = (r & 64) ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
          break;
        default:
          x = static_cast<T>(std::ldexp(double(std::int64_t(r >> 11)) / double(1ll << 52) - 1.0, int(r % 41) - 20));
      }
    } else {
      std::uint64_t bits = g();
      std::memcpy(&x, &bits, sizeof(T));
    }
  }
  return v;
}

/// Keys in runs of 1 to 16 equal values (segments for the by-key algorithms and unique).
template <class T>
std::vector<T> run_keys(std::int64_t n, const std::string& salt) {
  auto g = rng(salt);
  std::vector<T> v(static_cast<std::size_t>(n));
  T key = T(0);
  for (std::int64_t i = 0; i < n;) {
    const int len = 1 + int(g() % 16);
    for (int j = 0; j < len && i < n; ++j) v[i++] = key;
    key = T(key + T(1 + g() % 3));
  }
  return v;
}

template <class T>
std::vector<T> first_n(const std::vector<T>& v, std::int64_t n) {
  return std::vector<T>(v.begin(), v.begin() + n);
}
template <class T>
std::vector<T> device_prefix(const tide::device_vector<T>& d, std::int64_t n) {
  std::vector<T> h(static_cast<std::size_t>(n));
  tide::copy(d.begin(), d.begin() + n, h.begin());
  return h;
}

/// Runs check(n) for each size of `e`, reports what lies beyond the limit; one line of timing.
template <class Check>
void sweep(const char* family, const char* type, const pb::edges& e, Check check) {
  const auto t0 = std::chrono::steady_clock::now();
  for (std::int64_t n : e.sizes) {
    CAPTURE(family);
    CAPTURE(type);
    CAPTURE(n);
    check(n);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::string beyond;
  for (std::int64_t n : e.beyond) beyond += " " + std::to_string(n);
  std::fprintf(stderr, "  %-14s %-7s %3zu sizes up to %lld in %.2f s%s%s\n", family, type, e.sizes.size(),
               e.sizes.empty() ? 0ll : (long long)e.sizes.back(), s,
               beyond.empty() ? "" : "; beyond the limit:", beyond.c_str());
}

std::int64_t largest(const pb::edges& e) { return e.sizes.empty() ? 0 : e.sizes.back(); }

/// Orders T by the low 4 bits of its bits (many ties: stability shows); a comparator of the
/// caller's, so the merge sort runs.
struct by_low_bits {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& a, const T& b) const {
    return low(a) < low(b);
  }
  template <class T>
  TIDE_HOST_DEVICE static unsigned low(const T& x) {
    unsigned char c[sizeof(T)];
    memcpy(c, &x, sizeof(T));
    return c[0] & 15u;
  }
};

/// Inverts every bit of x in place (exact for any value, NaNs included).
struct flip_bits {
  template <class T>
  TIDE_HOST_DEVICE void operator()(T& x) const {
    unsigned char c[sizeof(T)];
    memcpy(c, &x, sizeof(T));
    for (auto& b : c) b = static_cast<unsigned char>(~b);
    memcpy(&x, c, sizeof(T));
  }
};

struct positive {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T& x) const {
    return x > T(0);
  }
};

}  // namespace

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

TEST_CASE("copy_if and unique are right at every path boundary of every element type") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const auto e = pb::select<T>(sweep_limit());
    const auto h = key_values<T>(largest(e), std::string("select-") + type_name<T>());
    const auto runs = run_keys<T>(largest(e), std::string("unique-") + type_name<T>());
    const tide::device_vector<T> d(h.begin(), h.end()), druns(runs.begin(), runs.end());
    tide::device_vector<T> out(h.size());
    std::vector<T> want(h.size());
    sweep("copy_if/unique", type_name<T>(), e, [&](std::int64_t n) {
      auto end = tide::copy_if(tide::device, d.begin(), d.begin() + n, out.begin(), positive());
      auto wend = tide::copy_if(tide::seq, h.begin(), h.begin() + n, want.begin(), positive());
      REQUIRE(end - out.begin() == wend - want.begin());
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(out, end - out.begin()), first_n(want, wend - want.begin())),
                    "copy_if");
      end = tide::unique_copy(tide::device, druns.begin(), druns.begin() + n, out.begin());
      wend = tide::unique_copy(tide::seq, runs.begin(), runs.begin() + n, want.begin());
      REQUIRE(end - out.begin() == wend - want.begin());
      CHECK_MESSAGE(device_prefix(out, end - out.begin()) == first_n(want, wend - want.begin()), "unique_copy");
    });
  });
}

TEST_CASE("the partitions are right at every path boundary of every element type") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const auto e = pb::select<T>(sweep_limit());
    const auto h = key_values<T>(largest(e), std::string("partition-") + type_name<T>());
    const tide::device_vector<T> d(h.begin(), h.end());
    tide::device_vector<T> sel(h.size()), rej(h.size()), work(h.size());
    // Flags of T's width: an unsigned integer, 1 where the item is positive.
    using flag_t =
        std::conditional_t<sizeof(T) == 1, std::uint8_t,
                           std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                              std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;
    std::vector<flag_t> hflags(h.size());
    for (std::size_t i = 0; i < h.size(); ++i) hflags[i] = positive()(h[i]) ? 1 : 0;
    const tide::device_vector<flag_t> dflags(hflags.begin(), hflags.end());
    sweep("partitions", type_name<T>(), e, [&](std::int64_t n) {
      // Selected in order, rejected in order (partition_copy, stable_partition) or reversed
      // (partition on CUDA: Thrust's order).
      std::vector<T> want_sel, want_rej;
      for (std::int64_t i = 0; i < n; ++i) (positive()(h[i]) ? want_sel : want_rej).push_back(h[i]);
      std::vector<T> want_rev(want_rej.rbegin(), want_rej.rend());
      // With a stencil of the items' width (its own staged stream): the flags of the items.
      const auto ends_s = tide::partition_copy(tide::device, d.begin(), d.begin() + n, dflags.begin(), sel.begin(),
                                               rej.begin(), tide::identity<flag_t>());
      REQUIRE(ends_s.first - sel.begin() == std::int64_t(want_sel.size()));
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(sel, ends_s.first - sel.begin()), want_sel),
                    "partition_copy (stencil)");
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(rej, ends_s.second - rej.begin()), want_rej),
                    "partition_copy (stencil)");
      auto end_s = tide::copy_if(tide::device, d.begin(), d.begin() + n, dflags.begin(), sel.begin(),
                                 tide::identity<flag_t>());
      REQUIRE(end_s - sel.begin() == std::int64_t(want_sel.size()));
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(sel, end_s - sel.begin()), want_sel), "copy_if (stencil)");
      const auto ends = tide::partition_copy(tide::device, d.begin(), d.begin() + n, sel.begin(), rej.begin(),
                                             positive());
      REQUIRE(ends.first - sel.begin() == std::int64_t(want_sel.size()));
      REQUIRE(ends.second - rej.begin() == std::int64_t(want_rej.size()));
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(sel, ends.first - sel.begin()), want_sel), "partition_copy");
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(rej, ends.second - rej.begin()), want_rej), "partition_copy");
      auto both = [&](const std::vector<T>& second) {
        auto all = want_sel;
        all.insert(all.end(), second.begin(), second.end());
        return all;
      };
      tide::copy(tide::device, d.begin(), d.begin() + n, work.begin());
      auto mid = tide::partition(tide::device, work.begin(), work.begin() + n, positive());
      REQUIRE(mid - work.begin() == std::int64_t(want_sel.size()));
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(work, n), both(want_rev)), "partition");
      tide::copy(tide::device, d.begin(), d.begin() + n, work.begin());
      mid = tide::stable_partition(tide::device, work.begin(), work.begin() + n, positive());
      REQUIRE(mid - work.begin() == std::int64_t(want_sel.size()));
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(work, n), both(want_rej)), "stable_partition");
    });
  });
}

TEST_CASE("merge and merge_by_key are right at every path boundary of every element type") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const std::int64_t limit = sweep_limit();
    pb::edges e = pb::merge<T>(limit);
    for (std::int64_t n : pb::merge<T, std::uint32_t>(limit).sizes) e.sizes.push_back(n);
    e.done();
    auto h = key_values<T>(largest(e), std::string("merge-") + type_name<T>());
    std::vector<std::uint32_t> vals(h.size());
    std::iota(vals.begin(), vals.end(), 0u);
    tide::device_vector<T> out(h.size());
    tide::device_vector<std::uint32_t> vout(h.size());
    std::vector<T> want(h.size());
    std::vector<std::uint32_t> want_v(h.size());
    sweep("merge", type_name<T>(), e, [&](std::int64_t n) {
      // Two sorted runs of the first n keys, split unevenly (a third, two thirds).
      std::vector<T> a(h.begin(), h.begin() + n / 3), b(h.begin() + n / 3, h.begin() + n);
      tide::sort(tide::seq, a.begin(), a.end());
      tide::sort(tide::seq, b.begin(), b.end());
      const tide::device_vector<T> da(a.begin(), a.end()), db(b.begin(), b.end());
      const tide::device_vector<std::uint32_t> dva(vals.begin(), vals.begin() + a.size()),
          dvb(vals.begin() + a.size(), vals.begin() + n);
      tide::merge(tide::device, da.begin(), da.end(), db.begin(), db.end(), out.begin());
      tide::merge(tide::seq, a.begin(), a.end(), b.begin(), b.end(), want.begin());
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(out, n), first_n(want, n)), "merge");
      tide::merge_by_key(tide::device, da.begin(), da.end(), db.begin(), db.end(), dva.begin(), dvb.begin(),
                         out.begin(), vout.begin());
      tide::merge_by_key(tide::seq, a.begin(), a.end(), b.begin(), b.end(), vals.begin(), vals.begin() + a.size(),
                         want.begin(), want_v.begin());
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(out, n), first_n(want, n)), "merge_by_key keys");
      CHECK_MESSAGE(device_prefix(vout, n) == first_n(want_v, n), "merge_by_key values");
    });
  });
}

namespace {
/// The stable order of v under by_low_bits, by counting (tens of millions of keys: a comparison
/// sort on the host would take most of the test's time).
template <class T>
std::vector<std::uint32_t> low_bits_order(const std::vector<T>& v) {
  std::size_t start[17] = {};
  for (const T& x : v) ++start[by_low_bits::low(x) + 1];
  for (int b = 0; b < 16; ++b) start[b + 1] += start[b];
  std::vector<std::uint32_t> order(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) order[start[by_low_bits::low(v[i])]++] = std::uint32_t(i);
  return order;
}

/// Sorts the first n keys (and their positions, when pairs) on the device and on seq with comp,
/// and compares bit for bit (every sort is stable, so the result is unique).
template <class T, class Comp>
void check_sort_prefix(const std::vector<T>& h, const tide::device_vector<T>& d, std::int64_t n, bool pairs, Comp comp,
                       const char* what) {
  tide::device_vector<T> dk(d.begin(), d.begin() + n);
  std::vector<T> want(h.begin(), h.begin() + n);
  std::vector<std::uint32_t> idx(static_cast<std::size_t>(n));
  std::iota(idx.begin(), idx.end(), 0u);
  auto reference = [&] {
    if constexpr (std::is_same_v<Comp, by_low_bits>) {
      idx = low_bits_order(want);
      for (std::size_t i = 0; i < idx.size(); ++i) want[i] = h[idx[i]];
    } else {
      tide::sort_by_key(tide::seq, want.begin(), want.end(), idx.begin(), comp);
    }
  };
  if (pairs) {
    tide::device_vector<std::uint32_t> dv(static_cast<std::size_t>(n));
    tide::sequence(tide::device, dv.begin(), dv.end());
    tide::sort_by_key(tide::device, dk.begin(), dk.end(), dv.begin(), comp);
    reference();
    INFO("sort_by_key, " << what);
    CHECK_MESSAGE(tide_test::same_bits(tide_test::to_std(dk), want), "keys");
    CHECK_MESSAGE(tide_test::to_std(dv) == idx, "values");
  } else {
    tide::sort(tide::device, dk.begin(), dk.end(), comp);
    reference();
    INFO("sort, " << what);
    CHECK(tide_test::same_bits(tide_test::to_std(dk), want));
  }
}
}  // namespace

TEST_CASE("sort and sort_by_key are right at every path boundary of every key type, both orders") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const std::int64_t limit = sweep_limit();
    for (bool pairs : {false, true}) {
      const pb::edges e = pairs ? pb::radix_sort<T, std::uint32_t>(limit) : pb::radix_sort<T>(limit);
      const auto h = key_values<T>(largest(e), std::string("radix-") + type_name<T>());
      const tide::device_vector<T> d(h.begin(), h.end());
      sweep(pairs ? "sort_by_key" : "sort", type_name<T>(), e, [&](std::int64_t n) {
        check_sort_prefix(h, d, n, pairs, tide::less<T>(), "ascending");
        check_sort_prefix(h, d, n, pairs, tide::greater<T>(), "descending");
      });
    }
  });
}

TEST_CASE("sort and sort_by_key with a comparator of the caller's are right at every merge sort boundary") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    // Each round of the merge sort is the same code, its parity alone changing where the tiles go:
    // by default the rounds up to 2^21 keys (7 of them for 4-byte keys) run, the rest under
    // TIDE_TEST_LARGE (they took 4 of the sweep's 5 minutes on an H100).
    const std::int64_t limit =
        tide_test::large_enabled() ? sweep_limit() : std::min<std::int64_t>(sweep_limit(), 1 << 21);
    for (bool pairs : {false, true}) {
      const pb::edges e = pairs ? pb::merge_sort<T, std::uint32_t>(limit) : pb::merge_sort<T>(limit);
      const auto h = key_values<T>(largest(e), std::string("merge-sort-") + type_name<T>());
      const tide::device_vector<T> d(h.begin(), h.end());
      sweep(pairs ? "merge_sort pairs" : "merge_sort", type_name<T>(), e,
            [&](std::int64_t n) { check_sort_prefix(h, d, n, pairs, by_low_bits(), "by the low 4 bits"); });
    }
  });
}

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
