# SPDX-License-Identifier: BSD-2-Clause
"""bgkit: backgammon notation, positions and match records, in Python.

A thin layer over the C library libbgkit (through ctypes, standard
library only).  Read a record in any format the library reads (Jellyfish
.mat and .gam, gnubg SGF, bgkit JSON Lines, eXtreme Gammon .xg and .xgp;
the format is told from the content)
and walk its matches, games and records, each record with the position
before and after it::

    import bgkit

    with bgkit.read("match.mat") as rd:
        for match in rd:
            for game in match.games():
                print(game.number, game.result)
                for rec in game.records:
                    print(rec.text, rec.after.xgid)

Positions come from IDs too (``bgkit.Position.parse("XGID=...")``), and
give their legal plays; moves in any dialect are parsed with
``bgkit.parse_move`` and printed in the gnubg, .mat or XG style.
``bgkit.check(path)`` lists a file's problems as Diagnostic objects;
``bgkit.decisions(path)`` its checker plays and cube actions as rows
(dicts) for a table, those of ``bggrep --decisions``.

Errors raise bgkit.Error (or a subclass), never return codes.  The C
objects (reader, replay, move list) are freed by the Python objects
that own them: on close(), at the end of a ``with`` block, or when they
are collected.  Every other object is a plain copy that needs no care.
"""
import ctypes
import json
import os
import struct
import weakref
from ctypes import POINTER, byref, c_int, c_size_t, c_void_p

from . import _lib
from ._lib import lib

__all__ = [
    "Error", "NotationError", "PositionError", "IllegalPlayError",
    "RulesError", "ReadError", "version", "Position", "Move", "Play",
    "Diagnostic", "Record", "Game", "Match", "Result", "MatchResult",
    "Reader", "read", "read_string", "check", "decisions",
    "DECISION_COLUMNS", "statistics", "parse_move",
    "format_move",
    "legal_plays", "VARIANTS", "STYLES", "FORMATS",
    "analyse", "Analysed",
]

VARIANTS = ("standard", "nackgammon", "hyper1", "hyper2", "hyper3", "tavla")
STYLES = ("gnubg", "mat", "xg")


def _formats():
    """"auto" and the names of the formats the library reads, in the order
    of bg_format_list(3)."""
    fi = _lib.FormatInfo()
    names = ["auto"]
    i = 0
    while lib.bg_format_list(byref(fi), i) == 0:
        if fi.can_read:
            names.append(fi.name.decode())
        i += 1
    return tuple(names)


FORMATS = _formats()
_SEVERITY = ("none", "warning", "error", "system")
_KINDS = ("move", "double", "take", "drop", "beaver", "raccoon", "win",
          "loss", "illegal", "setpos", "comment", "unparsed")
_ENDS = ("none", "bearoff", "drop", "resign")
_LEVELS = ("drop", "single", "gammon", "backgammon")
_STATES = ("none", "playing", "over", "resigned", "dropped")
_BG_ENOMEM = 1
_BG_EINVAL = 2


def version():
    """The version of the C library, e.g. "0.2.0"."""
    return lib.bg_version().decode()


# ------------------------------------------------------------- errors

class Error(Exception):
    """A failure reported by libbgkit.

    .code is the library's code number (positive), .name its stable
    identifier ("blocked_point"), .message its English text, .detail
    any further words, .column the 1-based column of a syntax error
    (or None).  str() is "column N: message: detail".
    """

    def __init__(self, code, detail="", column=None, message=None):
        code = abs(code)
        self.code = code
        self.name = lib.bg_code_name(code).decode()
        self.message = message or lib.bg_strerror(code).decode()
        self.detail = detail
        self.column = column
        text = self.message
        if column is not None:
            text = "column %d: %s" % (column, text)
        if detail:
            text += ": " + detail
        super().__init__(text)


class NotationError(Error):
    """Move text that cannot be read (syntax, points, dice)."""


class PositionError(Error):
    """A position ID, XGID or FIBS board line that cannot be read or
    written."""


class IllegalPlayError(Error):
    """A play that breaks the rules for its position and roll.

    .example is a legal Play of the roll, when the library gives one.
    """

    def __init__(self, code, detail="", column=None, example=None):
        super().__init__(code, detail, column)
        self.example = example


class RulesError(Error):
    """A bad rules text ("crawford=on,jacoby=off")."""


class ReadError(Error):
    """Input that holds no record, or that cannot be read at all.

    read(), read_string() and decisions() raise it when the input holds
    no match at all and the reader says why with an error: the
    diagnostic bgcheck prints for that input.  That is an empty input
    or one of blanks only (.name "empty_input"), binary data
    ("binary_data"), text with neither a match line nor a game, such as
    prose ("no_match_line"), a FIBS session log without a game of a
    match ("fibslog_no_match"), or the error of the format read (an SGF
    file of another game, a JSON Lines file without a record line, an
    XG file without XG's header).  A record with errors is no such input:
    its matches are read, and its problems are Diagnostic objects.  The
    same class is raised when reading fails (memory, input).

    .file is the input's name; .line and .column where the reader
    places the problem (0: at no line or column, as in Diagnostic);
    .diagnostic the Diagnostic (None when reading failed) and
    .diagnostics all the reader said of the input; .message and .detail
    as for Error.  str() is the line bgcheck prints, without its
    "bgcheck: "."""

    def __init__(self, code, detail="", column=None, message=None,
                 file=None, diagnostic=None, diagnostics=()):
        super().__init__(code, detail, column, message)
        self.file = file
        self.line = 0
        self.diagnostic = diagnostic
        self.diagnostics = list(diagnostics)
        if diagnostic is not None:
            self.line = diagnostic.line
            self.args = (str(diagnostic),)


def _no_record(matches, diagnostics):
    """Raise ReadError for input that gave no match (matches false) and
    whose diagnostics say why with an error: the first one."""
    if matches:
        return
    for d in diagnostics:
        if d.severity == "error":
            raise ReadError(d.number, d.detail, d.column, file=d.file,
                            diagnostic=d, diagnostics=diagnostics)


def _check(rc, exc=Error, detail="", **kw):
    if rc < 0:
        if -rc == _BG_ENOMEM:
            raise MemoryError(lib.bg_strerror(rc).decode())
        raise exc(rc, detail, **kw)
    return rc


def _enc(s):
    if isinstance(s, bytes):
        return s
    return str(s).encode("utf-8", "surrogateescape")


def _dec(b):
    return None if b is None else b.decode("utf-8", "replace")


def _string(fn, *args):
    """Call a buffer-filling function: ask the size, then fill."""
    buf = ctypes.create_string_buffer(256)
    n = fn(buf, 256, *args)
    if n < 0:
        return n, None
    if n >= 256:
        buf = ctypes.create_string_buffer(n + 1)
        n = fn(buf, n + 1, *args)
        if n < 0:
            return n, None
    return n, buf.raw[:n].decode("utf-8", "replace")


