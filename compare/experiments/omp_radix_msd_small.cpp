// Session 23 (issue 19): tide::par's radix sort below the MSD pass's threshold (16 MiB of keys and
// values): the LSD passes over the whole array against one MSD pass and buckets sorted in cache,
// forced either way through radix_options, for each team size given, beside ips4o in the same run.
//   g++ -std=c++17 -O3 -fopenmp -mcx16 -DTIDE_DEVICE_SYSTEM=2 -Iinclude -I<ips4o> \
//       compare/experiments/omp_radix_msd_small.cpp <omp build>/libtide.a -latomic
//   ./a.out "1 2 4 8 16" 16 23 "u32 u64"   (teams, smallest and biggest lg n, types: u32 u64 f32 p32 p64)
// Each row: the median of the sorts of one input (copied back before each, outside the timing),
// checked against std::sort after the first.
#include <tide/tide.hpp>
#include <ips4o.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace omp = tide::backend::omp::detail;

template <class K>
double median_ms(std::vector<K>& work, const std::vector<K>& input, const std::vector<K>& sorted, int reps,
                 const char* what, auto f) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    std::copy(input.begin(), input.end(), work.begin());
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    if (r == 0 && work != sorted) std::printf("WRONG %s\n", what);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class K, bool Pairs = false>
void rows(const char* type, int lg, const std::vector<int>& teams) {
  const std::size_t n = std::size_t(1) << lg;
  std::vector<K> input(n), work(n);
  std::mt19937_64 g(lg * 77 + sizeof(K));
  for (auto& x : input) {
    if constexpr (std::is_floating_point_v<K>)
      x = K(std::uniform_real_distribution<double>(0, 1)(g));
    else
      x = K(g());
  }
  std::vector<K> sorted = input;
  std::sort(sorted.begin(), sorted.end());
  const int reps = lg >= 22 ? 7 : 15;
  std::vector<K> vals(Pairs ? n : 0);
  for (int t : teams) {
    const auto p = tide::par.with_threads(t);
    double ms[2];
    for (int m = 0; m < 2; ++m) {
      omp::radix_options o;
      o.msd = m ? omp::radix_msd::always : omp::radix_msd::never;
      ms[m] = median_ms(work, input, sorted, reps, m ? "msd" : "lsd", [&] {
        if constexpr (Pairs)
          omp::radix_sort_any<false, true>(p, work.data(), tide::size_type(n), vals.data(), 0, int(8 * sizeof(K)),
                                           "experiment", o);
        else
          omp::radix_sort_any<false, false>(p, work.data(), tide::size_type(n), work.data(), 0,
                                            int(8 * sizeof(K)), "experiment", o);
      });
    }
    const double def = median_ms(work, input, sorted, reps, "tide::sort", [&] {
      if constexpr (Pairs)
        tide::sort_by_key(p, work.data(), work.data() + n, vals.data());
      else
        tide::sort(p, work.data(), work.data() + n);
    });
    std::printf("%s n=2^%d threads %2d  lsd %8.3f  msd %8.3f  tide::sort %8.3f ms  lsd/msd %.2f\n", type, lg, t, ms[0],
                ms[1], def, ms[0] / ms[1]);
    std::fflush(stdout);
  }
  const double ips = median_ms(work, input, sorted, reps, "ips4o", [&] { ips4o::parallel::sort(work.begin(), work.end()); });
  std::printf("%s n=2^%d ips4o (all threads) %8.3f ms\n", type, lg, ips);
}

int main(int argc, char** argv) {
  std::vector<int> teams;
  std::istringstream s(argc > 1 ? argv[1] : "1 2");
  for (int t; s >> t;) teams.push_back(t);
  const int lo = argc > 2 ? std::atoi(argv[2]) : 16, hi = argc > 3 ? std::atoi(argv[3]) : 22;
  const std::string types = argc > 4 ? argv[4] : "u32 u64 f32 p32 p64";
  for (int lg = lo; lg <= hi; ++lg) {
    if (types.find("u32") != std::string::npos) rows<std::uint32_t>("u32", lg, teams);
    if (types.find("u64") != std::string::npos) rows<std::uint64_t>("u64", lg, teams);
    if (types.find("f32") != std::string::npos) rows<float>("f32", lg, teams);
    if (types.find("p32") != std::string::npos) rows<std::uint32_t, true>("p32", lg, teams);
    if (types.find("p64") != std::string::npos) rows<std::uint64_t, true>("p64", lg, teams);
  }
  return 0;
}
