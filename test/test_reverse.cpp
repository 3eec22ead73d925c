// reverse, reverse_copy and swap_ranges on every backend, against std:: algorithms on std::vector.
#include <algorithm>
#include <numeric>

#include "common.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <tide/backend/cuda/path_boundaries.hpp>
#endif

using namespace tide_test;

namespace {

/// sizes() and, odd and even, the CUDA transform's tile edges: reverse swaps n/2 pairs in tiles of
/// 256 threads x 4 or 8 pairs (2n elements at each tile edge), reverse_copy and swap_ranges copy n.
template <class T = int>
std::vector<std::int64_t> reverse_sizes() {
  auto s = sizes();
  s.push_back(3);
  if (!std::getenv("TIDE_TEST_SMALL"))
    for (std::int64_t t : {1024, 2048, 4096, 8192})
      for (std::int64_t d : {-1, 0, 1}) s.push_back(t + d), s.push_back(2 * t + d);
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  for (std::int64_t n : tide::backend::cuda::boundaries::replace_reverse<T>().sizes) s.push_back(n);
#endif
  return s;
}

struct negate_int {
  TIDE_HOST_DEVICE int operator()(int x) const { return -x; }
};

/// A value whose swap is its own (found by ADL): swap_ranges calls it, as Thrust's does.
struct swapped {
  int value;
  int swaps;
  TIDE_HOST_DEVICE friend void swap(swapped& a, swapped& b) {
    swapped t = a;
    a = {b.value, b.swaps + 1};
    b = {t.value, t.swaps + 1};
  }
};


/// Per segment i of 5 elements (in device code on CUDA): reverse it, replace 0 by 9, swap its first
/// two with its last two, then generate 7 into a second array's segment; all with tide::seq.
struct segment_work {
  int* data;
  int* gen;
  TIDE_HOST_DEVICE void operator()(int i) const {
    int* p = data + 5 * i;
    tide::reverse(tide::seq, p, p + 5);
    tide::replace(tide::seq, p, p + 5, 0, 9);
    tide::swap_ranges(tide::seq, p, p + 2, p + 3);
    tide::generate_n(tide::seq, gen + 5 * i, 5, seven{});
  }
  struct seven {
    TIDE_HOST_DEVICE int operator()() const { return 7; }
  };
};

}  // namespace

TEST_CASE_TEMPLATE("reverse reverses in place for every type and size, the middle of an odd n untouched", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : reverse_sizes<T>()) {
      CAPTURE(n);
      auto h = random_vector<T>(n, "reverse", 0, 100);
      auto d = to_backend<B>(h);
      tide::reverse(B::policy(), d.begin(), d.end());
      std::reverse(h.begin(), h.end());
      CHECK(to_std(d) == h);
    }
  });
  // The middle element of an odd range is not written: a NaN there keeps its payload bits.
  std::vector<float> h{1.0f, 2.0f, std::numeric_limits<float>::quiet_NaN(), -0.0f, 5.0f};
  auto d = to_backend<B>(h);
  tide::reverse(B::policy(), d.begin(), d.end());
  std::reverse(h.begin(), h.end());
  CHECK(same_bits(to_std(d), h));
}

TEST_CASE_TEMPLATE("reverse of a sub-range and twice is the identity", B, TIDE_TEST_BACKENDS) {
  for (auto n : reverse_sizes()) {
    CAPTURE(n);
    auto h = random_vector<std::int64_t>(n, "reverse-sub");
    auto d = to_backend<B>(h);
    tide::reverse(B::policy(), d.begin(), d.end());
    tide::reverse(B::policy(), d.begin(), d.end());
    CHECK(to_std(d) == h);
    if (n >= 4) {
      tide::reverse(B::policy(), d.begin() + 1, d.end() - 2);
      std::reverse(h.begin() + 1, h.end() - 2);
      CHECK(to_std(d) == h);
    }
  }
}

TEST_CASE_TEMPLATE("reverse of a user struct and of a zip of two ranges", B, TIDE_TEST_BACKENDS) {
  for (auto n : reverse_sizes()) {
    CAPTURE(n);
    auto x = random_vector<int>(n, "reverse-point-x");
    auto y = random_vector<int>(n, "reverse-point-y");
    std::vector<point> p(n);
    for (std::int64_t i = 0; i < n; ++i) p[i] = {x[i], y[i]};
    auto dp = to_backend<B>(p);
    tide::reverse(B::policy(), dp.begin(), dp.end());
    std::reverse(p.begin(), p.end());
    CHECK(to_std(dp) == p);

    auto dx = to_backend<B>(x);
    auto dy = to_backend<B>(y);
    auto zip = tide::make_zip_iterator(dx.begin(), dy.begin());
    tide::reverse(B::policy(), zip, zip + n);
    std::reverse(x.begin(), x.end());
    std::reverse(y.begin(), y.end());
    CHECK(to_std(dx) == x);
    CHECK(to_std(dy) == y);
  }
}

