// tide_fuzz, one family in a source of its own (fuzz.hpp says why; fuzz.cpp draws the cases):
// adjacent_difference and the transform scans.
#include "fuzz.hpp"

namespace tide_fuzz {
namespace {

#include "fuzz_adjacent_difference.hpp"

}  // namespace

template <class T>
outcome run_transform_scan_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g) {
  switch (c.algorithm) {
    case alg::adjacent_difference: return run_adjacent_difference(h, g);
    case alg::transform_inclusive_scan: return run_transform_scan(h, g, false);
    case alg::transform_exclusive_scan: return run_transform_scan(h, g, true);
    default: return outcome::fail("no such algorithm");
  }
}

TIDE_FUZZ_INSTANTIATE_FAMILY(run_transform_scan_family)

}  // namespace tide_fuzz
