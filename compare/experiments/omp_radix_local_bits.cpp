// Session 23 (issue 19): the OpenMP MSD radix sort with its in-cache digit width forced to 8..11 bits
// (test/gpu/results/session23-2026-11-27/msd_local_bits.txt). ./a.out reps [any: also 2^28]
#include <tide/tide.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>
#include <vector>
#include <algorithm>
namespace omp = tide::backend::omp::detail;
// The MSD sort's in-cache passes: widest digit 8..11 bits (radix_options::msd_local_bits), u32 and u64 keys.
template <class K>
void run(int lg, int reps) {
  const std::size_t n = std::size_t(1) << lg;
  std::vector<K> in(n), k(n);
  std::mt19937_64 g(lg);
  for (auto& x : in) x = K(g());
  for (int bits : {8, 9, 10, 11}) {
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
      std::memcpy(k.data(), in.data(), n * sizeof(K));
      omp::radix_options o;
      o.msd = omp::radix_msd::always;
      o.msd_local_bits = bits;
      auto t0 = std::chrono::steady_clock::now();
      omp::radix_sort_any<false, false>(tide::par, k.data(), tide::size_type(n), k.data(), 0, int(8 * sizeof(K)), "x", o);
      t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(t.begin(), t.end());
    std::printf("%s 2^%d local_bits %d: %.2f ms  sorted %d\n", sizeof(K) == 4 ? "u32" : "u64", lg, bits, t[t.size() / 2],
                int(std::is_sorted(k.begin(), k.end())));
  }
}
int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 5;
  for (int lg : {20, 24, 26}) { run<std::uint32_t>(lg, reps); run<std::uint64_t>(lg, reps); }
  if (argc > 2) { run<std::uint32_t>(28, 3); run<std::uint64_t>(28, 3); }
}
