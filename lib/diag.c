/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * diag.c: the message catalogue.  Every code the library can return or
 * raise has one row here: its severity, a stable name for machines and a
 * text for people.  And the list of diagnostics that the readers, the
 * replay and the writers keep (diag_int.h).  Part of libbgkit; callers
 * use bg_strerror() and friends from bgkit.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "diag_int.h"

struct diag {
	bg_severity	 sev;
	const char	*name;
	const char	*text;
};

static const struct diag catalogue[BG_CODE_COUNT] = {
	[BG_OK] = { BG_SEV_NONE, "ok", "no error" },
	[BG_ENOMEM] = { BG_SEV_SYSTEM, "no_memory", "out of memory" },
	[BG_EINVAL] = { BG_SEV_SYSTEM, "invalid_argument",
	    "invalid argument" },
	[BG_ESYNTAX] = { BG_SEV_ERROR, "syntax", "unexpected character" },
	[BG_EPOINT] = { BG_SEV_ERROR, "bad_point",
	    "point out of range: expected 1 to 24, bar or off" },
	[BG_ESLASH] = { BG_SEV_ERROR, "bad_slash",
	    "'/' needs a point on each side" },
	[BG_ECOUNT] = { BG_SEV_ERROR, "bad_count",
	    "repeat count must be (2), (3) or (4)" },
	[BG_EFROMOFF] = { BG_SEV_ERROR, "move_from_off",
	    "a checker cannot move from off" },
	[BG_ETOBAR] = { BG_SEV_ERROR, "move_to_bar",
	    "a checker cannot move to the bar" },
	[BG_EBACKWARD] = { BG_SEV_ERROR, "move_backward",
	    "a checker cannot move away from home" },
	[BG_ETOOMANY] = { BG_SEV_ERROR, "too_many_moves",
	    "more than four checker moves" },
	[BG_EDICESYNTAX] = { BG_SEV_ERROR, "bad_dice",
	    "dice must be two digits from 1 to 6" },
	[BG_EEMPTY] = { BG_SEV_ERROR, "empty_move", "empty move" },
	[BG_EPOSID] = { BG_SEV_ERROR, "bad_position_id",
	    "malformed Position ID" },
	[BG_EMATCHID] = { BG_SEV_ERROR, "bad_match_id",
	    "malformed Match ID" },
	[BG_EXGID] = { BG_SEV_ERROR, "bad_xgid", "malformed XGID" },
	[BG_ECHECKERS] = { BG_SEV_ERROR, "too_many_checkers",
	    "more checkers than the variant has" },
	[BG_EOVERLAP] = { BG_SEV_ERROR, "shared_point",
	    "both sides have checkers on one point" },
	[BG_EPOSITION] = { BG_SEV_ERROR, "bad_position",
	    "not a Position ID, PID:MID, XGID, OGID or start position" },
	[BG_EVARIANT] = { BG_SEV_ERROR, "bad_variant", "unknown variant" },
	[BG_ENOCHECKER] = { BG_SEV_ERROR, "no_checker",
	    "no checker to move" },
	[BG_EBAR] = { BG_SEV_ERROR, "must_enter_from_bar",
	    "a checker on the bar must enter first" },
	[BG_EBLOCKED] = { BG_SEV_ERROR, "blocked_point",
	    "point is blocked" },
	[BG_ENOTHOME] = { BG_SEV_ERROR, "bear_off_not_all_home",
	    "cannot bear off while checkers are outside the home board" },
	[BG_EBEAROFF] = { BG_SEV_ERROR, "bear_off_from_lower_point",
	    "a higher die bears off only from the highest point" },
	[BG_EDICE] = { BG_SEV_ERROR, "play_does_not_match_dice",
	    "play does not match the dice" },
	[BG_EFEWDICE] = { BG_SEV_ERROR, "not_all_dice_used",
	    "play uses fewer dice than it can" },
	[BG_ELARGER] = { BG_SEV_ERROR, "larger_die_not_played",
	    "only one die can be played and it must be the larger" },
	[BG_ENOPLAY] = { BG_SEV_ERROR, "no_play_but_legal_plays_exist",
	    "no play written but the roll can be played" },
	[BG_EMOSTPIPS] = { BG_SEV_ERROR, "bear_off_not_most_pips",
	    "bearing off, the play must use the most pips" },
	[BG_EHITRUN] = { BG_SEV_ERROR, "hit_and_run_bearing_off",
	    "bearing off, a hitting checker cannot move on" },
	[BG_EAMBIGUOUS] = { BG_SEV_ERROR, "ambiguous_play",
	    "the text matches several plays" },
	[BG_WHITUNMARKED] = { BG_SEV_WARNING, "hit_not_marked",
	    "hit not marked with '*'" },
	[BG_WHITEXTRA] = { BG_SEV_WARNING, "hit_marker_without_hit",
	    "'*' marks a point where nothing is hit" },
	[BG_EIO] = { BG_SEV_SYSTEM, "read_error", "read error" },
	[BG_ENOMATCH] = { BG_SEV_ERROR, "no_match_line",
	    "no 'N point match' line: not a .mat match record" },
	[BG_EMATLINE] = { BG_SEV_ERROR, "unparseable_line",
	    "unrecognised line" },
	[BG_ECELL] = { BG_SEV_ERROR, "unparseable_entry",
	    "unrecognised entry in a move column" },
	[BG_ESCORE] = { BG_SEV_ERROR, "bad_score_line",
	    "expected a score line 'Name : score   Name : score'" },
	[BG_ELONGLINE] = { BG_SEV_ERROR, "line_too_long",
	    "line too long: only its first 65536 bytes are read" },
	[BG_ECELLS] = { BG_SEV_ERROR, "too_many_entries",
	    "more than two entries on one line" },
	[BG_WEOF] = { BG_SEV_WARNING, "unexpected_eof",
	    "the file ends inside a game: the last game has no result" },
	[BG_WENCODING] = { BG_SEV_WARNING, "bad_encoding",
	    "text is not valid UTF-8 or UTF-16: bad bytes read as Latin-1" },
	[BG_WSPELLING] = { BG_SEV_WARNING, "non_canonical_spelling",
	    "non-canonical spelling" },
	[BG_ETURN] = { BG_SEV_ERROR, "out_of_turn",
	    "this side is not the one to act" },
	[BG_EDOUBLEOWNER] = { BG_SEV_ERROR, "double_without_cube",
	    "only the player holding the cube, or either when it is centred, "
	    "may double" },
	[BG_ECRAWFORD] = { BG_SEV_ERROR, "double_in_crawford_game",
	    "no doubling in the Crawford game" },
	[BG_ENOCUBE] = { BG_SEV_ERROR, "double_without_cube_play",
	    "the cube is not used in this game" },
	[BG_ECUBEVALUE] = { BG_SEV_ERROR, "wrong_cube_value",
	    "the new cube value is not twice the cube" },
	[BG_ENODOUBLE] = { BG_SEV_ERROR, "answer_without_double",
	    "take, drop or beaver without a double" },
	[BG_EANSWER] = { BG_SEV_ERROR, "double_not_answered",
	    "a double must be answered by a take or a drop" },
	[BG_EAFTEREND] = { BG_SEV_ERROR, "record_after_end",
	    "the game is over; nothing may follow but its result" },
	[BG_EWINPOINTS] = { BG_SEV_ERROR, "wrong_points",
	    "the points won do not match the game" },
	[BG_ERESIGN] = { BG_SEV_ERROR, "bad_resignation",
	    "a resignation is worth 1, 2 or 3 times the cube" },
	[BG_EWINNER] = { BG_SEV_ERROR, "wrong_winner",
	    "the result names the player who lost" },
	[BG_ESCORELINE] = { BG_SEV_ERROR, "wrong_score",
	    "the score does not follow from the results" },
	[BG_ENORESULT] = { BG_SEV_ERROR, "game_without_result",
	    "the game stops without a result" },
	[BG_EMATCHOVER] = { BG_SEV_ERROR, "game_after_match_end",
	    "a game after the match was won" },
	[BG_EJACOBY] = { BG_SEV_ERROR, "inconsistent_jacoby",
	    "gammons are scored both with and without the Jacoby rule" },
	[BG_WUNFINISHED] = { BG_SEV_WARNING, "unfinished_game",
	    "the last game has no result" },
	[BG_ERULES] = { BG_SEV_ERROR, "bad_rules",
	    "bad rules: expected key=value,... with the keys crawford, "
	    "holland, jacoby, beavers, autodoubles, cubelimit, variant, cube" },
	[BG_EHOLLAND] = { BG_SEV_ERROR, "holland_rule",
	    "Holland rule: after the Crawford game the trailer may double "
	    "only after each side has rolled twice" },
	[BG_EBEAVER] = { BG_SEV_ERROR, "beaver_not_allowed",
	    "beavers are not allowed here, or not that many" },
	[BG_ECUBELIMIT] = { BG_SEV_ERROR, "cube_limit",
	    "the double goes beyond the cube limit" },
	[BG_WJACOBYMAT] = { BG_SEV_WARNING, "jacoby_full_value_written",
	    "the Jacoby rule makes this win single; GNU Backgammon writes "
	    "its full value in .mat" },
	[BG_WAUTODOUBLE] = { BG_SEV_WARNING, "automatic_double_inferred",
	    "an automatic double, which .mat cannot show, is inferred from "
	    "the score" },
	[BG_WNOTREPLAYED] = { BG_SEV_WARNING, "not_replayed",
	    "the replay cannot follow this record; the rest of the game is "
	    "not checked" },
	[BG_ESGF] = { BG_SEV_ERROR, "sgf_syntax", "malformed SGF" },
	[BG_ESGFVALUE] = { BG_SEV_ERROR, "sgf_bad_value",
	    "bad SGF property value" },
	[BG_ENOTBG] = { BG_SEV_ERROR, "sgf_not_backgammon",
	    "not a backgammon game (GM is not 6); skipped" },
	[BG_WVARIATION] = { BG_SEV_WARNING, "sgf_variation",
	    "SGF variation not read: only the main line is kept" },
	[BG_EJSON] = { BG_SEV_ERROR, "json_syntax",
	    "malformed JSON record line" },
	[BG_WLOST] = { BG_SEV_WARNING, "not_written",
	    "the output format cannot hold this" },
	[BG_EFIBS] = { BG_SEV_ERROR, "bad_fibs_board",
	    "malformed FIBS board line" },
	[BG_EBINARY] = { BG_SEV_ERROR, "binary_data",
	    "binary data, not a match record bgkit reads" },
	[BG_ENOINPUT] = { BG_SEV_ERROR, "empty_input",
	    "empty input: no match record" },
	[BG_EXG] = { BG_SEV_ERROR, "xg_malformed",
	    "malformed eXtreme Gammon file" },
	[BG_WNOTREAD] = { BG_SEV_WARNING, "not_read",
	    "part of the input not read: the record model cannot hold it" },
	[BG_WANALYSIS] = { BG_SEV_WARNING, "bad_analysis",
	    "an analysis property not read: it is kept as written" },
	[BG_WMATCHWORD] = { BG_SEV_WARNING, "match_not_won",
	    "the result says 'and the match', but the match is not won" },
	[BG_ESNOWIE] = { BG_SEV_ERROR, "snowie_malformed",
	    "malformed Snowie position line" },
	[BG_EJFPOS] = { BG_SEV_ERROR, "pos_malformed",
	    "malformed Jellyfish .pos file" },
	[BG_EGNUBGTEXT] = { BG_SEV_ERROR, "gnubgtext_malformed",
	    "a line of GNU Backgammon's text log not understood" },
	[BG_EARCHIVE] = { BG_SEV_SYSTEM, "archive_error",
	    "damaged compressed or archived input" },
	[BG_WILLEGALPLAY] = { BG_SEV_WARNING, "illegal_play",
	    "an illegal play is recorded: the game goes on from the board "
	    "the entry gives" },
	[BG_EOGID] = { BG_SEV_ERROR, "bad_ogid", "malformed OGID" },
	[BG_EFIBSLOG] = { BG_SEV_ERROR, "fibslog_no_match",
	    "a FIBS session log without a game of a match" },
	[BG_WFIBSLOG] = { BG_SEV_WARNING, "fibslog_gap",
	    "a step of the FIBS log cannot be derived from it" },
	[BG_EOLDMOVES] = { BG_SEV_ERROR, "oldmoves_malformed",
	    "a line of FIBS oldmoves not understood" },
	[BG_EPOSTEXT] = { BG_SEV_ERROR, "postext_malformed",
	    "malformed position text export" },
	[BG_EDIAGRAM] = { BG_SEV_ERROR, "diagram_mismatch",
	    "the diagram disagrees with the XGID" },
};

