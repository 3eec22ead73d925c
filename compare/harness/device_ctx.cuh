#pragma once
// The GPU side of the harness: buffers, copies, and CUDA-event timing on one stream.
// The harness may cudaMalloc and synchronize: it is the benchmark, not a library call path, and it
// does both outside the timed region.

#include <chrono>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace cmp {

inline void cuda_check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

/// Owning device memory of `count` T (uninitialized).
template <class T>
class buffer {
 public:
  buffer() = default;
  explicit buffer(std::size_t count) : count_(count) {
    if (count) cuda_check(cudaMalloc(&data_, count * sizeof(T)), "cudaMalloc");
  }
  buffer(buffer&& o) noexcept : data_(o.data_), count_(o.count_) { o.data_ = nullptr, o.count_ = 0; }
  buffer& operator=(buffer&& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(count_, o.count_);
    return *this;
  }
  buffer(const buffer&) = delete;
  ~buffer() {
    if (data_) cudaFree(data_);
  }
  T* get() const { return data_; }
  std::size_t size() const { return count_; }

 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

class device_ctx {
 public:
  static constexpr bool is_device = true;

  device_ctx() {
    cuda_check(cudaGetDevice(&device_), "cudaGetDevice");
    cuda_check(cudaGetDeviceProperties(&props_, device_), "cudaGetDeviceProperties");
    cuda_check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate");
  }
  ~device_ctx() {
    for (auto e : events_) cudaEventDestroy(e);
    cudaStreamDestroy(stream_);
  }
  device_ctx(const device_ctx&) = delete;

  cudaStream_t stream() const { return stream_; }
  std::string name() const { return props_.name; }
  std::size_t cache_bytes() const { return std::size_t(props_.l2CacheSize); }
  std::size_t free_bytes() const {
    std::size_t free = 0, total = 0;
    cuda_check(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
    return free;
  }
  std::string describe() const {
    return std::string(props_.name) + ", " + std::to_string(props_.multiProcessorCount) + " SMs, L2 " +
           std::to_string(props_.l2CacheSize >> 20) + " MiB, " + std::to_string(props_.totalGlobalMem >> 30) +
           " GiB, sm_" + std::to_string(props_.major) + std::to_string(props_.minor);
  }

  template <class T>
  buffer<T> alloc(std::size_t count) {
    return buffer<T>(count);
  }
  template <class T>
  void upload(T* dst, const T* src, std::size_t count) {
    cuda_check(cudaMemcpy(dst, src, count * sizeof(T), cudaMemcpyHostToDevice), "upload");
  }
  template <class T>
  void download(T* dst, const T* src, std::size_t count) {
    cuda_check(cudaStreamSynchronize(stream_), "kernel before download");
    cuda_check(cudaMemcpy(dst, src, count * sizeof(T), cudaMemcpyDeviceToHost), "download");
  }
  /// Ordered on the stream; untimed unless called inside a timed run.
  void copy_bytes(void* dst, const void* src, std::size_t bytes) {
    cuda_check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, stream_), "cudaMemcpyAsync");
  }
  void fill_bytes(void* dst, int value, std::size_t bytes) {
    cuda_check(cudaMemsetAsync(dst, value, bytes, stream_), "cudaMemsetAsync");
  }
  void sync() {
    cuda_check(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
    cuda_check(cudaGetLastError(), "kernel");
  }

  /// Times run(rep) for rep = 0, 1, ... with CUDA events around each call, prep(rep) before it
  /// untimed. Two warm-up calls; then as many runs as fit in about 0.15 s, at least min_runs, at
  /// most 300 (a small input gets many runs, a slow one min_runs).
  template <class Prep, class Run>
  std::vector<double> time_runs(int min_runs, Prep&& prep, Run&& run) {
    // Warm-up: at least 2 runs and 15 ms of them, so that the GPU's clocks are up again after the
    // host computed the reference. Suspected cause of the first H200 run's reduce rows: tide,
    // timed first in each case, 8% below CUB there and equal to it in a standalone timing.
    const auto warm_start = std::chrono::steady_clock::now();
    for (int rep = 0;; ++rep) {
      prep(rep);
      run(rep);
      sync();
      if (rep >= 1 && std::chrono::steady_clock::now() - warm_start > std::chrono::milliseconds(15)) break;
    }
    need_events(2);
    prep(2);
    cuda_check(cudaEventRecord(events_[0], stream_), "cudaEventRecord");
    run(2);
    cuda_check(cudaEventRecord(events_[1], stream_), "cudaEventRecord");
    cuda_check(cudaEventSynchronize(events_[1]), "cudaEventSynchronize");
    float first = 0;
    cuda_check(cudaEventElapsedTime(&first, events_[0], events_[1]), "cudaEventElapsedTime");
    int runs = first > 0 ? int(150.0 / first) : 300;
    runs = std::max(min_runs, std::min(runs, 300));
    need_events(2 * runs);
    for (int r = 0; r < runs; ++r) {
      prep(3 + r);
      cuda_check(cudaEventRecord(events_[2 * r], stream_), "cudaEventRecord");
      run(3 + r);
      cuda_check(cudaEventRecord(events_[2 * r + 1], stream_), "cudaEventRecord");
    }
    sync();
    std::vector<double> ms(runs);
    for (int r = 0; r < runs; ++r) {
      float t = 0;
      cuda_check(cudaEventElapsedTime(&t, events_[2 * r], events_[2 * r + 1]), "cudaEventElapsedTime");
      ms[r] = t;
    }
    return ms;
  }

 private:
  void need_events(std::size_t count) {
    while (events_.size() < count) {
      cudaEvent_t e;
      cuda_check(cudaEventCreate(&e), "cudaEventCreate");
      events_.push_back(e);
    }
  }
  int device_ = 0;
  cudaDeviceProp props_{};
  cudaStream_t stream_ = nullptr;
  std::vector<cudaEvent_t> events_;
};

}  // namespace cmp
