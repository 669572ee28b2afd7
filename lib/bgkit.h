/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgkit.h: the public interface of libbgkit, a library for backgammon
 * notation, positions and game records.  This is the only installed
 * header; it includes nothing but the C standard library.
 *
 * The main lifecycle, for a program that checks one play:
 *
 *	bg_board b;
 *	bg_matchstate ms;
 *	bg_notation n;
 *	bg_resolved r;
 *	size_t col;
 *
 *	const char *id = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10";
 *
 *	bg_xgid_decode(&b, &ms, id, strlen(id), BG_VARIANT_STANDARD);
 *	if (bg_notation_parse(&n, "13/8 13/11", 10, &col) < 0)
 *		... syntax error at byte col ...
 *	if (bg_notation_resolve(&r, &n, &b, ms.on_roll, ms.dice,
 *	    BG_VARIANT_STANDARD) < 0)
 *		... r.code names the rule broken, r.example a legal play ...
 *	bg_play_format(buf, sizeof buf, &r.play, BG_STYLE_GNUBG);
 *
 * and to list every legal play of a roll:
 *
 *	bg_movelist *ml = bg_movelist_new();
 *	bg_rules_legal(ml, &b, side, dice, BG_VARIANT_STANDARD);
 *	for (i = 0; i < bg_movelist_count(ml); i++)
 *		... bg_movelist_get(ml, i)->play, ->after ...
 *	bg_movelist_free(ml);
 *
 * Conventions.  A call that can fail returns int: 0 or more on success, a
 * negative BG_E* code on failure; bg_strerror() gives its text.  Strings
 * go into the caller's buffer and the call returns the length it needed
 * (not counting the NUL); when that is not less than the buffer's size
 * the output is incomplete and must not be used: call again with a larger
 * buffer.
 * Small values (boards, plays, dice, match state) are plain structs that
 * copy freely; stateful objects are opaque, made by _new and released by
 * _free, and _free(NULL) does nothing.  The library never prints, never
 * exits, reads no environment and keeps no global mutable state: distinct
 * objects may be used from distinct threads.
 *
 * Sides.  Side 0 is gnubg's player 0: the left column of a .mat file,
 * SGF White, the top player (O) of gnubg's board and of an XGID.  Side 1
 * is the right column, SGF Black, the bottom (upper-case) XGID player.
 * Points are numbered from each side's own view: 1 is its ace point, 24
 * its farthest point, 25 (BG_BAR) its bar and 0 (BG_OFF) its tray.
 */
#ifndef BGKIT_H
#define BGKIT_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BG_VERSION "0.2.0"
const char *bg_version(void);

/* ---------------------------------------------------------------- codes */

/*
 * The message catalogue: every error and warning the library can raise.
 * One sign convention: a function returns the negated code, a structure
 * field (bg_diag, bg_record, bg_verdict, bg_resolved, bg_moveline) holds
 * it positive; bg_strerror() and bg_code_name() accept either sign.
 */
typedef enum bg_code {
	BG_OK = 0,
	/* system */
	BG_ENOMEM,		/* out of memory */
	BG_EINVAL,		/* invalid argument */
	/* notation syntax */
	BG_ESYNTAX,		/* unexpected character */
	BG_EPOINT,		/* point number out of range */
	BG_ESLASH,		/* '/' without a point on both sides */
	BG_ECOUNT,		/* bad repeat count (n) */
	BG_EFROMOFF,		/* a move from off */
	BG_ETOBAR,		/* a move to the bar */
	BG_EBACKWARD,		/* a move away from home */
	BG_ETOOMANY,		/* more than four checker moves */
	BG_EDICESYNTAX,		/* bad dice */
	BG_EEMPTY,		/* empty move */
	/* position and match identifiers */
	BG_EPOSID,		/* malformed Position ID */
	BG_EMATCHID,		/* malformed Match ID */
	BG_EXGID,		/* malformed XGID */
	BG_ECHECKERS,		/* too many checkers for the variant */
	BG_EOVERLAP,		/* both sides on one point */
	BG_EPOSITION,		/* unrecognised position */
	BG_EVARIANT,		/* unknown variant */
	/* rules */
	BG_ENOCHECKER,		/* no checker of the mover on the source */
	BG_EBAR,		/* checker on the bar must enter first */
	BG_EBLOCKED,		/* destination held by the opponent */
	BG_ENOTHOME,		/* bearing off with checkers outside home */
	BG_EBEAROFF,		/* overage bear-off while a higher point holds */
	BG_EDICE,		/* play does not match the dice */
	BG_EFEWDICE,		/* play uses fewer dice than possible */
	BG_ELARGER,		/* the larger die must be played */
	BG_ENOPLAY,		/* no play written but a play exists */
	BG_EMOSTPIPS,		/* Tavla: bear-off play must use the most pips */
	BG_EHITRUN,		/* Tavla: hitting checker moved on while bearing off */
	BG_EAMBIGUOUS,		/* several plays match the text */
	/* warnings */
	BG_WHITUNMARKED,	/* a hit without its '*' */
	BG_WHITEXTRA,		/* a '*' where nothing is hit */
	/* reading match records (.mat) */
	BG_EIO,			/* read error */
	BG_ENOMATCH,		/* no "N point match" line */
	BG_EMATLINE,		/* unrecognised line */
	BG_ECELL,		/* unrecognised entry in a move column */
	BG_ESCORE,		/* no or malformed score line after "Game N" */
	BG_ELONGLINE,		/* line too long */
	BG_WEOF,		/* file ends inside a game */
	BG_WENCODING,		/* invalid UTF-8 or UTF-16 text */
	BG_WSPELLING,		/* non-canonical spelling of a keyword */
	BG_ECELLS,		/* more than two entries on one line */
	/* replaying a record */
	BG_ETURN,		/* a record by the side not on turn */
	BG_EDOUBLEOWNER,	/* double by the side not holding the cube */
	BG_ECRAWFORD,		/* double in the Crawford game */
	BG_ENOCUBE,		/* double where the cube is not used */
	BG_ECUBEVALUE,		/* written cube value is not twice the cube */
	BG_ENODOUBLE,		/* take, drop or beaver without a double */
	BG_EANSWER,		/* a double not answered by take or drop */
	BG_EAFTEREND,		/* a record after the end of the game */
	BG_EWINPOINTS,		/* "Wins" does not match the points won */
	BG_ERESIGN,		/* resignation not 1, 2 or 3 times the cube */
	BG_EWINNER,		/* "Wins" in the loser's column */
	BG_ESCORELINE,		/* score line does not follow the results */
	BG_ENORESULT,		/* a game stops without a result */
	BG_EMATCHOVER,		/* a game after the end of the match */
	BG_EJACOBY,		/* gammons scored both with and without Jacoby */
	BG_WUNFINISHED,		/* the last game has no result */
	BG_WNOTREPLAYED,	/* a record the replay cannot follow */
	/* rules (bg_ruleset) */
	BG_ERULES,		/* bad -r rules text */
	BG_EHOLLAND,		/* Holland rule: trailer doubles too early */
	BG_EBEAVER,		/* beaver not allowed, or one too many */
	BG_ECUBELIMIT,		/* double beyond the cube limit */
	BG_WJACOBYMAT,		/* gnubg's .mat: a Jacoby gammon at full value */
	BG_WAUTODOUBLE,		/* automatic double inferred from the score */
	/* SGF and JSON records, writers */
	BG_ESGF,		/* malformed SGF */
	BG_ESGFVALUE,		/* bad SGF property value */
	BG_ENOTBG,		/* an SGF game that is not backgammon */
	BG_WVARIATION,		/* an SGF variation not read */
	BG_EJSON,		/* malformed JSON record line */
	BG_WLOST,		/* the output format cannot hold it */
	BG_EFIBS,		/* malformed FIBS board line */
	/* any input; eXtreme Gammon's binary files */
	BG_EBINARY,		/* binary data that is no record bgkit reads */
	BG_ENOINPUT,		/* no bytes, or only blanks */
	BG_EXG,			/* malformed eXtreme Gammon file */
	BG_WNOTREAD,		/* a part of the input not read (XG analysis) */
	/* the replay, again */
	BG_WMATCHWORD,		/* "and the match" on a game that does not
				   win it */
	/* position files */
	BG_ESNOWIE,		/* malformed Snowie position line */
	BG_EJFPOS,		/* malformed Jellyfish .pos file */
	BG_EGNUBGTEXT,		/* a gnubg text log line not understood */
	/* the source under the reader */
	BG_EARCHIVE,		/* damaged compressed or archived input */
	/* the replay, again */
	BG_WILLEGALPLAY,	/* Snowie's "Illegal play (...)": the game
				   goes on from the board it gives */
	BG_EOGID,		/* malformed OGID */
	/* FIBS records */
	BG_EFIBSLOG,		/* a FIBS session log with no match */
	BG_WFIBSLOG,		/* a step of a FIBS log not derived */
	BG_EOLDMOVES,		/* a FIBS oldmoves line not understood */
	/* position text exports */
	BG_EPOSTEXT,		/* malformed position text export */
	BG_EDIAGRAM,		/* its diagram disagrees with its XGID */
	/* the engine's analysis */
	BG_WANALYSIS,		/* a malformed analysis property, kept */
	BG_CODE_COUNT
} bg_code;

typedef enum bg_severity {
	BG_SEV_NONE,
	BG_SEV_WARNING,
	BG_SEV_ERROR,
	BG_SEV_SYSTEM
} bg_severity;

/* Return the English text of a code ("point is blocked"), a static
 * string. */
const char *bg_strerror(int code);
/* Return the stable identifier of a code ("blocked_point"), a static
 * string, for JSON. */
const char *bg_code_name(int code);
bg_severity bg_code_severity(int code);
/*
 * Return the code whose name bg_code_name() gives, reading '-' as '_'
 * (so "hit-not-marked" works too): 0 or a positive code, or -BG_EINVAL
 * for a name the catalogue does not have.
 */
int bg_code_parse(const char *name);

/*
 * Which diagnostics are given: the kinds of warning turned off by name
 * (bgcheck -w no-NAME).  A plain value; bg_diagfilter_init() turns every
 * kind on.  Errors cannot be turned off.
 */
typedef struct bg_diagfilter {
	unsigned char	off[256];	/* by code: 1 when turned off */
} bg_diagfilter;
void bg_diagfilter_init(bg_diagfilter *f);
/*
 * Turn the warnings of code on (when on is not 0) or off.  Return 0, or
 * -BG_EINVAL when code is not a warning.
 */
int bg_diagfilter_set(bg_diagfilter *f, int code, int on);
/* Return 1 when filter f lets a diagnostic of code through (it lets
 * every error through), else 0. */
int bg_diagfilter_shows(const bg_diagfilter *f, int code);

/* ------------------------------------------------------------- variants */

typedef enum bg_variant {
	BG_VARIANT_UNSTATED = -1,	/* bg_ruleset: the record says */
	BG_VARIANT_STANDARD,
	BG_VARIANT_NACKGAMMON,
	BG_VARIANT_HYPER1,
	BG_VARIANT_HYPER2,
	BG_VARIANT_HYPER3,
	BG_VARIANT_TAVLA,
	BG_VARIANT_COUNT
} bg_variant;

/* Rule flags of a variant. */
#define BG_VF_CUBE		0x01	/* the doubling cube is used */
#define BG_VF_BACKGAMMON	0x02	/* backgammons score triple */
#define BG_VF_MOSTPIPS		0x04	/* bear-off plays use the most pips */
#define BG_VF_NOHITRUN		0x08	/* no hit-and-run while bearing off */
#define BG_VF_OPENINGROLL	0x10	/* the opening roll is played */

typedef struct bg_variant_info {
	bg_variant	id;
	const char	*name;		/* "standard", "nackgammon", "hyper1".. */
	const char	*title;		/* "Backgammon", "Nackgammon", ... */
	int		checkers;	/* per side */
	unsigned char	start[26];	/* own-point layout, index as bg_board */
	unsigned	flags;		/* BG_VF_* */
} bg_variant_info;

/* Return the description of variant v, or NULL for an unknown one. */
const bg_variant_info *bg_variant_get(bg_variant v);
/*
 * Read a variant's name: the names above and common spellings of them.
 * BG_EVARIANT for a name it does not know.
 */
int bg_variant_parse(bg_variant *v, const char *name);

/* ---------------------------------------------------------------- board */

#define BG_OFF	0
#define BG_BAR	25

/*
 * pt[s][0] = checkers side s has borne off, pt[s][1..24] = on its own
 * points 1..24, pt[s][25] = on its bar.  Side s's point p is the other
 * side's point 25 - p.
 */
typedef struct bg_board {
	unsigned char pt[2][26];
} bg_board;

void bg_board_start(bg_board *b, bg_variant v);
/* Return side s's pip count (a checker on the bar counts 25). */
int bg_board_pips(const bg_board *b, int s);
/* Return how many checkers side s has on the board and the bar (those
 * borne off do not count). */
int bg_board_checkers(const bg_board *b, int s);
/* Return 0 if the board is consistent for variant v, else a negative
 * code. */
int bg_board_check(const bg_board *b, bg_variant v);

/*
 * Dice as people type them: "64", "6-4", "6 4", "6,4".  Stores them as
 * written; BG_EDICESYNTAX unless both are 1 to 6 and nothing else follows.
 */
int bg_dice_parse(int d[2], const char *s, size_t len);

/* ----------------------------------------------------------------- play */

/* One checker step, in the mover's numbering: point 25 is the bar and
 * point 0 is off. */
typedef struct bg_step {
	signed char from, to;
} bg_step;

