// replace, replace_if (with and without a stencil), replace_copy, replace_copy_if, reverse,
// reverse_copy, swap_ranges, generate, generate_n and the uninitialized algorithms, with their
// return values: == decides replace (a NaN old value replaces nothing, 0.0 also replaces -0.0),
// reverse leaves the middle of an odd range where it is, swap_ranges of a range with itself
// changes nothing, and an element type with its own copy constructor is constructed by
// uninitialized_copy and uninitialized_fill (it marks its copies).

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/generate.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/replace.h>
#include <thrust/reverse.h>
#include <thrust/swap.h>
#include <thrust/tuple.h>
#include <thrust/uninitialized_copy.h>
#include <thrust/uninitialized_fill.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <new>

struct is_even {
  __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};
struct above_five {
  __host__ __device__ bool operator()(int x) const { return x > 5; }
};
struct is_nan {
  __host__ __device__ bool operator()(double x) const { return x != x; }
};
struct times_ten {
  __host__ __device__ int operator()(int x) const { return 10 * x; }
};
struct pair_gen {
  __host__ __device__ thrust::tuple<int, float> operator()() const { return thrust::make_tuple(4, 2.5f); }
};
struct constant_gen {
  __host__ __device__ int operator()() const { return 42; }
};
/// Stateful: 1, 2, 3, ... in order under thrust::seq.
struct counter_gen {
  int next;
  __host__ __device__ int operator()() { return ++next; }
};
/// An element whose copy constructor marks the copy (mark = source's + 1).
struct marked {
  int value;
  int mark;
  marked() = default;
  __host__ __device__ marked(int v, int m) : value(v), mark(m) {}
  __host__ __device__ marked(const marked& o) : value(o.value), mark(o.mark + 1) {}
  marked& operator=(const marked&) = default;
};

template <class Vec>
void print(const char* what, const Vec& v) {
  thrust::host_vector<typename Vec::value_type> h = v;
  std::printf("%s:", what);
  for (std::size_t i = 0; i < h.size(); ++i) std::printf(" %g", double(h[i]));
  std::printf("\n");
}

