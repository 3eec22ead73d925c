// unique_by_key, unique_by_key_copy and unique_count: readings sorted by sensor, the first reading
// of each sensor kept (with and without a copy), runs of keys equal under a caller's predicate
// (the same hundred), and runs of a float key with signed zeros (equal) and NaN (equal to nothing).

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/unique.h>

#include <cmath>
#include <cstdio>

/// A tiny deterministic generator, so both builds see the same input.
struct lcg {
  unsigned long long state;
  unsigned next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return unsigned(state >> 33);
  }
};

struct same_hundred {
  __host__ __device__ bool operator()(int a, int b) const { return a / 100 == b / 100; }
};

int main() {
  const int n = 150000;
  lcg rng{23};
  thrust::host_vector<int> h_sensor(n), h_reading(n);
  for (int i = 0; i < n; ++i) {
    h_sensor[i] = int(rng.next() % 5000);
    h_reading[i] = int(rng.next() % 100000);
  }
  thrust::device_vector<int> sensor = h_sensor, reading = h_reading;
  thrust::stable_sort_by_key(sensor.begin(), sensor.end(), reading.begin());
  std::printf("unique_by_key n=%d\n", n);

  // How many sensors, then each sensor's first reading (copied, then in place).
  const long long sensors = thrust::unique_count(sensor.begin(), sensor.end());
  thrust::device_vector<int> first_sensor(n), first_reading(n);
  auto cends = thrust::unique_by_key_copy(sensor.begin(), sensor.end(), reading.begin(), first_sensor.begin(),
                                          first_reading.begin());
  const int copied = int(cends.first - first_sensor.begin());
  auto ends = thrust::unique_by_key(sensor.begin(), sensor.end(), reading.begin());
  const int kept = int(ends.first - sensor.begin());
  thrust::host_vector<int> hs(sensor.begin(), sensor.begin() + kept), hr(reading.begin(), reading.begin() + kept);
  thrust::host_vector<int> cs = first_sensor, cr = first_reading;
  long long weighted = 0;
  bool same = copied == kept && int(ends.second - reading.begin()) == kept;
  for (int i = 0; i < kept; ++i) {
    weighted += hr[i] * (i % 11 + 1LL);
    same = same && cs[i] == hs[i] && cr[i] == hr[i];
  }
  std::printf("sensors %lld, kept %d, copy agrees %s, weighted first readings %lld, first", sensors, kept,
              same ? "yes" : "no", weighted);
  for (int i = 0; i < 5; ++i) std::printf(" %d:%d", int(hs[i]), int(hr[i]));
  std::printf("\n");

  // Runs of values in the same hundred (neighbours only): mostly runs of 5, some split in two.
  thrust::host_vector<int> h_value(n), h_idx(n);
  for (int i = 0; i < n; ++i) {
    h_value[i] = (i / 5 * 2 + (h_reading[i] % 10 == 0 ? 1 : 0)) * 100 + h_reading[i] % 100;
    h_idx[i] = i;
  }
  thrust::device_vector<int> r = h_value, idx = h_idx;
  const long long runs = thrust::unique_count(r.begin(), r.end(), same_hundred());
  auto pends = thrust::unique_by_key(r.begin(), r.end(), idx.begin(), same_hundred());
  const int pk = int(pends.first - r.begin());
  thrust::host_vector<int> hi(idx.begin(), idx.begin() + pk);
  long long isum = 0;
  for (int i = 0; i < pk; ++i) isum += hi[i] * (i % 7 + 1LL);
  std::printf("same-hundred runs %lld, kept %d, weighted indices %lld\n", runs, pk, isum);

  // Float keys: -0 and +0 are equal, NaN equals nothing.
  const float nan = std::nanf("");
  float fk[] = {nan, nan, 1.5f, 1.5f, -0.0f, 0.0f, 0.0f, nan, 2.5f, 2.5f, -0.0f};
  int fv[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  thrust::device_vector<float> dfk(fk, fk + 11);
  thrust::device_vector<int> dfv(fv, fv + 11);
  const long long fruns = thrust::unique_count(dfk.begin(), dfk.end());
  auto fends = thrust::unique_by_key(dfk.begin(), dfk.end(), dfv.begin());
  const int fkept = int(fends.first - dfk.begin());
  thrust::host_vector<float> hfk(dfk.begin(), dfk.begin() + fkept);
  thrust::host_vector<int> hfv(dfv.begin(), dfv.begin() + fkept);
  std::printf("float keys: %lld runs, kept", fruns);
  for (int i = 0; i < fkept; ++i) {
    if (std::isnan(hfk[i])) std::printf(" nan:%d", int(hfv[i]));
    else std::printf(" %s%g:%d", std::signbit(hfk[i]) ? "-" : "", std::fabs(hfk[i]), int(hfv[i]));
  }
  std::printf("\n");
  return 0;
}
