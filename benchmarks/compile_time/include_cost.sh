#!/usr/bin/env bash
# What an include costs a translation unit, as a new user pays it: user time of g++ -std=c++20
# -O0 -c on a file that only includes the header, min of 3, next to <array> in the same run.
#   benchmarks/compile_time/include_cost.sh [compiler] [include dir]
set -euo pipefail
cxx=${1:-g++}
include=${2:-$(cd "$(dirname "$0")/../../include" && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
headers=(array strider/core.hpp strider/static.hpp strider/storage/view.hpp strider/storage/iteration.hpp
         strider/storage.hpp strider/table.hpp strider/expression.hpp strider/strider.hpp)
printf '| header | %s user s (min of 3) |\n|---|---:|\n' "$cxx"
for h in "${headers[@]}"; do
  echo "#include <$h>" > "$work/tu.cpp"
  if ! "$cxx" -std=c++20 -O0 -I"$include" -c "$work/tu.cpp" -o /dev/null 2>/dev/null; then
    printf '| `<%s>` | (does not compile here) |\n' "$h"
    continue
  fi
  best=""
  for _ in 1 2 3; do
    t=$({ /usr/bin/time -f %U "$cxx" -std=c++20 -O0 -I"$include" -c "$work/tu.cpp" -o /dev/null; } 2>&1 | tail -n 1)
    if [[ -z $best ]] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  printf '| `<%s>` | %s |\n' "$h" "$best"
done
