# SPDX-License-Identifier: BSD-2-Clause
"""Input that holds no record: read() and decisions() raise ReadError
carrying the diagnostic bgcheck gives the same file (its message,
detail, file, line and column, as bgcheck -T json writes them, and its
line as bgcheck prints it), where they used to give nothing; a record
with errors is still read, and check() still lists the diagnostic."""
import json
import os
import subprocess

import pytest

import bgkit

TOP = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
BGCHECK = os.path.join(TOP, "bin", "bgcheck")

# name -> the file's bytes, the format given to read() and bgcheck -f,
# the diagnostic's code.
NO_RECORD = {
    "prose.txt": (b"The quick brown fox jumps over the lazy dog.\n"
                  b"It was a dark and stormy night.\n", "auto",
                  "no_match_line"),
    "notes.txt": (b"\n\n# shopping\nBuy milk.\n", "auto", "no_match_line"),
    "picture.png": (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 2, "auto",
                    "binary_data"),
    "empty.mat": (b"", "auto", "empty_input"),
    "blanks.mat": (b"\n   \n\t\n", "auto", "empty_input"),
    "chess.sgf": (b"(;GM[1]FF[4]SZ[19];B[pd];W[dp])\n", "auto",
                  "sgf_not_backgammon"),
    "prose.sgf": (b"Not a game tree.\n", "sgf", "sgf_syntax"),
}


def bgcheck(name, fmt, cwd):
    """bgcheck's first diagnostic of name (a JSON object), its stderr
    line and its exit status."""
    f = [] if fmt == "auto" else ["-f", fmt]
    j = subprocess.run([BGCHECK, "-T", "json"] + f + [name], cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    t = subprocess.run([BGCHECK] + f + [name], cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = json.loads(j.stdout.decode().splitlines()[0])
    return first, t.stderr.decode().splitlines()[0], t.returncode


@pytest.mark.parametrize("name", sorted(NO_RECORD))
def test_no_record_raises(name, tmp_path, monkeypatch):
    data, fmt, code = NO_RECORD[name]
    (tmp_path / name).write_bytes(data)
    monkeypatch.chdir(tmp_path)
    want, line, rc = bgcheck(name, fmt, tmp_path)
    assert rc == 1 and want["code"] == code and want["severity"] == "error"
    with pytest.raises(bgkit.ReadError) as e:
        bgkit.read(name, format=fmt)
    e = e.value
    assert (e.name, e.message, e.detail, e.file, e.line, e.column) == (
        want["code"], want["message"], want["detail"], want["file"],
        want["line"], want["column"])
    assert "bgcheck: " + str(e) == line
    assert str(e.diagnostic) == str(e)
    assert isinstance(e, bgkit.Error)
    # The same from a file object and from memory.
    with open(name, "rb") as f, pytest.raises(bgkit.ReadError) as e2:
        bgkit.read(f, format=fmt)
    assert str(e2.value) == line[len("bgcheck: "):]
    with pytest.raises(bgkit.ReadError) as e3:
        bgkit.read_string(data, name, format=fmt)
    assert str(e3.value) == str(e)
    # decisions() reads through the pipeline: the same.
    with pytest.raises(bgkit.ReadError) as e4:
        bgkit.decisions(name, format=fmt)
    assert (str(e4.value), e4.value.line, e4.value.column) == (
        str(e), e.line, e.column)
    # check() lists what bgcheck prints, and raises nothing.
    assert ["bgcheck: " + str(d) for d in bgkit.check(name, format=fmt)][:1] \
        == [line]


def test_every_error_kept(tmp_path):
    """A file of no record line: the first error is raised, all are
    kept."""
    p = tmp_path / "chess.sgf"
    p.write_bytes(b'(;FF[4]GM[1])\n(;FF[4]GM[1])\n')
    with pytest.raises(bgkit.ReadError) as e:
        bgkit.read(str(p))
    assert [d.line for d in e.value.diagnostics] == [1, 2]
    assert len({d.code for d in e.value.diagnostics}) == 1
    assert e.value.diagnostic is e.value.diagnostics[0]
    assert (e.value.line, e.value.column) == (1, 8)


def test_records_with_errors_are_read(tmp_path):
    """Games without a match line are a record: no_match_line is said,
    the game is read.  An empty file read as SGF is nothing bgcheck
    complains of: nothing is raised, nothing read."""
    p = tmp_path / "games.mat"
    p.write_bytes(b"Game 1\nAnn : 0   Bob : 0\n 1) 31: 8/5 6/5\n")
    with bgkit.read(str(p)) as rd:
        games = [g for m in rd for g in m.games()]
    assert len(games) == 1 and games[0].records[0].text == "31: 8/5 6/5"
    assert rd.diagnostics[0].code == "no_match_line"
    e = tmp_path / "empty.sgf"
    e.write_bytes(b"")
    r = subprocess.run([BGCHECK, "-f", "sgf", str(e)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert (r.returncode, r.stdout, r.stderr) == (0, b"", b"")
    with bgkit.read(str(e), format="sgf") as rd:
        assert list(rd) == [] and rd.diagnostics == []
    assert bgkit.decisions(str(e), format="sgf") == []


def test_first_match_read_at_once():
    """read() has read the first match's header: the format is known,
    and iterating gives that match, its games, and the end."""
    demo = os.path.join(TOP, "fixtures", "demo", "gnubg-7pt.mat")
    with bgkit.read(demo) as rd:
        assert rd.format == "mat"
        got = [(m.players, len(list(m.games()))) for m in rd]
    assert got == [(("Zoe", "Ivan"), 4)]
