# SPDX-License-Identifier: BSD-2-Clause
"""bgkit.decisions() against bggrep --decisions, which its own tests
check: on every .mat of the corpus (GNU Backgammon's matches) and on
fixtures with a money session (dances: no legal play), a match with
cube actions, an eXtreme Gammon file, a play the replay cannot make,
and a record given as text; each row equal to bggrep --decisions -T
json's object and to its CSV row, column by column."""
import csv
import glob
import io
import json
import os
import subprocess

import pytest

import bgkit

TOP = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
BGGREP = os.path.join(TOP, "bin", "bggrep")
FIXTURES = [os.path.join(TOP, "fixtures", *p) for p in (
    ("demo", "gnubg-7pt.mat"), ("demo", "match.xg"),
    ("bgcheck", "valid", "money-session.mat"),
    ("bgcheck", "mutants", "illegal_move.mat"),
    ("bggrep", "analysis", "small.sgf"), ("bggrep", "analysis", "cube.json"))]


def _corpus_mats():
    top = os.environ.get("BGKIT_CORPUS") or os.path.join(TOP, "tests",
                                                         "corpus")
    return sorted(glob.glob(os.path.join(top, "gnubg", "matches", "*.mat")))


def bggrep(*args):
    r = subprocess.run([BGGREP, "--decisions"] + list(args), stdout=subprocess.PIPE,
                       check=True)
    return r.stdout.decode()


def from_json(o):
    """bggrep's JSON object, in the CSV's columns, as decisions() gives
    them."""
    assert o.pop("type") == "decision"
    for k in ("score", "away", "pips"):
        v = o.pop(k)
        o[k + "0"], o[k + "1"] = (None, None) if v is None else v
    if o["dice"] is not None:
        o["dice"] = "%d%d" % tuple(o["dice"])
    o["player"] = o["player"] or None
    return o


def as_csv(v):
    """A value of a row as the CSV field bggrep writes for it."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "1" if v else "0"
    return str(v)


def compare(rows, path, *args):
    """rows equal bggrep --decisions' on path, in JSON and in CSV."""
    want = [from_json(json.loads(line))
            for line in bggrep("-T", "json", *(args + (path,))).splitlines()]
    assert len(rows) == len(want) > 0
    for got, w in zip(rows, want):
        assert got == w
        for k in ("game", "move", "side", "length", "score0", "score1",
                  "cube", "cube_owner", "pips0", "pips1"):
            assert type(got[k]) is int
    table = list(csv.reader(io.StringIO(bggrep(*(args + (path,))))))
    assert tuple(table[0]) == bgkit.DECISION_COLUMNS
    assert len(table) == len(rows) + 1
    for got, line in zip(rows, table[1:]):
        assert list(got) == table[0]
        assert [as_csv(v) for v in got.values()] == line


@pytest.mark.parametrize("path", _corpus_mats(), ids=os.path.basename)
def test_corpus(corpus, path):
    """Every .mat of the corpus: the same rows as bggrep --decisions."""
    compare(bgkit.decisions(path), path)


@pytest.mark.parametrize("path", FIXTURES, ids=os.path.basename)
def test_fixture(path):
    """The fixtures: money (away None, "" for a dance), cubes, XG, a play
    the replay could not make (no row from there on)."""
    rows = bgkit.decisions(path)
    compare(rows, path)
    # And from a file object, named by its name.
    with open(path, "rb") as f:
        assert bgkit.decisions(f) == rows


def test_kinds():
    """The fixtures give each kind of value decisions() documents."""
    rows = [r for p in FIXTURES for r in bgkit.decisions(p)]
    money = [r for r in rows if r["length"] == 0]
    assert money and all(r["away0"] is None and r["away1"] is None
                         for r in money)
    assert any(r["play"] == "" for r in rows)
    cube = [r for r in rows if r["action"] != "move"]
    assert {"double", "take", "drop"} <= {r["action"] for r in cube}
    assert all(r["dice"] is None and r["play"] is None for r in cube)
    assert any(r["crawford"] for r in rows)
    assert any(r["cube_owner"] >= 0 for r in rows)
    # The analysis: a game of six decisions written by hand.
    small = bgkit.decisions(FIXTURES[4])
    assert [r["error"] for r in small] == [0.0, -0.08, -0.2, None, None, 0.0]
    assert small[2]["best"] == "13/6" and small[2]["mark"] == "very_bad"
    assert small[1]["mwc"] == 0.47 and small[2]["luck_mark"] == "lucky"
    cube = bgkit.decisions(FIXTURES[5])
    assert [r["error"] for r in cube][3:5] == [-0.2, -0.15]
    assert cube[3]["best"] == "no double"
    assert all(r[k] is None for r in rows[:4] for k in (
        "error", "best", "mark", "luck", "eval", "mwc"))
    # Yuri's illegal 32 at line 42, game 1's 69th action, ends its rows;
    # the games after it have theirs.
    bad = bgkit.decisions(FIXTURES[3])
    assert [r["move"] for r in bad if r["game"] == 1] == list(range(1, 69))
    assert {r["game"] for r in bad} == {1, 2, 3, 4}
    (d,) = bgkit.check(FIXTURES[3])
    assert (d.game, d.line, d.player) == (1, 42, "Yuri")


def test_positions():
    """Each row's position is the game's position before its action
    (Game.positions[move - 1]), its player that side's name."""
    rows = bgkit.decisions(FIXTURES[0])
    with bgkit.read(FIXTURES[0]) as rd:
        (games,) = [list(m.games()) for m in rd]
    for r in rows:
        game = games[r["game"] - 1]
        pos = game.positions[r["move"] - 1]
        assert (r["pips0"], r["pips1"]) == pos.pips
        assert r["xgid"].split(":")[0] == pos.xgid.split(":")[0]
        assert r["player"] == game.players[r["side"]]
        assert (r["score0"], r["score1"]) == pos.score


def test_text(tmp_path):
    """A record given as text, with name, and read with format and
    rules, as bggrep --decisions reads the file of that name."""
    text = (" 3 point match\n\n Game 1\n"
            " O'Neil, Jr : 0                 \"Bo\" : 0\n"
            "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
            "  2)  Doubles => 2               Takes\n"
            "  3) 65: 24/13                   Doubles => 4\n"
            "  4)  Drops                      Wins 2 points\n")
    path = tmp_path / "names.mat"
    path.write_text(text)
    rows = bgkit.decisions(text, name=str(path))
    assert [r["player"] for r in rows] == [
        "O'Neil, Jr", '"Bo"', "O'Neil, Jr", '"Bo"', "O'Neil, Jr", '"Bo"',
        "O'Neil, Jr"]
    compare(rows, str(path))
    assert bgkit.decisions(text, "mat", "crawford=on",
                           name=str(path)) == rows
    with pytest.raises(bgkit.RulesError):
        bgkit.decisions(text, rules="crawford=maybe", name="x")
    with pytest.raises(ValueError):
        bgkit.decisions(text, format="doc", name="x")
    with pytest.raises(OSError):
        bgkit.decisions(str(tmp_path / "none.mat"))
