#!/usr/bin/env python3
"""Tests tools/check_doc_examples.py on small made-up pages: what it accepts and what it refuses
(a cited line that moved, a fence with no language, a block that is no excerpt of an example)."""
import os
import subprocess
import sys
import tempfile

checker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "check_doc_examples.py")
failures = []


def run(root, page_text, *args):
    with open(os.path.join(root, "page.md"), "w") as f:
        f.write(page_text)
    args = args or ("--pages", root, os.path.join(root, "page.md"))
    done = subprocess.run([sys.executable, checker, *args], capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def expect(name, result, code, text):
    if result[0] != code or text not in result[1]:
        failures.append("%s: expected exit %d and %r, got exit %d:\n%s" % (name, code, text, result[0], result[1]))


with tempfile.TemporaryDirectory() as root:
    os.makedirs(os.path.join(root, "include", "lib"))
    os.makedirs(os.path.join(root, "examples"))
    with open(os.path.join(root, "include", "lib", "ops.hpp"), "w") as f:
        f.write("// ops\n\nvoid f() {\n  if (bad) throw error(\"f: bad\");\n}\n")
    with open(os.path.join(root, "examples", "tour.cpp"), "w") as f:
        f.write("// [tour]\nusing A = int;\n\n// a comment the page may leave out\nusing B = A;  // B\n"
                "static_assert(sizeof(B) == 4);\n// [tour]\nusing C = long;\nint twice(int value, long scale) {\n  return value * 2;\n}\n")
    error = "```text\ninclude/lib/ops.hpp:%d:13: error: expression '<throw-expression>' is not a constant expression\n" \
            "    %d |   if (bad) throw error(\"f: bad\");\n```\n"
    good = "# page\n\n```cpp\nusing A = int;\nusing B = A;  // B\n```\n\n" + error % (4, 4)
    expect("a true page", run(root, good), 0, "hold")
    expect("a cited line that moved", run(root, good.replace(error % (4, 4), error % (3, 3))), 1,
           "include/lib/ops.hpp:3 is not the quoted line `if (bad) throw error(\"f: bad\");` (it is line 4 now)")
    expect("a citation without its line", run(root, "```text\ninclude/lib/ops.hpp:4: error\n```\n"), 1,
           "cites include/lib/ops.hpp:4 without quoting the line")
    expect("a citation in prose", run(root, "The throw is at `include/lib/ops.hpp:4`.\n\n" + good), 1,
           "page.md:1: cites include/lib/ops.hpp:4 outside a code block")
    expect("a column outside the code", run(root, good.replace(":4:13:", ":4:2:")), 1, "column 2 of include/lib/ops.hpp:4")
    expect("a fence without a language", run(root, good.replace("```text", "```")), 1, "a fenced block without a language")
    expect("code that is not consecutive in the example", run(root, "```cpp\nusing A = int;\nusing C = long;\n```\n"), 1,
           "`using C = long;` does not follow the lines above it in examples/tour.cpp")
    expect("code that is in no example", run(root, "```cpp\nusing D = block;\n```\n"), 1, "`using D = block;` is in none of the programs")
    expect("a name used before the block that declares it", run(root, "```cpp\nusing B = A;  // B\n```\n\n```cpp\nusing A = int;\n```\n"), 1,
           "page.md:2: this block uses `A`, which the page declares only further down, at page.md:6")
    expect("a name declared above", run(root, "```cpp\nusing A = int;\n```\n\n```cpp\nusing B = A;  // B\n```\n"), 0, "hold")
    expect("a name the program declares and the page never shows", run(root, "```cpp\nusing B = A;  // B\n```\n"), 1,
           "page.md:2: this block uses `A`, which its example program declares and the page never shows")
    expect("a function's parameters shown on its first line", run(root, "```cpp\nint twice(int value, long scale) {\n  return value * 2;\n```\n"), 0, "hold")
    expect("a comment that is in no example", run(root, "```cpp\n// made up\nusing A = int;\n```\n"), 1, "comments of this ```cpp block")
    expect("a link out of the repository", run(root, "See [the map](../shared/design.md).\n\n" + good), 1,
           "page.md:1: the link ../shared/design.md is to no file of the repository")
    expect("links in the repository", run(root, "[tour](examples/tour.cpp#L2), [web](https://example.org), [here](#page), `v[0](1)`\n\n"
                                              "```text\nv[0](1)\n```\n\n" + good), 0, "hold")
    expect("output is not compiled", run(root, "```text\nusing D = block;\n```\n\n```cpp\nusing C = long;\n```\n"), 0, "hold")
    expect("--blocks: the same rule for the programs given", run(root, "```cpp\nusing B = A;  // B\nusing C = long;\n```\n",
                                                                    "--blocks", os.path.join(root, "page.md"), os.path.join(root, "examples", "tour.cpp")), 1,
           "does not follow the lines above it")

if failures:
    print("\n\n".join(failures))
    sys.exit(1)
print("check_doc_examples.py: every case as expected")
