#pragma once
// The suite: one context (GPU or host), the options, the CSV, and `measure`, which validates one
// library's result against the host reference and only then times it.

#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "data.hpp"
#include "host_timer.hpp"
#include "options.hpp"
#include "report.hpp"

#if defined(__CUDACC__)
#include "device_ctx.cuh"
#else
#include "host_ctx.hpp"
#endif

namespace cmp {

#if defined(__CUDACC__)
using context = device_ctx;
#else
using context = host_ctx;
#endif

/// `copies` copies of an n-element buffer; run `rep` uses copy rep % copies, so inputs smaller than
/// a few times the cache are read from memory, not from the cache the previous run filled.
template <class T>
struct rotating {
  buffer<T> mem;
  std::int64_t n = 0;
  int copies = 1;
  T* at(int rep) const { return mem.get() + std::int64_t(rep % copies) * n; }
};

struct no_prep {
  void operator()(int) const {}
};

class suite {
 public:
  /// Results go to opt.out_dir, or compare/results/<gpu-name> (`cpu` on the host).
  explicit suite(options o) : opt(std::move(o)) {
    dir_ = !opt.out_dir.empty() ? opt.out_dir
                                : "compare/results/" + (context::is_device ? gpu_dir_name(ctx.name()) : "cpu");
    std::filesystem::create_directories(dir_);
    csv_ = std::make_unique<csv_writer>(dir_ + "/results.csv", opt.append);
  }

  options opt;
  context ctx;
  const std::string& results_dir() const { return dir_; }

  /// How many copies of a working set of `bytes` make consecutive runs miss the cache (4x its size).
  int copies_for(double bytes) const {
    double target = 4.0 * double(ctx.cache_bytes());
    if (bytes <= 0 || bytes >= target) return 1;
    return int(std::min(1024.0, std::ceil(target / bytes)));
  }

  /// False (and says so) when `bytes` more would not fit comfortably in free memory.
  bool fits(double bytes, const std::string& what, std::int64_t n) {
    double free = double(ctx.free_bytes());
    if (bytes <= 0.85 * free) return true;
    std::printf("  skip %s at n=%s: needs %.1f GiB, %.1f GiB free\n", what.c_str(), size_label(n).c_str(),
                bytes / 1073741824.0, free / 1073741824.0);
    return false;
  }

  template <class T>
  rotating<T> rotate(const std::vector<T>& host, int copies) {
    rotating<T> r{ctx.alloc<T>(host.size() * std::size_t(copies)), std::int64_t(host.size()), copies};
    if (!host.empty()) {
      ctx.upload(r.mem.get(), host.data(), host.size());
      for (int c = 1; c < copies; ++c) ctx.copy_bytes(r.at(c), r.at(0), host.size() * sizeof(T));
    }
    ctx.sync();
    return r;
  }
  template <class T>
  rotating<T> rotate_uninit(std::int64_t n, int copies) {
    return rotating<T>{ctx.alloc<T>(std::size_t(n) * std::size_t(copies)), n, copies};
  }
  template <class T>
  buffer<T> upload(const std::vector<T>& host) {
    buffer<T> b = ctx.alloc<T>(host.size());
    if (!host.empty()) ctx.upload(b.get(), host.data(), host.size());
    return b;
  }
  template <class T>
  std::vector<T> download(const T* src, std::int64_t count) {
    std::vector<T> v(static_cast<std::size_t>(count));
    if (count) ctx.download(v.data(), src, v.size());
    return v;
  }

  /// Runs prep(0), run(0), then check() (which reads what run(0) wrote and returns "" when it is
  /// right); only a right result is timed, and written as a row. Timed by the context (CUDA events
  /// on a GPU), or by the host clock with `host_clock` (host code in a GPU build).
  template <class Prep, class Run, class Check>
  void measure(const bench_key& k, Prep&& prep, Run&& run, Check&& check, bool host_clock = false) {
    if (!opt.want_library(k.library)) return;
    try {
      prep(0);
      run(0);
      ctx.sync();
      std::string problem = check();
      if (!problem.empty()) return fail(k, "wrong result: " + problem);
      row r{k, median(host_clock ? time_host_runs(opt.min_runs, prep, run) : ctx.time_runs(opt.min_runs, prep, run))};
      csv_->add(r);
      std::printf("  %-16s %-24s %-7s %-4s %9s %-14s %11.4f ms %9.3f Gelem/s %9.1f GB/s\n", k.algorithm.c_str(),
                  k.case_name.c_str(), k.library.c_str(), k.type.c_str(), size_label(k.n).c_str(),
                  k.distribution.c_str(), r.median_ms, r.gelem_per_s(), r.gb_per_s());
      std::fflush(stdout);
    } catch (const std::exception& e) {
      fail(k, e.what());
    }
  }
  template <class Run, class Check>
  void measure(const bench_key& k, Run&& run, Check&& check) {
    measure(k, no_prep{}, run, check);
  }
  /// Host code (std::reduce, std::sort), timed by the host clock in either build.
  template <class Prep, class Run, class Check>
  void measure_host(const bench_key& k, Prep&& prep, Run&& run, Check&& check) {
    measure(k, prep, run, check, true);
  }

  /// A row measured elsewhere (a host timing taken once, a phase of a seed's kernel).
  void record(const bench_key& k, double ms) {
    if (!opt.want_library(k.library)) return;
    row r{k, ms};
    csv_->add(r);
    std::printf("  %-16s %-24s %-7s %-4s %9s %-14s %11.4f ms\n", k.algorithm.c_str(), k.case_name.c_str(),
                k.library.c_str(), k.type.c_str(), size_label(k.n).c_str(), k.distribution.c_str(), ms);
  }

  void fail(const bench_key& k, const std::string& why) {
    std::string line = k.algorithm + " " + k.case_name + " " + k.library + " " + k.type + " n=" +
                       std::to_string(k.n) + " " + k.distribution + ": " + why;
    std::printf("  FAILED %s\n", line.c_str());
    std::fflush(stdout);
    failures.push_back(line);
  }

  std::vector<std::string> failures;

 private:
  std::string dir_;
  std::unique_ptr<csv_writer> csv_;
};

/// Each algorithm family's entry point; main calls those the options ask for.
void bench_memcpy(suite& s);
void bench_reduce(suite& s);
void bench_scan(suite& s);
void bench_transform(suite& s);
void bench_gather_scatter(suite& s);
void bench_copy_if(suite& s);
void bench_reduce_by_key(suite& s);
void bench_histogram(suite& s);
void bench_sort(suite& s);

}  // namespace cmp
