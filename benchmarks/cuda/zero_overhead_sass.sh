#!/bin/sh
# SASS of benchmarks/cuda/zero_overhead_ptx.cu's kernel pairs and of the timed examples, where
# cuobjdump is at hand (the GPU machine; the PTX counts need nvcc only: zero_overhead_ptx.sh):
# per pair the machine instructions (NOPs left out) of the hand-written twin and of strider's, their
# ratio, the IMADs of each (64-bit index arithmetic shows as IMAD.WIDE and IMAD.HI chains), and
# strider's local-memory accesses (LDL/STL) and calls. Each BINARY named after the arch (the timed
# examples: both kernels of a pair are in one program) gets the same counts per kernel.
# With CUBIN naming zero_overhead_ptx.cu compiled already (nvcc -O3 -DNDEBUG -cubin), that one is read.
#   benchmarks/cuda/zero_overhead_sass.sh [ARCH=90 [BINARY...]]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
cuobjdump=${CUOBJDUMP:-$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)}
arch=${1:-90}
[ $# -gt 0 ] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cubin=${CUBIN:-}
if [ -z "$cubin" ]; then
  cubin=$work/k.cubin
  "$nvcc" -std=c++20 -O3 -DNDEBUG -arch=sm_${arch} -I"$root/include" -cubin "$here/zero_overhead_ptx.cu" -o "$cubin"
fi
# Per kernel of a cuobjdump -sass listing: "name instructions IMAD LDL+STL CALL" (NOPs left out).
per_kernel() {
  awk '
    /Function :/ { name = $3; next }
    name != "" && /\/\*[0-9a-f]+\*\/ / && !/ NOP/ {
      count[name]++
      if (/ IMAD/) imad[name]++
      if (/ (LDL|STL)/) local[name]++
      if (/ CALL/) call[name]++
    }
    END { for (k in count) print k, count[k], imad[k] + 0, local[k] + 0, call[k] + 0 }'
}
"$cuobjdump" -sass "$cubin" | per_kernel | awk '
  match($1, /[a-z_]+_(hand|strider)/) {
    k = substr($1, RSTART, RLENGTH)
    count[k] = $2; imad[k] = $3; local[k] = $4; call[k] = $5
  }
  END {
    printf "| pair | hand SASS | strider SASS | ratio | hand IMAD | strider IMAD | strider LDL+STL / CALL |\n|---|---:|---:|---:|---:|---:|---|\n"
    for (k in count) {
      if (k !~ /_hand$/) continue
      pair = substr(k, 1, length(k) - 5); s = pair "_strider"
      printf "| %s | %d | %d | %.2f | %d | %d | %d / %d |\n", pair, count[k], count[s], count[s] / count[k], imad[k], imad[s], local[s], call[s]
    }
  }'
for binary in "$@"; do
  echo
  echo "$(basename "$binary"): per kernel, SASS instructions (NOPs left out), IMAD, LDL+STL, CALL"
  "$cuobjdump" -sass "$binary" | per_kernel | awk '{ printf "  %s: %d, IMAD %d, local %d, call %d\n", $1, $2, $3, $4, $5 }'
done
