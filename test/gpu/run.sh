#!/usr/bin/env bash
# The GPU run, in one go: build the CUDA test suite, run it, provoke kernel faults (a process each),
# run the suite under compute-sanitizer at small sizes, then (optionally) the large sizes, the
# differential fuzzer and the benchmarks. Logs go to $OUT (or ./gpu-logs).
#   test/gpu/run.sh [tests|fault|sanitize|large|fuzz|bench|tree]...   (default: tests fault sanitize fuzz)
# fuzz: tide_fuzz for TIDE_FUZZ_SECONDS (600), seed TIDE_FUZZ_SEED (else fresh; printed).
# TIDE_REBUILD=0 with a build already in TIDE_GPU_BUILD (build/gpu): nothing is built, by any step
# (binaries built elsewhere and carried in). TIDE_SANITIZE_PROGRAMS: the test programs the sanitize
# step runs (names, e.g. "test_sort test_merge"; default every one).
# The tree: every log, and what the script prints, starts with the tree it ran on: the commit (git
# rev-parse HEAD; "with uncommitted changes" when git status shows changes under include lib test
# cmake CMakeLists.txt) and a content hash computed without git: sha256 over the sorted list of
# (sha256, path) of every file under include/ lib/ test/ cmake/ and CMakeLists.txt, test/gpu/results/
# (and __pycache__/) left out. A copy's .git may name an older commit; the content hash is what
# identifies the tree. `tree` only prints that header (no GPU needed): run it locally to compare.
# doctest: /usr/include/doctest, or a copy of its header in .carry/doctest/ (for machines with no
# package registry).
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$root/gpu-logs}"
build="${TIDE_GPU_BUILD:-$root/build/gpu}"
jobs="${JOBS:-$(nproc)}"
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(tests fault sanitize fuzz)
status=0

# The tree this run covers (see the top): computed once, before anything is built.
tree_paths=(include lib test cmake CMakeLists.txt)
commit="$(git -c safe.directory="$root" -C "$root" rev-parse HEAD 2>/dev/null)" || commit="unknown (no git repository)"
if [ -n "$(git -c safe.directory="$root" -C "$root" status --porcelain -- "${tree_paths[@]}" \
             ':(exclude)test/gpu/results' 2>/dev/null)" ]; then
  commit="$commit with uncommitted changes"
fi
tree_files="$(cd "$root" && find "${tree_paths[@]}" -type f ! -path 'test/gpu/results/*' ! -path '*/__pycache__/*' \
                -print0 2>/dev/null | LC_ALL=C sort -z | xargs -0 sha256sum)"
content="$(printf '%s\n' "$tree_files" | sha256sum | cut -d' ' -f1)"
header="tree: commit $commit
tree: content sha256 $content ($(printf '%s\n' "$tree_files" | grep -c .) files under ${tree_paths[*]})"
tree_header() { printf '%s\n' "$header"; }
# Starts a log afresh with the tree header.
log_start() { tree_header >"$1"; }

tree_header
only_tree=1
for step in "${steps[@]}"; do [ "$step" = tree ] || only_tree=0; done
[ "$only_tree" = 0 ] || exit 0

mkdir -p "$out"
log_start "$out/gpu.txt"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$out/gpu.txt"

log_start "$out/build.log"
# Builds targets for a step, unless TIDE_REBUILD=0 finds the build already there.
build_targets() {
  [ "${TIDE_REBUILD:-1}" = 0 ] && [ -x "$build/test/test_reduce" ] && return 0
  cmake --build "$build" -j "$jobs" --target "$@" >>"$out/build.log" 2>&1
}
if [ ! -x "$build/test/test_reduce" ] || [ "${TIDE_REBUILD:-1}" = 1 ]; then
  log_start "$out/configure.log"
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DTIDE_DEVICE_SYSTEM=CUDA -DTIDE_BUILD_TESTS=ON \
        ${TIDE_CMAKE_ARGS:-} >>"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
  cmake --build "$build" -j "$jobs" >>"$out/build.log" 2>&1 || { grep -m20 -B2 -A8 'error' "$out/build.log"; exit 1; }
fi

