// transform_inclusive_scan and transform_exclusive_scan, on every backend: the scans of f(x), with
// Thrust's element and accumulator types, in one pass.
#include "common.hpp"
#include "scan_wrap_cases.hpp"

using namespace tide_test;

namespace {

/// The sizes, plus the CUDA scan tiles (256 threads x 48 staged, 16 small or register items, 8
/// register items of 8 bytes) and their neighbours.
std::vector<std::int64_t> ts_sizes() {
  auto s = sizes();
  for (std::int64_t t : {2048, 4096, 12288})
    for (std::int64_t k : {1, 2})
      for (std::int64_t d : {-1, 0, 1}) s.push_back(k * t + d);
  return s;
}

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

/// -x, in x's type (exact).
struct negated {
  template <class T>
  TIDE_HOST_DEVICE T operator()(const T& x) const {
    return static_cast<T>(-x);
  }
};
/// -x, wrapping for unsigned and signed integers alike.
struct negated_wrapping {
  template <class T>
  TIDE_HOST_DEVICE T operator()(const T& x) const {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(U(0) - U(x));
  }
};
/// x as the signed char it is (an f whose result type is narrow).
struct as_schar {
  TIDE_HOST_DEVICE signed char operator()(signed char x) const { return x; }
};
/// x widened to int.
struct as_int {
  TIDE_HOST_DEVICE int operator()(signed char x) const { return x; }
};
/// x as it is, a double.
struct as_double {
  TIDE_HOST_DEVICE double operator()(double x) const { return x; }
};
/// An affine map from a pair of numbers: x -> (2a + 1) x + b.
struct to_affine {
  TIDE_HOST_DEVICE affine operator()(const affine& m) const { return {2 * m.a + 1, m.b}; }
};

std::vector<affine> random_affine(std::int64_t n, const std::string& salt) {
  auto a = random_vector<std::uint32_t>(n, salt + "-a", 0, 1 << 30);
  auto b = random_vector<std::uint32_t>(n, salt + "-b", 0, 1 << 30);
  std::vector<affine> h(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) h[i] = {a[i], b[i]};
  return h;
}

}  // namespace

TEST_CASE_TEMPLATE("transform_inclusive_scan sums f(x) for every arithmetic type at every size", B,
                   TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : ts_sizes()) {
      auto h = random_vector<T>(n, "t-inclusive", 0, 100);
      std::vector<double> want(h.size()), want_init(h.size());
      double s = 0;
      for (std::size_t i = 0; i < h.size(); ++i) {
        s += static_cast<double>(times2_plus1{}(h[i]));
        want[i] = s, want_init[i] = s + 5;
      }
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(h.size(), tide::no_init);
      CAPTURE(n);
      CHECK(tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), times2_plus1{},
                                           tide::plus<T>()) == out.end());
      check_all_close(to_std(out), want);
      CHECK(tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), times2_plus1{}, T(5),
                                           tide::plus<T>()) == out.end());
      check_all_close(to_std(out), want_init);
    }
  });
}

TEST_CASE_TEMPLATE("transform_exclusive_scan starts from init and sums f(x) before each element", B,
                   TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : ts_sizes()) {
      auto h = random_vector<T>(n, "t-exclusive", 0, 100);
      std::vector<double> want(h.size());
      double s = 7;
      for (std::size_t i = 0; i < h.size(); ++i) want[i] = s, s += static_cast<double>(times2_plus1{}(h[i]));
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(h.size(), tide::no_init);
      CAPTURE(n);
      CHECK(tide::transform_exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), times2_plus1{}, T(7),
                                           tide::plus<T>()) == out.end());
      check_all_close(to_std(out), want);
    }
  });
}

