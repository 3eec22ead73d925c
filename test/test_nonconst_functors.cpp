// Functors whose operator() is not const, as Thrust accepts them: every algorithm that takes a
// functor, and transform_iterator / transform_output_iterator, on every backend. Each functor below
// is callable only as a non-const object; several carry state (a member) that must reach the call.
#include <algorithm>
#include <numeric>

#include "common.hpp"

using namespace tide_test;

namespace {

struct nc_square {
  TIDE_HOST_DEVICE int operator()(int x) { return x * x; }
};
struct nc_affine {
  int a, b;
  TIDE_HOST_DEVICE int operator()(int x) { return a * x + b; }
};
struct nc_plus {
  TIDE_HOST_DEVICE int operator()(int a, int b) { return a + b; }
};
struct nc_max {
  TIDE_HOST_DEVICE int operator()(int a, int b) { return a < b ? b : a; }
};
struct nc_less {
  TIDE_HOST_DEVICE bool operator()(int a, int b) { return a < b; }
};
struct nc_greater {
  TIDE_HOST_DEVICE bool operator()(int a, int b) { return a > b; }
};
/// Orders by a / d only: equal-looking keys show whether a sort or merge is stable.
struct nc_div_less {
  int d;
  TIDE_HOST_DEVICE bool operator()(int a, int b) { return a / d < b / d; }
};
struct nc_div_equal {
  int d;
  TIDE_HOST_DEVICE bool operator()(int a, int b) { return a / d == b / d; }
};
struct nc_equal {
  TIDE_HOST_DEVICE bool operator()(int a, int b) { return a == b; }
};
struct nc_above {
  int limit;
  TIDE_HOST_DEVICE bool operator()(int x) { return x > limit; }
};
struct nc_odd {
  TIDE_HOST_DEVICE bool operator()(int x) { return (x & 1) != 0; }
};
struct nc_increment {
  int by;
  template <class R>
  TIDE_HOST_DEVICE void operator()(R&& x) { x = x + by; }
};
struct nc_point_add {
  TIDE_HOST_DEVICE point operator()(const point& a, const point& b) { return {a.x + b.x, a.y + b.y}; }
};
struct nc_point_x_less {
  TIDE_HOST_DEVICE bool operator()(const point& a, const point& b) { return a.x < b.x; }
};
struct nc_index_cube {
  TIDE_HOST_DEVICE int operator()(std::ptrdiff_t i) { return static_cast<int>((i % 100) * (i % 100) * (i % 100)); }
};

/// Sizes: empty, one, below a warp, a few hundred, and past several GPU tiles.
const std::int64_t test_sizes[] = {0, 1, 33, 1000, 70001};

template <class B>
typename B::template vector<int> backend_vector(const std::vector<int>& v) {
  return to_backend<B>(v);
}

}  // namespace

