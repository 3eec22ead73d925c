#!/usr/bin/env bash
# The GPU run, in one go: build the CUDA test suite, run it, run it under compute-sanitizer at small
# sizes, then (optionally) the benchmarks. Logs go to $OUT (or ./gpu-logs).
#   test/gpu/run.sh [tests|sanitize|bench|all]...   (default: tests sanitize)
# doctest: /usr/include/doctest, or a copy of its header in .carry/doctest/ (for machines with no
# package registry).
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$root/gpu-logs}"
mkdir -p "$out"
build="${TIDE_GPU_BUILD:-$root/build/gpu}"
jobs="${JOBS:-$(nproc)}"
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(tests sanitize)
status=0

nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee "$out/gpu.txt"

if [ ! -x "$build/test/test_reduce" ] || [ "${TIDE_REBUILD:-1}" = 1 ]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DTIDE_DEVICE_SYSTEM=CUDA -DTIDE_BUILD_TESTS=ON \
        ${TIDE_CMAKE_ARGS:-} >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
  cmake --build "$build" -j "$jobs" >"$out/build.log" 2>&1 || { grep -m20 -B2 -A8 'error' "$out/build.log"; exit 1; }
fi

for step in "${steps[@]}"; do
  case "$step" in
    tests)
      echo "=== CUDA test suite"
      (cd "$build" && ctest --output-on-failure -j 4 --timeout 600) >"$out/tests.log" 2>&1 || status=1
      tail -5 "$out/tests.log"
      grep -E "Failed|\*\*\*" "$out/tests.log" | head -40
      ;;
    large)
      echo "=== CUDA large sizes (2^24+1, 2^28, past 2^31)"
      for t in "$build"/test/test_*; do
        TIDE_TEST_LARGE=1 "$t" --test-case='*large*' >>"$out/large.log" 2>&1 || status=1
      done
      grep -E "test cases|FAILED|ERROR" "$out/large.log" | tail -20
      ;;
    sanitize)
      echo "=== compute-sanitizer (small sizes)"
      for tool in memcheck racecheck synccheck initcheck; do
        for t in "$build"/test/test_*; do
          TIDE_TEST_SMALL=1 compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 5 "$t" \
            >>"$out/sanitize-$tool.log" 2>&1
          rc=$?
          [ $rc -eq 0 ] || { echo "$tool: $(basename "$t") rc=$rc"; status=1; }
        done
        echo "$tool: $(grep -c 'ERROR SUMMARY: 0 errors' "$out/sanitize-$tool.log") programs clean"
      done
      ;;
    bench)
      echo "=== compare/"
      "$root/compare/run.sh" >"$out/compare.log" 2>&1 || status=1
      tail -60 "$out/compare.log"
      ;;
  esac
done
exit $status
