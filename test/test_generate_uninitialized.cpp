// generate, generate_n, uninitialized_copy, uninitialized_copy_n, uninitialized_fill and
// uninitialized_fill_n on every backend.
#include <algorithm>
#include <atomic>
#include <numeric>

#include "common.hpp"
#include "raw_buffer.hpp"

using namespace tide_test;

namespace {

std::vector<std::int64_t> element_sizes() {
  auto s = sizes();
  if (!std::getenv("TIDE_TEST_SMALL"))
    for (std::int64_t t : {1024, 2048, 4096})
      for (std::int64_t d : {-1, 0, 1}) s.push_back(t + d);
  return s;
}

template <class T>
struct constant_gen {
  T value;
  TIDE_HOST_DEVICE T operator()() const { return value; }
};

/// Counts its calls in a counter of the backend's memory; returns 7.
struct counted_gen {
  unsigned long long* calls;
  TIDE_HOST_DEVICE int operator()() const {
#if defined(__CUDA_ARCH__)
    atomicAdd(calls, 1ull);
#else
    __atomic_fetch_add(calls, 1ull, __ATOMIC_RELAXED);
#endif
    return 7;
  }
};

/// 1, 2, 3, ...: a generator with state (defined results under seq only).
struct counter_gen {
  int next = 0;
  int operator()() { return ++next; }
};

struct pair_gen {
  TIDE_HOST_DEVICE tide::tuple<int, double> operator()() const { return tide::make_tuple(3, 4.5); }
};

/// Host-side count of marked's copy constructions (device code does not count).
std::atomic<long> marked_copies{0};

/// An element with a non-trivial copy constructor: a copy's mark is its source's plus one, so an
/// element constructed by the uninitialized algorithms shows it (a byte copy would not).
struct marked {
  int value;
  int mark;
  marked() = default;
  TIDE_HOST_DEVICE marked(int v, int m) : value(v), mark(m) {}
  TIDE_HOST_DEVICE marked(const marked& o) : value(o.value), mark(o.mark + 1) {
#if !defined(__CUDA_ARCH__)
    marked_copies.fetch_add(1, std::memory_order_relaxed);
#endif
  }
  marked& operator=(const marked&) = default;
};
static_assert(!std::is_trivially_copy_constructible_v<marked>);

/// Whether the device backend runs in host memory here (CPP or OMP device system), where the host
/// counter sees its copies too.
template <class B>
constexpr bool counts_copies() {
  return !std::is_same_v<B, device_backend> || TIDE_DEVICE_SYSTEM != TIDE_DEVICE_SYSTEM_CUDA;
}

}  // namespace

// ---- generate, generate_n ---------------------------------------------------------------------

TEST_CASE_TEMPLATE("generate assigns gen() to every element; generate_n to the first n and returns first + n", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : element_sizes()) {
      CAPTURE(n);
      typename B::template vector<T> d(n + 3, T(1));
      tide::generate(B::policy(), d.begin(), d.end() - 3, constant_gen<T>{T(42)});
      std::vector<T> want(n + 3, T(42));
      want[n] = want[n + 1] = want[n + 2] = T(1);
      CHECK(to_std(d) == want);
      auto end = tide::generate_n(B::policy(), d.begin(), n / 2, constant_gen<T>{T(5)});
      CHECK(end == d.begin() + n / 2);
      std::fill(want.begin(), want.begin() + n / 2, T(5));
      CHECK(to_std(d) == want);
    }
  });
}

TEST_CASE_TEMPLATE("generate calls gen once per element", B, TIDE_TEST_BACKENDS) {
  for (auto n : element_sizes()) {
    CAPTURE(n);
    typename B::template vector<unsigned long long> calls(1, 0);
    typename B::template vector<int> d(n, 0);
    counted_gen gen{tide::raw_pointer_cast(calls.data())};
    tide::generate(B::policy(), d.begin(), d.end(), gen);
    CHECK(to_std(calls)[0] == static_cast<unsigned long long>(n));
    CHECK(to_std(d) == std::vector<int>(n, 7));
    CHECK(tide::generate_n(B::policy(), d.begin(), n, gen) == d.end());
    CHECK(to_std(calls)[0] == static_cast<unsigned long long>(2 * n));
  }
}

