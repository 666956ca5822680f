#!/usr/bin/python3
"""NumPy's figures for the cases of copy_benchmark.cpp.

Each case copies a float32 view into an existing, touched destination with np.copyto (NumPy's
strided-copy machinery, no allocation), and, for comparison, np.ascontiguousarray (which
allocates a fresh result each time). GB/s = (bytes read + bytes written) / time = 2 * 4 *
elements / time, the definition copy_benchmark uses. Prints the median of --repetitions runs,
each run being the mean over enough calls to last --min-time seconds.

    /usr/bin/python3 benchmarks/numpy_copy.py [--json out.json]
"""
import argparse
import json
import statistics
import time

import numpy as np


def cases():
    for n in (4096, 8192):
        a = np.arange(n * n, dtype=np.float32).reshape(n, n)
        yield f"transpose_{n}", a.T
    c = np.arange(256 ** 3, dtype=np.float32).reshape(256, 256, 256)
    for perm in ((2, 0, 1), (1, 0, 2), (2, 1, 0)):
        yield "permute_" + "".join(map(str, perm)) + "_256", c.transpose(perm)
    yield "transpose_1000000x3", np.arange(3000000, dtype=np.float32).reshape(1000000, 3).T
    yield "slice_step3_2048x3x4096", np.arange(2048 * 3 * 4096, dtype=np.float32).reshape(2048, 3, 4096)[..., ::3]
    n = 8192
    a = np.arange(n * n, dtype=np.float32).reshape(n, n)
    yield "slice_cols_step2", a[:, ::2]
    yield "slice_rows_step2", a[::2, :]
    yield "broadcast_8192", np.broadcast_to(np.arange(n, dtype=np.float32), (n, n))
    yield "flip_last_8192", a[:, ::-1]
    signal = np.arange(1 << 25, dtype=np.float32)
    for size, step in ((256, 128), (8, 4)):
        yield f"unfold_{size}_{step}", np.lib.stride_tricks.sliding_window_view(signal, size)[::step]


def time_it(f, min_time, repetitions):
    runs = []
    for _ in range(repetitions):
        calls, start = 0, time.perf_counter()
        while True:
            f()
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_time:
                break
        runs.append(elapsed / calls)
    return statistics.median(runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--min-time", type=float, default=0.3)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    results = {}
    print(f"numpy {np.__version__}")
    print(f"{'case':24} {'copyto GB/s':>12} {'ascontiguousarray GB/s':>24}")
    for name, view in cases():
        dst = np.empty(view.shape, dtype=view.dtype)
        dst[...] = 1  # touched
        np.copyto(dst, view)
        assert np.array_equal(dst, view)
        moved = 2 * view.size * view.itemsize
        t_copyto = time_it(lambda: np.copyto(dst, view), args.min_time, args.repetitions)
        t_contig = time_it(lambda: np.ascontiguousarray(view), args.min_time, args.repetitions)
        results[name] = {"copyto": moved / t_copyto / 1e9, "ascontiguousarray": moved / t_contig / 1e9}
        print(f"{name:24} {results[name]['copyto']:12.2f} {results[name]['ascontiguousarray']:24.2f}", flush=True)
        del dst
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
