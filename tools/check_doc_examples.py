#!/usr/bin/env python3
"""Checks that every example of a reference page is code of a compiled example program.

Usage: check_doc_examples.py PAGE.md PROGRAM.cpp
Every code span in the last column of PAGE's tables must occur word for word in PROGRAM (which
the build compiles and a test runs), so that the page's examples compile and hold. Exits 1 and
lists the examples that do not occur.
"""
import re
import sys

page, program = sys.argv[1], sys.argv[2]
source = open(program).read()
missing, checked = [], 0
for number, line in enumerate(open(page), 1):
    if not line.startswith("| ") or line.startswith("|---") or line.startswith("| name "):
        continue
    cells = [c.strip() for c in line.rstrip().strip("|").split(" | ")]
    for example in re.findall(r"`([^`]+)`", cells[-1]):
        checked += 1
        if example not in source:
            missing.append("%s:%d: `%s`" % (page, number, example))
if missing or checked == 0:
    print("examples of %s that %s does not contain:" % (page, program))
    print("\n".join(missing) if missing else "(no examples found)")
    sys.exit(1)
print("%d examples of %s are code of %s" % (checked, page, program))
