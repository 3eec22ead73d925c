// set_union, set_intersection, set_difference, set_symmetric_difference and their _by_key forms on
// every backend, against the standard library's algorithms (the standard's loop: the j-th copy of a
// key in one range matches the j-th in the other; of a match the first range's element is
// written). Which element was written shows through a tag: a value, a struct field, or the sign
// of a float zero.
#include "common.hpp"

#include <algorithm>
#include <functional>
#include <iterator>
#include <numeric>
#include <utility>

using namespace tide_test;

namespace {

enum class op { set_union, intersection, difference, symmetric_difference };
constexpr op all_ops[] = {op::set_union, op::intersection, op::difference, op::symmetric_difference};
const char* op_name(op o) {
  switch (o) {
    case op::set_union: return "set_union";
    case op::intersection: return "set_intersection";
    case op::difference: return "set_difference";
    default: return "set_symmetric_difference";
  }
}

/// The size pairs: empty sides, tiny, lopsided, many tiles.
std::vector<std::pair<std::int64_t, std::int64_t>> set_sizes() {
  if (std::getenv("TIDE_TEST_SMALL"))
    return {{0, 0}, {0, 5}, {5, 0}, {1, 1}, {2, 1}, {31, 1000}, {1000, 31}, {30011, 20011}};
  return {{0, 0}, {0, 5}, {5, 0}, {1, 1}, {2, 1}, {31, 1000}, {1000, 31}, {(1 << 20) + 7, 1000}, {600000, 500001}};
}

/// n ascending keys from [lo, hi] (floats: k / 4), with ties when n is large against hi - lo.
template <class T>
std::vector<T> sorted_keys(std::int64_t n, const std::string& salt, long long lo, long long hi) {
  if constexpr (std::is_integral_v<T>) {
    lo = std::max<long long>(lo, static_cast<long long>(std::numeric_limits<T>::lowest()));
    hi = std::min<long long>(hi, static_cast<long long>(std::min<double>(std::numeric_limits<T>::max(), 1e18)));
  }
  auto g = rng(salt + "#" + std::to_string(n));
  std::uniform_int_distribution<long long> d(lo, hi);
  std::vector<T> v(static_cast<std::size_t>(n));
  for (auto& x : v) {
    long long k = d(g);
    x = std::is_floating_point_v<T> ? static_cast<T>(static_cast<T>(k) * T(0.25)) : static_cast<T>(k);
  }
  std::sort(v.begin(), v.end());
  return v;
}

/// The standard library's result.
template <class T, class Comp>
std::vector<T> reference(op o, const std::vector<T>& a, const std::vector<T>& b, Comp comp) {
  std::vector<T> out;
  auto ins = std::back_inserter(out);
  switch (o) {
    case op::set_union: std::set_union(a.begin(), a.end(), b.begin(), b.end(), ins, comp); break;
    case op::intersection: std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), ins, comp); break;
    case op::difference: std::set_difference(a.begin(), a.end(), b.begin(), b.end(), ins, comp); break;
    default: std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), ins, comp);
  }
  return out;
}

/// tide's set operation o under `policy`; returns the output's end.
template <class Policy, class It1, class It2, class Out, class Comp>
Out run_op(op o, const Policy& policy, It1 f1, It1 l1, It2 f2, It2 l2, Out out, Comp comp) {
  switch (o) {
    case op::set_union: return tide::set_union(policy, f1, l1, f2, l2, out, comp);
    case op::intersection: return tide::set_intersection(policy, f1, l1, f2, l2, out, comp);
    case op::difference: return tide::set_difference(policy, f1, l1, f2, l2, out, comp);
    default: return tide::set_symmetric_difference(policy, f1, l1, f2, l2, out, comp);
  }
}

/// tide's by-key set operation o (intersection without the second range's values).
template <class Policy, class K1, class K2, class V1, class V2, class KO, class VO, class Comp>
tide::pair<KO, VO> run_op_by_key(op o, const Policy& policy, K1 f1, K1 l1, K2 f2, K2 l2, V1 v1, V2 v2, KO ko, VO vo,
                                 Comp comp) {
  switch (o) {
    case op::set_union: return tide::set_union_by_key(policy, f1, l1, f2, l2, v1, v2, ko, vo, comp);
    case op::intersection: return tide::set_intersection_by_key(policy, f1, l1, f2, l2, v1, ko, vo, comp);
    case op::difference: return tide::set_difference_by_key(policy, f1, l1, f2, l2, v1, v2, ko, vo, comp);
    default: return tide::set_symmetric_difference_by_key(policy, f1, l1, f2, l2, v1, v2, ko, vo, comp);
  }
}

