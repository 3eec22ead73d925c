// User-defined backends (Thrust's execution_policy<D>, host_execution_policy<D>,
// device_execution_policy<D>): a call with a user's policy runs the user's overload found by
// argument-dependent lookup, else tide's algorithm on the inherited system.
//
// Not tested here, because it is a compile error by design: a policy derived from the plain
// `tide::execution_policy<D>` with no overload for an algorithm stops with a static_assert naming
// it ("tide::reduce: this policy derives from tide::execution_policy<D> and has no overload of
// reduce for these arguments ...").
#include <array>
#include <numeric>
#include <thread>

#include "common.hpp"

using namespace tide_test;

namespace {

/// Calls of the user's overloads, by name.
std::vector<std::string> calls;

template <class T>
struct add {
  T value;
  TIDE_HOST_DEVICE void operator()(T& x) const { x += value; }
};
template <class T>
struct below {
  T bound;
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x < bound; }
};

}  // namespace

// A device policy with state and overloads of for_each, reduce (two forms) and sort (with and
// without a comparator), in the user's namespace, as Thrust's minimal_custom_backend example.
namespace user {
struct device_policy : tide::device_execution_policy<device_policy> {
  int id = 0;
  const device_policy* seen = nullptr;  // the object the last overload received
};
template <class It, class F>
It for_each(device_policy& p, It first, It last, F f) {
  calls.push_back("for_each");
  p.seen = &p;
  tide::for_each(tide::device, first, last, f);
  return last;
}
template <class It, class T>
T reduce(const device_policy&, It first, It last, T init) {
  calls.push_back("reduce(init)");
  return tide::reduce(tide::device, first, last, init);
}
template <class It, class T, class Op>
T reduce(device_policy, It first, It last, T init, Op op) {
  calls.push_back("reduce(init, op)");
  return tide::reduce(tide::device, first, last, init, op);
}
template <class It>
void sort(device_policy, It first, It last) {
  calls.push_back("sort");
  tide::sort(tide::device, first, last);
}
template <class It, class Comp>
void stable_sort(device_policy, It first, It last, Comp comp) {
  calls.push_back("stable_sort(comp)");
  tide::stable_sort(tide::device, first, last, comp);
}

/// A host policy with no overloads at all.
struct host_policy : tide::host_execution_policy<host_policy> {};

/// The pattern of a derived system: overloads on a base template, for every policy derived from it.
template <class D>
struct system_base : tide::device_execution_policy<D> {};
struct derived_policy : system_base<derived_policy> {};
template <class D, class It, class Pred>
It find_if(system_base<D>&, It first, It last, Pred pred) {
  calls.push_back("find_if");
  return tide::find_if(tide::device, first, last, pred);
}
template <class D, class It, class Op>
void tabulate(system_base<D>&, It first, It last, Op op) {
  calls.push_back("tabulate");
  tide::tabulate(tide::device, first, last, op);
}
template <class D, class It, class Pred>
auto count_if(const system_base<D>&, It first, It last, Pred pred) {
  calls.push_back("count_if");
  return tide::count_if(tide::device, first, last, pred);
}
template <class D, class It, class T, class Comp>
It lower_bound(system_base<D>&, It first, It last, const T& value, Comp comp) {
  calls.push_back("lower_bound(comp)");
  return tide::lower_bound(tide::device, first, last, value, comp);
}

/// A plain execution_policy: only what it overloads can be called with it.
struct plain_policy : tide::execution_policy<plain_policy> {};
template <class It, class T>
void fill(plain_policy, It first, It last, const T& value) {
  calls.push_back("fill");
  std::fill(first, last, value);
}
}  // namespace user

TEST_CASE("a user's device policy runs the user's for_each, on the caller's policy object") {
  calls.clear();
  tide::device_vector<int> v(1000, 1);
  user::device_policy p;
  auto end = tide::for_each(p, v.begin(), v.end(), add<int>{2});
  CHECK(end == v.end());
  CHECK(calls == std::vector<std::string>{"for_each"});
  CHECK(p.seen == &p);  // Thrust passes the caller's object too (a non-const D&)
  CHECK(tide::count(tide::device, v.begin(), v.end(), 3) == 1000);
}

