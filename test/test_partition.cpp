// partition, stable_partition, partition_copy and stable_partition_copy on every backend, against
// std:: algorithms on std::vector. partition is checked for what it defines (the selected elements
// first, in order, and the same multiset), plus Thrust's exact order on the CUDA system (rejected
// elements reversed); the stable forms for their exact order.
#include <algorithm>
#include <numeric>

#include "common.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <tide/backend/cuda/path_boundaries.hpp>
#endif

using namespace tide_test;

namespace {

constexpr bool device_is_cuda = TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA;

struct first_is_even {
  template <class Tuple>
  TIDE_HOST_DEVICE bool operator()(const Tuple& t) const { return tide::get<0>(t) % 2 == 0; }
};
struct x_is_one {
  TIDE_HOST_DEVICE bool operator()(const point& p) const { return p.x == 1; }
};
struct below_half {  // false for NaN
  template <class T>
  TIDE_HOST_DEVICE bool operator()(T x) const { return x < T(0.5); }
};
struct is_nan {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(T x) const { return x != x; }
};
struct multiple_of_3 {
  TIDE_HOST_DEVICE int operator()(int i) const { return i % 3 == 0 ? 1 : 0; }
};
struct is_one {
  TIDE_HOST_DEVICE bool operator()(int x) const { return x == 1; }
};
struct never {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T&) const { return false; }
};
struct always {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(const T&) const { return true; }
};

/// The sizes of the cases that sweep tile boundaries: sizes() and, on CUDA, the select kernel's
/// tiles and look-back levels for T (elsewhere a few tile-like sizes).
template <class T>
std::vector<std::int64_t> boundary_sizes() {
  std::vector<std::int64_t> s = sizes();
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  const std::int64_t limit = std::getenv("TIDE_TEST_SMALL") ? 1 << 14 : 1 << 21;
  for (auto n : tide::backend::cuda::boundaries::select<T>(limit).sizes) s.push_back(n);
#else
  for (std::int64_t n : {1023, 1024, 2047, 2049, 4095, 4096, 4097, 8193, 12287}) s.push_back(n);
#endif
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

/// The reference results: selected elements in order, then rejected (in order, or reversed).
template <class T, class Pred>
std::vector<T> reference(const std::vector<T>& in, Pred pred, bool reversed_rejected = false) {
  std::vector<T> sel, rej;
  for (const T& x : in) (pred(x) ? sel : rej).push_back(x);
  if (reversed_rejected) std::reverse(rej.begin(), rej.end());
  sel.insert(sel.end(), rej.begin(), rej.end());
  return sel;
}
template <class T, class S, class Pred>
std::vector<T> reference(const std::vector<T>& in, const std::vector<S>& stencil, Pred pred, bool reversed = false) {
  std::vector<T> sel, rej;
  for (std::size_t i = 0; i < in.size(); ++i) (pred(stencil[i]) ? sel : rej).push_back(in[i]);
  if (reversed) std::reverse(rej.begin(), rej.end());
  sel.insert(sel.end(), rej.begin(), rej.end());
  return sel;
}

/// What partition defines: the selected elements first and in order (tide keeps their order on
/// every system), the others after, the same multiset.
template <class T, class Pred>
void check_partition(const std::vector<T>& in, const std::vector<T>& got, std::int64_t mid, Pred pred) {
  const auto want = reference(in, pred);
  std::int64_t selected = 0;
  for (const T& x : in) selected += pred(x) ? 1 : 0;
  REQUIRE(mid == selected);
  CHECK(std::equal(got.begin(), got.begin() + mid, want.begin()));
  CHECK(std::none_of(got.begin() + mid, got.end(), pred));
  auto a = std::vector<T>(got.begin() + mid, got.end());
  auto b = std::vector<T>(want.begin() + mid, want.end());
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  CHECK(a == b);
}

}  // namespace

TEST_CASE_TEMPLATE("partition puts the selected elements first, in order, for every type and size", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : boundary_sizes<T>()) {
      CAPTURE(n);
      auto h = random_vector<T>(n, "partition", 0, 100);
      auto d = to_backend<B>(h);
      auto mid = tide::partition(B::policy(), d.begin(), d.end(), above{50});
      auto got = to_std(d);
      check_partition(h, got, mid - d.begin(), above{50});
      if (device_is_cuda && std::is_same_v<B, device_backend>)  // Thrust's CUDA order: rejected reversed
        CHECK(got == reference(h, above{50}, true));
    }
  });
}

