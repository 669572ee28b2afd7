# SPDX-License-Identifier: BSD-2-Clause
"""headers.py: hold the opening comment of every source file of lib/ and
tools/ to the file it opens, so that a header cannot go stale unseen.

Each file's header is its first comment after the SPDX line.  What it
claims and this script checks:

  - it starts with the file's name and a colon ("pick.c: ..."); a
    tool's main file may start with the tool's name ("bgshow: ...");
  - each file it names (a word ending .c, .h, .sh, .py or .map, with
    or without its folder; not a system header written <name.h>)
    exists in lib/, tools/ or tests/;
  - each manual page it names, name(N), is a page of man/ or a name
    (.Nm) on one of section N;
  - each function it names with parentheses, name(), and each name of
    the library or the plumbing it gives (bg_..., cli_...), is written
    in the rest of the file: a header that says what the file holds or
    calls names nothing the file no longer has;
  - for a header file (.h), each source file its "Included by ..."
    sentence names includes it.

Run by tests/headers.sh (suite lint); a case for each claim kind, each
file a generated check.  Ends "headers: N cases, N generated checks"
and "headers: N passed, N failed".
"""
import glob
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = ("bgmove", "bgcheck", "bgscore", "bgshow", "bgconv", "bggrep",
         "bgdiff", "bganalyse")


def header(text):
    """The first comment after the SPDX line, and the text after it."""
    m = re.search(r"/\*(?!\s*SPDX)(.*?)\*/", text, re.S)
    if not m:
        return None, text
    return m.group(1), text[m.end():]


def manual_names():
    """{section: set of names} of man/: each page and its .Nm lines."""
    names = {}
    for page in glob.glob(os.path.join(TOP, "man", "*.[1-9]")):
        base, sec = os.path.basename(page).rsplit(".", 1)
        s = names.setdefault(sec, set())
        s.add(base)
        with open(page, encoding="utf-8") as f:
            for line in f:
                if line.startswith(".Nm "):
                    s.add(line.split()[1])
    return names


def files_known():
    known = set()
    for d in ("lib", "tools", "tests", "tests/unit", "tests/fuzz",
              "tests/bench", "python/bgkit"):
        for p in glob.glob(os.path.join(TOP, d, "*")):
            known.add(os.path.relpath(p, TOP))
            known.add(os.path.basename(p))
    return known


def code_only(text):
    """text without its comments, so that a name must be in the code."""
    return re.sub(r"/\*.*?\*/", " ", text, flags=re.S)


def claims(path, mans, known, api):
    """The failures of one file's header, by kind."""
    base = os.path.basename(path)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    head, rest = header(text)
    bad = {"name": [], "files": [], "pages": [], "functions": [],
           "includers": []}
    if head is None:
        bad["name"].append("no opening comment")
        return bad
    words = " ".join(line.strip().lstrip("*").strip()
                     for line in head.splitlines())
    first = words.split(":", 1)[0].strip()
    stem = base[:-2] if base.endswith(".c") else None
    if first != base and not (stem in TOOLS and first == stem):
        bad["name"].append("starts %r, not %r" % (first, base))
    # A system header, <ctype.h>, is not the project's.
    for m in re.finditer(r"(?<![\w/.<-])((?:[\w-]+/)*[\w-]+\."
                         r"(?:c|h|sh|py|map))\b", words):
        name = m.group(1)
        if name not in known and os.path.basename(name) not in known:
            bad["files"].append(name)
    for m in re.finditer(r"\b([A-Za-z_][\w.-]*)\(([1-9])\)", words):
        if m.group(1) not in mans.get(m.group(2), ()):
            bad["pages"].append("%s(%s)" % m.groups())
    code = code_only(rest)
    seen = set()
    for m in re.finditer(r"\b([A-Za-z_]\w*)\(\)|"
                         r"\b((?:bg|cli)_\w+)\b(?!\([1-9]\)|\.\w)", words):
        name = m.group(1) or m.group(2)
        if name in seen or name.endswith("_"):
            continue
        seen.add(name)
        if re.search(r"\b%s\b" % re.escape(name), code):
            continue
        # A name of the library or the plumbing given without (): what
        # the file is about may be declared where its callers see it.
        if m.group(2) and re.search(r"\b%s\b" % re.escape(name), api):
            continue
        bad["functions"].append(name + ("()" if m.group(1) else ""))
    m = re.search(r"Included by (.*?)(?:\.\s|;|$)", words)
    if base.endswith(".h") and m:
        for c in re.findall(r"\b[\w-]+\.c\b", m.group(1)):
            src = os.path.join(os.path.dirname(path), c)
            try:
                with open(src, encoding="utf-8") as f:
                    inc = '#include "%s"' % base in f.read()
            except OSError:
                inc = False
            if not inc:
                bad["includers"].append(c)
    return bad


def main():
    os.chdir(TOP)
    mans = manual_names()
    known = files_known()
    paths = sorted(glob.glob("lib/*.[ch]") + glob.glob("tools/*.[ch]"))
    if len(paths) < 50:
        print("FAIL: only %d sources found: the reading broke" % len(paths))
        return 1
    api = ""
    for h in ("lib/bgkit.h", "tools/cli.h"):
        with open(h, encoding="utf-8") as f:
            api += code_only(f.read())
    results = {p: claims(p, mans, known, api) for p in paths}
    npass = nfail = gen = 0
    for kind in ("name", "files", "pages", "functions", "includers"):
        failed = False
        for p in paths:
            for what in results[p][kind]:
                print("FAIL: %s: its header's %s claim: %s" % (p, kind, what))
                failed = True
        gen += len(paths) - 1
        if failed:
            nfail += 1
        else:
            npass += 1
    print("headers: %d cases, %d generated checks" % (npass + nfail, gen))
    print("headers: %d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
