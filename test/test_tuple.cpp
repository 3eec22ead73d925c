// tide::tuple and tide::pair as Thrust 3 code uses them: in CUDA builds they are cuda::std::tuple
// and cuda::std::pair (so cuda::std::get works on them and on a zip_iterator's element); host-only
// builds have tide's own with the same interface. Zip iterators through the algorithms run on
// every backend.
#include <algorithm>
#include <numeric>
#include <utility>

#include "common.hpp"

using namespace tide_test;

// What Thrust 3 code calls on a zip element: cuda::std::get where tide's tuple is cuda::std's.
#if TIDE_CUDA_STD_TUPLE
#define TEST_STD_GET ::cuda::std::get
#else
#define TEST_STD_GET ::tide::get
#endif

namespace {

/// a + b by structured bindings, whether t is a zip element (references) or a tuple of values.
struct sum_by_bindings {
  template <class Tuple>
  TIDE_HOST_DEVICE long operator()(const Tuple& t) const {
    auto [a, b] = t;
    return static_cast<long>(a) + b;
  }
};
/// a * b, taking the element as a tuple of values and reading it with (cuda::std::)get.
struct product_by_get {
  TIDE_HOST_DEVICE long operator()(tide::tuple<int, int> t) const {
    return static_cast<long>(TEST_STD_GET<0>(t)) * TEST_STD_GET<1>(t);
  }
};
/// (b, a): returns a tuple written through an output zip.
struct swap_elements {
  template <class Tuple>
  TIDE_HOST_DEVICE tide::tuple<int, int> operator()(const Tuple& t) const {
    return tide::make_tuple(tide::get<1>(t), tide::get<0>(t));
  }
};
/// Element-wise sum of two (a, b) tuples, whatever tuples the algorithm passes.
struct tuple_plus {
  template <class A, class B>
  TIDE_HOST_DEVICE tide::tuple<long, long> operator()(const A& x, const B& y) const {
    return tide::make_tuple(static_cast<long>(tide::get<0>(x)) + tide::get<0>(y),
                            static_cast<long>(tide::get<1>(x)) + tide::get<1>(y));
  }
};
/// Orders zip elements by their first element only.
struct less_first {
  template <class A, class B>
  TIDE_HOST_DEVICE bool operator()(const A& x, const B& y) const {
    return tide::get<0>(x) < tide::get<0>(y);
  }
};
/// Writes (2a, a + b) through a zip element by assigning a tuple of values and through a tie.
struct write_through {
  template <class Ref>
  TIDE_HOST_DEVICE void operator()(Ref r) const {
    int a = 0, b = 0;
    tide::tie(a, b) = r;
    r = tide::make_tuple(2 * a, a + b);
  }
};

/// Swaps element i with element n-1-i of a zip (so i < n/2 reverses both ranges), in device code on
/// the device system: swap of two prvalue zip elements, by ADL.
template <class Zip>
struct reverse_by_swaps {
  Zip zip;
  std::int64_t n;
  TIDE_HOST_DEVICE void operator()(std::int64_t i) const { swap(zip[i], zip[n - 1 - i]); }
};

}  // namespace