def _variant(v):
    """A variant name or number -> bg_variant."""
    if isinstance(v, int):
        if 0 <= v < len(VARIANTS):
            return v
        raise ValueError("unknown variant: %r" % (v,))
    out = c_int()
    if lib.bg_variant_parse(byref(out), _enc(v)) < 0:
        raise ValueError("unknown variant: %r (%s)" % (v, ", ".join(VARIANTS)))
    return out.value


def _style(st):
    if isinstance(st, int):
        return st
    out = c_int()
    if lib.bg_style_parse(byref(out), _enc(st)) < 0:
        raise ValueError("unknown style: %r (gnubg, mat, xg)" % (st,))
    return out.value


def _dice(d):
    """(6, 4), [6, 4], "64", "6-4" -> c_int[2]; None -> None."""
    if d is None:
        return None
    arr = (c_int * 2)()
    if isinstance(d, (str, bytes)):
        b = _enc(d)
        _check(lib.bg_dice_parse(arr, b, len(b)), NotationError)
        return arr
    d = tuple(d)
    if len(d) != 2 or not all(isinstance(x, int) and 1 <= x <= 6
                              for x in d):
        raise ValueError("dice must be two numbers 1 to 6: %r" % (d,))
    arr[0], arr[1] = d
    return arr


def _rules(rules):
    """A rules text or None -> a Ruleset (None when none)."""
    if rules is None:
        return None
    rs = _lib.Ruleset()
    lib.bg_ruleset_init(byref(rs))
    b = _enc(rules)
    pos = c_size_t()
    if lib.bg_ruleset_parse(byref(rs), b, len(b), byref(pos)) < 0:
        n, why = _string(lambda buf, size: lib.bg_ruleset_explain(
            buf, size, b, len(b), pos.value))
        raise RulesError(_code("bad_rules"), why or "",
                         pos.value + 1)
    return rs


def _code(name):
    """The number of the code named name ("bad_rules"), from the
    library's catalogue."""
    for i in range(1, 256):
        if lib.bg_code_name(i).decode() == name:
            return i
    return _BG_EINVAL


# ----------------------------------------------------------- positions

class Position:
    """A board with its match state: whose roll, the dice, the cube and
    the score.

    Make one with Position.parse() (an XGID, a gnubg Position ID with or
    without its Match ID, a FIBS board: line, or a start word such as
    "start" or "nackgammon") or Position.start(); a replayed record
    gives one before and after each of its records.

    Side 0 is the left column of a .mat file (gnubg's player 0, the top
    player O); side 1 the right column (the bottom player X).
    """

    __slots__ = ("_bv", "_msv", "_vi", "names", "_lostv", "_fibs", "_src",
                 "_off")

    def __init__(self, board, ms, variant=0, names=(None, None), lost=False,
                 fibs=None):
        self._bv = board
        self._msv = ms
        self._vi = _variant(variant)
        self.names = tuple(names)
        self._lostv = bool(lost)
        self._fibs = fibs

    # A position of a replayed game is made with only its place in the
    # game's copied bg_replay_pos structures (_src, _off); its board,
    # state and lost flag are taken from there when first used.
    def _fill(self):
        rp = _lib.ReplayPos.from_buffer_copy(self._src, self._off)
        self._bv = rp.board
        self._msv = rp.ms
        self._lostv = rp.lost != 0

    @property
    def _b(self):
        if self._bv is None:
            self._fill()
        return self._bv

    @property
    def _ms(self):
        if self._msv is None:
            self._fill()
        return self._msv

    @property
    def _lost(self):
        if self._bv is None:
            self._fill()
        return self._lostv

    @property
    def lost(self):
        """Whether the replay lost track of the game at an earlier
        record: the board and state are then those of the last position
        it followed."""
        return self._lost

    @property
    def variant(self):
        """The variant's name: "standard", "nackgammon", "hyper1",
        "hyper2", "hyper3" or "tavla"."""
        return VARIANTS[self._vi]

    @classmethod
    def parse(cls, text, variant="standard"):
        """The position text describes: "XGID=...", an OGID, "PID" or
        "PID:MID", a FIBS "board:..." line, or a start word.  variant is used for
        IDs that cannot tell it.  Raises PositionError."""
        b = _lib.Board()
        ms = _lib.MatchState()
        v = c_int(_variant(variant))
        s = _enc(text).rstrip(b"\r\n")
        if s.startswith(b"board:"):
            f = _lib.Fibs()
            _check(lib.bg_fibs_parse(byref(f), s, len(s)), PositionError)
            _check(lib.bg_fibs_to_position(byref(b), byref(ms), byref(f),
                                           v.value), PositionError)
            return cls(b, ms, v.value, (_dec(f.opponent) or None,
                                        _dec(f.player) or None), fibs=f)
        _check(lib.bg_position_parse(byref(b), byref(ms), byref(v), s,
                                     len(s)), PositionError)
        return cls(b, ms, v.value)

    @classmethod
    def start(cls, variant="standard", length=0):
        """The starting position of variant, side 1 on roll, in a match
        of length points (0: money)."""
        v = _variant(variant)
        b = _lib.Board()
        ms = _lib.MatchState()
        lib.bg_board_start(byref(b), v)
        lib.bg_matchstate_init(byref(ms), int(length))
        return cls(b, ms, v)

    def _v(self):
        return self._vi

    # -- identifiers
    @property
    def position_id(self):
        """gnubg's Position ID (14 characters)."""
        n, s = _string(lib.bg_posid_encode, byref(self._b),
                       self._ms.on_roll)
        _check(n, PositionError)
        return s

    @property
    def match_id(self):
        """gnubg's Match ID (12 characters)."""
        n, s = _string(lib.bg_matchid_encode, byref(self._ms))
        _check(n, PositionError)
        return s

    @property
    def gnubg_id(self):
        """"PositionID:MatchID", as gnubg shows and reads them."""
        return self.position_id + ":" + self.match_id

    @property
    def xgid(self):
        """The XGID with every field, "XGID=" included."""
        n, s = _string(lib.bg_xgid_encode, byref(self._b), byref(self._ms))
        _check(n, PositionError)
        return s

    @property
    def ogid(self):
        """The OGID (OpenGammon, HedgeHog) with every field to the move
        number, written 0; no prefix.  It holds no Jacoby or beaver rule
        and no cube limit."""
        n, s = _string(lib.bg_ogid_encode, byref(self._b), byref(self._ms))
        _check(n, PositionError)
        return s

    @property
    def fibs(self):
        """The FIBS board: line (the line read, for a position parsed
        from one; else gnubg's, side 1 as the player)."""
        f = self._fibs
        if f is None:
            f = _lib.Fibs()
            n0, n1 = (None if n is None else _enc(n) for n in self.names)
            _check(lib.bg_fibs_from_position(byref(f), byref(self._b),
                                             byref(self._ms), self._v(),
                                             n0, n1), PositionError)
        n, s = _string(lib.bg_fibs_format, byref(f))
        _check(n, PositionError)
        return s

    # -- contents
    @property
    def pips(self):
        """Pip counts (side 0, side 1); the bar counts 25."""
        return (lib.bg_board_pips(byref(self._b), 0),
                lib.bg_board_pips(byref(self._b), 1))

    @property
    def board(self):
        """Checkers by side and point: board[s][p] for p 0 (borne off),
        1..24 (side s's own numbering), 25 (its bar)."""
        return tuple(tuple(self._b.pt[s]) for s in (0, 1))

    @property
    def on_roll(self):
        """The side whose turn it is."""
        return self._ms.on_roll

    @property
    def turn(self):
        """The side to decide next (the taker while a double is
        pending)."""
        return self._ms.turn

    @property
    def dice(self):
        """The roll, (d1, d2), or None when not rolled."""
        d = tuple(self._ms.dice)
        return None if d[0] == 0 else d

    @property
    def cube(self):
        """The cube's value."""
        return self._ms.cube

    @property
    def cube_owner(self):
        """The side holding the cube, or None when centred."""
        o = self._ms.cube_owner
        return None if o < 0 else o

    @property
    def score(self):
        """The match score (side 0, side 1) at the start of the game."""
        return tuple(self._ms.score)

    @property
    def length(self):
        """The match length; 0 for money."""
        return self._ms.length

    @property
    def crawford(self):
        """Whether this is the Crawford game."""
        return bool(self._ms.crawford)

    @property
    def doubled(self):
        """Whether a double is pending."""
        return bool(self._ms.doubled)

    @property
    def state(self):
        """"none", "playing", "over", "resigned" or "dropped"."""
        s = self._ms.state
        return _STATES[s] if 0 <= s < len(_STATES) else str(s)

    # -- diagrams
    def _draw(self, fn, bottom, clockwise, names):
        d = _lib.DrawOpts()
        lib.bg_drawopts_init(byref(d))
        d.bottom = 1 if bottom is None else int(bottom)
        d.clockwise = 1 if clockwise else 0
        d.variant = self._v()
        nm = self.names if names is None else tuple(names)
        keep = [None if n is None else _enc(n) for n in nm]
        d.name[0], d.name[1] = keep
        n, s = _string(fn, byref(self._b), byref(self._ms), byref(d))
        _check(n, PositionError)
        return s

    def text(self, bottom=1, clockwise=False, names=None):
        """A text diagram in the layout of gnubg's board: the IDs, then
        the board with names, score, roll and pips.  bottom is the side
        drawn at the bottom; clockwise puts its home at the bottom left;
        names (two strings) override the record's."""
        return self._draw(lib.bg_draw_text, bottom, clockwise, names)

    def svg(self, bottom=1, clockwise=False, names=None):
        """A standalone SVG picture of the position (same options as
        text())."""
        return self._draw(lib.bg_draw_svg, bottom, clockwise, names)

    # -- plays
    def legal_plays(self, dice=None):
        """Every legal play of the side on roll with dice (the
        position's own roll when None), one per distinct resulting
        position, as Play objects with .after set.  A dance gives []."""
        d = _dice(dice) if dice is not None else _dice(self.dice)
        if d is None:
            raise ValueError("no dice: the position has no roll")
        return _legal(self, d)

    def play(self, move, dice=None):
        """Resolve move (text in any dialect, or a Move) for the side on
        roll with dice (else the move's "64:" prefix, else the position's
        roll) and return the Play, with .after and .warnings.  Raises
        NotationError or IllegalPlayError."""
        m = move if isinstance(move, Move) else parse_move(move)
        d = _dice(dice)
        if d is None and m.dice is not None:
            d = _dice(m.dice)
        if d is None:
            d = _dice(self.dice)
        if d is None:
            raise ValueError("no dice: give them, in the move or the "
                             "position")
        r = _lib.Resolved()
        rc = lib.bg_notation_resolve(byref(r), byref(m._n), byref(self._b),
                                     self._ms.on_roll, d, self._v())
        if rc == -_BG_ENOMEM:
            raise MemoryError(lib.bg_strerror(rc).decode())
        if rc < 0:
            ex = None
            if r.has_example:
                ex = Play(_copy(r.example), self._ms.on_roll)
            detail = "point %d" % r.point if r.point >= 0 else ""
            raise IllegalPlayError(rc, detail, example=ex)
        p = Play(_copy(r.play), self._ms.on_roll, tuple(d))
        p.after = self._after(r.after)
        p.warnings = tuple(lib.bg_code_name(r.warn[i]).decode()
                           for i in range(r.nwarn))
        return p

    def _after(self, board):
        """The position after a play: the other side on roll, no
        roll."""
        ms = _copy(self._ms)
        ms.on_roll = ms.turn = 1 - self._ms.on_roll
        ms.dice[0] = ms.dice[1] = 0
        return Position(_copy(board), ms, self._v(), self.names)

    def __eq__(self, other):
        if not isinstance(other, Position):
            return NotImplemented
        return bytes(self._b) == bytes(other._b) and \
            bytes(self._ms) == bytes(other._ms) and \
            self.variant == other.variant

    def __hash__(self):
        return hash((bytes(self._b), bytes(self._ms), self.variant))

    def __repr__(self):
        try:
            return "Position(%r)" % self.xgid
        except Error:
            return "Position(%s)" % self.position_id

    def __str__(self):
        return self.text()


