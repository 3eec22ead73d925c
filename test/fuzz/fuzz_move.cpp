// tide_fuzz, one family in a source of its own (fuzz.hpp says why; fuzz.cpp draws the cases):
// the algorithms that move values and never compute with them: replace, reverse, swap_ranges,
// generate and the uninitialized ones, shuffle.
#include "fuzz.hpp"

namespace tide_fuzz {
namespace {

#include "fuzz_replace_reverse.hpp"
#include "fuzz_shuffle.hpp"

}  // namespace

template <class T>
outcome run_move_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g) {
  switch (c.algorithm) {
    case alg::replace: return run_replace(h, g);
    case alg::reverse: return run_reverse(h, g);
    case alg::swap_ranges: return run_swap_ranges(h, g);
    case alg::generate: return run_generate(h, g);
    case alg::shuffle: return run_shuffle(h, g);
    default: return outcome::fail("no such algorithm");
  }
}

TIDE_FUZZ_INSTANTIATE_FAMILY(run_move_family)

}  // namespace tide_fuzz