/*
 * A play: up to four steps in the order they are made.  die[i] is the die
 * that step i uses (it differs from from - to only when bearing off with a
 * larger die); hit[i] is set when step i hits a blot.  A play read from
 * text without a position may hold multi-die steps and die[i] = 0.
 */
typedef struct bg_play {
	int		n;
	bg_step		step[4];
	unsigned char	die[4];
	unsigned char	hit[4];
} bg_play;

/*
 * Apply play p for side s to b without checking legality; fills p->hit.
 * Returns 0, or BG_EINVAL if a step leaves from an empty point.
 */
int bg_play_apply(bg_board *b, int s, bg_play *p);

/* ------------------------------------------------------------- notation */

#define BG_NOTE_MAXPATH	8	/* written parts */
#define BG_NOTE_MAXPT	8	/* written points in one part */

/* One written part: a chain of points, e.g. 24/18* /13 (without space). */
typedef struct bg_path {
	int		npt;			/* >= 2 */
	signed char	pt[BG_NOTE_MAXPT];	/* 25 = bar, 0 = off */
	unsigned char	hit[BG_NOTE_MAXPT];	/* '*' written after pt[i] */
	int		count;			/* (n), 1 if absent */
} bg_path;

typedef enum bg_note_kind {
	BG_NOTE_PLAY,		/* one or more parts */
	BG_NOTE_NONE,		/* no play: empty, "Cannot Move", dance */
	BG_NOTE_UNKNOWN		/* "???" / "????": play not recorded */
} bg_note_kind;

/* A move as written, before it is checked against a position. */
typedef struct bg_notation {
	bg_note_kind	kind;
	int		dice[2];	/* from a "64:" prefix, as written; else 0 */
	int		npath;
	bg_path		path[BG_NOTE_MAXPATH];
} bg_notation;

typedef enum bg_style {
	BG_STYLE_GNUBG,		/* gnubg display: 24/18* /13 13/7(2) bar/20 */
	BG_STYLE_MAT,		/* gnubg .mat: 24/18* 18/13, 25/20, 6/0 */
	BG_STYLE_XG		/* XG: 24/18* 18/13, 13/7(2), bar/20, 6/off */
} bg_style;

/*
 * Parse move text s of length len: any dialect of the common notation,
 * with an optional dice prefix.  On a syntax error returns the negated
 * code and sets *errpos to the byte offset of the offending character.
 */
int bg_notation_parse(bg_notation *n, const char *s, size_t len,
    size_t *errpos);
/*
 * Which way a side counts FIBS's absolute numbers, positions 1 to 24
 * counted from X's home (bg_notation_parse_fibs, bgmove --absolute).
 */
typedef enum bg_direction {
	BG_DIR_DOWN = -1,	/* from 24 to 1: the numbers are its points */
	BG_DIR_NONE = 0,	/* not FIBS's numbering, or not known yet */
	BG_DIR_UP = 1,		/* from 1 to 24: position p is point 25 - p */
	BG_DIR_AUTO = 2		/* as the text of the play shows it */
} bg_direction;
/* Read a direction's name, "up", "down" or "auto", into *d; return
 * BG_EINVAL for any other name. */
int bg_direction_parse(bg_direction *d, const char *name);
/*
 * Parse a play in FIBS's absolute numbering, as its "move" command and
 * its logs write it ("move 12-18 1-5", "bar-5", "b 20", "19-off", "o"
 * for off, the log's final " .").  *dir is BG_DIR_DOWN or BG_DIR_UP,
 * or BG_DIR_AUTO (or BG_DIR_NONE) to take the direction from the text
 * (a part's order, or the half of the board a bar or off part uses),
 * and the direction read is then stored in *dir.  Fills n in the
 * mover's numbering, as bg_notation_parse would the same play; a part
 * against the direction is BG_EBACKWARD.
 */
int bg_notation_parse_fibs(bg_notation *n, const char *s, size_t len,
    bg_direction *dir, size_t *errpos);
/* Read a style's name, "gnubg", "mat" or "xg", into *st; return
 * BG_EINVAL for any other. */
int bg_style_parse(bg_style *st, const char *name);
/* Write notation n in style st (without the dice in front). */
int bg_notation_format(char *buf, size_t size, const bg_notation *n,
    bg_style st);
/* Group the steps of p into written parts the way style st writes them. */
void bg_notation_from_play(bg_notation *n, const bg_play *p, bg_style st);
/*
 * The written segments of n as the steps of a play, in writing order,
 * hits from the stars, die 0: what a caller without a position formats.
 * BG_ETOOMANY when they exceed four steps.
 */
int bg_play_from_notation(bg_play *p, const bg_notation *n);
/* Write play p in style st: bg_notation_from_play(), then
 * bg_notation_format(). */
int bg_play_format(char *buf, size_t size, const bg_play *p, bg_style st);

/* ---------------------------------------------------------------- rules */

typedef struct bg_legal {
	bg_play		play;
	bg_board	after;		/* board after the play */
} bg_legal;

typedef struct bg_movelist bg_movelist;

bg_movelist *bg_movelist_new(void);
void bg_movelist_free(bg_movelist *ml);
size_t bg_movelist_count(const bg_movelist *ml);
const bg_legal *bg_movelist_get(const bg_movelist *ml, size_t i);

/*
 * Every legal play of side s with dice d on board b, one per distinct
 * resulting position, replacing what ml held.  No legal play (a dance)
 * gives an empty list.  Returns the count or a negative code.
 */
int bg_rules_legal(bg_movelist *ml, const bg_board *b, int s,
    const int d[2], bg_variant v);

/* The verdict on a play. */
typedef struct bg_verdict {
	int		code;		/* 0 legal, else the rule broken
					   (positive) */
	int		point;		/* the point concerned, or -1 */
	bg_board	after;		/* the result, when legal */
	bg_play		play;		/* the play checked, hits filled in */
	int		has_example;
	bg_play		example;	/* a legal play, when illegal */
} bg_verdict;

/*
 * Check play p (single-die steps) for side s, dice d, on b.  Returns 0
 * when legal, else the negated rule code, left positive in vd->code.
 */
int bg_rules_check(bg_verdict *vd, const bg_board *b, int s, const int d[2],
    bg_variant v, const bg_play *p);

/* The outcome of matching written text against a position and roll. */
typedef struct bg_resolved {
	int		code;		/* 0, or the error (positive) */
	int		point;		/* the point concerned, or -1 */
	int		nwarn;
	int		warn[4];	/* BG_W* codes raised */
	bg_play		play;		/* the play chosen (when code is 0) */
	bg_board	after;
	int		has_example;
	bg_play		example;	/* a legal play, when code != 0 */
	int		ncand;		/* BG_EAMBIGUOUS: the candidates */
	bg_play		cand[4];
} bg_resolved;

/*
 * Match notation n against side s's roll d on b: expand consolidated
 * parts, choose the route the hit marks describe, and check the play.
 * Returns 0 (possibly with warnings) or the negated error code.
 */
int bg_notation_resolve(bg_resolved *r, const bg_notation *n,
    const bg_board *b, int s, const int d[2], bg_variant v);
/*
 * Why notation n cannot be made of roll d (BG_EDICE), in numbers and
 * words: the part that no dice make, or the pips of every part against
 * the dice, e.g. "13/6 moves 7 pips; the dice are 6 and 3".  Written to
 * buf of size bytes; returns the length it needs, 0 (buf "") when the
 * numbers fit the dice.
 */
int bg_notation_explain(char *buf, size_t size, const bg_notation *n,
    const int d[2]);

/* ------------------------------------------------------ match and cube */

#define BG_CENTRED	(-1)

typedef enum bg_gamestate {
	BG_GAME_NONE,
	BG_GAME_PLAYING,
	BG_GAME_OVER,
	BG_GAME_RESIGNED,
	BG_GAME_DROPPED
} bg_gamestate;

/* What a gnubg Match ID and an XGID say besides the checkers. */
typedef struct bg_matchstate {
	int	length;		/* 0 = money */
	int	score[2];	/* by side */
	int	cube;		/* value: 1, 2, 4, ... */
	int	cube_owner;	/* BG_CENTRED or the side */
	int	on_roll;	/* side whose turn it is (who rolls or rolled) */
	int	turn;		/* side to decide next (differs while doubled) */
	int	crawford;	/* this is the Crawford game */
	bg_gamestate state;
	int	doubled;	/* a double is pending */
	int	resign;		/* resignation offered: 0, 1, 2, 3 */
	int	dice[2];	/* 0 0 = not rolled; in the order the ID
				   has them (gnubg and XG write the
				   larger first) */
	int	jacoby;		/* Jacoby rule in force (money) */
	int	beaver;		/* beavers allowed (money; XGID only) */
	int	cube_max;	/* log2 of the cube limit (XGID); 0 = no cube */
} bg_matchstate;

/*
 * A new game: cube 1 centred, side 1 on roll, no rule flags (Jacoby,
 * beaver) set, cube limit 2^10.
 */
void bg_matchstate_init(bg_matchstate *ms, int length);

/* ------------------------------------------------------------------ ids */

#define BG_POSID_LEN	14
#define BG_MATCHID_LEN	12

/*
 * gnubg Position ID of b with side on_roll on roll (its checkers encoded
 * second).  buf needs BG_POSID_LEN + 1 bytes.
 */
int bg_posid_encode(char *buf, size_t size, const bg_board *b, int on_roll);
/*
 * Decode a Position ID: side on_roll gets the on-roll half.  Borne-off
 * counts come from the variant's checker count.
 */
int bg_posid_decode(bg_board *b, const char *id, size_t len, int on_roll,
    bg_variant v);

int bg_matchid_encode(char *buf, size_t size, const bg_matchstate *ms);
int bg_matchid_decode(bg_matchstate *ms, const char *id, size_t len);

/*
 * XGID with every field, "XGID=" prefix included.  The bottom player is
 * side 1.
 */
int bg_xgid_encode(char *buf, size_t size, const bg_board *b,
    const bg_matchstate *ms);
/* Decode an XGID, with or without "XGID=". */
int bg_xgid_decode(bg_board *b, bg_matchstate *ms, const char *s,
    size_t len, bg_variant v);

/*
 * OGID (OpenGammon, HedgeHog) with every field up to the move number
 * (0), and the checkers a side when not 15; no prefix.  White is side 1.
 */
int bg_ogid_encode(char *buf, size_t size, const bg_board *b,
    const bg_matchstate *ms);
/* Decode an OGID, with or without "OGID=". */
int bg_ogid_decode(bg_board *b, bg_matchstate *ms, const char *s,
    size_t len, bg_variant v);

/*
 * Read any position text: "PID", "PID:MID", an XGID, an OGID, or a
 * start word ("start", "nackgammon", "hyper1".."hyper3", "tavla").  *v
 * is used for
 * IDs that cannot say the variant and set from a start word.
 */
int bg_position_parse(bg_board *b, bg_matchstate *ms, bg_variant *v,
    const char *s, size_t len);

/* ----------------------------------------------------- a line of moves */

/*
 * One move as a person types it, normalised without a position or
 * checked against one: what bgmove(1) does with each line.  Set up a
 * bg_moveline_setup once; bg_moveline_check() then fills a
 * bg_moveline for each text, and bg_moveline_play() for each play of
 * bg_rules_legal().  Nothing is printed: the error is in words in the
 * caller's buffer.
 */
typedef struct bg_moveline_setup {
	int		 havepos;	/* check against board; else normalise */
	bg_board	 board;
	bg_matchstate	 ms;		/* on roll, cube and score, for IDs */
	bg_variant	 variant;
	int		 dice[2];	/* the roll given, or 0 0 */
	bg_style	 style;		/* of the move written */
	/*
	 * BG_DIR_NONE for the common notation.  Otherwise the text is in
	 * FIBS's absolute numbering (bg_notation_parse_fibs), and this
	 * says which way the mover counts: BG_DIR_UP, BG_DIR_DOWN, or
	 * BG_DIR_AUTO to read it from the text.
	 */
	bg_direction	 absolute;
} bg_moveline_setup;

typedef struct bg_moveline {
	int		code;		/* 0, or the error (positive) */
	int		column;		/* of the error, from 1 */
	int		dice[2];	/* the move's roll, else the one given */
	int		nwarn;
	int		warn[4];	/* BG_W* codes of a play accepted */
	int		position;	/* position_id and xgid are set */
	char		move[256];	/* the move in the style asked */
	char		position_id[BG_POSID_LEN + 1];	/* after the play */
	char		xgid[128];
} bg_moveline;

/*
 * Normalise or check the move s[0..len) (a NUL in it is an error, not
 * its end).  Returns 0 with ml filled: ml->code is 0 for a move
 * accepted, else the error, told in words in msg[0..size) (always
 * terminated) and *msglen set to the length it needed.  Returns
 * -BG_EINVAL when a play is to be checked and neither the move nor the
 * setup gives a roll.
 */
int bg_moveline_check(bg_moveline *ml, const bg_moveline_setup *su,
    const char *s, size_t len, char *msg, size_t size, size_t *msglen);
/* Take out of ml->warn the warnings that f turns off (none when f is
 * NULL). */
void bg_moveline_filter(bg_moveline *ml, const bg_diagfilter *f);
/* Fill ml for the legal play p of the setup that leads to after. */
int bg_moveline_play(bg_moveline *ml, const bg_moveline_setup *su,
    const bg_play *p, const bg_board *after);
/*
 * Set su up from the text of a position (NULL: none, normalise only),
 * a variant name and a roll (each NULL when not given), in style st.
 * Returns 0, or the error told in words in msg[0..size): -BG_EVARIANT
 * for an unknown variant and -BG_EDICESYNTAX for a bad roll (usage
 * errors), another code for a position that cannot be read or played.
 */
