#!/usr/bin/env bash
# Sets up what the tests need (Debian packages), then builds and runs the test suite:
#   1. TIDE_DEVICE_SYSTEM=OMP  (device_vector and tide::device on OpenMP threads), then the
#      differential fuzzer (tide_fuzz: device against seq) for TIDE_FUZZ_SECONDS (60)
#   2. TIDE_DEVICE_SYSTEM=CPP  (the device system sequential)
#   3. the CPP suite again under AddressSanitizer and UndefinedBehaviorSanitizer (-O0, small sizes)
#   4. the CUDA build, compiled (and run, when a GPU is present)
# Environment: JOBS (parallel build jobs), TIDE_SKIP_CUDA=1 to skip step 4, TIDE_SKIP_SANITIZE=1 to
# skip step 3, TIDE_FUZZ_SECONDS (0 skips the fuzzer).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
jobs="${JOBS:-$(nproc)}"
build="${TIDE_BUILD_ROOT:-$root/build}"

need=()
[ -f /usr/include/doctest/doctest.h ] || need+=(doctest-dev)
command -v cmake >/dev/null || need+=(cmake)
command -v g++ >/dev/null || need+=(g++)
if [ ${#need[@]} -gt 0 ]; then
  sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}"
fi

failed=0
run_suite() {  # name, cmake args...
  local name="$1"; shift
  echo "=== tide tests: $name"
  cmake -S "$root" -B "$build/$name" -DCMAKE_BUILD_TYPE=Release -DTIDE_BUILD_TESTS=ON "$@" >/dev/null
  cmake --build "$build/$name" -j "$jobs"
  (cd "$build/$name" && ctest --output-on-failure -j "$jobs") || failed=1
}

run_suite omp -DTIDE_ENABLE_CUDA=OFF -DTIDE_DEVICE_SYSTEM=OMP

fuzz_seconds="${TIDE_FUZZ_SECONDS:-60}"
if [ "$fuzz_seconds" != 0 ]; then
  # A fresh seed each run (printed first; a mismatch prints its case's seed and how to repeat it).
  echo "=== tide_fuzz: ${fuzz_seconds} s, OMP device against seq"
  "$build/omp/test/tide_fuzz" --seconds="$fuzz_seconds" || failed=1
fi

run_suite cpp -DTIDE_ENABLE_CUDA=OFF -DTIDE_DEVICE_SYSTEM=CPP

if [ "${TIDE_SKIP_SANITIZE:-0}" != 1 ]; then
  # Lean: -O0 (a third of -O1's compile time; the sanitizers check every access at -O0), the test
  # programs only (tide_tests: no fuzzer, no test_large), the small sizes (TIDE_TEST_SMALL); any
  # report fails the run (no recovery, halt on error).
  echo "=== tide tests: CPP under AddressSanitizer and UndefinedBehaviorSanitizer"
  san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
  cmake -S "$root" -B "$build/sanitize" -DCMAKE_BUILD_TYPE= -DTIDE_BUILD_TESTS=ON -DTIDE_ENABLE_CUDA=OFF \
        -DTIDE_DEVICE_SYSTEM=CPP -DCMAKE_CXX_FLAGS="-O0 -g1 $san" -DCMAKE_EXE_LINKER_FLAGS="$san" >/dev/null
  cmake --build "$build/sanitize" -j "$jobs" --target tide_tests
  (cd "$build/sanitize" && TIDE_TEST_SMALL=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
     UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
     ctest --output-on-failure -j "$jobs" -E '^(find_package_consumer|test_large)') || failed=1
fi

if [ "${TIDE_SKIP_CUDA:-0}" != 1 ] && command -v nvcc >/dev/null; then
  echo "=== tide: CUDA build (compile; tests run only where a GPU is present)"
  # Without a GPU the build is a compile check: the host side at -O0 (no build type), which takes a
  # quarter less time per test program (gcc's share of nvcc's time fell from 31.6 s to 9.9 s of
  # about 80 s for test_copy); the device side goes through cicc and ptxas optimized as always, so
  # ptxas still rejects what it would reject in a Release build (shared memory, registers).
  cuda_type=Release
  nvidia-smi >/dev/null 2>&1 || cuda_type=
  cmake -S "$root" -B "$build/cuda" -DCMAKE_BUILD_TYPE="$cuda_type" -DTIDE_BUILD_TESTS=ON -DTIDE_DEVICE_SYSTEM=CUDA \
        >/dev/null
  cmake --build "$build/cuda" -j "$jobs"
  if nvidia-smi >/dev/null 2>&1; then
    (cd "$build/cuda" && ctest --output-on-failure) || failed=1
  else
    echo "no GPU here: the CUDA tests were compiled, not run (test/gpu/run.sh runs them on a GPU)"
  fi
fi

exit $failed
