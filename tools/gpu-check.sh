#!/usr/bin/env bash
# The GPU checks, for a machine with a GPU and nvcc but none of the project's other dependencies
# (no Boost, Catch2 or CMake needed): builds and runs the device copy test and the CUDA examples,
# compiles the device static test, then runs benchmarks/cuda/run.sh and the bank-conflict benchmark. Results go to $OUT (a
# temporary folder when unset), the binaries to a temporary folder. Usage (repository root): bash tools/gpu-check.sh [ARCH=90]
set -euo pipefail
cd "$(dirname "$0")/.."
arch=${1:-90}
out=${OUT:-$(mktemp -d)}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
flags=(-std=c++20 -O2 -arch=sm_${arch} -I include)
status=0
bin=$(mktemp -d)
# Everything compiles at once (the GPU machine has cores to spare), then the programs run in turn.
programs=(runtime_tests/cuda/device_copy_test.cu examples/cuda/nhwc_conv.cu examples/cuda/masked_gemm.cu examples/cuda/staged_transpose.cu examples/cuda/hgemm.cu examples/cuda/sgemm.cu)
pids=()
for test in static_tests/cuda/device_static_test.cu static_tests/cuda/device_views_test.cu static_tests/cuda/mma_atoms_device_test.cu; do
  "$nvcc" "${flags[@]}" -Werror all-warnings -c "$test" -o "$bin/$(basename "$test" .cu).o" > "$bin/$(basename "$test" .cu).log" 2>&1 &
  pids+=($!)
done
for test in "${programs[@]}"; do
  "$nvcc" "${flags[@]}" "$test" -o "$bin/$(basename "$test" .cu)" > "$bin/$(basename "$test" .cu).log" 2>&1 &
  pids+=($!)
done
names=(device_static_test device_views_test mma_atoms_device_test)
for test in "${programs[@]}"; do names+=("$(basename "$test" .cu)"); done
for i in "${!pids[@]}"; do
  if wait "${pids[$i]}"; then echo "${names[$i]}: compiled"; else echo "${names[$i]}: DID NOT COMPILE"; cat "$bin/${names[$i]}.log"; status=1; fi
done
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
# The device copy test again under compute-sanitizer's memcheck (issue 55): no access out of
# bounds, misaligned or to freed memory in any of its kernels.
if [ -x "$bin/device_copy_test" ] && command -v compute-sanitizer > /dev/null; then
  if compute-sanitizer --tool memcheck --error-exitcode 1 "$bin/device_copy_test" > "$out/device_copy_memcheck.txt" 2>&1; then
    echo "device_copy_test under memcheck: clean"
  else
    echo "device_copy_test under memcheck: ERRORS"; tail -n 40 "$out/device_copy_memcheck.txt"; status=1
  fi
fi
OUT="$out" bash benchmarks/cuda/run.sh "$arch" | tee "$out/benchmark.md"
# The HGEMM example timed (4096^3 and 8192^3), its ldmatrix reads' bank conflicts by ncu, and, with
# CUTLASS_DIR set (a CUTLASS checkout carried to the machine), CuTe's sgemm_sm80 tutorial beside it.
if [ -x "$bin/hgemm" ]; then
  "$nvcc" -std=c++20 -O3 -DNDEBUG -arch=sm_${arch} -I include examples/cuda/hgemm.cu -o "$bin/hgemm_timed"
  "$bin/hgemm_timed" --time | tee "$out/hgemm.md" || status=1
  if command -v ncu > /dev/null; then
    ncu --metrics l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum -k regex:hgemm_kernel -c 1 "$bin/hgemm_timed" > "$out/hgemm_ncu.txt" 2>&1 || true
    grep -E "bank_conflicts|wavefronts" "$out/hgemm_ncu.txt" || true
  fi
  if [ -n "${CUTLASS_DIR:-}" ]; then
    "$nvcc" -std=c++17 -O3 -arch=sm_${arch} -I "$CUTLASS_DIR/include" -I "$CUTLASS_DIR/tools/util/include" "$CUTLASS_DIR/examples/cute/tutorial/sgemm_sm80.cu" -o "$bin/cute_sgemm_sm80" &&
      for size in 4096 8192; do "$bin/cute_sgemm_sm80" $size $size $size T N | tail -n 1 | tee -a "$out/hgemm.md"; done
  fi
fi
# The examples written with partition (issue 52), timed beside the same algorithms with their
# indices written by hand (-O3 -DNDEBUG, the median of 5 runs, and the ratio), and, with
# CUTLASS_DIR set, CuTe's sgemm_sm80 tutorial's NT path in single precision beside the SGEMM.
for name in staged_transpose sgemm; do
  [ -x "$bin/$name" ] || continue
  "$nvcc" -std=c++20 -O3 -DNDEBUG -arch=sm_${arch} -I include "examples/cuda/$name.cu" -o "$bin/${name}_timed" &&
    "$bin/${name}_timed" --time | grep -E "ms|ratio|time" | tee "$out/${name}_timed.md" || status=1
done
if [ -x "$bin/sgemm" ] && [ -n "${CUTLASS_DIR:-}" ]; then
  sed -e 's/using T\([ABCI]\) = cute::half_t;/using T\1 = float;/' "$CUTLASS_DIR/examples/cute/tutorial/sgemm_sm80.cu" > "$bin/cute_sgemm_f32.cu"
  "$nvcc" -std=c++17 -O3 -arch=sm_${arch} -I "$CUTLASS_DIR/include" -I "$CUTLASS_DIR/tools/util/include" "$bin/cute_sgemm_f32.cu" -o "$bin/cute_sgemm_f32" &&
    "$bin/cute_sgemm_f32" 4096 4096 4096 N T | tail -n 1 | tee -a "$out/sgemm_timed.md"
fi
# The access certificate's shared-memory cases, timed (docs/access.md).
"$nvcc" -std=c++20 -O3 -arch=sm_${arch} -I include benchmarks/cuda/bank_conflicts.cu -o "$bin/bank_conflicts"
"$bin/bank_conflicts" | tee "$out/bank_conflicts.md" || [ $? -eq 77 ]
exit $status
