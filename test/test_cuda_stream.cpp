// The CUDA system's own promises: algorithms capture into CUDA graphs (no synchronization, no
// allocation that capture refuses), __device__ lambdas work through proclaim_return_type, errors
// left by other code are not blamed on tide, and empty input launches nothing.
#include "common.hpp"

using namespace tide_test;

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

TEST_CASE("scan, reduce_into and gather capture into a CUDA graph that replays on fresh data") {
  const std::int64_t n = (1 << 20) + 3;
  cudaStream_t s;
  REQUIRE(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
  tide::device_vector<int> in(n), scanned(n, tide::no_init), map(n), gathered(n, tide::no_init);
  tide::device_vector<long long> total(1, tide::no_init);
  auto h_map = random_vector<int>(n, "graph-map", 0, static_cast<double>(n - 1));
  tide::copy(h_map.begin(), h_map.end(), map.begin());
  auto policy = tide::cuda::par_nosync.on(s);

  cudaGraph_t graph;
  REQUIRE(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
  tide::inclusive_scan(policy, in.begin(), in.end(), scanned.begin());
  tide::reduce_into(policy, in.begin(), in.end(), total.begin(), 0LL, tide::plus<>());
  tide::gather(policy, map.begin(), map.end(), scanned.begin(), gathered.begin());
  REQUIRE(cudaStreamEndCapture(s, &graph) == cudaSuccess);
  cudaGraphExec_t exec;
  REQUIRE(cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess);

  for (int round = 0; round < 3; ++round) {
    auto h = random_vector<int>(n, "graph-data-" + std::to_string(round), -100, 100);
    tide::copy(h.begin(), h.end(), in.begin());
    REQUIRE(cudaGraphLaunch(exec, s) == cudaSuccess);
    REQUIRE(cudaStreamSynchronize(s) == cudaSuccess);
    std::vector<int> want_scan(n);
    std::partial_sum(h.begin(), h.end(), want_scan.begin());
    long long want_total = 0;
    for (int x : h) want_total += x;
    auto got_gather = to_std(gathered);
    bool gather_ok = true;
    for (std::int64_t i = 0; i < n; ++i) gather_ok &= got_gather[i] == want_scan[h_map[i]];
    CAPTURE(round);
    CHECK(to_std(scanned) == want_scan);
    CHECK(to_std(total)[0] == want_total);
    CHECK(gather_ok);
  }
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaStreamDestroy(s);
}

TEST_CASE("a __device__ lambda works in transform through proclaim_return_type") {
  tide::device_vector<float> x(1000, 2.0f), y(1000, tide::no_init);
  float a = 3.0f;
  auto f = tide::proclaim_return_type<float>([a] __device__(float v) { return a * v + 1.0f; });
  tide::transform(x.begin(), x.end(), y.begin(), f);
  CHECK(tide::reduce(y.begin(), y.end()) == 7000.0f);
  auto g = tide::proclaim_return_type<int>([] __device__(int v) { return v * v; });
  auto first = tide::make_transform_iterator(tide::make_counting_iterator(0), g);
  CHECK(tide::reduce(tide::device, first, first + 10) == 285);
}

namespace {
__global__ void bad_config_kernel() {}
}  // namespace

TEST_CASE("a CUDA error left by other code is reported as not tide's, and cleared") {
  tide::device_vector<int> d(10, 1);
  bad_config_kernel<<<1, 4096>>>();  // too many threads: a launch error nobody checked
  bool named_as_earlier = false;
  try {
    tide::inclusive_scan(tide::device, d.begin(), d.end(), d.begin());
  } catch (const tide::system_error& e) {
    CAPTURE(e.what());
    named_as_earlier = std::string(e.what()).find("before the call") != std::string::npos &&
                       std::string(e.what()).find("cudaError") != std::string::npos;
  }
  CHECK(named_as_earlier);
  CHECK(cudaGetLastError() == cudaSuccess);
  tide::inclusive_scan(tide::device, d.begin(), d.end(), d.begin());
  CHECK(d[9] == 10);
}

namespace {
/// Keeps the GPU busy for about `ns` nanoseconds.
__global__ void busy_kernel(long long ns) {
  const long long start = clock64();
  while (clock64() - start < ns) {
  }
}
}  // namespace

TEST_CASE("reduce returns its value after long work queued ahead of it on the stream") {
  // The host watches the result's flag, then (past 200 us) waits on the stream: both ways deliver.
  cudaStream_t s;
  REQUIRE(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
  tide::device_vector<int> d(5000, 3);
  auto policy = tide::cuda::par.on(s);
  for (long long cycles : {0LL, 20000LL, 2000000LL, 20000000LL}) {  // up to about 10 ms
    CAPTURE(cycles);
    busy_kernel<<<1, 1, 0, s>>>(cycles);
    CHECK(tide::reduce(policy, d.begin(), d.end(), 0, tide::plus<>()) == 15000);
    CHECK(tide::reduce(policy, d.begin(), d.begin() + 1, 1, tide::plus<>()) == 4);
  }
  cudaStreamDestroy(s);
}

TEST_CASE("reduce returning a value inside a stream capture throws and leaves no error behind") {
  cudaStream_t s;
  REQUIRE(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
  tide::device_vector<int> d(1000, 1);
  REQUIRE(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal) == cudaSuccess);
  bool threw = false;
  try {
    (void)tide::reduce(tide::cuda::par.on(s), d.begin(), d.end(), 0, tide::plus<>());
  } catch (const tide::system_error& e) {
    CAPTURE(e.what());
    threw = std::string(e.what()).find("reduce") != std::string::npos;
  }
  CHECK(threw);
  cudaGraph_t graph = nullptr;
  cudaStreamEndCapture(s, &graph);  // invalidated by the refused wait
  if (graph) cudaGraphDestroy(graph);
  cudaGetLastError();
  CHECK(tide::reduce(d.begin(), d.end()) == 1000);
  cudaStreamDestroy(s);
}

TEST_CASE("CUDA errors become tide::system_error with the error name") {
  tide::system_error e(static_cast<int>(cudaErrorInvalidValue), "tide::reduce");
  CHECK(std::string(e.what()).find("cudaErrorInvalidValue") != std::string::npos);
  CHECK(std::string(e.what()).find("tide::reduce") != std::string::npos);
}
#else
TEST_CASE("the device system of this build is a host system") {
  CHECK(!std::is_same_v<tide::device_system_tag, tide::cuda_tag>);
}
#endif
