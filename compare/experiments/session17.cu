// Session 17 microbenchmarks (H100), each row checked against the reference:
//   msort    the merge sort by a user comparator (f32, a > b) at 2^12 .. 2^20 in several block
//            shapes (tiles sorted by a block, the rounds' tiles) beside Thrust's sort and tide::sort:
//            which shape is fastest at the small sizes, where one or a few blocks sort a tile?
//   sorted   is_sorted on 2^k sorted u32 (i / 3) against memcpy and Thrust.
// Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/session17.cu <build>/libtide.a -lgomp
#include <tide/tide.hpp>
#include <thrust/execution_policy.h>
#include <thrust/logical.h>
#include <thrust/sort.h>

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "experiment.cuh"
#include "custom_sort_rows.cuh"
#include "sorted_rows.cuh"

namespace td = tide::backend::cuda::detail;

static void msort_rows(std::size_t n) {
  custom_sort_bench bench(n);
  bench.tide_row("msort");
  // fused: rounds of at most this many tiles search their own cuts (0: never, as before session 17)
  auto shape = [&](auto tag, const char* label, tide::size_type fused) {
    using S = typename decltype(tag)::type;
    char name[64];
    std::snprintf(name, sizeof name, "%s f%lld", label, (long long)fused);
    bench.row("msort", name, [&] {
      td::merge_sort_shaped<false, S>(tide::cuda_policy{}, bench.keys(), bench.keys(), bench.size(), custom_greater{},
                                      "s17", fused);
    });
  };
  using big = std::common_type<msort_shape<1024, 17, 512, 17>>;
  using mid = std::common_type<msort_shape<512, 17>>;
  using small = std::common_type<msort_shape<256, 17>>;
  shape(big{}, "1024x17/512", 0);  // session 16's merge sort
  shape(big{}, "1024x17/512", 1024);
  shape(mid{}, "512x17/512", 1024);
  if (n <= (std::size_t(1) << 20)) shape(small{}, "256x17/256", 1024);
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "msort";
  const int lo = argc > 2 ? std::atoi(argv[2]) : 12;
  const int hi = argc > 3 ? std::atoi(argv[3]) : lo;
  if (mode == "msort") {
    for (int e = lo; e <= hi; e += (e < 24 ? 1 : 2)) msort_rows(std::size_t(1) << e);
  } else if (mode == "sorted") {
    for (int e = lo; e <= hi; e += 2) {
      const std::size_t n = std::size_t(1) << e;
      sorted_rows(n, memcpy_row(n), true);
    }
  }
  return 0;
}
