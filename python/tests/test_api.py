# SPDX-License-Identifier: BSD-2-Clause
"""The package against the tools, which their own tests check: the
diagnostics of every mutant of the corpus as bgcheck prints them, the
diagrams and IDs of positions as bgshow prints them, moves as bgmove
writes them; every format the library reads; the reader's life."""
import gc
import glob
import io
import json
import os
import subprocess

import pytest

import bgkit

TOP = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.path.join(TOP, "bin")
DEMO = os.path.join(TOP, "fixtures", "demo", "gnubg-7pt.mat")


def tool(*args, **kw):
    """Run a tool of bin/; its stdout (and stderr with err=True)."""
    r = subprocess.run([os.path.join(BIN, args[0])] + list(args[1:]),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       cwd=TOP, input=kw.get("input"))
    if kw.get("err"):
        return r.stdout.decode(), r.stderr.decode()
    return r.stdout.decode()


def test_check_like_bgcheck(corpus):
    """check() finds what bgcheck -v finds (every warning in its place,
    none folded), in its order and words, in every mutant of the corpus
    and every .mat of fixtures/bgcheck (but the lines where bgcheck
    escapes control characters)."""
    files = sorted(glob.glob(os.path.join(corpus, "gnubg", "mutants",
                                          "*.mat")) +
                   glob.glob(os.path.join(corpus, "gnubg-rules", "*",
                                          "mutants", "*.mat")) +
                   glob.glob(os.path.join(TOP, "fixtures", "bgcheck", "*",
                                          "*.mat")) +
                   glob.glob(os.path.join(TOP, "fixtures", "bgcheck", "*",
                                          "*.xg*")))
    assert len(files) > 300
    nerr = 0
    for f in files:
        _, err = tool("bgcheck", "-v", f, err=True)
        want = err.splitlines()
        got = ["bgcheck: " + str(d) for d in bgkit.check(f)]
        if any("\\x" in w for w in want):
            assert len(got) == len(want), f
            continue
        assert got == want, f
        nerr += len(got)
    assert nerr > 300


def test_diagnostic_fields():
    with open(DEMO) as f:
        text = f.read().replace("32: 13/11 24/21", "32: 9/7 24/21")
    (d,) = bgkit.check(text, name="spoiled.mat")
    assert (d.file, d.line, d.column, d.game, d.move) == \
        ("spoiled.mat", 9, 6, 1, 2)
    assert (d.side, d.player, d.dice) == (0, "Zoe", (3, 2))
    assert (d.code, d.severity) == ("no_checker", "error")
    assert d.message == "no checker to move: point 9; a legal play: " \
        "24/22 24/21"


def _ids(rd, fmt=None):
    with rd:
        out = [[(r.kind, r.side, r.text if r.kind != "move" else
                 r.play and r.play.text(), r.after.xgid)
                for r in g.records]
               for m in rd for g in m.games()]
        if fmt:
            assert rd.format == fmt
        return out


def test_every_format(tmp_path):
    """The demo match read from .mat, SGF and JSON Lines (made by
    bgconv), from a path, a file object and a string, gives the same
    records and positions."""
    want = _ids(bgkit.read(DEMO))
    assert len(want) == 4
    for fmt in ("sgf", "json"):
        out = tool("bgconv", "-T", fmt, DEMO)
        assert out
        p = tmp_path / ("demo." + fmt)
        p.write_text(out)
        assert _ids(bgkit.read(str(p)), fmt) == want, fmt
        assert _ids(bgkit.read_string(out, format=fmt)) == want, fmt
        with open(str(p), "rb") as f:
            assert _ids(bgkit.read(f)) == want, fmt
    assert _ids(bgkit.read(io.BytesIO(open(DEMO, "rb").read()))) == want


