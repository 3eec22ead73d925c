#!/bin/bash
# Session 31 A/B on the 16-core host: parallel_scan with claimed blocks (new) against the barrier (old).
D=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH=$D
t0=$(date +%s)
TIDE_COMPARE_GPU=0 compare/run.sh --build-only > $OUT/build.txt 2>&1; echo "build rc $? $(( $(date +%s) - t0 )) s"
NEW=build/compare-host/compare/tide_compare_host
ls -la $NEW
for bg in 0 1 3; do for v in old new; do echo "== $v bg $bg"; timeout 60 $D/trace2_$v $bg; done; done > $OUT/trace2.txt 2>&1
echo "trace2 done $(( $(date +%s) - t0 )) s"
for k in 1 2; do for v in old new; do
  B=$D/tide_compare_host_old; [ $v = new ] && B=$NEW
  timeout 120 $B --only=scan,copy_if,partition,reduce_by_key,unique_by_key --sizes=16,20,24 --no-scaling --settle-s=3 --out=/tmp/ab_$v$k > $OUT/ab_${v}$k.txt 2>&1
  echo "ab $v $k rc $? $(( $(date +%s) - t0 )) s"
done; done
cp /tmp/ab_new1/results.csv $OUT/new1.csv; cp /tmp/ab_old1/results.csv $OUT/old1.csv; cp /tmp/ab_new2/results.csv $OUT/new2.csv; cp /tmp/ab_old2/results.csv $OUT/old2.csv
cd $OUT && tar -cJf ab.tar.xz *.csv ab_*.txt && rm -f *.csv ab_*.txt