def _copy(s):
    return type(s).from_buffer_copy(s)


def _legal(pos, d):
    ml = lib.bg_movelist_new()
    if not ml:
        raise MemoryError("out of memory")
    try:
        n = _check(lib.bg_rules_legal(ml, byref(pos._b), pos._ms.on_roll, d,
                                      pos._v()), PositionError)
        out = []
        for i in range(n):
            lg = lib.bg_movelist_get(ml, i).contents
            p = Play(_copy(lg.play), pos._ms.on_roll, (d[0], d[1]))
            p.after = pos._after(lg.after)
            out.append(p)
        return out
    finally:
        lib.bg_movelist_free(ml)


def legal_plays(position, dice=None, variant="standard"):
    """Position.parse(position, variant).legal_plays(dice)."""
    if not isinstance(position, Position):
        position = Position.parse(position, variant)
    return position.legal_plays(dice)


# ---------------------------------------------------------- notation

class Move:
    """A move as written, before it meets a position: parsed from any
    dialect of the common notation ("64: 24/18* 13/9", "bar/20 6/off",
    "13/7(2)", "25/20 6/0", "Cannot Move", "????").

    .kind is "play", "none" (no play) or "unknown" (not recorded);
    .dice the "64:" prefix as (6, 4), or None.  format(style) writes it
    in the style of gnubg, a .mat file or XG.
    """

    __slots__ = ("_n", "source")

    def __init__(self, notation, source=None):
        self._n = notation
        self.source = source

    @property
    def kind(self):
        """"play", "none" (no play: "Cannot Move") or "unknown" (not
        recorded: "????")."""
        return ("play", "none", "unknown")[self._n.kind]

    @property
    def dice(self):
        """The "64:" prefix as (6, 4), or None."""
        d = tuple(self._n.dice)
        return None if d[0] == 0 else d

    @property
    def parts(self):
        """The written parts: each a tuple of (point, hit) pairs, with
        the repeat count: ((24, False), (18, True), (13, False)), 1."""
        out = []
        for i in range(self._n.npath):
            p = self._n.path[i]
            out.append((tuple((p.pt[k], bool(p.hit[k]))
                              for k in range(p.npt)), p.count))
        return tuple(out)

    def format(self, style="gnubg"):
        """The move in style "gnubg" (24/18*/13 13/7(2)), "mat"
        (24/18* 18/13) or "xg" (bar/20 6/off), without a dice prefix."""
        n, s = _string(lib.bg_notation_format, byref(self._n), _style(style))
        _check(n, NotationError)
        return s

    def play(self):
        """The written segments as a Play, without a position."""
        p = _lib.Play()
        _check(lib.bg_play_from_notation(byref(p), byref(self._n)),
               NotationError)
        return Play(p, None)

    def __str__(self):
        return self.format()

    def __repr__(self):
        return "Move(%r)" % self.format()