int bg_moveline_setup_init(bg_moveline_setup *su, const char *pos,
    const char *variant, const char *dice, bg_style st, char *msg,
    size_t size);
/*
 * Call fn(ctx, ml) for every legal play of the setup's roll, in the
 * order of bg_rules_legal(); ml->position is set.  0 or a negative code.
 */
int bg_moveline_list(const bg_moveline_setup *su,
    void (*fn)(void *ctx, const bg_moveline *ml), void *ctx);
/*
 * The line bgmove(1) prints for an accepted move, without its newline:
 * as text (with its roll when normalised without a position) or, when
 * json is not 0, as a JSON object with "move" and, when ml->position is
 * set, "position_id" and "xgid".  Returns the length it needed.
 */
int bg_moveline_format(char *buf, size_t size, const bg_moveline *ml,
    int normalised, int json);

/* -------------------------------------------------------------- records */

/*
 * A diagnostic raised while reading (or, later, replaying) a record.
 * Plain value: copy it freely.  code is positive; bg_strerror(code)
 * gives its text and bg_code_severity(code) its severity.
 */
typedef struct bg_diag {
	int		code;		/* BG_E* or BG_W* */
	bg_severity	severity;
	int		line;		/* 1-based; 0 when not tied to a line */
	int		col;		/* 1-based, in characters; 0 = the line */
	int		game;		/* game number as written; 0 outside */
	int		move;		/* move number as written; 0 = none */
	int		side;		/* 0 left column, 1 right; -1 = none */
	int		dice[2];	/* the roll concerned, or 0 0 */
	char		detail[80];	/* the text concerned, may be "" */
} bg_diag;

typedef enum bg_rec_kind {
	BG_REC_MOVE,		/* "64: 13/7 8/4", "64:", "64: ????" */
	BG_REC_DOUBLE,		/* "Doubles => 2"; value = new cube */
	BG_REC_TAKE,		/* "Takes" */
	BG_REC_DROP,		/* "Drops" */
	BG_REC_BEAVER,		/* "Beavers => 4"; value = new cube */
	BG_REC_RACCOON,		/* "Raccoons => 8"; value = new cube */
	BG_REC_WIN,		/* "Wins N point(s)"; value = N */
	BG_REC_LOSS,		/* Galaxy "Losses N point"; value = N */
	BG_REC_ILLEGAL,		/* Snowie "Illegal play (...)" */
	BG_REC_SETPOS,		/* XG "; Set Pos=..."; text = after '=' */
	BG_REC_COMMENT,		/* a ';' or '#' line inside a game */
	BG_REC_UNPARSED		/* a cell that could not be read; see code */
} bg_rec_kind;

#define BG_RF_MATCH	0x01	/* WIN: "and the match" */
#define BG_RF_LOWFIRST	0x02	/* dice written smaller die first */
#define BG_RF_BADPLAY	0x04	/* MOVE: the play text has a syntax error
				   (code); note.kind is BG_NOTE_UNKNOWN */
#define BG_RF_NOMARKS	0x08	/* MOVE: the format does not mark hits (SGF),
				   so a hit without '*' is no news: no
				   BG_WHITUNMARKED */

/*
 * One entry of a game: a cell of a move line, a result, or a comment.
 * Side 0 is the left column, side 1 the right one; comments have -1.
 */
typedef struct bg_record {
	bg_rec_kind	kind;
	int		side;
	int		line;		/* 1-based source line */
	int		col;		/* 1-based column of the cell */
	int		moveno;		/* the "12)" of the line; 0 if none */
	int		dice[2];	/* as written ("13:" = 1 3); else 0 0 */
	int		value;		/* cube value or points; 0 if unwritten */
	unsigned	flags;		/* BG_RF_* */
	int		code;		/* positive code of the problem with this
					   record (also in the diagnostics), or 0 */
	bg_notation	note;		/* MOVE: the play after "dd:" */
	const char	*text;		/* the cell, trimmed; owned by the game */
	size_t		len;
} bg_record;

/*
 * A match: its header and the match line.  Owned by the reader; valid
 * until the next bg_reader_next_match() or bg_reader_free().
 */
typedef struct bg_match bg_match;

/* Return the match length in points: 0 for a money session, -1 when
 * there is no "N point match" line. */
int bg_match_length(const bg_match *m);
/* Return the line of "N point match", or 0 if there is none. */
int bg_match_line(const bg_match *m);
/*
 * Player of side s: the first game's score line without a rating, else
 * the "Player 1"/"Player 2" tag, else NULL.
 */
const char *bg_match_player(const bg_match *m, int s);
/* Return the name given to the reader ("<stdin>" or a file name). */
const char *bg_match_source(const bg_match *m);
/* The "; [Key "value"]" tags, in file order. */
size_t bg_match_tag_count(const bg_match *m);
const char *bg_match_tag_key(const bg_match *m, size_t i);
const char *bg_match_tag_value(const bg_match *m, size_t i);
/* Return the value of the first tag named key (in any case), or NULL. */
const char *bg_match_tag(const bg_match *m, const char *key);
/* The header's other comment lines, without their ';' or '#' and the
 * one space after it. */
size_t bg_match_comment_count(const bg_match *m);
const char *bg_match_comment(const bg_match *m, size_t i);

/*
 * A game.  Owned by the reader; valid until the next
 * bg_reader_next_game() or bg_reader_next_match() call.
 */
typedef struct bg_game bg_game;

/* The number N of " Game N" as written, and the line it is on. */
int bg_game_number(const bg_game *g);
int bg_game_line(const bg_game *g);
/* The score line: the line it is on (0 if it is missing), and the names,
 * ratings and scores it gives. */
int bg_game_score_line(const bg_game *g);
const char *bg_game_player(const bg_game *g, int s);	/* NULL if none */
const char *bg_game_rating(const bg_game *g, int s);	/* "1615" or NULL */
int bg_game_score(const bg_game *g, int s);		/* -1 if none */
size_t bg_game_record_count(const bg_game *g);
const bg_record *bg_game_record(const bg_game *g, size_t i);

/*
 * The properties of an SGF game that the record model has no field for
 * (gnubg's analysis A, DA, LU, GS and the like), as written, e.g.
 * "A[0][ver:3]": an SGF writer puts them back where they were, other
 * writers name them in a warning.  *at is the number of the game's
 * records before the property: 0 for the root node, k for the node of
 * record k - 1.
 */
size_t bg_game_sgf_count(const bg_game *g);
const char *bg_game_sgf(const bg_game *g, size_t i, size_t *at);

/*
 * The engine's analysis of one record (bg_game_record_analysis(3)): for
 * a move, its candidate plays and the one played; the luck of its roll;
 * the cube decision before it (or, for a cube action, of that action);
 * the marks the file writes.  Nothing is invented: a figure the file
 * does not hold is absent, and the has flags say which are present.
 * Probabilities are fractions (0 to 1) for the side on roll (the
 * record's side); equities are in the file's units.
 */
typedef enum bg_eval_kind {
	BG_EVAL_NONE,		/* not evaluated (or not said) */
	BG_EVAL_PLY,		/* an n-ply evaluation */
	BG_EVAL_ROLLOUT		/* a rollout */
} bg_eval_kind;

/* How a candidate or a cube decision was evaluated. */
typedef struct bg_eval {
	bg_eval_kind	kind;
	int		plies;		/* PLY: 0 for 0-ply */
	int		cubeful;	/* PLY: 1 cubeful, 0 cubeless */
	int		deterministic;	/* PLY: noise deterministic (gnubg) */
	int		prune;		/* PLY: pruning nets used (gnubg) */
	double		noise;		/* PLY: the noise added */
	unsigned long	trials;		/* ROLLOUT: games rolled out */
	const char	*settings;	/* ROLLOUT: its settings as the file
					   writes them (gnubg: from "SK");
					   NONE: the evaluation's name when
					   the file only names it ("3-ply",
					   "XG Roller++"); or "" */
} bg_eval;

#define BG_OUT_PROBS	0x01	/* win .. lose_bg */
#define BG_OUT_CUBELESS	0x02	/* cubeless */
#define BG_OUT_CUBEFUL	0x04	/* cubeful */
#define BG_OUT_MWC	0x08	/* mwc */
#define BG_OUT_STDERR	0x10	/* a rollout's standard errors, se[] */

/* An evaluation's figures, for the side on roll. */
typedef struct bg_outputs {
	unsigned	has;		/* BG_OUT_* */
	double		win, win_gammon, win_bg, lose_gammon, lose_bg;
	double		cubeless;	/* cubeless equity */
	double		cubeful;	/* cubeful equity (money or match
					   equity, as the file has it) */
	double		mwc;		/* the match-winning chance */
	double		se[7];		/* of win .. lose_bg, cubeless and
					   cubeful (or mwc), in that order */
} bg_outputs;

/* One candidate play. */
typedef struct bg_candidate {
	bg_play		play;		/* in the mover's numbering, hits not
					   marked (bg_play_apply marks them) */
	bg_eval		eval;
	int		has_equity;	/* equity set */
	double		equity;		/* the equity it is ranked by, as the
					   file stores it (gnubg: the sixth
					   number of A, or a rollout's Score) */
	int		has_equity2;	/* gnubg rollout's second score */
	double		equity2;
	bg_outputs	out;		/* a rollout's outputs (gnubg) or the
					   evaluation's probabilities */
	int		marked;		/* gnubg's MR: marked for a rollout */
} bg_candidate;

/* The marks of a play, a cube action or a roll, as the file writes them. */
typedef enum bg_mark {
	BG_MARK_NONE,
	BG_MARK_DOUBTFUL,	/* gnubg DO[], DC[] */
	BG_MARK_BAD,		/* gnubg BM[1], BC[1] */
	BG_MARK_VERYBAD		/* gnubg BM[2], BC[2] */
} bg_mark;

#define BG_AN_MOVE	0x01	/* cand, ncand */
#define BG_AN_PLAYED	0x02	/* played */
#define BG_AN_ERROR	0x04	/* error */
#define BG_AN_LUCK	0x08	/* luck */
#define BG_AN_CUBE	0x10	/* cube_eval, cube_out */
#define BG_AN_CUBEEQ	0x20	/* no_double, double_take, double_pass,
				   proper */
#define BG_AN_CUBEERR	0x40	/* doubler_error, taker_error */

typedef struct bg_rec_analysis {
	unsigned	has;		/* BG_AN_* */
	size_t		ncand;		/* MOVE: the candidates, in the
					   file's order (best first) */
	const bg_candidate *cand;
	size_t		played;		/* PLAYED: index in cand of the play
					   made (gnubg: A's first value) */
	double		error;		/* ERROR: the equity the play lost */
	double		luck;		/* LUCK: gnubg's LU */
	int		luck_mark;	/* -2 very unlucky, -1 unlucky, 1
					   lucky, 2 very lucky (gnubg GB GW,
					   for the side on roll); 0 none */
	bg_mark		skill;		/* the play's or the cube action's
					   mark (gnubg BM DO) */
	bg_mark		cube_skill;	/* the cube decision's (gnubg BC DC) */
	bg_eval		cube_eval;	/* CUBE: the cube decision's */
	bg_outputs	cube_out[2];	/* CUBE: no double, double/take */
	int		cube_marked;	/* gnubg's CR: marked for a rollout */
	double		no_double;	/* CUBEEQ: the cubeful equities */
	double		double_take;
	double		double_pass;
	int		proper;		/* CUBEEQ: a bg_cube_action */
	double		doubler_error;	/* CUBEERR */
	double		taker_error;
} bg_rec_analysis;

/* Return record i's analysis, or NULL when the file gives none. */
const bg_rec_analysis *bg_game_record_analysis(const bg_game *g, size_t i);

/*
 * The analysis a position text export gives of the position its game
 * sets up (bgkit-xgtext(5)): the ranked candidate plays, or the cube
 * decision.  Numbers are as the program wrote them: equities in its
 * units, probabilities in percent, by side (the side on roll is side).
 */
typedef enum bg_analysis_kind {
	BG_ANALYSIS_PLAY,	/* one candidate play */
	BG_ANALYSIS_CUBE	/* the cube decision */
} bg_analysis_kind;

/* The proper cube action, from the three cubeful equities. */
typedef enum bg_cube_action {
	BG_CUBE_NO_DOUBLE,	/* no double (take) */
	BG_CUBE_DOUBLE_TAKE,
	BG_CUBE_DOUBLE_PASS,
	BG_CUBE_TOO_GOOD	/* too good to double (pass) */
} bg_cube_action;

typedef struct bg_analysis {
	bg_analysis_kind kind;
	int		line;		/* 1-based line where it starts */
	int		side;		/* the side on roll */
	int		rank;		/* PLAY: 1 for the best; CUBE: 0 */
	const char	*play;		/* PLAY: as written ("13/8 6/4");
					   CUBE: the proper action as
					   written, or "" */
	const char	*eval;		/* as written: "4-ply", "XG Roller++",
					   "Rollout"; "" if not said */
	double		equity;		/* PLAY: its equity; CUBE: that of
					   the proper action */
	double		diff;		/* PLAY: minus the best's (<= 0) */
	int		probs;		/* win, gammon, backgammon written */
	double		win[2];		/* by side: wins, percent */
	double		gammon[2];	/* gammons and backgammons */
	double		backgammon[2];
	double		nodouble;	/* CUBE: the cubeful equities */
	double		take;		/* of double/take */
	double		pass;		/* of double/pass */
	bg_cube_action	proper;		/* CUBE: from those three */
} bg_analysis;

