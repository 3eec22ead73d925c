// Thrust's tiled_range: a range repeated a number of times, from a counting_iterator, a modulus
// transform_iterator and a permutation_iterator.

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>

#include <cstdio>
#include <iterator>

template <typename Iterator>
class tiled_range {
 public:
  using difference_type = typename std::iterator_traits<Iterator>::difference_type;

  struct tile_functor {
    difference_type tile_size;
    tile_functor(difference_type t) : tile_size(t) {}
    __host__ __device__ difference_type operator()(const difference_type& i) const { return i % tile_size; }
  };

  using CountingIterator = thrust::counting_iterator<difference_type>;
  using TransformIterator = thrust::transform_iterator<tile_functor, CountingIterator>;
  using PermutationIterator = thrust::permutation_iterator<Iterator, TransformIterator>;
  using iterator = PermutationIterator;

  tiled_range(Iterator first, Iterator last, difference_type tiles) : first(first), last(last), tiles(tiles) {}

  iterator begin() const {
    return PermutationIterator(first, TransformIterator(CountingIterator(0), tile_functor(last - first)));
  }
  iterator end() const { return begin() + tiles * (last - first); }

 protected:
  Iterator first;
  Iterator last;
  difference_type tiles;
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
  tiled_range<Iterator> two(data.begin(), data.end(), 2);
  print("two tiles", two.begin(), two.end());
  tiled_range<Iterator> three(data.begin(), data.end(), 3);
  print("three tiles", three.begin(), three.end());

  // The tiles as an input to transform, beside an ordinary vector of the same length.
  thrust::device_vector<int> offsets(12);
  for (int i = 0; i < 12; ++i) offsets[i] = i / 4;
  thrust::device_vector<int> out(12);
  thrust::transform(three.begin(), three.end(), offsets.begin(), out.begin(), thrust::plus<int>());
  print("tile + tile index", out.begin(), out.end());
  std::printf("sum of three tiles: %d\n", thrust::reduce(three.begin(), three.end()));
  return 0;
}
