// adjacent_difference: the first element as it is, then each element minus the one before it.
// The default operator is minus of the input's type, so signed chars wrap even when written to
// ints; a transparent operator computes in int. Other operators (plus, maximum), in place, floats
// with infinities, and a long input (many tiles on a GPU) summed. All results are exact.

#include <thrust/adjacent_difference.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>

#include <cstdio>

template <typename Vector>
void print(const char* name, const Vector& v) {
  thrust::host_vector<typename Vector::value_type> h = v;
  std::printf("%s:", name);
  for (size_t i = 0; i < h.size(); ++i) std::printf(" %g", double(h[i]));
  std::printf("\n");
}

struct twice_minus {
  __host__ __device__ int operator()(int a, int b) const { return 2 * a - b; }
};

int main() {
  const int n = 12;
  thrust::host_vector<int> hv(n);
  for (int i = 0; i < n; ++i) hv[i] = (i * i * 7) % 23 - 5;
  thrust::device_vector<int> v = hv;
  thrust::device_vector<int> out(n);
  print("input", v);
  thrust::adjacent_difference(v.begin(), v.end(), out.begin());
  print("adjacent_difference", out);
  thrust::adjacent_difference(v.begin(), v.end(), out.begin(), thrust::plus<int>());
  print("adjacent sums", out);
  thrust::adjacent_difference(v.begin(), v.end(), out.begin(), thrust::maximum<int>());
  print("adjacent maxima", out);
  thrust::adjacent_difference(v.begin(), v.end(), out.begin(), twice_minus());
  print("2 * x[i] - x[i - 1]", out);
  thrust::device_vector<int> w = v;
  thrust::adjacent_difference(w.begin(), w.end(), w.begin());
  print("in place", w);

  // Signed chars: 127 - (-128) wraps in signed char.
  thrust::host_vector<signed char> hc(6);
  hc[0] = -128; hc[1] = 127; hc[2] = -128; hc[3] = 0; hc[4] = 100; hc[5] = -100;
  thrust::device_vector<signed char> c = hc;
  thrust::device_vector<int> ci(6);
  thrust::adjacent_difference(c.begin(), c.end(), ci.begin());
  print("signed char differences into int", ci);
  thrust::adjacent_difference(c.begin(), c.end(), ci.begin(), thrust::minus<int>());
  print("the same with minus<int>", ci);

  // Floats with infinities (no NaN: printing a NaN's sign is the library's business).
  const float inf = 1.0f / 0.0f;
  thrust::host_vector<float> hf(6);
  hf[0] = 1.5f; hf[1] = inf; hf[2] = 2.0f; hf[3] = -inf; hf[4] = -2.0f; hf[5] = 0.25f;
  thrust::device_vector<float> f = hf;
  thrust::device_vector<float> fo(6);
  thrust::adjacent_difference(f.begin(), f.end(), fo.begin());
  print("float differences", fo);

  // A long input: the differences of 0, 3, 6, ... are 0 then all 3; in place, then summed.
  const int big = 1000003;
  thrust::device_vector<long long> s(big);
  thrust::sequence(s.begin(), s.end(), 0LL, 3LL);
  thrust::adjacent_difference(s.begin(), s.end(), s.begin());
  std::printf("long input: first %lld, second %lld, last %lld, sum %lld\n", (long long)s[0], (long long)s[1],
              (long long)s[big - 1], (long long)thrust::reduce(s.begin(), s.end()));
  return 0;
}