/// Runs o on backend B and checks the keys (bit for bit) and the returned end.
template <class B, class T, class Comp, class Ref>
void check_keys(op o, const std::vector<T>& a, const std::vector<T>& b, Comp comp, Ref ref) {
  CAPTURE(op_name(o));
  auto da = to_backend<B>(a);
  auto db = to_backend<B>(b);
  typename B::template vector<T> out(a.size() + b.size(), tide::no_init);
  auto end = run_op(o, B::policy(), da.begin(), da.end(), db.begin(), db.end(), out.begin(), comp);
  auto want = reference(o, a, b, ref);
  REQUIRE(end - out.begin() == static_cast<std::ptrdiff_t>(want.size()));
  out.resize(want.size());
  CHECK(same_bits(to_std(out), want));
}

/// A key and where it came from (first range: its index; second: 2^32 + its index).
template <class K>
struct tagged {
  K key;
  std::int64_t tag;
};

/// Runs the by-key form of o on backend B with values that name their origin; checks keys and values.
template <class B, class K, class Comp, class Ref>
void check_by_key(op o, const std::vector<K>& ka, const std::vector<K>& kb, Comp comp, Ref ref) {
  CAPTURE(op_name(o));
  std::vector<std::int64_t> va(ka.size()), vb(kb.size());
  std::iota(va.begin(), va.end(), std::int64_t(0));
  std::iota(vb.begin(), vb.end(), std::int64_t(1) << 32);
  std::vector<tagged<K>> ta(ka.size()), tb(kb.size());
  for (std::size_t i = 0; i < ka.size(); ++i) ta[i] = {ka[i], va[i]};
  for (std::size_t i = 0; i < kb.size(); ++i) tb[i] = {kb[i], vb[i]};
  auto want = reference(o, ta, tb, [&](const tagged<K>& x, const tagged<K>& y) { return ref(x.key, y.key); });
  std::vector<K> want_keys(want.size());
  std::vector<std::int64_t> want_vals(want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    want_keys[i] = want[i].key;
    want_vals[i] = want[i].tag;
  }
  auto dka = to_backend<B>(ka);
  auto dkb = to_backend<B>(kb);
  auto dva = to_backend<B>(va);
  auto dvb = to_backend<B>(vb);
  typename B::template vector<K> keys(ka.size() + kb.size(), tide::no_init);
  typename B::template vector<std::int64_t> vals(ka.size() + kb.size(), tide::no_init);
  auto ends = run_op_by_key(o, B::policy(), dka.begin(), dka.end(), dkb.begin(), dkb.end(), dva.begin(), dvb.begin(),
                            keys.begin(), vals.begin(), comp);
  REQUIRE(ends.first - keys.begin() == static_cast<std::ptrdiff_t>(want.size()));
  REQUIRE(ends.second - vals.begin() == static_cast<std::ptrdiff_t>(want.size()));
  keys.resize(want.size());
  vals.resize(want.size());
  CHECK(same_bits(to_std(keys), want_keys));
  CHECK(to_std(vals) == want_vals);
}

/// Every operation, plain and by key, ascending.
template <class B, class T>
void check_all(const std::vector<T>& a, const std::vector<T>& b) {
  for (op o : all_ops) {
    check_keys<B>(o, a, b, tide::less<>(), std::less<>());
    check_by_key<B>(o, a, b, tide::less<>(), std::less<>());
  }
}

/// n copies of x.
template <class T>
std::vector<T> copies(std::int64_t n, T x) {
  return std::vector<T>(static_cast<std::size_t>(n), x);
}

/// The concatenation of sorted pieces.
template <class T>
std::vector<T> cat(std::initializer_list<std::vector<T>> parts) {
  std::vector<T> v;
  for (auto& p : parts) v.insert(v.end(), p.begin(), p.end());
  return v;
}