namespace {
/// |x|, in x's type (a negation under a comparison: max(x, -x)).
struct magnitude {
  template <class T>
  TIDE_HOST_DEVICE T operator()(const T& x) const {
    return x < T(0) ? static_cast<T>(-x) : x;
  }
};

/// The transform scans of `f` under maximum and minimum, inclusive (with and without init) and
/// exclusive, against the running max/min on the host, at every size of ts_sizes.
template <class B, class T, class F>
void check_ordering_scans(F f, const char* salt) {
  for (auto n : ts_sizes()) {
    auto h = random_vector<T>(n, salt, -100, 100);
    auto d = to_backend<B>(h);
    typename B::template vector<T> out(h.size(), tide::no_init);
    const T init = std::is_signed_v<T> ? T(-90) : T(3);
    CAPTURE(n);
    for (int which = 0; which < 2; ++which) {
      auto op = [which](T a, T b) { return which == 0 ? (a < b ? b : a) : (b < a ? b : a); };
      CAPTURE(which);  // 0: maximum, 1: minimum
      std::vector<T> in(h.size()), in_init(h.size()), ex(h.size());
      T acc = T(), acc_init = init;
      for (std::size_t i = 0; i < h.size(); ++i) {
        const T x = f(h[i]);
        ex[i] = acc_init;
        acc = i == 0 ? x : op(acc, x);
        acc_init = op(acc_init, x);
        in[i] = acc, in_init[i] = acc_init;
      }
      if (which == 0) {
        tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), f, tide::maximum<T>());
        CHECK(to_std(out) == in);
        tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), f, init, tide::maximum<T>());
        CHECK(to_std(out) == in_init);
        tide::transform_exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), f, init, tide::maximum<T>());
        CHECK(to_std(out) == ex);
      } else {
        tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), f, tide::minimum<T>());
        CHECK(to_std(out) == in);
        tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), f, init, tide::minimum<T>());
        CHECK(to_std(out) == in_init);
        tide::transform_exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), f, init, tide::minimum<T>());
        CHECK(to_std(out) == ex);
      }
    }
  }
}
}  // namespace

// ptxas (CUDA 13.0, sm_90) dropped the negation of one operand of a fused three-input max/min
// (VIMNMX3): transform scans of -x under maximum over int and short were wrong on the GPU, where
// the plus cases above passed (backend/cuda/scan.hpp, fold_fence).
TEST_CASE_TEMPLATE("transform scans of -x and |x| under maximum and minimum are the running max and min", B,
                   TIDE_TEST_BACKENDS) {
  check_ordering_scans<B, std::int8_t>(negated{}, "t-order-i8");
  check_ordering_scans<B, std::int16_t>(negated{}, "t-order-i16");
  check_ordering_scans<B, std::int32_t>(negated{}, "t-order-i32");
  check_ordering_scans<B, std::int64_t>(negated{}, "t-order-i64");
  check_ordering_scans<B, std::uint32_t>(negated{}, "t-order-u32");
  check_ordering_scans<B, std::uint64_t>(negated{}, "t-order-u64");
  check_ordering_scans<B, float>(negated{}, "t-order-f32");
  check_ordering_scans<B, double>(negated{}, "t-order-f64");
  check_ordering_scans<B, std::int16_t>(magnitude{}, "t-order-abs-i16");
  check_ordering_scans<B, std::int32_t>(magnitude{}, "t-order-abs-i32");
  check_ordering_scans<B, std::int64_t>(magnitude{}, "t-order-abs-i64");
}

TEST_CASE_TEMPLATE("the transform_scan drop-in's running max of -x from -100", B, TIDE_TEST_BACKENDS) {
  std::vector<int> h(12);
  for (int i = 0; i < 12; ++i) h[i] = (i * 7) % 11 - 3;
  auto d = to_backend<B>(h);
  typename B::template vector<int> out(12);
  tide::transform_exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), tide::negate<int>(), -100,
                                 tide::maximum<int>());
  CHECK(to_std(out) == std::vector<int>{-100, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3});
  tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), tide::negate<int>(),
                                 tide::maximum<int>());
  CHECK(to_std(out) == std::vector<int>{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3});
}

// ---- Thrust's types (thrust/system/detail/generic/transform_scan.inl, cuda/detail/transform_scan.h) ----

namespace {
signed char wrap8(std::int64_t x) { return static_cast<signed char>(static_cast<unsigned char>(x & 0xff)); }
}  // namespace

