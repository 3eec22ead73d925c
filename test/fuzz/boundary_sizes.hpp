// Part of fuzz.cpp, CUDA builds only: included inside its anonymous namespace, after fuzz.hpp's
// helpers (fuzz.cpp includes tide/backend/cuda/path_boundaries.hpp at its top). For the
// algorithm and element type of a case, the sizes where the CUDA code that the case's run_*
// function calls changes its path or its tuning, read from the tuning structs and thresholds
// themselves: a retune moves the fuzzer's boundary cases with it.
//
// Each entry mirrors what its run_* function calls (element type T, A = arith_t<T>: integer sums,
// scans and by-key values run in the unsigned type; floats in T):
//   reduce                  reduce<A>, and for integers also reduce<uint64> (the widened sum)
//   reduce_max              reduce<T> (maximum<T>)
//   transform_reduce        reduce<uint64> for integers, reduce<T> for floats
//   reduce_affine           reduce<affine> (affine_compose)
//   inclusive/exclusive_scan scan<A, A, plus<A>> over A*
//   scan_affine             scan<affine, affine, affine_compose, the transform_iterator over T*>
//   reduce_by_key           reduce_by_key<T, A, A, plus<>> (the public layer's default operator)
//   *_scan_by_key           scan_by_key<T, A, A, plus<>>
//   copy_if, unique         select<T>
//   sort, sort_greater      radix_sort<T>
//   sort_comparator         merge_sort<T> (by_low_bits is not tide's key order)
//   stable_sort_by_key      radix_sort<T, uint32>
//   merge                   merge<T> (the two inputs' total)
//   histogram_even          histogram<T>; half the cases also take a bin count from histogram_bins()
//   histogram_range         histogram<T> (the samples' tiles); its bin counts come with its bounds'
//                           type, half of them from histogram_bins(sizeof(bound)) (fuzz_reduce.cpp)
//   gather                  gather_scatter() (a transform reading through a permutation)
//   scatter                 transform<T> (a transform of T* writing through a permutation: the
//                           CUDA transform picks gather_tuning only for a permutation input)
//   min_max_element         reduce<size_type> (min/max_element) and reduce<minmax_indices>
//                           (minmax_element), each + 1: they reduce the indices 1 .. n-1
//   count                   reduce<difference_type> (count_if's transform_reduce)
//   binary_searches         transform<T> over the searched values (their count is the size; the
//                           searched range has the same size)
//   issue 17's families     partitions and unique_by_key: select<T>; unique_count: reduce<difference>
//                           (+1: it reduces the n - 1 neighbour pairs); the searches: find<T>;
//                           replace/reverse/swap_ranges/generate: replace_reverse<T>;
//                           adjacent_difference<T>; transform scans: scan<A> over the fused
//                           transform_iterator; set operations: set_operations<T> (the two
//                           ranges' total); equal_range, shuffle: none (no path of their own)

namespace pb = tide::backend::cuda::boundaries;

