// Execution policies: the spellings, .on(stream), resources, and the system chosen from iterators.
#include "common.hpp"

using namespace tide_test;

TEST_CASE("the policy objects name their systems") {
  static_assert(std::is_same_v<decltype(tide::seq)::system_type, tide::seq_tag>);
  static_assert(std::is_same_v<decltype(tide::par)::system_type, tide::omp_tag>);
  static_assert(std::is_same_v<std::decay_t<decltype(tide::device)>::system_type, tide::device_system_tag>);
  static_assert(std::is_same_v<std::decay_t<decltype(tide::host)>::system_type, tide::host_system_tag>);
  static_assert(std::is_same_v<std::decay_t<decltype(tide::cpp::par)>, tide::seq_policy>);
  static_assert(std::is_same_v<std::decay_t<decltype(tide::omp::par)>, tide::omp_policy>);
  static_assert(tide::is_execution_policy_v<decltype(tide::device)>);
  static_assert(!tide::is_execution_policy_v<int*>);
  CHECK(tide::par.with_threads(2).num_threads == 2);
}

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
TEST_CASE("tide::cuda::par runs on the stream given to .on()") {
  cudaStream_t s;
  REQUIRE(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
  tide::device_vector<int> d(1000, 1);
  CHECK(tide::reduce(tide::cuda::par.on(s), d.begin(), d.end()) == 1000);
  CHECK(tide::reduce(tide::device.on(s), d.begin(), d.end()) == 1000);
  CHECK(tide::cuda::par.on(s).stream == s);
  CHECK_FALSE(tide::cuda::par_nosync.sync);
  tide::device_vector<int> out(1000);
  tide::inclusive_scan(tide::cuda::par_nosync.on(s), d.begin(), d.end(), out.begin());
  REQUIRE(cudaStreamSynchronize(s) == cudaSuccess);
  CHECK(out[999] == 1000);
  cudaStreamDestroy(s);
}
#endif

TEST_CASE("calls without a policy choose the system from the iterators") {
  using tide::detail::select_policy;
  std::vector<int> h(3);
  tide::device_vector<int> d(3);
  static_assert(std::is_same_v<decltype(select_policy(h.begin())), tide::host_policy>);
  static_assert(std::is_same_v<decltype(select_policy(h.data())), tide::host_policy>);
  static_assert(std::is_same_v<decltype(select_policy(d.begin())), tide::device_policy>);
  static_assert(std::is_same_v<decltype(select_policy(tide::make_counting_iterator(0))), tide::device_policy>);
  static_assert(std::is_same_v<decltype(select_policy(d.begin(), tide::make_counting_iterator(0))), tide::device_policy>);
  auto z = tide::make_zip_iterator(d.begin(), tide::make_counting_iterator(0));
  static_assert(std::is_same_v<decltype(select_policy(z)), tide::device_policy>);
  CHECK(tide::reduce(tide::make_counting_iterator(1), tide::make_counting_iterator(11)) == 55);
}
