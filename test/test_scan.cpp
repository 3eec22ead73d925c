// inclusive_scan, exclusive_scan, inclusive_scan_by_key and exclusive_scan_by_key, on every backend.
#include "common.hpp"
#include "scan_wrap_cases.hpp"

using namespace tide_test;

namespace {

/// Every element within tolerance of the reference (exact for integers); reports the first miss.
template <class T>
void check_all_close(const std::vector<T>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  std::int64_t bad = 0, first_bad = -1;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!close(got[i], want[i])) bad++, first_bad = first_bad < 0 ? std::int64_t(i) : first_bad;
  CAPTURE(first_bad);
  CHECK(bad == 0);
}

/// Random affine maps (odd multipliers: the composition never collapses to a constant).
std::vector<affine> random_affine(std::int64_t n, const std::string& salt) {
  auto a = random_vector<std::uint32_t>(n, salt + "-a", 0, 1 << 30);
  auto b = random_vector<std::uint32_t>(n, salt + "-b", 0, 1 << 30);
  std::vector<affine> h(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) h[i] = {a[i] | 1u, b[i]};
  return h;
}

/// A value that remembers whether the operator ever saw a value nobody gave.
constexpr std::uint32_t good_mark = 0x5eed1234u;
struct marked {
  int value;
  std::uint32_t mark;
};
struct marked_plus {
  TIDE_HOST_DEVICE marked operator()(const marked& a, const marked& b) const {
    return {a.value + b.value, a.mark == good_mark && b.mark == good_mark ? good_mark : 0u};
  }
};
bool all_marked(const std::vector<marked>& v) {
  for (auto& m : v)
    if (m.mark != good_mark) return false;
  return true;
}

}  // namespace

// ---- inclusive_scan / exclusive_scan -----------------------------------------------------------

TEST_CASE_TEMPLATE("inclusive_scan sums every arithmetic type at every size", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "inclusive", 0, 100);
      std::vector<double> want(h.size());
      double s = 0;
      for (std::size_t i = 0; i < h.size(); ++i) want[i] = s += static_cast<double>(h[i]);
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(h.size(), tide::no_init);
      auto end = tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin());
      CAPTURE(n);
      CHECK(end == out.end());
      check_all_close(to_std(out), want);
    }
  });
}

TEST_CASE_TEMPLATE("exclusive_scan starts from init, or from value_type{} by default", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto h = random_vector<T>(n, "exclusive", 0, 100);
      std::vector<double> want(h.size()), want0(h.size());
      double s = 7;
      for (std::size_t i = 0; i < h.size(); ++i) want[i] = s, want0[i] = s - 7, s += static_cast<double>(h[i]);
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(h.size(), tide::no_init);
      CAPTURE(n);
      CHECK(tide::exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), T(7)) == out.end());
      check_all_close(to_std(out), want);
      tide::exclusive_scan(B::policy(), d.begin(), d.end(), out.begin());
      check_all_close(to_std(out), want0);
    }
  });
}

TEST_CASE_TEMPLATE("inclusive_scan with init adds init to every prefix", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<std::int64_t>(n, "inclusive-init", -1000, 1000);
    std::vector<double> want(h.size());
    double s = 1000;
    for (std::size_t i = 0; i < h.size(); ++i) want[i] = s += static_cast<double>(h[i]);
    auto d = to_backend<B>(h);
    typename B::template vector<std::int64_t> out(h.size(), tide::no_init);
    tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), std::int64_t(1000), tide::plus<>());
    CAPTURE(n);
    check_all_close(to_std(out), want);
  }
}

// ---- Thrust's accumulator types (thrust/system/cuda/detail/scan.h, sequential/scan.h) -----------

namespace {
/// x modulo 2^8 as a signed char (what a signed char accumulator holds after wrapping).
signed char wrap8(std::int64_t x) { return static_cast<signed char>(static_cast<unsigned char>(x & 0xff)); }
}  // namespace

