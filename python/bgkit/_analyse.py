# SPDX-License-Identifier: BSD-2-Clause
"""bgkit.analyse(): records analysed by GNU Backgammon, through the
library's bg_analyse_new(3), as the tool bganalyse(1) does: each game
written as a one-game SGF, gnubg run on it as a child process, its saved
SGF read back.  Private: bgkit/__init__.py exports analyse and Analysed.
"""
import ctypes
import os
import shutil
from ctypes import (POINTER, Structure, byref, c_char_p, c_int, c_long,
                    c_size_t, c_void_p)

from . import _lib
from ._lib import lib

STATUSES = ("pending", "done", "cached", "refused", "timeout", "failed")


class _Opts(Structure):
    """bg_analyse_opts."""
    _fields_ = [("gnubg", c_char_p), ("tmpdir", c_char_p),
                ("cache", c_char_p), ("plies", c_int), ("cube_plies", c_int),
                ("jobs", c_int), ("timeout", c_int), ("players", c_int),
                ("level", c_int), ("rollout", c_int),
                ("rollout_what", c_int), ("rollout_moves", c_int),
                ("truncation", c_int), ("seed", c_long)]

# rollout_of= as bg_analyse_opts's rollout_what (BG_ROLLOUT_PLAYS 1,
# BG_ROLLOUT_CUBES 2).
ROLLOUT_OF = {"plays": 1, "cubes": 2, "both": 3}


class _Analysed(Structure):
    """bg_analysed."""
    _fields_ = [("file", c_char_p), ("input", c_int), ("game", c_int),
                ("line", c_int), ("status", c_int), ("why", c_char_p)]


class _Count(Structure):
    """bg_pipe_count."""
    _fields_ = [("matches", c_int), ("games", c_int), ("records", c_int),
                ("errors", c_int), ("warnings", c_int)]


for _name, _res, _args in [
    ("bg_analyse_opts_init", None, [POINTER(_Opts)]),
    ("bg_analyse_level", c_int, [c_char_p]),
    ("bg_analyse_check", c_int, [POINTER(_Opts), c_char_p, c_size_t]),
    ("bg_analyse_new", c_void_p, [POINTER(_Opts)]),
    ("bg_analyse_free", None, [c_void_p]),
    ("bg_analyse_attach", c_int, [c_void_p, c_void_p, c_void_p]),
    ("bg_analyse_event", c_int, [c_void_p, c_void_p, c_int]),
    ("bg_analyse_input", c_int, [c_void_p, c_char_p, c_int]),
    ("bg_analyse_run", c_int, [c_void_p, c_void_p, c_void_p]),
    ("bg_analyse_count", c_size_t, [c_void_p]),
    ("bg_analyse_get", POINTER(_Analysed), [c_void_p, c_size_t]),
    ("bg_analyse_result", c_void_p, [c_void_p, c_size_t, POINTER(c_size_t)]),
    ("bg_pipeline_count", POINTER(_Count), [c_void_p]),
]:
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args


def find_gnubg():
    """The gnubg program bganalyse runs: $BGKIT_GNUBG, else gnubg on
    PATH, else /usr/games/gnubg (where Debian's package puts it)."""
    return (os.environ.get("BGKIT_GNUBG") or shutil.which("gnubg")
            or "/usr/games/gnubg")


class Analysed:
    """One input after analyse(): name (the path as given), sgf (its
    record with gnubg's analysis, SGF text; None when the record has
    errors and was not analysed), diagnostics (bgkit.check()'s of the
    input) and games, one dict a game: "game" (1-based), "line" (where
    it is written), "status" ("done", "cached", "refused", "timeout",
    "failed") and "why" (gnubg's last line or the reason, else "")."""

    def __init__(self, name, sgf, diagnostics, games):
        self.name = name
        self.sgf = sgf
        self.diagnostics = diagnostics
        self.games = games

    @property
    def ok(self):
        """Whether every game was analysed (or taken from the cache)."""
        return self.sgf is not None and all(
            g["status"] in ("done", "cached") for g in self.games)

    def read(self):
        """A Reader over the record with its analysis (bgkit.read())."""
        from . import read_string
        return read_string(self.sgf, self.name, "sgf")

    def decisions(self):
        """Its decisions, as bgkit.decisions() gives them."""
        from . import decisions
        return decisions(self.sgf, "sgf", name=self.name)

    def __repr__(self):
        return "<Analysed %s: %d games%s>" % (
            self.name, len(self.games), "" if self.ok else ", not all")


def _read_input(a, data, name, fmt, rs):
    """Read one input into a: its diagnostics and whether it is kept."""
    from . import Diagnostic, _check, _enc
    p = lib.bg_pipeline_new_mem(data, len(data), _enc(name))
    if not p:
        raise MemoryError("out of memory")
    said = []
    try:
        if fmt:
            _check(lib.bg_pipeline_set_format(p, fmt))
        if rs is not None:
            lib.bg_pipeline_set_rules(p, byref(rs))
        _check(lib.bg_analyse_attach(a, p, byref(rs) if rs else None))
        while True:
            ev = lib.bg_pipeline_next(p)
            said += [Diagnostic(name, lib.bg_pipeline_diag(p, i).contents)
                     for i in range(lib.bg_pipeline_diag_count(p))]
            if ev <= 0:
                break
            _check(lib.bg_analyse_event(a, p, ev))
        keep = ev == 0 and lib.bg_pipeline_count(p).contents.errors == 0
        _check(lib.bg_analyse_input(a, _enc(name), int(keep)))
    finally:
        lib.bg_pipeline_free(p)
    return said, keep