TEST_CASE("a user's reduce is called in the form the caller used") {
  calls.clear();
  auto h = random_vector<int>(5000, "user reduce", -100, 100);
  tide::device_vector<int> v(h.begin(), h.end());
  user::device_policy p;
  const user::device_policy& cp = p;
  CHECK(tide::reduce(cp, v.begin(), v.end(), 7) == std::accumulate(h.begin(), h.end(), 7));
  CHECK(tide::reduce(p, v.begin(), v.end(), 0, tide::maximum<int>()) == *std::max_element(h.begin(), h.end()));
  CHECK(calls == std::vector<std::string>{"reduce(init)", "reduce(init, op)"});
  // No overload without init: the device system's reduce.
  CHECK(tide::reduce(p, v.begin(), v.end()) == std::accumulate(h.begin(), h.end(), 0));
  CHECK(calls.size() == 2);
}

TEST_CASE("a user's sort without a comparator is found; with one, the device system sorts") {
  calls.clear();
  auto h = random_vector<int>(3001, "user sort");
  tide::device_vector<int> v(h.begin(), h.end());
  user::device_policy p;
  tide::sort(p, v.begin(), v.end());
  CHECK(calls == std::vector<std::string>{"sort"});
  std::sort(h.begin(), h.end());
  CHECK(std::vector<int>(v.begin(), v.end()) == h);

  tide::sort(p, v.begin(), v.end(), tide::greater<int>());  // no overload with a comparator
  CHECK(calls.size() == 1);
  std::sort(h.begin(), h.end(), std::greater<int>());
  CHECK(std::vector<int>(v.begin(), v.end()) == h);

  tide::stable_sort(p, v.begin(), v.end(), tide::less<int>());  // only the comparator form exists
  tide::stable_sort(p, v.begin(), v.end());
  CHECK(calls == std::vector<std::string>{"sort", "stable_sort(comp)"});
}

TEST_CASE("algorithms a user's device policy does not overload run on the device system") {
  calls.clear();
  auto h = random_vector<int>(10007, "user fallback", -50, 50);
  tide::device_vector<int> v(h.begin(), h.end()), out(h.size());
  user::device_policy p;
  tide::transform(p, v.begin(), v.end(), out.begin(), tide::negate<int>());
  std::vector<int> expect(h.size());
  std::transform(h.begin(), h.end(), expect.begin(), std::negate<int>());
  CHECK(std::vector<int>(out.begin(), out.end()) == expect);

  tide::inclusive_scan(p, v.begin(), v.end(), out.begin());
  std::partial_sum(h.begin(), h.end(), expect.begin());
  CHECK(std::vector<int>(out.begin(), out.end()) == expect);

  CHECK(tide::count_if(p, v.begin(), v.end(), below<int>{0}) == std::count_if(h.begin(), h.end(), [](int x) { return x < 0; }));
  auto kept = tide::copy_if(p, v.begin(), v.end(), out.begin(), below<int>{0});
  CHECK(kept - out.begin() == std::count_if(h.begin(), h.end(), [](int x) { return x < 0; }));
  CHECK(tide::all_of(p, v.begin(), v.end(), below<int>{51}));
  CHECK(tide::is_sorted(p, v.begin(), v.end()) == std::is_sorted(h.begin(), h.end()));

  auto buffer = tide::get_temporary_buffer<int>(p, 10);
  CHECK(buffer.second == 10);
  tide::return_temporary_buffer(p, buffer.first, buffer.second);
  CHECK(calls.empty());
  static_assert(std::is_same_v<decltype(tide::detail::user_system_policy<user::device_policy>()), tide::device_policy>);
}

TEST_CASE("a user's host policy falls back to the host system") {
  static_assert(std::is_same_v<decltype(tide::detail::user_system_policy<user::host_policy>()), tide::host_policy>);
  // A host-only functor that appends to a vector: it runs on the host system (sequential by
  // default), in order, on the calling thread.
  std::vector<int> seen;
  const auto caller = std::this_thread::get_id();
  bool other_thread = false;
  std::vector<int> h(2000);
  std::iota(h.begin(), h.end(), 0);
  tide::for_each(user::host_policy{}, h.begin(), h.end(), [&](int x) {
    seen.push_back(x);
    other_thread |= std::this_thread::get_id() != caller;
  });
#if !defined(TIDE_HOST_SYSTEM_OMP)
  CHECK(seen == h);
  CHECK_FALSE(other_thread);
#endif
  CHECK(tide::reduce(user::host_policy{}, h.data(), h.data() + h.size(), 0ll) == 1999ll * 2000 / 2);
  tide::sort(user::host_policy{}, h.begin(), h.end(), std::greater<int>());
  CHECK(h.front() == 1999);
}

