// Uses an installed tide: sorts and sums on the device system, checks the results.
#include <tide/tide.hpp>

#include <cstdio>
#include <vector>

int main() {
  std::vector<int> h{5, 3, 9, 1, 7};
  tide::device_vector<int> d(h.begin(), h.end());
  tide::sort(d.begin(), d.end());
  int sum = tide::reduce(d.begin(), d.end());
  std::vector<int> back(d.size());
  tide::copy(d.begin(), d.end(), back.begin());
  bool ok = sum == 25 && back == std::vector<int>{1, 3, 5, 7, 9};
  std::printf("tide consumer: sum %d, sorted %s: %s\n", sum, back[0] == 1 ? "yes" : "no", ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
