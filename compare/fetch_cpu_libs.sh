#!/usr/bin/env bash
# Downloads the Debian packages of host mode's CPU competitors (compare/README.md, "Host mode") into
# .carry/cpu-libs/ (ignored by git), for a machine that cannot reach a package registry: carry that
# folder with the working tree and compare/run.sh unpacks it into its build folder when apt-get
# cannot install the packages there (never into /).
#   compare/fetch_cpu_libs.sh [DIR]   default DIR: .carry/cpu-libs; needs apt-get, no root
# The packages (Debian 12's; they need glibc >= 2.34 and libstdc++ from GCC >= 11 on the machine
# that runs them, which every current CUDA image has):
#   libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libhwloc15   oneTBB 2021.8: tbb, pstl_par,
#                                                                 pstl_unseq, thrust_tbb rows
#   libips4o-dev                                                  ips4o (headers only)
# and from PyPI, where pip works: onedpl-devel 2022.14.0 (oneDPL's headers, a wheel; compare runs it
# on its OpenMP backend, so it needs no newer oneTBB): the onedpl rows. Without pip it is left out.
# Not fetched (in any image that has a C++ compiler): libc6, libgcc-s1, libstdc++6, libudev1
# (libhwloc15's), libatomic1 (ips4o's 16-byte atomics).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-$root/.carry/cpu-libs}"
packages=(libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libhwloc15 libips4o-dev)
command -v apt-get >/dev/null 2>&1 || { echo "fetch_cpu_libs.sh: no apt-get here" >&2; exit 1; }
mkdir -p "$dir"
cd "$dir"
rm -f ./*.deb
if ! apt-get download "${packages[@]}" >/dev/null 2>&1; then
  # Package lists missing or stale: refresh them (as root) and try again.
  if [[ $(id -u) == 0 ]]; then apt-get update -q >/dev/null 2>&1 || true; fi
  apt-get download "${packages[@]}"
fi
for pkg in "${packages[@]}"; do
  ls "${pkg}"_*.deb >/dev/null 2>&1 || { echo "fetch_cpu_libs.sh: $pkg not downloaded" >&2; exit 1; }
done
rm -f ./onedpl_devel-*.whl
if python3 -m pip download -q --no-deps --only-binary=:all: onedpl-devel==2022.14.0 -d . >/dev/null 2>&1; then
  echo "fetch_cpu_libs.sh: oneDPL's headers: $(ls onedpl_devel-*.whl)"
else
  echo "fetch_cpu_libs.sh: pip could not download onedpl-devel: no onedpl rows" >&2
fi
ls -l ./*.deb ./*.whl 2>/dev/null || true
echo "fetch_cpu_libs.sh: ${#packages[@]} packages, $(du -sh . | cut -f1) in $dir (carry it: .carry, or ${dir#"$root"/})"