static const struct diag *
lookup(int code)
{
	if (code < 0)
		code = -code;
	if (code >= BG_CODE_COUNT || catalogue[code].name == 0)
		return 0;
	return &catalogue[code];
}

const char *
bg_strerror(int code)
{
	const struct diag *d = lookup(code);

	return d ? d->text : "unknown error";
}

const char *
bg_code_name(int code)
{
	const struct diag *d = lookup(code);

	return d ? d->name : "unknown";
}

bg_severity
bg_code_severity(int code)
{
	const struct diag *d = lookup(code);

	return d ? d->sev : BG_SEV_ERROR;
}

int
bg_code_parse(const char *name)
{
	size_t n;
	int c;

	for (c = 0; name != NULL && c < BG_CODE_COUNT; c++) {
		if (catalogue[c].name == NULL)
			continue;
		for (n = 0; catalogue[c].name[n] != '\0' && (name[n] ==
		    catalogue[c].name[n] || (name[n] == '-' &&
		    catalogue[c].name[n] == '_')); n++)
			continue;
		if (catalogue[c].name[n] == '\0' && name[n] == '\0')
			return c;
	}
	return -BG_EINVAL;
}

/* A filter has room for every code (C99 has no static assertion). */
typedef char filter_room[BG_CODE_COUNT <=
    (int)sizeof ((bg_diagfilter *)0)->off ? 1 : -1];

