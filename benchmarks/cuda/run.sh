#!/usr/bin/env bash
# Builds copy_benchmark.cu with nvcc (no other dependency), runs it and torch_copy.py on the same
# GPU, and prints one Markdown table with the ratios: strider / memcpy and strider / PyTorch.
# Usage (repository root): bash benchmarks/cuda/run.sh [ARCH=90]; with COPY_BENCHMARK naming a
# copy_benchmark binary built already (tools/gpu-check.sh --build), it runs that one.
set -euo pipefail
cd "$(dirname "$0")/../.."
arch=${1:-90}
out=${OUT:-$(mktemp -d)}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)  # the toolkit's usual place is often not on PATH
benchmark=${COPY_BENCHMARK:-}
if [ -z "$benchmark" ]; then
  benchmark=$(mktemp -d)/copy_benchmark
  "$nvcc" -std=c++20 -O3 -DNDEBUG -arch=sm_${arch} -I include benchmarks/cuda/copy_benchmark.cu -o "$benchmark"
fi
"$benchmark" | tee "$out/strider.tsv"
python3 benchmarks/cuda/torch_copy.py | tee "$out/torch.tsv"
python3 - "$out/strider.tsv" "$out/torch.tsv" <<'PY'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if not l.startswith("#")][1:]
torch = dict(l.rstrip("\n").split("\t") for l in list(open(sys.argv[2]))[1:])
print("\n| case | memcpy GB/s | 32x32 tiled GB/s | PyTorch GB/s | strider GB/s | strider / memcpy | strider / PyTorch | strider's 32x32 kernel GB/s |")
print("|---|---|---|---|---|---|---|---|")
for name, memcpy, reference, strider, tiled32 in rows:
    t = float(torch[name])
    print("| %s | %s | %s | %.0f | %s | %.2f | %.2f | %s |" % (name, memcpy, reference, t, strider, float(strider) / float(memcpy), float(strider) / t, tiled32))
PY
