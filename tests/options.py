#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""options.py: one meaning per option letter and per long name in the
whole toolkit.  The table is the Options list of man/bgkit.7: a row per
long name, with its letter (or none), its argument and the tools that
take it.  Each tool of the Makefile's TOOLS is run with --help and
every option line of it read ("  -x, --long ARG  text" or
"      --long ARG  text"); then:

  - across the tools' --help alone, a letter that stands for two long
    names, or a long name written with two letters or two arguments, is
    a clash, named with the tools on each side;
  - an option with no long name, or one missing from the table, fails;
    so does a letter or an argument other than the table's, or a tool
    the table does not list for it;
  - a tool the table lists for an option must list it in --help;
  - the table gives no letter and no long name twice;
  - the synopsis of --help names only letters and long names the tool
    has, and every letter it has.

Standard library only; run by tests/options.sh (the install suite of
tests/run.sh).  Ends "options: N passed, N failed"."""
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(TOP, "man", "bgkit.7")
passed = failed = 0


def ok():
    global passed
    passed += 1


def bad(msg):
    global failed
    failed += 1
    print("FAIL: " + msg)


def check(cond, msg):
    if cond:
        ok()
    else:
        bad(msg)


def tools():
    """The Makefile's TOOLS."""
    with open(os.path.join(TOP, "Makefile")) as f:
        for line in f:
            m = re.match(r"TOOLS\s*=\s*(.*)", line)
            if m:
                return m.group(1).split()
    return []


# ".It Fl d Ar dice , Fl \-dice Ns = Ns Ar dice", ".It Fl a , Fl \-all",
# ".It Fl \-split Ns = Ns Ar template", ".It Fl \-help".
ITEM = re.compile(r"\.It (?:Fl (\w)(?: Ar \w+)? , )?Fl \\-([a-z][a-z-]*)"
                  r"(?: Ns = Ns Ar (\w+))?$")


def table():
    """The rows of bgkit(7)'s Options list: {long: (letter, ARG, tools,
    line)}, "every tool" as None; and the problems of the list itself."""
    rows, problems = {}, []
    with open(TABLE) as f:
        lines = f.read().split("\n")
    i = lines.index(".Ss Options")
    while not lines[i].startswith(".Bl "):
        i += 1
    cur = None
    for n in range(i + 1, len(lines)):
        line = lines[n]
        if line == ".El":
            break
        if line.startswith(".It "):
            m = ITEM.match(line)
            if not m:
                problems.append("man/bgkit.7:%d: not an option row: %s"
                                % (n + 1, line))
                cur = None
                continue
            letter, name, arg = m.groups()
            if name in rows:
                problems.append("man/bgkit.7:%d: --%s has a row already "
                                "(line %d)" % (n + 1, name, rows[name][3]))
            cur = [letter, arg.upper() if arg else None, set(), n + 1,
                   False]
            rows[name] = cur
        elif cur is not None:
            if line == "Taken by every tool.":
                cur[2] = None
            elif line == "Taken by":
                cur[4] = True
            elif cur[4]:
                m = re.match(r"\.Xr (bg[a-z]+) 1", line)
                if m:
                    cur[2].add(m.group(1))
    seen = {}
    for name, (letter, arg, who, line, _) in rows.items():
        if who is not None and not who:
            problems.append("man/bgkit.7:%d: --%s names no tool" %
                            (line, name))
        if letter and letter in seen:
            problems.append("man/bgkit.7:%d: -%s is --%s and --%s "
                            "(line %d)" % (line, letter, name,
                                           seen[letter][0], seen[letter][1]))
        elif letter:
            seen[letter] = (name, line)
    return {k: tuple(v[:4]) for k, v in rows.items()}, problems


# "  -d, --dice DICE        the roll..." or "      --winner PATTERN  ...".
OPT = re.compile(r"^  (?:-(\w), |    )--([a-z][a-z-]*)(?: ([A-Z]+))?(?:\s|$)")


