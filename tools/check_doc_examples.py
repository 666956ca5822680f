#!/usr/bin/env python3
"""Checks that a page's C++ examples are code of compiled example programs.

Usage: check_doc_examples.py --tables PAGE.md PROGRAM.cpp...
       check_doc_examples.py --blocks PAGE.md PROGRAM.cpp...
--tables: every code span in the last column of PAGE's tables (docs/reference.md's examples)
must occur word for word in the programs. --blocks: every non-empty line of every ```cpp block of
PAGE must occur word for word in a line of the programs. The build compiles the programs and a
test runs them, so the page's examples compile and hold. Exits 1 and lists what does not occur.
"""
import re
import sys

mode, page, programs = sys.argv[1], sys.argv[2], sys.argv[3:]
source = "".join(open(p).read() for p in programs)
source_lines = [line.strip() for line in source.splitlines()]
missing, checked = [], 0
text = open(page).read()
if mode == "--tables":
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith("| ") or line.startswith("|---") or line.startswith("| name "):
            continue
        cells = [c.strip() for c in line.rstrip().strip("|").split(" | ")]
        for example in re.findall(r"`([^`]+)`", cells[-1]):
            checked += 1
            if example not in source:
                missing.append("%s:%d: `%s`" % (page, number, example))
elif mode == "--blocks":
    for block in re.finditer(r"```cpp\n(.*?)```", text, re.S):
        first = text.count("\n", 0, block.start(1)) + 1
        for offset, line in enumerate(block.group(1).splitlines()):
            line = line.strip()
            if not line:
                continue
            checked += 1
            if not any(line in candidate for candidate in source_lines):
                missing.append("%s:%d: %s" % (page, first + offset, line))
else:
    sys.exit("usage: check_doc_examples.py --tables|--blocks PAGE.md PROGRAM.cpp...")
if missing or checked == 0:
    print("examples of %s that %s do not contain:" % (page, " ".join(programs)))
    print("\n".join(missing) if missing else "(no examples found)")
    sys.exit(1)
print("%d examples of %s are code of %s" % (checked, page, " ".join(programs)))