def parse_move(text):
    """Parse move text in any dialect into a Move.  Raises
    NotationError, whose .column is the 1-based column of the offending
    character."""
    b = _enc(text)
    n = _lib.Notation()
    pos = c_size_t()
    rc = lib.bg_notation_parse(byref(n), b, len(b), byref(pos))
    if rc < 0:
        if -rc == _BG_ENOMEM:
            raise MemoryError("out of memory")
        raise NotationError(rc, "", pos.value + 1)
    return Move(n, text)


def format_move(text, style="gnubg"):
    """Move text in any dialect, normalised as bgmove(1) writes it in
    style "gnubg" (24/18 18/13 -> 24/13), "mat" or "xg", its "64: "
    prefix kept.  Raises NotationError (with .column) for text that is
    not a move."""
    b = _enc(text)
    su = _lib.MovelineSetup()
    msg = ctypes.create_string_buffer(256)
    rc = lib.bg_moveline_setup_init(byref(su), None, None, None,
                                    _style(style), msg, 256)
    _check(rc, NotationError, _dec(msg.value))
    ml = _lib.Moveline()
    size = len(b) + 1024
    msg = ctypes.create_string_buffer(size)
    need = c_size_t()
    _check(lib.bg_moveline_check(byref(ml), byref(su), b, len(b), msg,
                                 size, byref(need)), NotationError)
    if ml.code:
        raise NotationError(ml.code, "", ml.column or None,
                            _dec(msg.value))
    n, s = _string(lambda buf, sz: lib.bg_moveline_format(
        buf, sz, byref(ml), 1, 0))
    _check(n, NotationError)
    return s


class Play:
    """A play: up to four checker steps in the mover's numbering (25 the
    bar, 0 off).  .steps is a tuple of (from, to); .hits which steps
    hit; .side the mover (None when unknown); .dice the roll; .after
    the Position after it (for plays from legal_plays() and
    Position.play()); .warnings the codes of a play accepted with a
    remark ("hit_unmarked")."""

    __slots__ = ("_p", "side", "dice", "after", "warnings")

    def __init__(self, play, side, dice=None):
        self._p = play
        self.side = side
        self.dice = dice
        self.after = None
        self.warnings = ()

    @property
    def steps(self):
        """The checker steps, ((from, to), ...), in the mover's numbering
        (25 the bar, 0 off)."""
        return tuple((self._p.step[i].from_, self._p.step[i].to)
                     for i in range(self._p.n))

    @property
    def hits(self):
        """For each step, whether it hits."""
        return tuple(bool(self._p.hit[i]) for i in range(self._p.n))

    def text(self, style="gnubg"):
        """The play written in style "gnubg", "mat" or "xg"; "" for no
        play."""
        n, s = _string(lib.bg_play_format, byref(self._p), _style(style))
        _check(n, NotationError)
        return s

    def __str__(self):
        return self.text()

    def __repr__(self):
        return "Play(%r)" % self.text()

    def __eq__(self, other):
        if not isinstance(other, Play):
            return NotImplemented
        return self.steps == other.steps and self.hits == other.hits

    def __hash__(self):
        return hash((self.steps, self.hits))


# -------------------------------------------------------- diagnostics

class Diagnostic:
    """A problem found reading or replaying a record.

    .file the name given to the reader; .line and .column 1-based (0:
    not tied to a line or column); .game and .move the numbers as
    written (0: none); .side 0, 1 or None; .dice or None; .code the
    stable name ("blocked_point"), .number its code number; .severity
    "warning", "error" or "system"; .message the text, with the detail
    after ": " when there is one; .player the name of .side's player
    in the match, or None.  str() gives the line bgcheck prints, without
    its "bgcheck: " prefix."""

    __slots__ = ("file", "line", "column", "game", "move", "side", "dice",
                 "code", "number", "severity", "message", "detail",
                 "player")

    def __init__(self, file, d, player=None):
        self.file = file
        self.player = player
        self.line = d.line
        self.column = d.col
        self.game = d.game
        self.move = d.move
        self.side = d.side if d.side in (0, 1) else None
        self.dice = (d.dice[0], d.dice[1]) if d.dice[0] else None
        self.number = d.code
        self.code = lib.bg_code_name(d.code).decode()
        self.severity = _SEVERITY[d.severity] \
            if 0 <= d.severity < len(_SEVERITY) else str(d.severity)
        self.detail = _dec(d.detail) or ""
        msg = lib.bg_strerror(d.code).decode()
        self.message = msg + (": " + self.detail if self.detail else "")

    def __str__(self):
        s = self.file
        if self.line > 0:
            s += ":%d" % self.line
        if self.column > 0:
            s += ":%d" % self.column
        s += ": %s: " % ("warning" if self.severity == "warning"
                         else "error")
        if self.game > 0:
            s += "game %d" % self.game
            if self.move > 0:
                s += ", move %d" % self.move
            if self.player or self.dice:
                s += " (%s)" % " ".join(
                    ([self.player] if self.player else []) +
                    (["%d%d" % self.dice] if self.dice else []))
            s += ": "
        return s + self.message

    def __repr__(self):
        return "Diagnostic(%r)" % str(self)


# ------------------------------------------------------------ records

class Result:
    """A game's result as the replay computes it.  .winner the side or
    None; .level "single", "gammon", "backgammon" ("drop" for a dropped
    double) or None; .ended_by "bearoff", "drop", "resign" or "none";
    .cube the final cube; .points the points won; .score the running
    score (side 0, side 1) after the game; .crawford whether it was the
    Crawford game."""

    __slots__ = ("winner", "level", "ended_by", "cube", "points", "score",
                 "crawford", "records")

    def __init__(self, r):
        self.winner = r.winner if r.winner >= 0 else None
        self.ended_by = _ENDS[r.ended_by]
        self.level = _LEVELS[r.level] if self.winner is not None and \
            0 <= r.level < len(_LEVELS) else None
        self.cube = r.cube
        self.points = r.points if self.winner is not None else 0
        self.score = (r.score[0], r.score[1])
        self.crawford = bool(r.crawford)
        self.records = r.records

    def __repr__(self):
        if self.winner is None:
            return "Result(no result, score %d-%d)" % self.score
        return "Result(side %d wins %d (%s, %s), score %d-%d)" % (
            self.winner, self.points, self.level, self.ended_by,
            self.score[0], self.score[1])


