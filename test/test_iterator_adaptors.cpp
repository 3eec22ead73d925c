// Thrust's remaining iterator facilities: transform_input_output_iterator,
// tabulate_output_iterator, offset_iterator, iterator_adaptor / iterator_facade in Thrust's form
// (user adaptors, Thrust's strided_range and tiled_range examples), the iterator traits, retag and
// reinterpret_tag, and contiguity (proclaimed iterators). Each adaptor runs through real
// algorithms on every backend.
#include <list>
#include <numeric>

#include "common.hpp"

using namespace tide_test;

namespace {

// ---- functors (host and device) --------------------------------------------------------------

struct times2 {
  TIDE_HOST_DEVICE long operator()(int x) const { return 2L * x; }
};
struct plus100 {
  TIDE_HOST_DEVICE int operator()(long x) const { return static_cast<int>(x + 100); }
};
struct add1 {
  TIDE_HOST_DEVICE long operator()(long x) const { return x + 1; }
};
struct negate_int {
  TIDE_HOST_DEVICE int operator()(int x) const { return -x; }
};
/// operator() is not const (it counts its calls): adaptors must call their own copy.
struct nonconst_triple {
  int calls = 0;
  TIDE_HOST_DEVICE int operator()(int x) {
    ++calls;
    return 3 * x;
  }
};
struct nonconst_minus7 {
  int calls = 0;
  TIDE_HOST_DEVICE int operator()(int x) {
    ++calls;
    return x - 7;
  }
};
/// Tabulation target: out[i] = 10 * v + 1 (non-const operator()).
struct store_at {
  int* out;
  int calls = 0;
  TIDE_HOST_DEVICE void operator()(std::ptrdiff_t i, int v) {
    ++calls;
    out[i] = 10 * v + 1;
  }
};

template <class V>
auto raw(V& v) {
  return tide::raw_pointer_cast(v.data());
}

std::vector<std::int64_t> adaptor_sizes() {
  if (std::getenv("TIDE_TEST_SMALL")) return {0, 1, 2, 31, 1000, 4099};
  return {0, 1, 2, 31, 1000, 100003};
}

// ---- user iterators ---------------------------------------------------------------------------

/// Thrust's iterator_adaptor example, as written there: each base element `n` times.
template <typename Iterator>
class repeat_iterator : public tide::iterator_adaptor<repeat_iterator<Iterator>, Iterator> {
 public:
  typedef tide::iterator_adaptor<repeat_iterator<Iterator>, Iterator> super_t;
  TIDE_HOST_DEVICE repeat_iterator(const Iterator& x, int n) : super_t(x), begin(x), n(n) {}
  friend class tide::iterator_core_access;

 private:
  Iterator begin;
  int n;
  TIDE_HOST_DEVICE typename super_t::reference dereference() const {
    return *(begin + (this->base() - begin) / n);
  }
};

/// Every stride-th element: overrides the movement primitives, keeps dereference.
template <typename Iterator>
class stride_iterator : public tide::iterator_adaptor<stride_iterator<Iterator>, Iterator> {
 public:
  typedef tide::iterator_adaptor<stride_iterator<Iterator>, Iterator> super_t;
  TIDE_HOST_DEVICE stride_iterator(const Iterator& x, int stride) : super_t(x), stride(stride) {}
  friend class tide::iterator_core_access;

 private:
  int stride;
  TIDE_HOST_DEVICE void increment() { this->base_reference() += stride; }
  TIDE_HOST_DEVICE void decrement() { this->base_reference() -= stride; }
  TIDE_HOST_DEVICE void advance(typename super_t::difference_type n) { this->base_reference() += n * stride; }
  TIDE_HOST_DEVICE typename super_t::difference_type distance_to(const stride_iterator& other) const {
    return (other.base() - this->base()) / stride;
  }
};

/// Thrust's strided_range example, with thrust:: replaced by tide::.
template <typename Iterator>
class strided_range {
 public:
  typedef typename tide::iterator_difference<Iterator>::type difference_type;

  struct stride_functor {
    difference_type stride;

    stride_functor(difference_type stride) : stride(stride) {}

    TIDE_HOST_DEVICE
    difference_type operator()(const difference_type& i) const { return stride * i; }
  };

  typedef typename tide::counting_iterator<difference_type> CountingIterator;
  typedef typename tide::transform_iterator<stride_functor, CountingIterator> TransformIterator;
  typedef typename tide::permutation_iterator<Iterator, TransformIterator> PermutationIterator;

  // type of the strided_range iterator
  typedef PermutationIterator iterator;

  // construct strided_range for the range [first,last)
  strided_range(Iterator first, Iterator last, difference_type stride) : first(first), last(last), stride(stride) {}

  iterator begin(void) const {
    return PermutationIterator(first, TransformIterator(CountingIterator(0), stride_functor(stride)));
  }

  iterator end(void) const { return begin() + ((last - first) + (stride - 1)) / stride; }

 protected:
  Iterator first;
  Iterator last;
  difference_type stride;
};

/// Thrust's tiled_range example, with thrust:: replaced by tide::.
template <typename Iterator>
class tiled_range {
 public:
  typedef typename tide::iterator_difference<Iterator>::type difference_type;

  struct tile_functor {
    difference_type tile_size;

    tile_functor(difference_type tile_size) : tile_size(tile_size) {}

