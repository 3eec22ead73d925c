#!/usr/bin/env bash
# Session 32 call 1: the GPU rule's part A on the final tree: tide_fuzz 500 s beside listA's programs
# (sorts, merges, set operations, scans, compactions; 6 at a time), the fault modes, and
# compute-sanitizer on the programs of the changed code (partition_search.hpp, group_merge_path,
# the merge sort's rounds of 256; and session 31's block_merge_levels, whose racecheck in test_sort
# was not finished): test_sort's racecheck in two processes (its partitioned rounds case alone).
cd "$(dirname "$0")/../.."
t0=$(date +%s)
export SUITE_LIST="$(cat .carry/s32r/listA)"
export SANARG_test_sort='--test-case=*from 1500 to 4400*,*one-block shapes*,*custom comparator*,*partitioned rounds*'
mkdir -p $OUT/extra
# test_sort racecheck, split: the partitioned rounds case, and the other merge sort cases.
( sleep 20; b=/tmp/tide-A/test_sort
  TIDE_TEST_SMALL=1 timeout 530 compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 99 --print-limit 5 \
    $b '--test-case=*partitioned rounds*' > $OUT/extra/racecheck-test_sort-rounds.log 2>&1; echo "rc=$?" >> $OUT/extra/racecheck-test_sort-rounds.log ) &
( sleep 20; b=/tmp/tide-A/test_sort
  TIDE_TEST_SMALL=1 timeout 530 compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 99 --print-limit 5 \
    $b '--test-case=*from 1500 to 4400*,*one-block shapes*,*custom comparator*' > $OUT/extra/racecheck-test_sort-others.log 2>&1; echo "rc=$?" >> $OUT/extra/racecheck-test_sort-others.log ) &
SANITIZE="test_sort:memcheck test_merge:memcheck,racecheck,synccheck test_set_operations:memcheck,racecheck,synccheck" SANITIZE_LIMIT=520 \
  .carry/s32r/rule.sh A 500 sanitize suite fault > $OUT/ruleA.txt 2>&1
wait
echo "rule A done $(( $(date +%s) - t0 )) s"; cat $OUT/ruleA.txt
for f in $OUT/extra/*.log; do echo "$(basename $f): $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' $f | tail -1) | $(grep -E '^\[doctest\] test cases' $f | tail -1) | $(tail -1 $f)"; done