size_t bg_game_analysis_count(const bg_game *g);
const bg_analysis *bg_game_analysis(const bg_game *g, size_t i);
/*
 * The XGID of the position the export's diagram draws (its board, and
 * the cube, score, side on roll and dice its lines say), in the
 * orientation of the XGID line, or NULL for other records.
 */
const char *bg_game_diagram(const bg_game *g);

/* -------------------------------------------------------------- formats */

/*
 * The record formats bgkit reads and writes: Jellyfish .mat
 * (bgkit-mat(5)), GNU Backgammon's SGF (bgkit-sgf(5)) and bgkit's JSON
 * Lines (bgkit-json(5)); eXtreme Gammon's binary .xg and .xgp
 * (bgkit-xg(5)) are read only.  A bg_reader detects the format from the
 * first bytes: "(;" after blanks (and a UTF-8 BOM) is SGF, "{" is JSON
 * Lines, XG's "RGMH" an XG file, a version word 124 to 126 and zeros a
 * Jellyfish .pos, "N;N;" Snowie's position line, "The score (after"
 * gnubg's text log, anything else .mat (whose reader names binary data
 * as such); bg_reader_set_format() overrides that.  Every
 * format gives the same bg_match, bg_game and bg_record values, and a
 * writer turns them into any format again:
 *
 *	bg_writer *w = bg_writer_new(BG_FORMAT_SGF, mywrite, fp);
 *
 *	while (bg_reader_next_match(r, &m) > 0) {
 *		bg_writer_match(w, m);
 *		while (bg_reader_next_game(r, &g) > 0)
 *			bg_writer_game(w, g);
 *		bg_writer_end(w);
 *		... bg_writer_diag(w, i): what the format could not hold ...
 *	}
 *	bg_writer_free(w);
 */
typedef enum bg_format {
	BG_FORMAT_AUTO,		/* detect from the content */
	BG_FORMAT_MAT,
	BG_FORMAT_SGF,
	BG_FORMAT_JSON,
	BG_FORMAT_XG,		/* read only: eXtreme Gammon .xg, .xgp */
	BG_FORMAT_HTML,		/* written only: a page to step through a
				   match (bgkit-html(5)) */
	BG_FORMAT_SNOWIE,	/* Snowie's text (bgkit-snowie(5)): read,
				   its one-line positions; written, its
				   match text */
	BG_FORMAT_POS,		/* read only: Jellyfish .pos (bgkit-pos(5)) */
	BG_FORMAT_GNUBGTEXT,	/* read only: gnubg's text log
				   (bgkit-gnubgtext(5)) */
	BG_FORMAT_POSLIST,	/* read only: XGIDs, gnubg IDs, FIBS board
				   lines, one a line (bgkit-positions(5)) */
	BG_FORMAT_FIBSLOG,	/* read only: a FIBS session log
				   (bgkit-fibs(5)) */
	BG_FORMAT_OLDMOVES,	/* read only: FIBS "oldmoves" (bgkit-fibs(5)) */
	BG_FORMAT_POSTEXT,	/* read only: XG's and BGBlitz's position
				   text exports (bgkit-xgtext(5)) */
	BG_FORMAT_GAM		/* Jellyfish .gam, one game (bgkit-mat(5)),
				   read by the .mat reader */
} bg_format;

/*
 * "auto", or a name or alias of bg_format_list(3) ("mat", "sgf", "json",
 * "xg", "html", "snowie", "pos", "gnubgtext", "positions", "fibslog",
 * "oldmoves", "xgtext", "gam"); BG_EINVAL if unknown.
 */
int bg_format_parse(bg_format *f, const char *name);
/* Return the name of format f ("mat"), a static string, or NULL. */
const char *bg_format_name(bg_format f);

/*
 * One format as the library knows it (bg_format_list(3)).  The strings
 * are static; the lists in them are blank-separated words, "" when
 * empty.
 */
typedef struct bg_format_info {
	bg_format	 format;
	const char	*name;		/* as bg_format_parse takes it */
	const char	*aliases;	/* other names it takes */
	const char	*extensions;	/* usual file name endings: ".mat" */
	const char	*description;	/* one line */
	const char	*lost;		/* what it cannot hold, one line */
	int		 can_read;	/* a bg_reader reads it */
	int		 can_write;	/* a bg_writer writes it */
} bg_format_info;

/*
 * Fill *fi with the i-th format (counting from 0) in the library's
 * order, which every list of formats follows.  Return 0, or BG_EINVAL
 * after the last.
 */
int bg_format_list(bg_format_info *fi, size_t i);

/* --------------------------------------------------------------- reader */

/*
 * A streaming reader of Jellyfish .mat text (bgkit-mat(5)): UTF-8 with
 * or without BOM, UTF-16 with BOM, any line ends.  It holds one match
 * header and one game at a time.  read() fills buf with up to n bytes
 * and returns the count, 0 at the end, or -1 on error.
 *
 *	bg_reader *r = bg_reader_new(myread, fp, "match.mat");
 *	const bg_match *m;
 *	const bg_game *g;
 *
 *	while ((rc = bg_reader_next_match(r, &m)) > 0) {
 *		... bg_reader_diag(r, i): the header's problems ...
 *		while ((rc = bg_reader_next_game(r, &g)) > 0)
 *			... records, and the game's diagnostics ...
 *	}
 *	... rc < 0: system error; else bg_reader_diag(r, i) again ...
 *	bg_reader_free(r);
 */
typedef struct bg_reader bg_reader;
typedef long (*bg_read_fn)(void *ctx, char *buf, size_t n);

/* Make a reader over the read function read.  name is copied
 * ("<stdin>" when it is NULL).  Return NULL when out of memory. */
bg_reader *bg_reader_new(bg_read_fn read, void *ctx, const char *name);
/* Make a reader over the len bytes at buf, which must outlive it. */
bg_reader *bg_reader_new_mem(const char *buf, size_t len, const char *name);
void bg_reader_free(bg_reader *r);
/*
 * Move to the next match (skipping what is left of the current one).
 * Returns 1 and sets *m, 0 at the end of the input, or a negative code
 * (BG_ENOMEM, BG_EIO).
 */
int bg_reader_next_match(bg_reader *r, const bg_match **m);
/*
 * Read the next game of the current match: returns 1 and sets *g, or
 * returns 0 when the match ends.
 */
int bg_reader_next_game(bg_reader *r, const bg_game **g);
/*
 * The diagnostics raised by the last next_match or next_game call, in
 * the order found (a game's missing result and score line come last).
 */
size_t bg_reader_diag_count(const bg_reader *r);
const bg_diag *bg_reader_diag(const bg_reader *r, size_t i);

/*
 * Read format f whatever the content says; only before the first
 * bg_reader_next_match() (BG_EINVAL after it, and for BG_FORMAT_HTML).
 */
int bg_reader_set_format(bg_reader *r, bg_format f);
/*
 * The format the reader reads; BG_FORMAT_AUTO until the first call of
 * bg_reader_next_match() decides it.
 */
bg_format bg_reader_format(const bg_reader *r);

/*
 * Inflation given by the caller, for eXtreme Gammon's files (their
 * streams are zlib's, RFC 1950), where the library would load zlib
 * (bg_reader_set_inflate(3)).  inflate gets a stream's n bytes at in and
 * the size it should inflate to, outsize: it writes them at out and
 * returns 0 when the stream inflates to exactly outsize bytes,
 * BG_INFLATE_FEWER when to fewer, BG_INFLATE_MORE when to more,
 * -BG_ENOMEM when memory ran out, BG_INFLATE_DAMAGED (or any other
 * value) when it is damaged or not zlib's.  crc32
 * returns the CRC-32 (ISO 3309, zlib's crc32()) of the n bytes at p.
 */
#define BG_INFLATE_FEWER	1
#define BG_INFLATE_MORE		2
#define BG_INFLATE_DAMAGED	3
typedef int (*bg_inflate_fn)(void *ctx, const unsigned char *in, size_t n,
    unsigned char *out, size_t outsize);
typedef unsigned long (*bg_crc32_fn)(void *ctx, const unsigned char *p,
    size_t n);
/*
 * Have r's XG reader call inflate and crc32 (with ctx) instead of
 * loading zlib; NULL functions load zlib again.  Only before the first
 * bg_reader_next_match() (BG_EINVAL after it, or when only one of the
 * two is NULL).
 */
int bg_reader_set_inflate(bg_reader *r, bg_inflate_fn inflate,
    bg_crc32_fn crc32, void *ctx);

/* ------------------------------------------------------------ rules */

/*
 * The rules a record is judged by, beyond the variant's own.  -1 means
 * "not stated": the replay takes the record's tags, then what the record
 * shows, then gnubg's defaults.  A stated rule is enforced.
 */
typedef struct bg_ruleset {
	int	crawford;	/* 0 off, 1 on (matches) */
	int	holland;	/* 0 off, 1 on (matches, post-Crawford) */
	int	jacoby;		/* 0 off, 1 on (money) */
	int	beavers;	/* beavers allowed in a row; 0 = none (money) */
	int	autodoubles;	/* automatic doubles allowed (money) */
	int	cubelimit;	/* largest cube value; 0 = no limit */
	bg_variant variant;	/* or BG_VARIANT_UNSTATED */
	int	cube;		/* 0 no cube, 1 cube */
} bg_ruleset;

/* Set every rule of rs to "not stated". */
void bg_ruleset_init(bg_ruleset *rs);
/*
 * Read "key=value,..." (crawford=on|off, holland=on|off, jacoby=on|off,
 * beavers=N, autodoubles=N, cubelimit=N, variant=NAME, cube=on|off) into
 * rs.  On error returns -BG_ERULES with *errpos at the bad byte.
 */
int bg_ruleset_parse(bg_ruleset *rs, const char *s, size_t len,
    size_t *errpos);
/*
 * What is wrong with the rules text s[0..len) at errpos, as
 * bg_ruleset_parse() reported it, in words for a person: the pair
 * without '=', the unknown key with the keys there are, or the bad value
 * with the values its key takes.  Into buf (size bytes, always
 * terminated); returns the length it needed.
 */
int bg_ruleset_explain(char *buf, size_t size, const char *s, size_t len,
    size_t errpos);

/* ------------------------------------------------------------ replay */

typedef enum bg_end {
	BG_END_NONE,		/* the game has no result */
	BG_END_BEAROFF,		/* all checkers off */
	BG_END_DROP,		/* a double dropped */
	BG_END_RESIGN		/* a "Wins" line before the end */
} bg_end;

/* The result of a game as the replay computes it. */
typedef struct bg_result {
	bg_end	ended_by;
	int	winner;		/* side, or -1 without a result */
	int	level;		/* 1 single, 2 gammon, 3 backgammon; 0 drop */
	int	cube;		/* final cube value */
	int	points;		/* level x cube, or the cube for a drop */
	int	score[2];	/* running score after the game */
	int	crawford;	/* the game was the Crawford game */
	int	records;	/* records replayed */
} bg_result;

/*
 * A replay follows a match game by game through the rules: every play
 * against its position and roll, every cube action, every result and
 * score line.
 *
 *	bg_replay *rp = bg_replay_new();
 *	bg_replay_match(rp, m);
 *	while (bg_reader_next_game(r, &g) > 0) {
 *		bg_replay_game(rp, g);
 *		... bg_replay_diag(rp, i), bg_replay_result(rp) ...
 *	}
 *	bg_replay_end(rp);	... the last game's problems ...
 *	bg_replay_free(rp);
 */
typedef struct bg_replay bg_replay;

bg_replay *bg_replay_new(void);
void bg_replay_free(bg_replay *rp);
/*
 * Rules stated by the caller (a -r option); they win over the record's
 * tags.  Kept for every later match.  NULL forgets them.
 */
void bg_replay_set_rules(bg_replay *rp, const bg_ruleset *rs);
/* Start a match, taking its length and the rules its tags state. */
int bg_replay_match(bg_replay *rp, const bg_match *m);
/* Return the rules in force for the current match, as far as they are
 * known. */
const bg_ruleset *bg_replay_rules(const bg_replay *rp);
/* Replay one game; its diagnostics replace the previous ones. */
int bg_replay_game(bg_replay *rp, const bg_game *g);
/* End the match, reporting its last game if it has no result. */
int bg_replay_end(bg_replay *rp);
size_t bg_replay_diag_count(const bg_replay *rp);
const bg_diag *bg_replay_diag(const bg_replay *rp, size_t i);
/*
 * The diagnostics of the last call of reader rd and, when rp is not
 * NULL, of replay rp, in the one list a pipeline makes of them: in line
 * order, the reader's first on a line both name.  Once the reader has
 * said the input ends inside a game (BG_WEOF, which sets *eof to 1; keep
 * *eof from call to call, 0 at first), the replay's BG_WUNFINISHED for
 * that game is left out.  Up to size pointers go into list; returns how
 * many diagnostics the list has, which may be more than size.
 */
size_t bg_diag_merge(const bg_diag **list, size_t size, const bg_reader *rd,
    const bg_replay *rp, int *eof);
/* Return the last game's result, its board (after its last record) and
 * its match state. */
const bg_result *bg_replay_result(const bg_replay *rp);
const bg_board *bg_replay_board(const bg_replay *rp);
const bg_matchstate *bg_replay_state(const bg_replay *rp);
bg_variant bg_replay_variant(const bg_replay *rp);

/* ---------------------------------------------------- replay positions */

