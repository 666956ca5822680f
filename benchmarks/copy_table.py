#!/usr/bin/python3
"""Runs copy_benchmark and numpy_copy.py and prints the Markdown table of benchmarks/README.md.

    /usr/bin/python3 benchmarks/copy_table.py build/bench/benchmarks/copy_benchmark

GB/s = (bytes read + bytes written) / time, the median of 5 repetitions (each at least 0.3 s).
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

LABELS = {
    "transpose_4096": "2-D transpose 4096²",
    "transpose_8192": "2-D transpose 8192²",
    "permute_201_256": "3-D permute (2,0,1) 256³",
    "permute_102_256": "3-D permute (1,0,2) 256³",
    "permute_210_256": "3-D permute (2,1,0) 256³",
    "transpose_1000000x3": "transpose 1000000×3",
    "slice_step3_2048x3x4096": "a[..., ::3] of 2048×3×4096",
    "slice_cols_step2": "a[:, ::2] of 8192²",
    "slice_rows_step2": "a[::2, :] of 8192²",
    "broadcast_8192": "broadcast 8192 → 8192²",
    "flip_last_8192": "a[:, ::-1] of 8192²",
    "unfold_256_128": "unfold(0, 256, 128) of 2²⁵",
    "unfold_8_4": "unfold(0, 8, 4) of 2²⁵",
}


def run_benchmark(binary):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as out:
        path = out.name
    subprocess.run([binary, "--benchmark_repetitions=5", "--benchmark_report_aggregates_only=true",
                    f"--benchmark_out={path}", "--benchmark_out_format=json"], check=True, stdout=subprocess.DEVNULL)
    with open(path) as f:
        data = json.load(f)
    os.unlink(path)
    figures = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        case, who = b["run_name"].split("/")[:2]
        figures.setdefault(case, {})[who] = b["GB/s"]
    return figures


def run_numpy():
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as out:
        path = out.name
    subprocess.run(["/usr/bin/python3", os.path.join(HERE, "numpy_copy.py"), "--json", path], check=True, stdout=subprocess.DEVNULL)
    with open(path) as f:
        data = json.load(f)
    os.unlink(path)
    return data


def cell(value):
    return "—" if value is None else f"{value:.1f}"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    figures = run_benchmark(sys.argv[1])
    numpy = run_numpy()
    print("| case | strider | memcpy | naive loop | Eigen | xtensor | NumPy copyto | strider / memcpy |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for case, label in LABELS.items():
        f = figures.get(case, {})
        eigen = cell(f.get("eigen"))
        if "eigen_matrix" in f:
            eigen += f" (Matrix {cell(f['eigen_matrix'])})"
        ratio = f["strider"] / f["memcpy"] if "strider" in f and "memcpy" in f else None
        print(f"| {label} | **{cell(f.get('strider'))}** | {cell(f.get('memcpy'))} | {cell(f.get('naive'))} | {eigen} | "
              f"{cell(f.get('xtensor'))} | {cell(numpy.get(case, {}).get('copyto'))} | {ratio:.0%} |")
    print()
    print("| 2 threads | strider, 1 thread | strider, 2 threads | speed-up |")
    print("|---|---:|---:|---:|")
    for case, label in LABELS.items():
        one = figures.get(case, {}).get("strider")
        two = figures.get(case, {}).get("strider_2threads")
        if one and two:
            print(f"| {label} | {one:.1f} | {two:.1f} | {two / one:.2f}x |")


if __name__ == "__main__":
    main()
