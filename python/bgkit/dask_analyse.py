# SPDX-License-Identifier: BSD-2-Clause
"""bgkit.dask_analyse: bganalyse(1) on many machines, through the
distributed scheduler of Dask (Debian's python3-distributed).

Each input file is one task.  The client reads the file and sends its
bytes to a worker; the worker writes them, under the name they were
given, in a scratch directory of its own, runs

    bganalyse OPTIONS -o OUT NAME

there (bganalyse and gnubg installed on every worker; BGKIT_BGANALYSE
names the program, else bganalyse on PATH), and sends back the output's
bytes, bganalyse's messages and its exit status.  The client writes each
output as it comes to DIR/BASE.EXT, as bganalyse --directory does (a
temporary file renamed into place), prints the messages and exits with
the worst status.  So the files are those one `bganalyse --directory
DIR` writes on one machine, byte for byte (tests/corpus_dask.sh).  A
file is the unit rather than a game: an archive of tens of thousands of
matches makes as many tasks, and a match's games run -j at a time on
its worker with --jobs.

Run a scheduler and workers (dask-scheduler, dask-worker HOST:8786 on
each machine), then:

    python3 -m bgkit.dask_analyse --scheduler HOST:8786 --directory DIR \\
        [--plies N | --level NAME] [--rollout TRIALS [--truncation N]
        [--seed N]] [-T sgf|json] [-j N] FILE...

Only the standard library and dask.distributed are used.
"""
import argparse
import os
import subprocess
import sys
import tempfile

# bganalyse's options passed on as they are: (long name, takes a value).
PASSED = [("--format", True), ("--from", True), ("--rules", True),
          ("--plies", True), ("--cube-plies", True), ("--level", True),
          ("--players", True), ("--timeout", True), ("--jobs", True),
          ("--rollout", True), ("--rollout-of", True),
          ("--rollout-moves", True), ("--truncation", True),
          ("--seed", True), ("--errors-only", False)]


def analyse_file(name, data, options):
    """On a worker: bganalyse OPTIONS on the bytes data named name.
    Returns (status, output bytes or None, messages)."""
    prog = os.environ.get("BGKIT_BGANALYSE") or "bganalyse"
    with tempfile.TemporaryDirectory(prefix="bgkit-dask.") as d:
        # The name as given when it stays inside d, so that the messages
        # and JSON's "source" say what one machine would say.
        rel = name if not os.path.isabs(name) and ".." not in \
            name.split("/") else os.path.basename(name)
        path = os.path.join(d, "in", rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        out = os.path.join(d, "out")
        env = dict(os.environ, TMPDIR=d)
        p = subprocess.run([prog] + options + ["-o", out, rel],
                           cwd=os.path.join(d, "in"), env=env,
                           stdin=subprocess.DEVNULL, capture_output=True)
        text = None
        if os.path.exists(out):
            with open(out, "rb") as f:
                text = f.read()
        return p.returncode, text, p.stderr.decode("utf-8", "replace")


def output_name(directory, name, ext):
    """DIR/BASE.EXT as bganalyse --directory names the output of name."""
    base = os.path.basename(name)
    stem, dot, _ = base.rpartition(".")
    return os.path.join(directory, stem if dot and stem else base) + "." + ext


def put(path, data):
    """Write data to path through a temporary file renamed into place."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path) or ".",
                               prefix=".bgkit-dask.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def analyse_many(client, paths, directory, options=(), ext="sgf",
                 err=sys.stderr):
    """Each of paths analysed on client's workers, its output written to
    directory; the worst exit status.  Two inputs of one output name are
    refused (status 2) before anything runs, as bganalyse refuses them."""
    from distributed import as_completed
    names = {}
    for p in paths:
        dst = output_name(directory, p, ext)
        if dst in names:
            print("bganalyse: %s: both %s and %s would be written there"
                  % (dst, names[dst], p), file=err)
            return 2
        names[dst] = p
    futures = {}
    for dst, p in names.items():
        with open(p, "rb") as f:
            data = f.read()
        futures[client.submit(analyse_file, p, data, list(options),
                              pure=False)] = dst
    worst = 0
    for fut in as_completed(futures):
        rc, text, said = fut.result()
        err.write(said)
        if text is not None:
            put(futures[fut], text)
        worst = max(worst, rc if rc >= 0 else 2)
    return worst


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m bgkit.dask_analyse",
        description="bganalyse(1) on the workers of a Dask scheduler, "
        "a task an input file")
    ap.add_argument("--scheduler", required=True,
                    help="the scheduler's address, HOST:PORT")
    ap.add_argument("--directory", required=True,
                    help="write each input to DIR/NAME.FORMAT")
    for opt, value in PASSED:
        ap.add_argument(opt, action=None if value else "store_true",
                        help="as bganalyse %s" % opt)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args(argv)
    options = []
    for opt, value in PASSED:
        v = getattr(a, opt[2:].replace("-", "_"))
        if value and v is not None:
            options += [opt, v]
        elif not value and v:
            options.append(opt)
    from distributed import Client
    with Client(a.scheduler) as client:
        return analyse_many(client, a.files, a.directory, options,
                            "json" if a.format == "json" else "sgf")


if __name__ == "__main__":
    sys.exit(main())