    TIDE_HOST_DEVICE
    difference_type operator()(const difference_type& i) const { return i % tile_size; }
  };

  typedef typename tide::counting_iterator<difference_type> CountingIterator;
  typedef typename tide::transform_iterator<tile_functor, CountingIterator> TransformIterator;
  typedef typename tide::permutation_iterator<Iterator, TransformIterator> PermutationIterator;

  typedef PermutationIterator iterator;

  tiled_range(Iterator first, Iterator last, difference_type tiles) : first(first), last(last), tiles(tiles) {}

  iterator begin(void) const {
    return PermutationIterator(first, TransformIterator(CountingIterator(0), tile_functor(last - first)));
  }

  iterator end(void) const { return begin() + tiles * (last - first); }

 protected:
  Iterator first;
  Iterator last;
  difference_type tiles;
};

/// An iterator written on iterator_facade in Thrust's parameter order (all six primitives):
/// element i is i*i.
class squares_iterator : public tide::iterator_facade<squares_iterator, long, tide::any_system_tag,
                                                      tide::random_access_traversal_tag, long, std::ptrdiff_t> {
 public:
  squares_iterator() = default;
  TIDE_HOST_DEVICE explicit squares_iterator(std::ptrdiff_t i) : i_(i) {}

 private:
  friend class tide::iterator_core_access;
  TIDE_HOST_DEVICE long dereference() const { return static_cast<long>(i_) * i_; }
  TIDE_HOST_DEVICE bool equal(const squares_iterator& o) const { return i_ == o.i_; }
  TIDE_HOST_DEVICE void increment() { ++i_; }
  TIDE_HOST_DEVICE void decrement() { --i_; }
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { i_ += n; }
  TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const squares_iterator& o) const { return o.i_ - i_; }
  std::ptrdiff_t i_ = 0;
};

/// A forward-only facade iterator (increment, equal, dereference only): 0, 1, 2, ...
class forward_count : public tide::iterator_facade<forward_count, int, tide::host_system_tag,
                                                   tide::forward_traversal_tag, int> {
 public:
  explicit forward_count(int i = 0) : i_(i) {}

 private:
  friend class tide::iterator_core_access;
  int dereference() const { return i_; }
  bool equal(const forward_count& o) const { return i_ == o.i_; }
  void increment() { ++i_; }
  int i_;
};

/// A plain wrapper around a pointer, proclaimed contiguous below.
template <class T>
class wrapped_ptr : public tide::iterator_adaptor<wrapped_ptr<T>, T*> {
 public:
  typedef tide::iterator_adaptor<wrapped_ptr<T>, T*> super_t;
  wrapped_ptr() = default;
  TIDE_HOST_DEVICE explicit wrapped_ptr(T* p) : super_t(p) {}
  friend class tide::iterator_core_access;
};

/// A pointer iterator on iterator_facade with a const version, written as a user would: the
/// primitives take this type only, and the const version converts from the other.
template <class T>
class facade_ptr : public tide::iterator_facade<facade_ptr<T>, std::remove_const_t<T>, tide::host_system_tag,
                                                tide::random_access_traversal_tag, T&> {
 public:
  facade_ptr() = default;
  TIDE_HOST_DEVICE explicit facade_ptr(T* p) : p_(p) {}
  template <class U, std::enable_if_t<std::is_convertible_v<U*, T*>, int> = 0>
  TIDE_HOST_DEVICE facade_ptr(const facade_ptr<U>& o) : p_(o.get()) {}
  TIDE_HOST_DEVICE T* get() const { return p_; }

 private:
  friend class tide::iterator_core_access;
  TIDE_HOST_DEVICE T& dereference() const { return *p_; }
  TIDE_HOST_DEVICE bool equal(const facade_ptr& o) const { return p_ == o.p_; }
  TIDE_HOST_DEVICE void advance(std::ptrdiff_t n) { p_ += n; }
  TIDE_HOST_DEVICE std::ptrdiff_t distance_to(const facade_ptr& o) const { return o.p_ - p_; }
  T* p_ = nullptr;
};

template <class A, class B, class = void>
struct compares : std::false_type {};
template <class A, class B>
struct compares<A, B, std::void_t<decltype(std::declval<A>() == std::declval<B>())>> : std::true_type {};
template <class A, class B, class = void>
struct subtracts : std::false_type {};
template <class A, class B>
struct subtracts<A, B, std::void_t<decltype(std::declval<A>() - std::declval<B>())>> : std::true_type {};

/// Checks every comparison and both differences of a and b, a `d` elements after b.
template <class A, class B>
void check_mixed_order(const A& a, const B& b, std::ptrdiff_t d) {
  CHECK((a == b) == (d == 0));
  CHECK((b == a) == (d == 0));
  CHECK((a != b) == (d != 0));
  CHECK((b != a) == (d != 0));
  CHECK((a < b) == (d < 0));
  CHECK((b < a) == (d > 0));
  CHECK((a > b) == (d > 0));
  CHECK((b > a) == (d < 0));
  CHECK((a <= b) == (d <= 0));
  CHECK((b <= a) == (d >= 0));
  CHECK((a >= b) == (d >= 0));
  CHECK((b >= a) == (d <= 0));
  CHECK(a - b == d);
  CHECK(b - a == -d);
}

