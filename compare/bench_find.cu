// find, find_if, find_if_not, mismatch, is_sorted, is_sorted_until, partition_point, is_partitioned: tide beside CUB (where CUB has it) and Thrust. Issue 17; being written.
// PLACEHOLDER until its helper replaces this body: no rows yet.

#include "harness/libs.hpp"

namespace cmp {

void bench_find(suite& s) { (void)s; }

}  // namespace cmp
