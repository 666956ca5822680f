#!/usr/bin/env python3
"""Checks that the docs' code is code of compiled example programs, and that their citations hold.

Usage: check_doc_examples.py --tables PAGE.md PROGRAM.cpp...
       check_doc_examples.py --blocks PAGE.md PROGRAM.cpp...
       check_doc_examples.py --pages ROOT PAGE.md...
--tables: every code span in the last column of PAGE's tables (docs/reference.md's examples)
must occur word for word in the programs.
--blocks: every ```cpp block of PAGE is an excerpt of one of the programs: its code lines are
consecutive code lines of the program, word for word (blank lines and whole-line // comments
of the program may be left out; the block's own comment lines must occur in that program).
--pages: for every PAGE, (1) every fenced block says what it is: ```cpp blocks are excerpts of
one of the programs under ROOT/examples (as for --blocks), any other language (```text for
output, ```console, ```cmake) is not compiled, and a fence with no language is an error;
(2) every cited source line, `path/file.hpp:LINE` (or `:LINE:COLUMN`) followed in its block by
the line as a compiler quotes it (`  LINE |     text`), is that line of ROOT/path today (a
citation in prose, which quotes no line, is an error);
(3) every relative link is to a file under ROOT;
(4) no ```cpp block uses a name that only a later block of the page declares: a reader compiles
the blocks in page order, each with only what came before; (5) nor a name that its example
program declares and the page never shows (a variable or alias the reader cannot see).
The build compiles the programs and tests run them, so the pages' examples compile and hold.
Exits 1 and lists what does not hold.
"""
import glob
import os
import re
import sys

FENCE = re.compile(r"^```(.*)$")
CITATION = re.compile(r"([\w./-]+\.(?:hpp|h|cpp|cu)):(\d+)(?::(\d+))?")


def code_lines(lines):
    """(stripped line, is comment) for each non-blank line."""
    out = []
    for line in lines:
        line = line.strip()
        if line:
            out.append((line, line.startswith("//")))
    return out


def excerpt_at(block, programs):
    """(program path, line of the program where the block's code starts) of the program the block
    is an excerpt of, or None; the line is 0 for a block of comments only."""
    mine = code_lines(block)
    code = [line for line, comment in mine if not comment]
    comments = [line for line, comment in mine if comment]
    for path, text in programs.items():
        numbered = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip() and not line.strip().startswith("//")]
        theirs = [line for _, line in numbered]
        if not all(any(c in line for line in text.splitlines()) for c in comments):
            continue
        if not code:
            return path, 0
        for start in range(len(theirs) - len(code) + 1):
            if theirs[start:start + len(code)] == code:
                return path, numbered[start][0]
    return None


def excerpt_of(block, programs):
    """The program (path) that the block is an excerpt of, or None."""
    found = excerpt_at(block, programs)
    return found[0] if found else None


KEYWORDS = {"return", "if", "else", "for", "while", "do", "switch", "case", "static_assert", "throw", "new", "delete",
            "sizeof", "decltype", "typename", "template", "namespace", "goto", "co_return", "using"}
DECLARATION = re.compile(r"^\s*(?:using\s+(\w+)\s*=|(?:struct|class|enum(?:\s+class)?)\s+(\w+)|"
                         r"(?:(?:const|constexpr|static|inline|thread_local)\s+)*([\w:]+(?:<[^;=]*>)?[\s*&]+)(\w+)\s*(?:=|\(|\{|;|\[))")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


BOUND = re.compile(r"(?:catch\s*\([^)]*?|for\s*\([^;:)]*?)\b(\w+)\s*(?:\)|:(?!:))")  # catch (T& e), for (T x : ...); not for (std::size_t ...
FOR_INIT = re.compile(r"\bfor\s*\(\s*(?:const\s+)?[\w:<>]+\s+(\w+)\s*=")  # for (T i = 0; ...)


SIGNATURE = re.compile(r"^\s*[\w:<>,\s*&]+?\s[\w:]+\s*\((.*)\)\s*(?:const\s*)?\{\s*$")  # a function's first line


def parameter_names(code):
    """The parameters a function definition's first line names: the last word of each, split at
    the commas outside <...>."""
    m = SIGNATURE.match(re.sub(r"__launch_bounds__\s*\([^)]*\)", "", code))  # its arguments are not parameters
    if not m:
        return set()
    names, depth, piece = set(), 0, ""
    for ch in m.group(1) + ",":
        depth += (ch == "<") - (ch == ">")
        if ch == "," and depth == 0:
            words = IDENTIFIER.findall(re.sub(r"=.*", "", piece))
            if len(words) >= 2:
                names.add(words[-1])
            piece = ""
        else:
            piece += ch
    return names