TEST_CASE("generate and generate_n with seq call one generator in order, as std::generate") {
  for (auto n : element_sizes()) {
    std::vector<int> h(n), want(n);
    tide::generate(tide::seq, h.begin(), h.end(), counter_gen{});
    std::generate(want.begin(), want.end(), counter_gen{});
    CHECK(h == want);
    CHECK(tide::generate_n(tide::seq, h.begin(), n, counter_gen{}) == h.end());
    CHECK(h == want);
  }
}

TEST_CASE_TEMPLATE("generate writes through zip, transform_output and discard iterators", B, TIDE_TEST_BACKENDS) {
  for (auto n : element_sizes()) {
    CAPTURE(n);
    typename B::template vector<int> a(n, 0);
    typename B::template vector<double> b(n, 0);
    auto zip = tide::make_zip_iterator(a.begin(), b.begin());
    tide::generate(B::policy(), zip, zip + n, pair_gen{});
    CHECK(to_std(a) == std::vector<int>(n, 3));
    CHECK(to_std(b) == std::vector<double>(n, 4.5));

    auto to = tide::make_transform_output_iterator(a.begin(), times2_plus1{});
    CHECK(tide::generate_n(B::policy(), to, n, constant_gen<int>{10}) - to == n);
    CHECK(to_std(a) == std::vector<int>(n, 21));

    auto discard = tide::make_discard_iterator();
    CHECK(tide::generate_n(B::policy(), discard, n, constant_gen<int>{1}) - discard == n);
  }
}

TEST_CASE_TEMPLATE("generate on empty ranges calls nothing; bad ranges and counts throw naming the algorithm", B,
                   TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(4, 1);
  auto b = d.begin(), e = d.end();
  tide::generate(B::policy(), b, b, constant_gen<int>{9});
  CHECK(tide::generate_n(B::policy(), b, 0, constant_gen<int>{9}) == b);
  CHECK(to_std(d) == std::vector<int>(4, 1));
  CHECK_THROWS_WITH_AS(tide::generate(B::policy(), e, b, constant_gen<int>{9}),
                       "tide::generate: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::generate_n(B::policy(), b, -1, constant_gen<int>{9}), "tide::generate_n: negative count",
                       std::invalid_argument);
  CHECK(to_std(d) == std::vector<int>(4, 1));
}

// ---- uninitialized_copy, uninitialized_fill ---------------------------------------------------

TEST_CASE_TEMPLATE("uninitialized_copy and uninitialized_copy_n copy trivially copyable elements, return the end", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : element_sizes()) {
      CAPTURE(n);
      auto h = random_vector<T>(n, "uninitialized_copy");
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(n, tide::no_init);
      CHECK(tide::uninitialized_copy(B::policy(), d.begin(), d.end(), out.begin()) == out.end());
      CHECK(to_std(out) == h);
      typename B::template vector<T> out2(n, tide::no_init);
      CHECK(tide::uninitialized_copy_n(B::policy(), d.begin(), n, out2.begin()) == out2.end());
      CHECK(to_std(out2) == h);
    }
  });
}

TEST_CASE_TEMPLATE("uninitialized_fill and uninitialized_fill_n write the value converted to the element type", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : element_sizes()) {
      CAPTURE(n);
      typename B::template vector<T> out(n, tide::no_init);
      tide::uninitialized_fill(B::policy(), out.begin(), out.end(), 3);  // an int, as T
      CHECK(to_std(out) == std::vector<T>(n, T(3)));
      CHECK(tide::uninitialized_fill_n(B::policy(), out.begin(), n / 3, 9.0) == out.begin() + n / 3);
      std::vector<T> want(n, T(3));
      std::fill(want.begin(), want.begin() + n / 3, T(9));
      CHECK(to_std(out) == want);
    }
  });
}

TEST_CASE_TEMPLATE("uninitialized_copy constructs each element once with its copy constructor", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : element_sizes()) {
    CAPTURE(n);
    std::vector<int> ints(2 * n);
    for (std::int64_t i = 0; i < n; ++i) ints[2 * i] = int(i) * 3, ints[2 * i + 1] = int(i % 5);
    raw_buffer<B, marked> in(n), out(n);
    in.set_ints(ints);
    out.set_ints(std::vector<int>(2 * n, -7));
    const long before = marked_copies.load();
    CHECK(tide::uninitialized_copy(B::policy(), in.begin(), in.end(), out.begin()) == out.end());
    if (counts_copies<B>()) CHECK(marked_copies.load() - before == n);
    auto got = out.ints();
    bool ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i) ok = got[2 * i] == int(i) * 3 && got[2 * i + 1] == int(i % 5) + 1;
    CHECK(ok);
    CHECK(in.ints() == ints);

    raw_buffer<B, marked> out2(n);
    CHECK(tide::uninitialized_copy_n(B::policy(), in.begin(), n, out2.begin()) == out2.end());
    CHECK(out2.ints() == got);
  }
}

