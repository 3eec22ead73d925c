#!/usr/bin/env bash
# compare/run.sh: configure, build, run and summarize tide's comparison with Thrust, CUB and the
# seeds' lecture kernels (issue 4), in one command from the repository root or anywhere:
#
#   compare/run.sh                 # every case, every size (on an H200: about 6 minutes, build included)
#   compare/run.sh --quick         # sizes 2^10, 2^16, 2^20, no seed tables: a minute
#   compare/run.sh --only=reduce,sort --sizes=20:28   # any option of the benchmark (see --help)
#
# The benchmark's log (results/<gpu>/run.log) has a line per family and size: seconds since the
# start, and where the time went (data generation, host reference, upload, validation, warm-up,
# timed runs). run_info.txt gets the commit, this command, and the time each step took.
# With an NVIDIA GPU (nvidia-smi sees one and nvcc exists): tide vs Thrust vs CUB vs the seeds'
# kernels, CUDA events, results in compare/results/<gpu>/ (h100, h200, ...). Without: the host cases,
# tide::par vs oneTBB, GCC's std::execution::par/par_unseq, libstdc++'s parallel mode, ips4o,
# Thrust's OpenMP and TBB backends and one-thread std, in compare/results/cpu/ (installs the
# Debian packages it needs first, and names any it could not).
# Writes results.csv, run_info.txt, summary.md (printed at the end), plots/*.png, dropin.txt.
#
# Environment: TIDE_COMPARE_GPU=0|1 forces the mode; TIDE_COMPARE_BUILD the build folder;
# TIDE_COMPARE_JOBS the build's parallel jobs (default: every core);
# TIDE_COMPARE_CMAKE_ARGS extra CMake arguments, e.g.
#   TIDE_COMPARE_CMAKE_ARGS='-DTIDE_COMPARE_DEFINITIONS=TIDE_COMPARE_HAS_HISTOGRAM=0' compare/run.sh
# Exit status: 0 when every row validated and every drop-in pair printed the same; 1 otherwise.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
start=$SECONDS
command_line="compare/run.sh${*:+ $*}"
if ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi

gpu="${TIDE_COMPARE_GPU:-}"
if [[ -z "$gpu" ]]; then
  gpu=0
  if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU' && command -v nvcc >/dev/null 2>&1; then
    gpu=1
  fi
fi

if [[ "$gpu" == 1 ]]; then
  build="${TIDE_COMPARE_BUILD:-build/compare-gpu}"
  mode_args=(-DTIDE_ENABLE_CUDA=ON -DTIDE_DEVICE_SYSTEM=CUDA)
  bench=tide_compare
  echo "== compare: GPU mode ($(nvidia-smi -L | head -n1))"
