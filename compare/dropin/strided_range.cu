// Thrust's classic strided_range: a counting_iterator, a transform_iterator that multiplies by the
// stride, and a permutation_iterator over the data give every stride-th element.

#include <thrust/device_vector.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>

#include <cstdio>
#include <iterator>

template <typename Iterator>
class strided_range {
 public:
  using difference_type = typename std::iterator_traits<Iterator>::difference_type;

  struct stride_functor {
    difference_type stride;
    stride_functor(difference_type s) : stride(s) {}
    __host__ __device__ difference_type operator()(const difference_type& i) const { return stride * i; }
  };

  using CountingIterator = thrust::counting_iterator<difference_type>;
  using TransformIterator = thrust::transform_iterator<stride_functor, CountingIterator>;
  using PermutationIterator = thrust::permutation_iterator<Iterator, TransformIterator>;
  using iterator = PermutationIterator;

  strided_range(Iterator first, Iterator last, difference_type stride) : first(first), last(last), stride(stride) {}

  iterator begin() const {
    return PermutationIterator(first, TransformIterator(CountingIterator(0), stride_functor(stride)));
  }
  iterator end() const { return begin() + ((last - first) + (stride - 1)) / stride; }

 protected:
  Iterator first;
  Iterator last;
  difference_type stride;
};

template <typename Iterator>
void print(const char* name, Iterator first, Iterator last) {
  std::printf("%s:", name);
  for (; first != last; ++first) std::printf(" %d", int(*first));
  std::printf("\n");
}

int main() {
  thrust::device_vector<int> data(8);
  thrust::sequence(data.begin(), data.end(), 10, 10);
  print("data", data.begin(), data.end());

  using Iterator = thrust::device_vector<int>::iterator;
  strided_range<Iterator> evens(data.begin() + 0, data.end(), 2);
  print("stride 2 from 0", evens.begin(), evens.end());
  strided_range<Iterator> odds(data.begin() + 1, data.end(), 2);
  print("stride 2 from 1", odds.begin(), odds.end());
  strided_range<Iterator> thirds(data.begin(), data.end(), 3);
  print("stride 3", thirds.begin(), thirds.end());
  std::printf("sum of stride 3: %d\n", thrust::reduce(thirds.begin(), thirds.end()));

  // Writing through the range: fill the odd positions with zero.
  thrust::fill(odds.begin(), odds.end(), 0);
  print("odd positions zeroed", data.begin(), data.end());
  return 0;
}
