// host_vector and device_vector: std::vector's interface, copies between systems, no_init,
// device_ptr and raw allocation.
#include "common.hpp"

#include <list>

using namespace tide_test;

#define TIDE_TEST_VECTORS tide::host_vector<int>, tide::device_vector<int>

TEST_CASE_TEMPLATE("vectors construct from sizes, values, iterators and initializer lists", V, TIDE_TEST_VECTORS) {
  V a(5);
  CHECK(a.size() == 5);
  CHECK(to_std(a) == std::vector<int>(5, 0));
  V b(4, 7);
  CHECK(to_std(b) == std::vector<int>(4, 7));
  std::list<int> l{1, 2, 3};
  V c(l.begin(), l.end());
  CHECK(to_std(c) == std::vector<int>{1, 2, 3});
  V d{4, 5, 6};
  CHECK(to_std(d) == std::vector<int>{4, 5, 6});
  V e;
  CHECK(e.empty());
  CHECK(e.begin() == e.end());
}

TEST_CASE_TEMPLATE("vectors convert to and from the other kind and std::vector", V, TIDE_TEST_VECTORS) {
  std::vector<int> s{3, 1, 4, 1, 5};
  V v(s);
  tide::host_vector<int> h(v);
  tide::device_vector<int> d(h);
  V back(d);
  CHECK(to_std(back) == s);
  std::vector<int> out = back;
  CHECK(out == s);
  V assigned;
  assigned = d;
  CHECK(to_std(assigned) == s);
}

TEST_CASE_TEMPLATE("vectors assign, resize, reserve and shrink", V, TIDE_TEST_VECTORS) {
  V v;
  v.assign(3, 9);
  CHECK(to_std(v) == std::vector<int>{9, 9, 9});
  v.resize(5, 1);
  CHECK(to_std(v) == std::vector<int>{9, 9, 9, 1, 1});
  v.resize(2);
  CHECK(to_std(v) == std::vector<int>{9, 9});
  v.reserve(100);
  CHECK(v.capacity() >= 100);
  CHECK(to_std(v) == std::vector<int>{9, 9});
  v.shrink_to_fit();
  CHECK(v.capacity() == 2);
  std::vector<int> s{1, 2, 3, 4};
  v.assign(s.begin(), s.end());
  CHECK(to_std(v) == s);
  v.clear();
  CHECK(v.size() == 0);
}

TEST_CASE_TEMPLATE("vectors insert, erase, push_back, pop_back and swap", V, TIDE_TEST_VECTORS) {
  V v{1, 2, 3};
  v.push_back(4);
  CHECK(to_std(v) == std::vector<int>{1, 2, 3, 4});
  v.pop_back();
  auto it = v.insert(v.begin() + 1, 2, 8);
  CHECK(it - v.begin() == 1);
  CHECK(to_std(v) == std::vector<int>{1, 8, 8, 2, 3});
  std::vector<int> more{5, 6};
  v.insert(v.end(), more.begin(), more.end());
  CHECK(to_std(v) == std::vector<int>{1, 8, 8, 2, 3, 5, 6});
  v.erase(v.begin() + 1, v.begin() + 3);
  CHECK(to_std(v) == std::vector<int>{1, 2, 3, 5, 6});
  v.erase(v.begin());
  CHECK(to_std(v) == std::vector<int>{2, 3, 5, 6});
  V w{7};
  v.swap(w);
  CHECK(to_std(v) == std::vector<int>{7});
  CHECK(to_std(w) == std::vector<int>{2, 3, 5, 6});
  V self{1, 2};
  self.insert(self.begin(), self.begin(), self.end());  // a range from the vector itself
  CHECK(to_std(self) == std::vector<int>{1, 2, 1, 2});
}

TEST_CASE_TEMPLATE("vector elements read and write through references", V, TIDE_TEST_VECTORS) {
  V v(3, 0);
  v[0] = 5;
  v[1] = v[0];
  v[2] += 2;
  int x = v[1];
  CHECK(x == 5);
  CHECK(v.front() == 5);
  CHECK(v.back() == 2);
  CHECK(to_std(v) == std::vector<int>{5, 5, 2});
  CHECK_THROWS_AS(v.at(3), std::out_of_range);
}