TEST_CASE_TEMPLATE("transform_inclusive_scan without init accumulates in f's result type, even into a wider output",
                   B, TIDE_TEST_BACKENDS) {
  for (auto n : ts_sizes()) {
    auto h = random_vector<signed char>(n, "t-schar", -100, 100);
    std::vector<int> want(h.size()), want_wide(h.size());
    std::int64_t s = 0;
    for (std::size_t i = 0; i < h.size(); ++i) s += h[i], want[i] = wrap8(s), want_wide[i] = int(s);
    auto d = to_backend<B>(h);
    typename B::template vector<int> out(h.size(), tide::no_init);
    CAPTURE(n);
    // f gives signed char: the sum wraps at 127, though op (plus<>) and the output are int.
    tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), as_schar{}, tide::plus<>());
    CHECK(to_std(out) == want);
    // f gives int: no wrap.
    tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), as_int{}, tide::plus<>());
    CHECK(to_std(out) == want_wide);
  }
}

TEST_CASE_TEMPLATE("transform_inclusive_scan with init accumulates in the type of op(init, f(x))", B,
                   TIDE_TEST_BACKENDS) {
  auto d8 = to_backend<B>(std::vector<signed char>(300, 100));
  typename B::template vector<int> out(300);
  tide::transform_inclusive_scan(B::policy(), d8.begin(), d8.end(), out.begin(), as_schar{}, 0, tide::plus<>());
  auto got = to_std(out);
  CHECK(got[1] == 200);
  CHECK(got.back() == 30000);
  // A signed char init with plus<signed char>: wraps.
  tide::transform_inclusive_scan(B::policy(), d8.begin(), d8.end(), out.begin(), as_int{}, (signed char)0,
                                 tide::plus<signed char>());
  got = to_std(out);
  CHECK(got[1] == wrap8(200));
  CHECK(got.back() == wrap8(30000));
}

TEST_CASE_TEMPLATE("transform_exclusive_scan converts each f(x) to init's type and accumulates in it", B,
                   TIDE_TEST_BACKENDS) {
  // f(x) = -1, 0.5, 0.5, 2 as ints: -1, 0, 0, 2.
  auto dd = to_backend<B>(std::vector<double>{-1.0, 0.5, 0.5, 2.0});
  typename B::template vector<double> outd(4);
  tide::transform_exclusive_scan(B::policy(), dd.begin(), dd.end(), outd.begin(), as_double{}, 0, tide::plus<>());
  CHECK(to_std(outd) == std::vector<double>{0, -1, -1, -1});
  tide::transform_exclusive_scan(B::policy(), dd.begin(), dd.end(), outd.begin(), as_double{}, 0.0, tide::plus<>());
  CHECK(to_std(outd) == std::vector<double>{0, -1, -0.5, 0});
  // A signed char init: f's ints made signed char, summed in signed char.
  auto d8 = to_backend<B>(std::vector<signed char>(300, 100));
  typename B::template vector<int> out(300);
  tide::transform_exclusive_scan(B::policy(), d8.begin(), d8.end(), out.begin(), as_int{}, (signed char)0,
                                 tide::plus<>());
  auto got = to_std(out);
  bool ok = true;
  for (int i = 0; i < 300; ++i) ok = ok && got[i] == wrap8(std::int64_t(i) * 100);
  CHECK(ok);
  for (auto n : ts_sizes()) {
    auto h = random_vector<double>(n, "t-exclusive-int-init");
    std::vector<double> want(h.size());
    std::int64_t s = 7;
    for (std::size_t i = 0; i < h.size(); ++i) want[i] = double(s), s += static_cast<int>(h[i]);
    auto dh = to_backend<B>(h);
    typename B::template vector<double> o(h.size(), tide::no_init);
    tide::transform_exclusive_scan(B::policy(), dh.begin(), dh.end(), o.begin(), as_double{}, 7, tide::plus<>());
    CAPTURE(n);
    CHECK(to_std(o) == want);
  }
}