TEST_CASE_TEMPLATE("transform, transform_if, for_each, for_each_n and tabulate take non-const functors", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-transform-a", -100, 100);
    auto b = random_vector<int>(n, "nc-transform-b", -100, 100);
    auto s = random_vector<int>(n, "nc-transform-s", 0, 3);
    auto da = backend_vector<B>(a), db = backend_vector<B>(b), ds = backend_vector<B>(s);
    typename B::template vector<int> out(static_cast<std::size_t>(n), 7);
    std::vector<int> want(static_cast<std::size_t>(n), 7);

    auto end = tide::transform(B::policy(), da.begin(), da.end(), out.begin(), nc_affine{3, -2});
    std::transform(a.begin(), a.end(), want.begin(), [](int x) { return 3 * x - 2; });
    CHECK(end == out.end());
    CHECK(to_std(out) == want);

    tide::transform(B::policy(), da.begin(), da.end(), db.begin(), out.begin(), nc_plus{});
    std::transform(a.begin(), a.end(), b.begin(), want.begin(), [](int x, int y) { return x + y; });
    CHECK(to_std(out) == want);

    // transform_if with a stencil, with the predicate on the input, and the binary form.
    tide::transform_if(B::policy(), da.begin(), da.end(), ds.begin(), out.begin(), nc_square{}, nc_above{1});
    for (std::size_t i = 0; i < a.size(); ++i)
      if (s[i] > 1) want[i] = a[i] * a[i];
    CHECK(to_std(out) == want);
    tide::transform_if(B::policy(), da.begin(), da.end(), out.begin(), nc_affine{1, 1000}, nc_odd{});
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i] & 1) want[i] = a[i] + 1000;
    CHECK(to_std(out) == want);
    tide::transform_if(B::policy(), da.begin(), da.end(), db.begin(), ds.begin(), out.begin(), nc_max{}, nc_odd{});
    for (std::size_t i = 0; i < a.size(); ++i)
      if (s[i] & 1) want[i] = std::max(a[i], b[i]);
    CHECK(to_std(out) == want);

    auto fe = tide::for_each(B::policy(), da.begin(), da.end(), nc_increment{5});
    CHECK(fe == da.end());
    for (auto& x : a) x += 5;
    CHECK(to_std(da) == a);
    tide::for_each_n(B::policy(), da.begin(), n / 2, nc_increment{-1});
    for (std::int64_t i = 0; i < n / 2; ++i) a[i] -= 1;
    CHECK(to_std(da) == a);

    tide::tabulate(B::policy(), out.begin(), out.end(), nc_index_cube{});
    for (std::int64_t i = 0; i < n; ++i) want[i] = static_cast<int>((i % 100) * (i % 100) * (i % 100));
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("reduce, transform_reduce, inner_product and count_if take non-const functors", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-reduce-a", -50, 50);
    auto b = random_vector<int>(n, "nc-reduce-b", -50, 50);
    auto da = backend_vector<B>(a), db = backend_vector<B>(b);

    CHECK(tide::reduce(B::policy(), da.begin(), da.end(), 11, nc_plus{}) == std::accumulate(a.begin(), a.end(), 11));
    CHECK(tide::reduce(B::policy(), da.begin(), da.end(), -1000, nc_max{}) ==
          std::max(-1000, n ? *std::max_element(a.begin(), a.end()) : -1000));

    long long squares = 0;
    for (int x : a) squares += x * x;
    CHECK(tide::transform_reduce(B::policy(), da.begin(), da.end(), nc_square{}, 0, nc_plus{}) == squares);

    int dot = 3;
    for (std::size_t i = 0; i < a.size(); ++i) dot += a[i] < b[i] ? b[i] : a[i];
    CHECK(tide::inner_product(B::policy(), da.begin(), da.end(), db.begin(), 3, nc_plus{}, nc_max{}) == dot);

    auto odd = std::count_if(a.begin(), a.end(), [](int x) { return (x & 1) != 0; });
    CHECK(tide::count_if(B::policy(), da.begin(), da.end(), nc_odd{}) == odd);
    auto above = std::count_if(a.begin(), a.end(), [](int x) { return x > 20; });
    CHECK(tide::count_if(B::policy(), da.begin(), da.end(), nc_above{20}) == above);

    // The _into forms write the result through an iterator without waiting.
    typename B::template vector<int> r(2);
    typename B::template vector<std::ptrdiff_t> c(1);
    tide::reduce_into(B::policy(), da.begin(), da.end(), r.begin(), 11, nc_plus{});
    tide::transform_reduce_into(B::policy(), da.begin(), da.end(), r.begin() + 1, nc_square{}, 0, nc_plus{});
    tide::count_if_into(B::policy(), da.begin(), da.end(), c.begin(), nc_odd{});
    CHECK(to_std(r) == std::vector<int>{std::accumulate(a.begin(), a.end(), 11), static_cast<int>(squares)});
    CHECK(to_std(c) == std::vector<std::ptrdiff_t>{odd});
  }
}

