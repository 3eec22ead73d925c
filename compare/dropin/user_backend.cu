// User-defined backends, as Thrust's minimal_custom_backend example: policies derived from
// thrust::device_execution_policy, thrust::host_execution_policy and thrust::execution_policy, with
// overloads found by argument-dependent lookup; the algorithms a policy does not overload run on
// the system it inherits. Each policy overloads only algorithms that no other call made with it
// reaches on any of Thrust's systems (Thrust's host systems compose more algorithms over others
// than its CUDA system does: transform over for_each, count over reduce, ...), so the lines
// printed are the same on every system.

#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/find.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/logical.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/tabulate.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/unique.h>

#include <cstdio>

struct add_one {
  __host__ __device__ void operator()(int& x) const { x += 1; }
};
struct square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};
struct is_odd {
  __host__ __device__ bool operator()(int x) const { return x % 2 != 0; }
};

template <class Vector>
void print(const char* label, const Vector& v) {
  std::printf("%s:", label);
  for (size_t i = 0; i < v.size(); ++i) std::printf(" %d", int(v[i]));
  std::printf("\n");
}

// The minimal custom backend: for_each is the user's, on the device system.
struct logging_policy : thrust::device_execution_policy<logging_policy> {};
template <class Iterator, class Function>
Iterator for_each(logging_policy, Iterator first, Iterator last, Function f) {
  std::printf("for_each(logging_policy)\n");
  return thrust::for_each(thrust::device, first, last, f);
}

// A device policy with its own reduce (with init) and sort (without a comparator); the other
// algorithms called with it run on the device system.
struct tuned_policy : thrust::device_execution_policy<tuned_policy> {
  int calls = 0;
};
template <class Iterator, class T>
T reduce(tuned_policy& p, Iterator first, Iterator last, T init) {
  std::printf("reduce(tuned_policy, init %d), call %d\n", int(init), ++p.calls);
  return thrust::reduce(thrust::device, first, last, init);
}
template <class Iterator>
void sort(tuned_policy& p, Iterator first, Iterator last) {
  std::printf("sort(tuned_policy), call %d\n", ++p.calls);
  thrust::sort(thrust::device, first, last);
}

// Algorithms that Thrust composes over others (on its CUDA system too): sequence over tabulate,
// all_of and any_of over find_if, unique_count over count_if.
struct composing_policy : thrust::device_execution_policy<composing_policy> {};
template <class Iterator, class Function>
void tabulate(composing_policy, Iterator first, Iterator last, Function f) {
  std::printf("tabulate(composing_policy)\n");
  thrust::tabulate(thrust::device, first, last, f);
}
template <class Iterator, class Predicate>
Iterator find_if(composing_policy, Iterator first, Iterator last, Predicate pred) {
  std::printf("find_if(composing_policy)\n");
  return thrust::find_if(thrust::device, first, last, pred);
}
template <class Iterator, class Predicate>
auto count_if(composing_policy, Iterator first, Iterator last, Predicate pred) {
  std::printf("count_if(composing_policy)\n");
  return thrust::count_if(thrust::device, first, last, pred);
}

// A host policy with no overloads: everything runs on the host system.
struct host_policy : thrust::host_execution_policy<host_policy> {};

// A plain execution_policy: only the algorithms it overloads may be called with it.
struct plain_policy : thrust::execution_policy<plain_policy> {};
template <class Iterator, class T>
void fill(plain_policy, Iterator first, Iterator last, const T& value) {
  std::printf("fill(plain_policy)\n");
  for (; first != last; ++first) *first = value;
}

int main() {
  thrust::device_vector<int> d(8);
  thrust::sequence(d.begin(), d.end(), 5, -2);  // 5 3 1 -1 -3 -5 -7 -9

  thrust::for_each(logging_policy(), d.begin(), d.end(), add_one());
  print("after for_each", d);

  tuned_policy tuned;
  std::printf("sum from 100: %d\n", thrust::reduce(tuned, d.begin(), d.end(), 100));
  std::printf("max: %d\n", thrust::reduce(tuned, d.begin(), d.end(), -1000, thrust::maximum<int>()));
  thrust::sort(tuned, d.begin(), d.end());
  print("sorted", d);
  thrust::sort(tuned, d.begin(), d.end(), thrust::greater<int>());
  print("sorted descending", d);
  thrust::device_vector<int> squares(d.size());
  thrust::transform(tuned, d.begin(), d.end(), squares.begin(), square());
  print("squares", squares);
  std::printf("sum of squares: %d, calls %d\n",
              thrust::transform_reduce(tuned, d.begin(), d.end(), square(), 0, thrust::plus<int>()), tuned.calls);

  composing_policy composing;
  thrust::sequence(composing, d.begin(), d.end(), 10);
  print("sequence from 10", d);
  std::printf("all odd: %d\n", int(thrust::all_of(composing, d.begin(), d.end(), is_odd())));
  std::printf("any odd: %d\n", int(thrust::any_of(composing, d.begin(), d.end(), is_odd())));
  thrust::device_vector<int> runs(10);
  thrust::tabulate(thrust::device, runs.begin(), runs.end(), thrust::placeholders::_1 / 3);
  std::printf("runs: %d\n", int(thrust::unique_count(composing, runs.begin(), runs.end())));

  thrust::host_vector<int> h(6);
  thrust::sequence(host_policy(), h.begin(), h.end(), 1);
  thrust::transform(host_policy(), h.begin(), h.end(), h.begin(), square());
  thrust::sort(host_policy(), h.begin(), h.end(), thrust::greater<int>());
  print("host", h);
  std::printf("host count of odd: %d\n", int(thrust::count_if(host_policy(), h.begin(), h.end(), is_odd())));

  thrust::fill(plain_policy(), h.begin(), h.end(), 7);
  print("filled", h);
  return 0;
}