class Record:
    """One entry of a game: a move cell, a cube action, a result line or
    a comment.

    .kind "move", "double", "take", "drop", "beaver", "raccoon", "win",
    "loss", "illegal", "setpos", "comment" or "unparsed"; .side 0 (left
    column), 1, or None; .line and .column of the cell; .moveno the
    "12)" of its line; .dice as written or None; .value the cube value
    or points; .text the cell as written; .code the name of its
    problem, or None.  .move the Move written (moves); .play the Play
    the replay made (None when it made none); .before and .after the
    Positions around it (equal for a record that changes nothing)."""

    __slots__ = ("_r", "text", "before", "after", "play", "_variant")

    def __init__(self, raw, text):
        self._r = raw
        self.text = text
        self.before = self.after = None
        self.play = None

    @property
    def kind(self):
        """"move", "double", "take", "drop", "beaver", "raccoon", "win",
        "loss", "illegal", "setpos", "comment" or "unparsed"."""
        return _KINDS[self._r.kind]

    @property
    def side(self):
        """0 (the left column), 1 (the right), or None."""
        s = self._r.side
        return s if s in (0, 1) else None

    @property
    def line(self):
        """The 1-based line of the cell."""
        return self._r.line

    @property
    def column(self):
        """The 1-based column of the cell."""
        return self._r.col

    @property
    def moveno(self):
        """The "12)" of the record's line; 0 if none."""
        return self._r.moveno

    @property
    def dice(self):
        """The roll as written, (6, 4), or None."""
        d = self._r.dice
        return (d[0], d[1]) if d[0] else None

    @property
    def value(self):
        """The cube value or the points written; 0 if none."""
        return self._r.value

    @property
    def code(self):
        """The name of the problem with this record ("blocked_point"),
        or None."""
        c = self._r.code
        return lib.bg_code_name(c).decode() if c else None

    @property
    def move(self):
        """The Move as written, for a move record; else None."""
        if self._r.kind != 0:
            return None
        return Move(_copy(self._r.note), self.text)

    def __repr__(self):
        return "Record(%s, side %r, line %d: %r)" % (
            self.kind, self.side, self.line, self.text)


class Game:
    """One game of a match, read and replayed: a plain copy, valid after
    the reader moves on.

    .number and .line of its "Game N" line; .players and .ratings from
    its score line (None where absent); .scores the score line's
    scores (-1 where absent); .records the Record list; .positions
    every position the replay passed through (the start, then one after
    each action of a side); .result the Result; .diagnostics the
    problems found in it; .variant the variant played.  A game read
    from a position text export of XG or BGBlitz also has .analysis,
    its ranked candidate plays or its cube decision, each a dict with
    the keys of bgkit-json(5)'s analysis objects (without "type" and
    "game"), and .diagram, the XGID its diagram draws; [] and None for
    other records.

    Records and positions are made from the copied C data when first
    asked for, so that a program that wants only results pays for no
    more."""

    def __init__(self, number, line, players, ratings, scores, recs,
                 praw, result, diagnostics, vi, names):
        self.number = number
        self.line = line
        self.players = players
        self.ratings = ratings
        self.scores = scores
        self._recs = recs       # _copy_records(): blob, texts, where
        self._praw = praw       # the bg_replay_pos structures, end to end
        self._pos = None
        self._records = None
        self.result = result
        self.diagnostics = diagnostics
        self._vi = vi
        self._names = names
        self.analysis = []
        self.diagram = None

    @property
    def variant(self):
        """The variant's name ("standard", "nackgammon", ...)."""
        return VARIANTS[self._vi]

    @property
    def positions(self):
        """Every position of the game, in order, as Position objects:
        the start, then the one after each action."""
        if self._pos is None:
            self._pos = _positions(self._praw, self._vi, self._names)
        return self._pos

    @property
    def records(self):
        """The game's records, in order, each with .before, .after and
        .play set."""
        if self._records is None:
            self._records = _link(self)
        return self._records

    def __iter__(self):
        return iter(self.records)

    def __len__(self):
        return len(self._recs[1])

    def __repr__(self):
        return "Game(%d, %d records, %r)" % (self.number, len(self),
                                              self.result)


_SIZE_POS = _lib.SIZEOF_POS
_OFF_REC = _lib.ReplayPos.rec.offset
_new = object.__new__


def _positions(raw, vi, names):
    """Position objects from bg_replay_pos structures laid end to end,
    each filled from them when first used."""
    out = []
    app = out.append
    for off in range(0, len(raw), _SIZE_POS):
        p = _new(Position)
        p._src = raw
        p._off = off
        p._bv = p._msv = None
        p._vi = vi
        p.names = names
        p._fibs = None
        app(p)
    return out


_SIZE_REC = _lib.SIZEOF_RECORD
_OFF_TEXT = _lib.OFF_TEXT
# Each record's text pointer and length, from records laid end to end.
_TEXTS = struct.Struct("@%dxPN%dx" % (
    _OFF_TEXT, _SIZE_REC - _OFF_TEXT - struct.calcsize("@PN")))
assert _TEXTS.size == _SIZE_REC


def _copy_records(gp):
    """Copy the records of the C game gp and their texts, which the
    reader reuses for its next game: (records end to end, texts as
    bytes, where the records were).  When bg_game_record() gives the
    records as one array (the first and the last as far apart as an
    array puts them) and their texts lie together, each is copied in
    one piece; else record by record."""
    n = lib.bg_game_record_count(gp)
    if n == 0:
        return b"", [], []
    at = ctypes.string_at
    first = lib.bg_game_record(gp, 0)
    if lib.bg_game_record(gp, n - 1) - first == (n - 1) * _SIZE_REC:
        blob = at(first, n * _SIZE_REC)
        where = first
    else:
        where = [lib.bg_game_record(gp, i) for i in range(n)]
        blob = b"".join(at(a, _SIZE_REC) for a in where)
    spans = list(_TEXTS.iter_unpack(blob))
    lo = min((tp for tp, ln in spans if tp), default=0)
    hi = max((tp + ln for tp, ln in spans if tp), default=0)
    total = sum(ln for tp, ln in spans)
    if lo and hi - lo <= 2 * total + n + 4096:
        # The texts lie close together in the game's own text store,
        # so copy that stretch once and slice it.
        whole = at(lo, hi - lo)
        texts = [whole[tp - lo:tp - lo + ln] if tp else b""
                 for tp, ln in spans]
    else:
        texts = [at(tp, ln) if tp else b"" for tp, ln in spans]
    return blob, texts, where


_PROPER = ("no_double", "double_take", "double_pass", "too_good")


def _analysis(gp):
    """The analysis of the C game gp, as bgkit-json(5) writes it."""
    out = []
    for i in range(lib.bg_game_analysis_count(gp)):
        a = lib.bg_game_analysis(gp, i).contents
        cube = a.kind == 1
        d = {"kind": "cube" if cube else "play", "line": a.line,
             "side": a.side, "rank": None if cube else a.rank,
             "proper_text" if cube else "play": _dec(a.play),
             "eval": _dec(a.eval), "equity": a.equity}
        if cube:
            d.update(no_double=a.nodouble, double_take=a.take,
                     double_pass=a.pass_, proper=_PROPER[a.proper])
        else:
            d["diff"] = a.diff
        for k in ("win", "gammon", "backgammon"):
            d[k] = list(getattr(a, k)) if a.probs else None
        out.append(d)
    return out


