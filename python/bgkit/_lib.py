# SPDX-License-Identifier: BSD-2-Clause
"""The ctypes declarations of libbgkit: the structures of bgkit.h and the
argument and return types of every function this package calls.

Private: the public API is in bgkit/__init__.py.  Every structure here
mirrors one of bgkit.h field by field; a change there must be made here.
"""
import ctypes
import ctypes.util
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char, c_char_p,
                    c_double, c_int, c_long, c_size_t, c_ubyte, c_uint,
                    c_void_p, c_byte)

BG_POSID_LEN = 14
BG_MATCHID_LEN = 12
BG_NOTE_MAXPATH = 8
BG_NOTE_MAXPT = 8
BG_FIBS_FIELDS = 53
BG_FIBS_NAMEMAX = 63


# The soname whose interface the declarations below mirror; the wheel
# carries the library under this name.
SONAME = "libbgkit.so.1"


def _candidates():
    """The places the library is looked for, in order (python/README.md
    says the same): $BGKIT_LIB, when set, alone; the copy the wheel
    carries, next to this file; the tree around the package; the
    installed soname, through the dynamic linker."""
    env = os.environ.get("BGKIT_LIB")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    p = os.path.join(here, SONAME)
    if os.path.exists(p):
        yield p
    # A checkout: python/bgkit/_lib.py -> lib/libbgkit.so.
    top = os.path.dirname(os.path.dirname(here))
    p = os.path.join(top, "lib", "libbgkit.so")
    if os.path.exists(p) and os.path.exists(os.path.join(top, "lib",
                                                         "bgkit.h")):
        yield p
    yield SONAME
    found = ctypes.util.find_library("bgkit")
    if found:
        yield found


def _load():
    errors = []
    env = os.environ.get("BGKIT_LIB")
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            # BGKIT_LIB names the library to use: do not look further.
            if env:
                raise OSError("bgkit: BGKIT_LIB=%s: %s" % (env, e)) from e
            errors.append(str(e))
    raise OSError("bgkit: libbgkit not found (install the package from "
                  "a wheel built in the bgkit tree, install the library "
                  "with make install, or set BGKIT_LIB to its path): " +
                  "; ".join(errors))


lib = _load()


class Board(Structure):
    _fields_ = [("pt", (c_ubyte * 26) * 2)]


class Step(Structure):
    _fields_ = [("from_", c_byte), ("to", c_byte)]


class Play(Structure):
    _fields_ = [("n", c_int), ("step", Step * 4), ("die", c_ubyte * 4),
                ("hit", c_ubyte * 4)]


class Path(Structure):
    _fields_ = [("npt", c_int), ("pt", c_byte * BG_NOTE_MAXPT),
                ("hit", c_ubyte * BG_NOTE_MAXPT), ("count", c_int)]


class FormatInfo(Structure):
    _fields_ = [("format", c_int), ("name", c_char_p), ("aliases", c_char_p),
                ("extensions", c_char_p), ("description", c_char_p),
                ("lost", c_char_p), ("can_read", c_int),
                ("can_write", c_int)]


class Notation(Structure):
    _fields_ = [("kind", c_int), ("dice", c_int * 2), ("npath", c_int),
                ("path", Path * BG_NOTE_MAXPATH)]


class Legal(Structure):
    _fields_ = [("play", Play), ("after", Board)]


class Resolved(Structure):
    _fields_ = [("code", c_int), ("point", c_int), ("nwarn", c_int),
                ("warn", c_int * 4), ("play", Play), ("after", Board),
                ("has_example", c_int), ("example", Play),
                ("ncand", c_int), ("cand", Play * 4)]


class MatchState(Structure):
    _fields_ = [("length", c_int), ("score", c_int * 2), ("cube", c_int),
                ("cube_owner", c_int), ("on_roll", c_int), ("turn", c_int),
                ("crawford", c_int), ("state", c_int), ("doubled", c_int),
                ("resign", c_int), ("dice", c_int * 2), ("jacoby", c_int),
                ("beaver", c_int), ("cube_max", c_int)]


class Diag(Structure):
    _fields_ = [("code", c_int), ("severity", c_int), ("line", c_int),
                ("col", c_int), ("game", c_int), ("move", c_int),
                ("side", c_int), ("dice", c_int * 2),
                ("detail", c_char * 80)]


class Record(Structure):
    _fields_ = [("kind", c_int), ("side", c_int), ("line", c_int),
                ("col", c_int), ("moveno", c_int), ("dice", c_int * 2),
                ("value", c_int), ("flags", c_uint), ("code", c_int),
                ("note", Notation), ("text", c_void_p), ("len", c_size_t)]


