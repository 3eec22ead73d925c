#!/usr/bin/env bash
# compare/size/run.sh: issue 18's binary-size and compile-time unit, tide against Thrust.
#   compare/size/run.sh [OUT_DIR]        (default compare/results/size-<host>; needs nvcc, no GPU)
# Compiles unit.cu (reduce, inclusive_scan, sort, sort_by_key on device_vector of u32, f32, u64)
# to an object with nvcc -O2 -arch=sm_90, against Thrust and against tide, REPEAT times each
# (default 3; the median wall time is reported), and writes:
#   size.md    the compile time, the object's size and its sm_90 code (the cubin's .text bytes),
#              kernel count, and the share of each kernel family (the kernel's name without its
#              template arguments), largest first
#   kernels-<lib>.txt   every kernel with its .text size, demangled
# The cubin is an ELF file: readelf lists each kernel's .text section, so no cuobjdump is needed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-$root/compare/results/size-$(hostname -s 2>/dev/null || echo host)}"
repeat="${REPEAT:-3}"
nvcc="${NVCC:-nvcc}"
command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
common=(-std=c++17 -O2 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr)
declare -A flags=([thrust]="" [tide]="-DSIZE_UNIT_TIDE -DTIDE_DEVICE_SYSTEM=3 -I$root/include")

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Each kernel's .text section and its size in bytes (hex in readelf's Size column), largest first.
kernel_sections() {
  readelf -SW "$1" 2>/dev/null | sed 's/^ *\[ *[0-9]*\]//' | while read -r name _ _ _ size _; do
    if [[ "$name" == .text.* ]]; then echo "$((16#$size)) ${name#.text.}"; fi
  done | sort -rn
}
{
  echo "# Binary size and compile time: tide against Thrust"
  echo
  echo "- unit: compare/size/unit.cu (reduce, inclusive_scan, sort, sort_by_key on device_vector of u32, f32, u64)"
  echo "- nvcc: $("$nvcc" --version | tail -1); flags: ${common[*]}"
  echo "- host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" status --porcelain -- include compare/size 2>/dev/null | grep -q . && echo ', with uncommitted changes')"
  echo "- compile time: median wall time of $repeat compiles of the object (one nvcc process, -c)"
  echo
  echo "| library | compile time | object | sm_90 code (.text) | kernels |"
  echo "|---|---|---|---|---|"
} >"$out/size.md"
for lib in thrust tide; do
  # shellcheck disable=SC2086
  for _ in $(seq "$repeat"); do
    s=$(date +%s.%N)
    "$nvcc" "${common[@]}" ${flags[$lib]} -c "$root/compare/size/unit.cu" -o "$work/$lib.o"
    echo "$(date +%s.%N) - $s" | bc
  done | median >"$work/$lib.time"
  # shellcheck disable=SC2086
  "$nvcc" "${common[@]}" ${flags[$lib]} -cubin "$root/compare/size/unit.cu" -o "$work/$lib.cubin"
  kernel_sections "$work/$lib.cubin" >"$work/$lib.kernels"
  while read -r bytes name; do printf '%8d  %s\n' "$bytes" "$(echo "$name" | c++filt)"; done \
    <"$work/$lib.kernels" >"$out/kernels-$lib.txt"
  printf '| %s | %.1f s | %d bytes | %d bytes | %d |\n' "$lib" "$(cat "$work/$lib.time")" \
    "$(stat -c %s "$work/$lib.o")" "$(awk '{s += $1} END {print s + 0}' "$work/$lib.kernels")" "$(wc -l <"$work/$lib.kernels")" >>"$out/size.md"
done
{
  echo
  t_time=$(cat "$work/tide.time") h_time=$(cat "$work/thrust.time")
  printf 'tide / Thrust: compile time %.2fx, object %.2fx (issue 18: compile time <= 0.7x, object <= 1.0x)\n' \
    "$(echo "$t_time / $h_time" | bc -l)" "$(echo "$(stat -c %s "$work/tide.o") / $(stat -c %s "$work/thrust.o")" | bc -l)"
} >>"$out/size.md"
for lib in thrust tide; do
  {
    echo
    echo "## $lib: sm_90 code by kernel family"
    echo
    echo "| kernel family | kernels | .text bytes | share |"
    echo "|---|---|---|---|"
    total=$(awk '{s += $1} END {print s}' "$out/kernels-$lib.txt")
    # The family: the demangled name up to its first '<' or '(' (the template's name).
    awk '{b = $1; $1 = ""; sub(/^ +/, ""); n = $0; sub(/[<(].*/, "", n); sub(/^void /, "", n);
          k[n] += 1; s[n] += b} END {for (n in s) print s[n], k[n], n}' "$out/kernels-$lib.txt" |
      sort -rn | awk -v t="$total" '{printf "| %s | %d | %d | %.1f%% |\n", $3, $2, $1, 100 * $1 / t}'
  } >>"$out/size.md"
done
cat "$out/size.md"