TEST_CASE_TEMPLATE("stable_partition matches std::stable_partition for every type and size", B, TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : boundary_sizes<T>()) {
      CAPTURE(n);
      auto h = random_vector<T>(n, "stable_partition", 0, 100);
      auto d = to_backend<B>(h);
      auto mid = tide::stable_partition(B::policy(), d.begin(), d.end(), above{50});
      auto want = h;
      auto want_mid = std::stable_partition(want.begin(), want.end(), above{50});
      CHECK(mid - d.begin() == want_mid - want.begin());
      CHECK(to_std(d) == want);
    }
  });
}

TEST_CASE_TEMPLATE("partition and stable_partition with a stencil move the elements whose stencil passes", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : boundary_sizes<double>()) {
    CAPTURE(n);
    auto h = random_vector<double>(n, "partition-stencil");
    auto s = random_vector<int>(n, "partition-stencil-s", 0, 9);
    auto ds = to_backend<B>(s);
    {
      auto d = to_backend<B>(h);
      auto mid = tide::stable_partition(B::policy(), d.begin(), d.end(), ds.begin(), is_even{});
      auto want = reference(h, s, is_even{});
      CHECK(mid - d.begin() == std::count_if(s.begin(), s.end(), is_even{}));
      CHECK(to_std(d) == want);
    }
    {
      auto d = to_backend<B>(h);
      auto mid = tide::partition(B::policy(), d.begin(), d.end(), ds.begin(), is_even{});
      auto got = to_std(d);
      auto want = reference(h, s, is_even{});
      const std::int64_t k = std::count_if(s.begin(), s.end(), is_even{});
      REQUIRE(mid - d.begin() == k);
      CHECK(std::equal(got.begin(), got.begin() + k, want.begin()));
      auto a = got, b = want;
      std::sort(a.begin() + k, a.end());
      std::sort(b.begin() + k, b.end());
      CHECK(a == b);
      if (device_is_cuda && std::is_same_v<B, device_backend>) CHECK(got == reference(h, s, is_even{}, true));
    }
    CHECK(to_std(ds) == s);  // the stencil is only read
  }
}

TEST_CASE_TEMPLATE("partition of all selected, none selected and already partitioned ranges", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    std::vector<int> h(n);
    std::iota(h.begin(), h.end(), 0);
    {  // all selected: nothing moves
      auto d = to_backend<B>(h);
      CHECK(tide::partition(B::policy(), d.begin(), d.end(), always{}) == d.end());
      CHECK(tide::stable_partition(B::policy(), d.begin(), d.end(), always{}) == d.end());
      CHECK(to_std(d) == h);
    }
    {  // none selected: stable leaves it; Thrust's CUDA partition reverses it
      auto d = to_backend<B>(h);
      CHECK(tide::stable_partition(B::policy(), d.begin(), d.end(), never{}) == d.begin());
      CHECK(to_std(d) == h);
      CHECK(tide::partition(B::policy(), d.begin(), d.end(), never{}) == d.begin());
      auto got = to_std(d);
      if (device_is_cuda && std::is_same_v<B, device_backend>) {
        CHECK(got == std::vector<int>(h.rbegin(), h.rend()));
      } else {
        std::sort(got.begin(), got.end());
        CHECK(got == h);
      }
    }
    {  // already partitioned (the first third selected): stable leaves it
      std::vector<int> flags(n, 0);
      for (std::int64_t i = 0; i < n / 3; ++i) flags[i] = 1;
      auto d = to_backend<B>(h);
      auto df = to_backend<B>(flags);
      CHECK(tide::stable_partition(B::policy(), d.begin(), d.end(), df.begin(), is_one{}) - d.begin() == n / 3);
      CHECK(to_std(d) == h);
      auto mid = tide::partition(B::policy(), d.begin(), d.end(), df.begin(), is_one{});
      CHECK(mid - d.begin() == n / 3);
      auto got = to_std(d);
      CHECK(std::equal(got.begin(), got.begin() + n / 3, h.begin()));
    }
  }
}