TEST_CASE("tuple: is cuda::std::tuple in CUDA builds, tide's own otherwise, with one interface") {
#if TIDE_CUDA_STD_TUPLE
  static_assert(std::is_same_v<tide::tuple<int, float>, cuda::std::tuple<int, float>>);
  static_assert(std::is_same_v<tide::pair<int, float>, cuda::std::pair<int, float>>);
  static_assert(std::is_same_v<decltype(tide::make_tuple(1, 2.0)), cuda::std::tuple<int, double>>);
#endif
  static_assert(tide::tuple_size<tide::tuple<int, char, double>>::value == 3);
  static_assert(tide::tuple_size_v<const tide::tuple<int, char>> == 2);
  static_assert(std::is_same_v<tide::tuple_element_t<1, tide::tuple<int, const float&>>, const float&>);
  static_assert(std::is_same_v<tide::tuple_element<0, tide::pair<short, long>>::type, short>);
  static_assert(tide::tuple_size_v<tide::pair<int, int>> == 2);
  static_assert(std::is_trivially_copyable_v<tide::tuple<int, float, char>>);
  static_assert(std::is_trivially_copyable_v<tide::pair<int, double>>);

  tide::tuple<int, double> zeroed;  // value-initialized, as std::tuple
  CHECK(tide::get<0>(zeroed) == 0);
  CHECK(tide::get<1>(zeroed) == 0.0);
  tide::tuple<int, double> t(1, 2.5);
  TEST_STD_GET<0>(t) = 4;
  CHECK(tide::get<0>(t) == 4);
  CHECK(t == tide::make_tuple(4, 2.5));
  CHECK(t != tide::make_tuple(4, 3.5));
  CHECK(tide::make_tuple(1, 2) < tide::make_tuple(1, 3));
  CHECK(tide::make_tuple(2, 0) > tide::make_tuple(1, 9));
  CHECK(tide::make_tuple(1, 2) <= tide::make_tuple(1, 2));
}

TEST_CASE("tuple: tie, ignore, apply and forward_as_tuple") {
  int a = 0;
  double b = 0;
  tide::tie(a, b) = tide::make_tuple(3, 4.5);
  CHECK(a == 3);
  CHECK(b == 4.5);
  tide::tie(tide::ignore, b) = tide::make_tuple(99, 1.5);
  CHECK(a == 3);
  CHECK(b == 1.5);
  tide::tie(a, b) = tide::make_pair(7, 8.5);  // a pair assigns to a two-element tie
  CHECK(a == 7);
  CHECK(b == 8.5);

  auto sum = tide::apply([](int x, double y) { return x + y; }, tide::make_tuple(2, 0.5));
  CHECK(sum == 2.5);
  auto refs = tide::forward_as_tuple(a, b);
  tide::get<0>(refs) = 11;
  CHECK(a == 11);
}

TEST_CASE("tuple and pair: structured bindings") {
  auto [x, y] = tide::make_tuple(1, 2.0);
  CHECK(x == 1);
  CHECK(y == 2.0);
  auto [first, second] = tide::make_pair(3, 'c');
  CHECK(first == 3);
  CHECK(second == 'c');
  tide::tuple<int, int> t(5, 6);
  auto& [r0, r1] = t;
  r1 = 60;
  CHECK(tide::get<1>(t) == 60);
  CHECK(r0 == 5);
}

TEST_CASE("pair: members, make_pair, get, comparisons and conversion to a tuple") {
  tide::pair<int, double> p = tide::make_pair(1, 2.5);
  CHECK(p.first == 1);
  CHECK(p.second == 2.5);
  CHECK(tide::get<0>(p) == 1);
  CHECK(TEST_STD_GET<1>(p) == 2.5);
  CHECK(p == tide::make_pair(1, 2.5));
  CHECK(p != tide::make_pair(1, 3.5));
  CHECK(tide::make_pair(1, 9) < tide::make_pair(2, 0));
  CHECK(tide::make_pair(1, 1) < tide::make_pair(1, 2));
  CHECK(tide::make_pair(2, 0) >= tide::make_pair(1, 9));
  tide::tuple<long, double> t = p;
  CHECK(tide::get<0>(t) == 1L);
  CHECK(tide::get<1>(t) == 2.5);
  tide::pair<long, float> widened = tide::make_pair(4, 1.5f);
  CHECK(widened.first == 4L);
}