def declared_names(body):
    """The names a block declares: aliases, classes, variables (`T name = / ( / { / ;`), a
    function's parameters, and the names a catch or a range-for binds."""
    names = set()
    for line in body:
        code = re.sub(r"//.*", "", re.sub(r'"(?:[^"\\]|\\.)*"', '""', line))
        names.update(BOUND.findall(code))
        names.update(FOR_INIT.findall(code))
        names.update(parameter_names(code))
        m = DECLARATION.match(code)
        if not m:
            continue
        if m.group(1) or m.group(2):
            names.add(m.group(1) or m.group(2))
        elif m.group(3).split()[0].split("<")[0] not in KEYWORDS and m.group(4) not in KEYWORDS:
            names.add(m.group(4))
    return names


def used_names(body):
    return {name for line in body for name in IDENTIFIER.findall(re.sub(r"//.*", "", re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)))}


MEMBER = re.compile(r"(?:\.|->|::)\s*([A-Za-z_]\w*)")


def unqualified_names(body):
    """The names a block uses on their own: not members (`x.name`, `p->name`) nor qualified
    (`ns::name`), which the reader finds where their object or namespace is."""
    names = set()
    for line in body:
        code = re.sub(r"//.*", "", re.sub(r'"(?:[^"\\]|\\.)*"', '""', line))
        qualified = {m.start(1) for m in MEMBER.finditer(code)}
        names.update(m.group(0) for m in IDENTIFIER.finditer(code) if m.start() not in qualified)
    return names


def check_page_order(page, blocks, missing, programs=None):
    """(4) A reader compiles a page's ```cpp blocks in page order with only what came before: no
    block may use a name that only a later block of the page declares. (5) Nor one its program
    declares that no block before it (or itself) shows: `programs` maps each block's first line
    to the text of the program it is an excerpt of."""
    declared_before = set()
    later = [declared_names(body) for _, body in blocks]
    for k, (first, body) in enumerate(blocks):
        mine = declared_names(body)
        for name in sorted(used_names(body) - mine - declared_before):
            where = next((blocks[n][0] for n in range(k + 1, len(blocks)) if name in later[n]), None)
            if where is not None:
                missing.append("%s:%d: this block uses `%s`, which the page declares only further down, at %s:%d: "
                               "a reader compiles the blocks in page order" % (page, first, name, page, where))
        program = (programs or {}).get(first)
        if program is not None:
            hidden = declared_names(program.splitlines()) - {"std"}
            later_declared = set().union(*later[k + 1:]) if k + 1 < len(later) else set()  # (4) names those
            for name in sorted((unqualified_names(body) & hidden) - mine - declared_before - later_declared):
                missing.append("%s:%d: this block uses `%s`, which its example program declares and the page never shows: "
                               "declare it in this block or one before it" % (page, first, name))
        declared_before |= mine


def fenced_blocks(page, text):
    """(first line number of the body, language, body lines) of every fenced block."""
    blocks, lines, number = [], text.splitlines(), 0
    while number < len(lines):
        opening = FENCE.match(lines[number])
        number += 1
        if not opening:
            continue
        first, body = number + 1, []
        while number < len(lines) and not lines[number].startswith("```"):
            body.append(lines[number])
            number += 1
        if number == len(lines):
            raise SystemExit("%s:%d: a fence that is never closed" % (page, first - 1))
        number += 1
        blocks.append((first, opening.group(1).strip(), body))
    return blocks


def check_block(page, first, body, programs, missing):
    if excerpt_of(body, programs) is not None:
        return
    # Say where the block leaves its best match: the first of its lines that no program has, or
    # the first that does not follow in the program holding the longest run of the block's start.
    lines = [(first + n, line.strip()) for n, line in enumerate(body) if line.strip() and not line.strip().startswith("//")]
    best, where = 0, None
    for path, text in programs.items():
        theirs = [line for line, comment in code_lines(text.splitlines()) if not comment]
        for start in range(len(theirs)):
            run = 0
            while run < len(lines) and start + run < len(theirs) and theirs[start + run] == lines[run][1]:
                run += 1
            if run > best:
                best, where = run, path
    if best < len(lines):
        number, line = lines[best]
        after = "does not follow the lines above it in %s" % where if where else "is in none of the programs"
        missing.append("%s:%d: `%s` %s: a ```cpp block is consecutive code of one example program "
                       "(or mark it ```text)" % (page, number, line, after))
    else:
        missing.append("%s:%d: the comments of this ```cpp block are not in the program that has its code" % (page, first))


