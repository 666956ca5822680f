#!/bin/sh
# PTX instruction counts of benchmarks/cuda/tile_at_ptx.cu's two kernels (hand-indexed and
# tile_at + select), with and without -DNDEBUG. Needs nvcc only.
#   benchmarks/cuda/tile_at_ptx.sh [ARCH=90]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-10s %14s %10s\n' flags hand_indexed tile_at
for flags in "-O3" "-O3 -DNDEBUG"; do
  # shellcheck disable=SC2086
  "$nvcc" -std=c++20 $flags -arch=sm_${1:-90} -I"$root/include" -ptx "$here/tile_at_ptx.cu" -o "$work/k.ptx"
  counts=""
  for kernel in sum_tile_hand sum_tile_tile_at; do
    # the instruction lines of the kernel's body: indented, ending in ';', not declarations
    n=$(awk -v k="$kernel" '/^\.visible \.entry/ { on = index($0, k) > 0 } on && /^\t[a-z@]/ && /;$/ && !/^\t\.(reg|local|shared)/ { c++ } END { print c + 0 }' "$work/k.ptx")
    counts="$counts $n"
  done
  # shellcheck disable=SC2086
  printf '%-10s %14s %10s\n' "$flags" $counts
done
