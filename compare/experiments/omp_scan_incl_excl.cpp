// Session 28 (issue 19's inclusive_scan u32 row, 75% of memcpy at 2^28 in cpu-16-s23): in the 16-core
// host runs tide::par's inclusive u32 scan at 2^28 took 37-48 ms where the exclusive one took
// 28-35 (cpu-16, -s21, -s23; not in -s22). Same blocks, same streamed output; the inclusive row
// runs first. This times, on one input and output, alternating the order every round:
// inclusive (no init), inclusive from an init (the exclusive scan's path), exclusive, and a
// parallel memcpy of the same bytes, u32 and u64, 2^28 items (or argv[1] as the exponent).
//   g++ -std=c++17 -O3 -fopenmp -mcx16 -DTIDE_DEVICE_SYSTEM=2 -Iinclude \
//       compare/experiments/omp_scan_incl_excl.cpp <omp build>/libtide.a -latomic
#include <tide/tide.hpp>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

template <class F>
static double ms(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

template <class T>
static void rows(std::size_t n, int rounds) {
  // Memory touched by every thread in the layout the scans use (first touch in parallel).
  T* in = static_cast<T*>(std::aligned_alloc(64, n * sizeof(T)));
  T* out = static_cast<T*>(std::aligned_alloc(64, n * sizeof(T)));
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(n); ++i) {
    in[i] = T(std::uint64_t(i) * 2654435761u >> 7);
    out[i] = 0;
  }
  const auto par = tide::par;
  auto incl = [&] { tide::inclusive_scan(par, in, in + n, out); };
  auto incl_init = [&] { tide::inclusive_scan(par, in, in + n, out, T(0), tide::plus<T>()); };
  auto excl = [&] { tide::exclusive_scan(par, in, in + n, out); };
  auto copy = [&] {
#pragma omp parallel
    {
      const int t = omp_get_thread_num(), k = omp_get_num_threads();
      const std::size_t b = n * t / k, e = n * (t + 1) / k;
      std::memcpy(out + b, in + b, (e - b) * sizeof(T));
    }
  };
  // Check once: the inclusive scan's last item and the exclusive scan's, against a serial sum.
  T sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum = T(sum + in[i]);
  incl();
  const bool ok1 = out[n - 1] == sum;
  excl();
  const bool ok2 = out[n - 1] == T(sum - in[n - 1]);
  incl_init();
  const bool ok3 = out[n - 1] == sum;
  std::vector<double> ti, tn, te, tc;
  for (int r = 0; r < rounds; ++r) {
    if (r % 2 == 0) {
      ti.push_back(ms(incl));
      tn.push_back(ms(incl_init));
      te.push_back(ms(excl));
      tc.push_back(ms(copy));
    } else {
      tc.push_back(ms(copy));
      te.push_back(ms(excl));
      tn.push_back(ms(incl_init));
      ti.push_back(ms(incl));
    }
  }
  auto med = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  auto lo = [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); };
  const double bytes = 2.0 * double(n) * sizeof(T);
  std::printf("%zu-byte n=%zu threads=%d checks %s | median (min) ms: inclusive %.2f (%.2f) | inclusive from init %.2f (%.2f) "
              "| exclusive %.2f (%.2f) | memcpy %.2f (%.2f) | inclusive %% of memcpy %.0f%%, exclusive %.0f%%\n",
              sizeof(T), n, omp_get_max_threads(), ok1 && ok2 && ok3 ? "ok" : "FAILED", med(ti), lo(ti), med(tn),
              lo(tn), med(te), lo(te), med(tc), lo(tc), 100.0 * med(tc) / med(ti), 100.0 * med(tc) / med(te));
  std::printf("  rounds (ms): inclusive");
  for (double x : ti) std::printf(" %.1f", x);
  std::printf(" | exclusive");
  for (double x : te) std::printf(" %.1f", x);
  std::printf(" | memcpy");
  for (double x : tc) std::printf(" %.1f", x);
  std::printf("\n");
  (void)bytes;
  std::fflush(stdout);
  std::free(in);
  std::free(out);
}

int main(int argc, char** argv) {
  const int e = argc > 1 ? std::atoi(argv[1]) : 28;
  const std::size_t n = std::size_t(1) << e;
  rows<std::uint32_t>(n, 10);
  rows<std::uint64_t>(n, 10);
  rows<std::uint32_t>(n, 10);
  return 0;
}
