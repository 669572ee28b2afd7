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

#ifdef __cplusplus
extern "C" {
#endif

#define BG_VERSION "0.1.0"
const char *bg_version(void);

/* ---------------------------------------------------------------- codes */

/*
 * The message catalogue: every error and warning the library can raise.
 * Functions return the negated code; bg_strerror() and bg_code_name()
 * accept either sign.
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
	BG_CODE_COUNT
} bg_code;

typedef enum bg_severity {
	BG_SEV_NONE,
	BG_SEV_WARNING,
	BG_SEV_ERROR,
	BG_SEV_SYSTEM
} bg_severity;

/* Static English text of a code ("point is blocked"). */
const char *bg_strerror(int code);
/* Static stable identifier of a code ("blocked_point"), for JSON. */
const char *bg_code_name(int code);
bg_severity bg_code_severity(int code);

/* ------------------------------------------------------------- variants */

typedef enum bg_variant {
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

/* NULL for an unknown variant. */
const bg_variant_info *bg_variant_get(bg_variant v);
/* Accepts the names above and common spellings; BG_EVARIANT if unknown. */
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
/* Pip count of side s (bar counts 25). */
int bg_board_pips(const bg_board *b, int s);
/* Checkers side s has on the board and bar (not borne off). */
int bg_board_checkers(const bg_board *b, int s);
/* 0 if the board is consistent for variant v, else a negative code. */
int bg_board_check(const bg_board *b, bg_variant v);

/*
 * Dice as people type them: "64", "6-4", "6 4", "6,4".  Stores them as
 * written; BG_EDICESYNTAX unless both are 1 to 6 and nothing else follows.
 */
int bg_dice_parse(int d[2], const char *s, size_t len);

/* ----------------------------------------------------------------- play */

/* One checker step in the mover's numbering: 25 = bar, 0 = off. */
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
/* "gnubg", "mat", "xg"; BG_EINVAL if unknown. */
int bg_style_parse(bg_style *st, const char *name);
/* Write notation n in style st (without dice prefix). */
int bg_notation_format(char *buf, size_t size, const bg_notation *n,
    bg_style st);
/* Group the steps of p into written parts the way style st writes them. */
void bg_notation_from_play(bg_notation *n, const bg_play *p, bg_style st);
/* bg_notation_from_play then bg_notation_format. */
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
	int		code;		/* 0 legal, else the rule broken */
	int		point;		/* the point concerned, or -1 */
	bg_board	after;		/* the result, when legal */
	bg_play		play;		/* the play checked, hits filled in */
	int		has_example;
	bg_play		example;	/* a legal play, when illegal */
} bg_verdict;

/*
 * Check play p (single-die steps) for side s, dice d, on b.  Returns 0
 * when legal, else the negated rule code, also left in vd->code.
 */
int bg_rules_check(bg_verdict *vd, const bg_board *b, int s, const int d[2],
    bg_variant v, const bg_play *p);

/* The outcome of matching written text against a position and roll. */
typedef struct bg_resolved {
	int		code;		/* 0, or the error */
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
	int	dice[2];	/* 0 0 = not rolled; larger first */
	int	jacoby;		/* Jacoby rule in force (money) */
	int	beaver;		/* beavers allowed (money; XGID only) */
	int	cube_max;	/* log2 of the cube limit (XGID); 0 = no cube */
} bg_matchstate;

/* A new game: cube 1 centred, side 1 on roll, Jacoby on, limit 2^10. */
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
 * Read any position text: "PID", "PID:MID", an XGID, or a start word
 * ("start", "nackgammon", "hyper1".."hyper3", "tavla").  *v is used for
 * IDs that cannot say the variant and set from a start word.
 */
int bg_position_parse(bg_board *b, bg_matchstate *ms, bg_variant *v,
    const char *s, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* BGKIT_H */
