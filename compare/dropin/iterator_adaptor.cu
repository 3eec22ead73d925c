// Iterators built with thrust::iterator_adaptor, as in Thrust's repeat_iterator example: the
// derived class names itself and its base iterator, and overrides what differs (dereference here;
// advance, increment, decrement and distance_to in the strided one).

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/iterator/iterator_adaptor.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>

#include <cstdio>

// Each element of the base range n times: dereference maps the position back to the element.
template <typename Iterator>
class repeat_iterator : public thrust::iterator_adaptor<repeat_iterator<Iterator>, Iterator> {
 public:
  using super_t = thrust::iterator_adaptor<repeat_iterator<Iterator>, Iterator>;
  __host__ __device__ repeat_iterator(const Iterator& x, int n) : super_t(x), begin(x), n(n) {}
  friend class thrust::iterator_core_access;

 private:
  Iterator begin;
  int n;
  __host__ __device__ typename super_t::reference dereference() const {
    return *(begin + (this->base() - begin) / n);
  }
};

// Every stride-th element: one step of the adaptor is `stride` steps of the base.
template <typename Iterator>
class stride_iterator : public thrust::iterator_adaptor<stride_iterator<Iterator>, Iterator> {
 public:
  using super_t = thrust::iterator_adaptor<stride_iterator<Iterator>, Iterator>;
  __host__ __device__ stride_iterator(const Iterator& x, int stride) : super_t(x), stride(stride) {}
  friend class thrust::iterator_core_access;

 private:
  int stride;
  __host__ __device__ void increment() { this->base_reference() += stride; }
  __host__ __device__ void decrement() { this->base_reference() -= stride; }
  __host__ __device__ void advance(typename super_t::difference_type n) { this->base_reference() += n * stride; }
  __host__ __device__ typename super_t::difference_type distance_to(const stride_iterator& other) const {
    return (other.base() - this->base()) / stride;
  }
};

template <typename Iterator>
void print(const char* name, Iterator first, Iterator last) {
  std::printf("%s:", name);
  for (; first != last; ++first) std::printf(" %d", int(*first));
  std::printf("\n");
}

int main() {
  thrust::device_vector<int> data(6);
  thrust::sequence(data.begin(), data.end(), 1);
  using Iterator = thrust::device_vector<int>::iterator;

  repeat_iterator<Iterator> first(data.begin(), 3);
  // The end of the repeated range is 3 * 6 base steps from the start.
  repeat_iterator<Iterator> end = first + 18;
  print("repeat x3", first, end);
  std::printf("sum %d, distance %d\n", thrust::reduce(first, end), int(end - first));

  thrust::device_vector<int> big(12);
  thrust::sequence(big.begin(), big.end(), 0, 5);
  stride_iterator<Iterator> s_first(big.begin(), 3);
  stride_iterator<Iterator> s_last(big.end(), 3);
  print("stride 3", s_first, s_last);
  std::printf("stride 3 has %d elements, sum %d\n", int(s_last - s_first), thrust::reduce(s_first, s_last));

  // The adaptors as inputs to an algorithm, writing through a plain iterator.
  thrust::device_vector<int> out(4);
  thrust::transform(s_first, s_last, first, out.begin(), thrust::plus<int>());
  print("stride + repeat", out.begin(), out.end());
  return 0;
}
