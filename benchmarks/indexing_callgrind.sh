#!/bin/sh
# Instruction counts of the loops of indexing_benchmark.cpp under callgrind: a sum over
# a 512 x 512 float array through a raw pointer, through a static-layout tensor_view, and with
# strider::for_each; and a batch of images with a run-time count through a mixed-layout view. Goal: the view costs exactly what the raw loop costs.
#
# Built here with plain -O2 and -O3 -DNDEBUG (no -march=native: the baseline x86-64 ISA), with
# each compiler found. Each count is that one function's instructions (--toggle-collect), so
# start-up and the other loops do not blur it.
#
#   benchmarks/indexing_callgrind.sh [compiler...]     (default: g++ clang++)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "valgrind not found" >&2; exit 1; }
[ $# -gt 0 ] || set -- g++ clang++

printf '%-10s %-4s %12s %12s %14s %14s %12s %16s %14s %15s\n' compiler opt sum_raw sum_view sum_for_each sum_range_for sum_raw_t sum_range_for_t sum_raw_mixed sum_view_mixed
for cxx in "$@"; do
  command -v "$cxx" >/dev/null || { echo "$cxx: not found, skipped" >&2; continue; }
  for opt in -O2 -O3; do
    exe="$work/indexing$opt"
    "$cxx" -std=c++20 $opt -DNDEBUG -I"$root/include" "$here/indexing_benchmark.cpp" -o "$exe"
    counts=""
    for fn in sum_raw sum_view sum_for_each sum_range_for sum_raw_t sum_range_for_t sum_raw_mixed sum_view_mixed; do
      out="$work/callgrind.$fn"
      valgrind --tool=callgrind --toggle-collect="$fn(*" --callgrind-out-file="$out" "$exe" >/dev/null 2>&1
      # "summary: N" (or "totals: N") is the count of the collected function.
      n=$(sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$out" | head -n 1)
      counts="$counts $n"
    done
    # shellcheck disable=SC2086
    printf '%-10s %-4s %12s %12s %14s %14s %12s %16s %14s %15s\n' "$cxx" "$opt" $counts
  done
done
