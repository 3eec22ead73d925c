// tide_fuzz, one family in a source of its own (fuzz.hpp says why; fuzz.cpp draws the cases):
// the set operations, plain and by key.
#include "fuzz.hpp"

namespace tide_fuzz {
namespace {

#include "fuzz_set_operations.hpp"

}  // namespace

template <class T>
outcome run_set_operations_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g) {
  switch (c.algorithm) {
    case alg::set_operation: return run_set_operation(h, g, int(g() % 4));
    case alg::set_operation_by_key: return run_set_operation_by_key(h, g, int(g() % 4));
    default: return outcome::fail("no such algorithm");
  }
}

TIDE_FUZZ_INSTANTIATE_FAMILY(run_set_operations_family)

}  // namespace tide_fuzz