/// Orders points by x only: the y says which range (and index) a written point came from.
struct point_by_x {
  TIDE_HOST_DEVICE bool operator()(const point& a, const point& b) const { return a.x < b.x; }
};

}  // namespace

TEST_CASE_TEMPLATE("set operations on sorted ranges with many duplicates, at every size", B, TIDE_TEST_BACKENDS) {
  for (auto sz : set_sizes()) {
    const auto na = sz.first, nb = sz.second;
    CAPTURE(na);
    CAPTURE(nb);
    // Few distinct keys (long runs), then mostly distinct keys half overlapping.
    check_all<B>(sorted_keys<int>(na, "set-dup-a", 0, 300), sorted_keys<int>(nb, "set-dup-b", 100, 400));
    check_all<B>(sorted_keys<int>(na, "set-wide-a", 0, 4 * (na + nb)),
                 sorted_keys<int>(nb, "set-wide-b", 2 * (na + nb), 6 * (na + nb)));
  }
}

TEST_CASE_TEMPLATE("set operations for every key type", B, TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto t) {
    using T = decltype(t);
    CAPTURE(sizeof(T));
    for (auto [na, nb] : std::vector<std::pair<std::int64_t, std::int64_t>>{{1000, 31}, {20011, 30011}}) {
      check_all<B>(sorted_keys<T>(na, "set-type-a", -100, 100), sorted_keys<T>(nb, "set-type-b", -50, 120));
    }
  });
}

TEST_CASE_TEMPLATE("set operations on edge shapes: empty, disjoint, identical, nested, all equal", B,
                   TIDE_TEST_BACKENDS) {
  const std::vector<int> none;
  auto a = sorted_keys<int>(5000, "set-edge-a", 0, 2000);
  auto low = sorted_keys<int>(3000, "set-edge-low", -5000, -1);
  auto high = sorted_keys<int>(3000, "set-edge-high", 3000, 9000);
  auto inner = sorted_keys<int>(700, "set-edge-in", 500, 1500);
  SUBCASE("empty sides") {
    check_all<B>(none, none);
    check_all<B>(a, none);
    check_all<B>(none, a);
  }
  SUBCASE("disjoint, either side first") {
    check_all<B>(low, high);
    check_all<B>(high, low);
    check_all<B>(low, cat({high, high}));
  }
  SUBCASE("identical") { check_all<B>(a, a); }
  SUBCASE("one inside the other") {
    check_all<B>(a, inner);
    check_all<B>(inner, a);
    check_all<B>(cat({low, high}), inner);
  }
  SUBCASE("all equal, every balance of counts") {
    for (auto mk : std::vector<std::pair<std::int64_t, std::int64_t>>{
             {1, 1}, {7, 3}, {3, 7}, {10000, 10000}, {20001, 6007}, {6007, 20001}, {1, 30000}, {30000, 1}}) {
      const auto m = mk.first, k = mk.second;
      CAPTURE(m);
      CAPTURE(k);
      check_all<B>(copies(m, 7), copies(k, 7));
    }
  }
}

TEST_CASE_TEMPLATE("set operations with runs longer than a tile, on both sides and across tile boundaries", B,
                   TIDE_TEST_BACKENDS) {
  // Runs of thousands of copies (a CUDA tile holds a few thousand elements), each side longer in
  // turn, with short runs between them so that run ends fall at every offset in a tile.
  auto g = rng("set-long-runs");
  for (int round = 0; round < 6; ++round) {
    CAPTURE(round);
    std::vector<int> a, b;
    for (int key = 0; key < 40; ++key) {
      const int ma = static_cast<int>(g() % 9000), mb = static_cast<int>(g() % 9000);
      const bool short_a = g() % 3 == 0, short_b = g() % 3 == 0;
      a.insert(a.end(), short_a ? ma % 7 : ma, key);
      b.insert(b.end(), short_b ? mb % 7 : mb, key);
    }
    check_all<B>(a, b);
  }
}

