// set_union, set_intersection, set_difference, set_symmetric_difference (+ _by_key): tide beside CUB (where CUB has it) and Thrust. Issue 17; being written.
// PLACEHOLDER until its helper replaces this body: no rows yet.

#include "harness/libs.hpp"

namespace cmp {

void bench_set_operations(suite& s) { (void)s; }

}  // namespace cmp
