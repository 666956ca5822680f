#!/bin/sh
# Builds a fuzzer (clang++, libFuzzer + AddressSanitizer + UBSan) and runs it for a bounded time:
# tools/fuzz/run.sh SECONDS [BUILD_DIR] [TARGET]   (BUILD_DIR defaults to build-fuzz; TARGET is
# expression, the default: the parser and writers; dlpack: from_dlpack on arbitrary DLPack fields;
# copy: copy plans and copies between arbitrary layouts). New inputs go to
# BUILD_DIR/fuzz-corpus (expression) or BUILD_DIR/fuzz-TARGET-corpus; the checked-in seeds are only read. A crash, leak,
# sanitizer report, broken invariant or a run over 30 s on one input (one input takes well under
# a second; the margin is for loaded CI machines) stops it with a non-zero status and leaves the
# input as crash-*/timeout-* in the current directory.
set -eu
seconds=${1:?usage: tools/fuzz/run.sh SECONDS [BUILD_DIR]}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${2:-$root/build-fuzz}
target=${3:-expression}
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="${CXX:-clang++}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSTRIDER_BUILD_FUZZERS=ON -DSTRIDER_BUILD_TESTS=OFF -DSTRIDER_BUILD_EXAMPLES=OFF
fi
cmake --build "$build" --target "strider_${target}_fuzzer" -j2
if [ "$target" = expression ]; then
  mkdir -p "$build/fuzz-corpus"
  exec "$build/tools/strider_expression_fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
    -max_len=512 -print_final_stats=1 -dict="$build/tools/expression.dict" "$build/fuzz-corpus" "$here/corpus"
fi
mkdir -p "$build/fuzz-$target-corpus"
exec "$build/tools/strider_${target}_fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
  -max_len=256 -print_final_stats=1 "$build/fuzz-$target-corpus"
