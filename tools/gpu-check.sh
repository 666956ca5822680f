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

# Every step of the run has its own time limit, so that one hung kernel (a pipeline that waits on a
# barrier nobody arrives at) costs its limit, not the lent GPU's whole call; once GPU_CHECK_DEADLINE
# seconds (default: none) have passed since the run began, the steps left are skipped and say so,
# and no step runs more than GPU_CHECK_GRACE seconds (default 60) past it.
# The order puts what only a GPU can tell first: correctness, then the timings beside the peers,
# then the CPU engine on the host's cores, then the profilers and the sanitizers.
started=$SECONDS
deadline=${GPU_CHECK_DEADLINE:-0}
late() {  # late NAME: true (and says so) when the deadline has passed
  if [ "$deadline" -gt 0 ] && [ $((SECONDS - started)) -ge "$deadline" ]; then echo "$1: skipped (deadline of ${deadline} s passed)"; return 0; fi
  return 1
}
step() {  # step SECONDS NAME COMMAND...: runs COMMAND with a time limit, its output into $out/NAME.txt
  local limit=$1 name=$2
  shift 2
  late "$name" && return 0
  if [ "$deadline" -gt 0 ]; then  # no step runs past the deadline and its grace
    local left=$((deadline + ${GPU_CHECK_GRACE:-60} - (SECONDS - started)))
    [ "$left" -lt "$limit" ] && limit=$left
  fi
  local t0=$SECONDS code=0
  timeout "$limit" "$@" > "$out/$name.txt" 2>&1 || code=$?
  case $code in
    0) echo "$name: passed ($((SECONDS - t0)) s)" ;;
    77) echo "$name: skipped (no GPU visible)" ;;
    124) echo "$name: TIMED OUT after $limit s"; status=1 ;;
    *) echo "$name: FAILED (exit $code)"; status=1 ;;
  esac
  tail -n "${STEP_TAIL:-25}" "$out/$name.txt"
}
sanitize() {  # sanitize TOOL PROGRAM [ARGS...]: compute-sanitizer with its error exit code
  local tool=$1 program=$2
  shift 2
  [ -x "$bin/$program" ] && command -v compute-sanitizer > /dev/null || return 0
  STEP_TAIL=30 step "${SANITIZER_TIMEOUT:-240}" "${program}_$tool" compute-sanitizer --tool "$tool" --error-exitcode 1 "$bin/$program" "$@"
}