TEST_CASE_TEMPLATE("reverse_copy writes the input backwards, returns the output's end, keeps the input", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : reverse_sizes<T>()) {
      CAPTURE(n);
      auto h = random_vector<T>(n, "reverse_copy");
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(n, tide::no_init);
      auto end = tide::reverse_copy(B::policy(), d.begin(), d.end(), out.begin());
      CHECK(end == out.end());
      CHECK(to_std(out) == std::vector<T>(h.rbegin(), h.rend()));
      CHECK(to_std(d) == h);
    }
  });
}

TEST_CASE_TEMPLATE("reverse_copy reads counting and transform iterators, writes transform_output and reverse ones", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : reverse_sizes()) {
    CAPTURE(n);
    typename B::template vector<int> out(n, tide::no_init);
    auto count = tide::make_counting_iterator<int>(0);
    auto to = tide::make_transform_output_iterator(out.begin(), times2_plus1{});
    CHECK(tide::reverse_copy(B::policy(), count, count + n, to) - to == n);
    std::vector<int> want(n);
    for (int i = 0; i < n; ++i) want[i] = 2 * (int(n) - 1 - i) + 1;
    CHECK(to_std(out) == want);

    auto h = random_vector<int>(n, "reverse_copy-adaptors");
    auto d = to_backend<B>(h);
    auto neg = tide::make_transform_iterator(d.begin(), negate_int{});
    auto rout = tide::make_reverse_iterator(out.end());
    CHECK(tide::reverse_copy(B::policy(), neg, neg + n, rout) - rout == n);  // twice reversed: in order
    for (std::int64_t i = 0; i < n; ++i) want[i] = -h[i];
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("swap_ranges exchanges two ranges elementwise and returns the end of the second", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : reverse_sizes<T>()) {
      CAPTURE(n);
      auto a = random_vector<T>(n, "swap_ranges-a");
      auto b = random_vector<T>(n, "swap_ranges-b");
      auto da = to_backend<B>(a);
      auto db = to_backend<B>(b);
      auto end = tide::swap_ranges(B::policy(), da.begin(), da.end(), db.begin());
      CHECK(end == db.end());
      CHECK(to_std(da) == b);
      CHECK(to_std(db) == a);
    }
  });
}

TEST_CASE_TEMPLATE("swap_ranges of a range with itself leaves it unchanged; halves of one vector swap", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : reverse_sizes()) {
    CAPTURE(n);
    auto h = random_vector<double>(n, "swap_ranges-self");
    auto d = to_backend<B>(h);
    CHECK(tide::swap_ranges(B::policy(), d.begin(), d.end(), d.begin()) == d.end());
    CHECK(to_std(d) == h);
    const std::int64_t half = n / 2;
    tide::swap_ranges(B::policy(), d.begin(), d.begin() + half, d.end() - half);
    std::swap_ranges(h.begin(), h.begin() + half, h.end() - half);
    CHECK(to_std(d) == h);
  }
}

TEST_CASE_TEMPLATE("swap_ranges between different element containers: zips and a user swap", B, TIDE_TEST_BACKENDS) {
  for (auto n : reverse_sizes()) {
    CAPTURE(n);
    auto a1 = random_vector<int>(n, "swap-zip-a1");
    auto a2 = random_vector<float>(n, "swap-zip-a2");
    auto b1 = random_vector<int>(n, "swap-zip-b1");
    auto b2 = random_vector<float>(n, "swap-zip-b2");
    auto da1 = to_backend<B>(a1), db1 = to_backend<B>(b1);
    auto da2 = to_backend<B>(a2), db2 = to_backend<B>(b2);
    auto za = tide::make_zip_iterator(da1.begin(), da2.begin());
    auto zb = tide::make_zip_iterator(db1.begin(), db2.begin());
    CHECK(tide::swap_ranges(B::policy(), za, za + n, zb) - zb == n);
    CHECK(to_std(da1) == b1);
    CHECK(to_std(da2) == b2);
    CHECK(to_std(db1) == a1);
    CHECK(to_std(db2) == a2);

    std::vector<swapped> s(n), t(n);
    for (std::int64_t i = 0; i < n; ++i) s[i] = {int(i), 0}, t[i] = {-int(i), 10};
    auto ds = to_backend<B>(s);
    auto dt = to_backend<B>(t);
    tide::swap_ranges(B::policy(), ds.begin(), ds.end(), dt.begin());
    auto gs = to_std(ds), gt = to_std(dt);
    bool ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i)
      ok = gs[i].value == -int(i) && gs[i].swaps == 11 && gt[i].value == int(i) && gt[i].swaps == 1;
    CHECK(ok);
  }
}

