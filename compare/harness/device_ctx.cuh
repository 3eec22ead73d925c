#pragma once
// The GPU side of the harness: buffers, copies, and CUDA-event timing on one stream.
// The harness may cudaMalloc and synchronize: it is the benchmark, not a library call path, and it
// does both outside the timed region.

#include <chrono>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "progress.hpp"

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
    for (auto& st : staging_) {
      if (st.done) cudaEventDestroy(st.done);
      if (st.host) cudaFreeHost(st.host);
    }
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
  /// Host to device and back, ordered on the harness's stream, through two pinned staging buffers
  /// of 64 MiB: the host copies one (on all threads) while the other crosses the bus. Pageable
  /// vectors at pinned speed, without pinning them. Both return when the copy is complete.
  template <class T>
  void upload(T* dst, const T* src, std::size_t count) {
    staged_copy(reinterpret_cast<char*>(dst), reinterpret_cast<const char*>(src), count * sizeof(T), true);
  }
  template <class T>
  void download(T* dst, const T* src, std::size_t count) {
    cuda_check(cudaStreamSynchronize(stream_), "kernel before download");
    staged_copy(reinterpret_cast<char*>(dst), reinterpret_cast<const char*>(src), count * sizeof(T), false);
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

  /// Times run(rep) for rep = 1, 2, ... with CUDA events around each call, prep(rep) before it
  /// untimed (rep 0 is the validated call, made before). Warm-up: calls until `warmup_ms` have
  /// passed, at least one, so that the GPU's clocks are up again after the host computed the
  /// reference (the first H200 run's reduce rows: tide, timed first in each case, 8% below CUB there
  /// and equal to it in a standalone timing). Then as many timed runs as fit in about `budget_ms`,
  /// at least min_runs, at most 300; the first of them sizes the rest, and counts.
  template <class Prep, class Run>
  std::vector<double> time_runs(int min_runs, double budget_ms, double warmup_ms, Prep&& prep, Run&& run) {
    int rep = 1;
    {
      phase_scope warm(phase::warmup);
      const auto warm_start = std::chrono::steady_clock::now();
      do {
        prep(rep);
        run(rep);
        ++rep;
        sync();
      } while (std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - warm_start).count() <
               warmup_ms);
    }
    phase_scope timed(phase::timed);
    need_events(2);
    prep(rep);
    cuda_check(cudaEventRecord(events_[0], stream_), "cudaEventRecord");
    run(rep);
    cuda_check(cudaEventRecord(events_[1], stream_), "cudaEventRecord");
    cuda_check(cudaEventSynchronize(events_[1]), "cudaEventSynchronize");
    ++rep;
    float first = 0;
    cuda_check(cudaEventElapsedTime(&first, events_[0], events_[1]), "cudaEventElapsedTime");
    int runs = first > 0 ? int(budget_ms / first) : 300;
    runs = std::max(min_runs, std::min(runs, 300));
    need_events(2 * std::size_t(runs));
    for (int r = 1; r < runs; ++r, ++rep) {
      prep(rep);
      cuda_check(cudaEventRecord(events_[2 * r], stream_), "cudaEventRecord");
      run(rep);
      cuda_check(cudaEventRecord(events_[2 * r + 1], stream_), "cudaEventRecord");
    }
    sync();
    std::vector<double> ms(static_cast<std::size_t>(runs));
    ms[0] = first;
    for (int r = 1; r < runs; ++r) {
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

  struct staging {
    char* host = nullptr;
    cudaEvent_t done = nullptr;  // the last copy through this buffer has finished
  };
  static constexpr std::size_t staging_bytes = std::size_t(64) << 20;

  /// memcpy on all host threads, in 1 MiB pieces.
  static void host_copy(char* dst, const char* src, std::size_t bytes) {
    const std::size_t piece = std::size_t(1) << 20;
    const std::int64_t pieces = std::int64_t((bytes + piece - 1) / piece);
#if defined(_OPENMP)
#pragma omp parallel for schedule(static) if (pieces > 1)
#endif
    for (std::int64_t p = 0; p < pieces; ++p) {
      const std::size_t b = std::size_t(p) * piece;
      std::memcpy(dst + b, src + b, std::min(piece, bytes - b));
    }
  }

  void staged_copy(char* dst, const char* src, std::size_t bytes, bool to_device) {
    if (bytes == 0) return;
    if (staging_[0].host == nullptr) {
      for (auto& st : staging_) {
        cuda_check(cudaMallocHost(&st.host, staging_bytes), "cudaMallocHost (staging)");
        cuda_check(cudaEventCreateWithFlags(&st.done, cudaEventDisableTiming), "cudaEventCreate");
        cuda_check(cudaEventRecord(st.done, stream_), "cudaEventRecord");
      }
    }
    const std::size_t chunks = (bytes + staging_bytes - 1) / staging_bytes;
    auto span = [&](std::size_t c) { return std::min(staging_bytes, bytes - c * staging_bytes); };
    if (to_device) {
      for (std::size_t c = 0; c < chunks; ++c) {
        staging& st = staging_[c % 2];
        cuda_check(cudaEventSynchronize(st.done), "upload");  // its previous chunk has crossed
        host_copy(st.host, src + c * staging_bytes, span(c));
        cuda_check(cudaMemcpyAsync(dst + c * staging_bytes, st.host, span(c), cudaMemcpyHostToDevice, stream_), "upload");
        cuda_check(cudaEventRecord(st.done, stream_), "cudaEventRecord");
      }
      cuda_check(cudaStreamSynchronize(stream_), "upload");
    } else {
      auto start = [&](std::size_t c) {
        staging& st = staging_[c % 2];
        cuda_check(cudaMemcpyAsync(st.host, src + c * staging_bytes, span(c), cudaMemcpyDeviceToHost, stream_), "download");
        cuda_check(cudaEventRecord(st.done, stream_), "cudaEventRecord");
      };
      start(0);
      for (std::size_t c = 0; c < chunks; ++c) {
        if (c + 1 < chunks) start(c + 1);  // crosses while chunk c is copied out
        staging& st = staging_[c % 2];
        cuda_check(cudaEventSynchronize(st.done), "download");
        host_copy(dst + c * staging_bytes, st.host, span(c));
      }
    }
  }

  int device_ = 0;
  cudaDeviceProp props_{};
  cudaStream_t stream_ = nullptr;
  std::vector<cudaEvent_t> events_;
  staging staging_[2];
};

}  // namespace cmp
