#pragma once
// Host wall-clock timing (std::chrono): the host build's timer, and the GPU build's for host rows
// (std::sort, std::reduce beside the seeds' tables).

#include <algorithm>
#include <chrono>
#include <vector>

#include "progress.hpp"

namespace cmp {

/// Times run(rep), prep(rep) before it untimed: warm-up calls until `warmup_ms` have passed (at
/// least one; none with a negative `warmup_ms`: suite::measure's long host calls), then as many
/// runs as fit in about `budget_ms`, at least min_runs, at most 300 (the first timed run sizes the
/// rest and counts). With `long_runs` > 0 (host mode), a call so long
/// that min_runs of them would pass the budget gets only as many runs as fit in it, at least
/// `long_runs`: a 2-core host's large sorts stay within a few calls.
template <class Prep, class Run>
std::vector<double> time_host_runs(int min_runs, double budget_ms, double warmup_ms, Prep&& prep, Run&& run,
                                   int long_runs = 0) {
  using clock = std::chrono::steady_clock;
  int rep = 1;
  auto timed = [&] {
    prep(rep);
    auto t0 = clock::now();
    run(rep);
    ++rep;
    return std::chrono::duration<double, std::milli>(clock::now() - t0).count();
  };
  if (warmup_ms >= 0) {
    phase_scope warm(phase::warmup);
    double spent = 0;
    do spent += timed();
    while (spent < warmup_ms);
  }
  phase_scope timing(phase::timed);
  std::vector<double> ms{timed()};
  int runs = ms[0] > 0 ? int(budget_ms / ms[0]) : 300;
  runs = std::max(min_runs, std::min(runs, 300));
  if (long_runs > 0 && ms[0] * min_runs > budget_ms)
    runs = std::max(long_runs, std::min(min_runs, ms[0] > 0 ? int(budget_ms / ms[0]) : min_runs));
  for (int r = 1; r < runs; ++r) ms.push_back(timed());
  return ms;
}

}  // namespace cmp
