#pragma once
// The suite: one context (GPU or host), the options, the CSV, and `measure`, which validates one
// library's result against the host reference and only then times it.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "data.hpp"
#include "host_timer.hpp"
#include "options.hpp"
#include "progress.hpp"
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

  /// A case at n elements begins (for the log's per-size lines; fits() says it too).
  void begin(std::int64_t n) { progress::get().size(n); }

  /// False (and says so) when `bytes` more would not fit comfortably in free memory. Every case
  /// asks first, before it makes its inputs: this also starts the log's line for size n.
  bool fits(double bytes, const std::string& what, std::int64_t n) {
    begin(n);
    if (past_deadline(what, n)) return false;
    double free = double(ctx.free_bytes());
    if (bytes <= 0.85 * free) return true;
    std::printf("  skip %s at n=%s: needs %.1f GiB, %.1f GiB free\n", what.c_str(), size_label(n).c_str(),
                bytes / 1073741824.0, free / 1073741824.0);
    return false;
  }

  template <class T, class A>
  rotating<T> rotate(const std::vector<T, A>& host, int copies) {
    phase_scope upload(phase::upload);
    rotating<T> r{ctx.alloc<T>(host.size() * std::size_t(copies)), std::int64_t(host.size()), copies};
    if (!host.empty()) {
      ctx.upload(r.mem.get(), host.data(), host.size());
      for (int c = 1; c < copies; ++c) ctx.copy_bytes(r.at(c), r.at(0), host.size() * sizeof(T));
    }
    ctx.sync();
    return r;
  }
  /// Rotated buffers with no contents (outputs, or what prep fills). On the host their pages are
  /// written once here, outside the timing: otherwise a timed run's first write to a page takes its
  /// fault, in the first pass through the copies, and the library measured first pays for all of
  /// them (4 KiB pages on a 2-core EPYC guest: 0.8-0.9 ms to generate 4 MiB the first time, 0.07
  /// ms after; with 64 copies that was most of tide's runs at 2^20, its median 10x Thrust's).
  template <class T>
  rotating<T> rotate_uninit(std::int64_t n, int copies) {
    rotating<T> r{ctx.alloc<T>(std::size_t(n) * std::size_t(copies)), n, copies};
    if constexpr (!context::is_device) {
      phase_scope upload(phase::upload);
      if (n > 0) ctx.fill_bytes(r.mem.get(), 0, std::size_t(n) * std::size_t(copies) * sizeof(T));
    }
    return r;
  }
  template <class T, class A>
  buffer<T> upload(const std::vector<T, A>& host) {
    phase_scope upload(phase::upload);
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
  /// `count` elements from the device into host memory the suite keeps (one buffer per `slot`,
  /// grown when needed, its pages touched once): no allocation or zero fill per check. The pointer
  /// is good until the next fetch into the same slot, or release_fetched().
  template <class T>
  const T* fetch(const T* src, std::int64_t count, int slot = 0) {
    if (slot >= int(fetched_.size())) fetched_.resize(std::size_t(slot) + 1);
    host_vec<char>& mem = fetched_[std::size_t(slot)];
    const std::size_t bytes = std::size_t(count) * sizeof(T) + sizeof(std::max_align_t);
    if (mem.size() < bytes) {
      host_vec<char>().swap(mem);
      mem.resize(bytes);
    }
    T* dst = reinterpret_cast<T*>(mem.data());
    if (count) ctx.download(dst, src, std::size_t(count));
    return dst;
  }
  void release_fetched() { fetched_.clear(); }

  /// Runs prep(0), run(0), then check() (which reads what run(0) wrote and returns "" when it is
  /// right); only a right result is timed, and written as a row. Timed by the context (CUDA events
  /// on a GPU), or by the host clock with `host_clock` (host code in a GPU build).
  template <class Prep, class Run, class Check>
  void measure(const bench_key& k, Prep&& prep, Run&& run, Check&& check, bool host_clock = false) {
    if (!opt.want_library(k.library)) return;
    begin(k.n);
    if (past_deadline(k.algorithm + " " + k.case_name + " " + k.library, k.n)) return;
    const std::string series = k.algorithm + " " + k.case_name + " " + k.library + " " + k.type + " " + k.distribution;
    if (over_call_budget(series, k.n)) return;
    try {
      std::string problem;
      double validated_ms = 0;
      {
        phase_scope validating(phase::check);
        prep(0);
        const auto t0 = std::chrono::steady_clock::now();
        run(0);
        ctx.sync();
        validated_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        problem = check();
      }
      if (!problem.empty()) return fail(k, "wrong result: " + problem);
      // Host mode without --warmup-ms: a call so long that min_runs of them would pass the budget
      // gets no warm-up call (-1), the validated call just before being one (a 2^28 sort: 4 calls,
      // not 5). Shorter calls, and every GPU row, keep theirs.
      const double warmup_ms = !context::is_device && opt.warmup_ms <= 0 && validated_ms * opt.min_runs > opt.budget_ms
                                   ? -1.0
                                   : opt.warmup_ms;
      row r{k, median(host_clock ? time_host_runs(opt.min_runs, opt.budget_ms, warmup_ms, prep, run)
                                 : ctx.time_runs(opt.min_runs, opt.budget_ms, warmup_ms, prep, run))};
      csv_->add(r);
      last_[series] = {k.n, r.median_ms};
      progress::get().row();
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
    begin(k.n);
    row r{k, ms};
    csv_->add(r);
    progress::get().row();
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
  /// Rows left out by --max-call-s (not failures): what, and the call time predicted.
  std::vector<std::string> skipped;

  /// A row left out on purpose (not a failure): said in the log and in skipped.txt.
  void skip(const std::string& line) {
    std::printf("  skip %s\n", line.c_str());
    std::fflush(stdout);
    skipped.push_back(line);
  }
  /// Host mode only: f32 sums past 2^24 are left out. A host library sums each thread's chunk in
  /// order, and a float running sum of values in [0, 1) stops growing near 2^24: every host
  /// library, std included, lands far outside the check's tolerance at 2^28.
  bool host_f32_sum_too_long(const std::string& what, std::int64_t n) {
    if (context::is_device || n <= (std::int64_t(1) << 24)) return false;
    skip(what + " f32 n=" + std::to_string(n) + ": a float running sum of this many values in [0, 1) stalls near 2^24 "
         "(host mode runs f32 sums up to 2^24)");
    return true;
  }

  /// One call of `series` at n as the same row at its previous size predicts it (scaled by n, and by
  /// log n for sorts), in seconds; 0 without such a row.
  double predicted_call_s(const std::string& series, std::int64_t n) const {
    auto it = last_.find(series);
    if (it == last_.end() || it->second.first >= n || it->second.first <= 1) return 0;
    const double ratio = double(n) / double(it->second.first);
    const double logs = std::log2(double(n)) / std::log2(double(it->second.first));
    return it->second.second * ratio * (series.compare(0, 4, "sort") == 0 ? logs : 1.0) / 1000.0;
  }

  /// True when --max-call-s would leave out every one of these rows at n (bench_keys with their
  /// library set; those --libs does not want, and those with no row at a smaller size, are left
  /// aside; at least one must remain): a case can then skip making its inputs and reference. Each
  /// is said and listed as skipped, as measure() would.
  bool all_over_call_budget(const std::vector<bench_key>& keys, std::int64_t n) {
    if (opt.max_call_s <= 0) return false;
    std::vector<std::string> wanted;
    for (const bench_key& k : keys)
      if (opt.want_library(k.library))
        wanted.push_back(k.algorithm + " " + k.case_name + " " + k.library + " " + k.type + " " + k.distribution);
    // A series with no row at a smaller size (a library not built here) predicts nothing: left aside.
    wanted.erase(std::remove_if(wanted.begin(), wanted.end(),
                                [&](const std::string& series) { return predicted_call_s(series, n) <= 0; }),
                 wanted.end());
    if (wanted.empty()) return false;
    for (const auto& series : wanted)
      if (predicted_call_s(series, n) <= opt.max_call_s) return false;
    begin(n);
    for (const auto& series : wanted) over_call_budget(series, n);
    return true;
  }

  /// With --max-call-s: true (and says so) when the same series' last row, scaled by n (and by
  /// log n, for sorts), predicts one call longer than the limit.
  bool over_call_budget(const std::string& series, std::int64_t n) {
    if (opt.max_call_s <= 0) return false;
    auto it = last_.find(series);
    const double predicted_s = predicted_call_s(series, n);
    if (predicted_s <= opt.max_call_s) return false;
    char line[320];
    std::snprintf(line, sizeof line, "%s n=%lld: one call predicted at %.1f s (%.1f ms at n=%lld), over --max-call-s=%g",
                  series.c_str(), (long long)n, predicted_s, it->second.second, (long long)it->second.first, opt.max_call_s);
    std::printf("  skip %s\n", line);
    std::fflush(stdout);
    skipped.push_back(line);
    return true;
  }

  /// With --deadline-s: true (and says so) once the run is past it; the first time, a failure line
  /// says where the run stopped.
  bool past_deadline(const std::string& what, std::int64_t n) {
    if (opt.deadline_s <= 0 || progress::get().elapsed() < opt.deadline_s) return false;
    if (!deadline_hit_) {
      deadline_hit_ = true;
      failures.push_back("deadline of " + std::to_string(int(opt.deadline_s)) + " s reached before " + what +
                         " n=" + std::to_string(n) + ": the rest of the run was not measured");
    }
    std::printf("  skip %s at n=%s: past the deadline\n", what.c_str(), size_label(n).c_str());
    return true;
  }

 private:
  bool deadline_hit_ = false;
  std::map<std::string, std::pair<std::int64_t, double>> last_;  // series -> (n, median ms) of its last row
  std::string dir_;
  std::unique_ptr<csv_writer> csv_;
  std::vector<host_vec<char>> fetched_;
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
void bench_tridiagonal(suite& s);
void bench_partition(suite& s);
void bench_unique_by_key(suite& s);
void bench_find(suite& s);
void bench_replace_reverse(suite& s);
void bench_adjacent_difference(suite& s);
void bench_set_operations(suite& s);
void bench_shuffle(suite& s);

}  // namespace cmp
