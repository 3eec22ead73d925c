#!/usr/bin/env bash
# Session 30: thread_sort without the count's tests for whole threads (variant A) against main.
cd "$(dirname "$0")"
for i in 1 2; do ./msk_old time old$i; ./msk_A time A$i; done > $OUT/abA.txt 2>&1
for b in msk_old msk_A; do ncu --clock-control none -k regex:"merge_sort_tiles_kernel|DeviceMergeSortBlockSortKernel" -c 4 --metrics gpu__time_duration.sum,smsp__inst_executed.sum --csv ./$b once > $OUT/ncu_$b.csv 2>&1; done
grep -h "2^24\|2^26\|2^20" $OUT/abA.txt | head -20