TEST_CASE_TEMPLATE("transform scans with a non-commutative operator keep the order", B, TIDE_TEST_BACKENDS) {
  for (auto n : ts_sizes()) {
    auto h = random_affine(n, "t-affine");
    std::vector<affine> want_in(h.size()), want_ex(h.size()), want_in_init(h.size());
    const affine init{3, 5};
    affine acc{1, 0}, acc_ex = init;
    for (std::size_t i = 0; i < h.size(); ++i) {
      const affine m = to_affine{}(h[i]);
      acc = i == 0 ? m : affine_compose{}(acc, m);
      want_in[i] = acc;
      want_ex[i] = acc_ex;
      acc_ex = affine_compose{}(acc_ex, m);
      want_in_init[i] = acc_ex;
    }
    auto d = to_backend<B>(h);
    typename B::template vector<affine> out(h.size(), tide::no_init);
    CAPTURE(n);
    tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), to_affine{}, affine_compose{});
    CHECK(to_std(out) == want_in);
    tide::transform_exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), to_affine{}, init, affine_compose{});
    CHECK(to_std(out) == want_ex);
    tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), to_affine{}, init, affine_compose{});
    CHECK(to_std(out) == want_in_init);
  }
}

TEST_CASE_TEMPLATE("transform scans work in place", B, TIDE_TEST_BACKENDS) {
  for (auto n : ts_sizes()) {
    auto h = random_vector<std::int32_t>(n, "t-in-place", -1000, 1000);
    std::vector<std::int32_t> want_in(h.size()), want_ex(h.size());
    std::int32_t s = 0;
    for (std::size_t i = 0; i < h.size(); ++i) want_ex[i] = s, want_in[i] = s -= h[i];
    auto d = to_backend<B>(h);
    CAPTURE(n);
    CHECK(tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), d.begin(), negated{}, tide::plus<>()) ==
          d.end());
    CHECK(to_std(d) == want_in);
    d = to_backend<B>(h);
    tide::transform_exclusive_scan(B::policy(), d.begin(), d.end(), d.begin(), negated{}, 0, tide::plus<>());
    CHECK(to_std(d) == want_ex);
    d = to_backend<B>(h);
    tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), d.begin(), negated{}, 0, tide::plus<>());
    CHECK(to_std(d) == want_in);
  }
}

TEST_CASE_TEMPLATE("transform scans of integers wrap as the scalar loop does, from any offset and at every tail", B,
                   TIDE_TEST_BACKENDS) {
  // The OpenMP scan sums 4- and 8-byte integers a 16-byte vector at a time, converting a transform's
  // items as it loads them (and a narrower item type's): unsigned items over their whole range (the
  // sums wrap), at every tail of a 64-byte line and around the 4096-item blocks, from starts 0-3
  // items into the buffer, in place and not (scan_wrap_cases.hpp); and int8 items summed in int32
  // and int64.
  auto run = [&](auto tag, double lo, double hi) {
    using T = decltype(tag);
    check_scan_wrap_cases<B, T>(
        "t-int-wrap", lo, hi, negated_wrapping{}, [](int form, auto first, auto last, auto o, T init) {
          negated_wrapping neg{};
          if (form == 0) tide::transform_inclusive_scan(B::policy(), first, last, o, neg, tide::plus<T>());
          if (form == 1) tide::transform_inclusive_scan(B::policy(), first, last, o, neg, init, tide::plus<T>());
          if (form == 2) tide::transform_exclusive_scan(B::policy(), first, last, o, neg, init, tide::plus<>());
        });
  };
  run(std::uint32_t{}, 0, 4294967295.0);
  run(std::int32_t{}, -1000, 1000);
  run(std::uint64_t{}, 0, 9e18);
  run(std::int64_t{}, -1e9, 1e9);
  // Narrow items, wide sums: int8 through the identity into int32 and int64 accumulators.
  for (auto n : scan_wrap_sizes()) {
    auto h = random_vector<signed char>(n, "t-int-widen", -128, 127);
    auto d = to_backend<B>(h);
    std::vector<std::int32_t> want32(h.size());
    std::vector<std::int64_t> want64(h.size());
    std::int32_t s32 = -5;
    std::int64_t s64 = std::int64_t(1) << 40;
    for (std::size_t i = 0; i < h.size(); ++i) want32[i] = s32 += h[i], want64[i] = s64 += h[i];
    typename B::template vector<std::int32_t> o32(h.size());
    typename B::template vector<std::int64_t> o64(h.size());
    CAPTURE(n);
    tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), o32.begin(), as_schar{}, std::int32_t(-5),
                                   tide::plus<std::int32_t>());
    CHECK(to_std(o32) == want32);
    tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), o64.begin(), as_schar{},
                                   std::int64_t(1) << 40, tide::plus<std::int64_t>());
    CHECK(to_std(o64) == want64);
  }
}

