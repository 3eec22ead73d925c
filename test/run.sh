#!/usr/bin/env bash
# Sets up what the tests need (Debian packages), then builds and runs the test suite:
#   1. TIDE_DEVICE_SYSTEM=OMP  (device_vector and tide::device on OpenMP threads)
#   2. TIDE_DEVICE_SYSTEM=CPP  (the device system sequential)
#   3. the CUDA build, compiled (and run, when a GPU is present)
# Environment: JOBS (parallel build jobs), TIDE_SKIP_CUDA=1 to skip step 3.
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
run_suite cpp -DTIDE_ENABLE_CUDA=OFF -DTIDE_DEVICE_SYSTEM=CPP

if [ "${TIDE_SKIP_CUDA:-0}" != 1 ] && command -v nvcc >/dev/null; then
  echo "=== tide: CUDA build (compile; tests run only where a GPU is present)"
  cmake -S "$root" -B "$build/cuda" -DCMAKE_BUILD_TYPE=Release -DTIDE_BUILD_TESTS=ON -DTIDE_DEVICE_SYSTEM=CUDA >/dev/null
  cmake --build "$build/cuda" -j "$jobs"
  if nvidia-smi >/dev/null 2>&1; then
    (cd "$build/cuda" && ctest --output-on-failure) || failed=1
  else
    echo "no GPU here: the CUDA tests were compiled, not run (test/gpu/run.sh runs them on a GPU)"
  fi
fi

exit $failed
