#!/bin/sh
# Compile cost of examples/cuda/hgemm.cu beside CuTe's tutorial examples/cute/tutorial/sgemm_sm80.cu
# (the same TN half-precision GEMM: cp.async, ldmatrix, mma.sync), with the same nvcc and flags,
# one after the other in the same run: the median wall time of RUNS compiles each (3 unless set)
# and the peak resident memory of the last, as a Markdown table with their ratio.
# Usage: sh benchmarks/cuda/hgemm_compile_time.sh CUTLASS_DIR [ARCH=90]
#   CUTLASS_DIR: a CUTLASS checkout (its include/, tools/util/include/ and examples/cute/tutorial/).
set -eu
cutlass=${1:?usage: hgemm_compile_time.sh CUTLASS_DIR [ARCH]}
arch=${2:-90}
runs=${RUNS:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags="-std=c++20 -O3 -arch=sm_${arch}"

# measure NAME SOURCE INCLUDES...: prints "median seconds, peak MB".
measure() {
  name=$1 source=$2
  shift 2
  : > "$work/$name.times"
  i=0
  while [ $i -lt "$runs" ]; do
    /usr/bin/time -f "%e %M" -o "$work/$name.time" "$nvcc" $flags "$@" -c "$source" -o "$work/$name.o"
    cat "$work/$name.time" >> "$work/$name.times"
    i=$((i + 1))
  done
  seconds=$(cut -d' ' -f1 "$work/$name.times" | sort -n | sed -n "$(((runs + 1) / 2))p")
  megabytes=$(tail -n 1 "$work/$name.times" | cut -d' ' -f2 | awk '{printf "%.0f", $1 / 1024}')
  echo "$seconds $megabytes"
}

strider=$(measure strider "$root/examples/cuda/hgemm.cu" -I "$root/include")
cute=$(measure cute "$cutlass/examples/cute/tutorial/sgemm_sm80.cu" -I "$cutlass/include" -I "$cutlass/tools/util/include")
echo "| nvcc $flags, median of $runs | wall time (s) | peak memory (MB) |"
echo "|---|---|---|"
echo "| strider examples/cuda/hgemm.cu | ${strider% *} | ${strider#* } |"
echo "| CuTe examples/cute/tutorial/sgemm_sm80.cu | ${cute% *} | ${cute#* } |"
echo "| ratio (strider / CuTe) | $(echo "${strider% *} ${cute% *}" | awk '{printf "%.2f", $1 / $2}') | $(echo "${strider#* } ${cute#* }" | awk '{printf "%.2f", $1 / $2}') |"