@pytest.mark.parametrize("name", ["match.xg", "position.xgp"])
def test_xg(name):
    """eXtreme Gammon's binary files: each game's last position as
    bgshow gives it."""
    path = os.path.join(TOP, "fixtures", "demo", name)
    with bgkit.read(path) as rd:
        games = [g for m in rd for g in m.games()]
        assert rd.format == "xg"
    assert games
    for g in games:
        assert g.positions[-1].xgid == tool(
            "bgshow", "-g", str(g.number), "-T", "xgid", path).rstrip("\n")


def test_reader_life():
    rd = bgkit.read(DEMO)
    fin = rd._finalizer
    assert fin.alive and not rd.closed
    with rd:
        games = [g for m in rd for g in m.games()]
    assert rd.closed and not fin.alive
    rd.close()
    # What it returned stays valid.
    assert games[3].records[-1].after.xgid.startswith("XGID=")
    # A closed reader says so.
    with pytest.raises(bgkit.Error):
        rd.format
    rd = bgkit.read(DEMO)
    rd.close()
    with pytest.raises(bgkit.Error):
        next(iter(rd))
    # A reader dropped unclosed is freed when collected.
    rd = bgkit.read(DEMO)
    fin = rd._finalizer
    next(iter(rd))
    del rd
    gc.collect()
    assert not fin.alive
    # A match's games are read once.
    with bgkit.read(DEMO) as rd:
        m = next(iter(rd))
        list(m.games())
        with pytest.raises(bgkit.Error):
            m.games()
        assert m.result.score == (4, 7)


POSITIONS = [
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
    "XGID=-ba---E-AB--bC-b-b-dbAA-B-:0:0:1:00:1:4:0:7:10",
    "4HPwATDgc/ABMA:cIkFAAAAAAAE",
    "nackgammon",
    "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:0:0:0:0",
]


@pytest.mark.parametrize("text", POSITIONS)
def test_position_like_bgshow(text):
    """IDs, FIBS line, text and SVG diagrams as bgshow prints them."""
    variant = "nackgammon" if text == "nackgammon" else "standard"
    pos = bgkit.Position.parse(text, variant)
    assert pos.xgid == tool("bgshow", "-p", text, "-T", "xgid").rstrip("\n")
    assert pos.gnubg_id == tool("bgshow", "-p", text, "-T",
                                "gnubgid").rstrip("\n")
    assert pos.fibs == tool("bgshow", "-p", text, "-T", "fibs").rstrip("\n")
    assert pos.ogid == tool("bgshow", "-p", text, "-T", "ogid").rstrip("\n")
    assert bgkit.Position.parse(pos.ogid, variant) == \
        bgkit.Position.parse(pos.xgid, variant)
    assert pos.text() == tool("bgshow", "-p", text)
    assert pos.text(bottom=0, clockwise=True) == tool(
        "bgshow", "-p", text, "-b", "0", "--direction", "cw")
    assert pos.svg() == tool("bgshow", "-p", text, "-T", "svg")
    assert bgkit.Position.parse(pos.fibs, variant) == \
        bgkit.Position.parse(pos.xgid, variant)
    assert sum(pos.pips) > 0 and pos.variant == variant


MOVES = ["24/18 18/13", "6/4 6/4 8/6 8/6", "bar/20 6/off", "25/20 6/0",
         "13-7, 13-7", "64: 24/18* 13/9", "Cannot Move", "13/7(2) 8/2*(2)"]


@pytest.mark.parametrize("style", bgkit.STYLES)
def test_moves_like_bgmove(style):
    want = tool("bgmove", "-s", style,
                input="\n".join(MOVES).encode() + b"\n").splitlines()
    assert [bgkit.format_move(m, style) for m in MOVES] == want


