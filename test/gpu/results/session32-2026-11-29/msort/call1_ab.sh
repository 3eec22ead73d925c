#!/usr/bin/env bash
# Session 32 call: partition search widths alone, then old (main) / v1 (group search) / v2 (v1 + rounds of 256 x 17) alternated.
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > $OUT/gpu.txt
./partition_lanes > $OUT/partition_lanes.txt 2>&1
for i in 1 2; do for v in old v1 v2; do ./mfab_$v $v$i; done; done > $OUT/mfab.txt 2>&1
for i in 1 2; do for v in old v1 v2; do ./msk_$v time $v$i big; done; done > $OUT/msk.txt 2>&1
for b in msk_old msk_v2; do ncu --clock-control none -k regex:"merge_sort_partition_kernel|merge_sort_round_kernel|merge_sort_tiles_kernel|DeviceMergeSort" -c 40 --metrics gpu__time_duration.sum --csv ./$b once > $OUT/ncu_$b.csv 2>&1; done
grep -h "2^2[4-8]" $OUT/mfab.txt $OUT/msk.txt | sort -k2,4 | head -80
