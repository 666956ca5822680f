#!/usr/bin/python3
"""Every refusal in include/strider names its operation on its own source line.

A static refusal's diagnostic is the source line of the refusal (the throw, or the call of
detail::refuse, that a constant evaluation reaches): the line a user reads first. So each
refusal's message starts with its operation's name, "narrow: ...", or, in a check several
operations share, refuses through its caller's `caller.refuse(...)` (detail::refuse_as<Op> called by pointer), whose error line shows `[with Op =
op::name]` beside the rule's text.
The refusals that format the name at run time ("{}: ...") are listed below, each with why; a new
one fails this test until it names its operation or joins the list with a reason.

  check_refusal_lines.py INCLUDE_DIR
"""
import pathlib
import re
import sys

# (file under include/strider, the message's start): the refusals that print a run-time name.
RUN_TIME_NAMES = {
    # int64 arithmetic every rule shares, given its caller's name as text: a check_caller on each
    # of its many calls would make every rule that multiplies name a tag.
    ("util/checked.hpp", "{}: int64 overflow computing {} + {}"),
    ("util/checked.hpp", "{}: int64 overflow computing {} * {}"),
    # A part picked from layout_parts: the parts object carries its operation's name.
    ("core/parts.hpp", "{}: part {} is out of range"),
    # Run time only (storage, interop, writers, the expression language): never a compile error.
    ("storage/memory.hpp", "{}: storage has {} elements but"),
    ("storage/memory.hpp", "{}: data is null for a storage"),
    ("storage/memory.hpp", "{}: data at address {} is not aligned"),
    ("storage/memory.hpp", "{}: {} elements of {} bytes are more than"),
    ("storage/memory.hpp", "{}: {} elements of {} bytes from address"),
    ("storage/memory.hpp", "{}: the layout reaches {} elements"),
    ("storage/memory.hpp", "{}: the lowest element lies"),
    ("static/runtime_index.hpp", "{}: index {} is out of range for dimension"),
    ("util/heap_array.hpp", "{}: a storage of {} elements"),
    ("interop/eigen.hpp", "{}: the layout is not unique"),
    ("table/writers.hpp", "{}: the layout has {} elements, more than"),
    ("table/writers.hpp", "{}: the layout has more than {} elements, the writers' limit"),
    ("table/thread_values.hpp", "{}: {} threads x {} values"),
    ("expression/expression.hpp", "{}: {} values given"),
    ("expression/expression.hpp", "{}: gives {} views; pick one"),
    ("expression/expression.hpp", "{}: gives {} views, more than"),
    # The command's table entries of core/algebra_helpers.hpp's operations share one check of a
    # mixed layout's entries; each entry passes its name.
    ("expression/operation_table.hpp", "{}: takes a layout whose entries are all static"),
    # The tilers by mode share one assembly for composition and the three divides, which pass
    # their names; only run-time (constexpr) functions, never a static alias.
    ("core/algebra_helpers.hpp", "{}: the result has more than max_rank"),
    ("core/algebra_helpers.hpp", "{}: the tile has {} modes, the layout {} axes"),
    # The driver's rules for a global tensor, one check that make_tma_params and
    # make_tma_im2col_params share, each passing its name; run time only (host code).
    ("atom/tma.hpp", "{}: the tensor's first element is not 16-byte aligned"),
    ("atom/tma.hpp", "{}: axis {} has extent {}; TMA takes 1 to 2^32"),
    ("atom/tma.hpp", "{}: the innermost axis has stride {}"),
    ("atom/tma.hpp", "{}: axis {} has a stride of {} bytes"),
}

CALL = re.compile(r'\b(caller\.refuse|refuse|layout_error)\(\s*"((?:[^"\\]|\\.)*)"')
# A name, perhaps a kind of it or a template argument ("shared access", "tile<padded>"), then ": ".
NAMED = re.compile(r'^[A-Za-z_][A-Za-z_0-9:]*( [a-z_]+)?(<[^>]*>)?(\[[^\]]*\])?: ')


def main():
    root = pathlib.Path(sys.argv[1]) / "strider"
    problems, named, by_tag, listed = [], 0, 0, set()
    for path in sorted(root.rglob("*.hpp")):
        relative = path.relative_to(root).as_posix()
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for call in CALL.finditer(line):
                function, message = call.group(1), call.group(2)
                if line.lstrip().startswith("//") or "op: text with {} holes" in message:
                    continue  # the documentation of refuse itself
                if NAMED.match(message):
                    named += 1
                elif function == "caller.refuse":
                    by_tag += 1
                else:
                    entry = next((e for e in RUN_TIME_NAMES if e[0] == relative and message.startswith(e[1])), None)
                    if entry is None:
                        problems.append(f"{relative}:{number}: {function}(\"{message[:70]}\") names no operation")
                    else:
                        listed.add(entry)
    for entry in sorted(RUN_TIME_NAMES - listed):
        problems.append(f"{entry[0]}: no refusal starts \"{entry[1]}\" any more: take it off the list")
    for p in problems:
        print(p)
    print(f"{named} refusals name their operation on their line, {by_tag} through their caller's refuse_as<Op>, "
          f"{len(listed)} print a run-time name (listed, each with why): {len(problems)} problems")
    return 1 if problems or named < 100 else 0


if __name__ == "__main__":
    sys.exit(main())
