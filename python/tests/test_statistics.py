# SPDX-License-Identifier: BSD-2-Clause
"""bgkit.statistics(): the same objects as bgscore --statistics -T json,
and gnubg's own figures on an analysed match of tests/corpus/analysed
(m0001, a 5-point match: its .stats file, gnubg's "show statistics")."""
import gzip
import json
import os
import subprocess

import pytest

import bgkit

from conftest import TOP

SGF = os.path.join(TOP, "tests", "corpus", "analysed", "m0001.sgf.gz")
MONEY = os.path.join(TOP, "tests", "corpus", "analysed", "m0002.sgf.gz")
KEYS = {
    "checker": "moves unforced unmarked doubtful bad very_bad error_emg "
               "error_U rate_memg rate_U rating",
    "luck": "very_lucky lucky unmarked unlucky very_unlucky total_emg "
            "total_U rate_memg rate_U rating",
    "cube": "decisions close doubles takes passes missed_below_cp "
            "missed_above_cp wrong_below_dp wrong_above_tg wrong_takes "
            "wrong_passes error_emg error_U rate_memg rate_U rating",
}


def text(path):
    with gzip.open(path, "rb") as f:
        return f.read()


def test_same_as_bgscore():
    got = bgkit.statistics(text(SGF), name="m0001.sgf")
    out = subprocess.run([os.path.join(TOP, "bin", "bgscore"),
                          "--statistics", "-T", "json", SGF],
                         check=True, capture_output=True).stdout
    want = [json.loads(line) for line in out.decode().splitlines()]
    assert got == want
    assert [o["scope"] for o in got] == ["game"] * 3 + ["match"]
    assert [o["game"] for o in got] == [1, 2, 3, None]


def test_keys_match_and_money():
    for path, unit in ((SGF, "_mwc"), (MONEY, "_points")):
        for o in bgkit.statistics(text(path), name="x.sgf"):
            assert o["type"] == "statistics"
            for part, keys in KEYS.items():
                for side in o[part]:
                    assert set(side) == set(k.replace("_U", unit)
                                            for k in keys.split())


def test_gnubg_figures():
    # From m0001.stats: the match, Rupert then Yuri.
    match = bgkit.statistics(text(SGF), name="m0001.sgf")[-1]
    assert [c["moves"] for c in match["checker"]] == [114, 114]
    assert [c["unforced"] for c in match["checker"]] == [89, 75]
    assert [c["error_emg"] for c in match["checker"]] == [-4.248, -3.477]
    assert [c["error_mwc"] for c in match["checker"]] == [-80.343, -58.872]
    assert match["cube"][1]["wrong_takes"] == [1, -1.640, -12.679]
    assert [c["rating"] for c in match["luck"]] == ["None", "None"]
    assert match["overall"][0]["luck_adjusted_result"] == 2.17
    assert match["overall"][0]["fibs_rating"] == 1247.5
    assert match["overall"][1]["fibs_rating_diff"] is None


def test_met(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<met>\n  <info><length>x</length></info>\n</met>\n")
    with pytest.raises(ValueError, match=r"bad.xml:2:\d+: the length"):
        bgkit.statistics(text(SGF), name="m0001.sgf", met=str(bad))
    with pytest.raises(OSError):
        bgkit.statistics(text(SGF), name="m0001.sgf",
                         met=str(tmp_path / "none.xml"))
