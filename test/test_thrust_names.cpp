// The last of Thrust's public names outside the algorithms: addressof, the error machinery's
// names (thrust::error_code, thrust::system::system_error, ...), get_per_device_resource and
// per_device_allocator.
#include "common.hpp"

#include <memory>
#include <stdexcept>
#include <system_error>

using namespace tide_test;

namespace {

/// A type whose unary & lies, as Thrust's addressof test has.
struct sneaky {
  int value = 7;
  const sneaky* operator&() const { return nullptr; }
};

using device_policy_t = std::decay_t<decltype(tide::device)>;

/// A char allocator as Thrust's custom temporary allocation pattern has, counting the bytes it lent.
struct counting_char_allocator {
  using value_type = char;
  std::shared_ptr<std::ptrdiff_t> lent = std::make_shared<std::ptrdiff_t>(0);  // shared by copies
  char* allocate(std::ptrdiff_t n) {
    *lent += n;
    return static_cast<char*>(tide::default_container_resource()->allocate(std::size_t(n)));
  }
  void deallocate(char* p, std::size_t n) {
    *lent -= std::ptrdiff_t(n);
    tide::default_container_resource()->deallocate(p, n);
  }
  std::ptrdiff_t live_bytes() const { return *lent; }
};

}  // namespace

TEST_CASE("addressof gives the real address even when operator& is overloaded") {
  sneaky s;
  CHECK(&s == nullptr);
  CHECK(tide::addressof(s) != nullptr);
  CHECK(tide::addressof(s)->value == 7);
  int i = 3;
  CHECK(tide::addressof(i) == &i);
}

TEST_CASE("Thrust's error names are the standard error machinery") {
  tide::error_code ec = tide::make_error_code(tide::errc::invalid_argument);
  CHECK(ec.category() == tide::generic_category());
  CHECK(ec == std::make_error_code(std::errc::invalid_argument));
  CHECK(tide::system::make_error_code(tide::system::errc::invalid_argument) == ec);
  CHECK(std::string(tide::system_category().name()) == "system");
  CHECK(std::string(tide::cuda_category().name()) == std::string(tide::system::cuda_category().name()));
  bool caught = false;
  try {
    throw tide::system_error(2, "somewhere");
  } catch (const tide::system::system_error& e) {
    caught = true;
    CHECK(e.code().category() == tide::cuda_category());
    CHECK(std::string(e.what()).find("somewhere") != std::string::npos);
  }
  CHECK(caught);
}

TEST_CASE("get_per_device_resource gives one instance per system and device") {
  using heap = tide::mr::new_delete_resource;
  heap* a = tide::get_per_device_resource<heap>(tide::seq);
  heap* b = tide::get_per_device_resource<heap>(tide::par);
  CHECK(a != nullptr);
  CHECK(a == b);  // the host systems share the program-wide instance
  CHECK(a == tide::mr::get_global_resource<heap>());
  heap* d1 = tide::get_per_device_resource<heap>(tide::device);
  heap* d2 = tide::get_per_device_resource<heap>(device_policy_t{});
  CHECK(d1 == d2);
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  CHECK(d1 != a);  // the CUDA system keeps its own, per device
  CHECK(tide::get_per_device_resource<heap>(tide::cuda::tag{}) == d1);
#endif
}

TEST_CASE("per_device_allocator allocates from the per-device resource") {
  using heap = tide::mr::new_delete_resource;
  using alloc_t = tide::per_device_allocator<int, heap, device_policy_t>;
  alloc_t alloc;
  CHECK(alloc.resource() == tide::get_per_device_resource<heap>(tide::device));
  int* p = alloc.allocate(10);
  for (int i = 0; i < 10; ++i) p[i] = i * i;
  CHECK(p[9] == 81);
  alloc.deallocate(p, 10);
  tide::per_device_allocator<double, heap, device_policy_t> rebound(alloc);
  CHECK(rebound.resource() == alloc.resource());
  std::vector<int, alloc_t> v(100, 5);
  CHECK(v[99] == 5);
}

TEST_CASE("malloc and free with a policy give memory of that system") {
  auto p = tide::malloc<int>(tide::device, 1000);
  static_assert(std::is_same_v<decltype(p), tide::pointer<int, tide::device_t>>);
  CHECK(tide::raw_pointer_cast(p) != nullptr);
  tide::fill(tide::device, p, p + 1000, 42);
  CHECK(tide::reduce(tide::device, p, p + 1000) == 42000);
  tide::free(tide::device, p);
  int* h = tide::malloc<int>(tide::seq, 10);
  static_assert(std::is_same_v<decltype(h), int*>);
  h[9] = 1;
  CHECK(h[9] == 1);
  tide::free(tide::seq, h);
  auto v = tide::malloc(tide::host, 64);
  CHECK(v != nullptr);
  tide::free(tide::host, v);
}

TEST_CASE("get_temporary_buffer takes from the policy's allocator and return_temporary_buffer gives back") {
  counting_char_allocator alloc;
  {
    auto buf = tide::get_temporary_buffer<double>(tide::device(alloc), 500);
    CHECK(buf.second == 500);
    CHECK(alloc.live_bytes() >= 500 * sizeof(double));
    tide::fill(tide::device, buf.first, buf.first + 500, 1.5);
    CHECK(tide::reduce(tide::device, buf.first, buf.first + 500) == 750.0);
    tide::return_temporary_buffer(tide::device(alloc), buf.first, buf.second);
  }
  CHECK(alloc.live_bytes() == 0);
  auto none = tide::get_temporary_buffer<int>(tide::seq, 0);
  CHECK(none.second == 0);
  tide::return_temporary_buffer(tide::seq, none.first, none.second);
  CHECK_THROWS_AS(tide::get_temporary_buffer<int>(tide::seq, -1), std::invalid_argument);
}
