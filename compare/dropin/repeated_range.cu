// Thrust's repeated_range: each element repeated a number of times, from a counting_iterator, a
// division transform_iterator and a permutation_iterator.

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>

#include <cstdio>
#include <iterator>

template <typename Iterator>
class repeated_range {
 public:
  using difference_type = typename std::iterator_traits<Iterator>::difference_type;

  struct repeat_functor {
    difference_type repeats;
    repeat_functor(difference_type r) : repeats(r) {}
    __host__ __device__ difference_type operator()(const difference_type& i) const { return i / repeats; }
  };

  using CountingIterator = thrust::counting_iterator<difference_type>;
  using TransformIterator = thrust::transform_iterator<repeat_functor, CountingIterator>;
  using PermutationIterator = thrust::permutation_iterator<Iterator, TransformIterator>;
  using iterator = PermutationIterator;

  repeated_range(Iterator first, Iterator last, difference_type repeats)
      : first(first), last(last), repeats(repeats) {}

  iterator begin() const {
    return PermutationIterator(first, TransformIterator(CountingIterator(0), repeat_functor(repeats)));
  }
  iterator end() const { return begin() + repeats * (last - first); }

 protected:
  Iterator first;
  Iterator last;
  difference_type repeats;
};

template <typename Iterator>
void print(const char* name, Iterator first, Iterator last) {
  std::printf("%s:", name);
  for (; first != last; ++first) std::printf(" %d", int(*first));
  std::printf("\n");
}

int main() {
  thrust::device_vector<int> data(4);
  data[0] = 10;
  data[1] = 20;
  data[2] = 30;
  data[3] = 40;
  print("data", data.begin(), data.end());

  using Iterator = thrust::device_vector<int>::iterator;
  repeated_range<Iterator> twice(data.begin(), data.end(), 2);
  print("repeated x2", twice.begin(), twice.end());
  repeated_range<Iterator> thrice(data.begin(), data.end(), 3);
  print("repeated x3", thrice.begin(), thrice.end());

  // Materialized with copy, then reduced.
  thrust::device_vector<int> out(12);
  thrust::copy(thrice.begin(), thrice.end(), out.begin());
  print("copied", out.begin(), out.end());
  std::printf("sum: %d, max: %d\n", thrust::reduce(out.begin(), out.end()),
              thrust::reduce(thrice.begin(), thrice.end(), 0, thrust::maximum<int>()));
  return 0;
}