def _link(game):
    """The Record objects of game, each with its position before and
    after and the play the replay made."""
    blob, texts, where = game._recs
    if isinstance(where, int):
        index = {where + i * _SIZE_REC: i for i in range(len(texts))}
    else:
        index = {a: i for i, a in enumerate(where)}
    from_raw = _lib.Record.from_buffer_copy
    recs = [Record(from_raw(blob, i * _SIZE_REC),
                   t.decode("utf-8", "replace"))
            for i, t in enumerate(texts)]
    if not recs:
        return recs
    positions = game.positions
    raw = game._praw
    ptr = struct.Struct("P").unpack_from
    cur = positions[0] if positions else None
    k = 1
    n = len(positions)
    for i, rec in enumerate(recs):
        rec.before = cur
        while k < n and index.get(ptr(raw, k * _SIZE_POS + _OFF_REC)[0]) \
                == i:
            p = positions[k]
            rp = _lib.ReplayPos.from_buffer_copy(raw, k * _SIZE_POS)
            if rp.played:
                rec.play = Play(_copy(rp.play), rp.side,
                                rec.dice and (max(rec.dice), min(rec.dice)))
                rec.play.after = p
            cur = p
            k += 1
        rec.after = cur
    return recs


class MatchResult:
    """The result of a match or session: .length (0 money), .games
    played, .score (side 0, side 1) after the last game, .winner the
    side that reached the length, or None."""

    __slots__ = ("length", "games", "score", "winner")

    def __init__(self, length, games, score):
        self.length = length
        self.games = games
        self.score = tuple(score)
        self.winner = None
        if length > 0 and max(score) >= length:
            self.winner = 0 if score[0] >= length else 1

    def __repr__(self):
        return "MatchResult(length %d, %d games, score %d-%d, winner %r)" % (
            self.length, self.games, self.score[0], self.score[1],
            self.winner)


class Match:
    """A match (or money session) of a record: .length (0 money, -1
    when the record states none), .players, .tags (dict), .comments,
    .source; games() iterates its games as Game objects, once, in
    order; .result the MatchResult once they are read; .diagnostics
    the header's problems, then each game's as read."""

    def __init__(self, reader, m):
        self._reader = reader
        self._m = m     # the C match: valid until the next match
        self.length = lib.bg_match_length(m)
        self.line = lib.bg_match_line(m)
        self.players = (_dec(lib.bg_match_player(m, 0)),
                        _dec(lib.bg_match_player(m, 1)))
        self.source = _dec(lib.bg_match_source(m))
        self.tags = {}
        for i in range(lib.bg_match_tag_count(m)):
            self.tags.setdefault(_dec(lib.bg_match_tag_key(m, i)),
                                 _dec(lib.bg_match_tag_value(m, i)))
        self.comments = [_dec(lib.bg_match_comment(m, i))
                         for i in range(lib.bg_match_comment_count(m))]
        self.diagnostics = []
        self.result = None
        self._games = 0
        self._score = [0, 0]
        self._started = False
        self._done = False

    def games(self):
        """Iterate the games (once).  Each is read and replayed as it
        is reached."""
        if self._started:
            raise Error(_BG_EINVAL, "the games of a match are read once")
        self._started = True
        return self._reader._games(self)

    def __iter__(self):
        return self.games()

    def __repr__(self):
        return "Match(%r, length %d)" % (self.source, self.length)


def _free(rd, rp, cb, data):
    if rp:
        lib.bg_replay_free(rp)
    if rd:
        lib.bg_reader_free(rd)


class Reader:
    """A record being read: iterate it for its Match objects.  Owns the
    C reader and replay; close() (or the end of a ``with`` block, or
    collection) frees them.  .diagnostics collects every problem found
    so far, in order; .format the format read ("mat", "sgf", "json",
    "xg")."""

    def __init__(self, data, name, format="auto", rules=None):
        self._data = data     # the reader reads it in place
        self.name = name
        self.diagnostics = []
        self._rd = self._rp = None
        rs = _rules(rules)
        fmt = c_int()
        if lib.bg_format_parse(byref(fmt), _enc(format)) < 0:
            raise ValueError("unknown format: %r (%s)"
                             % (format, ", ".join(FORMATS)))
        self._raw = []
        raw = self._raw
        at = ctypes.string_at
        size = _lib.SIZEOF_POS
        app = raw.append

        def onpos(ctx, pos):
            app(at(pos, size))
        cb = _lib.REPLAY_FN(onpos)
        rd = lib.bg_reader_new_mem(data, len(data), _enc(name))
        rp = lib.bg_replay_new()
        # Frees the C objects once: on close(), or when the reader is
        # collected (or at exit).  It holds what they use (the text the
        # reader reads in place, the callback), not the reader.
        self._finalizer = weakref.finalize(self, _free, rd, rp, cb, data)
        if not rd or not rp:
            self.close()
            raise MemoryError("out of memory")
        self._rd, self._rp = rd, rp
        if fmt.value != 0:
            rc = lib.bg_reader_set_format(rd, fmt.value)
            if rc < 0:
                self.close()
                _check(rc)
        if rs is not None:
            lib.bg_replay_set_rules(rp, byref(rs))
        lib.bg_replay_set_callback(rp, cb, None)
        self._match = None
        self._pending = None    # the match _start() read, not yet given
        self._ended = False     # the reader said the input ends
        self._iter = None
        self._eof = c_int(0)

    @property
    def format(self):
        """The format being read: "mat", "sgf", "json" or "xg" ("auto"
        until the reader has looked at the input, which read() has it do
        at once)."""
        self._open()
        return _dec(lib.bg_format_name(lib.bg_reader_format(self._rd)))

    @property
    def closed(self):
        """Whether close() has freed the C objects."""
        return self._rd is None

    def _open(self):
        if self._rd is None:
            raise Error(_BG_EINVAL, "the reader is closed")

    def close(self):
        """Free the C reader and replay (again: no effect).  Objects
        already returned stay valid."""
        self._rd = self._rp = None
        self._finalizer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _diags(self, rd, rp, into, m=None):
        """Copy the diagnostics of the last reader call and, with rp, of
        the last replay call, as the library's pipeline gives them
        (bg_diag_merge): in line order, and no missing result of a
        game the reader said the file ends inside.  m is the C match,
        for the players' names."""
        def who(d):
            if m is None or d.side not in (0, 1):
                return None
            return _dec(lib.bg_match_player(m, d.side))
        if not rd:
            return []
        rp_ = self._rp if rp else None
        size = lib.bg_reader_diag_count(self._rd)
        if rp:
            size += lib.bg_replay_diag_count(self._rp)
        arr = (POINTER(_lib.Diag) * max(size, 1))()
        n = lib.bg_diag_merge(arr, size, self._rd, rp_, byref(self._eof))
        out = [Diagnostic(self.name, arr[i].contents, who(arr[i].contents))
               for i in range(n)]
        self.diagnostics.extend(out)
        if into is not None:
            into.extend(out)
        return out

    def __iter__(self):
        if self._iter is None:
            self._iter = self._matches()
        return self._iter

    def _next_match(self):
        """The next Match, or None at the end of the input."""
        self._open()
        m = c_void_p()
        rc = lib.bg_reader_next_match(self._rd, byref(m))
        if rc < 0:
            raise ReadError(rc, self.name, file=self.name)
        if rc == 0:
            self._ended = True
            self._diags(True, False, None)
            return None
        match = Match(self, m.value)
        self._match = match
        self._diags(True, False, match.diagnostics, m.value)
        _check(lib.bg_replay_match(self._rp, m.value))
        return match

    def _start(self):
        """Read the first match's header, for read(): raise ReadError
        when the input holds no match and the reader says why with an
        error.  The C objects are freed before anything is raised."""
        try:
            self._pending = self._next_match()
            _no_record(self._pending is not None, self.diagnostics)
        except BaseException:
            self.close()
            raise

    def _matches(self):
        while True:
            self._open()
            if self._pending is not None:
                match, self._pending = self._pending, None
            else:
                if self._match is not None and not self._match._done:
                    for _ in self._games(self._match, drain=True):
                        pass
                if self._ended:
                    return
                match = self._next_match()
                if match is None:
                    return
            yield match

    def _games(self, match, drain=False):
        if drain and not match._started:
            match._started = True
        g = c_void_p()
        vi = lib.bg_replay_variant(self._rp)
        raw = self._raw
        names = list(match.players)
        while self._match is match and not match._done:
            self._open()
            rc = lib.bg_reader_next_game(self._rd, byref(g))
            if rc < 0:
                match._done = True
                raise ReadError(rc, self.name, file=self.name)
            if rc == 0:
                lib.bg_replay_end(self._rp)
                self._diags(True, True, match.diagnostics, match._m)
                match._done = True
                match.result = MatchResult(match.length, match._games,
                                           match._score)
                return
            gp = g.value
            for s in (0, 1):
                if not names[s]:
                    names[s] = _dec(lib.bg_game_player(gp, s))
            # Copy the records: the game is the reader's until the next
            # call.
            recs = _copy_records(gp)
            del raw[:]
            lib.bg_replay_game(self._rp, gp)
            diags = self._diags(True, True, match.diagnostics, match._m)
            match.players = (_dec(lib.bg_match_player(match._m, 0)),
                             _dec(lib.bg_match_player(match._m, 1)))
            result = Result(lib.bg_replay_result(self._rp).contents)
            match._games += 1
            match._score = list(result.score)
            game = Game(lib.bg_game_number(gp), lib.bg_game_line(gp),
                        (_dec(lib.bg_game_player(gp, 0)),
                         _dec(lib.bg_game_player(gp, 1))),
                        (_dec(lib.bg_game_rating(gp, 0)),
                         _dec(lib.bg_game_rating(gp, 1))),
                        (lib.bg_game_score(gp, 0),
                         lib.bg_game_score(gp, 1)),
                        recs, b"".join(raw), result, diags, vi,
                        tuple(names))
            game.analysis = _analysis(gp)
            game.diagram = _dec(lib.bg_game_diagram(gp))
            yield game


