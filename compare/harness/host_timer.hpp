#pragma once
// Host wall-clock timing (std::chrono): the host build's timer, and the GPU build's for host rows
// (std::sort, std::reduce beside the seeds' tables).

#include <algorithm>
#include <chrono>
#include <vector>

namespace cmp {

/// Times run(rep), prep(rep) before it untimed: one warm-up call, then as many runs as fit in
/// about 0.3 s, at least min_runs, at most 300 (the first timed run sizes the rest and counts).
template <class Prep, class Run>
std::vector<double> time_host_runs(int min_runs, Prep&& prep, Run&& run) {
  using clock = std::chrono::steady_clock;
  auto timed = [&](int rep) {
    prep(rep);
    auto t0 = clock::now();
    run(rep);
    return std::chrono::duration<double, std::milli>(clock::now() - t0).count();
  };
  timed(0);
  std::vector<double> ms{timed(1)};
  int runs = ms[0] > 0 ? int(300.0 / ms[0]) : 300;
  runs = std::max(min_runs, std::min(runs, 300));
  for (int r = 1; r < runs; ++r) ms.push_back(timed(1 + r));
  return ms;
}

}  // namespace cmp