def check_citations(page, first, body, root, missing):
    """Each `file:LINE` in the block must be followed by the compiler's quote of that line."""
    checked = 0
    for offset, line in enumerate(body):
        for cited in CITATION.finditer(line):
            path, number = cited.group(1), int(cited.group(2))
            where = "%s:%d" % (page, first + offset)
            quote = next((m.group(1) for later in body[offset + 1:]
                          for m in [re.match(r"^\s*%d \| (.*)$" % number, later)] if m), None)
            if quote is None:
                missing.append("%s: cites %s:%d without quoting the line (`%5d | text` below it)" % (where, path, number, number))
                continue
            checked += 1
            if not os.path.isfile(os.path.join(root, path)):
                missing.append("%s: cites %s, which is not a file of the repository" % (where, path))
                continue
            source = open(os.path.join(root, path)).read().splitlines()
            actual = source[number - 1] if number <= len(source) else None
            if actual is not None and actual.rstrip() == quote.rstrip():
                column = cited.group(3)
                if column is not None and not (0 < int(column) <= len(actual) and actual[int(column) - 1] != " "):
                    missing.append("%s: column %s of %s:%d is not in the quoted code" % (where, column, path, number))
                continue
            now = [n for n, text in enumerate(source, 1) if text.rstrip() == quote.rstrip()]
            missing.append("%s: %s:%d is not the quoted line `%s` (%s); update the page" % (
                where, path, number, quote.strip(),
                "it is line %s now" % " and ".join(map(str, now)) if now else "no line of the file is that any more"))
    return checked


mode = sys.argv[1] if len(sys.argv) > 1 else ""
missing, checked = [], 0
if mode == "--pages":
    root, pages = sys.argv[2], sys.argv[3:]
    programs = {path: open(path).read() for pattern in ("*.cpp", "*.cu", "*.hpp")
                for path in glob.glob(os.path.join(root, "examples", "**", pattern), recursive=True)}
    for path in pages:
        page = os.path.relpath(path, root)  # as the messages name it
        # (3) every relative link is to a file of the repository.
        fenced = False
        for number, line in enumerate(open(path).read().splitlines(), 1):
            fenced = fenced != line.startswith("```")
            if fenced or line.startswith("```"):
                continue
            for cited in CITATION.finditer(line):
                missing.append("%s:%d: cites %s outside a code block, where its line cannot be checked: quote "
                               "it as a compiler does, in a ```text block" % (page, number, cited.group(0)))
            for target in re.findall(r"\]\(([^)\s]+)\)", re.sub(r"`[^`]*`", "", line)):
                if re.match(r"^(#|[a-z]+:)", target):
                    continue
                linked = os.path.normpath(os.path.join(os.path.dirname(path), target.split("#")[0]))
                if not os.path.exists(linked) or os.path.relpath(linked, root).startswith(".."):
                    missing.append("%s:%d: the link %s is to no file of the repository" % (page, number, target))
        relative = {os.path.relpath(p, root): t for p, t in programs.items()}
        code_blocks, block_programs = [], {}
        for first, language, body in fenced_blocks(page, open(path).read()):
            if language == "":
                missing.append("%s:%d: a fenced block without a language: ```cpp (an excerpt of an example) "
                               "or ```text (output) or the language it is in" % (page, first - 1))
            elif language in ("cpp", "c++", "cuda"):
                checked += 1
                check_block(page, first, body, relative, missing)
                code_blocks.append((first, body))
                found = excerpt_at(body, relative)
                if found is not None:
                    block_programs[first] = relative[found[0]]
            checked += check_citations(page, first, body, root, missing)
        check_page_order(page, code_blocks, missing, block_programs)
    if missing or checked == 0:
        print("code and citations of %s that do not hold:" % " ".join(os.path.relpath(p, root) for p in pages))
        print("\n".join(missing) if missing else "(no code blocks found)")
        sys.exit(1)
    print("%d code blocks and citations of %s hold" % (checked, " ".join(os.path.relpath(p, root) for p in pages)))
    sys.exit(0)

if mode not in ("--tables", "--blocks") or len(sys.argv) < 4:
    sys.exit("usage: check_doc_examples.py --tables|--blocks PAGE.md PROGRAM.cpp... | --pages ROOT PAGE.md...")
page, programs = sys.argv[2], sys.argv[3:]
sources = {p: open(p).read() for p in programs}
text = open(page).read()
if mode == "--tables":
    source = "".join(sources.values())
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith("| ") or line.startswith("|---") or line.startswith("| name "):
            continue
        cells = [c.strip() for c in line.rstrip().strip("|").split(" | ")]
        for example in re.findall(r"`([^`]+)`", cells[-1]):
            checked += 1
            if example not in source:
                missing.append("%s:%d: `%s`" % (page, number, example))
else:
    for first, language, body in fenced_blocks(page, text):
        if language in ("cpp", "c++"):
            checked += 1
            check_block(page, first, body, sources, missing)
if missing or checked == 0:
    print("examples of %s that %s do not contain:" % (page, " ".join(programs)))
    print("\n".join(missing) if missing else "(no examples found)")
    sys.exit(1)
print("%d examples of %s are code of %s" % (checked, page, " ".join(programs)))