TEST_CASE("zip element: get, cuda::std::get, structured bindings and writes through references") {
  int a[] = {1, 2, 3};
  double b[] = {0.5, 1.5, 2.5};
  auto zip = tide::make_zip_iterator(a, b);
  CHECK(TEST_STD_GET<0>(*zip) == 1);
  CHECK(tide::get<1>(zip[2]) == 2.5);
  static_assert(tide::tuple_size_v<decltype(*zip)> == 2);
  static_assert(std::is_same_v<tide::tuple_element_t<0, decltype(*zip)>, int&>);
  static_assert(std::is_same_v<std::iterator_traits<decltype(zip)>::value_type, tide::tuple<int, double>>);

  auto [ra, rb] = *zip;  // references into a and b
  ra = 10;
  rb = 30.5;
  CHECK(a[0] == 10);
  CHECK(b[0] == 30.5);

  *zip = tide::make_tuple(7, 7.5);  // a tuple of values writes both ranges
  CHECK(a[0] == 7);
  CHECK(b[0] == 7.5);
  zip[1] = tide::make_pair(8, 8.5);
  CHECK(a[1] == 8);
  CHECK(b[1] == 8.5);
  *zip = zip[2];  // element to element writes, never rebinds
  CHECK(a[0] == 3);
  CHECK(b[0] == 2.5);
  CHECK(a[2] == 3);

  tide::tuple<int, double> v = *zip;  // a copy of the values
  a[0] = 100;
  CHECK(tide::get<0>(v) == 3);
  tide::tuple<int&, double&> refs = zip[1];  // a plain tuple of references
  tide::get<0>(refs) = 42;
  CHECK(a[1] == 42);
  CHECK(*zip == tide::make_tuple(100, 2.5));
  CHECK(zip[1] < *zip);

  tide::device_vector<tide::tuple<int, double>> dv(1, tide::make_tuple(5, 6.5));
  zip[2] = dv[0];  // from a reference to a tuple in device memory
  CHECK(a[2] == 5);
  CHECK(b[2] == 6.5);
}

TEST_CASE("zip element: swap and std::sort permute every range") {
  std::vector<int> k{3, 1, 2};
  std::vector<char> c{'c', 'a', 'b'};
  auto zip = tide::make_zip_iterator(k.begin(), c.begin());
  using std::swap;
  swap(zip[0], zip[1]);
  CHECK(k == std::vector<int>{1, 3, 2});
  CHECK(c == std::vector<char>{'a', 'c', 'b'});
  std::sort(zip, zip + 3);
  CHECK(k == std::vector<int>{1, 2, 3});
  CHECK(c == std::vector<char>{'a', 'b', 'c'});
}

TEST_CASE("zip element: nested zips read, write and convert") {
  int a[] = {1, 2};
  int b[] = {3, 4};
  float f[] = {0.5f, 1.5f};
  auto inner = tide::make_zip_iterator(a, b);
  auto outer = tide::make_zip_iterator(inner, f);
  tide::tuple<tide::tuple<int, int>, float> v = outer[1];
  CHECK(tide::get<1>(tide::get<0>(v)) == 4);
  CHECK(tide::get<1>(v) == 1.5f);
  *outer = v;
  CHECK(a[0] == 2);
  CHECK(b[0] == 4);
  CHECK(f[0] == 1.5f);
  auto [ab, x] = outer[0];
  auto [ra, rb] = ab;
  ra = 20;
  x = 9.5f;
  CHECK(a[0] == 20);
  CHECK(f[0] == 9.5f);
  CHECK(rb == 4);
}

TEST_CASE_TEMPLATE("zip: transform reads elements by bindings and get, and writes tuples", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {std::int64_t(0), std::int64_t(1), std::int64_t(1000), std::int64_t(100003)}) {
    auto ha = random_vector<int>(n, "zip-a");
    auto hb = random_vector<int>(n, "zip-b");
    auto a = to_backend<B>(ha);
    auto b = to_backend<B>(hb);
    typename B::template vector<long> sums(n), products(n);
    auto zip = tide::make_zip_iterator(a.begin(), b.begin());
    tide::transform(B::policy(), zip, zip + n, sums.begin(), sum_by_bindings{});
    tide::transform(B::policy(), zip, zip + n, products.begin(), product_by_get{});
    typename B::template vector<int> c(n), d(n);
    auto out = tide::make_zip_iterator(c.begin(), d.begin());
    tide::transform(B::policy(), zip, zip + n, out, swap_elements{});
    std::vector<long> want_sum(n), want_product(n);
    for (std::int64_t i = 0; i < n; ++i) {
      want_sum[i] = long(ha[i]) + hb[i];
      want_product[i] = long(ha[i]) * hb[i];
    }
    CAPTURE(n);
    CHECK(to_std(sums) == want_sum);
    CHECK(to_std(products) == want_product);
    CHECK(to_std(c) == hb);
    CHECK(to_std(d) == ha);

    tide::for_each(B::policy(), zip, zip + n, write_through{});  // functors may write through the element
    for (std::int64_t i = 0; i < n; ++i) {
      const int x = ha[i];
      ha[i] = 2 * x;
      hb[i] = x + hb[i];
    }
    CHECK(to_std(a) == ha);
    CHECK(to_std(b) == hb);
  }
}

