// Containers and memory as Thrust 3.0.1's: vectors over any allocator (propagation, copies across
// allocators), allocators whose construct member does nothing, universal memory, device_new /
// device_delete, device_make_unique and allocate_unique.
#include "common.hpp"

#include <atomic>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <thread>

using namespace tide_test;

namespace {

/// What an allocator saw.
struct alloc_counts {
  int allocations = 0, deallocations = 0;
  std::size_t outstanding = 0;  // bytes
};

/// Counts the allocations of a tide resource allocator (host or device), and whether it goes with
/// its vector on copy/move assignment and swap (`Propagate`).
template <class T, class Base, bool Propagate = true>
class counting_allocator : public Base {
 public:
  using typename Base::pointer;
  using typename Base::size_type;
  using propagate_on_container_copy_assignment = std::bool_constant<Propagate>;
  using propagate_on_container_move_assignment = std::bool_constant<Propagate>;
  using propagate_on_container_swap = std::bool_constant<Propagate>;
  template <class U>
  struct rebind {
    using other = counting_allocator<U, typename Base::template rebind<U>::other, Propagate>;
  };

  explicit counting_allocator(alloc_counts* c) : counts(c) {}
  template <class U, class B2>
  counting_allocator(const counting_allocator<U, B2, Propagate>& o) : Base(o), counts(o.counts) {}

  pointer allocate(size_type n) {
    ++counts->allocations;
    counts->outstanding += n * sizeof(T);
    return Base::allocate(n);
  }
  void deallocate(pointer p, size_type n) noexcept {
    ++counts->deallocations;
    counts->outstanding -= n * sizeof(T);
    Base::deallocate(p, n);
  }
  friend bool operator==(const counting_allocator& a, const counting_allocator& b) { return a.counts == b.counts; }

  alloc_counts* counts;
};

template <bool Propagate>
struct host_counting {
  template <class T>
  using alloc = counting_allocator<T, tide::host_allocator<T>, Propagate>;
  template <class T>
  using vector = tide::host_vector<T, alloc<T>>;
};
template <bool Propagate>
struct device_counting {
  template <class T>
  using alloc = counting_allocator<T, tide::device_allocator<T>, Propagate>;
  template <class T>
  using vector = tide::device_vector<T, alloc<T>>;
};

/// A resource whose blocks arrive full of 0x5A bytes (written by the device system), so that a
/// test sees whether a vector wrote its elements.
class patterned_resource : public tide::memory_resource {
 public:
  explicit patterned_resource(tide::memory_resource* upstream) : upstream_(upstream) {}

 private:
  void* do_allocate(std::size_t bytes, tide::stream_t s) override {
    void* p = upstream_->allocate(bytes, s);
    auto* b = static_cast<unsigned char*>(p);
    tide::fill(tide::device, tide::device_pointer_cast(b), tide::device_pointer_cast(b + bytes), (unsigned char)0x5A);
    return p;
  }
  void do_deallocate(void* p, std::size_t bytes, tide::stream_t s) noexcept override {
    upstream_->deallocate(p, bytes, s);
  }
  tide::memory_resource* upstream_;
};
constexpr int pattern_int = 0x5A5A5A5A;

/// The allocator of Thrust's uninitialized_vector example: construct does nothing.
template <class T>
struct uninitialized_allocator : tide::device_allocator<T> {
  uninitialized_allocator() = default;
  explicit uninitialized_allocator(tide::memory_resource* r) : tide::device_allocator<T>(r) {}
  TIDE_HOST_DEVICE void construct(T*) {}
};

/// The same over device_malloc_allocator (Thrust's older spelling of the example), with host-only
/// special members as in Thrust's examples.
template <class T>
struct uninitialized_malloc_allocator : tide::device_malloc_allocator<T> {
  uninitialized_malloc_allocator() {}
  uninitialized_malloc_allocator(const uninitialized_malloc_allocator& o) : tide::device_malloc_allocator<T>(o) {}
  uninitialized_malloc_allocator& operator=(const uninitialized_malloc_allocator&) = default;
  template <class U>
  struct rebind {
    using other = uninitialized_malloc_allocator<U>;
  };
  TIDE_HOST_DEVICE void construct(T*) {}
};

}  // namespace

