# SPDX-License-Identifier: BSD-2-Clause
"""bgkit.analyse(): GNU Backgammon's analysis of a record, as bganalyse(1)
gives it.  The analysis of the corpus's m0005 (one game) must carry, node
after node, the analysis properties of gnubg's own analysis of the match
(tests/corpus/analysed, made by tests/gnubg_analyse.sh).  Skipped where
gnubg is not installed, but for the errors that need no gnubg."""
import gzip
import os
import re
import subprocess

import pytest

import bgkit
from bgkit._analyse import find_gnubg


def _props(text):
    """The A, DA and LU properties of an SGF, a list a node, a list a
    game."""
    games = []
    for tree in re.split(r"\n?\(;", text)[1:]:
        games.append([re.findall(r"(?<![A-Z])(?:A|DA|LU)(?:\[[^\]]*\])+", n)
                      for n in tree.split("\n;")])
    return games


need_gnubg = pytest.mark.skipif(
    not os.access(find_gnubg(), os.X_OK),
    reason="gnubg is not installed (the Debian package gnubg)")


@need_gnubg
def test_analyse_equals_gnubg(corpus, tmp_path):
    mat = os.path.join(corpus, "gnubg", "matches", "m0005.mat")
    with gzip.open(os.path.join(corpus, "analysed", "m0005.sgf.gz")) as f:
        want = _props(f.read().decode())
    (got,) = bgkit.analyse(mat, plies=0, jobs=2, cache=tmp_path / "c")
    assert got.ok and got.name == mat
    assert got.games == [{"game": 1, "line": 6, "status": "done",
                          "why": ""}]
    assert _props(got.sgf) == want
    assert sum(len(n) > 0 for n in want[0]) > 30
    with got.read() as rd:
        games = [g for m in rd for g in m.games()]
    assert len(games) == 1
    rows = got.decisions()
    assert rows and rows[0]["file"] == mat
    # Again: from the cache, the same record.
    (again,) = bgkit.analyse([mat], cache=tmp_path / "c")
    assert again.games[0]["status"] == "cached" and again.sgf == got.sgf


def test_analyse_without_gnubg(corpus):
    mat = os.path.join(corpus, "gnubg", "matches", "m0005.mat")
    with pytest.raises(FileNotFoundError, match="Debian package gnubg"):
        bgkit.analyse(mat, gnubg="/nonexistent")


def test_analyse_bad_options(corpus):
    mat = os.path.join(corpus, "gnubg", "matches", "m0005.mat")
    with pytest.raises(ValueError):
        bgkit.analyse(mat, plies=8, gnubg="/nonexistent")
    with pytest.raises(ValueError):
        bgkit.analyse(mat, jobs=0, gnubg="/nonexistent")
    with pytest.raises(ValueError):
        bgkit.analyse(mat, players=2, gnubg="/nonexistent")


def test_analyse_level(corpus, tmp_path):
    """level= reaches gnubg's command file as bganalyse --level writes
    it (a fake gnubg, tests/fakegnubg.sh, that quotes the lines of its
    command file that set the plies); an unknown name is a ValueError."""
    mat = os.path.join(corpus, "gnubg", "matches", "m0005.mat")
    top = os.path.join(os.path.dirname(__file__), "..", "..")
    fake = str(tmp_path / "gnubg")
    subprocess.run(["sh", os.path.join(top, "tests", "fakegnubg.sh"), fake,
                    'grep plies "$4" | tr "\\n" ";"; echo'], check=True)
    (got,) = bgkit.analyse(mat, level="worldclass", gnubg=fake,
                           tmpdir=str(tmp_path))
    assert got.games[0]["status"] == "refused"
    assert got.games[0]["why"] == (
        "set analysis chequerplay evaluation plies 2;"
        "set analysis cubedecision evaluation plies 2;")
    with pytest.raises(ValueError, match="unknown level"):
        bgkit.analyse(mat, level="master", gnubg=fake)


def test_analyse_rollout(corpus, tmp_path):
    """rollout= and its settings reach gnubg's command file as bganalyse
    --rollout writes it (a fake gnubg that quotes the lines of its
    command file that set the rollout or roll a decision out, and how
    many moves it steps through); bad values are a ValueError."""
    mat = os.path.join(corpus, "gnubg", "matches", "m0005.mat")
    top = os.path.join(os.path.dirname(__file__), "..", "..")
    fake = str(tmp_path / "gnubg")
    subprocess.run(["sh", os.path.join(top, "tests", "fakegnubg.sh"), fake,
                    'grep -e "rollout trials" -e "rollout seed" '
                    '-e "truncation [ep]" -e "move 2" '
                    '-e "^analyse rollout cube" "$4" | sort -u | '
                    'tr "\\n" ";"; grep -c "^next$" "$4"'],
                   check=True)
    (got,) = bgkit.analyse(mat, rollout=36, rollout_of="plays",
                           rollout_moves=2, truncation=2, seed=7,
                           gnubg=fake, tmpdir=str(tmp_path))
    assert got.games[0]["status"] == "refused"
    assert got.games[0]["why"] == (
        "analyse rollout move 2;set rollout seed 7;"
        "set rollout trials 36;set rollout truncation enable on;"
        "set rollout truncation plies 2;33")
    for bad in [dict(rollout=-1), dict(rollout=36, rollout_of="moves"),
                dict(rollout=36, rollout_moves=0),
                dict(rollout=36, truncation=-1),
                dict(rollout=36, seed=2 ** 31)]:
        with pytest.raises(ValueError):
            bgkit.analyse(mat, gnubg=fake, **bad)