TEST_CASE_TEMPLATE("set operations on descending inputs with greater", B, TIDE_TEST_BACKENDS) {
  for (auto sz : set_sizes()) {
    const auto na = sz.first, nb = sz.second;
    CAPTURE(na);
    CAPTURE(nb);
    auto a = sorted_keys<std::int64_t>(na, "set-desc-a", -500, 500);
    auto b = sorted_keys<std::int64_t>(nb, "set-desc-b", -200, 800);
    std::reverse(a.begin(), a.end());
    std::reverse(b.begin(), b.end());
    for (op o : all_ops) {
      check_keys<B>(o, a, b, tide::greater<>(), std::greater<>());
      check_by_key<B>(o, a, b, tide::greater<>(), std::greater<>());
    }
  }
}

TEST_CASE_TEMPLATE("set operations on floats: -0.0 and +0.0 are equal, the written one is the standard's", B,
                   TIDE_TEST_BACKENDS) {
  // Zeros of both signs in both ranges, in runs of every balance: the sign shows which was written.
  for (auto z : std::vector<std::pair<int, int>>{{3, 5}, {5, 3}, {4000, 2500}, {1, 9000}}) {
    const int za = z.first, zb = z.second;
    CAPTURE(za);
    CAPTURE(zb);
    auto g = rng("set-zeros");
    std::vector<float> a = sorted_keys<float>(2000, "set-fz-a", -400, -1);
    std::vector<float> b = sorted_keys<float>(1500, "set-fz-b", -300, -1);
    for (int i = 0; i < za; ++i) a.push_back((g() & 1) ? -0.0f : 0.0f);
    for (int i = 0; i < zb; ++i) b.push_back((g() & 1) ? -0.0f : 0.0f);
    auto pa = sorted_keys<float>(1000, "set-fz-pa", 1, 400), pb = sorted_keys<float>(3000, "set-fz-pb", 1, 300);
    a.insert(a.end(), pa.begin(), pa.end());
    b.insert(b.end(), pb.begin(), pb.end());
    check_all<B>(a, b);
    std::vector<double> da(a.begin(), a.end()), db(b.begin(), b.end());
    check_all<B>(da, db);
  }
}

TEST_CASE_TEMPLATE("set operations on a user struct key with a comparator: which range's element is written", B,
                   TIDE_TEST_BACKENDS) {
  for (auto sz : set_sizes()) {
    const auto na = sz.first, nb = sz.second;
    CAPTURE(na);
    CAPTURE(nb);
    auto ax = sorted_keys<int>(na, "set-pt-a", 0, 200);
    auto bx = sorted_keys<int>(nb, "set-pt-b", 50, 250);
    std::vector<point> pa(ax.size()), pb(bx.size());
    for (std::size_t i = 0; i < pa.size(); ++i) pa[i] = {ax[i], static_cast<int>(i)};
    for (std::size_t i = 0; i < pb.size(); ++i) pb[i] = {bx[i], -1 - static_cast<int>(i)};
    for (op o : all_ops) {
      check_keys<B>(o, pa, pb, point_by_x(), point_by_x());
      check_by_key<B>(o, pa, pb, point_by_x(), point_by_x());
    }
  }
}

TEST_CASE_TEMPLATE("set operations through iterator adaptors: counting inputs, discard and zip outputs", B,
                   TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {std::int64_t(0), std::int64_t(1000), std::int64_t(300001)}) {
    CAPTURE(n);
    auto count = tide::make_counting_iterator<std::int64_t>(0);
    std::vector<std::int64_t> a(static_cast<std::size_t>(n));
    std::iota(a.begin(), a.end(), std::int64_t(0));
    auto b = sorted_keys<std::int64_t>(n, "set-count", n / 2, 2 * n);
    auto db = to_backend<B>(b);
    for (op o : all_ops) {
      CAPTURE(op_name(o));
      auto want = reference(o, a, b, std::less<>());
      typename B::template vector<std::int64_t> out(2 * n, tide::no_init);
      auto end = run_op(o, B::policy(), count, count + n, db.begin(), db.end(), out.begin(), tide::less<>());
      REQUIRE(end - out.begin() == static_cast<std::ptrdiff_t>(want.size()));
      out.resize(want.size());
      CHECK(to_std(out) == want);
      auto dend = run_op(o, B::policy(), count, count + n, db.begin(), db.end(), tide::make_discard_iterator(),
                         tide::less<>());
      CHECK(dend - tide::make_discard_iterator() == static_cast<std::ptrdiff_t>(want.size()));
      // Keys into a zip of two outputs (the key twice), values discarded.
      typename B::template vector<std::int64_t> k1(2 * n, tide::no_init), k2(2 * n, tide::no_init);
      auto zout = tide::make_zip_iterator(k1.begin(), k2.begin());
      auto zin = tide::make_zip_iterator(count, count);
      auto dbz = tide::make_zip_iterator(db.begin(), db.begin());
      auto ends = run_op_by_key(o, B::policy(), count, count + n, db.begin(), db.end(), zin, dbz, k1.begin(), zout,
                                tide::less<>());
      REQUIRE(ends.second - zout == static_cast<std::ptrdiff_t>(want.size()));
      k1.resize(want.size());
      k2.resize(want.size());
      CHECK(to_std(k1) == want);
      CHECK(to_std(k2) == want);
    }
  }
}

