#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""mutate.py: mutation testing of lib/, behind `make mutate`.

A mutant is the library with one small change that a test ought to
notice: a comparison turned (< into <=, == into !=, ...), + and -
swapped, a whole-number constant one more or one less, && and ||
swapped, the condition of an if or a while negated, or a statement
dropped.  The places are every such spot of every lib/*.c, hot code
and cold alike; N of them are drawn at random from SEED.

The script copies the tree's files (as they are in the work tree) to a
scratch folder for each worker, builds the library, the tools and the
test programs there, runs the test suites once unchanged (they must
pass: that run also sets each suite's time limit, three times its time
for each worker plus a minute), and then each worker, one mutant at a
time, changes one line, rebuilds and runs the suites in order,
stopping at the first that fails.  The mutants are the first N of the
seed's order that compile, whichever worker takes each.  Each
mutant ends as one of:

  killed      a suite failed (the report names the first);
  timed out   a suite ran past its limit (counted as caught: a test
              noticed that something was wrong, by waiting);
  survived    every suite passed: a gap in the tests, or an equivalent
              mutant (one no test can tell from the original, such as
              a changed limit that no input reaches); and
  stillborn   the mutant did not compile (another place is drawn
              instead; the count is reported).

An equivalent mutant is reviewed by hand and listed in
tests/mutate/equivalent.txt, one line each: its id, a colon, and why
no test can tell it apart.  A listed survivor is reported apart and
left out of the score; a listed mutant that a test kills is reported
as listed wrongly.  The id is made of the file, the text of the line,
the column and the change, so it stays when lines move.

Each verdict is also written, as it comes, to
tests/mutate/out/verdicts-SEED.txt with a digest of every file of the
tree (but this script and tests/mutate/, which no suite runs, so that
listing an equivalent mutant keeps the verdicts) and of the suites
run; a run of the same files, suites and seed takes the verdicts found
there and judges only the rest, so a long run
stopped halfway goes on where it stopped (--fresh judges every mutant
again).

Usage: python3 tests/mutate.py [-n N] [-s SEED] [-j JOBS] [-w WORKERS]
       [--keep] [--fresh] [--suites LIST] [--ids FILE] [--list | --report]
  -n N        mutants to run (default 20)
  -s SEED     the random seed (default 1)
  -j JOBS     make's jobs, shared by the workers (default 2)
  -w WORKERS  mutants judged side by side, each in its own tree, its
              suites run one task at a time (default 1)
  --fresh     judge again the mutants an earlier run judged
  --ids FILE  the mutants FILE lists by id, one a line, instead of a
              draw (CI's sample: tests/mutate/ci.txt)
  --suites    the suites of tests/run.sh to run, in order, comma
              separated (default: unit,rules,golden,install,
              man-examples,corpus,python,page: the quick ones first)
  --list      print the N mutants drawn (id and diff) and run nothing
  --report    judge nothing: the summary of the verdicts an earlier run
              of the same files, suites and seed wrote (with today's
              equivalent.txt), naming any mutant still without one
  --keep      keep the scratch folders

It ends with the line "mutate: N passed, N failed" (a mutant caught
passes, a survivor not listed as equivalent fails), after the score
and each survivor's diff.  The exit status is 0 when no unlisted
mutant survived, 1 otherwise, 2 when the scratch build or the
unchanged suites fail.
"""

import argparse
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EQUIV = os.path.join("tests", "mutate", "equivalent.txt")
SUITES = "unit,rules,golden,install,man-examples,corpus,python,page"

# The changes, each a pattern on the code of a line (strings, character
# constants and comments blanked) and what its match becomes.
RELATIONAL = {"<": "<=", "<=": "<", ">": ">=", ">=": ">",
              "==": "!=", "!=": "=="}


def blank(line, state):
    """The line with its strings, character constants and comments
    replaced by spaces (so that no change lands in them), and whether
    a block comment is still open at its end."""
    out = []
    i, n = 0, len(line)
    in_comment = state
    while i < n:
        c = line[i]
        if in_comment:
            if line.startswith("*/", i):
                out.append("  ")
                i += 2
                in_comment = False
            else:
                out.append(" ")
                i += 1
        elif line.startswith("/*", i):
            out.append("  ")
            i += 2
            in_comment = True
        elif line.startswith("//", i):
            out.append(" " * (n - i))
            break
        elif c in "\"'":
            j = i + 1
            while j < n and line[j] != c:
                j += 2 if line[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)[:n], in_comment