TEST_CASE_TEMPLATE("inclusive and exclusive scans, with and without init, take non-const functors", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-scan", -50, 50);
    auto da = backend_vector<B>(a);
    typename B::template vector<int> out(static_cast<std::size_t>(n));
    std::vector<int> want(static_cast<std::size_t>(n));

    auto end = tide::inclusive_scan(B::policy(), da.begin(), da.end(), out.begin(), nc_plus{});
    CHECK(end == out.end());
    std::partial_sum(a.begin(), a.end(), want.begin());
    CHECK(to_std(out) == want);

    tide::inclusive_scan(B::policy(), da.begin(), da.end(), out.begin(), -7, nc_max{});
    int run = -7;
    for (std::size_t i = 0; i < a.size(); ++i) want[i] = run = std::max(run, a[i]);
    CHECK(to_std(out) == want);

    tide::exclusive_scan(B::policy(), da.begin(), da.end(), out.begin(), 4, nc_plus{});
    run = 4;
    for (std::size_t i = 0; i < a.size(); ++i) {
      want[i] = run;
      run += a[i];
    }
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("scans by key take a non-const key predicate and operator", B, TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto k = random_vector<int>(n, "nc-scan-key-k", 0, 29);  // segments of keys with equal k / 10
    std::sort(k.begin(), k.end());
    auto v = random_vector<int>(n, "nc-scan-key-v", -50, 50);
    auto dk = backend_vector<B>(k), dv = backend_vector<B>(v);
    typename B::template vector<int> out(static_cast<std::size_t>(n));
    std::vector<int> want(static_cast<std::size_t>(n));

    auto end = tide::inclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), out.begin(),
                                           nc_div_equal{10}, nc_plus{});
    CHECK(end == out.end());
    for (std::size_t i = 0; i < k.size(); ++i)
      want[i] = (i > 0 && k[i - 1] / 10 == k[i] / 10) ? want[i - 1] + v[i] : v[i];
    CHECK(to_std(out) == want);

    tide::inclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), out.begin(), nc_equal{});
    for (std::size_t i = 0; i < k.size(); ++i) want[i] = (i > 0 && k[i - 1] == k[i]) ? want[i - 1] + v[i] : v[i];
    CHECK(to_std(out) == want);

    tide::exclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), out.begin(), 100, nc_div_equal{10},
                                nc_max{});
    int run = 100;
    for (std::size_t i = 0; i < k.size(); ++i) {
      if (i == 0 || k[i - 1] / 10 != k[i] / 10) run = 100;
      want[i] = run;
      run = std::max(run, v[i]);
    }
    CHECK(to_std(out) == want);

    tide::exclusive_scan_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), out.begin(), -3, nc_equal{});
    for (std::size_t i = 0; i < k.size(); ++i) {
      if (i == 0 || k[i - 1] != k[i]) run = -3;
      want[i] = run;
      run += v[i];
    }
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("reduce_by_key takes a non-const key predicate and operator", B, TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto k = random_vector<int>(n, "nc-rbk-k", 0, 49);
    std::sort(k.begin(), k.end());
    auto v = random_vector<int>(n, "nc-rbk-v", -50, 50);
    auto dk = backend_vector<B>(k), dv = backend_vector<B>(v);
    typename B::template vector<int> ko(static_cast<std::size_t>(n)), vo(static_cast<std::size_t>(n));

    std::vector<int> want_k, want_v;
    for (std::size_t i = 0; i < k.size(); ++i) {
      if (i == 0 || k[i - 1] / 7 != k[i] / 7) {
        want_k.push_back(k[i]);
        want_v.push_back(v[i]);
      } else {
        want_v.back() += v[i];
      }
    }
    auto ends = tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), ko.begin(), vo.begin(),
                                    nc_div_equal{7}, nc_plus{});
    auto m = static_cast<std::size_t>(ends.first - ko.begin());
    CHECK(m == want_k.size());
    CHECK(ends.second - vo.begin() == ends.first - ko.begin());
    auto got_k = to_std(ko), got_v = to_std(vo);
    got_k.resize(m);
    got_v.resize(m);
    CHECK(got_k == want_k);
    CHECK(got_v == want_v);
  }
}

