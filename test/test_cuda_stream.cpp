// The CUDA system's own promises: algorithms capture into CUDA graphs (no synchronization, no
// allocation that capture refuses), __device__ lambdas work through proclaim_return_type, errors
// left by other code are not blamed on tide, and empty input launches nothing.
#include "common.hpp"

using namespace tide_test;

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <string>
#include <thread>

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

// ---- scans on the stream's scratch (backend/cuda/tile_state_buffer.hpp) ---------------------------

namespace {
/// Scan sizes of 2 tiles and more, up to about 2^20 (a few tiles under TIDE_TEST_SMALL).
std::int64_t scratch_scan_n(int k) {
  const bool small = std::getenv("TIDE_TEST_SMALL") != nullptr;
  return small ? 4099 + 977 * (k % 7) : 8193 + 61001 * (k % 17);
}
std::vector<int> exclusive_sums(const std::vector<int>& h, std::int64_t n, int init) {
  std::vector<int> want(static_cast<std::size_t>(n));
  std::exclusive_scan(h.begin(), h.begin() + n, want.begin(), init);
  return want;
}
}  // namespace

TEST_CASE("scans queued back to back on one stream, sizes and types changing, are all right") {
  // Each scan finds the look-back state that the one before left: nothing waits in between.
  cudaStream_t s;
  REQUIRE(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
  auto policy = tide::cuda::par_nosync.on(s);
  constexpr int calls = 24;
  std::int64_t most = 0;
  for (int k = 0; k < calls; ++k) most = std::max(most, scratch_scan_n(k * 5));
  const auto h = random_vector<int>(most, "scratch-b2b", -1000, 1000);
  tide::device_vector<int> in(h.begin(), h.end());
  std::vector<double> hd(h.begin(), h.end());
  tide::device_vector<double> in_d(hd.begin(), hd.end());
  std::vector<tide::device_vector<int>> outs;
  std::vector<tide::device_vector<double>> outs_d;
  for (int k = 0; k < calls; ++k) {
    const std::int64_t n = scratch_scan_n(k * 5);
    outs.emplace_back(n, tide::no_init);
    outs_d.emplace_back(n, tide::no_init);
  }
  for (int k = 0; k < calls; ++k) {
    const std::int64_t n = scratch_scan_n(k * 5);
    if (k % 2) tide::exclusive_scan(policy, in.begin(), in.begin() + n, outs[k].begin(), k);
    else tide::inclusive_scan(policy, in.begin(), in.begin() + n, outs[k].begin());
    tide::inclusive_scan(policy, in_d.begin(), in_d.begin() + n, outs_d[k].begin());  // the chained look-back
  }
  REQUIRE(cudaStreamSynchronize(s) == cudaSuccess);
  for (int k = 0; k < calls; ++k) {
    const std::int64_t n = scratch_scan_n(k * 5);
    CAPTURE(k);
    CAPTURE(n);
    std::vector<int> want(static_cast<std::size_t>(n));
    if (k % 2) want = exclusive_sums(h, n, k);
    else std::partial_sum(h.begin(), h.begin() + n, want.begin());
    CHECK(to_std(outs[k]) == want);
    std::vector<double> want_d(static_cast<std::size_t>(n));
    std::partial_sum(hd.begin(), hd.begin() + n, want_d.begin());  // integers: exact in double
    CHECK(to_std(outs_d[k]) == want_d);
  }
  cudaStreamDestroy(s);
}

TEST_CASE("scans on more streams at once than keep a scratch block are all right") {
  // Streams past tide::detail::stream_scratch_streams take temporaries; all run side by side.
  constexpr int streams = tide::detail::stream_scratch_streams + 8;
  std::vector<cudaStream_t> s(streams);
  for (auto& x : s) REQUIRE(cudaStreamCreateWithFlags(&x, cudaStreamNonBlocking) == cudaSuccess);
  std::vector<std::vector<int>> h;
  std::vector<tide::device_vector<int>> in, out;
  for (int i = 0; i < streams; ++i) {
    const std::int64_t n = scratch_scan_n(i);
    h.push_back(random_vector<int>(n, "scratch-streams-" + std::to_string(i), -50, 50));
    in.emplace_back(h.back().begin(), h.back().end());
    out.emplace_back(n, tide::no_init);
  }
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < streams; ++i)
      tide::exclusive_scan(tide::cuda::par_nosync.on(s[i]), in[i].begin(), in[i].end(), out[i].begin(), round);
    for (int i = 0; i < streams; ++i) {
      REQUIRE(cudaStreamSynchronize(s[i]) == cudaSuccess);
      CAPTURE(round);
      CAPTURE(i);
      CHECK(to_std(out[i]) == exclusive_sums(h[i], std::int64_t(h[i].size()), round));
    }
  }
  for (auto& x : s) cudaStreamDestroy(x);
}

TEST_CASE("scans on the per-thread default streams of several host threads at once are all right") {
  // cudaStreamPerThread is one handle for every thread, but each thread's own stream.
  constexpr int threads = 4;
  std::vector<unsigned long long> ids(threads, 0);
  std::vector<int> wrong(threads, -1);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      const std::int64_t n = scratch_scan_n(3 * t + 1);
      const auto h = random_vector<int>(n, "scratch-threads-" + std::to_string(t), -50, 50);
      tide::device_vector<int> in(h.begin(), h.end()), out(n, tide::no_init);
      cudaStreamGetId(cudaStreamPerThread, &ids[t]);
      int bad = 0;
      for (int k = 0; k < 20; ++k) {
        tide::exclusive_scan(tide::cuda::par_nosync.on(cudaStreamPerThread), in.begin(), in.end(), out.begin(), k);
        cudaStreamSynchronize(cudaStreamPerThread);
        bad += to_std(out) != exclusive_sums(h, n, k);
      }
      wrong[t] = bad;
    });
  }
  for (auto& th : pool) th.join();
  for (int t = 0; t < threads; ++t) {
    CAPTURE(t);
    CHECK(wrong[t] == 0);
    for (int u = 0; u < t; ++u) CHECK(ids[t] != ids[u]);  // the scratch is keyed by these
  }
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