#define TIDE_COUNTING_KINDS host_counting<true>, device_counting<true>

TEST_CASE_TEMPLATE("a vector takes its memory from its allocator and gives it all back", K, TIDE_COUNTING_KINDS) {
  using V = typename K::template vector<int>;
  using A = typename K::template alloc<int>;
  alloc_counts c;
  {
    V v(100, 7, A(&c));
    CHECK(c.allocations == 1);
    CHECK(c.outstanding == 100 * sizeof(int));
    CHECK(v.get_allocator() == A(&c));
    CHECK(to_std(v) == std::vector<int>(100, 7));
    v.resize(1000, 1);  // grows: a new block, the old one given back
    CHECK(c.allocations == 2);
    CHECK(c.deallocations == 1);
    CHECK(v.size() == 1000);
    CHECK(v[999] == 1);
    CHECK(v[0] == 7);
    v.push_back(3);
    v.insert(v.begin(), 5, 2);
    v.erase(v.begin() + 1, v.begin() + 3);
    CHECK(v.size() == 1004);
    CHECK(v[0] == 2);
    CHECK(v[1003] == 3);
    V w{A(&c)};
    CHECK(w.empty());
    w.assign({1, 2, 3});
    CHECK(to_std(w) == std::vector<int>{1, 2, 3});
  }
  CHECK(c.outstanding == 0);
  CHECK(c.allocations == c.deallocations);
}

TEST_CASE_TEMPLATE("a vector's copy keeps its allocator, and copy assignment and swap propagate it", K,
                   TIDE_COUNTING_KINDS) {
  using V = typename K::template vector<int>;
  using A = typename K::template alloc<int>;
  alloc_counts a, b;
  {
    V v({1, 2, 3}, A(&a));
    V copy(v);  // select_on_container_copy_construction: the same allocator
    CHECK(copy.get_allocator() == A(&a));
    CHECK(to_std(copy) == std::vector<int>{1, 2, 3});
    CHECK(a.allocations == 2);
    V other{A(&b)};
    other.push_back(9);
    CHECK(b.outstanding == sizeof(int));
    other = v;  // propagates: b's block goes back to b, the copy is a's
    CHECK(other.get_allocator() == A(&a));
    CHECK(b.outstanding == 0);
    CHECK(to_std(other) == std::vector<int>{1, 2, 3});
    V moved(std::move(copy));  // no allocation
    CHECK(a.allocations == 3);
    CHECK(copy.empty());
    CHECK(to_std(moved) == std::vector<int>{1, 2, 3});
    V third({4}, A(&b));
    third.swap(moved);
    CHECK(third.get_allocator() == A(&a));
    CHECK(moved.get_allocator() == A(&b));
    CHECK(to_std(third) == std::vector<int>{1, 2, 3});
    CHECK(to_std(moved) == std::vector<int>{4});
    moved = std::move(third);  // propagates on move: takes a's block and allocator
    CHECK(moved.get_allocator() == A(&a));
    CHECK(to_std(moved) == std::vector<int>{1, 2, 3});
    CHECK(b.outstanding == 0);
    V with(v, A(&b));  // copy with a given allocator
    CHECK(with.get_allocator() == A(&b));
    CHECK(to_std(with) == std::vector<int>{1, 2, 3});
  }
  CHECK(a.outstanding == 0);
  CHECK(b.outstanding == 0);
}

TEST_CASE_TEMPLATE("an allocator that does not propagate stays with its vector", K, host_counting<false>,
                   device_counting<false>) {
  using V = typename K::template vector<int>;
  using A = typename K::template alloc<int>;
  alloc_counts a, b;
  {
    V v({1, 2, 3}, A(&a));
    V w({5}, A(&b));
    w = v;
    CHECK(w.get_allocator() == A(&b));
    CHECK(to_std(w) == std::vector<int>{1, 2, 3});
    V x({6}, A(&b));
    x = std::move(v);  // unequal allocators: the elements are copied into b's memory
    CHECK(x.get_allocator() == A(&b));
    CHECK(to_std(x) == std::vector<int>{1, 2, 3});
    V y(std::move(w), A(&a));  // move with another allocator: a copy in a's memory
    CHECK(y.get_allocator() == A(&a));
    CHECK(to_std(y) == std::vector<int>{1, 2, 3});
  }
  CHECK(a.outstanding == 0);
  CHECK(b.outstanding == 0);
}

