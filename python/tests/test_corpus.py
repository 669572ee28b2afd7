# SPDX-License-Identifier: BSD-2-Clause
"""The package against GNU Backgammon's own record of its matches (the
corpus, tests/corpus): every position of every game, the plays and the
results; and every legal-play list gnubg gave, under each rule set."""
import glob
import json
import os

import pytest

import bgkit

_cache = {}


def _json(path):
    if path not in _cache:
        with open(path) as f:
            _cache[path] = json.load(f)
    return _cache[path]


def _truth(record):
    d = os.path.dirname(os.path.dirname(record))
    name = os.path.splitext(os.path.basename(record))[0]
    return _json(os.path.join(d, "truth", name + ".json"))


def _games(path):
    out = []
    with bgkit.read(path) as rd:
        for m in rd:
            out.append((m, list(m.games())))
        assert len(out) == 1
        return out[0][0], out[0][1], list(rd.diagnostics)


def _corpus():
    """The corpus, for listing its files (the corpus fixture checks
    that it is there)."""
    return os.environ.get("BGKIT_CORPUS") or os.path.join(
        os.path.dirname(__file__), "..", "..", "tests", "corpus")


def _records(kind):
    return sorted(glob.glob(os.path.join(_corpus(), kind, "matches",
                                         "*.*")))


def _name(path):
    return os.path.relpath(path, os.path.dirname(os.path.dirname(
        os.path.dirname(path))))


@pytest.mark.parametrize("path", _records("gnubg"), ids=_name)
def test_gnubg_match(corpus, path):
    """Each position equals the one gnubg showed, each play gnubg's,
    each result and the final score gnubg's; no diagnostic."""
    truth = _truth(path)
    match, games, diags = _games(path)
    assert diags == []
    assert match.length == truth["match_length"]
    assert len(games) == len(truth["games"])
    for g, tg in zip(games, truth["games"]):
        want = [tg["start_position_id"]] + [
            t["position_id_after"] if t["action"] == "move"
            else t["gnubg_position_id"] for t in tg["turns"]]
        assert [p.position_id for p in g.positions] == want, \
            "game %d" % g.number
        assert g.positions[-1].xgid == tg["final_xgid"]
        assert g.positions[0].score == tuple(tg["score_before"])
        moves = [r for r in g.records if r.kind == "move"]
        tmoves = [t for t in tg["turns"] if t["action"] == "move"]
        assert len(moves) == len(tmoves)
        for r, t in zip(moves, tmoves):
            where = "game %d, line %d" % (g.number, r.line)
            assert r.side == t["side"], where
            assert sorted(r.dice) == sorted(t["dice"]), where
            assert r.before.position_id == t["position_id_before"], where
            assert r.after.position_id == t["position_id_after"], where
            played = r.play.text() if r.play else ""
            assert played == (t["move"] or ""), where
        assert g.result.winner == tg["winner"]
        assert g.result.points == tg["points_won"]
        assert g.result.ended_by == tg["ended_by"]
        assert g.result.score == tuple(tg["score_after"])
    assert match.result.score == tuple(truth["final_score"])


@pytest.mark.parametrize("path", _records("gnubg-rules/*"), ids=_name)
def test_rules_match(corpus, path):
    """Under the other rule sets: after each action the record shows,
    the Position ID gnubg showed."""
    truth = _truth(path)
    match, games, diags = _games(path)
    assert [d for d in diags if d.severity != "warning"] == []
    assert len(games) == len(truth["games"])
    for g, tg in zip(games, truth["games"]):
        want = [t["gnubg_position_id"] for t in tg["turns"]
                if t.get("mat_line") is not None or t["action"] == "resign"]
        assert [p.position_id for p in g.positions[1:]] == want, \
            "game %d" % g.number


def _legal_files():
    return ["gnubg/legal/legal_moves.json"] + sorted(
        os.path.relpath(p, _corpus()) for p in glob.glob(os.path.join(
            _corpus(), "gnubg-rules", "*", "legal", "legal_moves.json")))


@pytest.mark.parametrize("name", _legal_files())
def test_legal_lists(corpus, name):
    """Position.legal_plays() gives one play per position gnubg lists,
    and every play typed back as plain steps prints as gnubg's."""
    cases = _json(os.path.join(corpus, name))["cases"]
    assert cases
    for c in cases:
        pos = bgkit.Position.parse(c["position_id"],
                                   c.get("variation", "standard"))
        dice = tuple(c["dice"])
        plays = pos.legal_plays(dice)
        got = sorted(p.after.position_id for p in plays)
        want = sorted(m["position_id_after"] for m in c["legal_moves"])
        assert got == want, c["id"]
        assert len(plays) == c["n_legal"], c["id"]
        for m in c["legal_moves"]:
            typed = " ".join("%d/%d" % tuple(t) for t in m["tuples"])
            p = pos.play(typed, dice)
            assert p.text() == m["move"], (c["id"], typed)
            assert p.after.position_id == m["position_id_after"], c["id"]
