#!/bin/bash
# Session 31: per-line instruction counts (ncu SourceCounters) of tide's tile sort and Thrust's block sort, 2^24 f32 by a > b.
cd "$(dirname "$0")"
ncu --version | tail -1
for k in "merge_sort_tiles_kernel tide" "DeviceMergeSortBlockSortKernel cub"; do
  set -- $k
  ncu --clock-control none -k regex:$1 --launch-skip 1 -c 1 --section SourceCounters --section InstructionStats -o $OUT/$2 ./msk_line once > $OUT/$2.log 2>&1
  for p in cuda sass; do
    ncu -i $OUT/$2.ncu-rep --page source --csv --print-source $p > $OUT/$2_$p.csv 2>> $OUT/$2.log
  done
done
cd $OUT && ls -la && tar -cJf src.tar.xz *.csv *.log && rm -f *.csv *.log && ls -la