/// An iterator naming its system through Thrust's device category (no system_type member).
struct device_category_iterator {
  using iterator_category = tide::random_access_device_iterator_tag;
  using value_type = int;
  using difference_type = std::ptrdiff_t;
  using pointer = int*;
  using reference = int&;
};

}  // namespace

TIDE_PROCLAIM_CONTIGUOUS_ITERATOR(wrapped_ptr<int>)

// ---- traits -----------------------------------------------------------------------------------

TEST_CASE("iterator traits by Thrust's names") {
  using dv = tide::device_vector<int>::iterator;
  using cnt = tide::counting_iterator<int>;
  static_assert(std::is_same_v<tide::iterator_value<int*>::type, int>);
  static_assert(std::is_same_v<tide::iterator_value_t<const int*>, int>);
  static_assert(std::is_same_v<tide::iterator_reference<int*>::type, int&>);
  static_assert(std::is_same_v<tide::iterator_reference_t<cnt>, int>);
  static_assert(std::is_same_v<tide::iterator_difference<std::vector<int>::iterator>::type, std::ptrdiff_t>);
  static_assert(std::is_same_v<tide::iterator_difference_t<cnt>, std::ptrdiff_t>);
  static_assert(std::is_same_v<tide::iterator_pointer<int*>::type, int*>);
  static_assert(std::is_same_v<tide::iterator_pointer_t<const double*>, const double*>);
  static_assert(std::is_same_v<tide::iterator_traits<int*>::value_type, int>);

  static_assert(std::is_same_v<tide::iterator_traversal<int*>::type, tide::random_access_traversal_tag>);
  static_assert(std::is_same_v<tide::iterator_traversal_t<std::list<int>::iterator>, tide::bidirectional_traversal_tag>);
  static_assert(std::is_same_v<tide::iterator_traversal_t<cnt>, tide::random_access_traversal_tag>);
  static_assert(std::is_same_v<tide::iterator_traversal_t<forward_count>, tide::forward_traversal_tag>);
  static_assert(std::is_same_v<tide::iterator_traversal_t<device_category_iterator>, tide::random_access_traversal_tag>);
  static_assert(std::is_base_of_v<tide::forward_traversal_tag, tide::random_access_traversal_tag>);
  static_assert(std::is_base_of_v<tide::no_traversal_tag, tide::single_pass_traversal_tag>);

  static_assert(std::is_same_v<tide::iterator_system<int*>::type, tide::host_system_tag>);
  static_assert(std::is_same_v<tide::iterator_system<std::vector<int>::iterator>::type, tide::host_system_tag>);
  static_assert(std::is_same_v<tide::iterator_system<dv>::type, tide::device_system_tag>);
  static_assert(std::is_same_v<tide::iterator_system_t<cnt>, tide::any_system_tag>);
  static_assert(std::is_same_v<tide::iterator_system_t<device_category_iterator>, tide::device_system_tag>);
  static_assert(std::is_base_of_v<std::random_access_iterator_tag, tide::random_access_device_iterator_tag>);
  static_assert(std::is_same_v<tide::random_access_host_iterator_tag, std::random_access_iterator_tag>);
  static_assert(std::is_same_v<tide::cpp::tag, tide::seq_tag>);
  static_assert(std::is_same_v<tide::system::omp::tag, tide::omp_tag>);
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  static_assert(std::is_same_v<tide::cuda::tag, tide::device_system_tag>);
  static_assert(std::is_same_v<tide::system::cuda::tag, tide::cuda_tag>);
#endif
  CHECK(true);  // the static_asserts are the checks
}

TEST_CASE("iterator_facade in Thrust's order: types and every operation") {
  using it = squares_iterator;
  static_assert(std::is_same_v<it::value_type, long>);
  static_assert(std::is_same_v<it::reference, long>);
  static_assert(std::is_same_v<it::difference_type, std::ptrdiff_t>);
  static_assert(std::is_void_v<it::pointer>);
  static_assert(std::is_same_v<it::system_type, tide::any_system_tag>);
  static_assert(std::is_same_v<it::iterator_category, std::random_access_iterator_tag>);
  it a(3);
  CHECK(*a == 9);
  CHECK(a[2] == 25);
  CHECK(*++a == 16);
  CHECK(*a-- == 16);
  CHECK(*(a + 4) == 49);
  CHECK((a + 4) - a == 4);
  CHECK(a == it(3));
  CHECK(a != it(4));
  CHECK(a < it(4));
  CHECK(it(5) >= a);

  // Forward traversal: only increment, equal and dereference exist.
  static_assert(std::is_same_v<forward_count::iterator_category, std::forward_iterator_tag>);
  static_assert(std::is_same_v<forward_count::system_type, tide::host_system_tag>);
  CHECK(std::accumulate(forward_count(0), forward_count(10), 0) == 45);
  forward_count f(2);
  f += 3;  // advance falls back to increments
  CHECK(*f == 5);
}

TEST_CASE_TEMPLATE("iterator_facade in Thrust's order: an algorithm input", B, TIDE_TEST_BACKENDS) {
  for (auto n : adaptor_sizes()) {
    long want = 0;
    for (std::int64_t i = 0; i < n; ++i) want += static_cast<long>(i) * i;
    CAPTURE(n);
    CHECK(tide::reduce(B::policy(), squares_iterator(0), squares_iterator(n), 0L) == want);
    typename B::template vector<long> out(n);
    tide::copy(B::policy(), squares_iterator(0), squares_iterator(n), out.begin());
    auto got = to_std(out);
    bool ok = true;
    for (std::int64_t i = 0; i < n; ++i) ok = ok && got[i] == static_cast<long>(i) * i;
    CHECK(ok);
  }
}

