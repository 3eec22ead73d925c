// Issue 18's binary-size and compile-time unit: reduce, inclusive_scan, sort and sort_by_key on
// device_vector of u32, f32 and u64, written once and compiled twice (compare/size/run.sh): as is
// against Thrust, and with -DSIZE_UNIT_TIDE against tide, the way a drop-in program swaps them.
#include <cstdint>
#include <cstdio>
#include <vector>
#ifdef SIZE_UNIT_TIDE
#include <tide/tide.hpp>
namespace lib = tide;
#else
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
namespace lib = thrust;
#endif

template <class T>
double exercise(std::size_t n) {
  std::vector<T> h(n);
  for (std::size_t i = 0; i < n; ++i) h[i] = static_cast<T>((i * 2654435761u) % 1000);
  lib::device_vector<T> keys(h.begin(), h.end()), values(h.begin(), h.end());
  const T sum = lib::reduce(keys.begin(), keys.end());
  lib::inclusive_scan(keys.begin(), keys.end(), values.begin());
  lib::sort(keys.begin(), keys.end());
  lib::sort_by_key(keys.begin(), keys.end(), values.begin());
  const T first_key = keys[0], first_value = values[0];
  return double(sum) + double(first_key) + double(first_value);
}

int main() {
  const double r = exercise<std::uint32_t>(1000) + exercise<float>(1000) + exercise<std::uint64_t>(1000);
  std::printf("%.1f\n", r);
  return 0;
}