def matching_paren(code, start):
    """The index of the ')' closing the '(' at start, or -1."""
    depth = 0
    for i in range(start, len(code)):
        if code[i] == "(":
            depth += 1
        elif code[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


DECL = re.compile(r"^\s*(static\s+|const\s+|unsigned\s+|signed\s+|struct\s+"
                  r"|enum\s+|union\s+)*(int|char|long|short|size_t|double|"
                  r"unsigned|uint\w*|int\w*_t|bg_\w+|struct\s+\w+)\b[\s*]")


def sites_of_line(code, raw):
    """The mutations of one line: (column, length, replacement, kind)."""
    out = []
    for m in re.finditer(r"(?<![<>=!&|+\-*/%^-])(<=|>=|==|!=|<|>)(?![<>=])",
                         code):
        op = m.group(1)
        # '->' and '<<', '>>' are not comparisons; '#include <x.h>' is
        # skipped with the preprocessor lines.
        if op == ">" and m.start() > 0 and code[m.start() - 1] == "-":
            continue
        out.append((m.start(), len(op), RELATIONAL[op], "relational"))
    for m in re.finditer(r" (\+|-) ", code):
        out.append((m.start(1), 1, "-" if m.group(1) == "+" else "+",
                    "arithmetic"))
    for m in re.finditer(r" (&&|\|\|) ", code):
        out.append((m.start(1), 2, "||" if m.group(1) == "&&" else "&&",
                    "logical"))
    for m in re.finditer(r"(?<![\w.])(\d+)(?![\w.])", code):
        v = int(m.group(1))
        out.append((m.start(), len(m.group(1)), str(v + 1), "constant"))
        if v > 0:
            out.append((m.start(), len(m.group(1)), str(v - 1), "constant"))
    m = re.match(r"^\s*(?:\} else )?(if|while) \(", code)
    if m:
        open_at = code.index("(", m.start(1))
        close = matching_paren(code, open_at)
        if close > 0:
            inner = raw[open_at + 1:close]
            out.append((open_at, close - open_at + 1, "(!(%s))" % inner,
                        "negated"))
    stripped = code.strip()
    if (stripped.endswith(";") and raw.startswith("\t") and
            not DECL.match(code) and
            not re.match(r"^\s*(return|break|continue|goto|case|default)\b",
                         code) and
            "(" in stripped and not stripped.startswith("}") and
            code.count("(") == code.count(")")):
        lead = len(raw) - len(raw.lstrip())
        out.append((lead, len(raw.rstrip()) - lead, ";", "dropped"))
    return out


def all_sites(files):
    """Every mutation of every file, in a fixed order."""
    sites = []
    for path in files:
        with open(os.path.join(TOP, path), encoding="utf-8") as f:
            lines = f.read().split("\n")
        state = False
        seen = {}
        for no, raw in enumerate(lines, 1):
            code, state_after = blank(raw, state)
            skip = state or raw.lstrip().startswith("#") or \
                not raw.startswith("\t")
            state = state_after
            if skip:
                continue
            # The same text on an earlier line of the file: the id tells
            # the two apart.
            nth = seen.get(raw.strip(), 0)
            seen[raw.strip()] = nth + 1
            for col, length, repl, kind in sites_of_line(code, raw):
                sites.append((path, no, col, length, repl, kind, nth))
    return sites


def mutant_id(site, raw):
    """The mutant's name: its kind and a hash of its file, its line's
    text, the change, and which of the lines with that text it is (left
    out for the first, so an id lasts while the line's text does)."""
    path, _, col, length, repl, kind, nth = site
    key = "%s|%s|%d|%s>%s" % (path, raw.strip(), col - (len(raw) -
                              len(raw.lstrip())), raw[col:col + length],
                              repl)
    if nth > 0:
        key += "|%d" % nth
    return "%s-%s" % (kind, hashlib.sha256(key.encode()).hexdigest()[:10])


def apply(site, text):
    """The file's text with the mutation made, and the diff lines."""
    path, no, col, length, repl = site[:5]
    lines = text.split("\n")
    raw = lines[no - 1]
    new = raw[:col] + repl + raw[col + length:]
    lines[no - 1] = new
    diff = "%s:%d:\n-%s\n+%s" % (path, no, raw, new)
    return "\n".join(lines), raw, diff


def load_equivalent():
    out = {}
    try:
        with open(os.path.join(TOP, EQUIV), encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                mid, _, why = line.partition(":")
                out[mid.strip()] = why.strip()
    except FileNotFoundError:
        pass
    return out


def tree_names():
    """The files git knows of (tracked, and untracked but not ignored)."""
    names = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others",
         "--exclude-standard"], cwd=TOP, check=True,
        stdout=subprocess.PIPE).stdout.decode().split("\0")
    return sorted(n for n in names
                  if n and os.path.isfile(os.path.join(TOP, n)))