TEST_CASE_TEMPLATE("reverse on empty and single ranges writes nothing; last before first throws naming the algorithm",
                   B, TIDE_TEST_BACKENDS) {
  std::vector<int> h{1, 2, 3};
  auto d = to_backend<B>(h);
  auto b = d.begin(), e = d.end();
  tide::reverse(B::policy(), b, b);
  tide::reverse(B::policy(), b, b + 1);
  CHECK(tide::reverse_copy(B::policy(), b, b, b + 1) == b + 1);
  CHECK(tide::swap_ranges(B::policy(), b, b, b + 1) == b + 1);
  CHECK(to_std(d) == h);
  CHECK_THROWS_WITH_AS(tide::reverse(B::policy(), e, b), "tide::reverse: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::reverse_copy(B::policy(), e, b, b), "tide::reverse_copy: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::swap_ranges(B::policy(), e, b, b), "tide::swap_ranges: last is before first",
                       std::invalid_argument);
  CHECK(to_std(d) == h);
}

TEST_CASE_TEMPLATE("reverse, replace, swap_ranges and generate_n with tide::seq run inside an algorithm's function", B,
                   TIDE_TEST_BACKENDS) {
  const int segments = 1000;
  std::vector<int> h(5 * segments);
  for (std::size_t i = 0; i < h.size(); ++i) h[i] = int(i % 7);
  auto d = to_backend<B>(h);
  typename B::template vector<int> g(h.size(), 0);
  auto count = tide::make_counting_iterator<int>(0);
  tide::for_each(B::policy(), count, count + segments,
                 segment_work{tide::raw_pointer_cast(d.data()), tide::raw_pointer_cast(g.data())});
  for (int i = 0; i < segments; ++i) {
    auto p = h.begin() + 5 * i;
    std::reverse(p, p + 5);
    std::replace(p, p + 5, 0, 9);
    std::swap_ranges(p, p + 2, p + 3);
  }
  CHECK(to_std(d) == h);
  CHECK(to_std(g) == std::vector<int>(h.size(), 7));
}

TEST_CASE("reverse, reverse_copy and swap_ranges without a policy pick the system from the iterators") {
  std::vector<int> h(1001);
  std::iota(h.begin(), h.end(), 0);
  tide::device_vector<int> d(h.begin(), h.end());
  tide::device_vector<int> out(1001);
  tide::reverse(d.begin(), d.end());
  CHECK(to_std(d) == std::vector<int>(h.rbegin(), h.rend()));
  CHECK(tide::reverse_copy(d.begin(), d.end(), out.begin()) == out.end());
  CHECK(to_std(out) == h);
  tide::device_vector<int> zeros(1001, 0);
  CHECK(tide::swap_ranges(out.begin(), out.end(), zeros.begin()) == zeros.end());
  CHECK(to_std(zeros) == h);
  CHECK(to_std(out) == std::vector<int>(1001, 0));
  std::vector<int> hv(h);
  tide::reverse(hv.begin(), hv.end());  // std::vector: the host system
  CHECK(hv == std::vector<int>(h.rbegin(), h.rend()));
}

TEST_CASE("reverse, reverse_copy and swap_ranges over std::vector<bool> with par (packed bits: one writer)") {
  const int n = 100003;
  std::vector<bool> v(n), other(n);
  for (int i = 0; i < n; ++i) v[i] = (i % 3) == 0, other[i] = (i % 5) == 0;
  const std::vector<bool> v0 = v, other0 = other;
  tide::reverse(tide::par, v.begin(), v.end());
  CHECK(v == std::vector<bool>(v0.rbegin(), v0.rend()));
  std::vector<bool> out(n);
  CHECK(tide::reverse_copy(tide::par, v.begin(), v.end(), out.begin()) == out.end());
  CHECK(out == v0);
  CHECK(tide::swap_ranges(tide::par, out.begin(), out.end(), other.begin()) == other.end());
  CHECK(out == other0);
  CHECK(other == v0);
}