TEST_CASE_TEMPLATE("set operations with last before first throw naming the algorithm", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1);
  typename B::template vector<int> out(20, 0);
  CHECK_THROWS_WITH_AS(tide::set_union(B::policy(), d.end(), d.begin(), d.begin(), d.end(), out.begin()),
                       "tide::set_union: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::set_intersection(B::policy(), d.begin(), d.end(), d.end(), d.begin(), out.begin()),
                       "tide::set_intersection: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::set_difference(B::policy(), d.end(), d.begin(), d.begin(), d.end(), out.begin()),
                       "tide::set_difference: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(
      tide::set_symmetric_difference(B::policy(), d.end(), d.begin(), d.begin(), d.end(), out.begin()),
      "tide::set_symmetric_difference: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::set_union_by_key(B::policy(), d.begin(), d.end(), d.end(), d.begin(), d.begin(),
                                              d.begin(), out.begin(), out.begin()),
                       "tide::set_union_by_key: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::set_intersection_by_key(B::policy(), d.end(), d.begin(), d.begin(), d.end(), d.begin(),
                                                     out.begin(), out.begin()),
                       "tide::set_intersection_by_key: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::set_difference_by_key(B::policy(), d.end(), d.begin(), d.begin(), d.end(), d.begin(),
                                                   d.begin(), out.begin(), out.begin()),
                       "tide::set_difference_by_key: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::set_symmetric_difference_by_key(B::policy(), d.end(), d.begin(), d.begin(), d.end(),
                                                             d.begin(), d.begin(), out.begin(), out.begin()),
                       "tide::set_symmetric_difference_by_key: last is before first", std::invalid_argument);
  CHECK(to_std(out) == std::vector<int>(20, 0));
}

TEST_CASE("set operations on par with odd thread counts: pieces cut inside runs of equal keys") {
  // Few distinct keys: almost every cut between threads falls inside a run.
  auto a = sorted_keys<std::int32_t>(700001, "par-set-a", 0, 9);
  auto b = sorted_keys<std::int32_t>(300007, "par-set-b", 3, 12);
  for (int threads : {2, 3, 5, 16}) {
    CAPTURE(threads);
    for (op o : all_ops) {
      CAPTURE(op_name(o));
      auto want = reference(o, a, b, std::less<>());
      std::vector<std::int32_t> out(a.size() + b.size());
      auto end = run_op(o, tide::par.with_threads(threads), a.data(), a.data() + a.size(), b.data(),
                        b.data() + b.size(), out.data(), tide::less<>());
      REQUIRE(end - out.data() == static_cast<std::ptrdiff_t>(want.size()));
      out.resize(want.size());
      CHECK(out == want);
    }
  }
}

