// A sparse histogram, as in Thrust's histogram example: sort the data, count the distinct values
// with inner_product over neighbours, then reduce_by_key over a constant iterator of ones gives
// (value, count) pairs for the values present only.

#include "lib.hpp"

int main() {
  const int n = 50000;
  lcg rng{2024};
  lib::host_vector<int> h(n);
  for (int i = 0; i < n; ++i) {  // a bell shape: the sum of four small uniforms, every third value skipped
    int v = 0;
    for (int j = 0; j < 4; ++j) v += int(rng.next() % 25);
    h[i] = v - v % 3;
  }
  lib::device_vector<int> data = h;
  lib::sort(data.begin(), data.end());

  // Distinct values: 1 + the number of neighbours that differ.
  const int bins = lib::inner_product(data.begin(), data.end() - 1, data.begin() + 1, 1, lib::plus<int>(),
                                      lib::not_equal_to<int>());
  lib::device_vector<int> values(bins), counts(bins);
  lib::reduce_by_key(data.begin(), data.end(), lib::make_constant_iterator(1), values.begin(), counts.begin());

  lib::host_vector<int> h_values = values;
  lib::host_vector<int> h_counts = counts;
  std::printf("sparse histogram: %d samples, %d bins\n", n, bins);
  for (int i = 0; i < bins; ++i) std::printf("%3d: %d\n", int(h_values[i]), int(h_counts[i]));
  return 0;
}
