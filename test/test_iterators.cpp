// tide::tuple, functional.hpp and the iterator adaptors, on the host.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <list>
#include <numeric>
#include <type_traits>
#include <vector>

#include <tide/functional.hpp>
#include <tide/iterator.hpp>
#include <tide/memory.hpp>
#include <tide/tuple.hpp>

namespace {
struct square {
  int operator()(int x) const { return x * x; }
};
}  // namespace

TEST_CASE("tuple: construction, get, comparison") {
  tide::tuple<int, double> t(1, 2.5);
  CHECK(tide::get<0>(t) == 1);
  CHECK(tide::get<1>(t) == 2.5);
  tide::get<0>(t) = 7;
  CHECK(tide::get<0>(t) == 7);
  const auto& ct = t;
  CHECK(tide::get<1>(ct) == 2.5);
  CHECK(tide::get<0>(tide::make_tuple(3, 4)) == 3);

  tide::tuple<int, int> z{};
  CHECK(z == tide::make_tuple(0, 0));
  CHECK(tide::make_tuple(1, 2) < tide::make_tuple(1, 3));
  CHECK(tide::make_tuple(1, 2) < tide::make_tuple(2, 0));
  CHECK_FALSE(tide::make_tuple(1, 2) < tide::make_tuple(1, 2));
  CHECK(tide::make_tuple(1, 2) != tide::make_tuple(1, 3));
  CHECK(tide::make_tuple(2, 0) >= tide::make_tuple(1, 9));

  tide::tuple<long, double> widened = tide::make_tuple(5, 1.0f);  // converting constructor
  CHECK(tide::get<0>(widened) == 5L);

  static_assert(std::is_trivially_copyable_v<tide::tuple<int, float, char>>);
  static_assert(std::is_same_v<tide::tuple_element_t<1, tide::tuple<int, const float&>>, const float&>);
  static_assert(tide::tuple_size_v<tide::tuple<int, int, int>> == 3);
}

TEST_CASE("tuple: a tie assigns through its references") {
  int a = 0;
  double b = 0;
  tide::tie(a, b) = tide::make_tuple(3, 4.5);
  CHECK(a == 3);
  CHECK(b == 4.5);

  int c = 10, d = 20;
  tide::tie(a, b) = tide::tie(c, d);  // converting assignment from references
  CHECK(a == 10);
  CHECK(b == 20.0);

  int e = 0;
  tide::tuple<int&, int&> r(d, c);
  tide::tuple<int&, int&> s(a, e);  // distinct targets: cuda::std::tuple assigns in no fixed order
  s = r;  // same type: writes through, does not rebind
  CHECK(a == 20);
  CHECK(e == 10);
  CHECK(&tide::get<0>(s) == &a);
}

TEST_CASE("tuple: structured bindings") {
  auto [x, y] = tide::make_tuple(1, 2.0);
  CHECK(x == 1);
  CHECK(y == 2.0);

  int a[] = {1, 2};
  int b[] = {3, 4};
  auto zip = tide::make_zip_iterator(a, b);
  auto [ra, rb] = *zip;  // references into a and b
  ra = 10;
  rb = 30;
  CHECK(a[0] == 10);
  CHECK(b[0] == 30);
}

TEST_CASE("functional: typed and transparent functors") {
  CHECK(tide::plus<int>()(2, 3) == 5);
  CHECK(tide::plus<>()(2, 0.5) == 2.5);
  CHECK(tide::minus<>()(5, 3) == 2);
  CHECK(tide::multiplies<int>()(4, 3) == 12);
  CHECK(tide::divides<int>()(7, 2) == 3);
  CHECK(tide::modulus<>()(7, 4) == 3);
  CHECK(tide::negate<int>()(3) == -3);
  CHECK(tide::maximum<int>()(3, 9) == 9);
  CHECK(tide::minimum<>()(3, 9.5) == 3.0);
  CHECK(tide::less<>()(1, 2));
  CHECK(tide::greater<int>()(3, 2));
  CHECK(tide::equal_to<>()(2, 2.0));
  CHECK(tide::logical_not<bool>()(false));
  CHECK(tide::bit_xor<unsigned>()(6u, 3u) == 5u);
  CHECK(tide::identity<int>()(4) == 4);
  CHECK(tide::project1st<>()(1, 2.0) == 1);
  CHECK(tide::project2nd<int, int>()(1, 2) == 2);
  static_assert(std::is_same_v<decltype(tide::plus<>()(1, 2.0)), double>);
  static_assert(std::is_same_v<decltype(tide::less<int>()(1, 2)), bool>);
  static_assert(tide::plus<int>()(1, 2) == 3);  // constexpr
}