void
bg_diagfilter_init(bg_diagfilter *f)
{
	memset(f, 0, sizeof *f);
}

int
bg_diagfilter_set(bg_diagfilter *f, int code, int on)
{
	if (code < 0)
		code = -code;
	if (bg_code_severity(code) != BG_SEV_WARNING ||
	    lookup(code) == NULL)
		return -BG_EINVAL;
	f->off[code] = on == 0;
	return 0;
}

int
bg_diagfilter_shows(const bg_diagfilter *f, int code)
{
	if (code < 0)
		code = -code;
	return f == NULL || code >= BG_CODE_COUNT || !f->off[code];
}

const char *
bg_version(void)
{
	return BG_VERSION;
}

/* ------------------------------------------------- the list of diagnostics */

void
diaglist_addf(struct diaglist *l, int *err, int code, int line, int col,
    int game, const char *fmt, ...)
{
	char t[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	if (diaglist_add(l, code, line, col, game, 0, -1, NULL, t,
	    strlen(t)) < 0)
		*err = -BG_ENOMEM;
}

void
diag_bytes(char *t, size_t size, const char *head, const unsigned char *p,
    size_t n, int more)
{
	static const char hex[] = "0123456789abcdef";
	char e[4];
	size_t i, o, k;

	if (size == 0)
		return;
	o = (size_t)snprintf(t, size, "%s", head);
	if (o >= size)
		o = size - 1;
	/*
	 * Room for " ..." is kept unless the last byte shown is the
	 * input's last.
	 */
	for (i = 0; i < n && i < DIAG_BYTES; i++) {
		if (p[i] >= 0x20 && p[i] < 0x7f && p[i] != '\\')
			e[0] = (char)p[i], k = 1;
		else if (p[i] == '\\' || p[i] == '\t' || p[i] == '\n' ||
		    p[i] == '\r') {
			e[0] = '\\';
			e[1] = p[i] == '\t' ? 't' : p[i] == '\n' ? 'n' :
			    p[i] == '\r' ? 'r' : '\\';
			k = 2;
		} else {
			e[0] = '\\';
			e[1] = 'x';
			e[2] = hex[p[i] >> 4];
			e[3] = hex[p[i] & 15];
			k = 4;
		}
		if (o + k + (i + 1 < n || more ? 4 : 0) >= size)
			break;
		memcpy(t + o, e, k);
		o += k;
	}
	if ((i < n || more) && o + 4 < size) {
		memcpy(t + o, " ...", 4);
		o += 4;
	}
	t[o] = '\0';
}

int
diaglist_add(struct diaglist *l, int code, int line, int col, int game,
    int move, int side, const int dice[2], const char *text, size_t len)
{
	bg_diag *d;

	if (l->n == l->cap) {
		size_t c = l->cap ? l->cap * 2 : 16;
		bg_diag *nd;

		if (c > (size_t)-1 / sizeof *nd ||
		    (nd = realloc(l->d, c * sizeof *nd)) == NULL)
			return -BG_ENOMEM;
		l->d = nd;
		l->cap = c;
	}
	d = &l->d[l->n++];
	memset(d, 0, sizeof *d);
	d->code = code;
	d->severity = bg_code_severity(code);
	d->line = line;
	d->col = col;
	d->game = game;
	d->move = move;
	d->side = side;
	if (dice != NULL) {
		d->dice[0] = dice[0];
		d->dice[1] = dice[1];
	}
	if (text != NULL) {
		if (len >= sizeof d->detail) {
			len = sizeof d->detail - 1;
			while (len > 0 &&
			    ((unsigned char)text[len] & 0xc0) == 0x80)
				len--;
		}
		memcpy(d->detail, text, len);
		d->detail[len] = '\0';
	}
	return 0;
}

void
diaglist_free(struct diaglist *l)
{
	free(l->d);
	memset(l, 0, sizeof *l);
}
