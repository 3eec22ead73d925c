// Session 20 (issue 19): tide::par's samplesort for a user comparator (f32 keys by a > b, compare/'s
// sort_custom row) beside ips4o::parallel::sort in one process, for a variant of the parallel
// level's bucket count. Built once per variant from a copy of include/ whose
// sample_sort_tuning::max_buckets is edited (the copy's path first on the include path):
//   g++ -std=c++17 -O3 -fopenmp -mcx16 -DTIDE_DEVICE_SYSTEM=2 -DVARIANT='"1024"' -I<copy>/include \
//       -I<ips4o headers> compare/experiments/omp_sample_sort_buckets.cpp <omp build>/libtide.a -latomic
// Each row: the median of reps sorts of the same input (copied back before each, outside the
// timing), sortedness checked after the first.
#include <tide/tide.hpp>
#include <ips4o.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

#ifndef VARIANT
#define VARIANT "?"
#endif

struct custom_greater {
  bool operator()(float a, float b) const { return a > b; }
};

template <class F>
double median_ms(std::vector<float>& work, const std::vector<float>& input, int reps, F f) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    std::copy(input.begin(), input.end(), work.begin());
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    if (r == 0 && !std::is_sorted(work.begin(), work.end(), custom_greater{})) std::printf("NOT SORTED\n");
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main(int argc, char** argv) {
  const int max_lg = argc > 1 ? std::atoi(argv[1]) : 28;
  for (int lg = 20; lg <= max_lg; lg += 2) {
    const std::size_t n = std::size_t(1) << lg;
    std::vector<float> input(n), work(n);
    std::mt19937 g(lg);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    for (auto& x : input) x = u(g);
    const int reps = lg >= 28 ? 3 : lg >= 26 ? 5 : 9;
    const double tide_ms =
        median_ms(work, input, reps, [&] { tide::sort(tide::par, work.begin(), work.end(), custom_greater{}); });
    const double ips_ms =
        median_ms(work, input, reps, [&] { ips4o::parallel::sort(work.begin(), work.end(), custom_greater{}); });
    std::printf("max_buckets %s n=2^%d tide %.2f ms ips4o %.2f ms ips4o/tide %.3f\n", VARIANT, lg, tide_ms, ips_ms,
                ips_ms / tide_ms);
    std::fflush(stdout);
  }
  return 0;
}
