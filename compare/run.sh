#!/usr/bin/env bash
# compare/run.sh: configure, build, run and summarize tide's comparison with Thrust, CUB and the
# seeds' lecture kernels (issue 4), in one command from the repository root or anywhere:
#
#   compare/run.sh                 # every case, every size (on an H200: about 6 minutes, build included)
#   compare/run.sh --quick         # sizes 2^10, 2^16, 2^20, no seed tables: a minute
#   compare/run.sh --only=reduce,sort --sizes=20:28   # any option of the benchmark (see --help)
#   TIDE_COMPARE_GPU=0 compare/run.sh ...           # host mode on a GPU machine (compare/README.md:
#                                                   # "The 16-core run" gives its two calls)
#
# The benchmark's log (results/<gpu>/run.log) has a line per family and size: seconds since the
# start, and where the time went (data generation, host reference, upload, validation, warm-up,
# timed runs). run_info.txt gets the commit, this command, and the time each step took.
# With an NVIDIA GPU (nvidia-smi sees one and nvcc exists): tide vs Thrust vs CUB vs the seeds'
# kernels, CUDA events, results in compare/results/<gpu>/ (h100, h200, ...). Without: the host cases,
# tide::par vs oneTBB, GCC's std::execution::par/par_unseq, libstdc++'s parallel mode, ips4o,
# oneDPL, Thrust's OpenMP and TBB backends and one-thread std, in compare/results/cpu/ (installs the
# Debian packages it needs first; where apt-get cannot, unpacks those carried in .carry/cpu-libs/,
# made by compare/fetch_cpu_libs.sh, into the build folder; names any it could not find), with
# the scaling rows (tide::par.with_threads(t), t = 1, 2, 4, ...: summary.md's Scaling table).
# Writes results.csv, run_info.txt, summary.md (printed at the end), plots/*.png, dropin.txt.
#
# run.sh's own options (the others go to the benchmark):
#   --build-only     configure and build the benchmark and the drop-ins, then stop (a run split in
#                    two calls: this, then --no-build)
#   --no-build       use the build folder as it is (built by --build-only)
#   --no-dropins     leave the drop-in programs out
#   --no-size        GPU mode: leave out compare/size/run.sh (tide's and Thrust's compile time and object
#                    size for one unit, into size/; about two minutes of single-threaded nvcc)
#   --time-limit=S   end within S seconds: the benchmark gets --deadline-s (what is left of S after
#                    the build, less time kept for the drop-ins, summary and plots); cases not
#                    started by then are reported as not run
#
# Environment: TIDE_COMPARE_GPU=0|1 forces the mode; TIDE_COMPARE_BUILD the build folder;
# TIDE_COMPARE_JOBS the build's parallel jobs (default: every core); TIDE_COMPARE_CPU_LIBS the
# folder of carried .deb files (default .carry/cpu-libs); TIDE_COMPARE_APT=0: never call apt-get;
# TIDE_COMPARE_CMAKE_ARGS extra CMake arguments, e.g.
#   TIDE_COMPARE_CMAKE_ARGS='-DTIDE_COMPARE_DEFINITIONS=TIDE_COMPARE_HAS_HISTOGRAM=0' compare/run.sh
# Exit status: 0 when every row validated and every drop-in pair printed the same; 1 otherwise.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
start=$SECONDS
command_line="compare/run.sh${*:+ $*}"
build_only=0 no_build=0 run_dropins=1 run_size=1 time_limit=0
args=()
for a in "$@"; do
  case "$a" in
    --build-only) build_only=1 ;;
    --no-build) no_build=1 ;;
    --no-dropins) run_dropins=0 ;;
    --no-size) run_size=0 ;;
    --time-limit=*) time_limit="${a#--time-limit=}" ;;
    *) args+=("$a") ;;
  esac
done
if ((build_only && no_build)); then
  echo "compare/run.sh: --build-only and --no-build together do nothing" >&2
  exit 2