TEST_CASE_TEMPLATE("partitions test NaN and signed zeros through the predicate and keep their bits", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    auto h = random_vector<float>(n, "partition-nan", -1, 2);
    auto g = rng("partition-nan-pos#" + std::to_string(n));
    for (std::int64_t i = 0; i < n / 4; ++i) {
      const auto at = static_cast<std::size_t>(g() % static_cast<std::uint64_t>(n));
      h[at] = (i % 3 == 0) ? std::numeric_limits<float>::quiet_NaN() : (i % 3 == 1) ? -0.0f : 0.0f;
    }
    {
      auto d = to_backend<B>(h);
      auto mid = tide::stable_partition(B::policy(), d.begin(), d.end(), below_half{});
      auto want = reference(h, below_half{});
      CHECK(mid - d.begin() == std::count_if(h.begin(), h.end(), below_half{}));
      CHECK(same_bits(to_std(d), want));
    }
    {  // NaNs as a stencil: the values move by whether their stencil is NaN
      auto d = to_backend<B>(h);
      std::vector<int> idx(n);
      std::iota(idx.begin(), idx.end(), 0);
      auto di = to_backend<B>(idx);
      auto mid = tide::stable_partition(B::policy(), di.begin(), di.end(), d.begin(), is_nan{});
      CHECK(mid - di.begin() == std::count_if(h.begin(), h.end(), is_nan{}));
      CHECK(to_std(di) == reference(idx, h, is_nan{}));
    }
    {
      auto d = to_backend<B>(h);
      typename B::template vector<float> yes(n, 9.0f), no(n, 9.0f);
      auto ends = tide::partition_copy(B::policy(), d.begin(), d.end(), yes.begin(), no.begin(), is_nan{});
      std::vector<float> want_yes, want_no;
      for (float x : h) (x != x ? want_yes : want_no).push_back(x);
      REQUIRE(ends.first - yes.begin() == static_cast<std::int64_t>(want_yes.size()));
      REQUIRE(ends.second - no.begin() == static_cast<std::int64_t>(want_no.size()));
      auto got_yes = to_std(yes), got_no = to_std(no);
      CHECK(same_bits(std::vector<float>(got_yes.begin(), got_yes.begin() + want_yes.size()), want_yes));
      CHECK(same_bits(std::vector<float>(got_no.begin(), got_no.begin() + want_no.size()), want_no));
    }
  }
}

TEST_CASE_TEMPLATE("partition_copy and stable_partition_copy write both groups in order and return both ends", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : boundary_sizes<T>()) {
      CAPTURE(n);
      auto h = random_vector<T>(n, "partition_copy", 0, 100);
      auto s = random_vector<int>(n, "partition_copy-s", 0, 9);
      auto d = to_backend<B>(h);
      auto ds = to_backend<B>(s);
      std::vector<T> want_yes(n, T(7)), want_no(n, T(7));
      auto want_ends = std::partition_copy(h.begin(), h.end(), want_yes.begin(), want_no.begin(), above{50});
      for (int form = 0; form < 2; ++form) {
        typename B::template vector<T> yes(n, T(7)), no(n, T(7));
        auto ends = form == 0 ? tide::partition_copy(B::policy(), d.begin(), d.end(), yes.begin(), no.begin(), above{50})
                              : tide::stable_partition_copy(B::policy(), d.begin(), d.end(), yes.begin(), no.begin(),
                                                            above{50});
        CHECK(ends.first - yes.begin() == want_ends.first - want_yes.begin());
        CHECK(ends.second - no.begin() == want_ends.second - want_no.begin());
        CHECK(to_std(yes) == want_yes);  // the slots past the ends are untouched
        CHECK(to_std(no) == want_no);
      }
      // With a stencil.
      std::vector<T> sy, sn;
      for (std::int64_t i = 0; i < n; ++i) (s[i] % 2 == 0 ? sy : sn).push_back(h[i]);
      for (int form = 0; form < 2; ++form) {
        typename B::template vector<T> yes(n, T(7)), no(n, T(7));
        auto ends = form == 0 ? tide::partition_copy(B::policy(), d.begin(), d.end(), ds.begin(), yes.begin(),
                                                     no.begin(), is_even{})
                              : tide::stable_partition_copy(B::policy(), d.begin(), d.end(), ds.begin(), yes.begin(),
                                                            no.begin(), is_even{});
        REQUIRE(ends.first - yes.begin() == static_cast<std::int64_t>(sy.size()));
        REQUIRE(ends.second - no.begin() == static_cast<std::int64_t>(sn.size()));
        auto gy = to_std(yes), gn = to_std(no);
        CHECK(std::vector<T>(gy.begin(), gy.begin() + sy.size()) == sy);
        CHECK(std::vector<T>(gn.begin(), gn.begin() + sn.size()) == sn);
      }
      CHECK(to_std(d) == h);
    }
  });
}