def _source(source):
    """A path, a file object -> (bytes, name)."""
    if hasattr(source, "read"):
        data = source.read()
        name = getattr(source, "name", "<stream>")
        if isinstance(data, str):
            data = data.encode("utf-8")
        return data, str(name)
    path = os.fspath(source)
    with open(path, "rb") as f:
        return f.read(), os.fsdecode(path)


def read(source, format="auto", rules=None):
    """Open a record for reading: source is a path or a binary (or
    text) file object.  format is "auto" (told from the content), "mat",
    "sgf", "json" or "xg"; rules a rules text ("crawford=on,jacoby=off") that
    wins over the record's tags.  Returns a Reader; use it in a
    ``with`` block.  The first match's header is read at once: input
    that holds no record (an empty file, prose, binary data...) raises
    ReadError with the diagnostic bgcheck gives it.  Raises OSError for
    a file that cannot be read, RulesError for bad rules."""
    data, name = _source(source)
    rd = Reader(data, name, format, rules)
    rd._start()
    return rd


def read_string(text, name="<string>", format="auto", rules=None):
    """A Reader over text (str or bytes) already in memory; raises as
    read() does."""
    rd = Reader(_enc(text), name, format, rules)
    rd._start()
    return rd


def check(source, format="auto", rules=None, name=None):
    """Read and replay every game of source (a path, a file object, or
    with name given, the record's text itself) and return every
    Diagnostic found, in order (warnings included).  Input that holds
    no record raises nothing here: its diagnostic is in the list, as
    bgcheck prints it."""
    if name is not None:
        data = _enc(source)
    else:
        data, name = _source(source)
    with Reader(data, name, format, rules) as rd:
        for match in rd:
            for _ in match.games():
                pass
        return list(rd.diagnostics)


# The columns of bggrep --decisions, in its order: the CSV header's names.
DECISION_COLUMNS = (
    "file", "game", "move", "side", "player", "action", "length",
    "score0", "score1", "away0", "away1", "crawford", "cube", "cube_owner",
    "dice", "xgid", "gnubg_id", "play", "pips0", "pips1", "error", "best",
    "best_equity", "played_equity", "mark", "cube_mark", "luck", "luck_mark",
    "eval", "mwc")


def _input(source, format, rules, name):
    """The text, name, rules and format a reading of decisions() and
    statistics() takes."""
    if name is not None:
        data = _enc(source)
    else:
        data, name = _source(source)
    rs = _rules(rules)
    fmt = c_int()
    if lib.bg_format_parse(byref(fmt), _enc(format)) < 0:
        raise ValueError("unknown format: %r (%s)"
                         % (format, ", ".join(FORMATS)))
    return data, name, rs, fmt


def _events(p, name, fmt, rs, said):
    """Pipeline p read with format fmt and rules rs: each event (> 0)
    in turn, the diagnostics up to the first match's start appended to
    said (those of the input itself: the later ones are the games')."""
    if fmt.value != 0:
        _check(lib.bg_pipeline_set_format(p, fmt.value))
    if rs is not None:
        lib.bg_pipeline_set_rules(p, byref(rs))
    matched = False
    while True:
        ev = lib.bg_pipeline_next(p)
        if ev < 0:
            _check(ev, ReadError, name, file=name)
        if ev <= 0:
            return
        if not matched:
            # The input's name, or an archive member's.
            at = _dec(lib.bg_pipeline_name(p)) or name
            said += [Diagnostic(at, lib.bg_pipeline_diag(p, i).contents)
                     for i in range(lib.bg_pipeline_diag_count(p))]
        matched = matched or ev == _lib.BG_PIPE_MATCH
        yield ev


def _collect(out):
    """A bg_write_fn appending what is written to the list out."""
    def write(ctx, buf, n):
        out.append(ctypes.string_at(buf, n))
        return n
    return _lib.WRITE_FN(write)


