#!/usr/bin/env python3
"""The strider command's start-up and a 10-step `strider explain`, wall time, median of 21 runs
each (issue 34's budget: under 20 ms for the explain). Usage: explain_time.py PATH/TO/strider"""
import statistics
import subprocess
import sys
import time

CHAIN = ("contiguous(4, 6, 8)[1:, ::-1].permute(2, 0, 1).flip(0).unsqueeze(1).squeeze(1)"
         ".reshape(8, 18).T.reshape(-1).unfold(0, 4, 2)")  # 10 steps


def median_ms(args):
    times = []
    for _ in range(21):
        start = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    exe = sys.argv[1]
    steps = subprocess.run([exe, "explain", CHAIN], capture_output=True, text=True, check=True).stdout.count("\n    shape")
    print(f"start-up (--version): {median_ms([exe, '--version']):.1f} ms")
    print(f"explain of {steps} steps: {median_ms([exe, 'explain', CHAIN]):.1f} ms")


if __name__ == "__main__":
    main()