TEST_CASE("vectors copy and compare across allocators and systems") {
  tide::host_vector<int, std::allocator<int>> hs{3, 1, 4, 1, 5};
  static_assert(std::is_same_v<decltype(hs.get_allocator()), std::allocator<int>>);
  static_assert(std::is_same_v<decltype(hs.begin()), int*>);
  tide::device_vector<int> d(hs);
  tide::device_vector<int, tide::device_malloc_allocator<int>> dm(d);
  static_assert(std::is_same_v<decltype(dm.begin()), tide::device_vector<int>::iterator>);
  tide::host_vector<int> h(dm);
  tide::device_vector<long, tide::device_malloc_allocator<long>> widened(h);
  CHECK(to_std(h) == std::vector<int>{3, 1, 4, 1, 5});
  CHECK(to_std(widened) == std::vector<long>{3, 1, 4, 1, 5});
  CHECK(d == dm);
  CHECK(hs == h);
  CHECK(dm == std::vector<int>{3, 1, 4, 1, 5});
  CHECK(std::vector<int>{3, 1, 4} != dm);
  tide::device_vector<int, tide::device_new_allocator<int>> dn;
  dn = hs;
  dn.push_back(9);
  CHECK(to_std(dn) == std::vector<int>{3, 1, 4, 1, 5, 9});
  hs = dn;
  CHECK(hs.size() == 6);
  tide::sort(dm.begin(), dm.end());
  CHECK(to_std(dm) == std::vector<int>{1, 1, 3, 4, 5});
  std::vector<int> s = dm;
  CHECK(s == std::vector<int>{1, 1, 3, 4, 5});
  CHECK(tide::device_vector<int>::allocator_type() == tide::device_allocator<int>());
}

TEST_CASE("vectors compare element-wise across element types, and assign from initializer lists") {
  tide::device_vector<int> d;
  d = {1, 2, 3};
  tide::host_vector<long> h{1, 2, 3};
  CHECK(d == h);
  CHECK(h == std::vector<double>{1.0, 2.0, 3.0});
  CHECK(d != std::vector<int>{1, 2, 4});
  CHECK(d != tide::host_vector<int>{1, 2});
  tide::device_vector<bool> b{true, false, true};
  std::vector<bool> back = b;
  CHECK(back == std::vector<bool>{true, false, true});
  CHECK(b == back);
}

TEST_CASE("a vector whose allocator's construct does nothing leaves its elements as allocated") {
  patterned_resource r(tide::default_container_resource());
  {
    tide::device_vector<int, tide::device_allocator<int>> zeroed(1000, tide::device_allocator<int>(&r));
    CHECK(tide::count(zeroed.begin(), zeroed.end(), 0) == 1000);  // the default: value-initialized
  }
  tide::device_vector<int, uninitialized_allocator<int>> v(1000, uninitialized_allocator<int>(&r));
  CHECK(v.size() == 1000);
  CHECK(tide::count(v.begin(), v.end(), pattern_int) == 1000);  // no fill
  v.resize(3000);                                                // nor for the new elements
  CHECK(tide::count(v.begin(), v.end(), pattern_int) == 3000);
  tide::sequence(v.begin(), v.end());  // written afterwards by an algorithm
  CHECK(tide::reduce(v.begin(), v.end(), 0LL) == 3000LL * 2999 / 2);
  CHECK(v[2999] == 2999);
  v.resize(3001, 7);  // an explicit value is still written
  CHECK(v.back() == 7);
  tide::device_vector<float, uninitialized_allocator<float>> thrust_example(100);
  tide::fill(thrust_example.begin(), thrust_example.end(), 2.0f);
  CHECK(tide::reduce(thrust_example.begin(), thrust_example.end()) == 200.0f);
  tide::device_vector<int, uninitialized_malloc_allocator<int>> m(50);
  tide::sequence(m.begin(), m.end());
  m.resize(60);  // ten more, not constructed
  tide::fill(m.begin() + 50, m.end(), -1);
  m.erase(m.begin() + 2, m.begin() + 50);
  CHECK(m.size() == 12);
  CHECK(m[1] == 1);
  CHECK(m[2] == -1);
  CHECK(tide::reduce(m.begin(), m.end()) == 1 - 10);
}