/*
 * A position of a replayed game, handed to the caller's callback: the
 * game's start (rec NULL, turn 0), then one after each action of a side
 * (a move, a double, a take, a drop, a beaver or raccoon, a resignation),
 * numbered 1, 2, ... in the game; a game that ends at a set position
 * given by an XGID (a position file) passes through it last, with the
 * XGID's roll and score (rec that record, side -1).  A "Wins" line that
 * only confirms an ended game, comments and unreadable cells give no
 * position.
 *
 *	static void
 *	show(void *ctx, const bg_replay_pos *pos)
 *	{
 *		... pos->board, pos->ms, pos->rec ...
 *	}
 *
 *	bg_replay_set_callback(rp, show, ctx);
 *	bg_replay_game(rp, g);	... calls show() for every position ...
 *
 * The match state is the one after the action: after a move the other
 * side is on roll and has not rolled; after a double the doubler is on
 * roll and the other side decides (doubled set, cube not yet turned);
 * after a take or beaver the doubler is on roll with the new cube; a
 * drop, a resignation or the last checker off ends the game
 * (BG_GAME_DROPPED, BG_GAME_RESIGNED with resign = 1, 2 or 3,
 * BG_GAME_OVER).  The score is the score at the start of the game.
 */
typedef struct bg_replay_pos {
	int		 game;		/* ordinal of the game in the match */
	int		 turn;		/* 0 = the start, then 1, 2, ... */
	const bg_record	*rec;		/* the action; NULL at the start */
	int		 side;		/* who acted (for a resignation the
					   loser, not the "Wins" column); -1
					   at the start */
	bg_board	 board;		/* after the action */
	bg_matchstate	 ms;		/* after the action */
	int		 played;	/* a move whose play the replay made */
	bg_play		 play;		/* that play, hits marked */
	int		 lost;		/* the replay lost track at an earlier
					   record: board and state are those
					   of the last position it followed */
} bg_replay_pos;

typedef void (*bg_replay_fn)(void *ctx, const bg_replay_pos *pos);

/*
 * Call fn(ctx, pos) for every position bg_replay_game() passes through;
 * fn NULL stops the calls.  pos and pos->rec are valid during the call.
 */
void bg_replay_set_callback(bg_replay *rp, bg_replay_fn fn, void *ctx);

/* ------------------------------------------------------ FIBS board line */

#define BG_FIBS_FIELDS	53
#define BG_FIBS_NAMEMAX	63

/*
 * A FIBS "board:" line (CLIP rawboard, bg_fibs_parse(3)) as its
 * 53 colon-separated fields: field 0 is the word "board", 1 and 2 the
 * names, 3 to 52 numbers.  Kept field by field, so that a line read is
 * written back byte for byte.  The player the line is for ("you") is
 * side 1, the bottom player; the opponent is side 0.
 */
typedef struct bg_fibs {
	char	player[BG_FIBS_NAMEMAX + 1];	/* field 1 */
	char	opponent[BG_FIBS_NAMEMAX + 1];	/* field 2 */
	int	field[BG_FIBS_FIELDS];		/* [3] .. [52]; 0..2 unused */
} bg_fibs;

/*
 * Read a board line: exactly 53 fields, numbers in plain decimal.
 * BG_EFIBS if it is not one.
 */
int bg_fibs_parse(bg_fibs *f, const char *s, size_t len);
int bg_fibs_format(char *buf, size_t size, const bg_fibs *f);
/*
 * The position and match state a board line describes, with either
 * colour and direction.  The cube's owner comes from who may double;
 * neither may double in the Crawford game or while a double is pending
 * ("was doubled", field 40: 1 when the opponent doubled, -1 when the
 * player did).  Fields 43 to 52 are not read.
 */
int bg_fibs_to_position(bg_board *b, bg_matchstate *ms, const bg_fibs *f,
    bg_variant v);
/*
 * The board line of a position, as gnubg writes it: the player (side 1,
 * named name1) is O and moves from 24 to 1; money is length 9999.
 * Names lose ':' and control characters to '_'; NULL or "" gives "You"
 * and "Opponent".
 */
int bg_fibs_from_position(bg_fibs *f, const bg_board *b,
    const bg_matchstate *ms, bg_variant v, const char *name0,
    const char *name1);

/* ------------------------------------------------------------ diagrams */

/* How to draw a position. */
typedef struct bg_drawopts {
	int		 bottom;	/* side drawn at the bottom: 1 (gnubg,
					   XG) or 0 */
	int		 clockwise;	/* the bottom side moves clockwise: its
					   home board at the bottom left */
	bg_variant	 variant;
	const char	*name[2];	/* player names by side, or NULL */
} bg_drawopts;

/* Set d to the defaults: side 1 at the bottom, home at the bottom
 * right, standard size, no names. */
void bg_drawopts_init(bg_drawopts *d);
/*
 * A text diagram in the layout of gnubg's ASCII board (bg_draw_text(3)):
 * Position ID, Match ID and XGID, then 13 lines of board with each
 * side's name, score, roll and pips beside it.  Point numbers are those
 * of the side on roll, as gnubg prints them; side 0 is O, side 1 X.
 * Control characters and invalid UTF-8 in names are written as \xNN.
 */
int bg_draw_text(char *buf, size_t size, const bg_board *b,
    const bg_matchstate *ms, const bg_drawopts *d);
/*
 * A standalone SVG picture of the position: board, checkers (counts on
 * stacks over five), bar, bear-off trays, cube, dice, point numbers from
 * the bottom side's view, names, score and pips.  No external resources;
 * text XML-escaped.
 */
int bg_draw_svg(char *buf, size_t size, const bg_board *b,
    const bg_matchstate *ms, const bg_drawopts *d);


/*
 * A writer of one format.  write() takes n bytes of buf and returns n,
 * or -1 on error (the writer then fails with BG_EIO).  Output streams:
 * each game is written when it is given.
 */
typedef struct bg_writer bg_writer;
typedef long (*bg_write_fn)(void *ctx, const char *buf, size_t n);

/*
 * Write bgmove's line of the move ml, checked with message msg: the
 * move as bg_moveline_format() gives it, or, for a move refused
 * (ml->code), its JSON object ("line", "column", "severity", "message")
 * in JSON and nothing in text.  With file, the line starts "FILE:LINE: "
 * and the object {"file":...,"line":LINE.  Returns 0, 1 for a refused
 * move (for the caller to tell in text), or a negative code.
 */
int bg_moveline_write(bg_write_fn fn, void *ctx, const bg_moveline *ml,
    const char *msg, const char *file, int line, int normalised, int json);
/*
 * Write every legal play of su, a line each, as bgmove -a does.  Returns
 * 0 or a negative code.
 */
int bg_moveline_list_write(bg_write_fn fn, void *ctx,
    const bg_moveline_setup *su, int json);

/*
 * bgmove -P: bgmove's work on each position of a list of positions
 * (bgkit-positions(5)) that a pipeline reads.  su gives the style and
 * the roll of every position (0 0: each position's own); move the move
 * to check against each, or NULL to list each one's legal plays.
 */
typedef struct bg_movebatch {
	bg_moveline_setup su;
	const char	*move;
	size_t		 movelen;
	int		 json;		/* JSON objects, else text lines */
	const bg_diagfilter *filter;	/* the warnings given; NULL: all */
} bg_movebatch;

/*
 * Write the line of position pos of the list file ("<stdin>" when file
 * is NULL), in variant v, through fn: "FILE:LINE: PLAY" ("PLAY; PLAY;
 * ..." for the list), or a JSON object with "file", "line" and
 * bg_moveline_format's members ("plays", an array of them, for the
 * list).  Return 0, with ml's warnings to tell.  Return 1 for an error
 * in the position: its words are in msg (size bytes), ml->code and
 * ml->column are set, and in JSON its object is written too, with
 * "column", "severity" and "message".  Return a negative code for a
 * system error.  A position that is not of a list (not a set-up record)
 * is skipped: the call returns 0 and writes nothing.
 */
int bg_movebatch_pos(const bg_movebatch *mb, bg_write_fn fn, void *ctx,
    const char *file, const bg_replay_pos *pos, bg_variant v,
    bg_moveline *ml, char *msg, size_t size);

/*
 * NULL when out of memory or f is not a format to write.  write NULL:
 * nothing is written, and the warnings are all the same (a dry run).
 */
bg_writer *bg_writer_new(bg_format f, bg_write_fn write, void *ctx);
void bg_writer_free(bg_writer *w);
/* Return 1 when the library has a writer of format f, else 0. */
int bg_writer_can(bg_format f);
/*
 * The layout of a .mat: BG_STYLE_GNUBG (the default: gnubg's "export
 * match mat") or BG_STYLE_XG (eXtreme Gammon's own .mat export: a BOM,
 * CRLF, no hit marks, "???" for a play not known).
 * BG_EINVAL for other formats and styles.
 */
int bg_writer_set_style(bg_writer *w, bg_style st);
/*
 * Rules stated by the caller (a -r option): the writer's replay judges
 * by them and every format writes them (tags, RU, the JSON rules
 * object), in place of what the record's tags say.  NULL forgets them.
 */
int bg_writer_set_rules(bg_writer *w, const bg_ruleset *rs);
/*
 * A .gam holds one game: write only the n-th game given (1 the first,
 * counted over every match; 0, the default: the first, and each game
 * after it is a BG_WLOST warning, but in a dry run, which says what
 * each game's .gam would lose).  BG_EINVAL for other formats.
 */
int bg_writer_set_game(bg_writer *w, int n);
/* Start a match by writing its header, after ending the previous one. */
int bg_writer_match(bg_writer *w, const bg_match *m);
/* Write one game of the current match. */
int bg_writer_game(bg_writer *w, const bg_game *g);
/* End the current match (an SGF or JSON match needs no more). */
int bg_writer_end(bg_writer *w);
/*
 * What the last match, game or end call could not write (BG_WLOST with
 * the thing named in the detail) and other problems of the input.
 */
size_t bg_writer_diag_count(const bg_writer *w);
const bg_diag *bg_writer_diag(const bg_writer *w, size_t i);

/* ------------------------------------------------------------ pipeline */

/*
 * A pipeline reads a record (any format, told from the content or
 * forced), replays it through the rules and hands the caller one event
 * at a time, each with the diagnostics it raised: the reader's and the
 * replay's in ONE list in line order (bg_pipeline_new(3)).
 *
 *	bg_pipeline *p = bg_pipeline_open("match.mat");
 *	int ev;
 *
 *	while ((ev = bg_pipeline_next(p)) > 0) {
 *		for (i = 0; i < bg_pipeline_diag_count(p); i++)
 *			... bg_pipeline_diag(p, i) ...
 *		if (ev == BG_PIPE_GAME)
 *			... bg_pipeline_result(p) ...
 *	}
 *	... ev < 0: BG_ENOMEM, BG_EIO or BG_EARCHIVE; the list still holds what came
 *	    before the error ...
 *	rc = bg_pipeline_free(p);
 *
 * Every diagnostic comes with the event that raised it, the last ones
 * with BG_PIPE_END: none is left behind when bg_pipeline_next() returns
 * 0.  A replay's "unfinished game" after the reader's "the file ends
 * inside a game" is not repeated.
 */
typedef struct bg_pipeline bg_pipeline;

/* The forms of the outputs for people and programs (bg_diag_write). */
typedef enum bg_outfmt {
	BG_OUT_TEXT,
	BG_OUT_JSON,
	BG_OUT_CSV
} bg_outfmt;

typedef enum bg_pipe_event {
	BG_PIPE_MATCH = 1,	/* a match starts: bg_pipeline_match() */
	BG_PIPE_GAME,		/* a game was read and replayed */
	BG_PIPE_MATCH_END,	/* the match has no more games */
	BG_PIPE_END,		/* the input ended; then 0 */
	BG_PIPE_MEMBER		/* an archive's member ended, another
				   follows: bg_pipeline_name() changes at
				   the next call */
} bg_pipe_event;

/* Counts of the input so far. */
typedef struct bg_pipe_count {
	int	matches, games, records;	/* records replayed */
	int	errors, warnings;		/* diagnostics given */
} bg_pipe_count;

/*
 * Read through read(ctx), as bg_reader_new(), but a gzip-compressed
 * input, a zip or a tar archive (told from its first bytes) is read
 * unpacked, member after member.  NULL: out of memory.
 */
bg_pipeline *bg_pipeline_new(bg_read_fn read, void *ctx, const char *name);
/* Make a pipeline over the len bytes at buf, which must outlive it. */
bg_pipeline *bg_pipeline_new_mem(const char *buf, size_t len,
    const char *name);
/* Make a pipeline that reads fp; bg_pipeline_free() leaves fp open. */
bg_pipeline *bg_pipeline_new_file(FILE *fp, const char *name);
/*
 * Open the file at path ("-" or NULL: the standard input, named
 * "<stdin>").  NULL with errno set when it cannot be opened (EISDIR for
 * a directory) or memory is short (ENOMEM).  Closed by bg_pipeline_free.
 */
bg_pipeline *bg_pipeline_open(const char *path);
/*
 * Free p and close what bg_pipeline_open() opened.  Return 0, or
 * -BG_EIO with errno set when closing failed.
 */
int bg_pipeline_free(bg_pipeline *p);
/*
 * Read format f (as bg_reader_set_format() does); call it before the
 * first bg_pipeline_next().
 */
int bg_pipeline_set_format(bg_pipeline *p, bg_format f);
/* Set the rules stated by the caller, as bg_replay_set_rules() does. */
void bg_pipeline_set_rules(bg_pipeline *p, const bg_ruleset *rs);
/* Hand every position of the replay to fn, as
 * bg_replay_set_callback() does. */
void bg_pipeline_set_callback(bg_pipeline *p, bg_replay_fn fn, void *ctx);
/*
 * Have the readers of p's inputs (each member of an archive) inflate XG
 * files through inflate and crc32, as bg_reader_set_inflate() does; call
 * it before the first bg_pipeline_next() (BG_EINVAL after it).
 */