int main() {
  const int values[] = {3, 8, 1, 8, 6, 2, 9, 8, 4};
  const int n = 9;
  thrust::device_vector<int> d(values, values + n);
  print("data", d);

  thrust::replace(d.begin(), d.end(), 8, 0);
  print("replace 8 by 0", d);
  thrust::replace_if(d.begin(), d.end(), above_five(), 5);
  print("replace_if > 5 by 5", d);
  thrust::device_vector<int> stencil(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n));
  thrust::replace_if(thrust::device, d.begin(), d.end(), stencil.begin(), is_even(), -1);
  print("replace_if (stencil even) by -1", d);

  thrust::device_vector<int> src(values, values + n), out(n);
  thrust::device_vector<int>::iterator end = thrust::replace_copy(src.begin(), src.end(), out.begin(), 8, 80);
  std::printf("replace_copy returned out + %d\n", int(end - out.begin()));
  print("replace_copy 8 by 80", out);
  end = thrust::replace_copy_if(src.begin(), src.end(), out.begin(), is_even(), 7);
  print("replace_copy_if even by 7", out);
  end = thrust::replace_copy_if(thrust::device, src.begin(), src.end(), stencil.begin(), out.begin(), is_even(), 0);
  std::printf("replace_copy_if (stencil) returned out + %d\n", int(end - out.begin()));
  print("replace_copy_if (stencil even) by 0", out);
  thrust::replace_copy(src.begin(), src.end(), src.begin(), 3, 33);  // in place
  print("replace_copy in place 3 by 33", src);

  // Floats: == decides. NaN == NaN is false; -0.0 == 0.0 is true.
  const double nan = std::nan("");
  const double fv[] = {1.0, -0.0, nan, 0.0, 2.0, nan};
  thrust::device_vector<double> f(fv, fv + 6);
  thrust::replace(f.begin(), f.end(), nan, 9.0);
  thrust::host_vector<double> hf = f;
  int nans = 0;
  for (std::size_t i = 0; i < hf.size(); ++i) nans += hf[i] != hf[i];
  std::printf("replace NaN by 9: %d NaNs left\n", nans);
  thrust::replace(f.begin(), f.end(), 0.0, 5.0);
  thrust::replace_if(f.begin(), f.end(), is_nan(), -1.0);
  print("replace 0.0 by 5 then NaN (isnan) by -1", f);

  // reverse: odd and even lengths; reverse_copy into a transform_output_iterator.
  thrust::device_vector<int> r(values, values + n);
  thrust::reverse(r.begin(), r.end());
  print("reverse (9 elements)", r);
  thrust::reverse(thrust::device, r.begin(), r.begin() + 4);
  print("reverse of the first 4", r);
  thrust::device_vector<int> rc(n);
  thrust::transform_output_iterator<times_ten, thrust::device_vector<int>::iterator> to(rc.begin(), times_ten());
  thrust::transform_output_iterator<times_ten, thrust::device_vector<int>::iterator> to_end =
      thrust::reverse_copy(r.begin(), r.end(), to);
  std::printf("reverse_copy returned out + %d\n", int(to_end - to));
  print("reverse_copy times ten", rc);

  // swap_ranges: two vectors, then a range with itself.
  thrust::device_vector<int> a(values, values + 4), b(values + 5, values + 9);
  thrust::device_vector<int>::iterator b_end = thrust::swap_ranges(a.begin(), a.end(), b.begin());
  std::printf("swap_ranges returned b + %d\n", int(b_end - b.begin()));
  print("a", a);
  print("b", b);
  thrust::swap_ranges(a.begin(), a.end(), a.begin());
  print("a swapped with itself", a);

  // generate: into a zip, generate_n's return, a stateful generator under seq.
  thrust::device_vector<int> gi(5);
  thrust::device_vector<float> gf(5);
  thrust::generate(thrust::make_zip_iterator(thrust::make_tuple(gi.begin(), gf.begin())),
                   thrust::make_zip_iterator(thrust::make_tuple(gi.end(), gf.end())), pair_gen());
  print("generate zip: ints", gi);
  print("generate zip: floats", gf);
  thrust::device_vector<int>::iterator g_end = thrust::generate_n(gi.begin(), 3, constant_gen());
  std::printf("generate_n returned first + %d\n", int(g_end - gi.begin()));
  print("generate_n 3", gi);
  thrust::host_vector<int> seq_out(6);
  counter_gen counter = {0};
  thrust::generate(thrust::seq, seq_out.begin(), seq_out.end(), counter);
  print("generate with seq and a counter", seq_out);

  // The uninitialized algorithms: trivially copyable elements, then marked ones in raw host memory.
  thrust::device_vector<int> u(6);
  thrust::uninitialized_fill(u.begin(), u.end(), 11);
  print("uninitialized_fill 11", u);
  thrust::device_vector<int>::iterator u_end = thrust::uninitialized_copy(src.begin(), src.begin() + 4, u.begin());
  std::printf("uninitialized_copy returned out + %d\n", int(u_end - u.begin()));
  print("uninitialized_copy 4", u);
  u_end = thrust::uninitialized_fill_n(u.begin() + 4, 2, 12);
  std::printf("uninitialized_fill_n returned first + %d\n", int(u_end - u.begin()));
  print("uninitialized_fill_n 2", u);

  marked* in = static_cast<marked*>(std::malloc(4 * sizeof(marked)));
  marked* m = static_cast<marked*>(std::malloc(4 * sizeof(marked)));
  for (int i = 0; i < 4; ++i) ::new (static_cast<void*>(in + i)) marked(100 + i, 10 * i);
  marked* m_end = thrust::uninitialized_copy(thrust::host, in, in + 4, m);
  std::printf("uninitialized_copy (marked) returned out + %d:", int(m_end - m));
  for (int i = 0; i < 4; ++i) std::printf(" (%d, mark %d)", m[i].value, m[i].mark);
  std::printf("\n");
  m_end = thrust::uninitialized_copy_n(thrust::host, in + 1, 2, m);
  std::printf("uninitialized_copy_n (marked) returned out + %d:", int(m_end - m));
  for (int i = 0; i < 4; ++i) std::printf(" (%d, mark %d)", m[i].value, m[i].mark);
  std::printf("\n");
  thrust::uninitialized_fill(thrust::host, m, m + 4, marked(7, 0));
  bool same = true;
  for (int i = 0; i < 4; ++i) same = same && m[i].value == 7 && m[i].mark > 0 && m[i].mark == m[0].mark;
  std::printf("uninitialized_fill (marked): every element a marked copy of 7: %s\n", same ? "yes" : "no");
  std::free(in);
  std::free(m);
  return 0;
}
