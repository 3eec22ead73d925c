// partition, stable_partition, partition_copy, stable_partition_copy: tide beside CUB (where CUB has it) and Thrust. Issue 17; being written.
// PLACEHOLDER until its helper replaces this body: no rows yet.

#include "harness/libs.hpp"

namespace cmp {

void bench_partition(suite& s) { (void)s; }

}  // namespace cmp