// ---- transform_input_output_iterator ----------------------------------------------------------

TEST_CASE("transform_input_output_iterator: types, read and write through the proxy") {
  std::vector<int> v{1, 2, 3};
  auto it = tide::make_transform_input_output_iterator(v.begin(), times2(), plus100());
  using It = decltype(it);
  static_assert(std::is_same_v<It::value_type, long>);
  static_assert(std::is_same_v<tide::iterator_system_t<It>, tide::host_system_tag>);
  static_assert(std::is_same_v<It::iterator_category, std::random_access_iterator_tag>);
  CHECK(static_cast<long>(*it) == 2);
  CHECK(static_cast<long>(it[2]) == 6);
  it[1] = 5L;  // stores plus100(5)
  CHECK(v[1] == 105);
  *it = it[2];  // reads times2(3) = 6, stores plus100(6)
  CHECK(v[0] == 106);
  CHECK(it.base() == v.begin());
  static_assert(std::is_same_v<decltype(tide::detail::unwrap_iterator(
                                   tide::make_transform_input_output_iterator(tide::device_ptr<int>(), times2(), plus100()))),
                               tide::transform_input_output_iterator<times2, plus100, int*>>);
}

TEST_CASE_TEMPLATE("transform_input_output_iterator as input: transform, reduce, inclusive_scan", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : adaptor_sizes()) {
    auto in = random_vector<int>(n, "tio-in", -1000, 1000);
    auto d = to_backend<B>(in);
    auto first = tide::make_transform_input_output_iterator(d.begin(), times2(), plus100());
    auto last = first + n;
    CAPTURE(n);

    typename B::template vector<long> out(n);
    tide::transform(B::policy(), first, last, out.begin(), add1());
    std::vector<long> want(n);
    for (std::int64_t i = 0; i < n; ++i) want[i] = 2L * in[i] + 1;
    CHECK(to_std(out) == want);

    long sum = 0;
    for (auto x : in) sum += 2L * x;
    CHECK(tide::reduce(B::policy(), first, last, 0L, tide::plus<long>()) == sum);

    tide::inclusive_scan(B::policy(), first, last, out.begin(), tide::plus<long>());
    long acc = 0;
    for (std::int64_t i = 0; i < n; ++i) want[i] = acc += 2L * in[i];
    CHECK(to_std(out) == want);
    CHECK(to_std(d) == in);  // reading never writes
  }
}

TEST_CASE_TEMPLATE("transform_input_output_iterator as output: transform, copy, in place", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : adaptor_sizes()) {
    auto in = random_vector<int>(n, "tio-out", -1000, 1000);
    auto src = to_backend<B>(in);
    typename B::template vector<int> dst(n, 0);
    auto out = tide::make_transform_input_output_iterator(dst.begin(), times2(), plus100());
    CAPTURE(n);

    auto end = tide::transform(B::policy(), src.begin(), src.end(), out, negate_int());
    CHECK(end - out == n);
    std::vector<int> want(n);
    for (std::int64_t i = 0; i < n; ++i) want[i] = -in[i] + 100;
    CHECK(to_std(dst) == want);

    tide::copy(B::policy(), src.begin(), src.end(), out);
    for (std::int64_t i = 0; i < n; ++i) want[i] = in[i] + 100;
    CHECK(to_std(dst) == want);

    // In place: each element becomes plus100(add1(times2(x))).
    tide::transform(B::policy(), out, out + n, out, add1());
    for (std::int64_t i = 0; i < n; ++i) want[i] = static_cast<int>(2L * want[i] + 1 + 100);
    CHECK(to_std(dst) == want);
  }
}

TEST_CASE_TEMPLATE("transform_input_output_iterator calls functors whose operator() is not const", B,
                   TIDE_TEST_BACKENDS) {
  const std::int64_t n = 1000;
  auto in = random_vector<int>(n, "tio-nonconst", -100, 100);
  auto src = to_backend<B>(in);
  typename B::template vector<int> dst(n, 0);
  auto out = tide::make_transform_input_output_iterator(dst.begin(), nonconst_triple(), nonconst_minus7());
  tide::copy(B::policy(), src.begin(), src.end(), out);
  std::vector<int> want(n);
  for (std::int64_t i = 0; i < n; ++i) want[i] = in[i] - 7;
  CHECK(to_std(dst) == want);
  long sum = 0;
  for (auto x : want) sum += 3L * x;
  CHECK(tide::reduce(B::policy(), out, out + n, 0L, tide::plus<long>()) == sum);
}

// ---- tabulate_output_iterator -----------------------------------------------------------------