TEST_CASE_TEMPLATE("inclusive_scan without init accumulates in the input's type, even into a wider output", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<signed char>(n, "scan-schar", -100, 100);
    std::vector<int> want(h.size());
    std::int64_t s = 0;
    for (std::size_t i = 0; i < h.size(); ++i) want[i] = wrap8(s += h[i]);
    auto d = to_backend<B>(h);
    typename B::template vector<int> out(h.size(), tide::no_init);
    tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin());
    CAPTURE(n);
    CHECK(to_std(out) == want);
  }
  auto d8 = to_backend<B>(std::vector<std::uint8_t>(300, 255));
  typename B::template vector<int> out8(300);
  tide::inclusive_scan(B::policy(), d8.begin(), d8.end(), out8.begin());
  auto got8 = to_std(out8);
  CHECK(got8[0] == 255);
  CHECK(got8[1] == 254);  // 510 in uint8
  CHECK(got8.back() == 300 * 255 % 256);
}

TEST_CASE_TEMPLATE("inclusive_scan with init accumulates in the type of op(init, x)", B, TIDE_TEST_BACKENDS) {
  auto d8 = to_backend<B>(std::vector<signed char>(300, 100));
  typename B::template vector<int> out(300);
  tide::inclusive_scan(B::policy(), d8.begin(), d8.end(), out.begin(), 0, tide::plus<>());  // int + signed char
  auto got = to_std(out);
  CHECK(got[1] == 200);
  CHECK(got.back() == 30000);

  const std::int64_t big = std::int64_t(1) << 40;
  auto d = to_backend<B>(std::vector<std::int64_t>{big, big, big});
  typename B::template vector<std::int64_t> out64(3);
  tide::inclusive_scan(B::policy(), d.begin(), d.end(), out64.begin(), 0, tide::plus<>());  // int + int64
  CHECK(to_std(out64) == std::vector<std::int64_t>{big, 2 * big, 3 * big});
}

TEST_CASE_TEMPLATE("exclusive_scan accumulates in init's type, each element converted to it first", B,
                   TIDE_TEST_BACKENDS) {
  // Elements -1, 0, 0, 2 as ints: int(acc + x) would give 0, -1, 0, 0 instead.
  auto dd = to_backend<B>(std::vector<double>{-1.0, 0.5, 0.5, 2.0});
  typename B::template vector<double> outd(4);
  tide::exclusive_scan(B::policy(), dd.begin(), dd.end(), outd.begin(), 0);
  CHECK(to_std(outd) == std::vector<double>{0, -1, -1, -1});
  tide::exclusive_scan(B::policy(), dd.begin(), dd.end(), outd.begin(), 0.0);
  CHECK(to_std(outd) == std::vector<double>{0, -1, -0.5, 0});

  // An int init over int64: each element truncated to int.
  const std::int64_t big = std::int64_t(1) << 40;
  auto d = to_backend<B>(std::vector<std::int64_t>{big + 1, big + 2, 3});
  typename B::template vector<std::int64_t> out(3);
  tide::exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), 0);
  CHECK(to_std(out) == std::vector<std::int64_t>{0, 1, 3});
  tide::exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), std::int64_t(0));
  CHECK(to_std(out) == std::vector<std::int64_t>{0, big + 1, 2 * big + 3});

  for (auto n : sizes()) {
    auto h = random_vector<double>(n, "exclusive-int-init");
    std::vector<double> want(h.size());
    std::int64_t s = 7;
    for (std::size_t i = 0; i < h.size(); ++i) want[i] = double(s), s += static_cast<int>(h[i]);
    auto dh = to_backend<B>(h);
    typename B::template vector<double> o(h.size(), tide::no_init);
    tide::exclusive_scan(B::policy(), dh.begin(), dh.end(), o.begin(), 7);
    CAPTURE(n);
    CHECK(to_std(o) == want);
  }
}

TEST_CASE_TEMPLATE("exclusive_scan without init starts from value_type{} and accumulates in the value type", B,
                   TIDE_TEST_BACKENDS) {
  auto d8 = to_backend<B>(std::vector<std::uint8_t>(300, 255));
  typename B::template vector<int> out(300);
  tide::exclusive_scan(B::policy(), d8.begin(), d8.end(), out.begin());
  auto got = to_std(out);
  bool ok = true;
  for (int i = 0; i < 300; ++i) ok = ok && got[i] == i * 255 % 256;
  CHECK(ok);
}