def tree_digest(names):
    """What the verdicts hold for: every file's name and bytes, but this
    script's and tests/mutate/'s (the list of equivalent mutants and CI's
    sample), which no suite runs: a mutant found equivalent and listed
    keeps the verdicts of the run that found it."""
    h = hashlib.sha256()
    for name in names:
        if name == "tests/mutate.py" or name.startswith("tests/mutate/"):
            continue
        with open(os.path.join(TOP, name), "rb") as f:
            data = f.read()
        h.update(b"%s\0%d\0" % (name.encode(), len(data)))
        h.update(data)
    return h.hexdigest()[:16]


def copy_tree(dest, names):
    """The files, as they are in the work tree."""
    for name in names:
        os.makedirs(os.path.join(dest, os.path.dirname(name)), exist_ok=True)
        shutil.copy2(os.path.join(TOP, name), os.path.join(dest, name))


def build(tree, jobs):
    r = subprocess.run(["make", "-s", "-j%d" % jobs, "check-build"],
                       cwd=tree, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    return r.returncode == 0, r.stdout.decode(errors="replace")


def run_suite(tree, suite, limit, jobs):
    """'pass', 'fail' or 'timeout', and the seconds taken."""
    t0 = time.monotonic()
    env = dict(os.environ, BGKIT_PUBLIC=os.path.join(tree, "no-such-dir"))
    if jobs:
        env["BGKIT_JOBS"] = str(jobs)
    try:
        p = subprocess.Popen(["sh", "tests/run.sh", suite], cwd=tree,
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=env,
                             start_new_session=True)
        rc = p.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, 9)
        p.wait()
        return "timeout", time.monotonic() - t0
    return ("pass" if rc == 0 else "fail"), time.monotonic() - t0


def main():
    ap = argparse.ArgumentParser(prog="mutate.py")
    ap.add_argument("-n", type=int, default=20)
    ap.add_argument("-s", "--seed", default="1")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("-w", "--workers", type=int, default=1)
    ap.add_argument("--suites", default=SUITES)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument("--ids")
    a = ap.parse_args()
    files = sorted("lib/" + f for f in os.listdir(os.path.join(TOP, "lib"))
                   if f.endswith(".c"))
    sites = all_sites(files)
    order = list(range(len(sites)))
    random.Random(a.seed).shuffle(order)
    texts = {}
    for f in files:
        with open(os.path.join(TOP, f), encoding="utf-8") as fh:
            texts[f] = fh.read()
    equivalent = load_equivalent()
    if a.ids:
        order = chosen(a.ids, sites, texts)
        if order is None:
            print("mutate: 0 passed, 1 failed")
            return 2
        a.n = len(order)
        print("mutate: %d places in %d files, the %d mutants of %s" %
              (len(sites), len(files), a.n, a.ids), flush=True)
    else:
        print("mutate: %d places in %d files, seed %s, %d mutants" %
              (len(sites), len(files), a.seed, a.n), flush=True)
    if a.list:
        for i in order[:a.n]:
            _, raw, diff = apply(sites[i], texts[sites[i][0]])
            print("%s\n%s" % (mutant_id(sites[i], raw), diff))
        return 0
    if a.report:
        return report_only(a, a.suites.split(","), sites, order, texts,
                           equivalent)
    a.workers = max(1, a.workers)
    trees = [tempfile.mkdtemp(prefix="bgkit-mutate.")
             for _ in range(a.workers)]
    try:
        return run_all(a, trees, a.suites.split(","), sites, order, texts,
                       equivalent)
    finally:
        for tree in trees:
            if a.keep:
                print("mutate: a scratch tree is %s" % tree)
            else:
                shutil.rmtree(tree, ignore_errors=True)