TEST_CASE_TEMPLATE("copy_if, remove_if, remove_copy_if, unique and unique_copy take non-const predicates", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-copy-a", -100, 100);
    auto s = random_vector<int>(n, "nc-copy-s", 0, 3);
    auto da = backend_vector<B>(a), ds = backend_vector<B>(s);
    typename B::template vector<int> out(static_cast<std::size_t>(n));
    auto got = [&](auto end) {
      auto v = to_std(out);
      v.resize(static_cast<std::size_t>(end - out.begin()));
      return v;
    };

    std::vector<int> want;
    std::copy_if(a.begin(), a.end(), std::back_inserter(want), [](int x) { return x > 10; });
    CHECK(got(tide::copy_if(B::policy(), da.begin(), da.end(), out.begin(), nc_above{10})) == want);
    want.clear();
    for (std::size_t i = 0; i < a.size(); ++i)
      if (s[i] & 1) want.push_back(a[i]);
    CHECK(got(tide::copy_if(B::policy(), da.begin(), da.end(), ds.begin(), out.begin(), nc_odd{})) == want);

    want.clear();
    std::remove_copy_if(a.begin(), a.end(), std::back_inserter(want), [](int x) { return (x & 1) != 0; });
    CHECK(got(tide::remove_copy_if(B::policy(), da.begin(), da.end(), out.begin(), nc_odd{})) == want);
    want.clear();
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!(s[i] > 1)) want.push_back(a[i]);
    CHECK(got(tide::remove_copy_if(B::policy(), da.begin(), da.end(), ds.begin(), out.begin(), nc_above{1})) == want);

    {
      auto d = backend_vector<B>(a);
      auto end = tide::remove_if(B::policy(), d.begin(), d.end(), nc_above{0});
      std::vector<int> w = a;
      w.erase(std::remove_if(w.begin(), w.end(), [](int x) { return x > 0; }), w.end());
      auto v = to_std(d);
      v.resize(static_cast<std::size_t>(end - d.begin()));
      CHECK(v == w);
    }
    {
      auto d = backend_vector<B>(a);
      auto end = tide::remove_if(B::policy(), d.begin(), d.end(), ds.begin(), nc_odd{});
      std::vector<int> w;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!(s[i] & 1)) w.push_back(a[i]);
      auto v = to_std(d);
      v.resize(static_cast<std::size_t>(end - d.begin()));
      CHECK(v == w);
    }

    auto sorted = a;
    std::sort(sorted.begin(), sorted.end());
    auto sorted_d = backend_vector<B>(sorted);
    auto div_eq = [](int x, int y) { return x / 8 == y / 8; };
    want.clear();
    std::unique_copy(sorted.begin(), sorted.end(), std::back_inserter(want), div_eq);
    CHECK(got(tide::unique_copy(B::policy(), sorted_d.begin(), sorted_d.end(), out.begin(), nc_div_equal{8})) ==
          want);
    auto end = tide::unique(B::policy(), sorted_d.begin(), sorted_d.end(), nc_div_equal{8});
    auto v = to_std(sorted_d);
    v.resize(static_cast<std::size_t>(end - sorted_d.begin()));
    CHECK(v == want);
  }
}

TEST_CASE_TEMPLATE("sort, stable_sort and the by_key sorts take a non-const comparator", B, TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-sort-a", -1000, 1000);
    auto v = random_vector<int>(n, "nc-sort-v", 0, 1 << 20);
    {
      auto d = backend_vector<B>(a);
      tide::sort(B::policy(), d.begin(), d.end(), nc_greater{});
      auto w = a;
      std::sort(w.begin(), w.end(), [](int x, int y) { return x > y; });
      CHECK(to_std(d) == w);
    }
    {
      auto d = backend_vector<B>(a);
      tide::sort(B::policy(), d.begin(), d.end(), nc_less{});
      auto w = a;
      std::sort(w.begin(), w.end());
      CHECK(to_std(d) == w);
    }
    {
      auto d = backend_vector<B>(a);
      tide::stable_sort(B::policy(), d.begin(), d.end(), nc_div_less{100});
      auto w = a;
      std::stable_sort(w.begin(), w.end(), [](int x, int y) { return x / 100 < y / 100; });
      CHECK(to_std(d) == w);
    }
    // By key: records sorted by std::stable_sort of (key, value) pairs; keys compare by key / 100.
    std::vector<std::pair<int, int>> kv(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) kv[i] = {a[i], v[i]};
    std::stable_sort(kv.begin(), kv.end(), [](auto x, auto y) { return x.first / 100 < y.first / 100; });
    std::vector<int> wk(a.size()), wv(a.size());
    for (std::size_t i = 0; i < kv.size(); ++i) std::tie(wk[i], wv[i]) = kv[i];
    {
      auto dk = backend_vector<B>(a), dv = backend_vector<B>(v);
      tide::stable_sort_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), nc_div_less{100});
      CHECK(to_std(dk) == wk);
      CHECK(to_std(dv) == wv);
    }
    {
      // sort_by_key need not be stable: check the key order and that each record stayed whole.
      auto dk = backend_vector<B>(a), dv = backend_vector<B>(v);
      tide::sort_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), nc_div_less{100});
      auto gk = to_std(dk), gv = to_std(dv);
      std::vector<int> gk_div(gk.size()), wk_div(wk.size());
      for (std::size_t i = 0; i < gk.size(); ++i) gk_div[i] = gk[i] / 100, wk_div[i] = wk[i] / 100;
      CHECK(gk_div == wk_div);
      std::vector<std::pair<int, int>> got(gk.size()), want(a.size());
      for (std::size_t i = 0; i < gk.size(); ++i) got[i] = {gk[i], gv[i]}, want[i] = {a[i], v[i]};
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
      CHECK(got == want);
    }
  }
}

