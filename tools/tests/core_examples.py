#!/usr/bin/python3
"""The worked examples of the core rules hold: every `/// @example` line of include/strider/core
written in the command's expression language (starting with a base layout) is evaluated by
`strider --format json`, and its stated shape, strides and offset must be the command's, or the
command must refuse it where the example says "is refused". Examples written in C++ are checked
by the unit tests of their rule, not here.

Usage: core_examples.py STRIDER_EXECUTABLE INCLUDE_CORE_DIR
"""
import glob
import json
import os
import re
import subprocess
import sys

BASES = ("contiguous(", "column_major(", "layout(")
RESULT = re.compile(r"is shape \(([^)]*)\), strides \(([^)]*)\), offset (-?\d+)")


def numbers(text):
    return [int(t) for t in text.replace(",", " ").split()]


def examples(core):
    """(file:line, expression, rest of the sentence) for each example, joined over its lines."""
    for path in sorted(glob.glob(os.path.join(core, "*.hpp"))):
        lines = open(path).read().split("\n")
        for i, line in enumerate(lines):
            if not line.startswith("/// @example "):
                continue
            text = line[len("/// @example "):]
            j = i + 1
            while j < len(lines) and lines[j].startswith("///          "):
                text += " " + lines[j].strip("/ ")
                j += 1
            m = re.match(r"`([^`]+)`(.*)", text)
            if m and m.group(1).startswith(BASES):
                yield f"{os.path.basename(path)}:{i + 1}", m.group(1), m.group(2)


def main():
    exe, core = sys.argv[1], sys.argv[2]
    failures, count = [], 0
    for where, expression, rest in examples(core):
        count += 1
        run = subprocess.run([exe, "--format", "json", expression], capture_output=True, text=True)
        if rest.lstrip().startswith("is refused"):
            if run.returncode == 0:
                failures.append(f"{where}: `{expression}` is not refused")
            continue
        stated = RESULT.search(rest)
        if stated is None:
            failures.append(f"{where}: states no 'is shape (...), strides (...), offset N' nor 'is refused'")
            continue
        if run.returncode != 0:
            failures.append(f"{where}: `{expression}` is refused: {run.stderr.strip()}")
            continue
        got = json.loads(run.stdout)
        want = (numbers(stated.group(1)), numbers(stated.group(2)), int(stated.group(3)))
        if (got["shape"], got["strides"], got["offset"]) != want:
            failures.append(f"{where}: `{expression}` is shape {got['shape']}, strides {got['strides']}, offset {got['offset']}, "
                            f"not {want}")
    if count < 40:
        failures.append(f"only {count} examples found under {core}")
    for f in failures:
        print(f)
    print(f"{count} examples of the core rules checked, {len(failures)} wrong")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
