#!/bin/bash
cd "$(dirname "$0")"; export LD_LIBRARY_PATH=$PWD
for env in "" "GOMP_SPINCOUNT=10000" "OMP_WAIT_POLICY=passive"; do
  for bg in 0 1 3; do echo "== env [$env] bg $bg"; env $env timeout 60 ./trace2 $bg; done
done