TEST_CASE_TEMPLATE("merge and merge_by_key take a non-const comparator", B, TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-merge-a", -1000, 1000);
    auto b = random_vector<int>(n / 2 + 3, "nc-merge-b", -1000, 1000);
    auto by_div = [](int x, int y) { return x / 100 < y / 100; };
    std::stable_sort(a.begin(), a.end(), by_div);
    std::stable_sort(b.begin(), b.end(), by_div);
    auto da = backend_vector<B>(a), db = backend_vector<B>(b);
    std::vector<int> want(a.size() + b.size());
    std::merge(a.begin(), a.end(), b.begin(), b.end(), want.begin(), by_div);

    typename B::template vector<int> out(want.size());
    auto end = tide::merge(B::policy(), da.begin(), da.end(), db.begin(), db.end(), out.begin(), nc_div_less{100});
    CHECK(end == out.end());
    CHECK(to_std(out) == want);

    // Values tag each key with its source and position, so the merged values show stability.
    std::vector<int> va(a.size()), vb(b.size());
    std::iota(va.begin(), va.end(), 0);
    std::iota(vb.begin(), vb.end(), 1 << 20);
    std::vector<std::pair<int, int>> pa(a.size()), pb(b.size()), pw(want.size());
    for (std::size_t i = 0; i < a.size(); ++i) pa[i] = {a[i], va[i]};
    for (std::size_t i = 0; i < b.size(); ++i) pb[i] = {b[i], vb[i]};
    std::merge(pa.begin(), pa.end(), pb.begin(), pb.end(), pw.begin(),
               [](auto x, auto y) { return x.first / 100 < y.first / 100; });
    std::vector<int> wk(pw.size()), wv(pw.size());
    for (std::size_t i = 0; i < pw.size(); ++i) std::tie(wk[i], wv[i]) = pw[i];
    auto dva = backend_vector<B>(va), dvb = backend_vector<B>(vb);
    typename B::template vector<int> ko(want.size()), vo(want.size());
    auto ends = tide::merge_by_key(B::policy(), da.begin(), da.end(), db.begin(), db.end(), dva.begin(), dvb.begin(),
                                   ko.begin(), vo.begin(), nc_div_less{100});
    CHECK(ends.first == ko.end());
    CHECK(ends.second == vo.end());
    CHECK(to_std(ko) == wk);
    CHECK(to_std(vo) == wv);
  }
}