TEST_CASE_TEMPLATE("stable_partition keeps the order of equal-looking user structs", B, TIDE_TEST_BACKENDS) {
  for (auto n : boundary_sizes<point>()) {
    CAPTURE(n);
    auto keys = random_vector<int>(n, "partition-struct", 0, 2);
    std::vector<point> h(n);
    for (std::int64_t i = 0; i < n; ++i) h[i] = {keys[i], static_cast<int>(i)};
    auto d = to_backend<B>(h);
    auto mid = tide::stable_partition(B::policy(), d.begin(), d.end(), x_is_one{});
    auto want = h;
    auto want_mid = std::stable_partition(want.begin(), want.end(), x_is_one{});
    CHECK(mid - d.begin() == want_mid - want.begin());
    CHECK(to_std(d) == want);
    d = to_backend<B>(h);
    mid = tide::partition(B::policy(), d.begin(), d.end(), x_is_one{});
    auto got = to_std(d);
    CHECK(mid - d.begin() == want_mid - want.begin());
    CHECK(std::equal(got.begin(), got.begin() + (mid - d.begin()), want.begin()));
    CHECK(std::none_of(got.begin() + (mid - d.begin()), got.end(), x_is_one{}));
    if (device_is_cuda && std::is_same_v<B, device_backend>) CHECK(got == reference(h, x_is_one{}, true));
  }
}

TEST_CASE_TEMPLATE("partitions over counting, transform, zip, permutation and discard iterators", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    auto count = tide::make_counting_iterator<int>(0);
    std::vector<int> evens, odds;
    for (int i = 0; i < n; ++i) (i % 2 == 0 ? evens : odds).push_back(i);

    // A counting input, the rejected group discarded.
    typename B::template vector<int> out(n, -1);
    auto discard = tide::make_discard_iterator();
    auto ends = tide::partition_copy(B::policy(), count, count + n, out.begin(), discard, is_even{});
    CHECK(ends.first - out.begin() == static_cast<std::int64_t>(evens.size()));
    CHECK(ends.second - discard == static_cast<std::int64_t>(odds.size()));
    auto got = to_std(out);
    CHECK(std::vector<int>(got.begin(), got.begin() + evens.size()) == evens);

    // A transform-iterator stencil (i % 3 == 0), in place.
    std::vector<int> h(n);
    std::iota(h.begin(), h.end(), 0);
    auto d = to_backend<B>(h);
    auto stencil = tide::make_transform_iterator(count, multiple_of_3{});
    auto mid = tide::stable_partition(B::policy(), d.begin(), d.end(), stencil, is_one{});
    std::vector<int> s(n);
    for (int i = 0; i < n; ++i) s[i] = i % 3 == 0 ? 1 : 0;
    CHECK(mid - d.begin() == (n + 2) / 3);
    CHECK(to_std(d) == reference(h, s, is_one{}));

    // A zip of keys and values partitioned in place by the keys.
    auto keys = random_vector<int>(n, "partition-zip", 0, 100);
    auto dk = to_backend<B>(keys);
    auto dv = to_backend<B>(h);
    auto zip = tide::make_zip_iterator(dk.begin(), dv.begin());
    auto zmid = tide::stable_partition(B::policy(), zip, zip + n, first_is_even{});
    std::vector<int> want_k, want_v, rk, rv;
    for (int i = 0; i < n; ++i) {
      if (keys[i] % 2 == 0) want_k.push_back(keys[i]), want_v.push_back(i);
      else rk.push_back(keys[i]), rv.push_back(i);
    }
    CHECK(zmid - zip == static_cast<std::int64_t>(want_k.size()));
    want_k.insert(want_k.end(), rk.begin(), rk.end());
    want_v.insert(want_v.end(), rv.begin(), rv.end());
    CHECK(to_std(dk) == want_k);
    CHECK(to_std(dv) == want_v);
    auto dk2 = to_backend<B>(keys);
    auto dv2 = to_backend<B>(h);
    auto zip2 = tide::make_zip_iterator(dk2.begin(), dv2.begin());
    auto zmid2 = tide::partition(B::policy(), zip2, zip2 + n, first_is_even{});
    auto gk = to_std(dk2), gv = to_std(dv2);
    for (std::int64_t i = 0; i < n; ++i) {
      CHECK((gk[i] % 2 == 0) == (i < zmid2 - zip2));
      CHECK(gk[i] == keys[gv[i]]);  // each value stays with its key
    }

    // Both outputs through permutation iterators (written back to front).
    std::vector<int> rev(n);
    for (int i = 0; i < n; ++i) rev[i] = n - 1 - i;
    auto dr = to_backend<B>(rev);
    typename B::template vector<int> py(n, -1), pn(n, -1);
    auto ty = tide::make_permutation_iterator(py.begin(), dr.begin());
    auto tn = tide::make_permutation_iterator(pn.begin(), dr.begin());
    auto pends = tide::stable_partition_copy(B::policy(), count, count + n, ty, tn, is_even{});
    CHECK(pends.first - ty == static_cast<std::int64_t>(evens.size()));
    CHECK(pends.second - tn == static_cast<std::int64_t>(odds.size()));
    auto gy = to_std(py), gn = to_std(pn);
    bool ok = true;
    for (std::size_t i = 0; i < evens.size(); ++i) ok = ok && gy[n - 1 - i] == evens[i];
    for (std::size_t i = 0; i < odds.size(); ++i) ok = ok && gn[n - 1 - i] == odds[i];
    CHECK(ok);
  }
}