TEST_CASE_TEMPLATE("transform scans equal the scans of the transformed elements, bit for bit", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : ts_sizes()) {
    auto h = random_vector<float>(n, "t-bits");
    std::vector<float> neg(h.size());
    for (std::size_t i = 0; i < h.size(); ++i) neg[i] = -h[i];
    auto d = to_backend<B>(h);
    auto dn = to_backend<B>(neg);
    typename B::template vector<float> a(h.size(), tide::no_init), b(h.size(), tide::no_init);
    CAPTURE(n);
    tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), a.begin(), negated{}, tide::plus<>());
    tide::inclusive_scan(B::policy(), dn.begin(), dn.end(), b.begin(), tide::plus<>());
    CHECK(same_bits(to_std(a), to_std(b)));
    auto first = to_std(a);
    tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), a.begin(), negated{}, tide::plus<>());
    CHECK(same_bits(to_std(a), first));  // and again: the same bits
    tide::transform_exclusive_scan(B::policy(), d.begin(), d.end(), a.begin(), negated{}, 0.5f, tide::plus<>());
    tide::exclusive_scan(B::policy(), dn.begin(), dn.end(), b.begin(), 0.5f, tide::plus<>());
    CHECK(same_bits(to_std(a), to_std(b)));
    tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), a.begin(), negated{}, 0.5f, tide::plus<>());
    tide::inclusive_scan(B::policy(), dn.begin(), dn.end(), b.begin(), 0.5f, tide::plus<>());
    CHECK(same_bits(to_std(a), to_std(b)));
    auto hd = random_vector<double>(n, "t-bits-64");
    std::vector<double> negd(hd.size());
    for (std::size_t i = 0; i < hd.size(); ++i) negd[i] = -hd[i];
    auto dd = to_backend<B>(hd);
    auto ddn = to_backend<B>(negd);
    typename B::template vector<double> ad(hd.size(), tide::no_init), bd(hd.size(), tide::no_init);
    tide::transform_inclusive_scan(B::policy(), dd.begin(), dd.end(), ad.begin(), negated{}, tide::plus<>());
    tide::inclusive_scan(B::policy(), ddn.begin(), ddn.end(), bd.begin(), tide::plus<>());
    CHECK(same_bits(to_std(ad), to_std(bd)));
  }
}

TEST_CASE_TEMPLATE("transform scans read iterator adaptors and write through them", B, TIDE_TEST_BACKENDS) {
  const std::int64_t n = (1 << 20) + 7;
  auto first = tide::make_counting_iterator<std::int64_t>(0);
  typename B::template vector<std::int64_t> out(n, tide::no_init);
  tide::transform_inclusive_scan(B::policy(), first, first + n, out.begin(), times2_plus1{}, tide::plus<>());
  auto got = to_std(out);
  bool ok = true;
  for (std::int64_t i = 0; i < n; ++i) ok = ok && got[i] == (i + 1) * (i + 1);  // sum of 2k + 1 for k <= i
  CHECK(ok);

  // transform_iterator in (twice), transform_output_iterator out (negated).
  auto h = random_vector<int>(1000, "t-adaptors", -50, 50);
  auto d = to_backend<B>(h);
  auto twice = tide::make_transform_iterator(d.begin(), [] TIDE_HOST_DEVICE(int x) { return 2 * x; });
  typename B::template vector<long long> o(1000, tide::no_init);
  auto neg_out = tide::make_transform_output_iterator(o.begin(), tide::negate<long long>());
  tide::transform_exclusive_scan(B::policy(), twice, twice + 1000, neg_out, times2_plus1{}, 0LL, tide::plus<>());
  std::vector<long long> want(1000);
  long long s = 0;
  for (int i = 0; i < 1000; ++i) want[i] = -s, s += 4 * h[i] + 1;
  CHECK(to_std(o) == want);
}

TEST_CASE_TEMPLATE("transform scans of an empty range write nothing", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d, out(3, 9);
  CHECK(tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), negated{}, tide::plus<>()) ==
        out.begin());
  CHECK(tide::transform_inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), negated{}, 1, tide::plus<>()) ==
        out.begin());
  CHECK(tide::transform_exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), negated{}, 1, tide::plus<>()) ==
        out.begin());
  CHECK(to_std(out) == std::vector<int>{9, 9, 9});
}