fi
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
  # test/run.sh does; where apt-get cannot (no network), from the .deb files carried in
  # $bundle (compare/fetch_cpu_libs.sh), unpacked into the build folder; one found in neither is
  # named and left out, not a failure.
  #   libtbb-dev: oneTBB (tbb::parallel_*), and GCC's std::execution::par/par_unseq run on it, and
  #               Thrust's TBB backend (headers from the CUDA toolkit's CCCL) needs it
  #   libips4o-dev: ips4o's in-place parallel samplesort (header only)
  #   python3-matplotlib: the plots (any python3 that imports matplotlib will do)
  # GCC's parallel mode (__gnu_parallel, OpenMP) and Thrust's OpenMP backend need nothing more.
  declare -A competitor=([libtbb-dev]="oneTBB, std::execution::par/par_unseq and Thrust's TBB backend"
                         [libips4o-dev]="ips4o" [python3-matplotlib]="the plots")
  bundle="${TIDE_COMPARE_CPU_LIBS:-$root/.carry/cpu-libs}"
  have_pkg() {
    case "$1" in
      python3-matplotlib) python3 -c 'import matplotlib' >/dev/null 2>&1 ;;
      *) if command -v dpkg >/dev/null 2>&1; then dpkg -s "$1" >/dev/null 2>&1
         elif [[ "$1" == libtbb-dev ]]; then [[ -e /usr/include/oneapi/tbb/version.h ]]
         else [[ -e /usr/include/ips4o.hpp ]]; fi ;;
    esac
  }
  in_bundle() { compgen -G "$bundle/${1}_*.deb" >/dev/null; }
  missing=()
  for pkg in libtbb-dev libips4o-dev python3-matplotlib; do
    have_pkg "$pkg" || missing+=("$pkg")
  done
  if ((${#missing[@]})) && [[ "${TIDE_COMPARE_APT:-1}" != 0 ]] && command -v apt-get >/dev/null 2>&1 &&
     [[ $(id -u) == 0 ]]; then
    echo "== install ${missing[*]}"
    bundled=1  # every missing library in the bundle: no `apt-get update` (it only waits where there is no network)
    for pkg in "${missing[@]}"; do [[ "$pkg" == python3-matplotlib ]] || in_bundle "$pkg" || bundled=0; done
    timeout 60 apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 ||
      { ((bundled == 0)) && timeout 120 apt-get update -q >/dev/null 2>&1 &&
        timeout 300 apt-get install -y -q "${missing[@]}" >/dev/null 2>&1; } || true
    still=()
    for pkg in "${missing[@]}"; do have_pkg "$pkg" || still+=("$pkg"); done
    missing=(${still[@]+"${still[@]}"})
  fi
  # What apt-get could not install, from the carried bundle: every .deb of it unpacked (dpkg -x, or
  # ar and tar) into $build/cpu-libs, never into /; CMake finds them there, the programs load the
  # libraries through their rpath and LD_LIBRARY_PATH.
  from_bundle=() absent=()
  for pkg in ${missing[@]+"${missing[@]}"}; do
    if [[ "$pkg" != python3-matplotlib ]] && in_bundle "$pkg"; then from_bundle+=("$pkg"); else absent+=("$pkg"); fi
  done
  bundle_args=()
  cpu_libs_line=""
  for pkg in libtbb-dev libips4o-dev; do
    if have_pkg "$pkg"; then cpu_libs_line+="${cpu_libs_line:+; }$pkg: system"; fi
  done
  if ((${#from_bundle[@]})); then
    mkdir -p "$build"
    prefix="$(cd "$build" && pwd)/cpu-libs"
    stamp="$(cd "$bundle" && ls -l -- *.deb | md5sum | cut -d' ' -f1)"
    if [[ "$(cat "$prefix/.stamp" 2>/dev/null)" != "$stamp" ]]; then
      rm -rf "$prefix"
      mkdir -p "$prefix"
      for deb in "$bundle"/*.deb; do
        if command -v dpkg-deb >/dev/null 2>&1; then
          dpkg-deb -x "$deb" "$prefix"
        else
          tmp="$(mktemp -d)"
          (cd "$tmp" && ar x "$deb" && tar -xf data.tar.* -C "$prefix")
          rm -rf "$tmp"
        fi
      done
      echo "$stamp" >"$prefix/.stamp"
    fi
    libdir="$(dirname "$(find "$prefix" -name 'libtbb.so.*' -print -quit 2>/dev/null || true)")"
    [[ -d "$libdir" && "$libdir" != . ]] && export LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    for pkg in "${from_bundle[@]}"; do
      deb="$(compgen -G "$bundle/${pkg}_*.deb" | head -n1)"
      version="$(basename "$deb" | cut -d_ -f2)"
      cpu_libs_line+="${cpu_libs_line:+; }$pkg: carried bundle ${bundle#"$root"/} ($version)"
      echo "   $pkg (${competitor[$pkg]}): from the carried bundle ${bundle#"$root"/} ($version), unpacked in $prefix"
      case "$pkg" in
        libtbb-dev)
          tbb_config="$(find "$prefix" -name TBBConfig.cmake -print -quit)"
          bundle_args+=(-DCMAKE_PREFIX_PATH="$prefix/usr" -DTBB_DIR="$(dirname "$tbb_config")") ;;
        libips4o-dev) bundle_args+=(-DTIDE_COMPARE_IPS4O_INCLUDE="$prefix/usr/include") ;;
      esac
    done
  fi
  for pkg in ${absent[@]+"${absent[@]}"}; do
    if [[ "$pkg" == python3-matplotlib ]]; then
      echo "   could not install $pkg: no plots (apt-get install $pkg as root, or pip install matplotlib)"
    else
      cpu_libs_line+="${cpu_libs_line:+; }$pkg: missing"
      echo "   could not install $pkg: no ${competitor[$pkg]} rows (apt-get install $pkg as root, or carry" \
           "the .carry/cpu-libs of compare/fetch_cpu_libs.sh, to add them)"
    fi
  done
  # oneDPL: its headers from the onedpl-devel wheel in the bundle (compare/fetch_cpu_libs.sh), else
  # from pip where it can download (a wheel is a zip: the headers are unpacked, nothing installed).
  onedpl_whl="$(compgen -G "$bundle/onedpl_devel-*.whl" | head -n1 || true)"
  if [[ -z "$onedpl_whl" ]] && [[ "${TIDE_COMPARE_APT:-1}" != 0 ]]; then
    mkdir -p "$build/onedpl-wheel"
    timeout 120 python3 -m pip download -q --no-deps --only-binary=:all: onedpl-devel==2022.14.0 \
      -d "$build/onedpl-wheel" >/dev/null 2>&1 || true
    onedpl_whl="$(compgen -G "$build/onedpl-wheel/onedpl_devel-*.whl" | head -n1 || true)"
  fi
  if [[ -n "$onedpl_whl" ]]; then
    mkdir -p "$build"
    onedpl_dir="$(cd "$build" && pwd)/onedpl"
    if [[ ! -e "$onedpl_dir/include/oneapi/dpl/execution" ]]; then
      rm -rf "$onedpl_dir" && mkdir -p "$onedpl_dir/include"
      python3 - "$onedpl_whl" "$onedpl_dir/include" <<'PY'
import sys, zipfile
whl, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(whl) as z:
    for m in z.namelist():
        i = m.find("/data/include/")
        if i >= 0 and not m.endswith("/"):
            z.extract(m, dest + "/.tmp")
PY
      inc="$(find "$onedpl_dir/include/.tmp" -type d -path '*/data/include' -print -quit)"
      mv "$inc"/* "$onedpl_dir/include/" && rm -rf "$onedpl_dir/include/.tmp"
    fi
    version="$(basename "$onedpl_whl" | cut -d- -f2)"
    bundle_args+=(-DTIDE_COMPARE_ONEDPL_INCLUDE="$onedpl_dir/include")
    cpu_libs_line+="${cpu_libs_line:+; }onedpl-devel: wheel $(basename "$(dirname "$onedpl_whl")")/ ($version)"
    echo "   oneDPL $version: headers from $(basename "$onedpl_whl"), unpacked in $onedpl_dir"
  else
    cpu_libs_line+="${cpu_libs_line:+; }onedpl-devel: missing"
    echo "   no oneDPL (compare/fetch_cpu_libs.sh puts its wheel in the bundle): no onedpl rows"
  fi
fi
jobs="${TIDE_COMPARE_JOBS:-$(nproc 2>/dev/null || echo 2)}"

if [[ " ${args[*]+${args[*]}} " == *" --append "* ]]; then
  # An appended part needs the earlier part's results (the benchmark also checks they are this
  # machine's): said before a build, not after.
  out_dir="$([[ "$gpu" == 1 ]] || echo compare/results/cpu)"
  for a in ${args[@]+"${args[@]}"}; do [[ "$a" != --out=* ]] || out_dir="${a#--out=}"; done
  if [[ -n "$out_dir" && ! -f "$out_dir/run_info.txt" ]]; then
    echo "compare/run.sh --append: no $out_dir/run_info.txt, no earlier part to add to (was the machine given back?)" >&2
    exit 1
  fi
fi
if ((no_build)); then
  if [[ ! -x "$build/compare/$bench" ]]; then
    echo "compare/run.sh --no-build: no $build/compare/$bench (run --build-only first)" >&2
    exit 1
  fi
  echo "== no build: $build as it is"
else
  echo "== configure ($build)"
  generator=()
  if [[ ! -f "$build/CMakeCache.txt" ]] && command -v ninja >/dev/null 2>&1; then
    generator=(-G Ninja)  # a fresh folder: Ninja keeps every core busy (an existing one keeps its generator)
  fi
  # shellcheck disable=SC2086
  cmake -S "$root" -B "$build" ${generator[@]+"${generator[@]}"} -DCMAKE_BUILD_TYPE=Release -DTIDE_BUILD_COMPARE=ON \
    -DTIDE_BUILD_TESTS=OFF "${mode_args[@]}" ${bundle_args[@]+"${bundle_args[@]}"} ${TIDE_COMPARE_CMAKE_ARGS:-} |
    { grep '^-- compare:' || true; }

  # Only what the run needs (the tests are off): the benchmark here, the drop-in pairs by
  # compare/dropins.sh after the run (or here, with --build-only).
  echo "== build $bench (-j $jobs)"
  cmake --build "$build" -j "$jobs" --target "$bench"
fi
built=$SECONDS
if ((build_only)); then
  dropin_note="not built (--no-dropins)"
  if ((run_dropins)); then
    keep_going=(-k)
    grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja' "$build/CMakeCache.txt" 2>/dev/null && keep_going=(-k 0)
    echo "== build the drop-in pairs (-j $jobs, log in $build/dropin_build.log)"
    if cmake --build "$build" -j "$jobs" --target dropins -- "${keep_going[@]}" >"$build/dropin_build.log" 2>&1; then
      dropin_note="built in $((SECONDS - built)) s"
    else
      dropin_note="not all built ($((SECONDS - built)) s; see $build/dropin_build.log)"
    fi
  fi
  # The run's call (--no-build) copies this into run_info.txt.
  echo "build: compare/run.sh --build-only on $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nproc) cores:" \
       "configure and build $((built - start)) s, drop-ins $dropin_note" >"$build/build_info.txt"
  cat "$build/build_info.txt"
  exit 0
fi
if ((time_limit > 0)); then
  # Kept back for what follows the benchmark: the drop-ins (relinked, then run), summary and plots,
  # and the case that is running when the deadline passes.
  reserve=$((run_dropins ? 110 : 50))
  deadline=$((time_limit - (SECONDS - start) - reserve))
  ((deadline >= 30)) || deadline=30
  args+=("--deadline-s=$deadline")
  echo "== --time-limit=$time_limit: the benchmark starts no case after $deadline s ($reserve s kept for what follows)"
fi

echo "== run $bench ${args[*]+${args[*]}}"
log="$build/run.log"  # where it is while the run lasts (copied to the results folder at the end)
status=0
load_before="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
if [[ "$gpu" != 1 ]] && awk -v l="${load_before%% *}" -v c="$(nproc)" 'BEGIN { exit !(l > 0.25 * c) }' 2>/dev/null; then
  # Host timings share the cores with whatever else runs: OpenMP's barriers wait for a descheduled
  # thread a whole time slice (rows quantized at 4, 8, 16 ms), TBB's work stealing much less.
  echo "   warning: the host is busy before the run (load average $load_before on $(nproc) cores): host timings will be noisy"
fi
"$build/compare/$bench" ${args[@]+"${args[@]}"} | tee "$log" || status=1
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
  if command -v lscpu >/dev/null 2>&1; then
    fields='Model name|Socket\(s\)|Core\(s\) per socket|Thread\(s\) per core|CPU\(s\)|NUMA node\(s\)|L3 cache'
    echo "lscpu: $(lscpu | grep -E "^($fields|Hypervisor vendor):" | sed 's/:  */: /' | paste -sd';' | sed 's/;/; /g')"
  fi
  [[ "$gpu" == 1 ]] || echo "cpu libraries: ${cpu_libs_line:-none found}"
  if ((no_build)) && [[ -f "$build/build_info.txt" ]]; then cat "$build/build_info.txt"; fi
} >>"$dir/run_info.txt"

if ((run_dropins)); then
  "$root/compare/dropins.sh" "$build" "$dir" || status=1
else
  echo "== drop-ins left out (--no-dropins)"
  [[ " ${args[*]+${args[*]}} " == *" --append "* ]] || rm -f "$dir/dropin.txt"  # an earlier run's: not this one's
fi

if [[ "$gpu" == 1 ]] && ((run_size)) && [[ " ${args[*]+${args[*]}} " != *" --append "* ]]; then
  echo "== binary size and compile time (compare/size/run.sh)"
  "$root/compare/size/run.sh" "$dir/size" >/dev/null || { echo "   compare/size/run.sh failed"; status=1; }
fi

{
  steps="configure and build $((built - start)) s"
  ((no_build == 0)) || steps="no build (--no-build; setup $((built - start)) s)"
  echo "elapsed: $((SECONDS - start)) s for compare/run.sh up to the summary ($steps, benchmark $((ran - built)) s," \
       "drop-ins $((SECONDS - ran)) s)"
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