TEST_CASE_TEMPLATE("scans with a non-commutative operator keep the order", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_affine(n, "scan-affine");
    std::vector<affine> want_in(h.size()), want_ex(h.size());
    const affine init{3, 5};
    affine acc{1, 0}, acc_ex = init;
    for (std::size_t i = 0; i < h.size(); ++i) {
      acc = i == 0 ? h[0] : affine_compose{}(acc, h[i]);
      want_in[i] = acc;
      want_ex[i] = acc_ex;
      acc_ex = affine_compose{}(acc_ex, h[i]);
    }
    auto d = to_backend<B>(h);
    typename B::template vector<affine> out(h.size(), tide::no_init);
    CAPTURE(n);
    tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), affine_compose{});
    CHECK(to_std(out) == want_in);
    tide::exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), init, affine_compose{});
    CHECK(to_std(out) == want_ex);
    // With init, inclusive: init composed before every prefix.
    std::vector<affine> want_in_init(h.size());
    for (std::size_t i = 0; i < h.size(); ++i) want_in_init[i] = affine_compose{}(want_ex[i], h[i]);
    tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), init, affine_compose{});
    CHECK(to_std(out) == want_in_init);
  }
}

TEST_CASE_TEMPLATE("scans work in place", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<std::int64_t>(n, "in-place", -1000, 1000);
    std::vector<std::int64_t> want_in(h.size()), want_ex(h.size());
    std::int64_t s = 0;
    for (std::size_t i = 0; i < h.size(); ++i) want_ex[i] = s, want_in[i] = s += h[i];
    auto d = to_backend<B>(h);
    CAPTURE(n);
    tide::inclusive_scan(B::policy(), d.begin(), d.end(), d.begin());
    CHECK(to_std(d) == want_in);
    d = to_backend<B>(h);
    tide::exclusive_scan(B::policy(), d.begin(), d.end(), d.begin(), std::int64_t(0));
    CHECK(to_std(d) == want_ex);
    auto a = random_affine(n, "in-place-affine");
    std::vector<affine> want_a(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) want_a[i] = i == 0 ? a[0] : affine_compose{}(want_a[i - 1], a[i]);
    auto da = to_backend<B>(a);
    tide::inclusive_scan(B::policy(), da.begin(), da.end(), da.begin(), affine_compose{});
    CHECK(to_std(da) == want_a);
  }
}

TEST_CASE_TEMPLATE("integer sums wrap as the scalar loop does, from any offset and at every tail", B,
                   TIDE_TEST_BACKENDS) {
  // Unsigned items over their whole range (the sums wrap), signed ones without overflow; sizes at
  // every tail of a 16-item step (the OpenMP scan's vector loop) and around its 4096-item blocks,
  // from starts 0-3 items into the buffer, in place and not (scan_wrap_cases.hpp).
  auto run = [&](auto tag, double lo, double hi) {
    using T = decltype(tag);
    check_scan_wrap_cases<B, T>(
        "int-wrap", lo, hi, [](T x) { return x; }, [](int form, auto first, auto last, auto o, T init) {
          if (form == 0) tide::inclusive_scan(B::policy(), first, last, o);
          if (form == 1) tide::inclusive_scan(B::policy(), first, last, o, init, tide::plus<T>());
          if (form == 2) tide::exclusive_scan(B::policy(), first, last, o, init);
        });
  };
  run(std::uint32_t{}, 0, 4294967295.0);
  run(std::int32_t{}, -1000, 1000);
  run(std::uint64_t{}, 0, 9e18);
  run(std::int64_t{}, -1e9, 1e9);
}

TEST_CASE_TEMPLATE("scans read iterator adaptors and write through them", B, TIDE_TEST_BACKENDS) {
  const std::int64_t n = (1 << 20) + 7;
  auto first = tide::make_counting_iterator<std::int64_t>(0);
  typename B::template vector<std::int64_t> out(n, tide::no_init);
  tide::inclusive_scan(B::policy(), first, first + n, out.begin());
  auto got = to_std(out);
  bool ok = true;
  for (std::int64_t i = 0; i < n; ++i) ok = ok && got[i] == i * (i + 1) / 2;
  CHECK(ok);

  // transform_iterator in, transform_output_iterator out (negated on the way out).
  auto h = random_vector<int>(1000, "scan-adaptors", -50, 50);
  auto d = to_backend<B>(h);
  auto twice = tide::make_transform_iterator(d.begin(), [] TIDE_HOST_DEVICE(int x) { return 2 * x; });
  typename B::template vector<long long> o(1000, tide::no_init);
  auto neg_out = tide::make_transform_output_iterator(o.begin(), tide::negate<long long>());
  tide::exclusive_scan(B::policy(), twice, twice + 1000, neg_out, 0LL);
  std::vector<long long> want(1000);
  long long s = 0;
  for (int i = 0; i < 1000; ++i) want[i] = -s, s += 2 * h[i];
  CHECK(to_std(o) == want);
}