class Analysis(Structure):
    _fields_ = [("kind", c_int), ("line", c_int), ("side", c_int),
                ("rank", c_int), ("play", c_char_p), ("eval", c_char_p),
                ("equity", c_double), ("diff", c_double), ("probs", c_int),
                ("win", c_double * 2), ("gammon", c_double * 2),
                ("backgammon", c_double * 2), ("nodouble", c_double),
                ("take", c_double), ("pass_", c_double), ("proper", c_int)]


class Result(Structure):
    _fields_ = [("ended_by", c_int), ("winner", c_int), ("level", c_int),
                ("cube", c_int), ("points", c_int), ("score", c_int * 2),
                ("crawford", c_int), ("records", c_int)]


class ReplayPos(Structure):
    _fields_ = [("game", c_int), ("turn", c_int), ("rec", c_void_p),
                ("side", c_int), ("board", Board), ("ms", MatchState),
                ("played", c_int), ("play", Play), ("lost", c_int)]


class Ruleset(Structure):
    _fields_ = [("crawford", c_int), ("holland", c_int), ("jacoby", c_int),
                ("beavers", c_int), ("autodoubles", c_int),
                ("cubelimit", c_int), ("variant", c_int), ("cube", c_int)]


class Fibs(Structure):
    _fields_ = [("player", c_char * (BG_FIBS_NAMEMAX + 1)),
                ("opponent", c_char * (BG_FIBS_NAMEMAX + 1)),
                ("field", c_int * BG_FIBS_FIELDS)]


class DrawOpts(Structure):
    _fields_ = [("bottom", c_int), ("clockwise", c_int), ("variant", c_int),
                ("name", c_char_p * 2)]


class VariantInfo(Structure):
    _fields_ = [("id", c_int), ("name", c_char_p), ("title", c_char_p),
                ("checkers", c_int), ("start", c_ubyte * 26),
                ("flags", c_uint)]


class MovelineSetup(Structure):
    _fields_ = [("havepos", c_int), ("board", Board), ("ms", MatchState),
                ("variant", c_int), ("dice", c_int * 2), ("style", c_int),
                ("absolute", c_int)]


class Moveline(Structure):
    _fields_ = [("code", c_int), ("column", c_int), ("dice", c_int * 2),
                ("nwarn", c_int), ("warn", c_int * 4), ("position", c_int),
                ("move", c_char * 256),
                ("position_id", c_char * (BG_POSID_LEN + 1)),
                ("xgid", c_char * 128)]


REPLAY_FN = CFUNCTYPE(None, c_void_p, c_void_p)
# bg_write_fn(ctx, buf, n) returns the number of bytes written, or a
# negative number on failure.
WRITE_FN = CFUNCTYPE(c_long, c_void_p, c_void_p, c_size_t)

# bg_outfmt and bg_pipe_event.
BG_OUT_JSON = 1
BG_PIPE_MATCH = 1
BG_PIPE_GAME = 2
BG_PIPE_MATCH_END = 3

P = POINTER
class StatsSide(ctypes.Structure):
    """bg_stats_side: one player's tallies (bg_stats_init(3))."""
    _fields_ = [("moves", c_int), ("unforced", c_int),
                ("marks", c_int * 4), ("checker", ctypes.c_double * 2),
                ("rolls", c_int), ("luck_marks", c_int * 5),
                ("luck", ctypes.c_double * 2), ("cube", c_int),
                ("close", c_int), ("doubles", c_int), ("takes", c_int),
                ("passes", c_int), ("errors", c_int * 6),
                ("error", (ctypes.c_double * 2) * 6),
                ("result", ctypes.c_double)]


class Stats(ctypes.Structure):
    """bg_stats: a game's or a match's tallies."""
    _fields_ = [("length", c_int), ("games", c_int),
                ("side", StatsSide * 2)]


class StatsAcc(ctypes.Structure):
    """bg_stats_acc: a pipeline's statistics, game by game."""
    _fields_ = [("met", c_void_p), ("f", c_int), ("games", c_int),
                ("game", Stats), ("match", Stats)]


class MetError(ctypes.Structure):
    """bg_met_error: where a match equity table went wrong."""
    _fields_ = [("line", c_int), ("col", c_int), ("msg", ctypes.c_char * 96)]