/// The sizes of several lists, each + shift, ascending, each once.
std::vector<std::int64_t> joined(std::initializer_list<pb::edges> lists, std::int64_t shift = 0) {
  std::vector<std::int64_t> v;
  for (const pb::edges& e : lists)
    for (std::int64_t n : e.sizes) v.push_back(n + shift);
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

/// The iterator the CUDA backend receives for a device_vector<T>'s elements (unwrapped).
template <class T>
using device_iter = tide::detail::unwrapped_t<typename tide::device_vector<T>::iterator>;
/// run_scan_affine's input, unwrapped: affine maps made from the bits of T elements.
template <class T>
using affine_iter = tide::detail::unwrapped_t<decltype(tide::make_transform_iterator(
    tide::make_transform_iterator(std::declval<typename tide::device_vector<T>::iterator>(), bits_of<T>()),
    to_affine()))>;

/// run_transform_scan's input, unwrapped: the fused transform over the device_vector's elements.
template <class A>
using scan_transform_iter = tide::detail::unwrapped_t<decltype(tide::make_transform_iterator(
    std::declval<typename tide::device_vector<A>::iterator>(), fuzz_scan_transform()))>;

template <class T>
std::vector<std::int64_t> boundary_sizes_for(alg a, std::int64_t limit) {
  using A = arith_t<T>;
  using U = std::uint64_t;
  switch (a) {
    case alg::reduce:
      if constexpr (std::is_integral_v<T>) return joined({pb::reduce<A>(limit), pb::reduce<U>(limit)});
      else return joined({pb::reduce<T>(limit)});
    case alg::reduce_max: return joined({pb::reduce<T>(limit)});
    case alg::transform_reduce:
      if constexpr (std::is_integral_v<T>) return joined({pb::reduce<U>(limit)});
      else return joined({pb::reduce<T>(limit)});
    case alg::reduce_affine: return joined({pb::reduce<affine>(limit)});
    case alg::inclusive_scan:
    case alg::exclusive_scan: return joined({pb::scan<A, A, tide::plus<A>, device_iter<A>>(limit)});
    case alg::scan_affine: return joined({pb::scan<affine, affine, affine_compose, affine_iter<T>>(limit)});
    case alg::reduce_by_key: return joined({pb::reduce_by_key<T, A, A, tide::plus<>>(limit)});
    case alg::inclusive_scan_by_key:
    case alg::exclusive_scan_by_key: return joined({pb::scan_by_key<T, A, A, tide::plus<>>(limit)});
    case alg::copy_if:
    case alg::unique: return joined({pb::select<T>(limit)});
    case alg::sort:
    case alg::sort_greater: return joined({pb::radix_sort<T>(limit)});
    case alg::sort_comparator: return joined({pb::merge_sort<T>(limit)});
    case alg::stable_sort_by_key: return joined({pb::radix_sort<T, std::uint32_t>(limit)});
    case alg::merge: return joined({pb::merge<T>(limit)});
    case alg::histogram_even:
    case alg::histogram_range: return joined({pb::histogram<T>(limit)});
    case alg::gather: return joined({pb::gather_scatter(limit)});
    case alg::scatter: return joined({pb::transform<T>(limit)});
    case alg::min_max_element:
      return joined({pb::reduce<tide::size_type>(limit), pb::reduce<tide::detail::minmax_indices>(limit)}, 1);
    case alg::count: {
      using count_t = tide::detail::iter_difference_t<typename tide::device_vector<T>::iterator>;
      return joined({pb::reduce<count_t>(limit)});
    }
    case alg::binary_searches: return joined({pb::transform<T>(limit)});
    case alg::partition:
    case alg::stable_partition:
    case alg::partition_copy:
    case alg::unique_by_key: return joined({pb::select<T>(limit)});
    case alg::unique_count:
      return joined({pb::reduce<tide::detail::iter_difference_t<typename tide::device_vector<T>::iterator>>(limit)}, 1);
    case alg::find:
    case alg::mismatch:
    case alg::is_sorted:
    case alg::partition_point: return joined({pb::find<T>(limit)});
    case alg::replace:
    case alg::reverse:
    case alg::swap_ranges:
    case alg::generate: return joined({pb::replace_reverse<T>(limit)});
    case alg::adjacent_difference: return joined({pb::adjacent_difference<T>(limit)});
    case alg::set_operation:
    case alg::set_operation_by_key: return joined({pb::set_operations<T>(limit)});
    case alg::transform_inclusive_scan:
    case alg::transform_exclusive_scan: return joined({pb::scan<A, A, tide::plus<A>, scan_transform_iter<A>>(limit)});
    default: return {};
  }
}

/// The boundary sizes of an algorithm and type (fuzz.cpp's type index) up to limit, computed once.
const std::vector<std::int64_t>& boundary_sizes(alg a, int type, std::int64_t limit) {
  static std::map<std::tuple<int, int, std::int64_t>, std::vector<std::int64_t>> cache;
  const auto key = std::make_tuple(int(a), type, limit);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  std::vector<std::int64_t> sizes;
  switch (type) {
    case 0: sizes = boundary_sizes_for<std::int8_t>(a, limit); break;
    case 1: sizes = boundary_sizes_for<std::uint8_t>(a, limit); break;
    case 2: sizes = boundary_sizes_for<std::int32_t>(a, limit); break;
    case 3: sizes = boundary_sizes_for<std::uint32_t>(a, limit); break;
    case 4: sizes = boundary_sizes_for<std::int64_t>(a, limit); break;
    case 5: sizes = boundary_sizes_for<std::uint64_t>(a, limit); break;
    case 6: sizes = boundary_sizes_for<float>(a, limit); break;
    default: sizes = boundary_sizes_for<double>(a, limit); break;
  }
  return cache.emplace(key, std::move(sizes)).first->second;
}

/// The bin counts where histogram_even changes where it counts (its binner needs no shared
/// memory), computed once.
const std::vector<int>& histogram_bin_counts() {
  static const std::vector<int> bins = pb::histogram_bins(0);
  return bins;
}
