#!/bin/sh
# What an include costs a .cu under nvcc: peak memory (KB, the largest of nvcc's processes: its
# front end, cudafe++) and CPU seconds (user + system of all of them), median of 3, for an empty
# .cu, <strider/static.hpp> and <strider/strider.hpp>, nvcc -std=c++20 -O3 -arch=sm_ARCH -c.
#   benchmarks/compile_time/nvcc_include_cost.sh [--check STATIC_KB STRIDER_KB] [INCLUDE_DIR]
# With --check it exits 1 when a header's median peak memory passes its limit (the guard CI runs:
# static_tests/cuda, issue 63's budget). Needs nvcc only.
set -eu
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
arch=${ARCH:-90}
static_limit="" all_limit=""
if [ "${1:-}" = "--check" ]; then static_limit=$2; all_limit=$3; shift 3; fi
include=${1:-$(cd "$(dirname "$0")/../../include" && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: > "$work/empty.cu"
echo '#include <strider/static.hpp>' > "$work/static.cu"
echo '#include <strider/strider.hpp>' > "$work/strider.cu"
median() { sort -n | sed -n 2p; }
bad=0
printf '| .cu | peak KB (median of 3) | CPU s (median of 3) |\n|---|---:|---:|\n'
for tu in empty static strider; do
  : > "$work/kb"; : > "$work/s"
  for _ in 1 2 3; do
    /usr/bin/time -f '%M %U %S' -o "$work/t" "$nvcc" -std=c++20 -O3 -arch=sm_$arch -I"$include" -c "$work/$tu.cu" -o "$work/$tu.o"
    read -r kb user sys < "$work/t"
    echo "$kb" >> "$work/kb"
    awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f\n", u + s }' >> "$work/s"
  done
  kb=$(median < "$work/kb"); s=$(median < "$work/s")
  printf '| %s | %s | %s |\n' "$tu" "$kb" "$s"
  limit=""
  [ "$tu" = static ] && limit=$static_limit
  [ "$tu" = strider ] && limit=$all_limit
  if [ -n "$limit" ] && [ "$kb" -gt "$limit" ]; then echo "nvcc_include_cost: $tu.cu peaks at $kb KB, past its limit of $limit KB"; bad=1; fi
done
exit $bad