TEST_CASE_TEMPLATE("binary searches take a non-const comparator", B, TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-search-a", -500, 500);
    std::sort(a.begin(), a.end(), [](int x, int y) { return x > y; });  // descending: comp is greater
    auto q = random_vector<int>(257, "nc-search-q", -600, 600);
    auto da = backend_vector<B>(a), dq = backend_vector<B>(q);
    auto gt = [](int x, int y) { return x > y; };

    for (int value : {q[0], q[1], 0, -600, 600}) {
      CAPTURE(value);
      CHECK(tide::lower_bound(B::policy(), da.begin(), da.end(), value, nc_greater{}) - da.begin() ==
            std::lower_bound(a.begin(), a.end(), value, gt) - a.begin());
      CHECK(tide::upper_bound(B::policy(), da.begin(), da.end(), value, nc_greater{}) - da.begin() ==
            std::upper_bound(a.begin(), a.end(), value, gt) - a.begin());
      CHECK(tide::binary_search(B::policy(), da.begin(), da.end(), value, nc_greater{}) ==
            std::binary_search(a.begin(), a.end(), value, gt));
    }

    typename B::template vector<std::ptrdiff_t> pos(q.size());
    typename B::template vector<bool> found(q.size());
    std::vector<std::ptrdiff_t> want(q.size());
    std::vector<bool> want_found(q.size());
    tide::lower_bound(B::policy(), da.begin(), da.end(), dq.begin(), dq.end(), pos.begin(), nc_greater{});
    for (std::size_t i = 0; i < q.size(); ++i) want[i] = std::lower_bound(a.begin(), a.end(), q[i], gt) - a.begin();
    CHECK(to_std(pos) == want);
    tide::upper_bound(B::policy(), da.begin(), da.end(), dq.begin(), dq.end(), pos.begin(), nc_greater{});
    for (std::size_t i = 0; i < q.size(); ++i) want[i] = std::upper_bound(a.begin(), a.end(), q[i], gt) - a.begin();
    CHECK(to_std(pos) == want);
    tide::binary_search(B::policy(), da.begin(), da.end(), dq.begin(), dq.end(), found.begin(), nc_greater{});
    for (std::size_t i = 0; i < q.size(); ++i) want_found[i] = std::binary_search(a.begin(), a.end(), q[i], gt);
    CHECK(to_std(found) == want_found);
  }
}

TEST_CASE_TEMPLATE("min_element, max_element and minmax_element take a non-const comparator", B, TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-extrema", -1000, 1000);
    auto d = backend_vector<B>(a);
    auto by_div = [](int x, int y) { return x / 50 < y / 50; };  // ties: the first of the equal ones
    CHECK(tide::min_element(B::policy(), d.begin(), d.end(), nc_div_less{50}) - d.begin() ==
          std::min_element(a.begin(), a.end(), by_div) - a.begin());
    CHECK(tide::max_element(B::policy(), d.begin(), d.end(), nc_div_less{50}) - d.begin() ==
          std::max_element(a.begin(), a.end(), by_div) - a.begin());
    auto mm = tide::minmax_element(B::policy(), d.begin(), d.end(), nc_div_less{50});
    // Thrust's minmax_element returns the first largest (std::minmax_element the last).
    CHECK(mm.first - d.begin() == std::min_element(a.begin(), a.end(), by_div) - a.begin());
    CHECK(mm.second - d.begin() == std::max_element(a.begin(), a.end(), by_div) - a.begin());
  }
}

TEST_CASE_TEMPLATE("all_of, any_of, none_of and equal take non-const predicates", B, TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-logical", -1000, 1000);
    auto d = backend_vector<B>(a);
    for (int limit : {-1001, 0, 990, 1000}) {
      CAPTURE(limit);
      auto above = [limit](int x) { return x > limit; };
      CHECK(tide::all_of(B::policy(), d.begin(), d.end(), nc_above{limit}) == std::all_of(a.begin(), a.end(), above));
      CHECK(tide::any_of(B::policy(), d.begin(), d.end(), nc_above{limit}) == std::any_of(a.begin(), a.end(), above));
      CHECK(tide::none_of(B::policy(), d.begin(), d.end(), nc_above{limit}) ==
            std::none_of(a.begin(), a.end(), above));
    }
    auto b = a;
    for (auto& x : b) x = (x / 10) * 10 + 1;  // same x / 10 only for x >= 0 (truncation): differs otherwise
    auto db = backend_vector<B>(b);
    auto div_eq = [](int x, int y) { return x / 10 == y / 10; };
    CHECK(tide::equal(B::policy(), d.begin(), d.end(), db.begin(), nc_div_equal{10}) ==
          std::equal(a.begin(), a.end(), b.begin(), div_eq));
    CHECK(tide::equal(B::policy(), d.begin(), d.end(), d.begin(), nc_equal{}));
    // not_fn over a non-const predicate, as an algorithm's predicate.
    CHECK(tide::count_if(B::policy(), d.begin(), d.end(), tide::not_fn(nc_above{0})) ==
          std::count_if(a.begin(), a.end(), [](int x) { return !(x > 0); }));
  }
}