TEST_CASE("overloads on a base template of the user's policy are found") {
  calls.clear();
  tide::device_vector<int> v(100);
  user::derived_policy p;
  tide::tabulate(p, v.begin(), v.end(), tide::identity<int>());
  auto found = tide::find_if(p, v.begin(), v.end(), [] __host__ __device__(int x) { return x > 41; });
  CHECK(found - v.begin() == 42);
  CHECK(calls == std::vector<std::string>{"tabulate", "find_if"});
}

TEST_CASE("composed algorithms call the user's overloads of their parts, as Thrust's generic layer") {
  calls.clear();
  tide::device_vector<int> v(100);
  user::derived_policy p;
  tide::sequence(p, v.begin(), v.end());  // sequence -> tabulate
  CHECK(int(v[99]) == 99);
  CHECK(calls == std::vector<std::string>{"tabulate"});

  calls.clear();
  CHECK(tide::any_of(p, v.begin(), v.end(), below<int>{1}));       // -> find_if
  CHECK_FALSE(tide::all_of(p, v.begin(), v.end(), below<int>{99}));  // -> find_if
  CHECK_FALSE(tide::none_of(p, v.begin(), v.end(), below<int>{1}));  // -> any_of -> find_if
  CHECK(calls == std::vector<std::string>(3, "find_if"));

  calls.clear();
  CHECK(tide::partition_point(p, v.begin(), v.end(), below<int>{10}) - v.begin() == 10);  // -> find_if_not
  CHECK(tide::is_partitioned(p, v.begin(), v.end(), below<int>{10}));                    // -> is_sorted
  CHECK(calls.empty());  // find_if_not and is_sorted_until: not overloaded

  calls.clear();
  CHECK(tide::lower_bound(p, v.begin(), v.end(), 17) - v.begin() == 17);  // -> lower_bound(less<>)
  auto range = tide::equal_range(p, v.begin(), v.end(), 17);               // -> lower_bound, upper_bound
  CHECK(range.first - v.begin() == 17);
  CHECK(range.second - v.begin() == 18);
  CHECK(calls == std::vector<std::string>(2, "lower_bound(comp)"));

  calls.clear();
  const std::vector<int> runs_h{1, 1, 2, 2, 2, 3, 1};
  tide::device_vector<int> runs(runs_h.begin(), runs_h.end());
  CHECK(tide::unique_count(p, runs.begin(), runs.end()) == 4);  // -> count_if over neighbour pairs
  CHECK(calls == std::vector<std::string>{"count_if"});
}

TEST_CASE("a plain execution_policy runs the algorithms it overloads") {
  calls.clear();
  std::vector<int> h(10);
  tide::fill(user::plain_policy{}, h.begin(), h.end(), 4);
  CHECK(calls == std::vector<std::string>{"fill"});
  CHECK(std::count(h.begin(), h.end(), 4) == 10);
}

TEST_CASE("arguments from namespace std do not confuse the hook") {
  // std's algorithms come into argument-dependent lookup with these arguments; none of them takes
  // the probe, so the fallback runs.
  using pair_t = std::array<int, 2>;
  std::vector<pair_t> pairs{{2, 0}, {3, 1}, {1, 2}};
  tide::sort(user::host_policy{}, pairs.begin(), pairs.end(), std::less<pair_t>());
  CHECK(pairs == std::vector<pair_t>{{1, 2}, {2, 0}, {3, 1}});
  std::vector<int> h{3, 1, 2}, out(3);
  tide::copy_n(user::host_policy{}, h.begin(), 3, out.begin());
  tide::generate_n(user::host_policy{}, out.begin(), 2, [] { return 9; });
  CHECK(out == std::vector<int>{9, 9, 2});
  tide::fill_n(user::host_policy{}, out.begin(), 1, 5);
  CHECK(out[0] == 5);
}

TEST_CASE("the policy traits see a user's policy as a policy, and not as one of tide's") {
  static_assert(tide::is_execution_policy_v<user::device_policy>);
  static_assert(tide::is_execution_policy_v<const user::plain_policy&>);
  static_assert(tide::is_execution_policy_v<decltype(tide::device)>);
  static_assert(!tide::is_execution_policy_v<int*>);
  static_assert(tide::detail::is_user_policy_v<user::derived_policy>);
  static_assert(!tide::detail::is_user_policy_v<tide::device_policy>);
  CHECK(true);
}
