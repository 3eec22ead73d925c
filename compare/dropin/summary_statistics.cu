// Summary statistics in one pass, as in Thrust's summary_statistics example: transform_reduce
// turns each value into a struct (n, min, max, mean, M2) and a functor merges two of them
// (Chan et al.'s parallel variance). The merges happen in an order each library chooses, so the
// mean and variance may differ in the last bits: they are printed with 6 decimals.

#include <thrust/device_vector.h>
#include <thrust/extrema.h>
#include <thrust/host_vector.h>
#include <thrust/transform_reduce.h>

#include <cstdio>
#include <limits>

template <typename T>
struct summary_stats_data {
  T n;
  T min;
  T max;
  T mean;
  T M2;

  void initialize() {
    n = mean = M2 = 0;
    min = std::numeric_limits<T>::max();
    max = std::numeric_limits<T>::lowest();
  }
  T variance() { return M2 / (n - 1); }
  T variance_n() { return M2 / n; }
};

template <typename T>
struct summary_stats_unary_op {
  __host__ __device__ summary_stats_data<T> operator()(const T& x) const {
    summary_stats_data<T> result;
    result.n = 1;
    result.min = x;
    result.max = x;
    result.mean = x;
    result.M2 = 0;
    return result;
  }
};

template <typename T>
struct summary_stats_binary_op {
  __host__ __device__ summary_stats_data<T> operator()(const summary_stats_data<T>& x,
                                                       const summary_stats_data<T>& y) const {
    summary_stats_data<T> result;
    T n = x.n + y.n;
    if (n == 0) return x;  // two empty partial results
    T delta = y.mean - x.mean;
    T delta2 = delta * delta;
    result.n = n;
    result.min = thrust::min(x.min, y.min);
    result.max = thrust::max(x.max, y.max);
    result.mean = x.mean + delta * y.n / n;
    result.M2 = x.M2 + y.M2 + delta2 * x.n * y.n / n;
    return result;
  }
};

int main() {
  const int n = 10000;
  thrust::host_vector<double> h(n);
  unsigned int state = 2718u;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    h[i] = double(int(state >> 22) - 512) / 4.0;  // quarters in [-128, 128)
  }
  thrust::device_vector<double> d = h;

  summary_stats_data<double> init;
  init.initialize();
  summary_stats_data<double> result = thrust::transform_reduce(d.begin(), d.end(), summary_stats_unary_op<double>(),
                                                               init, summary_stats_binary_op<double>());
  std::printf("count    %.0f\n", result.n);
  std::printf("minimum  %.2f\n", result.min);
  std::printf("maximum  %.2f\n", result.max);
  std::printf("mean     %.6f\n", result.mean);
  std::printf("variance %.6f\n", result.variance());
  std::printf("variance (population) %.6f\n", result.variance_n());
  return 0;
}
