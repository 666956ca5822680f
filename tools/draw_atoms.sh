#!/bin/sh
# Draws docs/atoms/*.svg, the pictures of docs/atoms.md: each atom's fragments as the strider
# command draws a thread-value layout, from the layouts include/strider/atom/*.hpp write (the
# static tests check those against the PTX ISA). Usage: sh tools/draw_atoms.sh [STRIDER=build/gcc/tools/strider]
set -eu
cd "$(dirname "$0")/.."
strider=${1:-build/gcc/tools/strider}
mkdir -p docs/atoms
draw() { "$strider" --format svg -o "docs/atoms/$1.svg" "$2"; }
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
