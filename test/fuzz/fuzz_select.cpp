// tide_fuzz, one family in a source of its own (fuzz.hpp says why; fuzz.cpp draws the cases):
// copy_if, unique, the partitions, unique_by_key and unique_count.
#include "fuzz.hpp"

namespace tide_fuzz {
namespace {

template <class T>
struct above {
  T threshold;
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x > threshold; }
};

template <class T>
outcome run_copy_if(const std::vector<T>& h, std::mt19937_64& g) {
  const T threshold = h.empty() ? T(0) : h[g() % h.size()];
  tide::device_vector<T> d(h.begin(), h.end()), out(h.size());
  auto end = tide::copy_if(tide::device, d.begin(), d.end(), out.begin(), above<T>{threshold});
  std::vector<T> want(h.size());
  auto wend = tide::copy_if(tide::seq, h.begin(), h.end(), want.begin(), above<T>{threshold});
  want.resize(wend - want.begin());
  return first_difference(from_device(out, end - out.begin()), want, "copy_if");
}

template <class T>
outcome run_unique(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  auto end = tide::unique(tide::device, d.begin(), d.end());
  std::vector<T> want = h;
  want.erase(tide::unique(tide::seq, want.begin(), want.end()), want.end());
  return first_difference(from_device(d, end - d.begin()), want, "unique");
}

#include "fuzz_partition.hpp"

}  // namespace

template <class T>
outcome run_select_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g) {
  switch (c.algorithm) {
    case alg::copy_if: return run_copy_if(h, g);
    case alg::unique: return run_unique(h);
    case alg::partition: return run_partition(h, g);
    case alg::stable_partition: return run_stable_partition(h, g);
    case alg::partition_copy: return run_partition_copy(h, g);
    case alg::unique_by_key: return run_unique_by_key(h, g);
    case alg::unique_count: return run_unique_count(h);
    default: return outcome::fail("no such algorithm");
  }
}

TIDE_FUZZ_INSTANTIATE_FAMILY(run_select_family)

}  // namespace tide_fuzz
