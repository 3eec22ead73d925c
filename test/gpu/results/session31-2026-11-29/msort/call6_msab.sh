#!/usr/bin/env bash
# Session 31: serial_merge's clamp by min and the pair found by mask (new) against main (old).
cd "$(dirname "$0")"
for i in 1 2; do ./msk_old time old$i big; ./msk_new time new$i big; done > $OUT/msab.txt 2>&1
for b in msk_old msk_new; do ncu --clock-control none -k regex:"merge_sort_tiles_kernel|DeviceMergeSortBlockSortKernel|merge_sort_round_kernel|merge_kernel" -c 12 --metrics gpu__time_duration.sum,smsp__inst_executed.sum --csv ./$b once > $OUT/ncu_$b.csv 2>&1; done
grep -h "2^24\|2^26\|2^28\|2^20" $OUT/msab.txt | sort -k2,4 | head -60
