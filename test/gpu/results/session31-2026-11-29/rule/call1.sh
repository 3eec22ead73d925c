#!/usr/bin/env bash
# Session 31 call 1: the GPU rule's first part on the final tree: tide_fuzz 440 s beside listA's
# programs (the sorts, merges, set operations, scans and compactions; 6 at a time), the fault modes,
# and compute-sanitizer on the programs of the changed block primitive (block_merge.hpp).
cd "$(dirname "$0")/../.."
t0=$(date +%s)
export SUITE_LIST="$(cat .carry/s31r/listA)"
export SANARG_test_sort='--test-case=*from 1500 to 4400*,*one-block shapes*,*custom comparator*,*partitioned rounds*'
SANITIZE="test_sort:memcheck,racecheck test_merge:memcheck,racecheck test_set_operations:racecheck" SANITIZE_LIMIT=420 \
  .carry/s31r/rule.sh A 440 sanitize suite fault > $OUT/ruleA.txt 2>&1
echo "rule A done $(( $(date +%s) - t0 )) s"; cat $OUT/ruleA.txt
cd $OUT && tar -cJf logs-A.tar.xz logs-A && rm -rf logs-A