#if TIDE_DEVICE_SYSTEM != TIDE_DEVICE_SYSTEM_CUDA
namespace {
std::atomic<int> construct_calls{0};
/// A construct member that counts its calls (host memory only: the counter is on the host).
template <class T>
struct counting_construct_allocator : tide::device_allocator<T> {
  void construct(T* p) {
    ++construct_calls;
    *p = 42;
  }
};
}  // namespace

TEST_CASE("an allocator's construct member replaces the fill, once per new element, as in Thrust") {
  construct_calls = 0;
  tide::device_vector<int, counting_construct_allocator<int>> v(10);
  CHECK(construct_calls == 10);
  CHECK(to_std(v) == std::vector<int>(10, 42));
  v.resize(15);
  CHECK(construct_calls == 15);
  v.resize(20, 1);  // a value: filled, construct(T*) not called
  CHECK(construct_calls == 15);
  v.assign({1, 2});  // copies: not constructed either
  CHECK(construct_calls == 15);
  construct_calls = 0;
  tide::device_vector<int, uninitialized_allocator<int>> u(1000);
  CHECK(construct_calls == 0);
  CHECK(u.size() == 1000);
}
#endif

namespace {
/// An allocator whose construct(p, value) counts its calls, in memory of the allocator's system
/// (a kernel counts on the device), and copies the value.
template <class T, class Base>
struct copy_counting_allocator : Base {
  template <class U>
  struct rebind {
    using other = copy_counting_allocator<U, typename Base::template rebind<U>::other>;
  };
  explicit copy_counting_allocator(unsigned long long* c) : calls(c) {}
  template <class U, class B2>
  copy_counting_allocator(const copy_counting_allocator<U, B2>& o) : Base(o), calls(o.calls) {}
  TIDE_HOST_DEVICE void construct(T* p, const T& value) {
#if defined(__CUDA_ARCH__)
    atomicAdd(calls, 1ull);
#else
    __atomic_fetch_add(calls, 1ull, __ATOMIC_RELAXED);  // the host systems run it on threads
#endif
    ::new (static_cast<void*>(p)) T(value);
  }
  unsigned long long* calls;
};
template <template <class...> class Vector, template <class> class Base>
struct copy_counting {
  template <class T>
  using alloc = copy_counting_allocator<T, Base<T>>;
  using vector = Vector<int, alloc<int>>;
  using counter = Vector<unsigned long long>;  // where construct can count
};
using host_copy_counting = copy_counting<tide::host_vector, tide::host_allocator>;
using device_copy_counting = copy_counting<tide::device_vector, tide::device_allocator>;
}  // namespace

