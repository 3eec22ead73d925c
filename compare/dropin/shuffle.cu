// shuffle and shuffle_copy with Thrust's random engines: the permutation is defined by the engine's
// state (Thrust's Feistel bijection, keys drawn from the engine), so it is printed, and so are the
// engine's next draws (a shuffle draws 24 numbers, also for an empty range). Device and host
// vectors, with and without a policy, in place and copied, several engines, sizes around the
// bijection's powers of two; the large ones print a checksum of the permutation.

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/random.h>
#include <thrust/sequence.h>
#include <thrust/shuffle.h>

#include <cstdio>
#include <vector>

/// 64-bit FNV-1a of the values in order.
template <typename Vector>
unsigned long long checksum(const Vector& v) {
  thrust::host_vector<unsigned int> h(v.begin(), v.end());
  unsigned long long x = 1469598103934665603ull;
  for (size_t i = 0; i < h.size(); ++i) {
    x ^= h[i];
    x *= 1099511628211ull;
  }
  return x;
}

template <typename Vector>
void print(const char* name, const Vector& v) {
  thrust::host_vector<unsigned int> h(v.begin(), v.end());
  std::printf("%s:", name);
  for (size_t i = 0; i < h.size(); ++i) std::printf(" %u", h[i]);
  std::printf("\n");
}

template <typename Engine>
void next_draws(const char* name, Engine& g) {
  std::printf("%s next:", name);
  for (int i = 0; i < 3; ++i) std::printf(" %llu", static_cast<unsigned long long>(g()));
  std::printf("\n");
}

int main() {
  // Small ranges on the device, each printed whole, and the engine's next draws.
  const long small[] = {0, 1, 2, 3, 5, 15, 16, 17, 31, 32, 33};
  for (long n : small) {
    thrust::device_vector<unsigned int> v(n), out(n);
    thrust::sequence(v.begin(), v.end());
    thrust::default_random_engine g(12345);
    thrust::shuffle_copy(v.begin(), v.end(), out.begin(), g);
    std::printf("n=%ld ", n);
    print("shuffle_copy", out);
    thrust::shuffle(thrust::device, v.begin(), v.end(), g);
    std::printf("n=%ld ", n);
    print("then shuffle", v);
    next_draws("default_random_engine", g);
  }

  // Larger ranges: a checksum of each permutation, device and host, in place and copied.
  const long large[] = {1000, 1023, 1024, 1025, 65535, 65536, 65537, (1 << 20) + 7};
  for (long n : large) {
    thrust::device_vector<unsigned int> d(n), d_out(n);
    thrust::sequence(d.begin(), d.end());
    thrust::host_vector<unsigned int> h(d.begin(), d.end()), h_out(n);
    thrust::default_random_engine gd(n), gh(n), gc(n);
    thrust::shuffle(d.begin(), d.end(), gd);
    thrust::shuffle(thrust::host, h.begin(), h.end(), gh);
    thrust::shuffle_copy(thrust::device, thrust::counting_iterator<unsigned int>(0),
                         thrust::counting_iterator<unsigned int>(static_cast<unsigned int>(n)), d_out.begin(), gc);
    std::printf("n=%ld device %016llx host %016llx copy %016llx first %u %u %u\n", n, checksum(d), checksum(h),
                checksum(d_out), static_cast<unsigned int>(d[0]), static_cast<unsigned int>(d[1]),
                static_cast<unsigned int>(d[2]));
    std::printf("  engines after: %u %u %u\n", static_cast<unsigned int>(gd()), static_cast<unsigned int>(gh()),
                static_cast<unsigned int>(gc()));
  }

  // Other engines: 24 draws of each become the keys (their low 32 bits).
  {
    thrust::device_vector<unsigned int> v(20), out(20);
    thrust::sequence(v.begin(), v.end());
    thrust::minstd_rand0 a(3);
    thrust::shuffle_copy(v.begin(), v.end(), out.begin(), a);
    print("minstd_rand0", out);
    next_draws("minstd_rand0", a);
    thrust::ranlux24 b(3);
    thrust::shuffle_copy(v.begin(), v.end(), out.begin(), b);
    print("ranlux24", out);
    next_draws("ranlux24", b);
    thrust::ranlux48 c(3);
    thrust::shuffle_copy(v.begin(), v.end(), out.begin(), c);
    print("ranlux48", out);
    next_draws("ranlux48", c);
    thrust::taus88 d(3);
    thrust::shuffle_copy(v.begin(), v.end(), out.begin(), d);
    print("taus88", out);
    next_draws("taus88", d);
  }

  // Two ranges zipped move together; a std::vector on the host, no policy.
  {
    thrust::device_vector<unsigned int> keys(12), vals(12);
    thrust::sequence(keys.begin(), keys.end());
    thrust::sequence(vals.begin(), vals.end(), 100u);
    thrust::default_random_engine g(7);
    auto z = thrust::make_zip_iterator(thrust::make_tuple(keys.begin(), vals.begin()));
    thrust::shuffle(thrust::device, z, z + 12, g);
    print("zipped keys", keys);
    print("zipped vals", vals);
    std::vector<unsigned int> s(40);
    for (unsigned int i = 0; i < 40; ++i) s[i] = i * 3;
    thrust::shuffle(s.begin(), s.end(), g);
    print("std::vector", s);
    next_draws("default_random_engine", g);
  }
  return 0;
}