int bg_pipeline_set_inflate(bg_pipeline *p, bg_inflate_fn inflate,
    bg_crc32_fn crc32, void *ctx);
/*
 * Write every match and game read to w as well (bgconv(1)); what w says
 * joins the event's list after the reader's and the replay's, and a
 * failed write ends the pipeline with its code.  w is the caller's, to
 * free after p; NULL: no writer (the default).
 */
void bg_pipeline_set_writer(bg_pipeline *p, bg_writer *w);
/*
 * With on 0, only read the games and do not replay them (a writer
 * replays them on its own).
 */
void bg_pipeline_set_replay(bg_pipeline *p, int on);
/*
 * Give only the diagnostics f lets through (f is copied); a warning
 * turned off is in no event's list and not counted.  By default every
 * one is given.
 */
void bg_pipeline_set_filter(bg_pipeline *p, const bg_diagfilter *f);
/*
 * on not 0: the warnings of one code in one input (in an archive, one
 * member) are given once, the first of them standing for all (but
 * BG_WLOST, each naming another thing the output cannot hold): it comes
 * with the input's last event (BG_PIPE_END, BG_PIPE_MEMBER or an
 * error), after that event's own diagnostics, in the order of the
 * kinds' first places, and bg_pipeline_diag_repeats() says how many
 * more it stands for.  Each is counted all the same.  0: each warning
 * in its place (the default).
 */
void bg_pipeline_set_collapse(bg_pipeline *p, int on);
/* Read on to the next event and return it; return 0 at the end, or a
 * negative code. */
int bg_pipeline_next(bg_pipeline *p);
/* The diagnostics of the last event, in line order. */
size_t bg_pipeline_diag_count(const bg_pipeline *p);
const bg_diag *bg_pipeline_diag(const bg_pipeline *p, size_t i);
/*
 * The position before the action diagnostic i is about, numbered as the
 * replay's positions are (bg_replay_pos turn: bgshow -m), or -1 when it
 * is about no action of a game.
 */
int bg_pipeline_diag_turn(const bg_pipeline *p, size_t i);
/*
 * Return how many more warnings of its code in this input diagnostic i
 * stands for (see bg_pipeline_set_collapse); 0 for any other diagnostic.
 */
size_t bg_pipeline_diag_repeats(const bg_pipeline *p, size_t i);
/*
 * The name of the player diagnostic d is about, as a message names it:
 * the current match's (bg_match_player), NULL when d is about no side
 * or there is no match.
 */
const char *bg_pipeline_diag_player(const bg_pipeline *p, const bg_diag *d);
/*
 * Before the first event: read only the archive's member named name
 * ("INPUT:MEMBER", as bg_pipeline_name() gives it).  0; -BG_EINVAL when
 * the input has no such member (nothing is read then), -BG_EARCHIVE,
 * -BG_ENOMEM.
 */
int bg_pipeline_set_member(bg_pipeline *p, const char *name);
/*
 * The name the input was given ("<stdin>" for the standard input); in
 * an archive, "INPUT:MEMBER" for the member being read.
 */
const char *bg_pipeline_name(const bg_pipeline *p);
/*
 * After -BG_EARCHIVE: what is wrong with the input, in libarchive's
 * words ("truncated gzip input"); else "".
 */
const char *bg_pipeline_why(const bg_pipeline *p);
/* Return the current match (else the last), the current game (NULL
 * between games) and the replay. */
const bg_match *bg_pipeline_match(const bg_pipeline *p);
const bg_game *bg_pipeline_game(const bg_pipeline *p);
const bg_replay *bg_pipeline_replay(const bg_pipeline *p);
/* Return the last game's result, as bg_replay_result() does. */
const bg_result *bg_pipeline_result(const bg_pipeline *p);
const bg_pipe_count *bg_pipeline_count(const bg_pipeline *p);
/*
 * The name of side s for the match: the match's (bg_match_player), else
 * the first of its games' score lines that names it; "" if none.
 */
const char *bg_pipeline_player(const bg_pipeline *p, int s);
/*
 * The same for the current game, where the name its score line gives
 * comes first.
 */
const char *bg_pipeline_game_player(const bg_pipeline *p, int s);
/*
 * A file name for the current match of p made from template tmpl (as
 * bggrep --split names its files): %n the number n,
 * %p the players "A-B", %l the length (0: money), %d its EventDate (or
 * Date) tag, %f hex (the caller's fingerprint of the match; NULL: ""),
 * %% a '%'.  In a field '/', '\\', blanks, control characters and a
 * leading '.' become '_'.  Written NUL-ended into buf[size]; returns the
 * full length (cut when >= size), or -BG_EINVAL for another %, its
 * offset in *bad.  With p NULL, only checks the template.
 */
int bg_pipeline_filename(char *buf, size_t size, const char *tmpl,
    const bg_pipeline *p, const char *hex, int n, size_t *bad);
/*
 * The position the last game of the match ended in, with the score at
 * the start of that game and no dice: BG_EINVAL before any game.
 */
int bg_pipeline_final(const bg_pipeline *p, bg_board *b, bg_matchstate *ms);
/*
 * What bgcheck(1) says of the input read so far.  Text: "name: valid, 1
 * match, 3 games, 240 records; score alice 7, bob 3 (7-point match)"
 * (no score after several matches: bg_pipeline_match_summary gives
 * each one's) and "final position: PositionID XGID"; JSON: the summary
 * object.
 */
int bg_pipeline_summary(bg_write_fn write, void *ctx, bg_outfmt f,
    const bg_pipeline *p);
/*
 * At each BG_PIPE_MATCH_END, the line bgcheck -v gives each match of an
 * input of several, text only: "name: match 2: valid, 3 games, 240
 * records; score alice 7, bob 3 (7-point match)", name the match's
 * (an archive's member).  The first match's line is held and written
 * with the second's, so that an input of one match gets none; a second
 * call at the same match writes nothing.  0, or a negative code
 * (BG_EINVAL: not text, or not at a match's end).
 */
int bg_pipeline_match_summary(bg_write_fn write, void *ctx, bg_outfmt f,
    bg_pipeline *p);

/* ------------------------------------------------------------ outputs */

/*
 * What a person or a program reads: diagnostics, results and positions,
 * written through write(ctx) as text, JSON (one object a line,
 * bgkit-json(5)) or CSV.  0, or a negative code (BG_EIO when write
 * failed, BG_EINVAL for a form that does not exist).
 */

/*
 * Text: "file:line:col: severity: game G, move M (who dice): message:
 * detail" and a newline; JSON: one object.  who may be NULL.
 */
int bg_diag_write(bg_write_fn write, void *ctx, bg_outfmt f,
    const char *file, const char *who, const bg_diag *d);
/*
 * The same with the JSON key "turn": the position before the action the
 * diagnostic is about, as bgshow -g G -m TURN shows it (-1: null).
 */
int bg_diag_write_turn(bg_write_fn write, void *ctx, bg_outfmt f,
    const char *file, const char *who, const bg_diag *d, int turn);
/*
 * The same for a diagnostic that stands for more others of its kind in
 * the file (bg_pipeline_diag_repeats): text ends " (and N more like it
 * in this file)", JSON has the key "more": N.  more 0: as
 * bg_diag_write_turn().
 */
int bg_diag_write_more(bg_write_fn write, void *ctx, bg_outfmt f,
    const char *file, const char *who, const bg_diag *d, int turn,
    size_t more);
/* Return the name of pos's action: "start" (when pos->rec is NULL),
 * "move", ..., "resign". */
const char *bg_action_name(const bg_replay_pos *pos);
/*
 * The result of game n of file and the running score (bgscore(1));
 * names are the players' ("" when not known).  BG_OUT_CSV: one row;
 * the header row when r is NULL.
 */
int bg_result_write(bg_write_fn write, void *ctx, bg_outfmt f,
    const char *file, int n, const bg_result *r, const char *const names[2]);
/*
 * The result of a match of length points (0 money, -1 unknown) after
 * games games with score score: who won, or unfinished.  BG_OUT_CSV: the
 * row of game "match".
 */
int bg_match_result_write(bg_write_fn write, void *ctx, bg_outfmt f,
    const char *file, int length, int games, const int score[2],
    const char *const names[2]);

/* The forms of a position (bgshow -T). */
typedef enum bg_posfmt {
	BG_POS_ASCII,		/* a caption, then bg_draw_text() */
	BG_POS_SVG,		/* bg_draw_svg() */
	BG_POS_XGID,
	BG_POS_GNUBGID,		/* "PositionID:MatchID" */
	BG_POS_FIBS,		/* a FIBS board: line */
	BG_POS_JSON,		/* one object, bgkit-json(5) */
	BG_POS_OGID
} bg_posfmt;

/*
 * "text", "svg", "xgid", "gnubgid", "fibs", "json", "ogid"; BG_EINVAL.
 * The parse takes "ascii", the text's earlier name, as "text" until 0.3.
 */
int bg_posfmt_parse(bg_posfmt *f, const char *name);
const char *bg_posfmt_name(bg_posfmt f);

/* A position as bgshow(1) names it. */
typedef struct bg_shown {
	int		 game, turn;	/* game 0: not from a record */
	const char	*action;	/* bg_action_name(); NULL: from an ID */
	int		 side;		/* who acted; -1: none */
	int		 dice[2];	/* the roll of a move, larger first */
	const char	*play;		/* the play made, or NULL */
	int		 value;		/* cube or points of the action */
	const char	*names[2];	/* "" or NULL: not known */
	const bg_board	*board;
	const bg_matchstate *ms;
	bg_variant	 variant;
	const bg_fibs	*fibs;		/* FIBS: the line read, or NULL */
	int		 sep;		/* ASCII: a blank line first */
	const bg_game	*setup;		/* the game that sets this position
					   up, for its diagram and analysis
					   (JSON), or NULL */
	const char	*analysis;	/* text: the engine's analysis of
					   the decision made from this
					   position (bg_decision_text), or
					   NULL */
} bg_shown;

/*
 * Write position p in form f (d: how to draw it, NULL for the
 * defaults).  Nothing is written on failure: BG_ENOMEM, BG_EINVAL when
 * the match state does not fit the form, or the code of the encoder.
 */
int bg_shown_write(bg_write_fn write, void *ctx, bg_posfmt f,
    const bg_shown *p, const bg_drawopts *d);
/*
 * What form f cannot hold of ms, as a list of words ("the Jacoby rule,
 * the cube limit"): an OGID no Jacoby or beaver rule, cube limit or
 * resignation offered, an XGID no end of the game nor resignation.
 * Returns the length it needed: 0 when nothing is lost.
 */
int bg_posfmt_lost(char *buf, size_t size, bg_posfmt f,
    const bg_matchstate *ms);

/* A bg_shown with the storage it points at. */
typedef struct bg_shownpos {
	bg_shown	 v;		/* into this struct: see _bind */
	bg_board	 board;
	bg_matchstate	 ms;
	bg_fibs		 fibs;
	char		 play[64];
	char		 names[2][128];
	int		 lost;		/* the replay had lost track */
	char		 analysis[4096];	/* "": none */
} bg_shownpos;

/* Point sp->v at sp's own storage again, after sp was copied. */
void bg_shownpos_bind(bg_shownpos *sp);
/*
 * The position pos of game game (a replay callback's), played with
 * variant v by the players names (NULL: not known).
 */
void bg_shownpos_replay(bg_shownpos *sp, int game, const bg_replay_pos *pos,
    bg_variant v, const char *const names[2]);
/*
 * A position from an ID (bg_position_parse) or a FIBS board line (kept
 * for BG_POS_FIBS), line ends ignored; v the variant of an ID.  0 or a
 * negative code.
 */
int bg_shownpos_parse(bg_shownpos *sp, const char *s, size_t len,
    bg_variant v);

/*
 * The choice of one position of a record (bgshow -g, -m, FILE:LINE:COL):
 * the position after move actions of game game (game 1-based, 0 the
 * last; move -1 the end of the game), or, with line > 0, the position
 * before the first action written at or after line and col (col 0:
 * the start of the line).  NULL when memory runs out.
 */
typedef struct bg_pick bg_pick;
bg_pick *bg_pick_new(int game, int move, int line, int col);
void bg_pick_free(bg_pick *k);
/*
 * Offer position pos of pipeline p's replay (call it from the replay's
 * callback).  Return 1 when it is one that game and move ask for (*sp
 * is then filled, and bgshow -a shows it), 0 when not, and 2 when none
 * is asked for and pos is the one position of a game that is only a
 * position set up (in a file of positions, each is to be shown).
 */
int bg_pick_offer(bg_pick *k, const bg_pipeline *p, const bg_replay_pos *pos,
    bg_shownpos *sp);
/*
 * Call this once the input is read, with the number of games it held.
 * Return 0 with the position chosen in *sp (NULL when it was the last
 * game's and was offered with 2), or BG_EINVAL with the reason the
 * record has none in why ("no game 3 (2 in the file)").
 */
int bg_pick_done(bg_pick *k, int games, bg_shownpos **sp, char *why,
    size_t size);
/*
 * Untrusted text s: TEXT with controls and invalid UTF-8 as \xNN, a JSON
 * string (null for NULL), or one CSV field, quoted when it needs to be.
 */
int bg_string_write(bg_write_fn write, void *ctx, bg_outfmt f,
    const char *s);
/* A bg_write_fn that writes to ctx, a FILE *. */
long bg_write_stdio(void *ctx, const char *buf, size_t n);

/* --------------------------------------------------------- fingerprint */