TEST_CASE_TEMPLATE("an allocator's construct(p, value) makes each element a vector copies in from its system",
                   K, host_copy_counting, device_copy_counting) {
  using V = typename K::vector;
  typename K::counter counter(1, 0ull);
  typename K::template alloc<int> a(tide::raw_pointer_cast(counter.data()));
  auto calls = [&] {  // the calls since the last look
    const unsigned long long c = counter[0];
    counter[0] = 0ull;
    return c;
  };
  std::vector<int> h(100);
  std::iota(h.begin(), h.end(), 0);
  // From the host: elements made by the allocator where the vector's memory is the host's;
  // from another system (host to device), one bulk copy, as Thrust's two_system_copy.
  V v(h.begin(), h.end(), a);
  const bool host_memory = std::is_same_v<tide::iterator_system_t<typename V::iterator>, tide::host_system_tag>;
  CHECK(calls() == (host_memory ? 100u : 0u));
  CHECK(to_std(v) == h);
  V c(v);  // copies within the system: each element through construct
  CHECK(calls() == 100u);
  CHECK(to_std(c) == h);
  c = v;
  CHECK(calls() == 100u);
  c.assign(v.begin() + 10, v.end());
  CHECK(calls() == 90u);
  c.assign(tide::counting_iterator<int>(0), tide::counting_iterator<int>(50));  // any system
  CHECK(calls() == 50u);
  CHECK(to_std(c) == std::vector<int>(h.begin(), h.begin() + 50));
  c.resize(55, 7);  // grows: the 50 copied over and the 5 new ones
  CHECK(calls() == 55u);
  c.insert(c.begin() + 1, v.begin() + 97, v.end());  // room enough: the 3 inserted
  CHECK(calls() == 3u);
  c.push_back(9);
  CHECK(calls() == 1u);
  std::vector<int> want(h.begin(), h.begin() + 50);
  want.insert(want.begin() + 1, {97, 98, 99});
  want.insert(want.end(), {7, 7, 7, 7, 7, 9});
  CHECK(to_std(c) == want);
  c.erase(c.begin(), c.begin() + 3);  // moves within the vector: no construct
  c.shrink_to_fit();                   // a copy to a smaller block
  CHECK(calls() == want.size() - 3);
}

TEST_CASE("a universal_vector is written by host code and read by algorithms") {
  tide::universal_vector<int> u(100);
  static_assert(std::is_same_v<decltype(u[0]), int&>);  // plain references, no copies
  static_assert(std::is_same_v<decltype(u.begin()), decltype(u.data())>);
  static_assert(std::is_same_v<tide::universal_vector<int>::allocator_type, tide::universal_allocator<int>>);
  CHECK(std::count(&u[0], &u[0] + 100, 0) == 100);
  for (int i = 0; i < 100; ++i) u[i] = i;
  int* raw = tide::raw_pointer_cast(u.data());
  CHECK(raw[42] == 42);
  CHECK(tide::reduce(u.begin(), u.end()) == 4950);
  tide::transform(u.begin(), u.end(), u.begin(), tide::negate<int>());
  CHECK(u[3] == -3);  // read back directly
  CHECK(u.back() == -99);
  tide::device_vector<int> d(u);
  CHECK(tide::reduce(d.begin(), d.end()) == -4950);
  tide::host_vector<int> h(u);
  CHECK(h[99] == -99);
  tide::universal_vector<int> from_device(d);
  CHECK(from_device == h);
#if TIDE_DEVICE_SYSTEM != TIDE_DEVICE_SYSTEM_CPP  // there the vectors' iterators are raw pointers
  tide::universal_ptr<int> p = u.data();
  tide::device_ptr<int> dp = p;
  CHECK(tide::raw_pointer_cast(dp) == raw);
#endif
  std::sort(raw, raw + 100);  // any host code
  CHECK(u[0] == -99);
  u.push_back(1000);
  CHECK(u.size() == 101);
  CHECK(u[100] == 1000);
  tide::universal_host_pinned_vector<double> pinned(10, 0.5);
  pinned[9] = 2.0;
  CHECK(tide::reduce(pinned.begin(), pinned.end()) == 6.5);
}

TEST_CASE("host code reading a universal_vector right after an algorithm sees its result") {
  std::vector<int> s = random_vector<int>(1 << 20, "universal sort", -1000000, 1000000);
  tide::universal_vector<int> u(s.begin(), s.end());
  tide::sort(u.begin(), u.end());
  const int* raw = tide::raw_pointer_cast(u.data());  // no copy: the device must be done
  CHECK(std::is_sorted(raw, raw + u.size()));
  tide::transform(u.begin(), u.end(), u.begin(), tide::negate<int>());
  CHECK(std::is_sorted(u.rbegin(), u.rend()));  // through the vector's references
  tide::sequence(u.begin(), u.end());
  u[5] = -1;  // a host write after device work
  CHECK(tide::reduce(u.begin(), u.begin() + 10) == 45 - 5 - 1);
}

