#!/usr/bin/env bash
# The GPU checks, for a machine with a GPU and nvcc but none of the project's other dependencies
# (no Boost, Catch2 or CMake needed): builds and runs the device copy test and the CUDA examples,
# compiles the device static tests, then runs the copy benchmark against cudaMemcpy and PyTorch,
# the examples' timings against their hand-written twins (and CuTe's with CUTLASS_DIR), and the
# bank-conflict benchmark. Results go to $OUT (a temporary folder when unset).
#
#   bash tools/gpu-check.sh [ARCH=90]                          build, then run (on the GPU machine)
#   GPU_CHECK_BIN=DIR bash tools/gpu-check.sh --build [ARCH]   build only, into DIR: needs nvcc, no GPU
#   GPU_CHECK_BIN=DIR bash tools/gpu-check.sh --run [ARCH]     run what --build left in DIR
#
# Building apart saves a lent GPU's minutes: DIR travels with the tree and the GPU machine only
# runs. Optional peers, at build time: CUTLASS_DIR (a CUTLASS checkout: its include/,
# tools/util/include/ and examples/cute/tutorial/) for CuTe's sgemm_sm80 tutorial, in half and in
# single precision; HPTT_DIR (an HPTT tree with build/libhptt.a) for benchmarks/copy_scaling.cpp
# against HPTT on the machine's cores, compiled for CPU_MARCH (default native; name the GPU
# machine's, e.g. x86-64-v3, when building elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
phase=all
case "${1:-}" in --build) phase=build; shift ;; --run) phase=run; shift ;; esac
arch=${1:-90}
out=${OUT:-$(mktemp -d)}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
flags=(-std=c++20 -O2 -arch=sm_${arch} -I include)
timed=(-std=c++20 -O3 -DNDEBUG -arch=sm_${arch} -I include)
status=0
bin=${GPU_CHECK_BIN:-$(mktemp -d)}
mkdir -p "$bin"
programs=(runtime_tests/cuda/device_copy_test.cu runtime_tests/cuda/kernel_templates_test.cu examples/cuda/nhwc_conv.cu examples/cuda/masked_gemm.cu examples/cuda/staged_transpose.cu examples/cuda/hgemm.cu examples/cuda/sgemm.cu examples/cuda/block_gemm.cu examples/cuda/flash_attention.cu)