TEST_CASE_TEMPLATE("gather_if and scatter_if take a non-const predicate", B, TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-gather-a", -1000, 1000);
    auto s = random_vector<int>(n, "nc-gather-s", 0, 3);
    std::vector<int> map(a.size());
    std::iota(map.begin(), map.end(), 0);
    std::shuffle(map.begin(), map.end(), rng("nc-gather-map"));
    auto da = backend_vector<B>(a), ds = backend_vector<B>(s), dm = backend_vector<B>(map);

    typename B::template vector<int> out(a.size(), -1);
    std::vector<int> want(a.size(), -1);
    tide::gather_if(B::policy(), dm.begin(), dm.end(), ds.begin(), da.begin(), out.begin(), nc_above{1});
    for (std::size_t i = 0; i < a.size(); ++i)
      if (s[i] > 1) want[i] = a[map[i]];
    CHECK(to_std(out) == want);

    typename B::template vector<int> sc(a.size(), -1);
    std::fill(want.begin(), want.end(), -1);
    tide::scatter_if(B::policy(), da.begin(), da.end(), dm.begin(), ds.begin(), sc.begin(), nc_odd{});
    for (std::size_t i = 0; i < a.size(); ++i)
      if (s[i] & 1) want[map[i]] = a[i];
    CHECK(to_std(sc) == want);
  }
}

TEST_CASE_TEMPLATE("non-const functors over a user-defined value type: reduce, scans and sort", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto x = random_vector<int>(n, "nc-point-x", -100, 100);
    auto y = random_vector<int>(n, "nc-point-y", -100, 100);
    std::vector<point> p(x.size());
    for (std::size_t i = 0; i < p.size(); ++i) p[i] = {x[i], y[i]};
    typename B::template vector<point> d(p.begin(), p.end()), out(p.size());

    point sum{1, 2};
    for (auto& q : p) sum = {sum.x + q.x, sum.y + q.y};
    CHECK(tide::reduce(B::policy(), d.begin(), d.end(), point{1, 2}, nc_point_add{}) == sum);

    std::vector<point> want(p.size());
    point run{0, 0};
    for (std::size_t i = 0; i < p.size(); ++i) want[i] = run = {run.x + p[i].x, run.y + p[i].y};
    tide::inclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), nc_point_add{});
    CHECK(to_std(out) == want);
    run = {5, 5};
    for (std::size_t i = 0; i < p.size(); ++i) {
      want[i] = run;
      run = {run.x + p[i].x, run.y + p[i].y};
    }
    tide::exclusive_scan(B::policy(), d.begin(), d.end(), out.begin(), point{5, 5}, nc_point_add{});
    CHECK(to_std(out) == want);

    want = p;
    std::stable_sort(want.begin(), want.end(), [](const point& l, const point& r) { return l.x < r.x; });
    tide::stable_sort(B::policy(), d.begin(), d.end(), nc_point_x_less{});
    CHECK(to_std(d) == want);
  }
}

