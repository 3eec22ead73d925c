#pragma once
// Where a run's time goes: every second since the start is charged to one phase (the innermost
// phase_scope open), and each family and size gets a log line when it ends:
//
//   [  73.2 s] scan 2^28: 30 rows in 4.12 s (gen 0.21, ref 0.35, upload 0.40, check 1.02, warm-up 0.45, timed 1.61, other 0.08)
//
// gen: the inputs (counter-based random numbers); ref: the host reference (and the input's hash for
// sorts); upload: host to device, and the rotating copies; check: the validated run and its
// download and comparison; warm-up and timed: the runs around the timed ones and the timed ones;
// other: allocation and everything not in a scope. One thread charges (the harness's), so the
// OpenMP loops inside a phase are charged to it by wall clock.

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace cmp {

enum class phase : int { other, gen, ref, upload, check, warmup, timed, count };

class progress {
 public:
  using clock = std::chrono::steady_clock;

  static progress& get() {
    static progress p;
    return p;
  }

  /// Seconds since the program started (since the first use of the tracker).
  double elapsed() const { return seconds(start_, clock::now()); }

  /// A new family: ends the previous family's size line and the family's own line.
  void family(const std::string& name) {
    end_size();
    end_family();
    family_ = name;
    family_start_ = clock::now();
    family_rows_ = 0;
  }
  /// Work on `n` elements begins (a case's first call: fits()); a different n ends the size line.
  void size(std::int64_t n) {
    if (n == n_) return;
    end_size();
    n_ = n;
    size_start_ = clock::now();
    size_rows_ = 0;
    acc_.fill(0.0);
  }
  void row() { ++size_rows_, ++family_rows_; }

  void push(phase p) {
    charge();
    stack_.push_back(p);
  }
  void pop() {
    charge();
    if (!stack_.empty()) stack_.pop_back();
  }

  /// Ends the last lines and prints the total.
  void finish() {
    end_size();
    end_family();
    std::printf("[%7.1f s] done\n", elapsed());
    std::fflush(stdout);
  }

 private:
  progress() : start_(clock::now()), mark_(start_), family_start_(start_), size_start_(start_) { acc_.fill(0.0); }

  static double seconds(clock::time_point a, clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
  }
  void charge() {
    const auto now = clock::now();
    acc_[std::size_t(stack_.empty() ? phase::other : stack_.back())] += seconds(mark_, now);
    mark_ = now;
  }
  void end_size() {
    if (n_ < 0) return;
    charge();
    const double total = seconds(size_start_, clock::now());
    std::printf("[%7.1f s] %s %s: %d rows in %.2f s (gen %.2f, ref %.2f, upload %.2f, check %.2f, warm-up %.2f, "
                "timed %.2f, other %.2f)\n",
                elapsed(), family_.c_str(), label(n_).c_str(), size_rows_, total, at(phase::gen), at(phase::ref),
                at(phase::upload), at(phase::check), at(phase::warmup), at(phase::timed), at(phase::other));
    std::fflush(stdout);
    n_ = -1;
  }
  void end_family() {
    if (family_.empty()) return;
    std::printf("[%7.1f s] %s: %d rows in %.1f s\n", elapsed(), family_.c_str(), family_rows_,
                seconds(family_start_, clock::now()));
    std::fflush(stdout);
    family_.clear();
  }
  double at(phase p) const { return acc_[std::size_t(p)]; }
  static std::string label(std::int64_t n) {
    if (n > 0 && (n & (n - 1)) == 0) {
      int e = 0;
      while ((std::int64_t(1) << e) != n) ++e;
      return "2^" + std::to_string(e);
    }
    return "n=" + std::to_string(n);
  }

  clock::time_point start_, mark_, family_start_, size_start_;
  std::vector<phase> stack_;
  std::array<double, std::size_t(phase::count)> acc_{};
  std::string family_;
  std::int64_t n_ = -1;
  int size_rows_ = 0, family_rows_ = 0;
};

/// Charges the time until it closes to `p` (nested scopes: the innermost).
class phase_scope {
 public:
  explicit phase_scope(phase p) { progress::get().push(p); }
  ~phase_scope() { progress::get().pop(); }
  phase_scope(const phase_scope&) = delete;
  phase_scope& operator=(const phase_scope&) = delete;
};

}  // namespace cmp