TEST_CASE_TEMPLATE("scans take a user struct and operator", B, TIDE_TEST_BACKENDS) {
  std::vector<point> h(1000);
  for (int i = 0; i < 1000; ++i) h[i] = {i, 2 * i};
  auto d = to_backend<B>(h);
  typename B::template vector<point> out(1000, tide::no_init);
  tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), point_add{});
  auto got = to_std(out);
  CHECK(got[999] == point{499500, 999000});
  CHECK(got[10] == point{55, 110});
  tide::exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), point{1, 1}, point_add{});
  got = to_std(out);
  CHECK(got[0] == point{1, 1});
  CHECK(got[11] == point{56, 111});
}

TEST_CASE_TEMPLATE("float scans repeat bit for bit", B, TIDE_TEST_BACKENDS) {
  const std::int64_t n = (1 << 20) + 7;
  auto h = random_vector<float>(n, "float-repeat");
  auto keys = random_runs(n, "float-repeat-keys", 20000);
  auto d = to_backend<B>(h);
  auto dk = to_backend<B>(keys);
  typename B::template vector<float> out(n, tide::no_init);
  tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin());
  auto first = to_std(out);
  tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin());
  CHECK(same_bits(first, to_std(out)));
  tide::exclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), out.begin(), 0.5f);
  first = to_std(out);
  tide::exclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), out.begin(), 0.5f);
  CHECK(same_bits(first, to_std(out)));
}

TEST_CASE_TEMPLATE("a scan's operator never sees a value nobody gave", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    std::vector<marked> h(static_cast<std::size_t>(n), marked{1, good_mark});
    auto keys = random_runs(n, "marked-keys", 50);
    auto d = to_backend<B>(h);
    auto dk = to_backend<B>(keys);
    typename B::template vector<marked> out(h.size(), tide::no_init);
    CAPTURE(n);
    tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), marked_plus{});
    CHECK(all_marked(to_std(out)));
    tide::exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), marked{0, good_mark}, marked_plus{});
    CHECK(all_marked(to_std(out)));
    tide::inclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), out.begin(), tide::equal_to<>(),
                                marked_plus{});
    CHECK(all_marked(to_std(out)));
    tide::exclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), out.begin(), marked{0, good_mark},
                                tide::equal_to<>(), marked_plus{});
    CHECK(all_marked(to_std(out)));
  }
}

TEST_CASE_TEMPLATE("scans of an empty range write nothing", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d, out(3, 9);
  CHECK(tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin()) == out.begin());
  CHECK(tide::exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), 5) == out.begin());
  CHECK(tide::inclusive_scan_by_key(B::policy(), d.begin(), d.end(), d.begin(), out.begin()) == out.begin());
  CHECK(tide::exclusive_scan_by_key(B::policy(), d.begin(), d.end(), d.begin(), out.begin()) == out.begin());
  CHECK(to_std(out) == std::vector<int>{9, 9, 9});
}

// ---- scan_by_key -------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("scans by key restart at every run of equal keys", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    // Runs of one, short runs, long runs, and one or two runs over everything (chunks with no head).
    std::vector<int> max_runs{7};
    if (std::is_same_v<T, std::int32_t>) max_runs = {1, 7, 5000, 1 << 21};
    for (int max_run : max_runs) {
      for (auto n : sizes()) {
        auto keys = random_runs(n, "by-key-" + std::to_string(max_run), max_run);
        auto h = random_vector<T>(n, "by-key-values", 0, 100);
        std::vector<double> want_in(h.size()), want_ex(h.size());
        double s = 0;
        for (std::size_t i = 0; i < h.size(); ++i) {
          if (i == 0 || keys[i] != keys[i - 1]) s = 0;
          want_ex[i] = s + 3;
          want_in[i] = s += static_cast<double>(h[i]);
        }
        auto dk = to_backend<B>(keys);
        auto d = to_backend<B>(h);
        typename B::template vector<T> out(h.size(), tide::no_init);
        CAPTURE(n);
        CAPTURE(max_run);
        CHECK(tide::inclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), out.begin()) == out.end());
        check_all_close(to_std(out), want_in);
        CHECK(tide::exclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), out.begin(), T(3)) ==
              out.end());
        check_all_close(to_std(out), want_ex);
      }
    }
  });
}