TEST_CASE("set operations without a policy pick the system from the iterators") {
  std::vector<int> a = {1, 2, 2, 3, 5}, b = {2, 3, 3, 4};
  std::vector<int> out(9);
  CHECK(tide::set_union(a.begin(), a.end(), b.begin(), b.end(), out.begin()) == out.begin() + 7);
  CHECK(std::vector<int>(out.begin(), out.begin() + 7) == std::vector<int>{1, 2, 2, 3, 3, 4, 5});
  tide::device_vector<int> da(a.begin(), a.end()), db(b.begin(), b.end()), dout(9);
  tide::device_vector<int> va(5), vb(4, -1), vout(9);
  tide::sequence(va.begin(), va.end());
  auto ends = tide::set_intersection_by_key(da.begin(), da.end(), db.begin(), db.end(), va.begin(), dout.begin(),
                                            vout.begin());
  CHECK(ends.first == dout.begin() + 2);
  CHECK(ends.second == vout.begin() + 2);
  CHECK(to_std(dout) == std::vector<int>{2, 3, 0, 0, 0, 0, 0, 0, 0});
  CHECK(to_std(vout) == std::vector<int>{1, 3, 0, 0, 0, 0, 0, 0, 0});
  auto dend = tide::set_symmetric_difference_by_key(da.begin(), da.end(), db.begin(), db.end(), va.begin(),
                                                    vb.begin(), dout.begin(), vout.begin(), tide::less<int>());
  CHECK(dend.first == dout.begin() + 5);
  CHECK(dend.second == vout.begin() + 5);
  auto hk = to_std(dout), hv = to_std(vout);
  CHECK(std::vector<int>(hk.begin(), hk.begin() + 5) == std::vector<int>{1, 2, 3, 4, 5});
  CHECK(std::vector<int>(hv.begin(), hv.begin() + 5) == std::vector<int>{0, 2, -1, -1, 4});
}

TEST_CASE_TEMPLATE("set operations at the CUDA tile boundaries, runs of equal keys straddling them", B,
                   TIDE_TEST_BACKENDS) {
  // The merged length at 1, 2 and 3 tiles, +-1, for 4- and 8-byte keys; the keys few and in long
  // runs, so that the balanced path moves the cuts inside runs at every boundary.
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  const std::int64_t tiles[] = {tide::backend::cuda::detail::set_tuning<4>::tile,
                                tide::backend::cuda::detail::set_tuning<8>::tile};
#else
  const std::int64_t tiles[] = {3840, 3072};  // the CUDA build's numbers
#endif
  for (std::int64_t tile : tiles) {
    for (std::int64_t k = 1; k <= 3; ++k) {
      for (std::int64_t d = -1; d <= 1; ++d) {
        const std::int64_t total = k * tile + d;
        for (std::int64_t na : {total / 2, total / 3, total - 1, std::int64_t(1)}) {
          CAPTURE(total);
          CAPTURE(na);
          auto a = sorted_keys<std::int32_t>(na, "set-tile-a", 0, 5);
          auto b = sorted_keys<std::int32_t>(total - na, "set-tile-b", 2, 7);
          check_all<B>(a, b);
          auto a8 = sorted_keys<std::int64_t>(na, "set-tile-a8", 0, 40);
          auto b8 = sorted_keys<std::int64_t>(total - na, "set-tile-b8", 10, 50);
          check_all<B>(a8, b8);
        }
      }
    }
  }
}

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
// The set operations' partition kernel searches each cut by one thread, a group of lanes or a warp
// (partition_search.hpp), then balances it: every width must give set_split's state.
TEST_CASE("the set operations' partition kernel cuts where set_split says, by a thread, a group or a warp") {
  namespace cd = tide::backend::cuda::detail;
  constexpr int tile = 48;
  auto g = rng("set-partition-lanes");
  for (auto [na, nb] : std::vector<std::pair<std::int64_t, std::int64_t>>{{4000, 3333}, {7000, 1}, {0, 5000}}) {
    CAPTURE(na);
    CAPTURE(nb);
    std::vector<int> a(static_cast<std::size_t>(na)), b(static_cast<std::size_t>(nb));
    for (auto& x : a) x = static_cast<int>(g() % 40);
    for (auto& x : b) x = static_cast<int>(g() % 50);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    auto comp = tide::less<>();
    const std::int64_t tiles = (na + nb + tile - 1) / tile;
    std::vector<std::int64_t> want_a, want_b;
    for (std::int64_t t = 0; t <= tiles; ++t) {
      const auto s = tide::detail::set_split(a.data(), na, b.data(), nb, std::min(t * tile, na + nb), comp);
      want_a.push_back(s.i);
      want_b.push_back(s.j);
    }
    tide::device_vector<int> da(a.begin(), a.end()), db(b.begin(), b.end());
    tide::device_vector<std::int64_t> cut_a(static_cast<std::size_t>(tiles + 1)), cut_b(cut_a.size());
    for (int log2_lanes = 0; log2_lanes <= 5; ++log2_lanes) {
      CAPTURE(log2_lanes);
      tide::fill(tide::device, cut_a.begin(), cut_a.end(), std::int64_t(-1));
      tide::fill(tide::device, cut_b.begin(), cut_b.end(), std::int64_t(-1));
      cd::set_partition_kernel<tile><<<cd::partition_grid(tiles + 1, log2_lanes), cd::partition_threads>>>(
          static_cast<const int*>(tide::raw_pointer_cast(da.data())), na,
          static_cast<const int*>(tide::raw_pointer_cast(db.data())), nb, tiles,
          tide::raw_pointer_cast(cut_a.data()), tide::raw_pointer_cast(cut_b.data()), comp, log2_lanes);
      REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
      CHECK(to_std(cut_a) == want_a);
      CHECK(to_std(cut_b) == want_b);
    }
  }
}
#endif

