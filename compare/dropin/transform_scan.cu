// transform_inclusive_scan and transform_exclusive_scan: scans of f(x). The transformed elements
// have f's result type: an f returning signed char makes the inclusive scan without init wrap in
// signed char, though the operator and the output are int; an int init (inclusive with init,
// exclusive) sums in int. Non-commutative (max of a running value), in place, and a long input
// summed. All sums are of integers: exact in any order.

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/sequence.h>
#include <thrust/transform_scan.h>

#include <cstdio>

template <typename Vector>
void print(const char* name, const Vector& v) {
  thrust::host_vector<typename Vector::value_type> h = v;
  std::printf("%s:", name);
  for (size_t i = 0; i < h.size(); ++i) std::printf(" %lld", (long long)h[i]);
  std::printf("\n");
}

struct square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};
struct as_is {
  __host__ __device__ long long operator()(long long x) const { return x; }
};
struct as_char {
  __host__ __device__ signed char operator()(int x) const { return static_cast<signed char>(x); }
};
struct halved {
  __host__ __device__ double operator()(int x) const { return x / 2.0; }
};

int main() {
  const int n = 12;
  thrust::host_vector<int> hv(n);
  for (int i = 0; i < n; ++i) hv[i] = (i * 7) % 11 - 3;
  thrust::device_vector<int> v = hv;
  thrust::device_vector<int> out(n);
  print("input", v);

  thrust::transform_inclusive_scan(v.begin(), v.end(), out.begin(), square(), thrust::plus<int>());
  print("inclusive sums of squares", out);
  thrust::transform_inclusive_scan(v.begin(), v.end(), out.begin(), square(), 100, thrust::plus<int>());
  print("the same from 100", out);
  thrust::transform_exclusive_scan(v.begin(), v.end(), out.begin(), square(), 100, thrust::plus<int>());
  print("exclusive sums of squares from 100", out);
  thrust::transform_inclusive_scan(v.begin(), v.end(), out.begin(), thrust::negate<int>(), thrust::minimum<int>());
  print("running min of -x", out);
  thrust::transform_exclusive_scan(v.begin(), v.end(), out.begin(), thrust::negate<int>(), -100,
                                   thrust::maximum<int>());
  print("exclusive running max of -x from -100", out);

  // Signed char elements: the sums wrap at 127 without init, not with an int init.
  thrust::device_vector<int> c(n, 50);
  thrust::transform_inclusive_scan(c.begin(), c.end(), out.begin(), as_char(), thrust::plus<int>());
  print("sums of 50 as signed char", out);
  thrust::transform_inclusive_scan(c.begin(), c.end(), out.begin(), as_char(), 0, thrust::plus<int>());
  print("the same with int init 0", out);
  // Halves as doubles, made ints by the int init: 3 / 2.0 = 1.5 becomes 1.
  thrust::transform_exclusive_scan(v.begin(), v.end(), out.begin(), halved(), 0, thrust::plus<int>());
  print("exclusive sums of halves, int init", out);

  thrust::device_vector<int> w = v;
  thrust::transform_inclusive_scan(w.begin(), w.end(), w.begin(), square(), thrust::plus<int>());
  print("in place", w);

  // A long input: sums of 2k + 1 are squares.
  const int big = 1000003;
  thrust::device_vector<long long> s(big);
  thrust::sequence(s.begin(), s.end(), 1LL, 2LL);
  thrust::device_vector<long long> t(big);
  thrust::transform_inclusive_scan(s.begin(), s.end(), t.begin(), as_is(),
                                   thrust::plus<long long>());
  std::printf("long input: %lld %lld %lld\n", (long long)t[0], (long long)t[1], (long long)t[big - 1]);
  thrust::transform_exclusive_scan(s.begin(), s.end(), t.begin(), thrust::negate<long long>(), 0LL,
                                   thrust::plus<long long>());
  std::printf("long exclusive: %lld %lld %lld\n", (long long)t[0], (long long)t[1], (long long)t[big - 1]);
  return 0;
}