TEST_CASE_TEMPLATE("scans by key with a non-commutative operator keep the order", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto keys = random_runs(n, "by-key-affine", 3000);
    auto h = random_affine(n, "by-key-affine");
    const affine init{7, 1};
    std::vector<affine> want_in(h.size()), want_ex(h.size());
    affine acc{1, 0}, acc_ex = init;
    for (std::size_t i = 0; i < h.size(); ++i) {
      bool head = i == 0 || keys[i] != keys[i - 1];
      acc = head ? h[i] : affine_compose{}(acc, h[i]);
      if (head) acc_ex = init;
      want_in[i] = acc;
      want_ex[i] = acc_ex;
      acc_ex = affine_compose{}(acc_ex, h[i]);
    }
    auto dk = to_backend<B>(keys);
    auto d = to_backend<B>(h);
    typename B::template vector<affine> out(h.size(), tide::no_init);
    CAPTURE(n);
    tide::inclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), out.begin(), tide::equal_to<>(),
                                affine_compose{});
    CHECK(to_std(out) == want_in);
    tide::exclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), out.begin(), init, tide::equal_to<>(),
                                affine_compose{});
    CHECK(to_std(out) == want_ex);
  }
}

TEST_CASE_TEMPLATE("scans by key compare adjacent keys with the given predicate", B, TIDE_TEST_BACKENDS) {
  // Segments are runs of keys with the same tens digit.
  std::vector<int> keys{10, 11, 19, 20, 25, 30, 31, 40};
  std::vector<int> vals{1, 2, 3, 4, 5, 6, 7, 8};
  auto same_tens = [] TIDE_HOST_DEVICE(int a, int b) { return a / 10 == b / 10; };
  auto dk = to_backend<B>(keys);
  auto dv = to_backend<B>(vals);
  typename B::template vector<int> out(8);
  tide::inclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), out.begin(), same_tens);
  CHECK(to_std(out) == std::vector<int>{1, 3, 6, 4, 9, 6, 13, 8});
  tide::exclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), out.begin(), 100, same_tens);
  CHECK(to_std(out) == std::vector<int>{100, 101, 103, 100, 104, 100, 106, 100});
  tide::inclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), out.begin(), same_tens,
                              tide::maximum<>());
  CHECK(to_std(out) == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8});
}

TEST_CASE_TEMPLATE("inclusive_scan_by_key accumulates in the values' type, even into a wider output", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto keys = random_runs(n, "by-key-schar", 2000);
    auto h = random_vector<signed char>(n, "by-key-schar", -100, 100);
    std::vector<int> want(h.size());
    std::int64_t s = 0;
    for (std::size_t i = 0; i < h.size(); ++i) {
      if (i == 0 || keys[i] != keys[i - 1]) s = 0;
      want[i] = wrap8(s += h[i]);
    }
    auto dk = to_backend<B>(keys);
    auto d = to_backend<B>(h);
    typename B::template vector<int> out(h.size(), tide::no_init);
    tide::inclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), out.begin());
    CAPTURE(n);
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("exclusive_scan_by_key accumulates in init's type, each value converted to it first", B,
                   TIDE_TEST_BACKENDS) {
  std::vector<int> keys{1, 1, 1, 1, 2, 2};
  auto dk = to_backend<B>(keys);
  auto dv = to_backend<B>(std::vector<double>{-1.0, 0.5, 0.5, 2.0, 1.5, 1.5});
  typename B::template vector<double> out(6);
  tide::exclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), out.begin(), 0);
  CHECK(to_std(out) == std::vector<double>{0, -1, -1, -1, 0, 1});
  // An int init over signed char values: int partial sums, no wrapping.
  auto k1 = to_backend<B>(std::vector<int>(300, 0));
  auto d8 = to_backend<B>(std::vector<signed char>(300, 100));
  typename B::template vector<int> out8(300);
  tide::exclusive_scan_by_key(B::policy(), k1.begin(), k1.end(), d8.begin(), out8.begin(), 0);
  CHECK(to_std(out8).back() == 29900);
  // Without init: the values' value_type{}, so signed char partial sums wrap.
  tide::exclusive_scan_by_key(B::policy(), k1.begin(), k1.end(), d8.begin(), out8.begin());
  CHECK(to_std(out8).back() == wrap8(29900));
}

