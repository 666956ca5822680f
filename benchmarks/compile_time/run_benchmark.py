#!/usr/bin/python3
"""Compile-cost benchmark of the static API: seconds and peak memory to compile N static view chains.

For each compiler it compiles (-std=c++20 -O0 -c)
  (a) a file that only includes <strider/static.hpp>, and
  (b) the file generate_chains.py writes for each N,
measures each with /usr/bin/time (elapsed seconds, user+sys CPU seconds, peak resident KiB), takes
the median of the repeats, and reports the cost of one chain: (b - a) / N.

With --floor it also compiles the same chains against floor/strider/static.hpp, the API's types
and members with no rule evaluated (static_asserts made vacuous): the part of the cost that no
implementation of this API can remove.

Usage: run_benchmark.py [--n 100 1000] [--compilers g++ clang++] [--repeat 3] [--include DIR]
                        [--work DIR] [--floor]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TARGET_MS, TARGET_KIB = 1.0, 100.0  # per chain, g++ -O0 at N = 1000


def measure(compiler, include, source, repeat):
    """Median elapsed s, median user+sys s, median peak KiB over `repeat` compilations."""
    elapsed, cpu, peak = [], [], []
    for _ in range(repeat):
        with tempfile.NamedTemporaryFile(suffix=".time") as report:
            cmd = ["/usr/bin/time", "-o", report.name, "-f", "%e %U %S %M",
                   compiler, "-std=c++20", "-O0", "-c", "-I", include, source, "-o", os.devnull]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"{' '.join(cmd[5:])} failed:\n{run.stderr[-4000:]}")
            e, u, s, m = open(report.name).read().split()[-4:]
        elapsed.append(float(e))
        cpu.append(float(u) + float(s))
        peak.append(int(m))
    return statistics.median(elapsed), statistics.median(cpu), statistics.median(peak)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, nargs="+", default=[100, 1000])
    ap.add_argument("--compilers", nargs="+", default=["g++", "clang++"])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--include", default=os.path.join(ROOT, "include"))
    ap.add_argument("--work", default=None, help="where the generated sources go (default: a temporary folder)")
    ap.add_argument("--floor", action="store_true", help="also measure the chains against the no-rule floor header")
    ap.add_argument("--chain", choices=["view", "tiling", "mixed", "mixed-static", "thread_value", "access"], default="view",
                    help="the view chain (default) or the tiling chain (tile_t, rearrange_t, composition_t; no floor)")
    args = ap.parse_args()
    if args.chain != "view" and args.floor:
        sys.exit("--floor measures the view chain only (the floor header has no tiling operations)")
    if not os.path.exists("/usr/bin/time"):
        sys.exit("needs /usr/bin/time (Debian: apt-get install time)")

    work = args.work or tempfile.mkdtemp(prefix="strider_compile_time_")
    os.makedirs(work, exist_ok=True)
    empty = os.path.join(work, "empty.cpp")
    with open(empty, "w") as f:
        f.write("#include <strider/access.hpp>\n" if args.chain == "access" else "#include <strider/static.hpp>\n")
    chains = {}
    for n in args.n:
        chains[n] = os.path.join(work, f"chains_{n}.cpp")
        subprocess.run([sys.executable, os.path.join(HERE, "generate_chains.py"), "--chain", args.chain, str(n), chains[n]], check=True)
    runs = [("", args.include, empty, chains)]
    if args.floor:
        floor_chains = {}
        for n, path in chains.items():
            floor_chains[n] = os.path.join(work, f"floor_chains_{n}.cpp")
            with open(path) as f, open(floor_chains[n], "w") as out:
                out.write(re.sub(r"static_assert\((.*)\);", r"static_assert(((\1), true));", f.read()))
        runs.append(("floor: ", os.path.join(HERE, "floor"), empty, floor_chains))

    print(f"| compiler | file | elapsed s | cpu s | peak MiB | per chain ms (elapsed) | per chain ms (cpu) | per chain KiB |")
    print(f"|---|---|---:|---:|---:|---:|---:|---:|")
    versions = []
    verdict = "was not measured (needs g++ and --n 1000) against"
    for cc in args.compilers:
        version = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
        for label, include, base, sources in runs:
            e0, c0, m0 = measure(cc, include, base, args.repeat)
            print(f"| {cc} | {label}include only | {e0:.2f} | {c0:.2f} | {m0 / 1024:.0f} | | | |")
            for n in args.n:
                e, c, m = measure(cc, include, sources[n], args.repeat)
                per_ms, per_cpu_ms, per_kib = (e - e0) / n * 1000, (c - c0) / n * 1000, (m - m0) / n
                print(f"| {cc} | {label}{n} chains | {e:.2f} | {c:.2f} | {m / 1024:.0f} | {per_ms:.2f} | {per_cpu_ms:.2f} | {per_kib:.0f} |")
                if cc.startswith("g++") and n == 1000 and not label:
                    verdict = "meets" if per_ms <= TARGET_MS and per_kib <= TARGET_KIB else "misses"
        versions.append(version)
    print(f"\ng++ at N = 1000 {verdict} the target ({TARGET_MS} ms and {TARGET_KIB:.0f} KiB per chain, elapsed).")
    print("Compilers: " + "; ".join(versions))
    print(f"(sources in {work}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end)")


if __name__ == "__main__":
    main()