build() {
  # Everything compiles at once (as many jobs as cores), each into its log; a failure is reported
  # with its log and makes the check fail.
  local -a pids=() names=()
  local jobs_max
  jobs_max=$(nproc)
  start() {  # start NAME COMMAND...
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
    names+=("$1")
    local name=$1
    shift
    "$@" > "$bin/$name.log" 2>&1 &
    pids+=($!)
  }
  for test in static_tests/cuda/device_static_test.cu static_tests/cuda/device_views_test.cu static_tests/cuda/mma_atoms_device_test.cu static_tests/cuda/kernel_templates_test.cu; do
    start "$(basename "$test" .cu)" "$nvcc" "${flags[@]}" -Werror all-warnings -c "$test" -o "$bin/$(basename "$test" .cu).o"
  done
  for test in "${programs[@]}"; do
    start "$(basename "$test" .cu)" "$nvcc" "${flags[@]}" "$test" -o "$bin/$(basename "$test" .cu)"
  done
  for name in hgemm staged_transpose sgemm flash_attention; do
    start "${name}_timed" "$nvcc" "${timed[@]}" "examples/cuda/$name.cu" -o "$bin/${name}_timed"
  done
  # Hopper (sm_90a): the wgmma and pipeline device tests compile; the GEMM example (TMA, wgmma,
  # mbarrier pipeline) and, with CUTLASS_DIR, CuTe's wgmma_tma_sm90 tutorial beside it.
  for test in static_tests/cuda/wgmma_device_test.cu static_tests/cuda/hopper_pipeline_device_test.cu; do
    start "$(basename "$test" .cu)" "$nvcc" -std=c++20 -O2 -arch=sm_90a -I include -Werror all-warnings -c "$test" -o "$bin/$(basename "$test" .cu).o"
  done
  start hopper_gemm "$nvcc" -std=c++20 -O3 -DNDEBUG -arch=sm_90a -I include examples/cuda/hopper_gemm.cu -o "$bin/hopper_gemm"
  # The warp-specialized persistent GEMM and cuBLAS's, for benchmarks/cuda/gemm.sh (GEMM_BIN=$bin).
  start hopper_gemm_ws "$nvcc" -std=c++20 -O3 -DNDEBUG -arch=sm_90a -I include -Werror all-warnings examples/cuda/hopper_gemm_ws.cu -o "$bin/hopper_gemm_ws"
  start cublas_gemm "$nvcc" -std=c++17 -O3 -arch=sm_90a benchmarks/cuda/cublas_gemm.cu -lcublas -o "$bin/cublas_gemm"
  start copy_benchmark "$nvcc" -std=c++20 -O3 -DNDEBUG -arch=sm_${arch} -I include benchmarks/cuda/copy_benchmark.cu -o "$bin/copy_benchmark"
  start zero_overhead "$nvcc" "${timed[@]}" -cubin benchmarks/cuda/zero_overhead_ptx.cu -o "$bin/zero_overhead.cubin"
  start bank_conflicts "$nvcc" -std=c++20 -O3 -arch=sm_${arch} -I include benchmarks/cuda/bank_conflicts.cu -o "$bin/bank_conflicts"
  if [ -n "${CUTLASS_DIR:-}" ]; then
    local cute=(-std=c++17 -O3 -arch=sm_${arch} -I "$CUTLASS_DIR/include" -I "$CUTLASS_DIR/tools/util/include")
    start cute_sgemm_sm80 "$nvcc" "${cute[@]}" "$CUTLASS_DIR/examples/cute/tutorial/sgemm_sm80.cu" -o "$bin/cute_sgemm_sm80"
    sed -e 's/using T\([ABCI]\) = cute::half_t;/using T\1 = float;/' "$CUTLASS_DIR/examples/cute/tutorial/sgemm_sm80.cu" > "$bin/cute_sgemm_f32.cu"
    start cute_sgemm_f32 "$nvcc" "${cute[@]}" "$bin/cute_sgemm_f32.cu" -o "$bin/cute_sgemm_f32"
    start cute_wgmma_tma_sm90 "$nvcc" -std=c++17 -O3 -arch=sm_90a -I "$CUTLASS_DIR/include" -I "$CUTLASS_DIR/tools/util/include" \
      "$CUTLASS_DIR/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu" -o "$bin/cute_wgmma_tma_sm90"
  fi
  if [ -n "${HPTT_DIR:-}" ]; then
    start copy_scaling "${CXX:-g++}" -std=c++20 -O3 -march="${CPU_MARCH:-native}" -fopenmp -DSTRIDER_BENCH_HPTT -I include -I "$HPTT_DIR/include" \
      benchmarks/copy_scaling.cpp "$HPTT_DIR/build/libhptt.a" -pthread -o "$bin/copy_scaling"
  fi
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then echo "${names[$i]}: compiled"; else echo "${names[$i]}: DID NOT COMPILE"; cat "$bin/${names[$i]}.log"; status=1; fi
  done
}

