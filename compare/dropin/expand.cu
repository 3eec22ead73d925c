// Expand each value by its count, as in Thrust's expand example: an exclusive scan of the counts
// gives each value's first output position, scatter_if marks those positions with the value's
// index, an inclusive max-scan spreads the index over its run, and gather reads the values.

#include <thrust/advance.h>
#include <thrust/device_vector.h>
#include <thrust/distance.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>

#include <cstdio>
#include <iterator>

template <typename InputIterator1, typename InputIterator2, typename OutputIterator>
OutputIterator expand(InputIterator1 first1, InputIterator1 last1, InputIterator2 first2, OutputIterator output) {
  using difference_type = typename std::iterator_traits<InputIterator1>::difference_type;
  difference_type input_size = thrust::distance(first1, last1);
  difference_type output_size = thrust::reduce(first1, last1);

  thrust::device_vector<difference_type> output_offsets(input_size, 0);
  thrust::exclusive_scan(first1, last1, output_offsets.begin());

  // The index of each input at its first output position (counts of zero write nothing).
  thrust::device_vector<difference_type> output_indices(output_size, 0);
  thrust::scatter_if(thrust::counting_iterator<difference_type>(0), thrust::counting_iterator<difference_type>(input_size),
                     output_offsets.begin(), first1, output_indices.begin());
  thrust::inclusive_scan(output_indices.begin(), output_indices.end(), output_indices.begin(),
                         thrust::maximum<difference_type>());
  OutputIterator output_end = output;
  thrust::advance(output_end, output_size);
  thrust::gather(output_indices.begin(), output_indices.end(), first2, output);
  return output_end;
}

int main() {
  int counts[] = {3, 5, 2, 0, 1, 3, 4, 2, 4};
  int values[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  const size_t n = sizeof(counts) / sizeof(int);
  thrust::device_vector<int> d_counts(counts, counts + n);
  thrust::device_vector<int> d_values(values, values + n);
  std::printf("counts:");
  for (size_t i = 0; i < n; ++i) std::printf(" %d", counts[i]);
  std::printf("\nvalues:");
  for (size_t i = 0; i < n; ++i) std::printf(" %d", values[i]);

  thrust::device_vector<int> output(thrust::reduce(d_counts.begin(), d_counts.end()));
  auto end = expand(d_counts.begin(), d_counts.end(), d_values.begin(), output.begin());
  std::printf("\nexpanded (%d):", int(end - output.begin()));
  for (size_t i = 0; i < output.size(); ++i) std::printf(" %d", int(output[i]));
  std::printf("\n");
  return 0;
}
