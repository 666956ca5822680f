#!/usr/bin/env bash
# The Hopper GEMM table of benchmarks/README.md, in one run on one GPU: strider's warp-specialized
# kernel (examples/cuda/hopper_gemm_ws.cu), cuBLAS (benchmarks/cuda/cublas_gemm.cu, cublasGemmEx)
# and, with CUTLASS_DIR (a CUTLASS checkout), CuTe's sm90 tutorial
# (examples/cute/tutorial/hopper/wgmma_tma_sm90.cu), all f16 in, f32 accumulation, "TN", at
# M = N = K from 2048 to 16384 and the skinny M = 128 and 256 with N = K = 4096 and 8192. Prints
# the card, driver and commit, then a Markdown table of milliseconds and TFLOP/s.
# Usage (repository root, sm_90a): bash benchmarks/cuda/gemm.sh; GEMM_BIN=DIR reuses binaries
# built there (tools/gpu-check.sh --build leaves them).
set -euo pipefail
cd "$(dirname "$0")/../.."
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
bin=${GEMM_BIN:-$(mktemp -d)}
if [ ! -x "$bin/hopper_gemm_ws" ]; then
  "$nvcc" -std=c++20 -O3 -DNDEBUG -arch=sm_90a -I include examples/cuda/hopper_gemm_ws.cu -o "$bin/hopper_gemm_ws"
  "$nvcc" -std=c++17 -O3 -arch=sm_90a benchmarks/cuda/cublas_gemm.cu -lcublas -o "$bin/cublas_gemm"
  if [ -n "${CUTLASS_DIR:-}" ]; then
    "$nvcc" -std=c++17 -O3 -arch=sm_90a -I "$CUTLASS_DIR/include" -I "$CUTLASS_DIR/tools/util/include" \
      "$CUTLASS_DIR/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu" -o "$bin/cute_wgmma_tma_sm90"
  fi
fi
echo "card: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || echo unknown); commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo
echo "| kernel | M | N | K | ms | TFLOP/s |"
echo "|---|---:|---:|---:|---:|---:|"
shapes=()
for size in 2048 4096 8192 16384; do shapes+=("$size $size $size"); done
for size in 4096 8192; do shapes+=("128 $size $size" "256 $size $size"); done
for shape in "${shapes[@]}"; do
  read -r m n k <<< "$shape"
  # Each run has a time limit (GEMM_TIMEOUT seconds, default 60): a hung kernel costs one row.
  timeout "${GEMM_TIMEOUT:-60}" "$bin/hopper_gemm_ws" --time-only "$m" "$n" "$k" | grep '^| hopper' || true
  timeout "${GEMM_TIMEOUT:-60}" "$bin/cublas_gemm" "$m" "$n" "$k" || true
  if [ -x "$bin/cute_wgmma_tma_sm90" ]; then
    # CuTe's tutorial prints GFLOP/s and ms: one row of the same table.
    timeout "${GEMM_TIMEOUT:-60}" "$bin/cute_wgmma_tma_sm90" "$m" "$n" "$k" T N | awk -v m="$m" -v n="$n" -v k="$k" '/CUTE_GEMM/ {
      match($0, /\[ *[0-9.]+\]/); gflops = substr($0, RSTART + 1, RLENGTH - 2); match($0, /\( *[0-9.]+\)/); ms = substr($0, RSTART + 1, RLENGTH - 2)
      printf "| CuTe wgmma_tma_sm90 | %s | %s | %s | %.3f | %.1f |\n", m, n, k, ms, gflops / 1000 }' || true
  fi
done