TEST_CASE("a host-system algorithm on a universal_vector right after device work sees its result") {
  const int n = 1 << 20;
  tide::universal_vector<int> u(n, 1);
  tide::transform(tide::device, u.begin(), u.end(), u.begin(), tide::negate<int>());
  CHECK(tide::reduce(tide::seq, u.begin(), u.end(), 0LL) == -static_cast<long long>(n));  // reads
  tide::fill(tide::device, u.begin(), u.end(), 3);
  std::vector<int> h(n, 5);
  tide::copy(tide::seq, h.begin(), h.end(), u.begin());  // writes: after the fill, not under it
  CHECK(tide::count(tide::par, u.begin(), u.end(), 5) == n);
}

TEST_CASE("threads reading their universal_vectors after device work each see their own result") {
  // Each thread's host reads wait for its own device work, whatever the others wait for meanwhile.
  const int n = 1 << 16, rounds = 50;
  std::vector<int> bad(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      tide::universal_vector<int> u(n);
      for (int r = 0; r < rounds; ++r) {
        tide::sequence(tide::device, u.begin(), u.end(), r * t);
        if (u[n - 1] != r * t + n - 1 || u[n / 2] != r * t + n / 2) ++bad[t];
      }
    });
  for (auto& th : threads) th.join();
  CHECK(bad == std::vector<int>(4, 0));
}

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
TEST_CASE("host access to universal memory waits once after device work, and not when none is queued") {
  tide::universal_vector<int> u(1000, 1);
  CHECK(u[0] == 1);
  CHECK_FALSE(tide::detail::universal_work_pending());  // waited: later accesses are plain reads
  tide::transform(tide::device, u.begin(), u.end(), u.begin(), tide::negate<int>());
  CHECK(tide::detail::universal_work_pending());  // queued and not waited for: the call returned at once
  CHECK(u[999] == -1);                             // waits for it
  CHECK_FALSE(tide::detail::universal_work_pending());
  CHECK(tide::reduce(tide::seq, u.begin(), u.end()) == -1000);  // host work queues nothing
  CHECK_FALSE(tide::detail::universal_work_pending());
}
#endif

TEST_CASE("universal_allocator hands out universal_ptr to memory host code can use") {
  tide::universal_allocator<double> a;
  tide::universal_ptr<double> p = a.allocate(8);
  for (int i = 0; i < 8; ++i) p[i] = 0.25 * i;
  CHECK(tide::reduce(p, p + 8) == 7.0);
  CHECK(a == tide::universal_allocator<double>());
  a.deallocate(p, 8);
}

TEST_CASE("device_new constructs objects in device memory and device_delete destroys and frees them") {
  tide::device_ptr<void> raw = tide::device_malloc(4 * sizeof(int));
  tide::device_ptr<int> p = tide::device_new<int>(raw, 7, 4);
  CHECK(tide::raw_pointer_cast(p) == static_cast<int*>(raw.get()));
  CHECK(tide::reduce(p, p + 4) == 28);
  tide::device_delete(p, 4);
  tide::device_ptr<double> q = tide::device_new<double>(5);  // value-initialized
  CHECK(tide::count(q, q + 5, 0.0) == 5);
  tide::device_delete(q, 5);
  tide::device_ptr<point> one = tide::device_new<point>(tide::device_malloc(sizeof(point)), point{3, 4});
  point got = *one;
  CHECK(got == point{3, 4});
  tide::device_delete(one);
  tide::device_new_allocator<int> na;
  tide::device_ptr<int> z = na.allocate(6);
  CHECK(tide::count(z, z + 6, 0) == 6);
  na.deallocate(z, 6);
  tide::device_malloc_allocator<int> ma;
  tide::device_ptr<int> m = ma.allocate(3);
  m[2] = 5;
  CHECK(m[2] == 5);
  ma.deallocate(m, 3);
  CHECK(ma == tide::device_malloc_allocator<int>());
}