TEST_CASE("tabulate_output_iterator: types, and writing v at i calls f(i, v)") {
  std::vector<int> seen(4, 0);
  auto it = tide::make_tabulate_output_iterator(store_at{seen.data()});
  using It = decltype(it);
  static_assert(std::is_void_v<It::value_type>);
  static_assert(std::is_same_v<It::system_type, tide::any_system_tag>);
  static_assert(std::is_same_v<It::difference_type, std::ptrdiff_t>);
  static_assert(std::is_same_v<tide::tabulate_output_iterator<store_at, tide::host_system_tag>::system_type,
                               tide::host_system_tag>);
  it[2] = 4;
  *(it + 3) = 5;
  *it++ = 6;
  *it = 7;
  CHECK(seen == std::vector<int>{61, 71, 41, 51});
  CHECK(it.index() == 1);
  CHECK(*it.base() == 1);
  tide::tabulate_output_iterator<store_at> converted = store_at{seen.data()};  // implicit, as Thrust's
  converted[1] = 0;
  CHECK(seen[1] == 1);
}

TEST_CASE_TEMPLATE("tabulate_output_iterator as the output of transform, copy and inclusive_scan", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : adaptor_sizes()) {
    auto in = random_vector<int>(n, "tabulate", -1000, 1000);
    auto src = to_backend<B>(in);
    typename B::template vector<int> dst(n, 0);
    auto out = tide::make_tabulate_output_iterator(store_at{raw(dst)});
    CAPTURE(n);

    auto end = tide::transform(B::policy(), src.begin(), src.end(), out, negate_int());
    CHECK(end - out == n);
    std::vector<int> want(n);
    for (std::int64_t i = 0; i < n; ++i) want[i] = 10 * -in[i] + 1;
    CHECK(to_std(dst) == want);

    tide::copy(B::policy(), tide::make_counting_iterator(0), tide::make_counting_iterator(static_cast<int>(n)), out);
    for (std::int64_t i = 0; i < n; ++i) want[i] = 10 * static_cast<int>(i) + 1;
    CHECK(to_std(dst) == want);

    tide::inclusive_scan(B::policy(), src.begin(), src.end(), out, tide::plus<int>());
    int acc = 0;
    for (std::int64_t i = 0; i < n; ++i) want[i] = 10 * (acc += in[i]) + 1;
    CHECK(to_std(dst) == want);
  }
}

// ---- offset_iterator --------------------------------------------------------------------------

TEST_CASE("offset_iterator: a numeric offset moves, the base stays; types") {
  std::vector<int> v{0, 1, 2, 3, 4, 5, 6, 7};
  tide::offset_iterator it(v.begin(), 2);
  // Deduced from both arguments (as Thrust's constructor guides do): the offset is an int here.
  static_assert(std::is_same_v<decltype(it), tide::offset_iterator<std::vector<int>::iterator, int>>);
  static_assert(std::is_same_v<decltype(tide::offset_iterator(v.begin())),
                               tide::offset_iterator<std::vector<int>::iterator, std::ptrdiff_t>>);
  static_assert(std::is_same_v<decltype(it)::reference, int&>);
  static_assert(std::is_same_v<decltype(it)::value_type, int>);
  CHECK(*it == 2);
  CHECK(it[3] == 5);
  ++it;
  CHECK(*it == 3);
  CHECK(it.offset() == 3);
  CHECK(it.base() == v.begin());
  CHECK(decltype(it)(v.begin() + 3) == it);
  CHECK(decltype(it)(v.begin() + 1, 2) == it);
  CHECK((it + 4) - it == 4);
  it.offset() = 7;
  CHECK(*it == 7);
  *it = 70;
  CHECK(v[7] == 70);
  static_assert(std::is_same_v<tide::detail::unwrapped_t<tide::offset_iterator<tide::device_ptr<int>>>, int*>);
  static_assert(std::is_same_v<tide::detail::unwrapped_t<tide::offset_iterator<tide::device_ptr<int>, tide::device_ptr<long>>>,
                               tide::offset_iterator<int*, long*>>);
}

TEST_CASE("offset_iterator: an offset read through a pointer is read at each access") {
  std::vector<int> v{0, 10, 20, 30, 40};
  long off = 1;
  tide::offset_iterator<std::vector<int>::iterator, long*> it(v.begin(), &off);
  CHECK(*it == 10);
  off = 3;
  CHECK(*it == 30);
  ++it;  // moves the base
  CHECK(it.base() == v.begin() + 1);
  CHECK(*it == 40);
  auto first = it - 1;
  CHECK(it - first == 1);
  CHECK(first != it);
}

TEST_CASE_TEMPLATE("offset_iterator through copy, reduce, transform, gather and sort", B, TIDE_TEST_BACKENDS) {
  for (auto n : adaptor_sizes()) {
    if (n < 8) continue;
    auto in = random_vector<int>(n, "offset", -1000, 1000);
    auto d = to_backend<B>(in);
    const std::int64_t k = 5;
    tide::offset_iterator first(d.begin(), k);
    auto last = first + (n - k);
    CAPTURE(n);

    typename B::template vector<int> out(n - k);
    tide::copy(B::policy(), first, last, out.begin());
    CHECK(to_std(out) == std::vector<int>(in.begin() + k, in.end()));

    long sum = 0;
    for (std::int64_t i = k; i < n; ++i) sum += in[i];
    CHECK(tide::reduce(B::policy(), first, last, 0L, tide::plus<long>()) == sum);

    // As output: the tail of d becomes its negation.
    tide::transform(B::policy(), first, last, first, negate_int());
    std::vector<int> want = in;
    for (std::int64_t i = k; i < n; ++i) want[i] = -want[i];
    CHECK(to_std(d) == want);

    // Gather with the elements read through an offset.
    auto map = random_vector<int>(n - k, "offset-map", 0, static_cast<double>(n - k - 1));
    auto dmap = to_backend<B>(map);
    tide::gather(B::policy(), dmap.begin(), dmap.end(), first, out.begin());
    std::vector<int> gathered(n - k);
    for (std::int64_t i = 0; i < n - k; ++i) gathered[i] = want[k + map[i]];
    CHECK(to_std(out) == gathered);

    // Sorting through the offset sorts the tail only.
    tide::sort(B::policy(), first, last);
    std::sort(want.begin() + k, want.end());
    CHECK(to_std(d) == want);
  }
}

