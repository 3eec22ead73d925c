// A simple moving average, as in Thrust's simple_moving_average example: an inclusive scan gives
// prefix sums, and the average of each window is the difference of two prefix sums divided by
// the window size, computed by transform over a counting_iterator. The data are integers, so the
// prefix sums are exact in any order of the scan.

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/random.h>
#include <thrust/scan.h>
#include <thrust/transform.h>

#include <cstdio>

struct minus_and_divide {
  const float* prefix;
  int w;
  minus_and_divide(const float* p, int w_) : prefix(p), w(w_) {}
  __host__ __device__ float operator()(int i) const {
    float before = i == 0 ? 0.0f : prefix[i - 1];
    return (prefix[i + w - 1] - before) / w;
  }
};

int main() {
  const size_t n = 30;
  const int w = 4;
  thrust::default_random_engine rng(3u);
  thrust::uniform_int_distribution<int> dist(0, 10);
  thrust::host_vector<float> h(n);
  for (size_t i = 0; i < n; ++i) h[i] = float(dist(rng));
  thrust::device_vector<float> data = h;

  thrust::device_vector<float> prefix(n);
  thrust::inclusive_scan(data.begin(), data.end(), prefix.begin());
  thrust::device_vector<float> averages(n - w + 1);
  thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(int(n) - w + 1), averages.begin(),
                    minus_and_divide(thrust::raw_pointer_cast(prefix.data()), w));

  std::printf("data:");
  for (size_t i = 0; i < n; ++i) std::printf(" %.0f", double(h[i]));
  std::printf("\nmoving averages (window %d):", w);
  for (size_t i = 0; i < averages.size(); ++i) std::printf(" %.2f", double(averages[i]));
  std::printf("\n");
  return 0;
}