for step in "${steps[@]}"; do
  case "$step" in
    tree) ;;  # printed above
    tests)
      echo "=== CUDA test suite"
      log_start "$out/tests.log"
      (cd "$build" && ctest --output-on-failure -j 4 --timeout 600) >>"$out/tests.log" 2>&1 || status=1
      tail -5 "$out/tests.log"
      grep -E "Failed|\*\*\*" "$out/tests.log" | head -40
      ;;
    fault)
      # Each fault ends its process's CUDA context: ctest runs each case (label "fault") as a process
      # of its own, one after another. -V keeps every PASS line and tide's messages in the log.
      echo "=== kernel faults (test/fault: one process per case)"
      build_targets tide_fault tide_fault_debug_sync || { echo "tide_fault: build failed"; status=1; continue; }
      log_start "$out/fault.log"
      (cd "$build" && ctest -V -L fault --no-tests=error --timeout 120) >>"$out/fault.log" 2>&1 || status=1
      echo "fault: $(grep -cE '^[0-9]+: PASS' "$out/fault.log") checks passed, $(grep -cE '^[0-9]+: FAIL' "$out/fault.log") failed; $(grep -E 'tests passed|No tests were found' "$out/fault.log" | tail -1)"
      grep -E '^[0-9]+: FAIL|\*\*\*' "$out/fault.log" | head -20
      ;;
    large)
      echo "=== CUDA large sizes (2^24+1, 2^28; 2^31+1 and 2^32+1)"
      build_targets test_large || { echo "test_large: build failed"; status=1; continue; }
      log_start "$out/large.log"
      TIDE_TEST_LARGE=1 "$build/test/test_large" >>"$out/large.log" 2>&1 || status=1
      grep -E "test cases|FAILED|ERROR" "$out/large.log" | tail -20
      ;;
    fuzz)
      secs="${TIDE_FUZZ_SECONDS:-600}"
      echo "=== tide_fuzz: ${secs} s, device against seq"
      build_targets tide_fuzz || { echo "tide_fuzz: build failed"; status=1; continue; }
      log_start "$out/fuzz.log"
      "$build/test/tide_fuzz" --seconds="$secs" ${TIDE_FUZZ_SEED:+--seed=$TIDE_FUZZ_SEED} >>"$out/fuzz.log" 2>&1 || status=1
      grep -m1 '^tide_fuzz:' "$out/fuzz.log"
      grep -E "MISMATCH|repeat:" "$out/fuzz.log" | head -20
      tail -1 "$out/fuzz.log"
      ;;
    sanitize)
      # The four tools run side by side (one GPU is enough). API errors are not reported: tests
      # provoke some on purpose (an over-sized launch in test_cuda_stream, out-of-memory in
      # test_vector and test_reliability) and check that tide turns them into exceptions.
      echo "=== compute-sanitizer (small sizes)"
      for tool in memcheck racecheck synccheck initcheck; do
        log_start "$out/sanitize-$tool.txt"
        (
          for t in "$build"/test/test_*; do
            case "$t" in *.cmake | *test_large) continue ;; esac
            [ -x "$t" ] || continue
            if [ -n "${TIDE_SANITIZE_PROGRAMS:-}" ]; then
              case " $TIDE_SANITIZE_PROGRAMS " in *" $(basename "$t") "*) ;; *) continue ;; esac
            fi
            log="$out/sanitize-$tool-$(basename "$t").log"
            log_start "$log"
            TIDE_TEST_SMALL=1 compute-sanitizer --tool "$tool" --report-api-errors no --error-exitcode 99 \
              --print-limit 5 "$t" >>"$log" 2>&1
            rc=$?
            # A program that never touches the GPU (test_iterators: host-side adaptors only) has
            # nothing to check: said so, not counted as clean.
            grep -q 'terminated before first instrumented API call' "$log" && grep -q 'Status: SUCCESS' "$log" && rc=nogpu
            # Some reports (initcheck on a cudaMemcpy source) leave the exit status 0: read the summary.
            grep -qE 'ERROR SUMMARY: [1-9]|\([1-9][0-9]* errors' "$log" && rc=98
            echo "$(basename "$t") rc=$rc" >>"$out/sanitize-$tool.txt"
          done
        ) &
      done
      wait
      for tool in memcheck racecheck synccheck initcheck; do
        results() { grep -v '^tree: ' "$out/sanitize-$tool.txt"; }  # (below the tree header)
        echo "$tool: $(results | grep -c 'rc=0') programs clean, $(results | grep -c 'rc=nogpu') with no GPU work, $(results | grep -vcE 'rc=(0|nogpu)') not"
        results | grep -vE 'rc=(0|nogpu)' && status=1
      done
      ;;
    bench)
      echo "=== compare/"
      log_start "$out/compare.log"
      "$root/compare/run.sh" >>"$out/compare.log" 2>&1 || status=1
      tail -60 "$out/compare.log"
      ;;
  esac
done
exit $status
