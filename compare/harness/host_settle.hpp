#pragma once
// Host mode's settle phase: before the first case, a parallel memcpy is repeated until its rate is
// steady. On the lent GPU machines' 16 host cores every row, memcpy included, swung by up to 1.7x
// between passes in the machine's first ~20 s (docs/notes/omp_scan.md, session 28), and the rows
// timed then (a part's first families) read 25% slow. So: passes of a parallel memcpy of `bytes`
// until three in a row agree within `tolerance` (and `min_s` has passed), or until `max_s`. The
// report goes to run_info.txt, so a run that never settled says so.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace cmp {

struct settle_report {
  std::size_t bytes = 0;
  int passes = 0;
  double seconds = 0;
  std::vector<double> rates;  ///< GB/s (read + write) of each pass
  bool steady = false;
  /// "settle: ..." for run_info.txt.
  std::string line(double max_s) const {
    char buf[256];
    if (passes == 0) return "settle: none (--settle-s=0)";
    std::snprintf(buf, sizeof buf, "settle: %d passes of a parallel memcpy of %zu MiB in %.1f s, %s; first %.1f GB/s",
                  passes, bytes >> 20, seconds, steady ? "steady" : "NOT steady by --settle-s", rates.front());
    std::string s = buf;
    s += ", last three";
    for (std::size_t i = rates.size() >= 3 ? rates.size() - 3 : 0; i < rates.size(); ++i) {
      std::snprintf(buf, sizeof buf, " %.1f", rates[i]);
      s += buf;
    }
    std::snprintf(buf, sizeof buf, " GB/s (at most %.0f s)", max_s);
    return s + buf;
  }
};

/// Runs the passes on ctx's parallel memcpy (host_ctx::copy_bytes, every thread).
template <class Ctx>
settle_report settle_host(Ctx& ctx, std::size_t bytes, double min_s, double max_s, double tolerance = 0.03) {
  settle_report r;
  r.bytes = bytes;
  if (max_s <= 0 || bytes == 0) return r;
  auto src = ctx.template alloc<unsigned char>(bytes);
  auto dst = ctx.template alloc<unsigned char>(bytes);
  ctx.fill_bytes(src.get(), 1, bytes);  // (first touch of both, on every thread)
  ctx.fill_bytes(dst.get(), 0, bytes);
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  for (;;) {
    const auto t0 = clock::now();
    ctx.copy_bytes(dst.get(), src.get(), bytes);
    const auto t1 = clock::now();
    r.rates.push_back(2.0 * double(bytes) / std::chrono::duration<double>(t1 - t0).count() * 1e-9);
    r.passes = int(r.rates.size());
    r.seconds = std::chrono::duration<double>(t1 - start).count();
    if (r.passes >= 3) {
      const auto last = r.rates.end() - 3;
      const double lo = *std::min_element(last, r.rates.end()), hi = *std::max_element(last, r.rates.end());
      r.steady = hi <= lo * (1 + tolerance);
      if (r.steady && r.seconds >= min_s) break;
    }
    if (r.seconds >= max_s) break;
  }
  return r;
}

}  // namespace cmp
