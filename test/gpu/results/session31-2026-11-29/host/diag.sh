#!/bin/bash
# Session 31 diagnostic on the 16-core host: vmstat, thread snapshots, diag, compare's scan family.
D=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH=$D
nproc; lscpu | grep -E "Model name|^CPU\(s\)"; uname -r
cat /proc/sys/kernel/sched_min_granularity_ns /sys/kernel/debug/sched/base_slice_ns 2>/dev/null
vmstat 1 > $OUT/vmstat.txt 2>&1 &
VM=$!
( while true; do date +%T; ps -eLo pid,tid,psr,pcpu,stat,comm --sort=-pcpu | head -12; sleep 4; done ) > $OUT/ps.txt 2>&1 &
PS=$!
timeout 150 $D/diag all > $OUT/diag.txt 2>&1
echo "diag rc $?"
for k in 1 2; do timeout 120 $D/tide_compare_host --only=scan --sizes=16,20,24 --no-scaling --settle-s=5 --out=/tmp/c$k > $OUT/scan$k.txt 2>&1; echo "scan$k rc $?"; done
timeout 90 $D/tide_compare_host --only=transform,replace_reverse,reduce --sizes=20,24 --libs=tide,thrust --no-scaling --settle-s=5 --out=/tmp/c3 > $OUT/tr.txt 2>&1; echo "tr rc $?"
kill $VM $PS