TEST_CASE_TEMPLATE("zip: reduce and transform_reduce over tuples", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {std::int64_t(0), std::int64_t(1), std::int64_t(1000), std::int64_t(100003)}) {
    auto ha = random_vector<int>(n, "zip-reduce-a");
    auto hb = random_vector<int>(n, "zip-reduce-b");
    auto a = to_backend<B>(ha);
    auto b = to_backend<B>(hb);
    auto zip = tide::make_zip_iterator(a.begin(), b.begin());
    tide::tuple<long, long> total =
        tide::reduce(B::policy(), zip, zip + n, tide::tuple<long, long>(0, 0), tuple_plus{});
    long dot = tide::transform_reduce(B::policy(), zip, zip + n, product_by_get{}, 0L, tide::plus<long>());
    CAPTURE(n);
    CHECK(tide::get<0>(total) == std::accumulate(ha.begin(), ha.end(), 0L));
    CHECK(tide::get<1>(total) == std::accumulate(hb.begin(), hb.end(), 0L));
    CHECK(dot == std::inner_product(ha.begin(), ha.end(), hb.begin(), 0L));
  }
}

TEST_CASE_TEMPLATE("zip: sort_by_key carries zipped values, sort orders zipped keys", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {std::int64_t(0), std::int64_t(1), std::int64_t(1000), std::int64_t(100003)}) {
    auto hk = random_vector<int>(n, "zip-sort-k", 0, 50);
    std::vector<int> hv(n);
    std::vector<float> hw(n);
    for (std::int64_t i = 0; i < n; ++i) {
      hv[i] = int(i);
      hw[i] = float(i) * 0.5f;
    }
    auto k = to_backend<B>(hk);
    auto v = to_backend<B>(hv);
    auto w = to_backend<B>(hw);
    tide::stable_sort_by_key(B::policy(), k.begin(), k.end(), tide::make_zip_iterator(v.begin(), w.begin()));
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return hk[x] < hk[y]; });
    std::vector<int> want_k(n);
    std::vector<float> want_w(n);
    for (std::int64_t i = 0; i < n; ++i) {
      want_k[i] = hk[order[i]];
      want_w[i] = hw[order[i]];
    }
    CAPTURE(n);
    CHECK(to_std(k) == want_k);
    CHECK(to_std(v) == order);
    CHECK(to_std(w) == want_w);

    // Keys (k, v) as zip: lexicographic tuple order, both ranges permuted.
    auto hk2 = random_vector<int>(n, "zip-sort-k2", 0, 9);
    auto hv2 = random_vector<int>(n, "zip-sort-v2", 0, 9);
    auto k2 = to_backend<B>(hk2);
    auto v2 = to_backend<B>(hv2);
    auto keys = tide::make_zip_iterator(k2.begin(), v2.begin());
    tide::sort(B::policy(), keys, keys + n);
    std::vector<std::pair<int, int>> want(n);
    for (std::int64_t i = 0; i < n; ++i) want[i] = {hk2[i], hv2[i]};
    std::sort(want.begin(), want.end());
    auto got_k = to_std(k2);
    auto got_v = to_std(v2);
    bool same = true;
    for (std::int64_t i = 0; i < n; ++i) same = same && got_k[i] == want[i].first && got_v[i] == want[i].second;
    CHECK(same);
  }
}

