#!/usr/bin/env bash
# Installs the Debian 12 packages strider's build, tests and benchmarks use, when any is missing.
# Non-interactive; uses sudo when not run as root. With --main, only what the README's main job
# (`cmake --preset gcc` and the layout tables example) needs: the compiler, CMake, Ninja,
# Boost.Hana and Catch2 (the preset configures the tests too); the rest is found when present.
set -euo pipefail
if [[ ${1:-} == "--main" ]]; then
  packages=(cmake ninja-build g++ libboost-dev catch2)
elif [[ $# -gt 0 ]]; then
  echo "usage: install-dependencies.sh [--main]" >&2
  exit 2
else
packages=(
  cmake ninja-build g++ clang clang-16 libclang-rt-14-dev  # compilers (clang's libFuzzer runtime)
  libboost-dev catch2                                      # Boost.Hana, Catch2
  python3-numpy python3-torch libxml2-utils                # the NumPy and PyTorch references, xmllint for SVG
  libbenchmark-dev libeigen3-dev libxtensor-dev            # benchmarks and their peers; Eigen interop
  libdlpack-dev pybind11-dev python3-dev                   # DLPack interop and its NumPy test
  librsvg2-bin valgrind time                               # SVG to PNG, callgrind, /usr/bin/time
  chromium                                                 # renders explain's HTML page (a test)
)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "install-dependencies: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-dependencies: installing ${missing[*]}"
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
