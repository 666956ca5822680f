#!/bin/sh
# PTX of benchmarks/cuda/zero_overhead_ptx.cu's kernel pairs (strider's partitions and tiles
# beside hand-written twins), nvcc -O3 -DNDEBUG: per kernel its instructions, local-memory
# declarations, 64-bit div/rem and calls, and each pair's ratio. Needs nvcc only.
#   benchmarks/cuda/zero_overhead_ptx.sh [ARCH=90] [--check MAX_RATIO]
# With --check it exits 1 when a strider kernel has local memory, a 64-bit division or a call,
# more traps than its twin (a check the twin does not make), or more than MAX_RATIO times its
# twin's instructions (the test static_tests/cuda runs).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
arch=90
max=""
while [ $# -gt 0 ]; do
  case $1 in
    --check) max=$2; shift 2 ;;
    *) arch=$1; shift ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$nvcc" -std=c++20 -O3 -DNDEBUG -arch=sm_${arch} -I"$root/include" -ptx "$here/zero_overhead_ptx.cu" -o "$work/k.ptx"
# Per kernel (its name before the _hand or _strider suffix): the instruction lines of its body
# (indented, ending in ';', not declarations), .local, div/rem on 64 bits, calls.
awk -v max="$max" '
  /^\.visible \.entry/ {
    name = $3; sub(/\(.*/, "", name)
    on = match(name, /[a-z_]+_(hand|strider)/)
    kernel = substr(name, RSTART, RLENGTH)
    next
  }
  on && /^\t[a-z@]/ && /;$/ && !/^\t\.(reg|local|shared)/ { count[kernel]++ }
  on && /\.local/ { local[kernel]++ }
  on && /(div|rem)\.[su]64/ { div[kernel]++ }
  on && /^\tcall/ { call[kernel]++ }
  on && /^\ttrap;/ { traps[kernel]++ }
  END {
    printf "| pair | hand | strider | ratio | strider local / div64 / call | traps hand / strider |\n|---|---:|---:|---:|---|---|\n"
    bad = 0
    for (k in count) {
      if (k !~ /_hand$/) continue
      pair = substr(k, 1, length(k) - 5); s = pair "_strider"
      ratio = count[s] / count[k]
      printf "| %s | %d | %d | %.2f | %d / %d / %d | %d / %d |\n", pair, count[k], count[s], ratio, local[s] + 0, div[s] + 0, call[s] + 0, traps[k] + 0, traps[s] + 0
      if (max != "" && (local[s] + div[s] + call[s] > 0 || traps[s] + 0 > traps[k] + 0 || ratio > max + 0)) bad = 1
    }
    exit bad
  }' "$work/k.ptx"
