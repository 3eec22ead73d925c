// The last of Thrust's public names outside the algorithms: addressof, the error machinery's
// names (thrust::error_code, thrust::system::system_error, ...), get_per_device_resource and
// per_device_allocator.
#include "common.hpp"

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