run() {
  echo "card: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || echo unknown); commit ${GPU_CHECK_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}; $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null || true)"
  local limit=${STEP_TIMEOUT:-120}
  # Correctness: every device test and example.
  for test in "${programs[@]}"; do
    name=$(basename "$test" .cu)
    [ -x "$bin/$name" ] && step "$limit" "$name" "$bin/$name"
  done
  [ -x "$bin/hopper_gemm_ws" ] && step "$limit" hopper_gemm_ws "$bin/hopper_gemm_ws"
  [ -x "$bin/hopper_gemm" ] && step "$limit" hopper_gemm "$bin/hopper_gemm"
  # The HGEMM example timed (4096^3 and 8192^3) beside CuTe's sgemm_sm80 tutorial in half, where it
  # was built; cuBLAS beside both in the GEMM table below.
  if [ -x "$bin/hgemm_timed" ]; then
    step "$limit" hgemm "$bin/hgemm_timed" --time
    if [ -x "$bin/cute_sgemm_sm80" ]; then
      for size in 4096 8192; do step "$limit" "cute_sgemm_sm80_$size" "$bin/cute_sgemm_sm80" $size $size $size T N; done
    fi
  fi
  # The warp-specialized GEMM's table (benchmarks/cuda/gemm.sh) beside cuBLAS and CuTe's sm90
  # tutorial, and the first Hopper GEMM timed beside them.
  [ -x "$bin/cublas_gemm" ] && [ -x "$bin/hopper_gemm_ws" ] && STEP_TAIL=40 step 240 gemm_table env GEMM_BIN="$bin" bash benchmarks/cuda/gemm.sh
  [ -x "$bin/hopper_gemm" ] && step "$limit" hopper_gemm_timed "$bin/hopper_gemm" --time
  # The examples written with partition (issue 52), timed beside the same algorithms with their
  # indices written by hand, and CuTe's sgemm_sm80 tutorial's NT path in single precision.
  for name in staged_transpose sgemm; do
    [ -x "$bin/${name}_timed" ] && step "$limit" "${name}_timed" "$bin/${name}_timed" --time
  done
  [ -x "$bin/cute_sgemm_f32" ] && step "$limit" cute_sgemm_f32 "$bin/cute_sgemm_f32" 4096 4096 4096 N T
  # The device copy against cudaMemcpy, the hand-written 32x32 tiled transpose and PyTorch.
  [ -x "$bin/copy_benchmark" ] && STEP_TAIL=30 step 240 copy_table env COPY_BENCHMARK="$bin/copy_benchmark" OUT="$out" bash benchmarks/cuda/run.sh "$arch"
  # The CPU copy engine on this machine's cores against HPTT (issues 55 and 70), where it was built.
  [ -x "$bin/copy_scaling" ] && STEP_TAIL=200 step 300 copy_scaling "$bin/copy_scaling" --threads "${SCALING_THREADS:-1,2,4,8,16}" --repetitions 3 --min-time 0.05
  # ncu: the HGEMM's ldmatrix reads and the warp-specialized GEMM's shared accesses (0 bank
  # conflicts expected: the staging is swizzled).
  if command -v ncu > /dev/null; then
    [ -x "$bin/hgemm_timed" ] && STEP_TAIL=10 step "$limit" hgemm_ncu ncu --clock-control none --metrics l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum -k regex:hgemm_kernel -c 1 "$bin/hgemm_timed"
    [ -x "$bin/hopper_gemm_ws" ] && STEP_TAIL=10 step "$limit" hopper_gemm_ws_ncu ncu --clock-control none --metrics l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum -k regex:gemm -c 1 "$bin/hopper_gemm_ws" --time-only 4096 4096 4096
  fi
  # The sanitizers: memcheck on every device test and example, and racecheck and synccheck on the
  # Hopper GEMMs (their pipelines' barriers).
  for test in "${programs[@]}"; do sanitize memcheck "$(basename "$test" .cu)"; done
  for program in hopper_gemm_ws hopper_gemm; do
    for tool in memcheck racecheck synccheck; do sanitize "$tool" "$program"; done
  done
  # The FlashAttention-2 example timed beside PyTorch's scaled_dot_product_attention (flash).
  if [ -x "$bin/flash_attention_timed" ]; then
    step "$limit" flash_attention_timed "$bin/flash_attention_timed" --time
    late torch_sdpa || step "$limit" torch_sdpa python3 - <<'PY'
import torch, torch.nn.functional as F, torch.nn.attention
for seq in (4096, 8192):
    for d in (64, 128):
        for causal in (False, True):
            q, k, v = (torch.randn(1, 16, seq, d, device="cuda", dtype=torch.half) for _ in range(3))
            with torch.nn.attention.sdpa_kernel(torch.nn.attention.SDPBackend.FLASH_ATTENTION):
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
  # SASS of the zero-overhead pairs, and the access certificate's shared-memory cases timed.
  if command -v cuobjdump > /dev/null && [ -f "$bin/zero_overhead.cubin" ]; then
    step "$limit" zero_overhead_sass env CUBIN="$bin/zero_overhead.cubin" sh benchmarks/cuda/zero_overhead_sass.sh "$arch" "$bin/staged_transpose_timed" "$bin/sgemm_timed"
  fi
  [ -x "$bin/bank_conflicts" ] && step "$limit" bank_conflicts "$bin/bank_conflicts"
  echo "run: $((SECONDS - started)) s"
}

if [ "$phase" != run ]; then build; fi
if [ "$phase" != build ]; then run; fi
exit $status