TEST_CASE("the balanced path cuts at the first state of the standard's loop at or after each diagonal") {
  // Every backend cuts the work where tide::detail::set_split says (OMP between threads, CUDA
  // between tiles and between a tile's threads): there the pieces run the loop the whole would.
  auto g = rng("set-balance");
  for (int round = 0; round < 400; ++round) {
    const int range = 1 + static_cast<int>(g() % (round % 4 == 0 ? 3 : 12));
    std::vector<int> a(g() % 40), b(g() % 40);
    for (auto& x : a) x = static_cast<int>(g() % range);
    for (auto& x : b) x = static_cast<int>(g() % range);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    // The loop's states, in order.
    std::vector<std::pair<std::int64_t, std::int64_t>> states{{0, 0}};
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
      if (j == b.size() || (i < a.size() && a[i] < b[j]))
        ++i;
      else if (i == a.size() || b[j] < a[i])
        ++j;
      else
        ++i, ++j;
      states.push_back({std::int64_t(i), std::int64_t(j)});
    }
    const std::int64_t na = std::int64_t(a.size()), nb = std::int64_t(b.size());
    for (std::int64_t d = 0; d <= na + nb; ++d) {
      CAPTURE(round);
      CAPTURE(d);
      auto want = *std::find_if(states.begin(), states.end(), [&](auto s) { return s.first + s.second >= d; });
      auto comp = tide::less<>();
      auto got = tide::detail::set_split(a.data(), na, b.data(), nb, d, comp);
      CHECK(got.i == want.first);
      CHECK(got.j == want.second);
    }
  }
}

TEST_CASE("the run searches outward from a cut find the binary searches' answers, in runs of every length") {
  // balance() finds the ends of a run of equal keys by galloping from the cut (short runs cost a
  // probe or two); it must agree with lower_bound / upper_bound over any range, short or long runs.
  auto g = rng("set-gallop");
  auto comp = tide::less<>();
  for (int round = 0; round < 3000; ++round) {
    std::vector<int> x(g() % 70);
    const int range = 1 + static_cast<int>(g() % (round % 3 == 0 ? 2 : 9));
    for (auto& v : x) v = static_cast<int>(g() % range);
    std::sort(x.begin(), x.end());
    const std::int64_t n = std::int64_t(x.size());
    const std::int64_t lo = n ? std::int64_t(g() % (n + 1)) : 0;
    const std::int64_t hi = lo + (n - lo ? std::int64_t(g() % (n - lo + 1)) : 0);
    const int key = static_cast<int>(g() % (range + 2)) - 1;
    CAPTURE(round);
    CHECK(tide::detail::set_lower_bound_near_end(x.data(), lo, hi, key, comp) ==
          std::lower_bound(x.begin() + lo, x.begin() + hi, key) - x.begin());
    CHECK(tide::detail::set_upper_bound_near_begin(x.data(), lo, hi, key, comp) ==
          std::upper_bound(x.begin() + lo, x.begin() + hi, key) - x.begin());
  }
}