def _decision_row(o):
    """A decision object of the library (bgkit-json(5)) -> a row with
    the columns of the CSV form."""
    score, away, pips, dice = o["score"], o["away"], o["pips"], o["dice"]
    return {
        "file": o["file"], "game": o["game"], "move": o["move"],
        "side": o["side"], "player": o["player"] or None,
        "action": o["action"], "length": o["length"],
        "score0": score[0], "score1": score[1],
        "away0": None if away is None else away[0],
        "away1": None if away is None else away[1],
        "crawford": o["crawford"], "cube": o["cube"],
        "cube_owner": o["cube_owner"],
        "dice": None if dice is None else "%d%d" % (dice[0], dice[1]),
        "xgid": o["xgid"], "gnubg_id": o["gnubg_id"], "play": o["play"],
        "pips0": pips[0], "pips1": pips[1],
        "error": o["error"], "best": o["best"],
        "best_equity": o["best_equity"], "played_equity": o["played_equity"],
        "mark": o["mark"], "cube_mark": o["cube_mark"], "luck": o["luck"],
        "luck_mark": o["luck_mark"], "eval": o["eval"], "mwc": o["mwc"],
    }


def decisions(source, format="auto", rules=None, name=None):
    """The decisions of every game of source, as ``bggrep --decisions``
    writes them: a list of dicts, one per checker play and cube action (double,
    take, drop, beaver, raccoon), in the record's order, each with the
    position and match state before it.  source is a path, a file
    object, or with name given, the record's text itself; format and
    rules are those of read().  ``pandas.DataFrame(bgkit.decisions(p))``
    makes a table of them.

    Each dict has exactly the keys of bggrep --decisions' CSV header, in
    its order (DECISION_COLUMNS): "file" (the path as given, or name),
    "game" (its ordinal in the match), "move" (the action's number:
    Game.positions[move] is the position after it, [move - 1] the one
    before), "side", "player" (that side's name; None when
    the record names no one), "action" ("move", "double", "take",
    "drop", "beaver", "raccoon"), "length" (0 money), "score0",
    "score1", "away0", "away1" (None for money), "crawford" (a bool),
    "cube", "cube_owner" (-1 centred, else the side), "dice" (of a
    play, larger first, as two digits: "64"; None for a cube action),
    "xgid" and "gnubg_id" ("PositionID:MatchID") of the position
    before, the dice of a play rolled, "play" (the play made in gnubg's
    notation, "" for no legal play, None for a cube action or a play
    the replay could not make), "pips0" and "pips1" (before), then what
    the engine's analysis in the record says of the decision, None when
    it says nothing: "error" (the equity lost, 0 or negative), "best"
    (the best play or cube action), "best_equity", "played_equity",
    "mark" and "cube_mark" ("doubtful", "bad", "very_bad"), "luck",
    "luck_mark" ("lucky", "very_lucky", "unlucky", "very_unlucky"),
    "eval" ("0-ply", "rollout"...) and "mwc" (the match-winning chance
    before a play or double).  Numbers are ints but for the analysis',
    which are floats.  A record the replay could not follow gives no row from
    there on (check() says why).

    The rows are the library's (bg_decisions_new(3)), read through its
    pipeline as bggrep reads a file.  Raises OSError for a file that
    cannot be read, RulesError for bad rules, ReadError for input that
    holds no record (as read() does) or when reading fails (memory,
    input)."""
    data, name, rs, fmt = _input(source, format, rules, name)
    out = []
    wfn = _collect(out)
    # The pipeline reads data in place: data outlives it here.
    p = lib.bg_pipeline_new_mem(data, len(data), _enc(name))
    d = lib.bg_decisions_new(_lib.BG_OUT_JSON)
    try:
        if not p or not d:
            raise MemoryError("out of memory")
        lib.bg_pipeline_set_callback(p, _lib.DECISIONS_POS, d)
        matches, said = 0, []
        for ev in _events(p, name, fmt, rs, said):
            if ev == _lib.BG_PIPE_MATCH:
                matches += 1
                _check(lib.bg_decisions_match(d, p))
            elif ev == _lib.BG_PIPE_GAME:
                _check(lib.bg_decisions_flush(d, wfn, None, 1))
    finally:
        lib.bg_decisions_free(d)
        if p:
            lib.bg_pipeline_free(p)
    _no_record(matches, said)
    text = b"".join(out).decode("utf-8", "replace")
    return [_decision_row(json.loads(line)) for line in text.splitlines()]


def _met(met):
    """The match equity table of statistics(): gnubg's default for None,
    else the file met in gnubg's XML format (the caller frees it)."""
    if met is None:
        m = lib.bg_met_new()
        if not m:
            raise MemoryError("out of memory")
        return m
    with open(met, "rb") as f:
        data = f.read()
    m, err = c_void_p(), _lib.MetError()
    rc = lib.bg_met_read(byref(m), data, len(data), byref(err))
    if rc == -_BG_ENOMEM:
        raise MemoryError("out of memory")
    if rc < 0:
        raise ValueError("%s:%d:%d: %s" % (met, err.line, err.col,
                                           _dec(err.msg)))
    return m


def statistics(source, format="auto", rules=None, name=None, met=None):
    """gnubg's statistics of the analysis in source, as ``bgscore
    --statistics -T json`` writes them: a list of dicts, for each match
    one per game (its "scope" is "game", "game" its ordinal) then one
    for the match ("scope" "match", "game" None).  Each has "type"
    ("statistics"), "players" (the two names) and "checker", "luck",
    "cube" and "overall", each a list of two dicts, one per player,
    with the keys bgscore(1) lists (in a money session the keys ending
    in "_mwc" end in "_points").  source, format, rules and name are
    those of decisions(); met is the path of a match equity table in
    gnubg's XML format (default: gnubg's Kazaross-XG2).

    The figures are the library's (bg_stats_init(3)).  Raises OSError
    for a file that cannot be read, ValueError for a bad table or a
    score beyond it, ReadError as decisions() does."""
    data, name, rs, fmt = _input(source, format, rules, name)
    out = []
    wfn = _collect(out)
    m = _met(met)
    p = lib.bg_pipeline_new_mem(data, len(data), _enc(name))
    acc = _lib.StatsAcc()
    lib.bg_stats_acc_init(byref(acc), m, _lib.BG_OUT_JSON)
    try:
        if not p:
            raise MemoryError("out of memory")
        matches, said = 0, []
        for ev in _events(p, name, fmt, rs, said):
            matches += ev == _lib.BG_PIPE_MATCH
            rc = lib.bg_stats_acc_event(byref(acc), p, ev, wfn, None)
            if rc == -_BG_EINVAL:
                raise ValueError("%s: game %d: the score is beyond the "
                                 "match equity table (%d points)"
                                 % (name, acc.games, lib.bg_met_length(m)))
            _check(rc)
    finally:
        lib.bg_met_free(m)
        if p:
            lib.bg_pipeline_free(p)
    _no_record(matches, said)
    text = b"".join(out).decode("utf-8", "replace")
    return [json.loads(line) for line in text.splitlines()]


# GNU Backgammon's analysis (bganalyse(1)) is imported last, because it
# uses the functions above.
from ._analyse import Analysed, analyse  # noqa: E402
