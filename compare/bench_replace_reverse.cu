// replace*, reverse, reverse_copy, swap_ranges, generate, uninitialized_*: tide beside CUB (where CUB has it) and Thrust. Issue 17; being written.
// PLACEHOLDER until its helper replaces this body: no rows yet.

#include "harness/libs.hpp"

namespace cmp {

void bench_replace_reverse(suite& s) { (void)s; }

}  // namespace cmp