else
  build="${TIDE_COMPARE_BUILD:-build/compare-host}"
  mode_args=(-DTIDE_ENABLE_CUDA=OFF -DTIDE_DEVICE_SYSTEM=OMP)
  bench=tide_compare_host
  echo "== compare: host mode (no GPU found): tide::par vs the CPU libraries (see compare/README.md)"
  # The competitors come from Debian packages, installed here when missing (root, apt-get), as
  # test/run.sh does; one that cannot be installed is named and left out, not a failure.
  #   libtbb-dev: oneTBB (tbb::parallel_*), and GCC's std::execution::par/par_unseq run on it, and
  #               Thrust's TBB backend (headers from the CUDA toolkit's CCCL) needs it
  #   libips4o-dev: ips4o's in-place parallel samplesort (header only)
  #   python3-matplotlib: the plots
  # GCC's parallel mode (__gnu_parallel, OpenMP) and Thrust's OpenMP backend need nothing more.
  declare -A competitor=([libtbb-dev]="oneTBB, std::execution::par/par_unseq and Thrust's TBB backend"
                         [libips4o-dev]="ips4o" [python3-matplotlib]="the plots")
  missing=()
  for pkg in libtbb-dev libips4o-dev python3-matplotlib; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  if ((${#missing[@]})); then
    if command -v apt-get >/dev/null 2>&1 && [[ $(id -u) == 0 ]]; then
      echo "== install ${missing[*]}"
      apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 ||
        { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q "${missing[@]}" >/dev/null 2>&1; } || true
    fi
    for pkg in "${missing[@]}"; do
      dpkg -s "$pkg" >/dev/null 2>&1 ||
        echo "   could not install $pkg: no ${competitor[$pkg]} rows (apt-get install $pkg as root to add them)"
    done
  fi
  # oneDPL (PyPI onedpl-devel) is not used: see compare/README.md.
fi
jobs="${TIDE_COMPARE_JOBS:-$(nproc 2>/dev/null || echo 2)}"

echo "== configure ($build)"
generator=()
if [[ ! -f "$build/CMakeCache.txt" ]] && command -v ninja >/dev/null 2>&1; then
  generator=(-G Ninja)  # a fresh folder: Ninja keeps every core busy (an existing one keeps its generator)
fi
# shellcheck disable=SC2086
cmake -S "$root" -B "$build" ${generator[@]+"${generator[@]}"} -DCMAKE_BUILD_TYPE=Release -DTIDE_BUILD_COMPARE=ON -DTIDE_BUILD_TESTS=OFF \
  "${mode_args[@]}" ${TIDE_COMPARE_CMAKE_ARGS:-} >/dev/null

# Only what the run needs (the tests are off): the benchmark here, the drop-in pairs by
# compare/dropins.sh after the run.
echo "== build $bench (-j $jobs)"
cmake --build "$build" -j "$jobs" --target "$bench"
built=$SECONDS

echo "== run $bench $*"
log="$build/run.log"  # where it is while the run lasts (copied to the results folder at the end)
status=0
load_before="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
if [[ "$gpu" != 1 ]] && awk -v l="${load_before%% *}" -v c="$(nproc)" 'BEGIN { exit !(l > 0.25 * c) }' 2>/dev/null; then
  # Host timings share the cores with whatever else runs: OpenMP's barriers wait for a descheduled
  # thread a whole time slice (rows quantized at 4, 8, 16 ms), TBB's work stealing much less.
  echo "   warning: the host is busy before the run (load average $load_before on $(nproc) cores): host timings will be noisy"
fi
"$build/compare/$bench" "$@" | tee "$log" || status=1
load_after="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
dir="$(sed -n 's|^results: \(.*\)/results.csv$|\1|p' "$log" | head -n1)"
if [[ -z "$dir" || ! -f "$dir/results.csv" ]]; then
  echo "compare: the benchmark wrote no results" >&2
  exit 1
fi
cp "$log" "$dir/run.log"
ran=$SECONDS
commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [[ "$commit" != unknown && -n "$(git -C "$root" status --porcelain --untracked-files=no -- include lib compare CMakeLists.txt 2>/dev/null)" ]]; then
  commit="$commit, with uncommitted changes to: $(git -C "$root" status --porcelain --untracked-files=no -- include lib compare CMakeLists.txt | awk '{print $2}' | tr '\n' ' ')"
fi
{
  echo "commit: $commit"
  echo "run.sh: $command_line"
  echo "load average (1, 5, 15 min): $load_before before the benchmark, $load_after after, on $(nproc) cores"
} >>"$dir/run_info.txt"

"$root/compare/dropins.sh" "$build" "$dir" || status=1

{
  echo "elapsed: $((SECONDS - start)) s for compare/run.sh up to the summary (configure and build $((built - start)) s," \
       "benchmark $((ran - built)) s, drop-ins $((SECONDS - ran)) s)"
} >>"$dir/run_info.txt"

echo "== summary"
python3 "$root/compare/summarize.py" "$dir"
plotted=0
for py in python3 /usr/bin/python3; do
  if command -v "$py" >/dev/null 2>&1 && "$py" -c 'import matplotlib' 2>/dev/null; then
    "$py" "$root/compare/plot.py" "$dir" && plotted=1
    break
  fi
done
[[ "$plotted" == 1 ]] || echo "compare: no plots (matplotlib missing: apt-get install python3-matplotlib)"
[[ -s "$dir/failures.txt" ]] && status=1
echo "== results in $dir (status $status, $((SECONDS - start)) s in all)"
exit "$status"
