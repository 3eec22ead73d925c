#!/usr/bin/env bash
# Session 32 call 2: old (main) / v3 (group search to 4,096 cuts + rounds of 256 x 17) / v4 (v3 + the merge sort's partition and round kernels launched dependent, PDL).
cd "$(dirname "$0")"
for i in 1 2; do for v in old v3 v4; do ./mfab_$v $v$i; done; done > $OUT/mfab2.txt 2>&1
for i in 1 2; do for v in old v3 v4; do ./msk_$v time $v$i big; done; done > $OUT/msk2.txt 2>&1
for b in msk_old msk_v3 msk_v4; do ncu --clock-control none -k regex:"merge_sort_" -c 60 --metrics gpu__time_duration.sum --csv ./$b once > $OUT/ncu2_$b.csv 2>&1; done
grep -h "2^2[4-8]" $OUT/mfab2.txt $OUT/msk2.txt | grep -v "set_\|merge " | sort -k2,4 | head -80