TEST_CASE_TEMPLATE("partitions of an empty range write nothing; last before first throws naming the algorithm", B,
                   TIDE_TEST_BACKENDS) {
  std::vector<int> h{1, 2, 3, 4};
  auto d = to_backend<B>(h);
  typename B::template vector<int> out(4, 0);
  auto b = d.begin(), e = d.end();
  CHECK(tide::partition(B::policy(), b, b, is_even{}) == b);
  CHECK(tide::partition(B::policy(), b, b, e, is_even{}) == b);
  CHECK(tide::stable_partition(B::policy(), b, b, is_even{}) == b);
  CHECK(tide::stable_partition(B::policy(), b, b, e, is_even{}) == b);
  auto ends = tide::partition_copy(B::policy(), b, b, out.begin(), out.begin() + 1, is_even{});
  CHECK(ends.first == out.begin());
  CHECK(ends.second == out.begin() + 1);
  ends = tide::stable_partition_copy(B::policy(), b, b, e, out.begin(), out.begin() + 1, is_even{});
  CHECK(ends.first == out.begin());
  CHECK(to_std(d) == h);
  CHECK(to_std(out) == std::vector<int>(4, 0));
  CHECK_THROWS_WITH_AS(tide::partition(B::policy(), e, b, is_even{}), "tide::partition: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::stable_partition(B::policy(), e, b, b, is_even{}),
                       "tide::stable_partition: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::partition_copy(B::policy(), e, b, out.begin(), out.begin(), is_even{}),
                       "tide::partition_copy: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::stable_partition_copy(B::policy(), e, b, out.begin(), out.begin(), is_even{}),
                       "tide::stable_partition_copy: last is before first", std::invalid_argument);
  CHECK(to_std(d) == h);
}

TEST_CASE("partitions return Thrust's types") {
  using vec = tide::device_vector<int>;
  using it = vec::iterator;
  vec v(4);
  static_assert(std::is_same_v<decltype(tide::partition(v.begin(), v.end(), is_even{})), it>);
  static_assert(std::is_same_v<decltype(tide::stable_partition(tide::device, v.begin(), v.end(), v.begin(), is_even{})), it>);
  static_assert(std::is_same_v<decltype(tide::partition_copy(v.begin(), v.end(), v.begin(), v.begin(), is_even{})),
                               tide::pair<it, it>>);
  static_assert(std::is_same_v<decltype(tide::stable_partition_copy(tide::seq, (int*)nullptr, (int*)nullptr,
                                                                    (long*)nullptr, (char*)nullptr, is_even{})),
                               tide::pair<long*, char*>>);
  CHECK(v.size() == 4);
}

