#!/bin/sh
# Builds the expression fuzzer (clang++, libFuzzer + AddressSanitizer + UBSan) and runs it for a
# bounded time: tools/fuzz/run.sh SECONDS [BUILD_DIR]   (BUILD_DIR defaults to build-fuzz).
# New inputs go to BUILD_DIR/fuzz-corpus; the checked-in seeds are only read. A crash, leak,
# sanitizer report, broken invariant or a run over 30 s on one input (one input takes well under
# a second; the margin is for loaded CI machines) stops it with a non-zero status and leaves the
# input as crash-*/timeout-* in the current directory.
set -eu
seconds=${1:?usage: tools/fuzz/run.sh SECONDS [BUILD_DIR]}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${2:-$root/build-fuzz}
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="${CXX:-clang++}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSTRIDER_BUILD_FUZZERS=ON -DSTRIDER_BUILD_TESTS=OFF -DSTRIDER_BUILD_EXAMPLES=OFF
fi
cmake --build "$build" --target strider_expression_fuzzer -j2
mkdir -p "$build/fuzz-corpus"
exec "$build/tools/strider_expression_fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
  -max_len=512 -print_final_stats=1 -dict="$here/expression.dict" "$build/fuzz-corpus" "$here/corpus"