_decl = [
    ("bg_version", c_char_p, []),
    ("bg_strerror", c_char_p, [c_int]),
    ("bg_code_name", c_char_p, [c_int]),
    ("bg_code_severity", c_int, [c_int]),
    ("bg_variant_get", P(VariantInfo), [c_int]),
    ("bg_variant_parse", c_int, [P(c_int), c_char_p]),
    ("bg_board_start", None, [P(Board), c_int]),
    ("bg_board_pips", c_int, [P(Board), c_int]),
    ("bg_board_checkers", c_int, [P(Board), c_int]),
    ("bg_board_check", c_int, [P(Board), c_int]),
    ("bg_dice_parse", c_int, [P(c_int), c_char_p, c_size_t]),
    ("bg_notation_parse", c_int, [P(Notation), c_char_p, c_size_t,
                                  P(c_size_t)]),
    ("bg_style_parse", c_int, [P(c_int), c_char_p]),
    ("bg_notation_format", c_int, [c_char_p, c_size_t, P(Notation), c_int]),
    ("bg_notation_from_play", None, [P(Notation), P(Play), c_int]),
    ("bg_play_from_notation", c_int, [P(Play), P(Notation)]),
    ("bg_play_format", c_int, [c_char_p, c_size_t, P(Play), c_int]),
    ("bg_movelist_new", c_void_p, []),
    ("bg_movelist_free", None, [c_void_p]),
    ("bg_movelist_count", c_size_t, [c_void_p]),
    ("bg_movelist_get", P(Legal), [c_void_p, c_size_t]),
    ("bg_rules_legal", c_int, [c_void_p, P(Board), c_int, P(c_int), c_int]),
    ("bg_notation_resolve", c_int, [P(Resolved), P(Notation), P(Board),
                                    c_int, P(c_int), c_int]),
    ("bg_matchstate_init", None, [P(MatchState), c_int]),
    ("bg_posid_encode", c_int, [c_char_p, c_size_t, P(Board), c_int]),
    ("bg_matchid_encode", c_int, [c_char_p, c_size_t, P(MatchState)]),
    ("bg_xgid_encode", c_int, [c_char_p, c_size_t, P(Board),
                               P(MatchState)]),
    ("bg_ogid_encode", c_int, [c_char_p, c_size_t, P(Board),
                               P(MatchState)]),
    ("bg_position_parse", c_int, [P(Board), P(MatchState), P(c_int),
                                  c_char_p, c_size_t]),
    ("bg_fibs_parse", c_int, [P(Fibs), c_char_p, c_size_t]),
    ("bg_fibs_format", c_int, [c_char_p, c_size_t, P(Fibs)]),
    ("bg_fibs_to_position", c_int, [P(Board), P(MatchState), P(Fibs),
                                    c_int]),
    ("bg_fibs_from_position", c_int, [P(Fibs), P(Board), P(MatchState),
                                      c_int, c_char_p, c_char_p]),
    ("bg_drawopts_init", None, [P(DrawOpts)]),
    ("bg_draw_text", c_int, [c_char_p, c_size_t, P(Board), P(MatchState),
                             P(DrawOpts)]),
    ("bg_draw_svg", c_int, [c_char_p, c_size_t, P(Board), P(MatchState),
                            P(DrawOpts)]),
    ("bg_match_length", c_int, [c_void_p]),
    ("bg_match_line", c_int, [c_void_p]),
    ("bg_match_player", c_char_p, [c_void_p, c_int]),
    ("bg_match_source", c_char_p, [c_void_p]),
    ("bg_match_tag_count", c_size_t, [c_void_p]),
    ("bg_match_tag_key", c_char_p, [c_void_p, c_size_t]),
    ("bg_match_tag_value", c_char_p, [c_void_p, c_size_t]),
    ("bg_match_comment_count", c_size_t, [c_void_p]),
    ("bg_match_comment", c_char_p, [c_void_p, c_size_t]),
    ("bg_game_number", c_int, [c_void_p]),
    ("bg_game_line", c_int, [c_void_p]),
    ("bg_game_score_line", c_int, [c_void_p]),
    ("bg_game_player", c_char_p, [c_void_p, c_int]),
    ("bg_game_rating", c_char_p, [c_void_p, c_int]),
    ("bg_game_score", c_int, [c_void_p, c_int]),
    ("bg_game_record_count", c_size_t, [c_void_p]),
    ("bg_game_record", c_void_p, [c_void_p, c_size_t]),
    ("bg_game_analysis_count", c_size_t, [c_void_p]),
    ("bg_game_analysis", P(Analysis), [c_void_p, c_size_t]),
    ("bg_game_diagram", c_char_p, [c_void_p]),
    ("bg_reader_new_mem", c_void_p, [c_char_p, c_size_t, c_char_p]),
    ("bg_reader_free", None, [c_void_p]),
    ("bg_reader_next_match", c_int, [c_void_p, P(c_void_p)]),
    ("bg_reader_next_game", c_int, [c_void_p, P(c_void_p)]),
    ("bg_reader_diag_count", c_size_t, [c_void_p]),
    ("bg_reader_diag", P(Diag), [c_void_p, c_size_t]),
    ("bg_reader_set_format", c_int, [c_void_p, c_int]),
    ("bg_reader_format", c_int, [c_void_p]),
    ("bg_format_parse", c_int, [P(c_int), c_char_p]),
    ("bg_format_name", c_char_p, [c_int]),
    ("bg_format_list", c_int, [P(FormatInfo), c_size_t]),
    ("bg_ruleset_init", None, [P(Ruleset)]),
    ("bg_ruleset_parse", c_int, [P(Ruleset), c_char_p, c_size_t,
                                 P(c_size_t)]),
    ("bg_ruleset_explain", c_int, [c_char_p, c_size_t, c_char_p, c_size_t,
                                   c_size_t]),
    ("bg_replay_new", c_void_p, []),
    ("bg_replay_free", None, [c_void_p]),
    ("bg_replay_set_rules", None, [c_void_p, P(Ruleset)]),
    ("bg_replay_match", c_int, [c_void_p, c_void_p]),
    ("bg_replay_game", c_int, [c_void_p, c_void_p]),
    ("bg_replay_end", c_int, [c_void_p]),
    ("bg_replay_diag_count", c_size_t, [c_void_p]),
    ("bg_replay_diag", P(Diag), [c_void_p, c_size_t]),
    ("bg_diag_merge", c_size_t, [P(P(Diag)), c_size_t, c_void_p, c_void_p,
                                 P(c_int)]),
    ("bg_replay_result", P(Result), [c_void_p]),
    ("bg_replay_variant", c_int, [c_void_p]),
    ("bg_replay_set_callback", None, [c_void_p, REPLAY_FN, c_void_p]),
    ("bg_moveline_setup_init", c_int, [P(MovelineSetup), c_char_p, c_char_p,
                                       c_char_p, c_int, c_char_p, c_size_t]),
    ("bg_moveline_check", c_int, [P(Moveline), P(MovelineSetup), c_char_p,
                                  c_size_t, c_char_p, c_size_t,
                                  P(c_size_t)]),
    ("bg_moveline_format", c_int, [c_char_p, c_size_t, P(Moveline), c_int,
                                   c_int]),
    ("bg_pipeline_new_mem", c_void_p, [c_char_p, c_size_t, c_char_p]),
    ("bg_pipeline_free", c_int, [c_void_p]),
    ("bg_pipeline_set_format", c_int, [c_void_p, c_int]),
    ("bg_pipeline_set_rules", None, [c_void_p, P(Ruleset)]),
    # The callback is a C function of the library (bg_decisions_pos),
    # given by its address.
    ("bg_pipeline_set_callback", None, [c_void_p, c_void_p, c_void_p]),
    ("bg_pipeline_next", c_int, [c_void_p]),
    ("bg_pipeline_diag_count", c_size_t, [c_void_p]),
    ("bg_pipeline_diag", P(Diag), [c_void_p, c_size_t]),
    ("bg_pipeline_name", c_char_p, [c_void_p]),
    ("bg_decisions_new", c_void_p, [c_int]),
    ("bg_decisions_free", None, [c_void_p]),
    ("bg_decisions_match", c_int, [c_void_p, c_void_p]),
    ("bg_decisions_flush", c_int, [c_void_p, WRITE_FN, c_void_p, c_int]),
    # Statistics (bg_stats_init(3)).
    ("bg_pipeline_match", c_void_p, [c_void_p]),
    ("bg_pipeline_game", c_void_p, [c_void_p]),
    ("bg_pipeline_result", c_void_p, [c_void_p]),
    ("bg_pipeline_player", c_char_p, [c_void_p, c_int]),
    ("bg_match_length", c_int, [c_void_p]),
    ("bg_met_new", c_void_p, []),
    ("bg_met_read", c_int, [P(c_void_p), c_char_p, c_size_t, P(MetError)]),
    ("bg_met_free", None, [c_void_p]),
    ("bg_met_length", c_int, [c_void_p]),
    ("bg_stats_init", None, [P(Stats), c_int]),
    ("bg_stats_game", c_int, [P(Stats), c_void_p, c_void_p, c_void_p]),
    ("bg_stats_add", None, [P(Stats), P(Stats)]),
    ("bg_stats_write", c_int, [WRITE_FN, c_void_p, c_int, P(Stats), c_int,
                               P(c_char_p)]),
    ("bg_stats_acc_init", None, [P(StatsAcc), c_void_p, c_int]),
    ("bg_stats_acc_event", c_int, [P(StatsAcc), c_void_p, c_int, WRITE_FN,
                                   c_void_p]),
]
for _name, _res, _args in _decl:
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args
del _name, _res, _args, _f

# The address of bg_decisions_pos, a bg_replay_fn, for
# bg_pipeline_set_callback.
DECISIONS_POS = ctypes.cast(lib.bg_decisions_pos, c_void_p).value

SIZEOF_POS = ctypes.sizeof(ReplayPos)
OFF_REC = ReplayPos.rec.offset
SIZEOF_RECORD = ctypes.sizeof(Record)
OFF_TEXT = Record.text.offset
OFF_LEN = Record.len.offset