TEST_CASE("partitions without a policy pick the system from the iterators") {
  std::vector<int> h(1000);
  std::iota(h.begin(), h.end(), 0);
  tide::device_vector<int> d(h.begin(), h.end());
  CHECK(tide::stable_partition(d.begin(), d.end(), is_even{}) - d.begin() == 500);
  auto got = to_std(d);
  CHECK(got[0] == 0);
  CHECK(got[1] == 2);
  CHECK(got[500] == 1);
  tide::device_vector<int> yes(1000), no(1000);
  auto ends = tide::partition_copy(d.begin(), d.end(), yes.begin(), no.begin(), is_even{});
  CHECK(ends.first - yes.begin() == 500);
  CHECK(ends.second - no.begin() == 500);
  auto hh = h;
  CHECK(tide::partition(hh.begin(), hh.end(), is_even{}) - hh.begin() == 500);
  CHECK(std::all_of(hh.begin(), hh.begin() + 500, is_even{}));
  std::vector<int> flags(1000, 0);
  flags[7] = 1;
  hh = h;
  CHECK(tide::stable_partition(hh.begin(), hh.end(), flags.begin(), is_one{}) - hh.begin() == 1);
  CHECK(hh[0] == 7);
  CHECK(hh[7] == 6);
  CHECK(hh[8] == 8);
}

TEST_CASE("seq stable_partition in place, as in device code, matches std::stable_partition") {
  for (auto n : {0, 1, 2, 3, 5, 31, 64, 1000, 4097}) {
    CAPTURE(n);
    auto h = random_vector<int>(n, "stable_partition_in_place", 0, 9);
    auto got = h;
    auto k = tide::backend::seq::stable_partition_in_place(got.data(), n, got.data(), is_even{});
    auto want = h;
    auto want_mid = std::stable_partition(want.begin(), want.end(), is_even{});
    CHECK(k == want_mid - want.begin());
    CHECK(got == want);
    // With a separate stencil that does not move.
    auto s = random_vector<int>(n, "stable_partition_in_place-s", 0, 1);
    std::vector<int> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    k = tide::backend::seq::stable_partition_in_place(idx.data(), n, s.data(), is_one{});
    CHECK(k == std::count(s.begin(), s.end(), 1));
    std::vector<int> iota(n);
    std::iota(iota.begin(), iota.end(), 0);
    CHECK(idx == reference(iota, s, is_one{}));
  }
}

#if defined(__CUDACC__) && TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace {
/// One thread partitions its own row with tide::seq (device code: no allocation).
__global__ void partition_rows(int* rows, int* yes, int* no, int width, long long* counts) {
  int* row = rows + blockIdx.x * width;
  const int r = blockIdx.x % 4;
  if (r == 0) counts[blockIdx.x] = tide::partition(tide::seq, row, row + width, is_even{}) - row;
  if (r == 1) counts[blockIdx.x] = tide::stable_partition(tide::seq, row, row + width, is_even{}) - row;
  if (r == 2) {  // the stencil: a copy of the row
    int* stencil = no + blockIdx.x * width;
    for (int i = 0; i < width; ++i) stencil[i] = row[i];
    counts[blockIdx.x] = tide::stable_partition(tide::device, row, row + width, stencil, is_even{}) - row;
  }
  if (r == 3) {
    auto ends = tide::partition_copy(tide::seq, row, row + width, yes + blockIdx.x * width, no + blockIdx.x * width,
                                     is_even{});
    counts[blockIdx.x] = ends.first - (yes + blockIdx.x * width);
  }
}
}  // namespace

TEST_CASE("partitions run in device code with tide::seq and tide::device") {
  const int rows = 8, width = 100;
  auto h = random_vector<int>(rows * width, "partition-device-code", 0, 50);
  tide::device_vector<int> d(h.begin(), h.end()), yes(rows * width), no(rows * width);
  tide::device_vector<long long> counts(rows);
  partition_rows<<<rows, 1>>>(tide::raw_pointer_cast(d.data()), tide::raw_pointer_cast(yes.data()),
                              tide::raw_pointer_cast(no.data()), width, tide::raw_pointer_cast(counts.data()));
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  auto got = to_std(d);
  auto c = to_std(counts);
  for (int r = 0; r < rows; ++r) {
    CAPTURE(r);
    std::vector<int> in(h.begin() + r * width, h.begin() + (r + 1) * width);
    auto want = reference(in, is_even{});
    const auto k = std::count_if(in.begin(), in.end(), is_even{});
    CHECK(c[r] == k);
    std::vector<int> row(got.begin() + r * width, got.begin() + (r + 1) * width);
    if (r % 4 == 1 || r % 4 == 2) CHECK(row == want);
    if (r % 4 == 0) check_partition(in, row, k, is_even{});
  }
}
#endif