TEST_CASE("functional: proclaim_return_type declares the result type") {
  auto f = tide::proclaim_return_type<long>([](int x) { return x * 2; });
  CHECK(f(21) == 42L);
  static_assert(std::is_same_v<decltype(f(1)), long>);
  static_assert(std::is_same_v<tide::detail::invoke_result_t<decltype(f)&, int>, long>);
  static_assert(std::is_same_v<tide::detail::invoke_result_t<square&, int>, int>);
  auto t = tide::make_transform_iterator(tide::make_counting_iterator(1), f);
  static_assert(std::is_same_v<decltype(*t), long>);
  CHECK(t[2] == 6L);
}

TEST_CASE("counting_iterator: read by std algorithms") {
  auto first = tide::make_counting_iterator(1);
  auto last = first + 100;
  CHECK(last - first == 100);
  CHECK(std::accumulate(first, last, 0) == 5050);
  std::vector<int> v(5);
  std::copy(first, first + 5, v.begin());
  CHECK(v == std::vector<int>{1, 2, 3, 4, 5});
  CHECK(first[9] == 10);
  CHECK(*(last - 1) == 100);
  CHECK(first < last);

  // 64-bit positions and differences.
  auto big = tide::make_counting_iterator<std::int64_t>(0);
  auto far = big + (std::int64_t(1) << 40);
  CHECK(far - big == (std::ptrdiff_t(1) << 40));
  CHECK(*far == (std::int64_t(1) << 40));
  auto small = tide::make_counting_iterator<unsigned char>(200);
  CHECK((small + 10) - small == 10);
  CHECK(small - (small + 10) == -10);
}

TEST_CASE("constant_iterator: read by std algorithms") {
  auto first = tide::make_constant_iterator(7);
  CHECK(std::accumulate(first, first + 10, 0) == 70);
  CHECK(first[123] == 7);
  auto at5 = tide::make_constant_iterator(7, 5);
  CHECK(at5 - first == 5);
  CHECK(at5.index() == 5);
}

TEST_CASE("transform_iterator: read by std algorithms, with a lambda") {
  std::vector<int> v{1, 2, 3, 4};
  int k = 10;
  auto add_k = [k](int x) { return x + k; };  // not default-constructible, not assignable
  auto first = tide::make_transform_iterator(v.begin(), add_k);
  auto last = tide::make_transform_iterator(v.end(), add_k);
  CHECK(std::accumulate(first, last, 0) == 50);
  CHECK(first[3] == 14);
  auto it = first;
  it = last;  // assignable even though the lambda is not
  CHECK(it == last);
  CHECK(last - first == 4);
  static_assert(std::is_same_v<std::iterator_traits<decltype(first)>::reference, int>);

  auto sq = tide::make_transform_iterator(tide::make_counting_iterator(1), square{});
  CHECK(std::accumulate(sq, sq + 3, 0) == 14);
}