TEST_CASE_TEMPLATE("scans by key work in place on the values", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto keys = random_runs(n, "by-key-in-place", 100);
    auto h = random_vector<std::int64_t>(n, "by-key-in-place", -1000, 1000);
    std::vector<std::int64_t> want_in(h.size()), want_ex(h.size());
    std::int64_t s = 0;
    for (std::size_t i = 0; i < h.size(); ++i) {
      if (i == 0 || keys[i] != keys[i - 1]) s = 0;
      want_ex[i] = s;
      want_in[i] = s += h[i];
    }
    auto dk = to_backend<B>(keys);
    auto d = to_backend<B>(h);
    CAPTURE(n);
    tide::inclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), d.begin());
    CHECK(to_std(d) == want_in);
    d = to_backend<B>(h);
    tide::exclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), d.begin(), d.begin());
    CHECK(to_std(d) == want_ex);
  }
}

TEST_CASE_TEMPLATE("scans by key read keys and values through iterator adaptors", B, TIDE_TEST_BACKENDS) {
  // Keys i / 10 from a transform of a counting iterator; values a constant 1: the position in
  // each run of ten.
  const std::int64_t n = 100003;
  auto keys = tide::make_transform_iterator(tide::make_counting_iterator<std::int64_t>(0),
                                            [] TIDE_HOST_DEVICE(std::int64_t i) { return i / 10; });
  auto ones = tide::make_constant_iterator(1);
  typename B::template vector<int> out(n, tide::no_init);
  tide::inclusive_scan_by_key(B::policy(), keys, keys + n, ones, out.begin());
  auto got = to_std(out);
  bool ok = true;
  for (std::int64_t i = 0; i < n; ++i) ok = ok && got[i] == i % 10 + 1;
  CHECK(ok);
}

// ---- errors and system selection ---------------------------------------------------------------

TEST_CASE_TEMPLATE("scans with last before first throw naming the algorithm", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1), out(10);
  CHECK_THROWS_WITH_AS(tide::inclusive_scan(B::policy(), d.end(), d.begin(), out.begin()),
                       "tide::inclusive_scan: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::exclusive_scan(B::policy(), d.end(), d.begin(), out.begin()),
                       "tide::exclusive_scan: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::inclusive_scan_by_key(B::policy(), d.end(), d.begin(), d.begin(), out.begin()),
                       "tide::inclusive_scan_by_key: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::exclusive_scan_by_key(B::policy(), d.end(), d.begin(), d.begin(), out.begin()),
                       "tide::exclusive_scan_by_key: last is before first", std::invalid_argument);
  CHECK(to_std(out) == std::vector<int>(10, 0));
}

TEST_CASE("scans without a policy pick the system from the iterators") {
  std::vector<int> h{1, 2, 3, 4};
  std::vector<int> out(4);
  tide::inclusive_scan(h.begin(), h.end(), out.begin());
  CHECK(out == std::vector<int>{1, 3, 6, 10});
  tide::exclusive_scan(h.begin(), h.end(), out.begin(), 10, tide::plus<>());
  CHECK(out == std::vector<int>{10, 11, 13, 16});
  tide::device_vector<int> d(h.begin(), h.end()), dk(4, 0), dout(4);
  tide::inclusive_scan(d.begin(), d.end(), dout.begin(), tide::maximum<>());
  CHECK(to_std(dout) == std::vector<int>{1, 2, 3, 4});
  tide::exclusive_scan_by_key(dk.begin(), dk.end(), d.begin(), dout.begin());
  CHECK(to_std(dout) == std::vector<int>{0, 1, 3, 6});
  tide::inclusive_scan_by_key(dk.begin(), dk.end(), d.begin(), dout.begin());
  CHECK(to_std(dout) == std::vector<int>{1, 3, 6, 10});
}
