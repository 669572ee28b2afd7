# SPDX-License-Identifier: BSD-2-Clause
"""Basic checks of the bgkit Python package against values checked by
hand with bgshow(1) and bgmove(1)."""
import os
import pytest
import bgkit

TOP = os.path.join(os.path.dirname(__file__), "..", "..")
DEMO = os.path.join(TOP, "fixtures", "demo", "gnubg-7pt.mat")
XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"


def test_position_ids():
    p = bgkit.Position.parse(XGID)
    assert p.xgid == XGID
    assert p.gnubg_id == "4HPwATDgc/ABMA:cIkKAAAAAAAE"
    assert p.pips == (167, 167)
    assert bgkit.Position.parse(p.fibs).xgid == XGID


def test_legal_and_play():
    p = bgkit.Position.parse(XGID)
    assert len(p.legal_plays()) == 8
    assert p.play("13/8 13/11").text() == "13/11 13/8"


def test_errors():
    with pytest.raises(bgkit.NotationError) as e:
        bgkit.parse_move("24/x")
    assert e.value.column == 4
    with pytest.raises(bgkit.PositionError):
        bgkit.Position.parse("nonsense")


def test_demo_match():
    with bgkit.read(DEMO) as rd:
        for m in rd:
            games = list(m.games())
        assert [g.result.winner for g in games] == [0, 1, 1, 1]
        assert [g.result.points for g in games] == [4, 1, 4, 2]
        assert m.result.score == (4, 7) and m.result.winner == 1
    assert bgkit.check(DEMO) == []