TEST_CASE("a vector made with no_init has its size and is writable") {
  tide::device_vector<double> d(1000, tide::no_init);
  CHECK(d.size() == 1000);
  tide::fill(d.begin(), d.end(), 1.5);
  CHECK(tide::reduce(d.begin(), d.end()) == 1500.0);
  tide::host_vector<double> h(10, tide::no_init);
  CHECK(h.size() == 10);
}

TEST_CASE("device_vector<bool> holds one bool per element and copies to std::vector<bool>") {
  std::vector<bool> s{true, false, true, true, false};
  tide::device_vector<bool> d(s.begin(), s.end());
  CHECK(d.size() == 5);
  CHECK(sizeof(*tide::raw_pointer_cast(d.data())) == 1);
  std::vector<bool> back(5);
  tide::copy(d.begin(), d.end(), back.begin());
  CHECK(back == s);
}

TEST_CASE("copies between device ranges and host iterators keep any trivially copyable type") {
  std::vector<point> s{{1, 2}, {3, 4}, {5, 6}};
  tide::device_vector<point> d(s.begin(), s.end());
  std::vector<point> back(3);
  tide::copy(d.begin(), d.end(), back.begin());
  CHECK(back == s);
  std::list<int> l;
  tide::device_vector<int> di{1, 2, 3};
  tide::copy(di.begin(), di.end(), std::back_inserter(l));
  CHECK(l == std::list<int>{1, 2, 3});
}

TEST_CASE("device_ptr, raw_pointer_cast, device_malloc and device_free") {
  tide::device_ptr<int> p = tide::device_malloc<int>(4);
  tide::device_ptr<int> q = p + 2;
  CHECK(q - p == 2);
  CHECK(tide::raw_pointer_cast(q) == tide::raw_pointer_cast(p) + 2);
  tide::fill(p, p + 4, 3);
  p[1] = 10;
  CHECK(tide::reduce(p, p + 4) == 19);
  tide::device_free(p);
  int* raw = nullptr;
  CHECK(tide::raw_pointer_cast(raw) == nullptr);
}

namespace {
/// Counts allocations and passes them on, so a test sees where temporaries come from.
class counting_resource : public tide::memory_resource {
 public:
  explicit counting_resource(tide::memory_resource* upstream) : upstream_(upstream) {}
  int allocations = 0, deallocations = 0;

 private:
  void* do_allocate(std::size_t bytes, tide::stream_t s) override {
    ++allocations;
    return upstream_->allocate(bytes, s);
  }
  void do_deallocate(void* p, std::size_t bytes, tide::stream_t s) noexcept override {
    ++deallocations;
    upstream_->deallocate(p, bytes, s);
  }
  tide::memory_resource* upstream_;
};
}  // namespace

TEST_CASE("a policy carrying a memory resource takes its temporaries from it, and returns them") {
  std::vector<int> s = random_vector<int>(100000, "resource", 0, 1000);
  tide::device_vector<int> d(s.begin(), s.end());
  tide::device_vector<int> out(s.size());
  counting_resource r(tide::default_device_resource());
  tide::inclusive_scan(tide::device(r), d.begin(), d.end(), out.begin());
  tide::sort(tide::device(r), d.begin(), d.end());
  CHECK(r.allocations == r.deallocations);
  std::sort(s.begin(), s.end());
  CHECK(to_std(d) == s);
}

TEST_CASE("vector allocation failure throws tide::bad_alloc, a std::bad_alloc" *
          doctest::skip(under_asan)) {
  using V = tide::device_vector<char>;
  CHECK_THROWS_AS(V(std::size_t(1) << 62), std::bad_alloc);
  CHECK_THROWS_AS(V(std::size_t(1) << 62), tide::bad_alloc);
}
