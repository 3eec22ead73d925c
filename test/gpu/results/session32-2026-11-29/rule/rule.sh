#!/usr/bin/env bash
# Session 32 GPU rule (session 31 script, bins from BINDIR, default .carry/s32bin) (session 29 script) with carried binaries (session 18's script; the programs come in parts,
# .carry/s31bin/bins*.tar.xz, and SUITE_LIST names the part's programs for the suite step):
#   .carry/s29r/rule.sh TAG FUZZ_SECONDS [suite] [fault] [sanitize]
# TAG names the call's logs (stripped programs built on the dev machine from the final tree). suite: each test_* program whole (all but test_large), 4 at a time, beside tide_fuzz
# for FUZZ_SECONDS; fault: tide_fault's modes, a process each; sanitize: compute-sanitizer memcheck,
# racecheck or synccheck at TIDE_TEST_SMALL, as $SANITIZE lists (program:tool,tool ...), beside
# the suite when both are asked for (sanitize before suite starts them first).
set -u
root=$PWD
out=${OUT:-/tmp/rule-out}
tag=$1
secs=$2
shift 2
bin=/tmp/tide-$tag
mkdir -p "$bin" "$out/logs-$tag"
bins=${BINDIR:-.carry/s32bin}
for a in "$root"/$bins/bins*.tar.xz; do
  [ -f "$a" ] && tar -xJf "$a" -C "$bin" && echo "unpacked $(basename "$a"): $(tar -tJf "$a" | wc -l) programs"
done
[ -f "$root/$bins/fuzz.xz" ] && xz -dc "$root/$bins/fuzz.xz" >"$bin/tide_fuzz" && chmod +x "$bin/tide_fuzz"
"$root/test/gpu/run.sh" tree >"$out/tree-$tag.txt" 2>&1
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv >"$out/gpu-$tag.txt"
export TIDE_TEST_SEED=${TIDE_TEST_SEED:-3131313131313131313}
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
      if [ -n "${SUITE_LIST:-}" ]; then printf "$bin/%s\n" $SUITE_LIST; else ls "$bin"/test_* | grep -v test_large; fi | xargs -P 6 -I{} bash -c '
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
          eval "arg=\${SANARG_$t:-}"  # one argument for the program (a doctest case filter), optional
          (TIDE_TEST_SMALL=1 timeout "${SANITIZE_LIMIT:-300}" compute-sanitizer --tool "$tool" --report-api-errors no \
             --error-exitcode 99 --print-limit 5 "$bin/$t" ${arg:+"$arg"} >"$log" 2>&1; echo $? >"$log.rc") &
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
