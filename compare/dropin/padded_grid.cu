// A 2D grid stored with padding, as in Thrust's padded_grid_reduction example: a row-major
// array with padded columns, filled by tabulate from the flat index; the minimum and maximum of
// the valid cells come from transform_reduce over (index, value) pairs that ignores the padding,
// and per-row sums from reduce_by_key with the row number as key.

#include <thrust/device_vector.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/tabulate.h>
#include <thrust/transform_reduce.h>
#include <thrust/tuple.h>

#include <cstdio>

const int rows = 6;
const int cols = 7;
const int padded_cols = 8;  // one padding cell per row

// A cell's value from its position; padding gets a huge value that must be ignored.
struct grid_value {
  __host__ __device__ int operator()(int index) const {
    int i = index / padded_cols;
    int j = index % padded_cols;
    if (j >= cols) return 1000000;
    return (i * 13 + j * 7) % 23 - 11;
  }
};

struct min_max {
  int lo, hi;
};

// (index, value) -> a min_max of the value, or an empty one for padding.
struct transform_tuple {
  __host__ __device__ min_max operator()(const thrust::tuple<int, int>& t) const {
    int index = thrust::get<0>(t);
    int value = thrust::get<1>(t);
    if (index % padded_cols >= cols) return min_max{2147483647, -2147483647};
    return min_max{value, value};
  }
};

struct reduce_min_max {
  __host__ __device__ min_max operator()(const min_max& a, const min_max& b) const {
    return min_max{thrust::min(a.lo, b.lo), thrust::max(a.hi, b.hi)};
  }
};

struct row_of {
  __host__ __device__ int operator()(int index) const { return index / padded_cols; }
};

struct valid_or_zero {
  __host__ __device__ int operator()(const thrust::tuple<int, int>& t) const {
    return thrust::get<0>(t) % padded_cols < cols ? thrust::get<1>(t) : 0;
  }
};

int main() {
  thrust::device_vector<int> grid(rows * padded_cols);
  thrust::tabulate(grid.begin(), grid.end(), grid_value());
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) std::printf("%4d", int(grid[i * padded_cols + j]));
    std::printf("\n");
  }

  auto first = thrust::make_zip_iterator(thrust::make_tuple(thrust::counting_iterator<int>(0), grid.begin()));
  min_max init{2147483647, -2147483647};
  min_max result = thrust::transform_reduce(first, first + rows * padded_cols, transform_tuple(), init, reduce_min_max());
  std::printf("minimum %d, maximum %d\n", result.lo, result.hi);

  thrust::device_vector<int> row_ids(rows), row_sums(rows);
  thrust::reduce_by_key(thrust::make_transform_iterator(thrust::counting_iterator<int>(0), row_of()),
                        thrust::make_transform_iterator(thrust::counting_iterator<int>(rows * padded_cols), row_of()),
                        thrust::make_transform_iterator(first, valid_or_zero()), row_ids.begin(), row_sums.begin());
  std::printf("row sums:");
  for (int i = 0; i < rows; ++i) std::printf(" %d:%d", int(row_ids[i]), int(row_sums[i]));
  std::printf("\n");
  return 0;
}