TEST_CASE_TEMPLATE("offset_iterator with the offset in the backend's memory, set after the iterator", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : adaptor_sizes()) {
    if (n < 8) continue;
    auto in = random_vector<int>(n, "offset-indirect", -1000, 1000);
    auto d = to_backend<B>(in);
    typename B::template vector<std::ptrdiff_t> offset(1, 0);
    tide::offset_iterator<typename B::template vector<int>::iterator, decltype(offset.data())> first(d.begin(),
                                                                                                      offset.data());
    auto last = first + (n - 3);
    offset[0] = 3;  // after making the iterators: the algorithms read 3
    CAPTURE(n);
    long sum = 0;
    for (std::int64_t i = 3; i < n; ++i) sum += in[i];
    CHECK(tide::reduce(B::policy(), first, last, 0L, tide::plus<long>()) == sum);
    typename B::template vector<int> out(n - 3);
    tide::copy(B::policy(), first, last, out.begin());
    CHECK(to_std(out) == std::vector<int>(in.begin() + 3, in.end()));
  }
}

// ---- iterator_adaptor -------------------------------------------------------------------------

TEST_CASE("iterator_adaptor: defaults come from the base") {
  using R = repeat_iterator<int*>;
  static_assert(std::is_same_v<R::value_type, int>);
  static_assert(std::is_same_v<R::reference, int&>);
  static_assert(std::is_same_v<R::difference_type, std::ptrdiff_t>);
  static_assert(std::is_same_v<R::base_type, int*>);
  static_assert(std::is_same_v<R::system_type, tide::host_system_tag>);
  static_assert(std::is_same_v<R::iterator_category, std::random_access_iterator_tag>);
  static_assert(std::is_same_v<repeat_iterator<tide::device_vector<int>::iterator>::system_type, tide::device_system_tag>);
  static_assert(std::is_same_v<repeat_iterator<tide::counting_iterator<int>>::reference, int>);
  // A given Value makes the reference Value& (Thrust's rule); given parameters are used as is.
  struct valued : tide::iterator_adaptor<valued, int*, const int, tide::any_system_tag> {};
  static_assert(std::is_same_v<valued::value_type, int>);
  static_assert(std::is_same_v<valued::reference, const int&>);
  static_assert(std::is_same_v<valued::system_type, tide::any_system_tag>);
  struct forward : tide::iterator_adaptor<forward, int*, tide::use_default, tide::use_default,
                                          tide::forward_traversal_tag, int, long> {};
  static_assert(std::is_same_v<forward::iterator_category, std::forward_iterator_tag>);
  static_assert(std::is_same_v<forward::reference, int>);
  static_assert(std::is_same_v<forward::difference_type, long>);

  int a[6] = {1, 2, 3, 4, 5, 6};
  stride_iterator<int*> s(a, 2);
  CHECK(*s == 1);
  CHECK(*++s == 3);
  CHECK(s[1] == 5);
  CHECK(stride_iterator<int*>(a + 6, 2) - stride_iterator<int*>(a, 2) == 3);
  CHECK(s.base() == a + 2);
  repeat_iterator<int*> r(a, 3);
  CHECK(r[5] == 2);
  CHECK(r + 3 != r);
}

