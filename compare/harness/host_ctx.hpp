#pragma once
// The host side of the harness, for machines without a GPU: the same interface as device_ctx
// (buffers, copies, timing), over host memory and std::chrono.

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

#include "host_timer.hpp"

namespace cmp {

/// Owning host memory of `count` T (uninitialized until first written).
template <class T>
class buffer {
 public:
  buffer() = default;
  explicit buffer(std::size_t count) : data_(count ? new T[count] : nullptr), count_(count) {}
  T* get() const { return data_.get(); }
  std::size_t size() const { return count_; }

 private:
  std::unique_ptr<T[]> data_;
  std::size_t count_ = 0;
};

class host_ctx {
 public:
  static constexpr bool is_device = false;
  /// Host systems ignore streams.
  std::nullptr_t stream() const { return nullptr; }

  std::string name() const {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
      if (line.compare(0, 10, "model name") == 0) {
        auto colon = line.find(':');
        if (colon != std::string::npos) return line.substr(colon + 2);
      }
    return "cpu";
  }
  std::size_t cache_bytes() const {
    // Capped at 64 MiB: VMs report odd sizes (384 MiB on a 2-core EPYC guest), and inputs rotated
    // through 4x that would cost more to upload than to time.
    long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    return std::min(l3 > 0 ? std::size_t(l3) : std::size_t(32) << 20, std::size_t(64) << 20);
  }
  std::size_t free_bytes() const { return std::size_t(sysconf(_SC_AVPHYS_PAGES)) * std::size_t(sysconf(_SC_PAGESIZE)); }
  std::string describe() const {
    int threads = 1;
#if defined(_OPENMP)
    threads = omp_get_max_threads();
#endif
    return name() + ", " + std::to_string(threads) + " OpenMP threads, last-level cache " +
           std::to_string(cache_bytes() >> 20) + " MiB";
  }

  template <class T>
  buffer<T> alloc(std::size_t count) {
    return buffer<T>(count);
  }
  template <class T>
  void upload(T* dst, const T* src, std::size_t count) {
    copy_bytes(dst, src, count * sizeof(T));
  }
  template <class T>
  void download(T* dst, const T* src, std::size_t count) {
    copy_bytes(dst, src, count * sizeof(T));
  }
  /// Copies on all threads (the host roofline is a parallel memcpy), or on `threads` of them.
  void copy_bytes(void* dst, const void* src, std::size_t bytes, int threads = 0) {
    in_chunks(bytes, threads, [&](std::size_t b, std::size_t e) {
      std::memcpy(static_cast<char*>(dst) + b, static_cast<const char*>(src) + b, e - b);
    });
  }
  /// Sets bytes on all threads, as copy_bytes copies.
  void fill_bytes(void* dst, int value, std::size_t bytes) {
    in_chunks(bytes, 0, [&](std::size_t b, std::size_t e) { std::memset(static_cast<char*>(dst) + b, value, e - b); });
  }
  void sync() {}

  template <class Prep, class Run>
  std::vector<double> time_runs(int min_runs, double budget_ms, double warmup_ms, Prep&& prep, Run&& run) {
    return time_host_runs(min_runs, budget_ms, warmup_ms, prep, run, 3);  // long calls: at least 3 runs
  }

 private:
  /// f(begin, end) for each 1 MiB chunk of [0, bytes), on all threads or on `threads` of them.
  template <class F>
  static void in_chunks(std::size_t bytes, int threads, F&& f) {
    const std::size_t chunk = std::size_t(1) << 20;
    const std::int64_t chunks = std::int64_t((bytes + chunk - 1) / chunk);
#if defined(_OPENMP)
    if (threads <= 0) threads = omp_get_max_threads();
#pragma omp parallel for schedule(static) if (chunks > 1) num_threads(threads)
#else
    (void)threads;
#endif
    for (std::int64_t c = 0; c < chunks; ++c) {
      const std::size_t b = std::size_t(c) * chunk;
      f(b, std::min(bytes, b + chunk));
    }
  }
};

}  // namespace cmp
