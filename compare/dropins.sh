#!/usr/bin/env bash
# The drop-in programs: each compare/dropin/<name>.cu is built as written (Thrust) and with its
# `#include <thrust/...>` lines and `thrust::` swapped for tide's (compare/CMakeLists.txt writes that
# copy), both run, and their outputs compared byte for byte.
#   compare/dropins.sh BUILD RESULTS   BUILD: a build tree configured with TIDE_BUILD_COMPARE=ON
#                                      (compare/run.sh's); RESULTS: where dropin.txt and dropin/ go
#   compare/dropins.sh                 alone: configures build/dropin-gpu (a GPU and nvcc present) or
#                                      build/dropin-host (OMP), results in $OUT or build/dropin-*/results
# Builds the target `dropins` (every pair, in parallel) with the tool's keep-going flag (log: BUILD/dropin_build.log), so that one program that
# does not build stops none of the others; old executables are removed first, so a failed build
# never runs a stale one. Exit status 0 when every pair built and printed the same.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="${JOBS:-$(nproc)}"
if [[ $# -ge 2 ]]; then
  build="$1" dir="$2"
else
  if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU' && command -v nvcc >/dev/null 2>&1; then
    build="$root/build/dropin-gpu" mode_args=(-DTIDE_ENABLE_CUDA=ON -DTIDE_DEVICE_SYSTEM=CUDA)
  else
    build="$root/build/dropin-host" mode_args=(-DTIDE_ENABLE_CUDA=OFF -DTIDE_DEVICE_SYSTEM=OMP)
  fi
  dir="${OUT:-$build/results}"
  mkdir -p "$build"  # a fresh checkout has no build/ (the configure log goes beside it)
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DTIDE_BUILD_TESTS=OFF -DTIDE_BUILD_COMPARE=ON \
        "${mode_args[@]}" >"$build.configure.log" 2>&1 || { tail -20 "$build.configure.log"; exit 1; }
fi
mkdir -p "$dir/dropin"

dropins=()
for src in "$root"/compare/dropin/*.cu; do
  [[ -e "$src" ]] && dropins+=("$(basename "$src" .cu)")
done
for ex in "${dropins[@]}"; do
  rm -f "$build/compare/dropin_${ex}_thrust" "$build/compare/dropin_${ex}_tide"
done
keep_going=(-k)  # make
grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja' "$build/CMakeCache.txt" 2>/dev/null && keep_going=(-k 0)
echo "== build ${#dropins[@]} drop-in pairs (-j $jobs, log in $build/dropin_build.log)"
cmake --build "$build" -j "$jobs" --target dropins -- "${keep_going[@]}" >"$build/dropin_build.log" 2>&1 ||
  echo "   not every drop-in built: see $build/dropin_build.log"

echo "== drop-in programs: Thrust build vs tide build (the include and the namespace swapped)"
: >"$dir/dropin.txt"
identical=0 different=0 unbuilt=0
run_dropin() {  # program, output file: the output, and the exit status when it is not 0
  local rc=0
  if command -v timeout >/dev/null 2>&1; then timeout 120 "$1" >"$2" 2>&1 || rc=$?; else "$1" >"$2" 2>&1 || rc=$?; fi
  [[ $rc == 0 ]] || echo "[exit status $rc]" >>"$2"
}
for ex in "${dropins[@]}"; do
  missing=()
  [[ -x "$build/compare/dropin_${ex}_thrust" ]] || missing+=(Thrust)
  [[ -x "$build/compare/dropin_${ex}_tide" ]] || missing+=(tide)
  if ((${#missing[@]})); then
    echo "$ex: not built (${missing[*]}: cmake --build $build --target$(printf ' dropin_%s_%s' "$ex" "${missing[@],,}"))" |
      tee -a "$dir/dropin.txt"
    unbuilt=$((unbuilt + 1))
    continue
  fi
  run_dropin "$build/compare/dropin_${ex}_thrust" "$dir/dropin/$ex.thrust.txt"
  run_dropin "$build/compare/dropin_${ex}_tide" "$dir/dropin/$ex.tide.txt"
  if cmp -s "$dir/dropin/$ex.thrust.txt" "$dir/dropin/$ex.tide.txt"; then
    echo "$ex: identical ($(wc -l <"$dir/dropin/$ex.tide.txt") lines)" | tee -a "$dir/dropin.txt"
    identical=$((identical + 1))
  else
    first="$(diff "$dir/dropin/$ex.thrust.txt" "$dir/dropin/$ex.tide.txt" | head -n1)"
    echo "$ex: DIFFERENT (first difference: diff says $first; diff $dir/dropin/$ex.thrust.txt $dir/dropin/$ex.tide.txt)" |
      tee -a "$dir/dropin.txt"
    different=$((different + 1))
  fi
done
echo "drop-ins: $identical identical, $different DIFFERENT, $unbuilt not built, of ${#dropins[@]}" | tee -a "$dir/dropin.txt"
((different + unbuilt == 0))