TEST_CASE_TEMPLATE("transform scans with last before first throw naming the algorithm", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1), out(10);
  CHECK_THROWS_WITH_AS(
      tide::transform_inclusive_scan(B::policy(), d.end(), d.begin(), out.begin(), negated{}, tide::plus<>()),
      "tide::transform_inclusive_scan: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(
      tide::transform_inclusive_scan(B::policy(), d.end(), d.begin(), out.begin(), negated{}, 0, tide::plus<>()),
      "tide::transform_inclusive_scan: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(
      tide::transform_exclusive_scan(B::policy(), d.end(), d.begin(), out.begin(), negated{}, 0, tide::plus<>()),
      "tide::transform_exclusive_scan: last is before first", std::invalid_argument);
  CHECK(to_std(out) == std::vector<int>(10, 0));
}

TEST_CASE("transform scans without a policy pick the system from the iterators") {
  std::vector<int> h{1, 2, 3, 4};
  std::vector<int> out(4);
  CHECK(tide::transform_inclusive_scan(h.begin(), h.end(), out.begin(), negated{}, tide::plus<>()) == out.end());
  CHECK(out == std::vector<int>{-1, -3, -6, -10});
  tide::transform_inclusive_scan(h.begin(), h.end(), out.begin(), negated{}, 10, tide::plus<>());
  CHECK(out == std::vector<int>{9, 7, 4, 0});
  tide::transform_exclusive_scan(h.begin(), h.end(), out.begin(), negated{}, 10, tide::plus<>());
  CHECK(out == std::vector<int>{10, 9, 7, 4});
  tide::device_vector<int> d(h.begin(), h.end()), dout(4);
  tide::transform_inclusive_scan(d.begin(), d.end(), dout.begin(), negated{}, tide::maximum<>());
  CHECK(to_std(dout) == std::vector<int>{-1, -1, -1, -1});
  tide::transform_inclusive_scan(d.begin(), d.end(), dout.begin(), negated{}, 10, tide::plus<>());
  CHECK(to_std(dout) == std::vector<int>{9, 7, 4, 0});
  CHECK(tide::transform_exclusive_scan(d.begin(), d.end(), dout.begin(), negated{}, 0, tide::plus<>()) == dout.end());
  CHECK(to_std(dout) == std::vector<int>{0, -1, -3, -6});
}

#if defined(__CUDACC__)
namespace {
/// Each thread scans its own row, with tide::seq and with tide::device.
__global__ void rows_kernel(const int* in, int* a, int* b, int* c, int rows, int n) {
  const int r = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (r >= rows) return;
  const int* row = in + r * n;
  tide::transform_inclusive_scan(tide::seq, row, row + n, a + r * n, negated{}, tide::plus<>());
  tide::transform_inclusive_scan(tide::device, row, row + n, b + r * n, negated{}, 3, tide::plus<>());
  tide::transform_exclusive_scan(tide::device, row, row + n, c + r * n, negated{}, 3, tide::plus<>());
}
}  // namespace

TEST_CASE("transform scans run per thread in a kernel with tide::seq and tide::device") {
  const int rows = 100, n = 37;
  auto h = random_vector<int>(rows * n, "t-kernel");
  tide::device_vector<int> d(h.begin(), h.end()), a(rows * n), b(rows * n), c(rows * n);
  rows_kernel<<<(rows + 31) / 32, 32>>>(tide::raw_pointer_cast(d.data()), tide::raw_pointer_cast(a.data()),
                                        tide::raw_pointer_cast(b.data()), tide::raw_pointer_cast(c.data()), rows, n);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  auto ga = to_std(a), gb = to_std(b), gc = to_std(c);
  bool ok = true;
  for (int r = 0; r < rows; ++r) {
    int s = 0;
    for (int i = 0; i < n; ++i) {
      const int k = r * n + i;
      ok = ok && gc[k] == 3 + s;
      s -= h[k];
      ok = ok && ga[k] == s && gb[k] == 3 + s;
    }
  }
  CHECK(ok);
}
#endif