run() {
  for test in "${programs[@]}"; do
    name=$(basename "$test" .cu)
    [ -x "$bin/$name" ] || continue
    if "$bin/$name" > "$out/$name.txt" 2>&1; then
      echo "$name: passed"
    else
      code=$?
      if [ $code -eq 77 ]; then echo "$name: skipped (no GPU visible)"; else echo "$name: FAILED (exit $code)"; status=1; fi
    fi
    tail -n 25 "$out/$name.txt"
  done
  # The examples written with partition (issue 52), timed beside the same algorithms with their
  # indices written by hand (-O3 -DNDEBUG, examples/cuda/cuda_check.hpp's median_ms, and the ratio), and CuTe's
  # sgemm_sm80 tutorial's NT path in single precision beside the SGEMM where it was built.
  for name in staged_transpose sgemm; do
    [ -x "$bin/${name}_timed" ] || continue
    "$bin/${name}_timed" --time | grep -E "ms|ratio|time" | tee "$out/${name}_timed.md" || status=1
  done
  if [ -x "$bin/cute_sgemm_f32" ]; then
    "$bin/cute_sgemm_f32" 4096 4096 4096 N T | tail -n 1 | tee -a "$out/sgemm_timed.md" || status=1
  fi
  # Their SASS, and that of zero_overhead_ptx.cu's pairs, where cuobjdump is at hand.
  if command -v cuobjdump > /dev/null && [ -f "$bin/zero_overhead.cubin" ]; then
    CUBIN="$bin/zero_overhead.cubin" sh benchmarks/cuda/zero_overhead_sass.sh "$arch" "$bin/staged_transpose_timed" "$bin/sgemm_timed" | tee "$out/zero_overhead_sass.md"
  fi
  # The device copy against cudaMemcpy, the hand-written 32x32 tiled transpose and PyTorch.
  COPY_BENCHMARK="$bin/copy_benchmark" OUT="$out" bash benchmarks/cuda/run.sh "$arch" | tee "$out/benchmark.md" || status=1
  # The CPU copy engine on this machine's cores against HPTT (issue 55), where it was built.
  if [ -x "$bin/copy_scaling" ]; then
    "$bin/copy_scaling" --threads "${SCALING_THREADS:-1,2,4,8,16}" --repetitions 3 --min-time 0.05 | tee "$out/copy_scaling.md" || status=1
  fi
  # The device copy test again under compute-sanitizer's memcheck (issue 55): no access out of
  # bounds, misaligned or to freed memory in any of its kernels.
  if [ -x "$bin/device_copy_test" ] && command -v compute-sanitizer > /dev/null; then
    if timeout "${MEMCHECK_TIMEOUT:-300}" compute-sanitizer --tool memcheck --error-exitcode 1 "$bin/device_copy_test" > "$out/device_copy_memcheck.txt" 2>&1; then
      echo "device_copy_test under memcheck: clean"
    else
      echo "device_copy_test under memcheck: ERRORS or timed out"; tail -n 40 "$out/device_copy_memcheck.txt"; status=1
    fi
  fi
  # The HGEMM example timed (4096^3 and 8192^3), its ldmatrix reads' bank conflicts by ncu, and
  # CuTe's sgemm_sm80 tutorial beside it where it was built.
  if [ -x "$bin/hgemm_timed" ]; then
    "$bin/hgemm_timed" --time | tee "$out/hgemm.md" || status=1
    if command -v ncu > /dev/null; then
      ncu --metrics l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum -k regex:hgemm_kernel -c 1 "$bin/hgemm_timed" > "$out/hgemm_ncu.txt" 2>&1 || true
      grep -E "bank_conflicts|wavefronts" "$out/hgemm_ncu.txt" || true
    fi
    if [ -x "$bin/cute_sgemm_sm80" ]; then
      for size in 4096 8192; do "$bin/cute_sgemm_sm80" $size $size $size T N | tail -n 1 | tee -a "$out/hgemm.md" || status=1; done
    fi
  fi
  # The Hopper GEMM: correct on ragged sizes, clean under compute-sanitizer's memcheck, racecheck
  # and synccheck, timed at 4096^3 and 8192^3 beside CuTe's sm90 tutorial (TN) and PyTorch's
  # matmul (cuBLAS) in half.
  if [ -x "$bin/hopper_gemm" ]; then
    "$bin/hopper_gemm" --time | tee "$out/hopper_gemm.md" || status=1
    if command -v compute-sanitizer > /dev/null; then
      for tool in memcheck racecheck synccheck; do
        if timeout 300 compute-sanitizer --tool $tool --error-exitcode 1 "$bin/hopper_gemm" > "$out/hopper_gemm_$tool.txt" 2>&1; then echo "hopper_gemm under $tool: clean"
        else echo "hopper_gemm under $tool: ERRORS or timed out"; tail -n 30 "$out/hopper_gemm_$tool.txt"; status=1; fi
      done
    fi
    if [ -x "$bin/cute_wgmma_tma_sm90" ]; then
      for size in 4096 8192; do "$bin/cute_wgmma_tma_sm90" $size $size $size T N | tail -n 1 | tee -a "$out/hopper_gemm.md" || status=1; done
    fi
    python3 - <<'PY' 2>/dev/null | tee -a "$out/hopper_gemm.md" || true
import torch
for n in (4096, 8192):
    a, b = (torch.randn(n, n, device="cuda", dtype=torch.half) for _ in range(2))
    for _ in range(10): a @ b.t()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(20): a @ b.t()
    stop.record(); torch.cuda.synchronize()
    ms = start.elapsed_time(stop) / 20
    print(f"torch (cuBLAS) {n}^3: {ms:.3f} ms, {2 * n**3 / ms / 1e9:.1f} TFLOP/s")
PY
  fi
  # The warp-specialized GEMM (issue 67): correct on ragged sizes (TN, NT, f16, bf16), clean under
  # the sanitizers, then the table of benchmarks/cuda/gemm.sh beside cuBLAS and CuTe's tutorial,
  # and ncu's shared-memory bank conflicts of one 4096^3 run (0 expected: the staging is swizzled).
  if [ -x "$bin/hopper_gemm_ws" ]; then
    "$bin/hopper_gemm_ws" | tee "$out/hopper_gemm_ws.md" || status=1
    if command -v compute-sanitizer > /dev/null; then
      for tool in memcheck racecheck synccheck; do
        if timeout 300 compute-sanitizer --tool $tool --error-exitcode 1 "$bin/hopper_gemm_ws" > "$out/hopper_gemm_ws_$tool.txt" 2>&1; then echo "hopper_gemm_ws under $tool: clean"
        else echo "hopper_gemm_ws under $tool: ERRORS or timed out"; tail -n 30 "$out/hopper_gemm_ws_$tool.txt"; status=1; fi
      done
    fi
    [ -x "$bin/cublas_gemm" ] && GEMM_BIN=$bin bash benchmarks/cuda/gemm.sh | tee -a "$out/hopper_gemm_ws.md" || status=1
    if command -v ncu > /dev/null; then
      ncu --metrics l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum -k regex:gemm \
        "$bin/hopper_gemm_ws" --time-only 4096 4096 4096 2>&1 | grep -E "bank_conflicts" | tee -a "$out/hopper_gemm_ws.md" || true
    fi
  fi
  # The FlashAttention-2 example timed (sequence 4096 and 8192, head dimensions 64 and 128, causal
  # or not), and PyTorch's scaled_dot_product_attention (flash) beside it where torch is found.
  if [ -x "$bin/flash_attention_timed" ]; then
    "$bin/flash_attention_timed" --time | tee "$out/flash_attention.md" || status=1
    python3 - <<'PY' 2>/dev/null | tee -a "$out/flash_attention.md" || true
import torch, torch.nn.functional as F
for seq in (4096, 8192):
    for d in (64, 128):
        for causal in (False, True):
            q, k, v = (torch.randn(1, 16, seq, d, device="cuda", dtype=torch.half) for _ in range(3))
            with torch.backends.cuda.sdp_kernel(enable_flash=True, enable_math=False, enable_mem_efficient=False):
                for _ in range(3): F.scaled_dot_product_attention(q, k, v, is_causal=causal)
                start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                times = []
                for _ in range(10):
                    start.record(); F.scaled_dot_product_attention(q, k, v, is_causal=causal); end.record(); torch.cuda.synchronize()
                    times.append(start.elapsed_time(end))
            ms = sorted(times)[5]
            flops = 4 * 16 * seq * seq * d * (0.5 if causal else 1.0)
            print(f"torch sdpa (flash) D = {d}, sequence {seq}{', causal' if causal else ''}: {ms:.3f} ms, {flops / (ms * 1e-3) / 1e12:.1f} TFLOP/s")
PY
  fi
  # The access certificate's shared-memory cases, timed (docs/access.md).
  if [ -x "$bin/bank_conflicts" ]; then "$bin/bank_conflicts" | tee "$out/bank_conflicts.md" || [ $? -eq 77 ]; fi
}

if [ "$phase" != run ]; then build; fi
if [ "$phase" != build ]; then run; fi
exit $status
