#!/bin/sh
# Instruction counts of tile_at_benchmark.cpp under callgrind: the 16 calls of the loop over
# tile_at(tile<64, 64>(m), bi, bj) and of the hand-indexed loop (a + bi * 64 * ld + bj * 64),
# and the 1024 calls of one thread's staging through partition and by hand, each function's
# own instructions (--toggle-collect). -O2 and -O2 -DNDEBUG (the index checks
# of element access and of tile_at off), with each compiler found.
#
#   benchmarks/tile_at_callgrind.sh [compiler...]     (default: g++ clang++)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "valgrind not found" >&2; exit 1; }
[ $# -gt 0 ] || set -- g++ clang++
printf '%-10s %-14s %14s %14s %14s %14s\n' compiler flags hand_indexed tile_at stage_hand stage_partition
for cxx in "$@"; do
  command -v "$cxx" >/dev/null || { echo "$cxx: not found, skipped" >&2; continue; }
  for flags in "-O2" "-O2 -DNDEBUG"; do
    exe="$work/tile_at"
    # shellcheck disable=SC2086
    "$cxx" -std=c++20 $flags -I"$root/include" "$here/tile_at_benchmark.cpp" -o "$exe"
    counts=""
    for fn in sum_tiles_hand sum_tiles_tile_at stage_hand stage_partition; do
      out="$work/callgrind.$fn"
      valgrind --tool=callgrind --toggle-collect="*$fn(*" --callgrind-out-file="$out" "$exe" >/dev/null 2>&1
      n=$(sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$out" | head -n 1)
      counts="$counts $n"
    done
    # shellcheck disable=SC2086
    printf '%-10s %-14s %14s %14s %14s %14s\n' "$cxx" "$flags" $counts
  done
done