TEST_CASE_TEMPLATE("uninitialized_fill constructs each element from the value with its copy constructor", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : element_sizes()) {
    CAPTURE(n);
    raw_buffer<B, marked> out(n);
    out.set_ints(std::vector<int>(2 * n, -7));
    const long before = marked_copies.load();
    tide::uninitialized_fill(B::policy(), out.begin(), out.end(), marked(11, 100));
    if (counts_copies<B>()) CHECK(marked_copies.load() - before >= n);
    auto got = out.ints();
    // Every element is a copy of one copy of the value (the exemplar, itself copied on the way).
    bool ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i)
      ok = got[2 * i] == 11 && got[2 * i + 1] > 100 && got[2 * i + 1] == got[1];
    CHECK(ok);

    out.set_ints(std::vector<int>(2 * n, -7));
    CHECK(tide::uninitialized_fill_n(B::policy(), out.begin(), n / 2, marked(12, 0)) == out.begin() + n / 2);
    got = out.ints();
    ok = true;
    for (std::int64_t i = 0; i < n && ok; ++i)
      ok = i < n / 2 ? got[2 * i] == 12 && got[2 * i + 1] > 0 : got[2 * i] == -7 && got[2 * i + 1] == -7;
    CHECK(ok);
  }
}

TEST_CASE_TEMPLATE("uninitialized algorithms: empty ranges write nothing; bad ranges and counts throw", B,
                   TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(4, 1);
  auto b = d.begin(), e = d.end();
  CHECK(tide::uninitialized_copy(B::policy(), b, b, b + 1) == b + 1);
  CHECK(tide::uninitialized_copy_n(B::policy(), b, 0, b + 1) == b + 1);
  tide::uninitialized_fill(B::policy(), b, b, 5);
  CHECK(tide::uninitialized_fill_n(B::policy(), b, 0, 5) == b);
  CHECK(to_std(d) == std::vector<int>(4, 1));
  CHECK_THROWS_WITH_AS(tide::uninitialized_copy(B::policy(), e, b, b), "tide::uninitialized_copy: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::uninitialized_copy_n(B::policy(), b, -2, b), "tide::uninitialized_copy_n: negative count",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::uninitialized_fill(B::policy(), e, b, 5), "tide::uninitialized_fill: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::uninitialized_fill_n(B::policy(), b, -1, 5), "tide::uninitialized_fill_n: negative count",
                       std::invalid_argument);
  raw_buffer<B, marked> m(2);
  CHECK_THROWS_WITH_AS(tide::uninitialized_copy(B::policy(), m.end(), m.begin(), m.begin()),
                       "tide::uninitialized_copy: last is before first", std::invalid_argument);
  CHECK(to_std(d) == std::vector<int>(4, 1));
}

TEST_CASE("generate and the uninitialized algorithms without a policy pick the system from the iterators") {
  tide::device_vector<int> d(1000, 0);
  tide::generate(d.begin(), d.end(), constant_gen<int>{4});
  CHECK(to_std(d) == std::vector<int>(1000, 4));
  CHECK(tide::generate_n(d.begin(), 10, constant_gen<int>{5}) == d.begin() + 10);
  CHECK(to_std(d)[9] == 5);
  CHECK(to_std(d)[10] == 4);
  tide::uninitialized_fill(d.begin(), d.end(), 6);
  CHECK(to_std(d) == std::vector<int>(1000, 6));
  CHECK(tide::uninitialized_fill_n(d.begin(), 500, 2) == d.begin() + 500);
  // Trivially copyable elements may cross between host and device, as with copy.
  std::vector<int> h(1000);
  std::iota(h.begin(), h.end(), 0);
  CHECK(tide::uninitialized_copy(h.begin(), h.end(), d.begin()) == d.end());
  CHECK(to_std(d) == h);
  std::vector<int> back(1000, 0);
  CHECK(tide::uninitialized_copy_n(d.begin(), 1000, back.begin()) == back.end());
  CHECK(back == h);
}
