#!/usr/bin/env bash
# Session 24 GPU rule (session 23 script, archive folder s25bin) (session 22 script) (session 21's script): the programs are built on the dev machine (build/cuda,
# Release, sm_90, from the same tree) and carried in .carry/s25bin/bins.tar.xz, unpacked into
# build/gpu/test when absent (else, as session 21, configured and built here):
#   .carry/s21r/rule.sh TAG FUZZ_SECONDS [suite] [fault] [sanitize]
# TAG names the call (logs *-TAG). suite: each test_* program whole (all but test_large), 4 at a time, beside tide_fuzz
# for FUZZ_SECONDS; fault: tide_fault's modes, a process each; sanitize: compute-sanitizer memcheck,
# racecheck or synccheck at TIDE_TEST_SMALL, as $SANITIZE lists (program:tool,tool ...), beside
# the suite when both are asked for (sanitize before suite starts them first).
set -u
root=$PWD
out=${OUT:-/tmp/rule-out}
tag=$1
secs=$2
shift 2
bin=$root/build/gpu/test
mkdir -p "$out/logs-$tag"
# The carried programs come in parts (.carry/s25bin/bins*.tar.xz, under the 64 MiB a call carries);
# SUITE_LIST names the part's programs for the suite step (default: every test_* here).
for a in "$root"/.carry/s25bin/bins*.tar.xz; do
  [ -f "$a" ] || continue
  mkdir -p "$bin" && tar xJf "$a" -C "$bin" && echo "unpacked $(basename "$a"): $(tar tJf "$a" | wc -l) programs"
done
if [ ! -x "$bin/tide_fuzz" ]; then
  t0=$(date +%s)
  cmake -S "$root" -B "$root/build/gpu" -DCMAKE_BUILD_TYPE=Release -DTIDE_DEVICE_SYSTEM=CUDA -DTIDE_BUILD_TESTS=ON \
    >"$out/configure-$tag.log" 2>&1 || { tail -30 "$out/configure-$tag.log"; exit 1; }
  cmake --build "$root/build/gpu" -j 16 --target tide_tests tide_fuzz tide_fault tide_fault_debug_sync \
    >"$out/build-$tag.log" 2>&1 || { grep -m20 -B2 -A8 error "$out/build-$tag.log"; exit 1; }
  echo "built in $(( $(date +%s) - t0 )) s"
fi
"$root/test/gpu/run.sh" tree >"$out/tree-$tag.txt" 2>&1
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv >"$out/gpu-$tag.txt"
export TIDE_TEST_SEED=${TIDE_TEST_SEED:-2102102102102102102}
fuzz_pid=
san_pids=()
if [ "$secs" -gt 0 ] && [ -x "$bin/tide_fuzz" ]; then
  "$bin/tide_fuzz" --seconds="$secs" >"$out/fuzz-$tag.log" 2>&1 &
  fuzz_pid=$!
fi
for step in "$@"; do
  case "$step" in
    suite)
      : >"$out/suite-$tag.txt"
      { if [ -n "${SUITE_LIST:-}" ]; then for t in $SUITE_LIST; do echo "$bin/$t"; done; else ls "$bin"/test_* | grep -v '\.cmake$'; fi; } |
        grep -v test_large | xargs -P 4 -I{} bash -c '
        p={}; n=$(basename "$p"); log='"$out/logs-$tag"'/$n.log
        timeout 520 "$p" >"$log" 2>&1; rc=$?
        echo "$n rc=$rc $(grep -E "^\[doctest\] test cases" "$log" | tail -1)" >>'"$out/suite-$tag.txt"
      echo "suite $tag: $(grep -c 'rc=0' "$out/suite-$tag.txt") programs passed, $(grep -vc 'rc=0' "$out/suite-$tag.txt") not"
      grep -v 'rc=0' "$out/suite-$tag.txt"
      ;;
    fault)
      : >"$out/fault-$tag.txt"
      for m in fault_surfaces_at_reduce fault_surfaces_at_copy earlier_fault_not_tides \
               earlier_fault_not_tides_at_first_result par_traps_in_device_code; do
        timeout 120 "$bin/tide_fault" "$m" >>"$out/fault-$tag.txt" 2>&1; echo "mode $m rc=$?" >>"$out/fault-$tag.txt"
      done
      timeout 120 "$bin/tide_fault_debug_sync" fault_named_at_launch >>"$out/fault-$tag.txt" 2>&1
      echo "mode fault_named_at_launch rc=$?" >>"$out/fault-$tag.txt"
      echo "fault: $(grep -c '^PASS' "$out/fault-$tag.txt") PASS lines, $(grep -c '^FAIL' "$out/fault-$tag.txt") FAIL, modes rc: $(grep -o 'rc=[0-9]*' "$out/fault-$tag.txt" | sort | uniq -c | tr '\n' ' ')"
      ;;
    sanitize)
      : >"$out/sanitize-$tag.txt"
      # SANITIZE: entries program:tool,tool (e.g. test_histogram:memcheck,racecheck,synccheck); they
      # run in the background and are collected at the end.
      for entry in ${SANITIZE:-}; do
        t=${entry%%:*}
        for tool in $(echo "${entry#*:}" | tr ',' ' '); do
          log="$out/logs-$tag/sanitize-$tool-$t.log"
          (TIDE_TEST_SMALL=1 timeout "${SANITIZE_LIMIT:-300}" compute-sanitizer --tool "$tool" --report-api-errors no \
             --error-exitcode 99 --print-limit 5 "$bin/$t" >"$log" 2>&1; echo $? >"$log.rc") &
          san_pids+=($!)
        done
      done
      ;;
  esac
done
if [ "${#san_pids[@]}" -gt 0 ]; then
  for pid in "${san_pids[@]}"; do wait "$pid"; done
  for entry in ${SANITIZE:-}; do
    t=${entry%%:*}
    for tool in $(echo "${entry#*:}" | tr ',' ' '); do
      log="$out/logs-$tag/sanitize-$tool-$t.log"
      echo "$tool $t rc=$(cat "$log.rc"): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -1) | $(grep -E '^\[doctest\] test cases' "$log" | tail -1)" >>"$out/sanitize-$tag.txt"
    done
  done
  cat "$out/sanitize-$tag.txt"
fi
if [ -n "$fuzz_pid" ]; then
  wait "$fuzz_pid"
  echo "fuzz $tag rc=$?: $(grep -m1 '^tide_fuzz:' "$out/fuzz-$tag.log") | $(tail -1 "$out/fuzz-$tag.log")"
fi
(cd "$out" && tar -cJf "logs-$tag.tar.xz" "logs-$tag" && rm -rf "logs-$tag")
