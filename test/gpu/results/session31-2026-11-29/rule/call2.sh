#!/usr/bin/env bash
# Session 31 call 2: the A/B of serial_merge's min clamp and the tile kernel's launch bounds
# (msk_old = main at dd6c658, msk_new = the final tree), alone on the GPU; then the GPU rule's
# second part: tide_fuzz 165 s beside listB's programs.
cd "$(dirname "$0")/../.."
t0=$(date +%s)
for b in msk_old msk_new; do xz -dc .carry/s31ab/$b.xz > /tmp/$b && chmod +x /tmp/$b; done
/tmp/msk_old time old1 > $OUT/ab.txt 2>&1; /tmp/msk_new time new1 >> $OUT/ab.txt 2>&1
ncu --clock-control none -k regex:"merge_sort_tiles_kernel|merge_sort_round_kernel" -c 4 --metrics gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread --csv /tmp/msk_new once > $OUT/ncu_new.csv 2>&1
echo "ab done $(( $(date +%s) - t0 )) s"; grep -h "2^20\|2^24\|2^26\|merge" $OUT/ab.txt
export SUITE_LIST="$(cat .carry/s31r/listB)"
BINDIR=.carry/s31binB .carry/s31r/rule.sh B 165 suite > $OUT/ruleB.txt 2>&1
echo "rule B done $(( $(date +%s) - t0 )) s"; cat $OUT/ruleB.txt
cd $OUT && tar -cJf logs-B.tar.xz logs-B && rm -rf logs-B