/*
 * The canonical content hash of a game and of a match
 * (bg_fingerprint_new(3), bgkit-fingerprint(7)): SHA-256, in 64
 * lower-case hex digits, of a canonical text of the replay's dice,
 * positions reached, cube actions and results; the format, the names,
 * the notation and the layout of the record change nothing.  Feed it
 * the replay's positions (bg_fingerprint_pos is a bg_replay_fn whose ctx
 * is the fingerprint):
 *
 *	bg_fingerprint_start(fp, length, variant);	at each match
 *	... bg_fingerprint_pos(fp, pos) for each position of a game ...
 *	bg_fingerprint_game(fp, result, hex);		at its end
 *	bg_fingerprint_end(fp, hex);			at the match's end
 */
#define BG_FINGERPRINT_LEN	64

typedef struct bg_fingerprint bg_fingerprint;

bg_fingerprint *bg_fingerprint_new(void);
void bg_fingerprint_free(bg_fingerprint *fp);
/* Echo the canonical text through write; a NULL write stops the echo. */
void bg_fingerprint_set_text(bg_fingerprint *fp, bg_write_fn write,
    void *ctx);
/* Start a match of length points (0 for money) and variant v. */
void bg_fingerprint_start(bg_fingerprint *fp, int length, bg_variant v);
/* A bg_replay_fn that takes each position of the replay; ctx is the
 * fingerprint. */
void bg_fingerprint_pos(void *ctx, const bg_replay_pos *pos);
/*
 * End the game, with result r (NULL when it has none), and write its
 * hash into hex[65].
 */
void bg_fingerprint_game(bg_fingerprint *fp, const bg_result *r,
    char *hex);
/* End the match, and write its hash into hex[65]. */
void bg_fingerprint_end(bg_fingerprint *fp, char *hex);
/*
 * Write the canonical line of one position, or of a game's result,
 * without the line feed, as snprintf does, and return its length.  A
 * position that gives no line gives "" and 0.
 */
int bg_fingerprint_line(char *buf, size_t size, const bg_replay_pos *pos);
int bg_fingerprint_result(char *buf, size_t size, const bg_result *r);

/* ------------------------------------------------------------- select */

/*
 * Which games of an archive satisfy every criterion given
 * (bg_select_new(3), what bggrep(1) is built on).  Set the criteria,
 * then give it a pipeline's events:
 *
 *	bg_pipeline_set_callback(p, bg_select_pos, s);
 *	BG_PIPE_MATCH:		bg_select_match(s, p);
 *	BG_PIPE_GAME:		if (bg_select_game(s, p) > 0) ...kept...
 *	BG_PIPE_MATCH_END:	bg_select_match_end(s, hex);
 *				... bg_select_hit_get(s, i) ...
 */
typedef struct bg_select bg_select;

typedef enum bg_select_what {
	BG_SEL_LENGTH,		/* the match length (0 money) */
	BG_SEL_CUBE		/* the highest cube of the game */
} bg_select_what;

/* What a position must share besides the board. */
#define BG_SELPOS_ROLL	0x01	/* the side on roll */
#define BG_SELPOS_DICE	0x02	/* the roll played from it */
#define BG_SELPOS_CUBE	0x04	/* cube value and owner */
#define BG_SELPOS_SCORE	0x08	/* length, score and Crawford */

/* A game kept: where its first matching position or play is. */
typedef struct bg_select_hit {
	int	game;		/* ordinal in the match */
	int	line;		/* of that action, else of the game */
	int	turn;		/* its position, as bgshow -m counts */
	char	fingerprint[BG_FINGERPRINT_LEN + 1];	/* the game's */
} bg_select_hit;

bg_select *bg_select_new(void);
void bg_select_free(bg_select *s);
/* Set a PCRE2 pattern for the names or the winner.  For a bad one,
 * return -BG_EINVAL with the reason in msg. */
int bg_select_name(bg_select *s, const char *re, char *msg, size_t size);
int bg_select_winner(bg_select *s, const char *re, char *msg, size_t size);
int bg_select_tag(bg_select *s, const char *spec, char *msg, size_t size);
/* Set a range w, written "N", "N-M", "N-" or "-M". */
int bg_select_range(bg_select *s, bg_select_what w, const char *spec);
/* Ask for a result kind: single, gammon, backgammon, bearoff, drop or
 * resign.  Each call adds one kind. */
int bg_select_result(bg_select *s, const char *kind);
/* Ask for a position given as an XGID, an OGID, a gnubg ID or a FIBS
 * board line; need holds the BG_SELPOS_* bits it must also share. */
int bg_select_position(bg_select *s, const char *id, unsigned need,
    bg_variant v);
/* Read a list such as "roll,dice,cube,score" (any of those words) into
 * BG_SELPOS_* bits. */
int bg_select_need(unsigned *need, const char *list);
/* Ask for a roll and a play written in any dialect, "65 24/13"; on an
 * error, *errpos is where it is. */
int bg_select_play(bg_select *s, const char *text, size_t *errpos);
/* Which games bg_select_verdict() keeps, by the replay's verdict. */
typedef enum bg_select_keep {
	BG_KEEP_ALL,		/* every game (the default) */
	BG_KEEP_ACCEPTED,	/* only the games the replay accepts */
	BG_KEEP_REJECTED	/* only the games with an error */
} bg_select_keep;
void bg_select_verdict(bg_select *s, bg_select_keep v);
/*
 * The engine's analysis (bggrep --error, --mark, --analysed): a game is
 * kept when one of its decisions satisfies every criterion on
 * decisions, of a player the name pattern matches when one is given.
 * bg_select_error() asks for a decision of the kind given that lost at
 * least spec ("0.08") in equity; bg_select_mark() for a mark among
 * list ("doubtful,bad,very_bad,lucky,very_lucky,unlucky,very_unlucky",
 * any of them); bg_select_analysed() for games with or without the
 * analysis.
 */
typedef enum bg_select_kind {
	BG_SEL_ANY = -1,	/* a decision of any kind */
	BG_SEL_PLAY,		/* a play */
	BG_SEL_DOUBLE,		/* a double, or a roll without one */
	BG_SEL_TAKE		/* a take or a drop */
} bg_select_kind;
typedef enum bg_select_analysis {
	BG_ANALYSED_ANY,	/* every game (the default) */
	BG_ANALYSED_WITH,	/* only games with the engine's analysis */
	BG_ANALYSED_WITHOUT	/* only games without it */
} bg_select_analysis;
int bg_select_error(bg_select *s, bg_select_kind kind, const char *spec);
int bg_select_mark(bg_select *s, const char *list);
void bg_select_analysed(bg_select *s, bg_select_analysis v);
/*
 * Whether the decision of pos (its record) satisfies the criteria on
 * decisions; 1 when none is set.  ctx is the bg_select.  It is a
 * bg_decision_fn, for bg_decisions_set_filter().
 */
int bg_select_decision(void *ctx, const bg_replay_pos *pos);
/* With on 0, compute no fingerprint (the hits' and the match's are
 * then ""); with 1, the default, compute them. */
void bg_select_set_fingerprint(bg_select *s, int on);
/* Hand every position on to fn(ctx, pos) too (to none when fn is
 * NULL). */
void bg_select_set_next(bg_select *s, bg_replay_fn fn, void *ctx);
/* Return the fingerprint it computes, e.g. to echo its text. */
bg_fingerprint *bg_select_fingerprint(bg_select *s);
int bg_select_match(bg_select *s, const bg_pipeline *p);
/* A bg_replay_fn; ctx is the bg_select. */
void bg_select_pos(void *ctx, const bg_replay_pos *pos);
/* Judge the game just read: return 1 when it is kept (a hit is added),
 * 0 when not, or -BG_ENOMEM. */
int bg_select_game(bg_select *s, const bg_pipeline *p);
/* End the match: write its fingerprint into hex[65].  Its hits stay
 * until the next match. */
void bg_select_match_end(bg_select *s, char *hex);
size_t bg_select_hit_count(const bg_select *s);
const bg_select_hit *bg_select_hit_get(const bg_select *s, size_t i);

/*
 * One hit: "file:line: game G, move M: FINGERPRINT" as text, an object
 * of type "hit" in JSON (bgkit-json(5)); match is the match's
 * fingerprint.
 */
int bg_select_hit_write(bg_write_fn write, void *ctx, bg_outfmt f,
    const char *file, const char *const names[2], const char *match,
    const bg_select_hit *h);

/*
 * Matches grouped by fingerprint (bg_dupset_new(3)): add each match
 * with its file, line and games; bg_dupset_add returns how many had the
 * fingerprint before it (0: the first), or a negative code;
 * bg_dupset_write writes every group of two or more.
 */
typedef struct bg_dupset bg_dupset;

bg_dupset *bg_dupset_new(void);
void bg_dupset_free(bg_dupset *d);
int bg_dupset_add(bg_dupset *d, const char *hex, const char *file,
    int line, int games);
int bg_dupset_write(bg_write_fn write, void *ctx, bg_outfmt f,
    const bg_dupset *d);

/*
 * A record as the list of its canonical actions (bg_trace_new(3)): the
 * lines of bgkit-fingerprint(7), each with its game, position, line and
 * text as written; and two such lists aligned, as bgdiff(1) does.
 */
typedef struct bg_trace bg_trace;

typedef struct bg_trace_entry {
	int		 game;		/* ordinal in the file */
	int		 turn;		/* the position; -1 match or result */
	int		 line;		/* where it is written; 0 unknown */
	const char	*canon;		/* its canonical line */
	const char	*text;		/* the record as written, or "" */
	const char	*file;		/* the input or archive member it is
					   in (bg_pipeline_name()) */
	const char	*play;		/* a move: the play the replay made,
					   in gnubg's notation, or "" */
} bg_trace_entry;

bg_trace *bg_trace_new(void);
void bg_trace_free(bg_trace *t);
/*
 * Call these at the events BG_PIPE_MATCH and BG_PIPE_GAME of p.  They
 * return 0 or -BG_ENOMEM.
 */
int bg_trace_match(bg_trace *t, const bg_pipeline *p);
int bg_trace_game(bg_trace *t, const bg_pipeline *p);
/* A bg_replay_fn; ctx is the trace. */
void bg_trace_pos(void *ctx, const bg_replay_pos *pos);
size_t bg_trace_count(const bg_trace *t);
const bg_trace_entry *bg_trace_get(const bg_trace *t, size_t i);
/*
 * From entries *ia of a and *ib of b on, move both past what they share:
 * 0 when both end together, 1 at the first difference (an index at the
 * count: that list ended).
 */
int bg_trace_diff(const bg_trace *a, const bg_trace *b, size_t *ia,
    size_t *ib);
/* Move both indexes on to the next game (or match) of their list. */
void bg_trace_skip(const bg_trace *a, const bg_trace *b, size_t *ia,
    size_t *ib);
/*
 * Entry i in words, with the players' names: "Zoe rolls 31 and plays
 * 8/5 6/5", "Ivan drops", "Zoe wins 2 points, gammon", "the file ends"
 * (i past the last); as snprintf, the length it needed.
 */
int bg_trace_describe(char *buf, size_t size, const bg_trace *t, size_t i);

/*
 * The decisions of the games as rows (bg_decisions_new(3)): one per
 * checker play and cube action, with the position before it, in CSV
 * (bg_decisions_header writes its header) or JSON Lines.  Call
 * bg_decisions_match at each match, give it the replay's positions
 * (bg_decisions_pos, ctx the bg_decisions), and after each game write
 * its rows or drop them with bg_decisions_flush (keep 0).
 */
typedef struct bg_decisions bg_decisions;

bg_decisions *bg_decisions_new(bg_outfmt f);
void bg_decisions_free(bg_decisions *d);
int bg_decisions_header(bg_write_fn write, void *ctx, bg_outfmt f);
int bg_decisions_match(bg_decisions *d, const bg_pipeline *p);
void bg_decisions_pos(void *ctx, const bg_replay_pos *pos);
int bg_decisions_flush(bg_decisions *d, bg_write_fn write, void *ctx,
    int keep);
/*
 * The engine's analysis of the decision pos (a replay callback's, of
 * game g) as text laid out as gnubg's text export: "* NAME moves PLAY",
 * the marks, the cube decision, the roll with its luck, and the best
 * five candidate plays (and the play made, when it is not among them)
 * with their evaluation, equity, difference and chances.  before is
 * the board before it; name the player's.  Into buf[size], NUL-ended;
 * returns the length it needed, 0 when the record holds no analysis of
 * it, or a negative code.
 */
int bg_decision_text(char *buf, size_t size, const bg_game *g,
    const bg_replay_pos *pos, const bg_board *before, const char *name);
/* Write only the rows of the decisions fn(ctx, pos) is nonzero for. */
typedef int (*bg_decision_fn)(void *ctx, const bg_replay_pos *pos);
void bg_decisions_set_filter(bg_decisions *d, bg_decision_fn fn, void *ctx);

/*
 * Analysis by GNU Backgammon (bg_analyse_new(3)): the games of records
 * read by pipelines are each written as a one-game SGF, analysed by
 * gnubg run as a child process ("gnubg -t -q -c" over a command file
 * that loads the game, analyses it and saves it as SGF), and put
 * together again, each input's record with gnubg's analysis as SGF
 * text, which any pipeline reads (bg_pipeline_new_mem):
 *
 *	bg_analyse *a = bg_analyse_new(&opts);
 *	for each input: bg_analyse_attach(a, p, rules);
 *		while ((ev = bg_pipeline_next(p)) > 0)
 *			bg_analyse_event(a, p, ev);
 *		bg_analyse_input(a, name, 1);
 *	bg_analyse_run(a, progress, ctx);
 *	... bg_analyse_result(a, i, &len), bg_analyse_get(a, k) ...
 *	bg_analyse_free(a);
 *
 * The child runs in a scratch directory of its own under tmpdir, with
 * that directory as its HOME (no settings of the user's) and the C
 * locale; a game it does not analyse in timeout seconds is killed.
 */