TEST_CASE_TEMPLATE("transform_iterator and transform_output_iterator take non-const functors", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : test_sizes) {
    CAPTURE(n);
    auto a = random_vector<int>(n, "nc-iterators", -100, 100);
    auto da = backend_vector<B>(a);
    std::vector<int> want(a.size());
    std::transform(a.begin(), a.end(), want.begin(), [](int x) { return 2 * x + 1; });

    // Read through a transform_iterator: copy, reduce, scan and sort's input.
    auto first = tide::make_transform_iterator(da.begin(), nc_affine{2, 1});
    auto last = tide::make_transform_iterator(da.end(), nc_affine{2, 1});
    typename B::template vector<int> out(a.size());
    tide::copy(B::policy(), first, last, out.begin());
    CHECK(to_std(out) == want);
    CHECK(tide::reduce(B::policy(), first, last, 0, nc_plus{}) == std::accumulate(want.begin(), want.end(), 0));
    CHECK(tide::reduce(B::policy(), first, last) == std::accumulate(want.begin(), want.end(), 0));
    tide::inclusive_scan(B::policy(), first, last, out.begin(), nc_plus{});
    std::vector<int> scanned(want.size());
    std::partial_sum(want.begin(), want.end(), scanned.begin());
    CHECK(to_std(out) == scanned);
    CHECK(tide::count_if(B::policy(), first, last, nc_above{0}) ==
          std::count_if(want.begin(), want.end(), [](int x) { return x > 0; }));

    // A transform_iterator over a transform_iterator, and over a counting_iterator.
    auto twice = tide::make_transform_iterator(first, nc_square{});
    long long sq = 0;
    for (int x : want) sq += x * x;
    CHECK(tide::reduce(B::policy(), twice, twice + n, 0LL) == sq);
    auto idx = tide::make_transform_iterator(tide::counting_iterator<int>(0), nc_affine{3, -1});
    tide::copy(B::policy(), idx, idx + n, out.begin());
    std::vector<int> odds(a.size());
    for (std::int64_t i = 0; i < n; ++i) odds[i] = static_cast<int>(3 * i - 1);
    CHECK(to_std(out) == odds);

    // Write through a transform_output_iterator.
    typename B::template vector<int> wout(a.size(), 0);
    auto sink = tide::make_transform_output_iterator(wout.begin(), nc_affine{2, 1});
    auto end = tide::copy(B::policy(), da.begin(), da.end(), sink);
    CHECK(end - sink == n);
    CHECK(to_std(wout) == want);
    tide::inclusive_scan(B::policy(), da.begin(), da.end(), tide::make_transform_output_iterator(wout.begin(), nc_square{}),
                         nc_max{});
    std::vector<int> maxima(a.size());
    int run = -1000;
    for (std::size_t i = 0; i < a.size(); ++i) maxima[i] = run = std::max(run, a[i]);
    for (auto& x : maxima) x = x * x;
    CHECK(to_std(wout) == maxima);
  }
}

TEST_CASE("a const transform_iterator still calls a non-const functor on the host") {
  std::vector<int> a = {1, 2, 3, 4};
  const auto it = tide::make_transform_iterator(a.begin(), nc_square{});
  CHECK(*it == 1);
  CHECK(it[3] == 16);
  const auto sink = tide::make_transform_output_iterator(a.begin(), nc_affine{10, 0});
  *sink = 5;
  sink[2] = 7;
  CHECK(a == std::vector<int>{50, 2, 70, 4});
}

TEST_CASE_TEMPLATE("mutable host lambdas work with the host policies", B, tide_test::seq_backend,
                   tide_test::par_backend) {
  // A mutable lambda's operator() is not const. Its state is per copy (each thread may call its
  // own), so the lambdas below keep state they never rely on.
  const std::int64_t n = 5000;
  auto a = random_vector<int>(n, "nc-mutable", -100, 100);
  auto d = backend_vector<B>(a);
  int calls = 0;
  typename B::template vector<int> out(a.size());
  tide::transform(B::policy(), d.begin(), d.end(), out.begin(), [calls](int x) mutable {
    ++calls;
    return x + 1;
  });
  std::vector<int> want(a.size());
  std::transform(a.begin(), a.end(), want.begin(), [](int x) { return x + 1; });
  CHECK(to_std(out) == want);
  CHECK(calls == 0);  // the algorithm called copies
  CHECK(tide::reduce(B::policy(), d.begin(), d.end(), 0, [calls](int x, int y) mutable {
          ++calls;
          return x + y;
        }) == std::accumulate(a.begin(), a.end(), 0));
  CHECK(tide::count_if(B::policy(), d.begin(), d.end(), [calls](int x) mutable {
          ++calls;
          return x > 0;
        }) == std::count_if(a.begin(), a.end(), [](int x) { return x > 0; }));
  tide::sort(B::policy(), d.begin(), d.end(), [calls](int x, int y) mutable {
    ++calls;
    return x > y;
  });
  std::sort(a.begin(), a.end(), [](int x, int y) { return x > y; });
  CHECK(to_std(d) == a);
  auto it = tide::make_transform_iterator(d.begin(), [calls](int x) mutable {
    ++calls;
    return 2 * x;
  });
  CHECK(tide::reduce(B::policy(), it, it + n) == 2 * std::accumulate(a.begin(), a.end(), 0));
}