def chosen(path, sites, texts):
    """The places of the mutants whose ids file path lists (one a line,
    '#' lines aside), in its order; None, after saying which, when an id
    names no mutant of the tree (its line changed: pick another)."""
    lines = {f: t.split("\n") for f, t in texts.items()}
    where = {}
    for k, site in enumerate(sites):
        where[mutant_id(site, lines[site[0]][site[1] - 1])] = k
    order = []
    with open(os.path.join(TOP, path), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            mid = line.split()[0]
            if mid not in where:
                print("mutate: %s: %s is no mutant of this tree (its line "
                      "changed); pick another with --list" % (path, mid))
                return None
            order.append(where[mid])
    return order


def load_verdicts(path, digest):
    """The verdicts an earlier run of the same files wrote: {id: verdict}."""
    got = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.rstrip("\n").split(" ", 2)
                if len(parts) == 3 and parts[0] == digest:
                    got[parts[1]] = parts[2]
    return got


class Run:
    """The mutants drawn so far, shared by the workers: the first N that
    compile, in the seed's order, whichever worker tries each."""

    def __init__(self, a, sites, order, texts, limits, saved, out):
        self.a, self.sites, self.order, self.texts = a, sites, order, texts
        self.limits, self.saved, self.out = limits, saved, out
        self.lock = threading.Lock()
        self.next = 0           # the next place of order to try
        self.busy = 0           # mutants being tried now
        self.results = {}       # position in order: (id, diff, verdict)

    def take(self):
        """The next place to try, or None when N are done or under way."""
        with self.lock:
            done = sum(1 for r in self.results.values()
                       if r[2] != "stillborn")
            if done + self.busy >= self.a.n or self.next >= len(self.order):
                return None
            k = self.next
            self.next += 1
            self.busy += 1
            return k

    def give(self, k, mid, diff, verdict, old):
        with self.lock:
            self.busy -= 1
            self.results[k] = (mid, diff, verdict)
            if not old:
                self.out.write("%s %s %s\n" % (self.digest, mid, verdict))
                self.out.flush()
            if verdict != "stillborn":
                n = sum(1 for r in self.results.values()
                        if r[2] != "stillborn")
                site = self.sites[self.order[k]]
                print("mutant %d/%d %s %s:%d: %s%s" % (
                    n, self.a.n, mid, site[0], site[1], verdict,
                    " (an earlier run's)" if old else ""), flush=True)

    def work(self, tree, jobs):
        while True:
            k = self.take()
            if k is None:
                return
            site = self.sites[self.order[k]]
            path = site[0]
            text, raw, diff = apply(site, self.texts[path])
            mid = mutant_id(site, raw)
            if mid in self.saved:
                self.give(k, mid, diff, self.saved[mid], True)
                continue
            self.give(k, mid, diff, self.judge(tree, path, text, jobs),
                      False)

    def judge(self, tree, path, text, jobs):
        target = os.path.join(tree, path)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            ok, _ = build(tree, jobs)
            if not ok:
                return "stillborn"
            for s in self.limits:
                res, _ = run_suite(tree, s, self.limits[s],
                                   1 if self.a.workers > 1 else 0)
                if res == "fail":
                    return "killed by " + s
                if res == "timeout":
                    return "timed out in " + s
            return "survived"
        finally:
            with open(target, "w", encoding="utf-8") as f:
                f.write(self.texts[path])
            now = time.time()
            os.utime(target, (now + 1, now + 1))


def verdicts_path(a):
    return os.path.join(TOP, "tests", "mutate", "out", "verdicts-%s.txt" % (
        os.path.basename(a.ids).split(".")[0] if a.ids else a.seed))


def run_digest(names, suites):
    """What the verdicts hold for: these files and these suites."""
    return hashlib.sha256(("%s %s" % (tree_digest(names), ",".join(
        suites))).encode()).hexdigest()[:16]


class Saved:
    """The results an earlier run left, as report() takes them."""

    def __init__(self):
        self.results = {}


def report_only(a, suites, sites, order, texts, equivalent):
    saved = load_verdicts(verdicts_path(a), run_digest(tree_names(), suites))
    run, n, missing = Saved(), 0, 0
    for k, i in enumerate(order):
        if n >= a.n:
            break
        _, raw, diff = apply(sites[i], texts[sites[i][0]])
        mid = mutant_id(sites[i], raw)
        if mid not in saved:
            print("NO VERDICT: %s\n%s" % (mid, diff))
            missing += 1
            n += 1
            continue
        run.results[k] = (mid, diff, saved[mid])
        n += saved[mid] != "stillborn"
    rc = report(run, equivalent)
    if missing:
        print("mutate: %d of the %d mutants have no verdict of a run of "
              "these files" % (missing, a.n))
        return 1
    return rc


def run_all(a, trees, suites, sites, order, texts, equivalent):
    names = tree_names()
    digest = run_digest(names, suites)
    for tree in trees:
        copy_tree(tree, names)
        ok, log = build(tree, a.j)
        if not ok:
            print(log[-3000:])
            print("mutate: the unchanged tree does not build")
            print("mutate: 0 passed, 1 failed")
            return 2
    limits = {}
    for s in suites:
        res, secs = run_suite(trees[0], s, 3600, 0)
        if res != "pass":
            print("mutate: suite %s fails on the unchanged tree" % s)
            print("mutate: 0 passed, 1 failed")
            return 2
        # Workers side by side each take longer than the run alone.
        limits[s] = 3 * a.workers * secs + 60
        print("mutate: baseline %s %.0f s" % (s, secs), flush=True)
    path = verdicts_path(a)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    saved = {} if a.fresh else load_verdicts(path, digest)
    if saved:
        print("mutate: %d verdicts of an earlier run of the same files "
              "(%s) kept; --fresh to judge them again" %
              (len(saved), os.path.relpath(path, TOP)), flush=True)
    with open(path, "a", encoding="utf-8") as out:
        run = Run(a, sites, order, texts, limits, saved, out)
        run.digest = digest
        jobs = max(1, a.j // a.workers)
        threads = [threading.Thread(target=run.work, args=(t, jobs))
                   for t in trees]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    return report(run, equivalent)


def report(run, equivalent):
    counts = {"killed": 0, "timed out": 0, "survived": 0, "equivalent": 0,
              "stillborn": 0}
    survivors, wrongly_listed = [], []
    for k in sorted(run.results):
        mid, diff, verdict = run.results[k]
        if verdict == "stillborn":
            counts["stillborn"] += 1
        elif verdict.startswith("killed"):
            counts["killed"] += 1
            if mid in equivalent:
                wrongly_listed.append((mid, diff))
        elif verdict.startswith("timed out"):
            counts["timed out"] += 1
        elif mid in equivalent:
            counts["equivalent"] += 1
        else:
            counts["survived"] += 1
            survivors.append((mid, diff))
    caught = counts["killed"] + counts["timed out"]
    scored = caught + counts["survived"]
    print("mutate: %d killed, %d timed out, %d survived, %d equivalent "
          "(listed), %d stillborn (did not compile, drawn again)" %
          (counts["killed"], counts["timed out"], counts["survived"],
           counts["equivalent"], counts["stillborn"]))
    if scored:
        print("mutate: score %.1f%% of the mutants not listed as "
              "equivalent caught" % (100.0 * caught / scored))
    for mid, diff in survivors:
        print("SURVIVED: %s\n%s" % (mid, diff))
    for mid, diff in wrongly_listed:
        print("LISTED AS EQUIVALENT BUT KILLED: %s\n%s" % (mid, diff))
    print("mutate: %d passed, %d failed" % (caught, len(survivors)))
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
