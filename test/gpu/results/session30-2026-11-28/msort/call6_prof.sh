#!/usr/bin/env bash
# Session 30: ncu sections of the merge sort's tile kernel and one round, tide (main) against Thrust, 2^24 f32 by a > b.
cd "$(dirname "$0")"
S="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section InstructionStats --section MemoryWorkloadAnalysis_Tables --section SourceCounters"
ncu --clock-control none -k regex:"merge_sort_tiles_kernel|DeviceMergeSortBlockSortKernel" -c 4 $S --page details --csv ./msk_old once > $OUT/ncu_tiles.csv 2> $OUT/ncu_tiles.err
ncu --clock-control none -k regex:"DeviceMergeSortMergeKernel" --launch-skip 11 -c 1 $S --page details --csv ./msk_old once > $OUT/ncu_round_thrust.csv 2> $OUT/ncu_round_thrust.err
ncu --clock-control none -k regex:"merge_sort_round_kernel" --launch-skip 9 -c 1 $S --page details --csv ./msk_old once > $OUT/ncu_round_tide.csv 2> $OUT/ncu_round_tide.err
cd $OUT && tar -cJf ncu.tar.xz ncu_* && ls -la