TEST_CASE("a facade iterator and its const version compare and subtract in either order, as Thrust's") {
  int a[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  facade_ptr<int> it(a + 5);
  facade_ptr<const int> cit(a + 2);
  // The difference type is the left side's where the right converts to it, else the right's.
  static_assert(std::is_same_v<decltype(cit - it), std::ptrdiff_t>);
  static_assert(std::is_same_v<decltype(it - cit), std::ptrdiff_t>);
  check_mixed_order(it, cit, 3);
  check_mixed_order(it, facade_ptr<const int>(a + 5), 0);
  check_mixed_order(facade_ptr<int>(a), cit, -2);
  cit = it;  // the const version converts from the other
  CHECK(*cit == 5);
  CHECK(std::count_if(cit, facade_ptr<const int>(a + 8), [](int x) { return x > 5; }) == 2);
}

TEST_CASE("adaptors over interoperable bases compare and subtract, as Thrust's") {
  int a[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  // The same adaptor over int* and const int*.
  check_mixed_order(wrapped_ptr<int>(a + 6), wrapped_ptr<const int>(a + 1), 5);
  // Two different adaptors: the bases decide.
  repeat_iterator<int*> r(a, 3);
  check_mixed_order(r + 4, wrapped_ptr<const int>(a + 4), 0);
  check_mixed_order(r, wrapped_ptr<const int>(a + 7), -7);
  static_assert(std::is_same_v<decltype(r - wrapped_ptr<const int>(a)), std::ptrdiff_t>);
  // Bases that do not compare leave the operators out, as do unrelated iterators.
  static_assert(!compares<wrapped_ptr<int>, repeat_iterator<tide::counting_iterator<int>>>::value);
  static_assert(!subtracts<wrapped_ptr<int>, repeat_iterator<tide::counting_iterator<int>>>::value);
  static_assert(!compares<tide::counting_iterator<int>, squares_iterator>::value);
  static_assert(!subtracts<squares_iterator, tide::counting_iterator<long>>::value);
  static_assert(compares<wrapped_ptr<const int>, repeat_iterator<int*>>::value);
}

TEST_CASE("reverse, zip, transform and permutation iterators over const and non-const bases interoperate") {
  int a[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  const int* ca = a;
  int idx[8] = {7, 6, 5, 4, 3, 2, 1, 0};

  tide::reverse_iterator<int*> r(a + 8);
  tide::reverse_iterator<const int*> cr = r;  // converts, as Thrust's
  CHECK(*cr == 7);
  check_mixed_order(r + 3, cr, 3);
  check_mixed_order(r, tide::reverse_iterator<const int*>(ca), -8);

  auto z = tide::make_zip_iterator(a, idx);
  tide::zip_iterator<tide::tuple<const int*, const int*>> cz = z;  // converts
  check_mixed_order(z + 2, cz, 2);
  check_mixed_order(z, tide::make_zip_iterator(ca + 8, static_cast<const int*>(idx)), -8);

  auto t = tide::make_transform_iterator(a, negate_int());
  auto ct = tide::make_transform_iterator(ca + 3, negate_int());
  check_mixed_order(t + 5, ct, 2);
  CHECK(*ct == -3);

  auto p = tide::make_permutation_iterator(a, idx);
  auto cp = tide::make_permutation_iterator(ca, static_cast<const int*>(idx) + 6);
  check_mixed_order(p + 1, cp, -5);
  CHECK(*cp == 1);
}

TEST_CASE_TEMPLATE("iterator_adaptor: user adaptors as inputs and outputs of algorithms", B, TIDE_TEST_BACKENDS) {
  for (auto n : adaptor_sizes()) {
    auto in = random_vector<int>(n, "adaptor", -1000, 1000);
    auto d = to_backend<B>(in);
    using It = typename B::template vector<int>::iterator;
    CAPTURE(n);

    // Each element three times.
    repeat_iterator<It> rfirst(d.begin(), 3);
    auto rlast = rfirst + 3 * n;
    typename B::template vector<int> rep(3 * n);
    tide::copy(B::policy(), rfirst, rlast, rep.begin());
    std::vector<int> want(3 * n);
    for (std::int64_t i = 0; i < 3 * n; ++i) want[i] = in[i / 3];
    CHECK(to_std(rep) == want);
    long sum = 0;
    for (auto x : in) sum += 3L * x;
    CHECK(tide::reduce(B::policy(), rfirst, rlast, 0L, tide::plus<long>()) == sum);

    // Every other element: read by a scan, written by a transform.
    stride_iterator<It> sfirst(d.begin(), 2), slast(d.begin() + 2 * ((n + 1) / 2), 2);
    const std::int64_t m = (n + 1) / 2;
    CHECK(slast - sfirst == m);
    typename B::template vector<int> scanned(m);
    tide::inclusive_scan(B::policy(), sfirst, slast, scanned.begin());
    std::vector<int> want_scan(m);
    int acc = 0;
    for (std::int64_t i = 0; i < m; ++i) want_scan[i] = acc += in[2 * i];
    CHECK(to_std(scanned) == want_scan);
    tide::transform(B::policy(), sfirst, slast, sfirst, negate_int());
    std::vector<int> want_d = in;
    for (std::int64_t i = 0; i < n; i += 2) want_d[i] = -want_d[i];
    CHECK(to_std(d) == want_d);
  }
}

TEST_CASE_TEMPLATE("Thrust's strided_range and tiled_range examples compile and run", B, TIDE_TEST_BACKENDS) {
  for (auto n : adaptor_sizes()) {
    if (n == 0) continue;  // odds start one past the first element
    auto in = random_vector<int>(n, "strided", -1000, 1000);
    auto d = to_backend<B>(in);
    using It = typename B::template vector<int>::iterator;
    CAPTURE(n);

    strided_range<It> evens(d.begin(), d.end(), 2);
    strided_range<It> odds(d.begin() + 1, d.end(), 2);
    CHECK(evens.end() - evens.begin() == (n + 1) / 2);
    std::vector<int> want_evens, want_odds;
    for (std::int64_t i = 0; i < n; ++i) (i % 2 ? want_odds : want_evens).push_back(in[i]);
    std::vector<int> got(want_evens.size());
    tide::copy(evens.begin(), evens.end(), got.begin());  // device or host to std::vector
    CHECK(got == want_evens);
    long sum = 0;
    for (auto x : want_odds) sum += x;
    CHECK(tide::reduce(B::policy(), odds.begin(), odds.end(), 0L, tide::plus<long>()) == sum);

    // Written through: the odd positions become 0.
    tide::fill(B::policy(), odds.begin(), odds.end(), 0);
    std::vector<int> want = in;
    for (std::int64_t i = 1; i < n; i += 2) want[i] = 0;
    CHECK(to_std(d) == want);

    // The first min(n, 4) elements, tiled 3 times.
    const std::int64_t t = std::min<std::int64_t>(n, 4);
    tiled_range<It> tiles(d.begin(), d.begin() + t, 3);
    typename B::template vector<int> tiled(3 * t);
    tide::copy(B::policy(), tiles.begin(), tiles.end(), tiled.begin());
    std::vector<int> want_tiled;
    for (int r = 0; r < 3; ++r)
      for (std::int64_t i = 0; i < t; ++i) want_tiled.push_back(want[i]);
    CHECK(to_std(tiled) == want_tiled);
  }
}

// ---- retag / reinterpret_tag ------------------------------------------------------------------

TEST_CASE("retag and reinterpret_tag: types") {
  int a[3] = {1, 2, 3};
  auto t = tide::retag<tide::any_system_tag>(a);
  static_assert(std::is_same_v<tide::iterator_system_t<decltype(t)>, tide::any_system_tag>);
  static_assert(std::is_same_v<decltype(t)::reference, int&>);
  CHECK(t.base() == a);
  CHECK(t[2] == 3);
  // Retagging a retagged iterator replaces the tag.
  auto u = tide::reinterpret_tag<tide::cuda_tag>(t);
  static_assert(std::is_same_v<decltype(u), tide::detail::tagged_iterator<int*, tide::cuda_tag>>);
  // The backends see the base.
  static_assert(std::is_same_v<tide::detail::unwrapped_t<decltype(u)>, int*>);
  // retag refuses unrelated systems; seq and omp are related.
  static_assert(tide::detail::is_retaggable_v<tide::seq_tag, tide::omp_tag>);
  static_assert(tide::detail::is_retaggable_v<tide::any_system_tag, tide::cuda_tag>);
  static_assert(!tide::detail::is_retaggable_v<tide::seq_tag, tide::cuda_tag>);
  static_assert(std::is_same_v<decltype(tide::retag<tide::omp_tag>(a))::system_type, tide::omp_tag>);
}

TEST_CASE("reinterpret_tag: a raw pointer to device memory runs algorithms on the device") {
  const std::int64_t n = 100003;
  auto in = random_vector<int>(n, "retag", -1000, 1000);
  tide::device_vector<int> d(in.begin(), in.end());
  int* p = tide::raw_pointer_cast(d.data());
  auto first = tide::reinterpret_tag<tide::device_system_tag>(p);
  static_assert(std::is_same_v<tide::iterator_system_t<decltype(first)>, tide::device_system_tag>);
  long sum = 0;
  for (auto x : in) sum += x;
  CHECK(tide::reduce(first, first + n, 0L, tide::plus<long>()) == sum);  // no policy: the device
  tide::transform(first, first + n, first, negate_int());
  std::vector<int> got(n);
  tide::copy(d.begin(), d.end(), got.begin());
  bool ok = true;
  for (std::int64_t i = 0; i < n; ++i) ok = ok && got[i] == -in[i];
  CHECK(ok);
}

// ---- contiguity -------------------------------------------------------------------------------

TEST_CASE("is_contiguous_iterator: pointers, device_ptr, vectors, and proclaimed iterators") {
  static_assert(tide::is_contiguous_iterator_v<int*>);
  static_assert(tide::is_contiguous_iterator_v<const double*>);
  static_assert(tide::is_contiguous_iterator_v<tide::device_ptr<int>>);
  static_assert(tide::is_contiguous_iterator_v<tide::device_vector<int>::iterator>);
  static_assert(tide::is_contiguous_iterator_v<tide::host_vector<float>::const_iterator>);
  static_assert(tide::is_contiguous_iterator_v<std::vector<int>::iterator>);
  static_assert(!tide::is_contiguous_iterator_v<std::vector<bool>::iterator>);
  static_assert(!tide::is_contiguous_iterator_v<std::list<int>::iterator>);
  static_assert(!tide::is_contiguous_iterator_v<tide::counting_iterator<int>>);
  static_assert(!tide::is_contiguous_iterator_v<tide::transform_iterator<negate_int, int*>>);
  static_assert(tide::is_contiguous_iterator<wrapped_ptr<int>>::value);  // proclaimed
  static_assert(!tide::is_contiguous_iterator_v<wrapped_ptr<float>>);     // not proclaimed
  static_assert(tide::proclaim_contiguous_iterator<wrapped_ptr<int>>::value);
  int a[4] = {};
  CHECK(tide::detail::contiguous_address(wrapped_ptr<int>(a + 2)) == a + 2);
}

TEST_CASE("a proclaimed contiguous iterator copies to and from the device") {
  const std::int64_t n = 4099;
  auto in = random_vector<int>(n, "proclaimed", -1000, 1000);
  tide::device_vector<int> d(n);
  tide::copy(wrapped_ptr<int>(in.data()), wrapped_ptr<int>(in.data() + n), d.begin());
  CHECK(to_std(d) == in);
  std::vector<int> back(n, 0);
  tide::copy(d.begin(), d.end(), wrapped_ptr<int>(back.data()));
  CHECK(back == in);
  tide::device_vector<int> d2(wrapped_ptr<int>(in.data()), wrapped_ptr<int>(in.data() + n));
  CHECK(to_std(d2) == in);
}
