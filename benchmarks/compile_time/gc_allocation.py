#!/usr/bin/python3
"""What g++ allocates per static view chain, deterministically: its garbage collector's report.

g++'s collector does not run below --param ggc-min-heapsize (128 MiB by default on a machine of
this size), so on a file of 60 chains every tree and every memoized constant-evaluation result
it made is still held at the end, and `-fmem-report` prints those bytes by object size. Their
sum for 60 chains minus 20 chains, over 40, is what one chain costs, in KiB, the same in every
run; it agrees with run_benchmark.py's peak memory per chain at N = 1000 (which takes minutes
and reads in MiB) within a few KiB. The object sizes that grew most say what grew (32 to 56
bytes: memoized calls and their argument vectors; 144: the vector of a layout value's 8
extents or strides).

Usage: gc_allocation.py [--chain view|tiling|mixed|mixed-static] [--compiler g++] INCLUDE_DIR...
Prints, for each include folder (a tree's include/, e.g. from `git archive REV include`), the
KiB per chain and the five object sizes that grew most, against the first folder.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def allocations(compiler, include, source):
    """KiB allocated by the collector, by object size, from g++ -fmem-report."""
    run = subprocess.run([compiler, "-std=c++20", "-O0", "-c", "-I", include, source, "-o", os.devnull, "-fmem-report"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"{compiler} failed on {source} with {include}:\n{run.stderr[-3000:]}")
    table, on = {}, False
    for line in run.stderr.splitlines():
        if line.startswith("Size") and "Allocated" in line:
            on = True
            continue
        if on:
            if line.startswith("Total"):
                break
            size, allocated = line.split()[:2]
            unit = {"k": 1.0, "M": 1024.0}.get(allocated[-1], 1.0 / 1024)
            table[int(size)] = float(allocated.rstrip("kM")) * unit
    if not table:
        sys.exit(f"{compiler} printed no allocation table (-fmem-report is g++'s)")
    return table


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("includes", nargs="+")
    ap.add_argument("--chain", choices=["view", "tiling", "mixed", "mixed-static"], default="view")
    ap.add_argument("--compiler", default="g++")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as work:
        sources = {}
        for n in (20, 60):
            sources[n] = os.path.join(work, f"chains_{n}.cpp")
            subprocess.run([sys.executable, os.path.join(HERE, "generate_chains.py"), "--chain", args.chain, str(n), sources[n]],
                           check=True, capture_output=True)
        first = None
        for include in args.includes:
            a, b = allocations(args.compiler, include, sources[20]), allocations(args.compiler, include, sources[60])
            per_size = {size: (b.get(size, 0.0) - a.get(size, 0.0)) / 40 for size in set(a) | set(b)}
            total = sum(per_size.values())
            line = f"{include}: {total:.1f} KiB per {args.chain} chain"
            if first is None:
                first = (total, per_size)
            else:
                grew = sorted(((per_size.get(s, 0.0) - first[1].get(s, 0.0), s) for s in per_size), reverse=True)[:5]
                line += f" ({(total / first[0] - 1) * 100:+.1f} %; grew most: " + ", ".join(f"{s} B {d:+.1f}" for d, s in grew) + ")"
            print(line)


if __name__ == "__main__":
    main()
