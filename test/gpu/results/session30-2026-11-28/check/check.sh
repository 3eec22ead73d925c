#!/usr/bin/env bash
# Session 30: the new merge sort test on the GPU, and the comparison sort's fuzz past the fused rounds.
set -u
b=/tmp/s30b; mkdir -p $b; tar -xJf $(dirname "$0")/bins.tar.xz -C $b; o=$OUT
export TIDE_TEST_SEED=3030303030303030303
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $o/gpu.txt
test/gpu/run.sh tree > $o/tree.txt 2>&1
git log --oneline -1 >> $o/tree.txt 2>&1
( TIDE_TEST_SMALL=1 timeout 300 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 99 --print-limit 5 $b/test_sort > $o/memcheck_test_sort.log 2>&1; echo "rc=$?" >> $o/memcheck_test_sort.log ) &
( TIDE_TEST_SMALL=1 timeout 300 compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 5 $b/test_sort -tc="the merge sort's partitioned*" > $o/racecheck_new_case.log 2>&1; echo "rc=$?" >> $o/racecheck_new_case.log ) &
timeout 300 $b/test_sort > $o/test_sort.log 2>&1; echo "rc=$?" >> $o/test_sort.log
timeout 200 $b/tide_fuzz --alg=sort_comparator --max-log2=25 --seconds=120 > $o/fuzz_sort_comparator.log 2>&1; echo "rc=$?" >> $o/fuzz_sort_comparator.log
wait
for f in $o/*.log; do echo "$(basename $f): $(grep -E 'test cases|ERROR SUMMARY|RACECHECK SUMMARY|^tide_fuzz' $f | tr '\n' ' ') $(tail -2 $f | tr '\n' ' ')"; done