TEST_CASE_TEMPLATE("zip: copy, gather, scatter and merge move tuples between zips", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {std::int64_t(0), std::int64_t(1), std::int64_t(1000), std::int64_t(100003)}) {
    auto ha = random_vector<int>(n, "zip-copy-a");
    auto hb = random_vector<double>(n, "zip-copy-b");
    auto a = to_backend<B>(ha);
    auto b = to_backend<B>(hb);
    auto in = tide::make_zip_iterator(a.begin(), b.begin());
    typename B::template vector<int> c(n);
    typename B::template vector<double> d(n);
    auto out = tide::make_zip_iterator(c.begin(), d.begin());
    auto end = tide::copy(B::policy(), in, in + n, out);
    CAPTURE(n);
    CHECK(end - out == n);
    CHECK(to_std(c) == ha);
    CHECK(to_std(d) == hb);

    std::vector<int> hmap(n);
    for (std::int64_t i = 0; i < n; ++i) hmap[i] = int(n - 1 - i);
    auto map = to_backend<B>(hmap);
    tide::gather(B::policy(), map.begin(), map.end(), in, out);
    std::vector<int> rev_a(ha.rbegin(), ha.rend());
    std::vector<double> rev_b(hb.rbegin(), hb.rend());
    CHECK(to_std(c) == rev_a);
    CHECK(to_std(d) == rev_b);
    tide::fill(B::policy(), a.begin(), a.end(), 0);
    tide::scatter(B::policy(), out, out + n, map.begin(), in);  // a[n-1-i] = c[i]: reversed back
    CHECK(to_std(a) == ha);
    CHECK(to_std(b) == hb);

    // Merge two key-sorted zips by their first element.
    auto hx = random_vector<int>(n, "zip-merge-x", 0, 100);
    auto hy = random_vector<int>(n / 2, "zip-merge-y", 0, 100);
    std::sort(hx.begin(), hx.end());
    std::sort(hy.begin(), hy.end());
    std::vector<int> tx(n, 1), ty(n / 2, 2);
    auto x = to_backend<B>(hx);
    auto y = to_backend<B>(hy);
    auto xt = to_backend<B>(tx);
    auto yt = to_backend<B>(ty);
    typename B::template vector<int> mk(n + n / 2), mt(n + n / 2);
    auto zx = tide::make_zip_iterator(x.begin(), xt.begin());
    auto zy = tide::make_zip_iterator(y.begin(), yt.begin());
    tide::merge(B::policy(), zx, zx + n, zy, zy + n / 2, tide::make_zip_iterator(mk.begin(), mt.begin()), less_first{});
    std::vector<std::pair<int, int>> want;
    for (std::int64_t i = 0; i < n; ++i) want.push_back({hx[i], 1});
    for (std::int64_t i = 0; i < n / 2; ++i) want.push_back({hy[i], 2});
    std::stable_sort(want.begin(), want.end(), [](auto p, auto q) { return p.first < q.first; });
    auto gk = to_std(mk);
    auto gt = to_std(mt);
    bool same = true;
    for (std::size_t i = 0; i < want.size(); ++i) same = same && gk[i] == want[i].first && gt[i] == want[i].second;
    CHECK(same);
  }
}

TEST_CASE_TEMPLATE("zip: elements swap inside functors, in device code too", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {std::int64_t(0), std::int64_t(1), std::int64_t(1001)}) {
    auto ha = random_vector<int>(n, "zip-swap-a");
    auto hb = random_vector<double>(n, "zip-swap-b");
    auto a = to_backend<B>(ha);
    auto b = to_backend<B>(hb);
    auto zip = tide::make_zip_iterator(a.begin(), b.begin());
    tide::for_each_n(B::policy(), tide::make_counting_iterator<std::int64_t>(0), n / 2,
                     reverse_by_swaps<decltype(zip)>{zip, n});
    std::reverse(ha.begin(), ha.end());
    std::reverse(hb.begin(), hb.end());
    CAPTURE(n);
    CHECK(to_std(a) == ha);
    CHECK(to_std(b) == hb);
  }
}
