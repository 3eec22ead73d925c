#!/usr/bin/env bash
# Session 32 call 2: the GPU rule's part B: tide_fuzz 110 s beside listB's programs.
cd "$(dirname "$0")/../.."
t0=$(date +%s)
export SUITE_LIST="$(cat .carry/s32r/listB)"
BINDIR=.carry/s32binB .carry/s32r/rule.sh B 110 suite > $OUT/ruleB.txt 2>&1
echo "rule B done $(( $(date +%s) - t0 )) s"; cat $OUT/ruleB.txt
# Then the host A/B of the transform scans on the 16 cores (main at c79a5ff against 4c9eda2's
# omp/scan.hpp), alone on the machine, alternated twice.
cd .carry/s32h && nproc > $OUT/host_nproc.txt; lscpu | grep "Model name" >> $OUT/host_nproc.txt
for i in 1 2; do ./tscan_old old$i 16 24 28; ./tscan_hw new$i 16 24 28; done > $OUT/host_tscan_16.txt 2>&1
sort -k2,3 -s $OUT/host_tscan_16.txt
