#!/bin/bash
# Prints, for every compile-fail case here, how many lines of diagnostics g++ and clang++ print
# and whether those lines show the expected message (the regular expression on the source's
# first line, "// expect: ..."). Each case is compiled directly, as the CTest targets compile it.
#   static_tests/compile_fail/measure_diagnostics.sh [g++ [clang++]]
# Environment: CXXFLAGS (default -std=c++20), LIMIT (default 30 lines), INCLUDE_DIR (default the
# repository's include/, e.g. to try a changed copy of the headers). Exit status 1 when a case
# compiles, exceeds LIMIT lines or does not show its message.
set -u
here=$(cd "$(dirname "$0")" && pwd)
include=${INCLUDE_DIR:-$(cd "$here/../../include" && pwd)}
gxx=${1:-g++}
clangxx=${2:-clang++}
flags=${CXXFLAGS:--std=c++20}
limit=${LIMIT:-30}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Lines of diagnostics, or "compiles" when the case compiled; sets shown=yes|no.
measure() {  # compiler source expected
  local log="$out/log"
  if $1 $flags -I "$include" -c "$2" -o "$out/o.o" >"$log" 2>&1; then
    echo compiles
    return
  fi
  local lines
  lines=$(wc -l <"$log")
  # The whole diagnostic as one line: an expectation may span lines (the name of an operation in
  # the call a compiler prints, and the message of the rule it shares), as check_compile_fail.cmake reads it.
  # CMake reads "{}" (a format's hole) literally; grep -E would take it for a repetition.
  local pattern=${3//'{}'/'\{\}'}
  if tr "\n" " " <"$log" | grep -Eq -- "$pattern"; then echo "$lines yes"; else echo "$lines no"; fi
}

status=0
echo "| case | $gxx lines | $clangxx lines | message shown ($gxx / $clangxx) |"
echo "|---|---:|---:|---|"
for src in "$here"/*.cpp; do
  expected=$(head -n 1 "$src" | sed -n 's|^// expect: ||p')
  read -r g_lines g_shown <<<"$(measure "$gxx" "$src" "$expected")"
  read -r c_lines c_shown <<<"$(measure "$clangxx" "$src" "$expected")"
  for r in "$g_lines ${g_shown:-}" "$c_lines ${c_shown:-}"; do
    set -- $r
    if [[ $1 == compiles || ${2:-no} != yes || $1 -gt $limit ]]; then status=1; fi
  done
  echo "| $(basename "$src" .cpp) | $g_lines | $c_lines | ${g_shown:-} / ${c_shown:-} |"
done
exit $status
