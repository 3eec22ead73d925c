// The merge sort by a user comparator at 2^11..2^17 f32 keys (issue 18 asks 1.1x Thrust at every
// size; compare/ had 0.92x at 2^12 and 2^14 in session 17): tide::sort (the one-block sort up to
// 4,352 keys, the merge sort above) beside merge_sort_shaped in smaller shapes, every round
// searching its own cuts, and Thrust as compare/ calls it (par_nosync: temporaries from
// cudaMallocAsync's pool; thrust::device would add a cudaMalloc and a cudaFree a call). Each row
// the median of 20 calls, checked against Thrust's order. Results: docs/notes/sort.md (session 18).
// Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/small_msort.cu <build>/libtide.a -lgomp
#include <tide/tide.hpp>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#include <cstdio>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "custom_sort_rows.cuh"

namespace td = tide::backend::cuda::detail;

static void rows(std::size_t n) {
  custom_sort_bench bench(n);
  bench.tide_row("small_msort");
  auto shaped = [&](auto tag, const char* label) {
    using S = typename decltype(tag)::type;
    bench.row("small_msort", label, [&] {
      td::merge_sort_shaped<false, S>(tide::cuda_policy{}, bench.keys(), bench.keys(), bench.size(), custom_greater{},
                                      "x", tide::size_type(1) << 40);  // every round its own cuts
    });
  };
  shaped(std::common_type<msort_shape<512, 17>>{}, "512x17");
  shaped(std::common_type<msort_shape<256, 17>>{}, "256x17");
  shaped(std::common_type<msort_shape<256, 9>>{}, "256x9");
  shaped(std::common_type<msort_shape<128, 17>>{}, "128x17");
  shaped(std::common_type<msort_shape<128, 9>>{}, "128x9");
  shaped(std::common_type<msort_shape<64, 17>>{}, "64x17");
}

int main(int argc, char** argv) {
  const int lo = argc > 1 ? std::atoi(argv[1]) : 11;
  const int hi = argc > 2 ? std::atoi(argv[2]) : 17;
  for (int e = lo; e <= hi; ++e) rows(std::size_t(1) << e);
  return 0;
}
