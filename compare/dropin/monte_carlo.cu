// Monte Carlo estimate of pi, as in Thrust's monte_carlo example: each of N "threads" draws points
// with its own engine (a default_random_engine seeded the same and moved along by discard), and
// transform_reduce over a counting_iterator adds the hits. The hits are summed as integers, so the
// result does not depend on the order of the reduction.

#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/random.h>
#include <thrust/transform_reduce.h>

#include <cstdio>

struct count_hits {
  int samples;
  explicit count_hits(int s) : samples(s) {}
  __host__ __device__ unsigned int operator()(unsigned int thread_id) const {
    thrust::default_random_engine rng(1234u);
    rng.discard(2ull * samples * thread_id);  // skip the numbers the lower threads use
    thrust::uniform_real_distribution<float> u01(0.0f, 1.0f);
    unsigned int hits = 0;
    for (int i = 0; i < samples; ++i) {
      float x = u01(rng);
      float y = u01(rng);
      if (x * x + y * y <= 1.0f) ++hits;
    }
    return hits;
  }
};

int main() {
  const int threads = 4000;
  const int samples = 500;
  unsigned int hits = thrust::transform_reduce(thrust::counting_iterator<unsigned int>(0),
                                               thrust::counting_iterator<unsigned int>(threads),
                                               count_hits(samples), 0u, thrust::plus<unsigned int>());
  const double total = double(threads) * samples;
  std::printf("hits %u of %.0f\n", hits, total);
  std::printf("pi is approximately %.5f\n", 4.0 * hits / total);

  // The engines and distributions themselves, on the host: the first draws of each.
  thrust::default_random_engine rng(7u);
  std::printf("default_random_engine(7):");
  for (int i = 0; i < 4; ++i) std::printf(" %u", static_cast<unsigned int>(rng()));
  rng.discard(100);
  std::printf("; after discard(100): %u\n", static_cast<unsigned int>(rng()));
  thrust::uniform_int_distribution<int> dice(1, 6);
  std::printf("dice:");
  for (int i = 0; i < 12; ++i) std::printf(" %d", dice(rng));
  std::printf("\n");
  return 0;
}