def test_errors():
    with pytest.raises(bgkit.NotationError) as e:
        bgkit.parse_move("13/7 8/")
    # bgmove: <args>:1:7: error: '/' needs a point on each side
    assert e.value.column == 7 and e.value.name == "bad_slash"
    with pytest.raises(bgkit.NotationError) as e:
        bgkit.format_move("13/7 8/")
    assert str(e.value) == "column 7: '/' needs a point on each side"
    pos = bgkit.Position.start()
    with pytest.raises(bgkit.IllegalPlayError) as e:
        pos.play("13/10 13/12", (3, 1))
    assert e.value.name == "blocked_point"
    assert e.value.example.text() == "24/23 24/21"
    with pytest.raises(bgkit.RulesError):
        bgkit.read(DEMO, rules="crawford=maybe")
    with pytest.raises(ValueError):
        bgkit.read(DEMO, format="xls")
    with pytest.raises(OSError):
        bgkit.read(os.path.join(TOP, "no such file.mat"))
    with pytest.raises(bgkit.PositionError):
        bgkit.Position.parse("XGID=nonsense")
    assert isinstance(bgkit.IllegalPlayError(2), bgkit.Error)


def test_scores():
    """Each game's result and the match's, as bgscore gives them."""
    want = tool("bgscore", DEMO).splitlines()
    with bgkit.read(DEMO) as rd:
        for m in rd:
            games = list(m.games())
    for g, line in zip(games, want):
        r = g.result
        name = m.players[r.winner]
        assert line.startswith("game %d: %s wins %d point" %
                               (g.number, name, r.points)), line
        assert line.endswith("cube %d; score %d-%d" % ((r.cube,) + r.score))
    assert want[-1] == "match: Zoe 4, Ivan 7 in a 7-point match; Ivan wins"
    assert m.result.score == (4, 7) and m.result.winner == 1


LEAK = r"""
import ctypes, gc, sys
import bgkit


class Mallinfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
        "fsmblks", "uordblks", "fordblks", "keepcost")]


libc = ctypes.CDLL(None)
try:
    libc.mallinfo2.restype = Mallinfo2
except AttributeError:
    print(-1)           # not glibc 2.33 or later
    sys.exit()


def used():
    gc.collect()
    m = libc.mallinfo2()
    return m.uordblks + m.hblkhd


if sys.argv[2] == "leak":
    bgkit._free = lambda *args: None    # the check's own check
data = open(sys.argv[1], "rb").read()
for i in range(120):
    rd = bgkit.read_string(data, "demo.mat")
    for m in rd:
        for g in m.games():
            g.records[-1].after.xgid
    if i % 2:
        rd.close()      # else freed when collected
    del rd, m, g
    if i == 19:
        before = used()
print(used() - before)
"""


def _growth(mode):
    import sys
    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        pytest.skip("AddressSanitizer's allocator: malloc's counts do not "
                    "apply")
    env = dict(os.environ, PYTHONPATH=os.path.join(TOP, "python"))
    r = subprocess.run([sys.executable, "-c", LEAK, DEMO, mode],
                       stdout=subprocess.PIPE, env=env, check=True)
    n = int(r.stdout)
    if n == -1:
        pytest.skip("no mallinfo2 in the C library (glibc 2.33 or later)")
    return n


def test_no_leak():
    """100 readers, half closed and half dropped, leave the C heap as it
    was (less than 64 kB more in use); with the freeing disabled, the
    same loop leaves much more."""
    assert _growth("free") < 65536
    assert _growth("leak") > 1000000


@pytest.mark.parametrize("name", ["play-en.txt", "cube-en.txt",
                                  "several.txt", "ja.txt", "blitz.txt"])
def test_position_export_analysis(name):
    """The analysis and diagram of an XG or BGBlitz position export,
    as bgconv -T json writes them."""
    path = os.path.join(TOP, "fixtures", "bgcheck", "xgtext", name)
    out = tool("bgconv", "-T", "json", path)
    want = {}
    for line in out.splitlines():
        o = json.loads(line)
        if o["type"] == "diagram":
            want.setdefault(o["game"], [None, []])[0] = o["xgid"]
        elif o["type"] == "analysis":
            g = o.pop("game")
            del o["type"]
            want.setdefault(g, [None, []])[1].append(o)
    got = {}
    with bgkit.read(path) as rd:
        n = 0
        for match in rd:
            for game in match.games():
                n += 1
                got[n] = [game.diagram, game.analysis]
    assert got == want
    assert all(a for _, a in got.values())