typedef struct bg_analyse_opts {
	const char	*gnubg;		/* the program's path */
	const char	*tmpdir;	/* scratch files go under it */
	const char	*cache;		/* a directory, or NULL: no cache */
	int		 plies;		/* checker play: 0 to 7 */
	int		 cube_plies;	/* cube decisions: 0 to 7 */
	int		 jobs;		/* gnubg processes at once, 1 up */
	int		 timeout;	/* seconds a game; 0: no limit */
	int		 players;	/* whose decisions: bit s for side
					   s (0 the first player), 1 to 3 */
	int		 level;		/* 0: plies and cube_plies; else a
					   named level of gnubg's, 1 to 8 */
	int		 rollout;	/* 0: evaluations; else the trials of
					   each rollout, 1 up */
	int		 rollout_what;	/* what is rolled out: bit 0 checker
					   plays, bit 1 cube decisions */
	int		 rollout_moves;	/* the best n candidates of each play
					   rolled out, 1 up */
	int		 truncation;	/* plies a rollout's game is played
					   before it is evaluated; 0: to its
					   end */
	long		 seed;		/* the rollouts' seed, 0 to
					   2147483647 */
} bg_analyse_opts;

/* The bits of rollout_what. */
#define BG_ROLLOUT_PLAYS	1
#define BG_ROLLOUT_CUBES	2

/* Set o to the defaults: the program gnubg, /tmp, no cache, 0-ply, one
 * job, 300 seconds a game, both players analysed, and no rollout (when
 * rollout is set: cube decisions and the 3 best candidates of each play
 * rolled out, their games played to the end, seed 0). */
void bg_analyse_opts_init(bg_analyse_opts *o);
/*
 * Return the number of the level named name, or -BG_EINVAL.  The levels
 * are gnubg's presets of its evaluation settings: beginner, casual,
 * intermediate, advanced, expert, worldclass, supremo and grandmaster,
 * numbered 1 to 8.
 */
int bg_analyse_level(const char *name);
/*
 * Run "gnubg --version" (for at most timeout seconds).  Return 0 when it
 * is GNU Backgammon 1.07 or later, -BG_EIO when it cannot be run (with
 * errno set), or -BG_EINVAL when it answers otherwise.  Its first line
 * goes into ver (size bytes, NUL-ended, perhaps cut short); "" when it
 * wrote none.
 */
int bg_analyse_check(const bg_analyse_opts *o, char *ver, size_t size);
/* Write into buf the commands that set gnubg's analysis up, one on each
 * line, as they are sent; with a rollout, the rollout's settings too (the
 * commands that roll out each decision follow "analyse match"). */
int bg_analyse_settings(char *buf, size_t size, const bg_analyse_opts *o);

typedef struct bg_analyse bg_analyse;

typedef enum bg_analysed_status {
	BG_AN_PENDING,		/* not run yet */
	BG_AN_DONE,		/* analysed by gnubg in this run */
	BG_AN_CACHED,		/* analysis from the cache */
	BG_AN_REFUSED,		/* gnubg saved no analysis of it */
	BG_AN_TIMEOUT,		/* killed at the time limit */
	BG_AN_FAILED		/* gnubg could not be run, or died */
} bg_analysed_status;

/* What became of one game. */
typedef struct bg_analysed {
	const char	*file;		/* its input's name */
	int		 input;		/* index of its input */
	int		 game;		/* 1-based ordinal in the input */
	int		 line;		/* where it is written (0: unknown) */
	bg_analysed_status status;
	const char	*why;		/* REFUSED, TIMEOUT, FAILED: gnubg's
					   last words or the reason; else "" */
} bg_analysed;

/* Called as each game ends, with the number of games done (those from
 * the cache included) and the number of all games. */
typedef void (*bg_analyse_fn)(void *ctx, size_t done, size_t total);

bg_analyse *bg_analyse_new(const bg_analyse_opts *o);
void bg_analyse_free(bg_analyse *a);
/*
 * Add a new input, read by p: set p's writer and position callback to
 * a's (they keep the game's text and its fingerprint), with rules rs.
 * Return 0 or -BG_ENOMEM.
 */
int bg_analyse_attach(bg_analyse *a, bg_pipeline *p, const bg_ruleset *rs);
/* Call this after each bg_pipeline_next() of p that returned ev > 0. */
int bg_analyse_event(bg_analyse *a, const bg_pipeline *p, int ev);
/*
 * The input is read through: with keep, its games join the queue and
 * its index (0 up) is returned; without, it is forgotten (0).  A
 * negative code on failure.
 */
int bg_analyse_input(bg_analyse *a, const char *name, int keep);
/* Called when every game of input i has ended: its record is ready. */
typedef void (*bg_analyse_ready_fn)(void *ctx, size_t i);
/* Asked between the steps of the run: a nonzero answer stops it. */
typedef int (*bg_analyse_stop_fn)(void *ctx);
/*
 * Set before bg_analyse_run(): ready is told of each input as soon as
 * bg_analyse_result() gives its record (so that it can be written then),
 * and stop is asked every few milliseconds; either may be NULL.
 */
void bg_analyse_set_hooks(bg_analyse *a, bg_analyse_ready_fn ready,
    bg_analyse_stop_fn stop, void *ctx);
/*
 * Every game queued: 0; 1 when stop said to stop (the running gnubg
 * processes are killed, the scratch directory removed, the games not
 * ended left BG_AN_PENDING); or a negative code (errno set).
 */
int bg_analyse_run(bg_analyse *a, bg_analyse_fn fn, void *ctx);
size_t bg_analyse_count(const bg_analyse *a);
const bg_analysed *bg_analyse_get(const bg_analyse *a, size_t i);
/*
 * Input i's record after the run, as SGF: the games gnubg analysed with
 * its analysis, the others as they were given.  NULL for no such input.
 */
const char *bg_analyse_result(const bg_analyse *a, size_t i, size_t *len);
/* Return input i's name as it was given, or NULL. */
const char *bg_analyse_name(const bg_analyse *a, size_t i);

/* ------------------------------------------------------------ statistics */

/*
 * Statistics of an analysed match as gnubg computes them
 * (bg_stats_init(3)): per player, for a game or a match, the checker
 * play, luck and cube figures of gnubg's "show statistics", from the
 * analysis the records carry (bg_game_record_analysis()).  In match
 * play equities become match-winning chances through a match equity
 * table (bg_met_new(3)): gnubg's default, Kazaross-XG2, or one read
 * from gnubg's XML format.
 *
 *	bg_met *met = bg_met_new();
 *	bg_stats_acc a;
 *	bg_stats_acc_init(&a, met, BG_OUT_JSON);
 *	while ((ev = bg_pipeline_next(p)) > 0)
 *		bg_stats_acc_event(&a, p, ev, fn, ctx);
 *	bg_met_free(met);
 *
 * which, for each match of length points, does
 *
 *	bg_stats match, game;
 *	bg_stats_init(&match, length);
 *	for each game g with its result r:
 *		bg_stats_init(&game, length);
 *		bg_stats_game(&game, g, r, met);
 *		bg_stats_write(fn, ctx, BG_OUT_JSON, &game, n, names);
 *		bg_stats_add(&match, &game);
 *	bg_stats_write(fn, ctx, BG_OUT_JSON, &match, 0, names);
 */
typedef struct bg_met bg_met;

/* Where a table's text went wrong, and how. */
typedef struct bg_met_error {
	int	line;		/* 1-based */
	int	col;		/* 1-based, in characters */
	char	msg[96];
} bg_met_error;

/* Make gnubg's default table, Kazaross-XG2 (25 points); return NULL
 * when out of memory. */
bg_met *bg_met_new(void);
/*
 * Read a table in gnubg's XML format from the len bytes at buf.  Return
 * 0 with the table in *m, -BG_EINVAL with *err saying where and why, or
 * -BG_ENOMEM.
 */
int bg_met_read(bg_met **m, const char *buf, size_t len, bg_met_error *err);
void bg_met_free(bg_met *m);
int bg_met_length(const bg_met *m);
const char *bg_met_name(const bg_met *m);
/*
 * The match-winning chance of side 0 needing away0 points against
 * side 1 needing away1 (0 or less: has won), after the Crawford game
 * when post is not 0; -1 beyond the table.
 */
double bg_met_mwc(const bg_met *m, int away0, int away1, int post);

/*
 * gnubg's stored statistics of a game, its SGF property GS, as gnubg
 * writes them: counts by player ([s]), errors as positive losses and
 * luck signed, each [0] normalised (EMG) and [1] MWC or points.
 */
#define BG_GS_MOVES	0x01	/* M: unforced .. checker */
#define BG_GS_CUBE	0x02	/* C: cube .. error */
#define BG_GS_LUCK	0x04	/* D: luck_marks, luck */

typedef struct bg_gs {
	unsigned	has;			/* BG_GS_* */
	int		unforced[2], moves[2];
	int		marks[4][2];		/* by bg_mark */
	double		checker[2][2];		/* [s][unit] */
	int		cube[2], doubles[2], takes[2], passes[2];
	int		errors[6][2];		/* [BG_STATS_...][s] */
	double		error[2][6][2];		/* [s][BG_STATS_...][unit] */
	int		luck_marks[5][2];	/* very unlucky .. very lucky */
	double		luck[2][2];		/* [s][unit] */
} bg_gs;

/*
 * Read the GS property text ("GS[M:...][C:...][D:...]", or its values
 * alone) into *gs.  Return 0, or -BG_EINVAL when it is malformed.
 * Sections of other letters are passed over.
 */
int bg_gs_parse(bg_gs *gs, const char *text, size_t len);
/* Read game g's GS property (see bg_game_sgf()) into *gs.  Return 1, 0
 * when the game has none, or -BG_EINVAL. */
int bg_game_gs(const bg_game *g, bg_gs *gs);

/* The units of a figure: [0] EMG, [1] MWC (match) or points (money). */
#define BG_STATS_EMG	0
#define BG_STATS_MWC	1

/* The kinds of cube error of gnubg's statistics, in its order. */
enum {
	BG_STATS_MISSED_BELOW_CP,	/* no double; double, take */
	BG_STATS_MISSED_ABOVE_CP,	/* no double; double, pass */
	BG_STATS_WRONG_BELOW_DP,	/* double; no double */
	BG_STATS_WRONG_ABOVE_TG,	/* double; too good */
	BG_STATS_WRONG_TAKE,
	BG_STATS_WRONG_PASS,
	BG_STATS_CUBE_KINDS
};

/* One player's tallies.  Errors and luck are negative for a loss. */
typedef struct bg_stats_side {
	int	moves;		/* checker plays (rolls) analysed */
	int	unforced;	/* of them with more than one legal play */
	int	marks[4];	/* by bg_mark: none, doubtful, bad, very bad */
	double	checker[2];	/* the equity the plays lost */
	int	rolls;		/* rolls with a luck figure */
	int	luck_marks[5];	/* very unlucky, unlucky, none, lucky,
				   very lucky */
	double	luck[2];
	int	cube;		/* cube decisions */
	int	close;		/* of them close, or actions */
	int	doubles, takes, passes;
	int	errors[BG_STATS_CUBE_KINDS];
	double	error[BG_STATS_CUBE_KINDS][2];
	double	result;		/* the actual result: MWC or points */
} bg_stats_side;

typedef struct bg_stats {
	int		length;		/* the match length, 0 for money */
	int		games;		/* games added */
	bg_stats_side	side[2];
} bg_stats;

void bg_stats_init(bg_stats *st, int length);
/*
 * Add game g, with its result r (from bg_pipeline_result()), to st.
 * Return 0, or -BG_EINVAL when a score is beyond the table met.
 */
int bg_stats_game(bg_stats *st, const bg_game *g, const bg_result *r,
    const bg_met *met);
void bg_stats_add(bg_stats *to, const bg_stats *from);
/*
 * st as gnubg's "show statistics" (BG_OUT_TEXT) or one JSON object
 * (BG_OUT_JSON) with its rates and ratings: for game n, or the match
 * when n is 0.  names: the players.  0 or a negative code.
 */
int bg_stats_write(bg_write_fn fn, void *ctx, bg_outfmt f,
    const bg_stats *st, int n, const char *const names[2]);

/*
 * The statistics of a pipeline's matches, game by game: give
 * bg_stats_acc_event() every event of bg_pipeline_next(); it adds each
 * game to its match through met and writes each game's statistics, then
 * the match's, as bg_stats_write() does in format f.
 */
typedef struct bg_stats_acc {
	const bg_met	*met;
	bg_outfmt	 f;
	int		 games;		/* games of the match read */
	bg_stats	 game;		/* the last game's */
	bg_stats	 match;		/* the match's: the games added */
} bg_stats_acc;

void bg_stats_acc_init(bg_stats_acc *a, const bg_met *met, bg_outfmt f);
/*
 * Take event ev of pipeline p: BG_PIPE_MATCH starts a match, BG_PIPE_GAME
 * adds the game and writes its statistics, BG_PIPE_MATCH_END writes the
 * match's when it has games and all were added; others do nothing.
 * Return 1 when it wrote, 0 when not, -BG_EINVAL when game a->games's
 * score is beyond met (the game is not added, nor the match written),
 * or the writer's negative code.
 */
int bg_stats_acc_event(bg_stats_acc *a, const bg_pipeline *p, int ev,
    bg_write_fn fn, void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* BGKIT_H */