def helpopts(tool):
    """(usage lines, [(letter, long, ARG)], problems) of tool --help."""
    r = subprocess.run([os.path.join(TOP, "bin", tool), "--help"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if r.returncode != 0:
        return [], [], ["%s --help: exit %d" % (tool, r.returncode)]
    usage, opts, problems = [], [], []
    lines = r.stdout.split("\n")
    k = 0
    while k < len(lines) and lines[k].strip():
        usage.append(lines[k])
        k += 1
    for line in lines[k:]:
        if line == "      --help, --version":
            opts += [(None, "help", None), (None, "version", None)]
        elif re.match(r"(  | {6})-", line):
            m = OPT.match(line)
            if m:
                opts.append(m.groups())
            else:
                problems.append("%s --help: an option with no long name: %s"
                                % (tool, line.strip()))
    return usage, opts, problems


def where(d):
    """"--x (bgfoo, bgbar)" of {value: [tools]}, for a message."""
    return ", ".join("%s in %s" % (v, " ".join(sorted(t)))
                     for v, t in sorted(d.items(), key=lambda x: str(x)))


def main():
    rows, problems = table()
    for p in problems:
        bad(p)
    check(len(rows) > 0, "man/bgkit.7 has no Options list")
    letters, longs, args = {}, {}, {}
    every = {}
    for tool in tools():
        usage, opts, problems = helpopts(tool)
        for p in problems:
            bad(p)
        every[tool] = opts
        for letter, name, arg in opts:
            spell = "-" + letter if letter else "(no letter)"
            if letter:
                letters.setdefault(letter, {}).setdefault(
                    "--" + name, []).append(tool)
            longs.setdefault(name, {}).setdefault(spell, []).append(tool)
            args.setdefault(name, {}).setdefault(arg or "(none)",
                                                 []).append(tool)
            row = rows.get(name)
            if row is None:
                bad("%s --help: --%s is not in bgkit(7)'s table of "
                    "options" % (tool, name))
                continue
            check(row[0] == letter, "%s --help: --%s is %s, bgkit(7) "
                  "says %s" % (tool, name, spell, "-" + row[0] if row[0]
                               else "no letter"))
            check(row[1] == arg, "%s --help: --%s takes %s, bgkit(7) says "
                  "%s" % (tool, name, arg, row[1]))
            check(row[2] is None or tool in row[2], "%s --help: --%s, "
                  "but bgkit(7) does not list %s for it"
                  % (tool, name, tool))
        # The synopsis: letters in "[-abc]" and "[-x arg]", long names.
        text = " ".join(usage)
        have = {o[0] for o in opts if o[0]}
        said = set()
        for m in re.finditer(r"\[-([A-Za-z]+)\]|(?<![\w-])-([A-Za-z]) ",
                             text):
            said |= set(m.group(1) or m.group(2))
        for c in sorted(said - have):
            bad("%s --help: the synopsis names -%s, which it does not "
                "take" % (tool, c))
        for c in sorted(have - said):
            bad("%s --help: the synopsis lacks -%s" % (tool, c))
        for m in re.finditer(r"--([a-z][a-z-]*)", text):
            check(m.group(1) in {o[1] for o in opts}, "%s --help: the "
                  "synopsis names --%s, which it does not take"
                  % (tool, m.group(1)))
        ok()
    # Two meanings across the tools, whatever the table says.
    for letter, d in sorted(letters.items()):
        check(len(d) == 1, "-%s has %d meanings: %s" % (letter, len(d),
                                                       where(d)))
    for name, d in sorted(longs.items()):
        check(len(d) == 1, "--%s has %d letters: %s" % (name, len(d),
                                                       where(d)))
    for name, d in sorted(args.items()):
        check(len(d) == 1, "--%s has %d arguments: %s" % (name, len(d),
                                                         where(d)))
    # What the table says each tool takes.
    for name, (letter, arg, who, line) in sorted(rows.items()):
        for tool in sorted(every if who is None else who):
            if tool not in every:
                bad("man/bgkit.7:%d: --%s names %s, which is no tool of "
                    "the Makefile" % (line, name, tool))
                continue
            check(any(o[1] == name for o in every[tool]),
                  "man/bgkit.7:%d: %s takes --%s, but its --help does not "
                  "list it" % (line, tool, name))
    print("options: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
