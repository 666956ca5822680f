#!/bin/sh
# Draws docs/atoms/*.svg, the pictures of docs/atoms.md and docs/hopper.md: each atom's fragments
# as the strider command draws a thread-value layout, from the layouts include/strider/atom/*.hpp
# write (the static tests check those against the PTX ISA), and wgmma's canonical shared-memory
# layouts in 16-byte chunks as the command draws a swizzled layout.
# Usage: sh tools/draw_atoms.sh [STRIDER=build/gcc/tools/strider] [--check]
# --check draws into a scratch folder and fails when a picture in docs/atoms differs (a test).
set -eu
cd "$(dirname "$0")/.."
strider=${1:-build/gcc/tools/strider}
out=docs/atoms
if [ "${2:-}" = "--check" ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"
draw() { "$strider" --format svg -o "$out/$1.svg" "$2"; }
draw mma_m16n8k16_a "as_thread_value(layout((8, 4, 2, 2, 2), (16, 2, 8, 128, 1)), 3, (16, 16))"
draw mma_m16n8k16_b "as_thread_value(layout((8, 4, 2, 2), (1, 16, 64, 8)), 2, (16, 8))"
draw mma_m16n8_c "as_thread_value(layout((8, 4, 2, 2), (8, 2, 64, 1)), 2, (16, 8))"
draw mma_m16n8k8_tf32_a "as_thread_value(layout((8, 4, 2, 2), (8, 1, 4, 64)), 2, (16, 8))"
draw mma_m16n8k8_tf32_b "as_thread_value(layout((8, 4, 2), (1, 8, 32)), 1, (8, 8))"
draw mma_m16n8k32_s8_a "as_thread_value(layout((8, 4, 2, 2, 4), (32, 4, 16, 256, 1)), 3, (16, 32))"
draw mma_m16n8k32_s8_b "as_thread_value(layout((8, 4, 2, 4), (1, 32, 128, 8)), 2, (32, 8))"
draw ldmatrix_x4_rows "as_thread_value(layout((4, 8, 8), (64, 8, 1)), 1, (4, 8, 8))"
draw ldmatrix_x4_registers "as_thread_value(layout((8, 4, 4, 2), (8, 2, 64, 1)), 2, (4, 8, 8))"
draw ldmatrix_x4_trans_registers "as_thread_value(layout((8, 4, 4, 2), (1, 16, 64, 8)), 2, (4, 8, 8))"
# wgmma's canonical layouts (PTX ISA, "Shared Memory Matrix Layout"), a cell per 16-byte chunk:
# K-major rows of 8 core-matrix rows, without a swizzle (two core matrices along K, LBO apart)
# and with the 32-, 64- and 128-byte swizzles (Swizzle<B, 4, 3> on bytes is Swizzle<B, 0, 3> on
# chunks); MN-major with the 128-byte swizzle (MN contiguous, a row per chunk of MN).
draw gmma_k_interleave "layout((8, 2), (1, 8))"
draw gmma_k_sw32 "contiguous(8, 2).swizzle(1, 0, 3)"
draw gmma_k_sw64 "contiguous(8, 4).swizzle(2, 0, 3)"
draw gmma_k_sw128 "contiguous(8, 8).swizzle(3, 0, 3)"
draw gmma_mn_sw128 "contiguous(8, 8).T.swizzle(3, 0, 3)"
if [ "${2:-}" = "--check" ]; then
  for f in "$out"/*.svg; do
    cmp -s "$f" "docs/atoms/$(basename "$f")" || { echo "docs/atoms/$(basename "$f") is not what the command draws now: run sh tools/draw_atoms.sh" >&2; exit 1; }
  done
  echo "docs/atoms: every picture is the command's"
fi