TEST_CASE("device_make_unique and allocate_unique own one object, allocate_unique_n several") {
  auto p = tide::device_make_unique<int>(42);
  static_assert(std::is_same_v<decltype(p.get()), tide::device_allocator<int>::pointer>);
  CHECK(p.get()[0] == 42);
  auto n = tide::allocate_unique_n<int>(tide::device_allocator<int>(), 10, 3);
  CHECK(tide::reduce(n.get(), n.get() + 10) == 30);
  CHECK(n.get_deleter().size() == 10);
  auto u = tide::uninitialized_allocate_unique_n<int>(tide::device_allocator<int>(), 10);
  tide::sequence(u.get(), u.get() + 10);
  CHECK(tide::reduce(u.get(), u.get() + 10) == 45);
  auto d = tide::allocate_unique<double>(tide::device_allocator<double>(), 2.5);
  double got = d.get()[0];
  CHECK(got == 2.5);
  auto s = tide::allocate_unique<std::string>(std::allocator<std::string>(), "three");  // host, not trivial
  CHECK(*s == "three");
  auto uv = tide::allocate_unique<int>(tide::universal_allocator<int>(), 8);
  CHECK(uv.get()[0] == 8);
  alloc_counts c;
  {
    auto counted = tide::allocate_unique<int>(device_counting<true>::alloc<int>(&c), 5);
    CHECK(c.allocations == 1);
    CHECK(counted.get()[0] == 5);
    auto none = tide::uninitialized_allocate_unique<int>(device_counting<true>::alloc<int>(&c));
    CHECK(c.allocations == 2);
  }
  CHECK(c.deallocations == 2);
  CHECK(c.outstanding == 0);
}

TEST_CASE("device_reference does compound assignment, swap and printing") {
  tide::device_vector<int> v{12, 5};
  v[0] %= 5;
  CHECK(v[0] == 2);
  v[0] <<= 3;
  CHECK(v[0] == 16);
  v[0] |= 1;
  v[0] ^= 3;
  CHECK(v[0] == 18);
  v[0] &= 6;
  v[0] >>= 1;
  CHECK(v[0] == 1);
  using std::swap;  // a proxy reference finds its own swap by ADL
  swap(v[0], v[1]);
  CHECK(to_std(v) == std::vector<int>{5, 1});
  tide::device_vector<long> w{7};
  w[0] = v[0];  // from a reference of another type
  CHECK(w[0] == 5L);
  std::ostringstream os;
  os << v[1];
  CHECK(os.str() == "1");
  tide::device_ptr<int> p = tide::device_pointer_cast(tide::raw_pointer_cast(v.data()));
  CHECK(tide::device_pointer_cast(tide::raw_pointer_cast(p)) == p);
  CHECK(p.get() == tide::raw_pointer_cast(&v[0]));
}

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
TEST_CASE("thrust::cuda's memory names: pointer, reference, allocator, vector, malloc and free") {
  static_assert(std::is_same_v<tide::cuda::pointer<int>, tide::device_ptr<int>>);
  static_assert(std::is_same_v<tide::cuda::reference<int>, tide::device_reference<int>>);
  static_assert(std::is_same_v<tide::cuda::universal_pointer<int>, tide::universal_ptr<int>>);
  static_assert(std::is_same_v<tide::cuda::vector<int>, tide::device_vector<int>>);
  static_assert(std::is_same_v<tide::cuda::universal_vector<int>, tide::universal_vector<int>>);
  static_assert(std::is_same_v<tide::system::cuda::vector<int>, tide::device_vector<int>>);
  static_assert(std::is_same_v<tide::system::cuda::pointer<int>, tide::device_ptr<int>>);
  tide::cuda::vector<int, tide::cuda::allocator<int>> v(4, 2);
  CHECK(tide::reduce(v.begin(), v.end()) == 8);
  tide::cuda::pointer<int> p = tide::cuda::malloc<int>(4);
  tide::fill(p, p + 4, 1);
  CHECK(tide::reduce(p, p + 4) == 4);
  tide::cuda::free(p);
  tide::cuda::pointer<void> b = tide::cuda::malloc(16);
  CHECK(b.get() != nullptr);
  tide::cuda::free(b);
}
#endif