def analyse(sources, plies=0, cube_plies=None, jobs=1, timeout=300,
            cache=None, gnubg=None, format="auto", rules=None,
            tmpdir=None, players="both", level=None, rollout=0,
            rollout_of="both", rollout_moves=3, truncation=0, seed=0):
    """Have GNU Backgammon analyse the records of sources (a path, or a
    list of paths, in any format bgkit reads) and return a list of
    Analysed, one an input, in order.  plies and cube_plies (default:
    plies) are the strength of checker play and cube analysis (0 to 7),
    without noise; jobs gnubg processes run at once; a game not analysed
    in timeout seconds (0: no limit) is stopped and reported in the
    Analysed's games; cache a directory that keeps each game's analysis
    (bganalyse(1) --cache); players 0, 1 or "both": whose decisions
    are analysed; level one of gnubg's named levels ("beginner",
    "casual", "intermediate", "advanced", "expert", "worldclass",
    "supremo", "grandmaster": bganalyse(1) --level) instead of plies
    and cube_plies.  gnubg is the program (default find_gnubg()).
    rollout, when not 0, has the decisions rolled out after the
    analysis, rollout trials each (bganalyse(1) --rollout): rollout_of
    "plays", "cubes" or "both", the rollout_moves best candidates of
    each play, each game of a rollout stopped after truncation plies (0:
    played to its end), its dice from seed.

    Raises FileNotFoundError when gnubg cannot be run, RuntimeError when
    it is not GNU Backgammon 1.07 or later (the Debian package gnubg),
    ValueError for an option out of its range, OSError for an input
    that cannot be read, RulesError for bad rules."""
    from . import _enc, _rules
    if isinstance(sources, (str, bytes, os.PathLike)):
        sources = [sources]
    if cube_plies is None:
        cube_plies = plies
    o = _Opts()
    lib.bg_analyse_opts_init(byref(o))
    prog = gnubg or find_gnubg()
    o.gnubg = _enc(prog)
    o.tmpdir = _enc(tmpdir or os.environ.get("TMPDIR") or "/tmp")
    o.cache = _enc(os.fspath(cache)) if cache is not None else None
    o.plies, o.cube_plies, o.jobs, o.timeout = plies, cube_plies, jobs, \
        timeout
    o.players = {0: 1, 1: 2, "both": 3}.get(players, 0)
    o.rollout, o.rollout_moves, o.truncation, o.seed = rollout, \
        rollout_moves, truncation, seed
    o.rollout_what = ROLLOUT_OF.get(rollout_of, 0)
    if level is not None:
        o.level = lib.bg_analyse_level(_enc(level))
        if o.level < 0:
            raise ValueError("unknown level: %r" % (level,))
    rs = _rules(rules)
    fmt = c_int()
    if lib.bg_format_parse(byref(fmt), _enc(format)) < 0:
        raise ValueError("unknown format: %r" % (format,))
    a = lib.bg_analyse_new(byref(o))
    if not a:
        raise ValueError("plies, cube_plies 0 to 7; jobs 1 up; timeout "
                         "0 up; players 0, 1 or \"both\"; rollout, "
                         "rollout_moves 1 up, rollout_of \"plays\", "
                         "\"cubes\" or \"both\", truncation 0 up, seed "
                         "0 to 2147483647")
    try:
        ver = ctypes.create_string_buffer(128)
        rc = lib.bg_analyse_check(byref(o), ver, len(ver))
        if rc == -_bg_eio():
            raise FileNotFoundError(
                "GNU Backgammon not found: %s: install the Debian package "
                "gnubg (or name the program in BGKIT_GNUBG)" % prog)
        if rc < 0:
            raise RuntimeError(
                "%s is not GNU Backgammon 1.07 or later (it says \"%s\"): "
                "install the Debian package gnubg"
                % (prog, ver.value.decode("utf-8", "replace")))
        return _run(a, sources, fmt.value, rs)
    finally:
        lib.bg_analyse_free(a)


def _bg_eio():
    """The value of BG_EIO, found by its name in the library's
    catalogue (bg_code_name)."""
    return next(c for c in range(1, 256)
                if lib.bg_code_name(c) == b"read_error")


def _run(a, sources, fmt, rs):
    from . import _source
    inputs = []
    for src in sources:
        data, name = _source(src)
        said, keep = _read_input(a, data, name, fmt, rs)
        inputs.append((name, said, keep))
    rc = lib.bg_analyse_run(a, None, None)
    if rc < 0:
        raise OSError("the scratch directory could not be made")
    games = {}
    for i in range(lib.bg_analyse_count(a)):
        g = lib.bg_analyse_get(a, i).contents
        games.setdefault(g.input, []).append({
            "game": g.game, "line": g.line, "status": STATUSES[g.status],
            "why": (g.why or b"").decode("utf-8", "replace")})
    out, k = [], 0
    for name, said, keep in inputs:
        sgf = None
        if keep:
            n = c_size_t()
            p = lib.bg_analyse_result(a, k, byref(n))
            sgf = ctypes.string_at(p, n.value).decode("utf-8", "replace")
            out.append(Analysed(name, sgf, said, games.get(k, [])))
            k += 1
        else:
            out.append(Analysed(name, None, said, []))
    return out