TEST_CASE("zip_iterator: read and write by std algorithms") {
  std::vector<int> a{1, 2, 3};
  std::vector<double> b{0.5, 1.5, 2.5};
  auto first = tide::make_zip_iterator(a.begin(), b.begin());
  auto last = tide::make_zip_iterator(tide::make_tuple(a.end(), b.end()));
  CHECK(last - first == 3);
  using value = std::iterator_traits<decltype(first)>::value_type;
  static_assert(std::is_same_v<value, tide::tuple<int, double>>);
  // A tuple of references (Thrust: tuple_of_iterator_references, derived from tuple<int&, double&>).
  static_assert(std::is_base_of_v<tide::tuple<int&, double&>, std::remove_cv_t<decltype(*first)>>);

  double sum = std::accumulate(first, last, 0.0, [](double s, const value& t) {
    return s + tide::get<0>(t) * tide::get<1>(t);
  });
  CHECK(sum == 0.5 + 3.0 + 7.5);

  std::vector<int> c(3);
  std::vector<double> d(3);
  std::copy(first, last, tide::make_zip_iterator(c.begin(), d.begin()));
  CHECK(c == a);
  CHECK(d == b);

  *first = tide::make_tuple(9, 9.5);  // writing a tuple of values writes both ranges
  CHECK(a[0] == 9);
  CHECK(b[0] == 9.5);

  // Sorting through a zip permutes both ranges (needs swap of prvalue reference tuples).
  std::vector<int> keys{3, 1, 2};
  std::vector<char> vals{'c', 'a', 'b'};
  auto kv = tide::make_zip_iterator(keys.begin(), vals.begin());
  std::sort(kv, kv + 3);
  CHECK(keys == std::vector<int>{1, 2, 3});
  CHECK(vals == std::vector<char>{'a', 'b', 'c'});
}

TEST_CASE("zip_iterator: over counting and constant iterators") {
  auto z = tide::make_zip_iterator(tide::make_counting_iterator(0), tide::make_constant_iterator(2));
  int total = 0;
  std::for_each(z, z + 4, [&](tide::tuple<int, int> t) { total += tide::get<0>(t) * tide::get<1>(t); });
  CHECK(total == 12);
}

TEST_CASE("transform_output_iterator: writes f(v) into the base") {
  std::vector<int> in{1, 2, 3};
  std::vector<int> out(3);
  auto o = tide::make_transform_output_iterator(out.begin(), [](int x) { return x * 10; });
  auto end = std::copy(in.begin(), in.end(), o);
  CHECK(out == std::vector<int>{10, 20, 30});
  CHECK(end - o == 3);
  CHECK(end.base() == out.end());
  o[1] = 7;  // the proxy holds copies: safe after the temporary o + 1 is gone
  CHECK(out[1] == 70);
}

TEST_CASE("discard_iterator: writes vanish") {
  std::vector<int> in{1, 2, 3, 4};
  auto d = tide::make_discard_iterator();
  auto end = std::copy(in.begin(), in.end(), d);
  CHECK(end - d == 4);
  CHECK(end.index() == 4);
  *d = 3.5;
  d[10] = "anything";
  CHECK(tide::make_discard_iterator(2) - d == 2);
}

TEST_CASE("permutation_iterator: gather on read, scatter on write") {
  std::vector<int> elements{10, 20, 30, 40};
  std::vector<int> indices{3, 0, 2};
  auto first = tide::make_permutation_iterator(elements.begin(), indices.begin());
  std::vector<int> gathered(3);
  std::copy(first, first + 3, gathered.begin());
  CHECK(gathered == std::vector<int>{40, 10, 30});
  CHECK(std::accumulate(first, first + 3, 0) == 80);

  std::vector<int> src{1, 2, 3};
  std::copy(src.begin(), src.end(), first);
  CHECK(elements == std::vector<int>{2, 20, 3, 1});
}

TEST_CASE("reverse_iterator: walks backwards") {
  std::vector<int> v{1, 2, 3, 4};
  auto first = tide::make_reverse_iterator(v.end());
  auto last = tide::make_reverse_iterator(v.begin());
  std::vector<int> r(4);
  std::copy(first, last, r.begin());
  CHECK(r == std::vector<int>{4, 3, 2, 1});
  CHECK(last - first == 4);
  CHECK(first[1] == 3);
  CHECK(first < last);
  *first = 40;
  CHECK(v[3] == 40);

  auto c = tide::make_reverse_iterator(tide::make_counting_iterator(5));
  CHECK(std::accumulate(c, c + 5, 0) == 4 + 3 + 2 + 1 + 0);
}

