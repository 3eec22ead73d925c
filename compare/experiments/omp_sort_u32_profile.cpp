// Session 23 (issue 19): tide::sort(tide::par) of uniform u32 keys at 2^lg, median of reps; run under perf
// (test/gpu/results/session23-2026-11-27/sort_u32_2p28_perf.txt). Build with -O3 -g -fno-omit-frame-pointer.
#include <tide/tide.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include <algorithm>
#include <cstring>
// u32 keys sorted by tide::par: median of reps at 2^lg (argv: lg reps)
int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 28, reps = argc > 2 ? std::atoi(argv[2]) : 3;
  const std::size_t n = std::size_t(1) << lg;
  std::vector<std::uint32_t> in(n), k(n);
  std::mt19937 g(7);
  for (auto& x : in) x = g();
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    std::memcpy(k.data(), in.data(), n * 4);
    auto t0 = std::chrono::steady_clock::now();
    tide::sort(tide::par, k.data(), k.data() + n);
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  std::printf("u32 2^%d: %.1f ms (%.2f G keys/s), sorted %d\n", lg, t[t.size() / 2], n / t[t.size() / 2] / 1e6,
              int(std::is_sorted(k.begin(), k.end())));
}