TEST_CASE("unwrap_iterator: adaptors rebuild over raw pointers") {
  int data[] = {1, 2, 3, 4};
  int idx[] = {2, 0};
  tide::device_ptr<int> p(data);
  auto t = tide::make_transform_iterator(p, square{});
  auto ut = tide::detail::unwrap_iterator(t);
  static_assert(std::is_same_v<decltype(ut), tide::transform_iterator<square, int*>>);
  CHECK(ut.base() == data);
  CHECK(ut[2] == 9);

  auto z = tide::make_zip_iterator(p, tide::make_counting_iterator(0));
  auto uz = tide::detail::unwrap_iterator(z);
  static_assert(
      std::is_same_v<decltype(uz), tide::zip_iterator<tide::tuple<int*, tide::counting_iterator<int>>>>);
  CHECK(tide::get<0>(uz.base()) == data);

  auto perm = tide::detail::unwrap_iterator(tide::make_permutation_iterator(p, tide::device_ptr<int>(idx)));
  static_assert(std::is_same_v<decltype(perm), tide::permutation_iterator<int*, int*>>);
  CHECK(perm[0] == 3);

  auto rev = tide::detail::unwrap_iterator(tide::make_reverse_iterator(p + 4));
  static_assert(std::is_same_v<decltype(rev), tide::reverse_iterator<int*>>);
  CHECK(*rev == 4);

  auto out = tide::detail::unwrap_iterator(tide::make_transform_output_iterator(p, square{}));
  static_assert(std::is_same_v<decltype(out), tide::transform_output_iterator<square, int*>>);

  auto c = tide::make_counting_iterator(3);
  static_assert(std::is_same_v<decltype(tide::detail::unwrap_iterator(c)), decltype(c)>);
}

TEST_CASE("system_type of each adaptor") {
  using tide::any_system_tag;
  using tide::device_system_tag;
  using tide::host_system_tag;
  using dp = tide::device_ptr<int>;
  using count = tide::counting_iterator<int>;
  static_assert(std::is_same_v<count::system_type, any_system_tag>);
  using device_count = tide::counting_iterator<int, device_system_tag>;
  static_assert(std::is_same_v<device_count::system_type, device_system_tag>);
  static_assert(std::is_same_v<tide::constant_iterator<int>::system_type, any_system_tag>);
  static_assert(std::is_same_v<tide::discard_iterator<>::system_type, any_system_tag>);
  static_assert(std::is_same_v<tide::transform_iterator<square, dp>::system_type, device_system_tag>);
  static_assert(std::is_same_v<tide::transform_iterator<square, int*>::system_type, host_system_tag>);
  static_assert(std::is_same_v<tide::zip_iterator<tide::tuple<dp, count>>::system_type, device_system_tag>);
  static_assert(std::is_same_v<tide::zip_iterator<tide::tuple<count, count>>::system_type, any_system_tag>);
  static_assert(std::is_same_v<tide::permutation_iterator<dp, count>::system_type, device_system_tag>);
  static_assert(std::is_same_v<tide::reverse_iterator<int*>::system_type, host_system_tag>);
  static_assert(std::is_same_v<tide::transform_output_iterator<square, dp>::system_type, device_system_tag>);
  static_assert(std::is_same_v<tide::common_system_t<tide::zip_iterator<tide::tuple<dp, count>>, count>,
                               device_system_tag>);
  CHECK(true);
}

TEST_CASE("advance, distance, next and prev step any iterator, randomly or one at a time") {
  std::vector<int> v{1, 2, 3, 4, 5};
  auto it = v.begin();
  tide::advance(it, 3);
  CHECK(*it == 4);
  tide::advance(it, -2);
  CHECK(*it == 2);
  CHECK(tide::distance(v.begin(), v.end()) == 5);
  std::list<int> l(v.begin(), v.end());
  auto li = l.begin();
  tide::advance(li, 4);
  CHECK(*li == 5);
  tide::advance(li, -1);
  CHECK(*li == 4);
  CHECK(tide::distance(l.begin(), l.end()) == 5);
  CHECK(*tide::next(l.begin()) == 2);
  CHECK(*tide::next(l.begin(), 2) == 3);
  CHECK(*tide::prev(l.end()) == 5);
  tide::counting_iterator<int> c(10);
  CHECK(tide::distance(c, tide::next(c, 7)) == 7);
  CHECK(*tide::prev(c + 3, 2) == 11);
}
