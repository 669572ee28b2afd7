/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * replay.c: follow a match record through the rules.  Each game starts
 * from the variant's position; the game's state (struct game) goes
 * through its records as a state machine, one handler for each kind of
 * record: a play matched against its roll (resolve_fast's direct
 * decision first, on the board itself, else the reference search), a
 * cube action against the cube's state, a result against what the board
 * says; the score lines are judged against the running score.  Without
 * a callback, runs of rolls are made in a small loop of their own
 * (run_rolls).  Problems become diagnostics on the replay object;
 * nothing is printed.  A diagnostic that cannot be kept for want of
 * memory fails the call (diag_int.h).  Part of libbgkit.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bgkit.h"
#include "record_int.h"
#include "diag_int.h"
#include "resolve_int.h"
#include "snowie_int.h"

/*
 * The largest cube: as large as SGF's CV and the rules' limits go.  A
 * double past it is an error, and the cube stays there.
 */
#define CUBE_MAX	(1 << 20)

struct bg_replay {
	int		 length;
	bg_variant	 variant;
	int		 crawford_rule;	/* set when a match plays the
					   Crawford rule */
	int		 crawford_done;	/* set once the Crawford game was
					   played */
	int		 jacoby;	/* the Jacoby rule of money play: -1
					   not known yet, 0 off, 1 on */
	int		 jacoby_stated;	/* set when a tag or the caller
					   states it */
	int		 prev_winner;	/* the last game's winner, or -1 */
	int		 prev_points;	/* and the points it won */
	bg_ruleset	 stated;	/* the rules the caller states (-r) */
	bg_ruleset	 rules;		/* the rules in force in this match */
	int		 score[2];
	int		 games;
	int		 over;		/* set once the match has a winner */
	int		 open_line;	/* the last line of a game left
					   without a result */
	int		 open_game;
	bg_board	 board;
	bg_matchstate	 ms;
	bg_result	 res;
	struct diaglist	 dl;		/* the last call's diagnostics */
	int		 err;		/* the call's error: a diagnostic
					   that could not be kept */
	bg_replay_fn	 fn;		/* the caller's position callback */
	void		*fnctx;
};

bg_replay *
bg_replay_new(void)
{
	bg_replay *rp = calloc(1, sizeof *rp);

	if (rp != NULL) {
		bg_ruleset_init(&rp->stated);
		bg_replay_match(rp, NULL);
	}
	return rp;
}

void
bg_replay_set_rules(bg_replay *rp, const bg_ruleset *rs)
{
	if (rs != NULL)
		rp->stated = *rs;
	else
		bg_ruleset_init(&rp->stated);
}

const bg_ruleset *
bg_replay_rules(const bg_replay *rp)
{
	return &rp->rules;
}

/*
 * Read an on/off tag: 1 for on, 0 for off, -1 when the tag is absent or
 * says neither.
 */
static int
tag_onoff(const bg_match *m, const char *key)
{
	const char *t = m ? bg_match_tag(m, key) : NULL;

	if (t == NULL)
		return -1;
	if (strcasecmp(t, "on") == 0 || strcasecmp(t, "yes") == 0 ||
	    strcmp(t, "1") == 0)
		return 1;
	if (strcasecmp(t, "off") == 0 || strcasecmp(t, "no") == 0 ||
	    strcmp(t, "0") == 0)
		return 0;
	return -1;
}

/* Read a tag's number; -1 when the tag is absent or no number. */
static int
tag_number(const bg_match *m, const char *key)
{
	const char *t = m ? bg_match_tag(m, key) : NULL;
	long v = 0;

	if (t == NULL || *t == '\0')
		return -1;
	for (; *t; t++) {
		if (*t < '0' || *t > '9' || v > 1 << 20)
			return -1;
		v = v * 10 + (*t - '0');
	}
	return (int)v;
}

/*
 * Choose a rule's value: the one stated by the caller if any, else the
 * tag's, else the default.
 */
static int
pick(int stated, int tagged, int dflt)
{
	return stated >= 0 ? stated : tagged >= 0 ? tagged : dflt;
}

void
bg_replay_free(bg_replay *rp)
{
	if (rp == NULL)
		return;
	diaglist_free(&rp->dl);
	free(rp);
}

static const char *
tag(const bg_match *m, const char *key)
{
	return m ? bg_match_tag(m, key) : NULL;
}

int
bg_replay_match(bg_replay *rp, const bg_match *m)
{
	const char *t;

	rp->length = m ? bg_match_length(m) : 0;
	if (rp->length < 0)
		rp->length = 0;
	rp->variant = BG_VARIANT_STANDARD;
	if ((t = tag(m, "Variation")) != NULL) {
		if (strncasecmp(t, "nack", 4) == 0)
			rp->variant = BG_VARIANT_NACKGAMMON;
		else if (strncasecmp(t, "hypergammon", 11) == 0) {
			const char *d = strpbrk(t, "123");

			rp->variant = d == NULL || *d == '3' ?
			    BG_VARIANT_HYPER3 : *d == '2' ?
			    BG_VARIANT_HYPER2 : BG_VARIANT_HYPER1;
		} else if (strcasecmp(t, "tavla") == 0)
			rp->variant = BG_VARIANT_TAVLA;
	}
	if (rp->stated.variant != BG_VARIANT_UNSTATED)
		rp->variant = (bg_variant)rp->stated.variant;
	/*
	 * Each rule: the caller's word, else the record's tag, else what
	 * the record will show (-1), else gnubg's default.
	 */
	rp->rules.variant = rp->variant;
	rp->rules.crawford = rp->length > 0 ?
	    pick(rp->stated.crawford, tag_onoff(m, "Crawford"), 1) : 0;
	rp->rules.holland = rp->length > 0 ?
	    pick(rp->stated.holland, tag_onoff(m, "Holland"), 0) : 0;
	rp->rules.jacoby = rp->length == 0 ?
	    pick(rp->stated.jacoby, tag_onoff(m, "Jacoby"), -1) : 0;
	/* "Beaver": On, Off, or how many in a row (bgconv -r writes it). */
	rp->rules.beavers = rp->length == 0 ? pick(rp->stated.beavers,
	    tag_number(m, "Beaver") >= 0 ? tag_number(m, "Beaver") :
	    tag_onoff(m, "Beaver") == 1 ? 1 << 20 : tag_onoff(m, "Beaver"),
	    -1) : 0;
	rp->rules.autodoubles = rp->length == 0 ? pick(rp->stated.autodoubles,
	    tag_number(m, "AutomaticDoubles"), -1) : 0;
	rp->rules.cubelimit = pick(rp->stated.cubelimit,
	    tag_number(m, "CubeLimit"), 0);
	rp->rules.cube = pick(rp->stated.cube, -1,
	    (bg_variant_get(rp->variant)->flags & BG_VF_CUBE) != 0);
	rp->crawford_rule = rp->rules.crawford;
	rp->jacoby = rp->rules.jacoby;
	rp->jacoby_stated = rp->jacoby >= 0;
	rp->prev_winner = -1;
	rp->prev_points = 0;
	rp->crawford_done = 0;
	rp->score[0] = rp->score[1] = 0;
	rp->games = 0;
	rp->over = 0;
	rp->open_line = 0;
	rp->dl.n = 0;
	rp->err = 0;
	memset(&rp->res, 0, sizeof rp->res);
	rp->res.winner = -1;
	bg_board_start(&rp->board, rp->variant);
	bg_matchstate_init(&rp->ms, rp->length);
	return 0;
}

/*
 * Add a diagnostic; detail is printf-formatted.  One that cannot be kept
 * fails the call (diag_int.h): rp->err is set.
 */
static void
diag(bg_replay *rp, int code, const bg_record *rec, int line,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void
diag(bg_replay *rp, int code, const bg_record *rec, int line,
    const char *fmt, ...)
{
	char detail[sizeof ((bg_diag *)0)->detail] = "";
	va_list ap;

	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(detail, sizeof detail, fmt, ap);
		va_end(ap);
	}
	if (diaglist_add(&rp->dl, code, rec ? rec->line : line,
	    rec ? rec->col : 0, rp->games, rec ? rec->moveno : 0,
	    rec ? rec->side : -1, rec ? rec->dice : NULL, detail,
	    strlen(detail)) < 0)
		rp->err = -BG_ENOMEM;
}

/*
 * A diagnostic of the game left open (without a result) at line
 * rp->open_line, raised while replaying the next game or the match's end.
 */
static void
diag_open(bg_replay *rp, int code)
{
	size_t n = rp->dl.n;

	diag(rp, code, NULL, rp->open_line, NULL);
	if (rp->dl.n > n)
		rp->dl.d[n].game = rp->open_game;
}

/* The next record that is an action of a side, or NULL. */
static const bg_record *
next_action(const bg_game *g, size_t i)
{
	const bg_record *r;

	for (i++; i < bg_game_record_count(g); i++) {
		r = bg_game_record(g, i);
		if (r->kind != BG_REC_COMMENT && r->kind != BG_REC_UNPARSED &&
		    r->kind != BG_REC_LOSS)
			return r;
	}
	return NULL;
}

/*
 * Is game g only positions set up by XGID (and comments), without an
 * action of a side?
 */
static int
position_only(const bg_game *g)
{
	const bg_record *r;
	size_t i;
	int set = 0;

	for (i = 0; i < bg_game_record_count(g); i++) {
		r = bg_game_record(g, i);
		if (r->kind == BG_REC_SETPOS && r->text != NULL &&
		    memchr(r->text, ':', r->len) != NULL)
			set = 1;
		else if (r->kind != BG_REC_COMMENT)
			return 0;
	}
	return set;
}

/* No checker of side me left on the board: bg_board_checkers() 0. */
static int
none_left(const unsigned char *me)
{
	return !rules_outside(me) &&
	    !(me[1] | me[2] | me[3] | me[4] | me[5] | me[6]);
}

/* Single, gammon or backgammon for winner w on board b. */
static int
level_of(const bg_board *b, int w, unsigned vflags)
{
	const unsigned char *lo = b->pt[!w];
	int p;

	if (lo[0] > 0)
		return 1;
	if (vflags & BG_VF_BACKGAMMON)
		for (p = 19; p <= 25; p++)
			if (lo[p])
				return 3;
	return 2;
}

/*
 * Writers cap the points of the game that ends a match at what the
 * winner needed: a written value short of the points won is right when
 * it still reaches the match length.
 */
static int
capped(const bg_replay *rp, int w, int written, int won)
{
	return rp->length > 0 && written > 0 && written < won &&
	    rp->score[w] + written >= rp->length;
}

/*
 * Apply a set-position record: an XGID (SGF setup nodes and CV), or XG's
 * "; Set Pos=" text, 26 XGID position characters then "/c": 0 centred,
 * d a cube of 2^d held by the right-column player, -d by the left.
 */
static int
setpos(bg_replay *rp, const bg_record *rec, int *cube, int *owner,
    int *turn, bg_matchstate *set)
{
	char xg[96];
	const char *t = rec->text;
	bg_board b;
	bg_matchstate ms;
	int e, own = 0;

	memset(set, 0, sizeof *set);
	if (t == NULL)
		return -1;
	if (memchr(t, ':', rec->len) != NULL) {
		if (bg_xgid_decode(&b, &ms, t, rec->len, rp->variant) < 0)
			return -1;
		/* Who is on roll matters when the setup rolled dice. */
		if (ms.dice[0])
			*turn = ms.on_roll;
		*set = ms;
	} else {
		if (rec->len < 28 || t[26] != '/')
			return -1;
		t += 27;
		if (*t == '-') {
			own = -1;
			t++;
		}
		if (*t < '0' || *t > '9' || t + 1 != rec->text + rec->len)
			return -1;
		e = *t - '0';
		if (e > 0 && own == 0)
			own = 1;
		snprintf(xg, sizeof xg, "XGID=%.26s:%d:%d:1:00:0:0:0:0:10",
		    rec->text, e, own);
		if (bg_xgid_decode(&b, &ms, xg, strlen(xg), rp->variant) < 0)
			return -1;
	}
	if (bg_board_check(&b, rp->variant) < 0)
		return -1;
	rp->board = b;
	*cube = ms.cube;
	*owner = ms.cube_owner;
	return 0;
}

/*
 * A gammon or backgammon with the cube never turned, in money play: the
 * Jacoby rule, stated or shown by the record, makes it single.  Returns
 * the points the game is worth and sets res accordingly.
 */
static int
jacoby(bg_replay *rp, const bg_record *rec, bg_result *res, int cube)
{
	int full = res->level * cube, w = rec->value;

	if (rp->jacoby < 0 && w > 0)
		rp->jacoby = w == cube;		/* the record shows it */
	else if (rp->jacoby == 1 && w == full && w != cube) {
		if (rp->jacoby_stated)
			diag(rp, BG_WJACOBYMAT, rec, 0, "a %s, %d written, "
			    "%d won", res->level == 3 ? "backgammon" :
			    "gammon", w, cube);
		else
			diag(rp, BG_EJACOBY, rec, 0, NULL);
	} else if (rp->jacoby == 0 && w == cube && w != full &&
	    !rp->jacoby_stated)
		diag(rp, BG_EJACOBY, rec, 0, NULL);
	if (rp->jacoby == 1) {
		res->level = 1;
		res->points = cube;
		return w == full ? w : cube;	/* the quirk is warned */
	}
	res->points = full;
	return full;
}

/*
 * A money session's score line that shows the last game worth 2, 4, ...
 * times what its record says: an automatic double on an opening tie,
 * which .mat cannot show (gnubg writes the cube divided by it).
 */
static int
autodouble_seen(const bg_replay *rp, const bg_game *g)
{
	int w = rp->prev_winner, most;
	long long before, gain, f;	/* scores of any size, without overflow */

	if (rp->length != 0 || w < 0 || rp->rules.autodoubles == 0 ||
	    rp->prev_points <= 0 || bg_game_score(g, 0) < 0 ||
	    bg_game_score(g, 1) < 0 || bg_game_score(g, !w) != rp->score[!w])
		return 0;
	most = rp->rules.autodoubles > 0 && rp->rules.autodoubles < 16 ?
	    1 << rp->rules.autodoubles : 1 << 15;
	before = (long long)rp->score[w] - rp->prev_points;
	gain = bg_game_score(g, w) - before;
	/* A power of two from 2 to most times the points. */
	if (gain <= 0 || gain % rp->prev_points != 0)
		return 0;
	f = gain / rp->prev_points;
	return f >= 2 && f <= most && (f & (f - 1)) == 0;
}

/* The cube after a double taken: twice cube, but never past CUBE_MAX. */
static int
twice(int cube)
{
	return cube < CUBE_MAX ? cube * 2 : cube;
}

static void
play_text(char *buf, size_t size, const bg_play *p)
{
	if ((size_t)bg_play_format(buf, size, p, BG_STYLE_GNUBG) >= size)
		buf[size - 1] = '\0';
}

/* The warnings of resolve_fast's answer q, as the search gives them. */
static void
fast_warnings(bg_replay *rp, const bg_record *rec, int q)
{
	if ((q & FAST_UNMARKED) && !(rec->flags & BG_RF_NOMARKS))
		diag(rp, BG_WHITUNMARKED, rec, 0, "%.60s", rec->text);
	if (q & FAST_EXTRA)
		diag(rp, BG_WHITEXTRA, rec, 0, "%.60s", rec->text);
}

/*
 * The state of the game being replayed, which the handler of each kind
 * of record reads and changes.
 */
struct game {
	const bg_game	*g;
	size_t		 nrec;
	size_t		 refused;	/* the index of a roll resolve_fast
					   refused in a run of rolls, else
					   nrec */
	unsigned	 vflags;	/* BG_VF_* of the variant */
	int		 turn;		/* the side to act next; -1 before
					   the first action */
	int		 doubled;	/* set while a double waits for its
					   answer */
	int		 doubler;	/* the side that doubled, or -1 */
	int		 over;		/* 0 while the game goes on, 1 once
					   the board or a drop ended it, 2
					   once its result was read */
	int		 lost;		/* set once a record could not be
					   followed, so that the board is no
					   longer known */
	int		 cube, owner;
	int		 turned;	/* set once the cube has left 1 */
	int		 last;		/* the line of the last action */
	int		 rolls[2];	/* how many rolls each side made */
	int		 beaver_by;	/* the side of the last beaver, when
					   it was the last action; or -1 */
	int		 nbeaver;	/* the beavers since the double */
	int		 npos;		/* positions handed to the callback */
	const bg_record	*resigned;	/* the resignation, for the callback */
	const bg_record	*matchword;	/* the result that says "and the
					   match", or NULL */
	int		 end_dice[2];	/* the roll of a set position the
					   game stops at */
	int		 end_set;	/* set when the game stops at a set
					   position that gives the whole
					   state (an XGID), whose Crawford
					   flag and cube limit follow */
	int		 end_crawford, end_cubemax;
	const bg_play	*made;		/* the play of the record at hand */
	bg_play		 play;		/* a play resolve_fast made */
};

/*
 * Side s has no checker left on the board after its play: the game ends
 * (the result filled as bg_replay_game keeps it).  Returns 1 then, else
 * 0.
 */
static int
borne_off(bg_replay *rp, int s, int cube, unsigned vflags)
{
	bg_result *res = &rp->res;

	if (!none_left(rp->board.pt[s]))
		return 0;
	res->ended_by = BG_END_BEAROFF;
	res->winner = s;
	res->level = level_of(&rp->board, s, vflags);
	res->points = res->level * cube;
	return 1;
}

/* ------------------------------------------------------------ runs of rolls */

/*
 * The roll rec of side t, whose half of the board is me and the other's
 * op, decided directly, rules saying whether a bear-off rule of the
 * variant holds: 1 made, 2 made and the side's last checker borne off,
 * 0 declined (nothing changed).
 */
static inline int
run_roll(bg_replay *rp, const bg_record *rec, unsigned char *me,
    unsigned char *op, unsigned vflags, int rules)
{
	int q, off;

	/* The commonest texts inline, when no bear-off rule holds. */
	if (rules || (q = fast_land(me, op, &rec->note, rec->dice)) < 0) {
		off = me[BG_OFF];
		q = resolve_fast(me, op, &rec->note, rec->dice, vflags, NULL);
		if (q == 0)
			return 0;
		if (q & (FAST_UNMARKED | FAST_EXTRA))
			fast_warnings(rp, rec, q);
		/* Only a checker borne off can end the game. */
		return me[BG_OFF] != off && none_left(me) ? 2 : 1;
	}
	if (q & (FAST_UNMARKED | FAST_EXTRA))
		fast_warnings(rp, rec, q);
	return q != 0;
}

/*
 * The loop of run_rolls.  It makes the rolls from *recp up to end while
 * each is a roll of the side *tp says is on turn and run_roll makes it.
 * It returns run_roll's last answer.  On return, *recp points at the
 * first roll it did not make and *tp names the side on turn then.  The
 * callers pass rules as a constant, so that the compiler makes one loop
 * for each kind of variant, each with its own copy of run_roll.
 */
static inline int
run_loop(bg_replay *rp, const bg_record **recp, const bg_record *end,
    int *tp, unsigned vflags, int rules)
{
	const bg_record *rec = *recp;
	unsigned char *me = rp->board.pt[*tp], *op = rp->board.pt[!*tp], *sw;
	int t = *tp, r = 1;

	for (; rec < end; rec++) {
		if (rec->kind != BG_REC_MOVE || rec->side != t ||
		    (r = run_roll(rp, rec, me, op, vflags, rules)) != 1)
			break;
		sw = me;
		me = op;
		op = sw;
		t ^= 1;
	}
	*recp = rec;
	*tp = t;
	return r;
}

/*
 * From record k on, the rolls that resolve_fast decides, made as their
 * handler makes them: each a roll of the side on turn, in a game going
 * on with no double to answer, nothing lost and no callback.  A roll
 * that bears off the side's last checker ends the run and the game; a
 * roll resolve_fast declines ends the run, and is marked so that its
 * handler does not ask again.  Returns the first record left to the
 * handlers, with the game's state brought up to date.
 */
static size_t
run_rolls(bg_replay *rp, struct game *gs, size_t k)
{
	const bg_record *rec = gs->g->rec + k, *end = gs->g->rec + gs->nrec;
	size_t n;
	int t = gs->turn, r;

	r = gs->vflags & (BG_VF_MOSTPIPS | BG_VF_NOHITRUN) ?
	    run_loop(rp, &rec, end, &t, gs->vflags, 1) :
	    run_loop(rp, &rec, end, &t, gs->vflags, 0);
	/* The roll that bore off the last checker is made. */
	if (r == 2) {
		rec++;
		t ^= 1;
	}
	/* The sides took turns. */
	n = (size_t)(rec - gs->g->rec) - k;
	rp->res.records += (int)n;
	gs->rolls[gs->turn] += (int)(n + 1) / 2;
	gs->rolls[!gs->turn] += (int)n / 2;
	if (n > 0) {
		gs->last = rec[-1].line;
		gs->beaver_by = -1;
	}
	gs->turn = t;
	if (r == 2)
		gs->over = borne_off(rp, !t, gs->cube, gs->vflags);
	gs->refused = r == 0 ? k + n : gs->nrec;
	return k + n;
}

/* ------------------------------------------------------------- callback */

/* The rules an XGID and a Match ID carry, into ms. */
static void
state_rules(const bg_replay *rp, bg_matchstate *ms)
{
	if (rp->length == 0) {
		ms->jacoby = rp->jacoby == 1;
		ms->beaver = rp->rules.beavers > 0;
	}
	if (rp->rules.cube == 0)
		ms->cube_max = 0;
	else if (rp->rules.cubelimit > 0)
		for (ms->cube_max = 0; 2 << ms->cube_max <=
		    rp->rules.cubelimit; ms->cube_max++)
			;
}

/*
 * Hand the position after rec (NULL: the start of the game) to the
 * caller's callback, with the match state the game's state describes.
 */
static void
position(bg_replay *rp, const struct game *gs, const bg_record *rec)
{
	static const bg_gamestate ended[] = { BG_GAME_PLAYING, BG_GAME_OVER,
	    BG_GAME_DROPPED, BG_GAME_RESIGNED };
	const bg_record *first;
	bg_replay_pos pos;
	int turn = gs->turn;

	memset(&pos, 0, sizeof pos);
	pos.game = rp->games;
	pos.turn = gs->npos;
	pos.rec = rec;
	pos.side = rec == NULL ? -1 : rec->kind == BG_REC_WIN ? !rec->side :
	    rec->side;
	pos.board = rp->board;
	pos.ms = rp->ms;
	if (turn < 0) {
		/* The start: the opening roll is the first action's. */
		first = gs->nrec > 0 ? bg_game_record(gs->g, 0) : NULL;
		if (first != NULL && (first->kind == BG_REC_COMMENT ||
		    first->kind == BG_REC_UNPARSED ||
		    first->kind == BG_REC_LOSS))
			first = next_action(gs->g, 0);
		turn = first != NULL && first->side >= 0 ? first->side : 1;
	}
	pos.ms.cube = gs->cube;
	pos.ms.cube_owner = gs->owner;
	pos.ms.on_roll = turn;
	pos.ms.turn = gs->doubled ? !turn : turn;
	pos.ms.doubled = gs->doubled;
	if (gs->over) {
		pos.ms.state = ended[rp->res.ended_by];
		if (rp->res.ended_by == BG_END_DROP)
			pos.ms.turn = !turn;	/* the side that dropped */
		if (rp->res.ended_by == BG_END_RESIGN) {
			pos.ms.resign = rp->res.level >= 1 &&
			    rp->res.level <= 3 ? rp->res.level : 1;
			pos.ms.turn = pos.side;	/* as gnubg: the resigner */
		}
	}
	state_rules(rp, &pos.ms);
	if (gs->made != NULL) {
		pos.played = 1;
		pos.play = *gs->made;
	}
	pos.lost = gs->lost;
	rp->fn(rp->fnctx, &pos);
}

/* ---------------------------------------------------------- the handlers */

/*
 * A play the search refused: the rule it breaks, the point and a legal
 * play or the candidates, or why the text does not fit the dice.
 */
static void
move_refused(bg_replay *rp, const bg_record *rec, const bg_resolved *rv)
{
	char where[24] = "", ex[64] = "", why[80];

	if (rv->code == BG_EDICE && bg_notation_explain(why, sizeof why,
	    &rec->note, rec->dice) > 0) {
		diag(rp, BG_EDICE, rec, 0, "%s", why);
		return;
	}
	if (rv->ncand > 0)
		play_text(ex, sizeof ex, &rv->cand[0]);
	else if (rv->has_example)
		play_text(ex, sizeof ex, &rv->example);
	if (rv->code == BG_EBAR)
		;	/* the point is no news */
	else if (rv->point == 25)
		snprintf(where, sizeof where, "the bar");
	else if (rv->point > 0)
		snprintf(where, sizeof where, "point %d", rv->point);
	diag(rp, rv->code, rec, 0, "%s%s%s%s", where,
	    *where && *ex ? "; " : "", *ex ? (rv->ncand ? "could be " :
	    "a legal play: ") : "", ex);
}

/*
 * Can side s bear off its last checkers with dice d, on the board?  0 or
 * 1; 0 too when out of memory, which rp->err then says.
 */
static int
can_finish(bg_replay *rp, int s, const int d[2])
{
	bg_movelist *ml;
	size_t i;
	int yes = 0;

	if ((ml = bg_movelist_new()) == NULL ||
	    bg_rules_legal(ml, &rp->board, s, d, rp->variant) < 0) {
		bg_movelist_free(ml);
		rp->err = -BG_ENOMEM;
		return 0;
	}
	for (i = 0; i < bg_movelist_count(ml) && !yes; i++)
		yes = none_left(bg_movelist_get(ml, i)->after.pt[s]);
	bg_movelist_free(ml);
	return yes;
}

/*
 * Record k, rec, a roll with no play, comes right after a set position
 * that gives that roll to its side: the roll was made and the board
 * then edited, as GNU Backgammon saves in SGF an illegal play it
 * imported (a node with the roll, then the board).  1 then, else 0.
 */
static int
edited_roll(bg_replay *rp, const struct game *gs, size_t k,
    const bg_record *rec)
{
	const bg_record *r;
	bg_board b;
	bg_matchstate ms;

	while (k-- > 0) {
		r = bg_game_record(gs->g, k);
		if (r->kind == BG_REC_COMMENT)
			continue;
		if (r->kind != BG_REC_SETPOS || r->text == NULL ||
		    bg_xgid_decode(&b, &ms, r->text, r->len, rp->variant) < 0)
			return 0;
		return ms.on_roll == rec->side &&
		    ((ms.dice[0] == rec->dice[0] && ms.dice[1] == rec->dice[1]) ||
		    (ms.dice[0] == rec->dice[1] && ms.dice[1] == rec->dice[0]));
	}
	return 0;
}

/*
 * Resolve the play of record k, rec, with the search, since
 * resolve_fast declined it.
 */
static void
move_searched(bg_replay *rp, struct game *gs, const bg_record *rec,
    size_t k, bg_resolved *rv)
{
	const bg_record *nx;
	int i;

	resolve_search(rv, &rec->note, &rp->board, rec->side, rec->dice,
	    rp->variant);
	if (rv->code == BG_ENOMEM) {
		/*
		 * The call fails (diag_int.h), and the board is no longer
		 * followed.
		 */
		rp->err = -BG_ENOMEM;
		gs->lost = 1;
		return;
	}
	/*
	 * A roll with no play before a result is a resignation: the
	 * roller's, or the other side's before the roller played (the
	 * roller then wins), unless the roll could have borne off the
	 * roller's last checkers, when the winning play is missing.  A
	 * roll with no play that ends the record is a play never made: the
	 * match was interrupted there, which the missing result says.
	 */
	if (rv->code == BG_ENOPLAY && ((nx = next_action(gs->g, k)) ==
	    NULL || (nx->kind == BG_REC_WIN && (nx->side != rec->side ||
	    !can_finish(rp, rec->side, rec->dice))))) {
		if (rp->err)
			gs->lost = 1;	/* memory ran out: not followed */
		return;
	}
	if (rv->code == BG_ENOPLAY && edited_roll(rp, gs, k, rec)) {
		diag(rp, BG_WILLEGALPLAY, rec, 0, "the board is set up "
		    "after the roll");
		return;
	}
	if (rv->code != 0) {
		move_refused(rp, rec, rv);
		gs->lost = 1;
		return;
	}
	for (i = 0; i < rv->nwarn; i++)
		if (rv->warn[i] != BG_WHITUNMARKED ||
		    !(rec->flags & BG_RF_NOMARKS))
			diag(rp, rv->warn[i], rec, 0, "%.60s", rec->text);
	rp->board = rv->after;
	gs->made = &rv->play;
	gs->over = borne_off(rp, rec->side, gs->cube, gs->vflags);
}

/*
 * A roll and its play, record k: decided directly when it can be (the
 * play kept only for the callback), else by the search.  rv holds the
 * search's answer, which the callback may be handed.
 */
static void
on_move(bg_replay *rp, struct game *gs, const bg_record *rec, size_t k,
    bg_resolved *rv)
{
	unsigned char *me = rp->board.pt[rec->side];
	int q, off;

	rp->res.records++;
	gs->rolls[rec->side]++;
	gs->turn = !gs->turn;
	if (rec->note.kind == BG_NOTE_UNKNOWN) {
		/*
		 * "????" means the roller resigns; otherwise the text could
		 * not be read.
		 */
		if (rec->flags & BG_RF_BADPLAY)
			gs->lost = 1;
		return;
	}
	if (gs->lost)
		return;
	off = me[BG_OFF];
	if (k != gs->refused && (q = resolve_fast(me, rp->board.pt[!rec->side],
	    &rec->note, rec->dice, gs->vflags, rp->fn != NULL ? &gs->play :
	    NULL)) != 0) {
		if (q != 1)
			fast_warnings(rp, rec, q);
		gs->made = &gs->play;
		/* Only a checker borne off can end it. */
		if (me[BG_OFF] != off)
			gs->over = borne_off(rp, rec->side, gs->cube,
			    gs->vflags);
		return;
	}
	move_searched(rp, gs, rec, k, rv);
}

/* A double: judged against the cube's state and the rules. */
static void
on_double(bg_replay *rp, struct game *gs, const bg_record *rec)
{
	const bg_result *res = &rp->res;
	int cube = gs->cube;

	gs->doubled = 1;
	gs->doubler = rec->side;
	if (gs->lost)
		return;
	if (!rp->rules.cube)
		diag(rp, BG_ENOCUBE, rec, 0, NULL);
	else if (res->crawford)
		diag(rp, BG_ECRAWFORD, rec, 0, NULL);
	else if (gs->owner != BG_CENTRED && gs->owner != rec->side)
		diag(rp, BG_EDOUBLEOWNER, rec, 0, NULL);
	else if (rp->rules.cubelimit > 0 && cube * 2 > rp->rules.cubelimit)
		diag(rp, BG_ECUBELIMIT, rec, 0, "limit %d",
		    rp->rules.cubelimit);
	else if (cube >= CUBE_MAX)
		diag(rp, BG_ECUBELIMIT, rec, 0, "limit %d", CUBE_MAX);
	else if (rp->rules.holland == 1 && rp->crawford_done &&
	    !res->crawford && rp->score[rec->side] < rp->score[!rec->side] &&
	    (gs->rolls[0] < 2 || gs->rolls[1] < 2))
		diag(rp, BG_EHOLLAND, rec, 0, NULL);
	if (rec->value && rec->value != twice(cube))
		diag(rp, BG_ECUBEVALUE, rec, 0, "%d written, %d expected",
		    rec->value, twice(cube));
}

/*
 * A beaver or raccoon: a beaver takes and redoubles at once; the doubler
 * may answer with another (a raccoon).  The cube stays with the side
 * doubled first; the doubler rolls next, no take written.
 */
static void
on_beaver(bg_replay *rp, struct game *gs, const bg_record *rec)
{
	if (!gs->doubled && gs->beaver_by != !rec->side) {
		diag(rp, BG_ENODOUBLE, rec, 0, NULL);
		return;
	}
	gs->nbeaver++;
	if (rp->length > 0)
		diag(rp, BG_EBEAVER, rec, 0, "beavers are for money play");
	else if (rp->rules.beavers >= 0 && gs->nbeaver > rp->rules.beavers)
		diag(rp, BG_EBEAVER, rec, 0, "%d allowed", rp->rules.beavers);
	if (gs->doubled)
		gs->cube = twice(gs->cube);	/* the take */
	/* The beaver turns the cube again: within the limit, as a double. */
	if (rp->rules.cubelimit > 0 && gs->cube * 2 > rp->rules.cubelimit)
		diag(rp, BG_ECUBELIMIT, rec, 0, "limit %d",
		    rp->rules.cubelimit);
	else if (gs->cube >= CUBE_MAX)
		diag(rp, BG_ECUBELIMIT, rec, 0, "limit %d", CUBE_MAX);
	gs->cube = twice(gs->cube);
	gs->doubled = 0;
	gs->turned = 1;
	gs->owner = !gs->doubler;
	gs->beaver_by = rec->side;
	if (rec->value && rec->value != gs->cube)
		diag(rp, BG_ECUBEVALUE, rec, 0, "%d written, %d expected",
		    rec->value, gs->cube);
	gs->turn = gs->doubler;
}

/* A take or a drop: the answer to the double. */
static void
on_answer(bg_replay *rp, struct game *gs, const bg_record *rec)
{
	bg_result *res = &rp->res;

	if (!gs->doubled) {
		diag(rp, BG_ENODOUBLE, rec, 0, NULL);
		return;
	}
	if (rec->side == gs->doubler)
		diag(rp, BG_ETURN, rec, 0, "%.60s", rec->text);
	gs->doubled = 0;
	if (rec->kind == BG_REC_DROP) {
		gs->over = 1;
		res->ended_by = BG_END_DROP;
		res->winner = gs->doubler;
		res->level = 0;
		res->points = gs->cube;
		return;
	}
	gs->turned = 1;
	gs->cube = twice(gs->cube);
	gs->owner = rec->side;
	gs->turn = gs->doubler;
}

/*
 * A result: the winner and the points of a game the board or a drop
 * ended, or a resignation by the other side.
 */
static void
on_win(bg_replay *rp, struct game *gs, const bg_record *rec)
{
	bg_result *res = &rp->res;
	int pts = res->points, cube = gs->cube;

	if (gs->over == 2) {
		diag(rp, BG_EAFTEREND, rec, 0, "%.60s", rec->text);
		return;
	}
	if (rec->flags & BG_RF_MATCH)
		gs->matchword = rec;
	if (gs->over && !gs->lost) {
		if (rec->side != res->winner)
			diag(rp, BG_EWINNER, rec, 0, NULL);
		if (res->ended_by == BG_END_BEAROFF && res->level > 1 &&
		    !gs->turned && rp->length == 0)
			pts = jacoby(rp, rec, res, cube);
		if (rec->value && rec->value != pts &&
		    !capped(rp, rec->side, rec->value, pts))
			diag(rp, BG_EWINPOINTS, rec, 0, "%d written, %d won",
			    rec->value, pts);
	} else if (!gs->over) {
		/* A resignation by the other side. */
		gs->resigned = rec;
		res->ended_by = BG_END_RESIGN;
		res->winner = rec->side;
		res->points = rec->value;
		res->level = rec->value / cube;
		if (!gs->lost && (rec->value % cube != 0 || res->level < 1 ||
		    res->level > 3) && !capped(rp, rec->side, rec->value,
		    3 * cube))
			diag(rp, BG_ERESIGN, rec, 0, "%d points at cube %d",
			    rec->value, cube);
	}
	gs->over = 2;
}

/*
 * Snowie's "52: Illegal play (...)": the roller made a play the rules do
 * not allow, and the entry gives, as a Snowie position line, the board
 * after it from the point of view of the side to roll next (its names
 * in that order; its field "side on roll" is not to be trusted: GNU
 * Backgammon, which writes these entries too, writes it inverted).  The
 * game goes on from that board with a warning; when the entry holds no
 * board that can be read, the rest of the game is not checked, and the
 * warning says why.  Returns 0, or -1 for a record of neither side.
 */
static int
illegal_play(bg_replay *rp, struct game *gs, const bg_record *rec)
{
	struct snowie_pos sp;
	const char *t = rec->text;
	char why[64];

	if (t == NULL || (rec->side != 0 && rec->side != 1))
		return -1;
	if (snowie_illegal(t, rec->len, rec->side, rp->variant, &sp, why,
	    sizeof why) < 0) {
		diag(rp, BG_WNOTREPLAYED, rec, 0, "Illegal play: %s", why);
		gs->lost = 1;
		return 0;
	}
	if (gs->over) {
		diag(rp, BG_EAFTEREND, rec, 0, "%.60s", t);
		return 0;
	}
	if (gs->doubled) {
		diag(rp, BG_EANSWER, rec, 0, NULL);
		gs->doubled = 0;
	}
	if (gs->turn >= 0 && rec->side != gs->turn)
		diag(rp, BG_ETURN, rec, 0, "%.60s", t);
	diag(rp, BG_WILLEGALPLAY, rec, 0, NULL);
	rp->board = sp.board;
	gs->rolls[rec->side]++;
	gs->beaver_by = -1;
	gs->turn = !rec->side;
	if (borne_off(rp, rec->side, gs->cube, gs->vflags))
		gs->over = 1;
	return 0;
}

/*
 * What every action record goes through before its handler: 0 when it
 * is set aside here (no action, a set position, a record of neither side
 * or not replayed, an action after the end), else 1, with the turn and
 * the cube's answer checked for the actions of the side on turn.
 */
static int
before_action(bg_replay *rp, struct game *gs, const bg_record *rec)
{
	bg_matchstate set, keep;

	if (rec->kind == BG_REC_COMMENT || rec->kind == BG_REC_LOSS ||
	    rec->kind == BG_REC_UNPARSED)
		return 0;
	gs->last = rec->line;
	/*
	 * A set position (an SGF setup or CV, XG's "Set Pos"): the game
	 * goes on from there, with that cube.
	 */
	if (rec->kind == BG_REC_SETPOS &&
	    setpos(rp, rec, &gs->cube, &gs->owner, &gs->turn, &set) == 0) {
		if (gs->cube > 1)
			gs->turned = 1;
		gs->lost = 0;
		/*
		 * Without a roll, a set position does not say who acts next
		 * (an SGF setup node, XG's Set Pos): the next action does.
		 */
		if (set.dice[0] == 0)
			gs->turn = -1;
		/*
		 * A game that stops at a set position given by an XGID (a
		 * position file, XG's .xgp): that position is shown, with
		 * the score and roll the XGID gives.
		 */
		gs->end_dice[0] = gs->end_dice[1] = 0;
		gs->end_set = 0;
		if (next_action(gs->g, (size_t)(rec -
		    bg_game_record(gs->g, 0))) == NULL &&
		    memchr(rec->text, ':', rec->len) != NULL) {
			gs->end_dice[0] = set.dice[0];
			gs->end_dice[1] = set.dice[1];
			gs->end_set = 1;
			gs->end_crawford = set.crawford;
			gs->end_cubemax = set.cube_max;
		}
		if (rp->fn != NULL && next_action(gs->g, (size_t)(rec -
		    bg_game_record(gs->g, 0))) == NULL &&
		    memchr(rec->text, ':', rec->len) != NULL) {
			keep = rp->ms;
			rp->ms.dice[0] = set.dice[0];
			rp->ms.dice[1] = set.dice[1];
			rp->ms.score[0] = set.score[0];
			rp->ms.score[1] = set.score[1];
			/* Its Crawford flag, and who is on roll unrolled. */
			rp->ms.crawford = set.crawford;
			gs->turn = set.on_roll;
			gs->npos++;
			position(rp, gs, rec);
			rp->ms = keep;
		} else if (rp->fn != NULL && next_action(gs->g, (size_t)(rec -
		    bg_game_record(gs->g, 0))) == NULL) {
			/*
			 * XG's Set Pos, which holds no side on roll: the
			 * side that would act next, else the bottom one, as
			 * the XGID of the set position says.
			 */
			if (gs->turn < 0)
				gs->turn = 1;
			gs->npos++;
			position(rp, gs, rec);
		}
		return 0;
	}
	if (rec->kind == BG_REC_ILLEGAL && !gs->lost &&
	    illegal_play(rp, gs, rec) == 0)
		return 0;
	/* Nor a record of neither side (a JSON "side" of 2). */
	if (rec->kind == BG_REC_SETPOS || rec->kind == BG_REC_ILLEGAL ||
	    (rec->side != 0 && rec->side != 1)) {
		if (!gs->lost)
			diag(rp, BG_WNOTREPLAYED, rec, 0, "%.60s",
			    rec->text ? rec->text : "");
		gs->lost = 1;
		return 0;
	}
	if (gs->over && rec->kind != BG_REC_WIN) {
		diag(rp, BG_EAFTEREND, rec, 0, "%.60s", rec->text);
		return 0;
	}
	if (rec->kind != BG_REC_BEAVER && rec->kind != BG_REC_RACCOON)
		gs->beaver_by = -1;
	if (rec->kind == BG_REC_DOUBLE)
		gs->nbeaver = 0;
	/* Not an answer to a double nor a result: the side on turn's. */
	if (rec->kind != BG_REC_WIN && rec->kind != BG_REC_TAKE &&
	    rec->kind != BG_REC_DROP && rec->kind != BG_REC_BEAVER &&
	    rec->kind != BG_REC_RACCOON) {
		if (gs->turn < 0)
			gs->turn = rec->side;
		if (gs->doubled) {
			diag(rp, BG_EANSWER, rec, 0, NULL);
			gs->doubled = 0;
		}
		if (rec->side != gs->turn && !gs->lost)
			diag(rp, BG_ETURN, rec, 0, "%.60s", rec->text);
		gs->turn = rec->side;
	}
	return 1;
}

/*
 * Record k, rec: the state machine's one transition.  The commonest
 * record, a roll of the side on turn in a game going on with no double
 * to answer, goes to its handler at once (before_action would pass it
 * unchanged); any other first passes before_action, then goes to the
 * handler of its kind.  Returns 1 when the record is an action whose
 * position the callback is handed, else 0.
 */
static int
on_record(bg_replay *rp, struct game *gs, const bg_record *rec, size_t k,
    bg_resolved *rv)
{
	if (!(rec->kind == BG_REC_MOVE && rec->side == gs->turn &&
	    gs->turn >= 0 && !gs->over && !gs->doubled) &&
	    !before_action(rp, gs, rec))
		return 0;
	switch (rec->kind) {
	case BG_REC_MOVE:
		gs->last = rec->line;
		gs->beaver_by = -1;
		on_move(rp, gs, rec, k, rv);
		break;
	case BG_REC_DOUBLE:
		on_double(rp, gs, rec);
		break;
	case BG_REC_BEAVER:
	case BG_REC_RACCOON:
		on_beaver(rp, gs, rec);
		break;
	case BG_REC_TAKE:
	case BG_REC_DROP:
		on_answer(rp, gs, rec);
		break;
	case BG_REC_WIN:
		on_win(rp, gs, rec);
		return rec == gs->resigned;
	default:
		break;
	}
	return 1;
}

/* ------------------------------------------------------------- the game */

/*
 * Is the first game of a record that starts at a score where one side
 * needs one point (a match resumed there) past the Crawford game?  From
 * the score alone it may be the Crawford game or a later one when the
 * trailer has points (won in the Crawford game or after it); a double
 * in the game says it is a later one.  Without a double both readings
 * judge the game the same.  A game read alone out of its match says
 * which it is itself.
 */
static int
past_crawford(const bg_replay *rp, const bg_game *g)
{
	size_t i, n = bg_game_record_count(g);

	if (rp->games != 1 || g->alone || rp->score[0] == 0 ||
	    rp->score[1] == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (bg_game_record(g, i)->kind == BG_REC_DOUBLE)
			return 1;
	return 0;
}

/*
 * The start of game g: the previous game's missing result, the match
 * already won, an automatic double the score line shows and the score
 * line against the results; then the Crawford game, the starting board
 * and the match state.
 */
static void
game_begin(bg_replay *rp, const bg_game *g)
{
	bg_result *res = &rp->res;
	int s;

	rp->games++;
	if (rp->open_line) {
		/*
		 * The previous game's result is unknown, so this score
		 * line cannot be judged: adopt it.
		 */
		diag_open(rp, BG_ENORESULT);
		rp->score[0] = bg_game_score(g, 0) < 0 ? rp->score[0] :
		    bg_game_score(g, 0);
		rp->score[1] = bg_game_score(g, 1) < 0 ? rp->score[1] :
		    bg_game_score(g, 1);
	}
	rp->open_line = 0;
	/*
	 * A match saved after it was resumed (FIBS) starts at the score
	 * it stood at: the first game's score line, when neither side has
	 * already won, is where the results start.
	 */
	if (rp->games == 1 && bg_game_score(g, 0) >= 0 &&
	    bg_game_score(g, 1) >= 0 && (rp->length == 0 ||
	    (bg_game_score(g, 0) < rp->length &&
	    bg_game_score(g, 1) < rp->length))) {
		rp->score[0] = bg_game_score(g, 0);
		rp->score[1] = bg_game_score(g, 1);
	}
	if (rp->over)
		diag(rp, BG_EMATCHOVER, NULL, bg_game_line(g), NULL);
	if (autodouble_seen(rp, g)) {
		/* Expected when the rule is stated; news otherwise. */
		if (rp->rules.autodoubles < 0)
			diag(rp, BG_WAUTODOUBLE, NULL, bg_game_score_line(g),
			    "game %d was worth %d, not %d", rp->games - 1,
			    bg_game_score(g, rp->prev_winner) -
			    (rp->score[rp->prev_winner] - rp->prev_points),
			    rp->prev_points);
		rp->score[0] = bg_game_score(g, 0);
		rp->score[1] = bg_game_score(g, 1);
	}
	/*
	 * A game that is only a position set up (a position file) was not
	 * played from the results before it: its score is the position's.
	 */
	if (position_only(g) && bg_game_score(g, 0) >= 0 &&
	    bg_game_score(g, 1) >= 0) {
		rp->score[0] = bg_game_score(g, 0);
		rp->score[1] = bg_game_score(g, 1);
	}
	/*
	 * The first game read of a game read alone out of its match (a
	 * game log): its score is given, and so is its Crawford flag.
	 */
	if (g->alone && rp->games == 1 && bg_game_score(g, 0) >= 0 &&
	    bg_game_score(g, 1) >= 0) {
		rp->score[0] = bg_game_score(g, 0);
		rp->score[1] = bg_game_score(g, 1);
		rp->crawford_done = g->alone != REC_CRAWFORD;
	}
	for (s = 0; s < 2; s++)
		if (bg_game_score(g, s) >= 0 &&
		    bg_game_score(g, s) != rp->score[s]) {
			/* The results are the authority: keep counting. */
			diag(rp, BG_ESCORELINE, NULL, bg_game_score_line(g),
			    "%d-%d written, %d-%d from the results",
			    bg_game_score(g, 0), bg_game_score(g, 1),
			    rp->score[0], rp->score[1]);
			break;
		}
	memset(res, 0, sizeof *res);
	res->winner = -1;
	if (rp->length > 0 && rp->crawford_rule && !rp->crawford_done &&
	    (rp->score[0] == rp->length - 1) !=
	    (rp->score[1] == rp->length - 1)) {
		res->crawford = !past_crawford(rp, g);
		rp->crawford_done = 1;
	}
	bg_board_start(&rp->board, rp->variant);
	bg_matchstate_init(&rp->ms, rp->length);
	rp->ms.score[0] = rp->score[0];
	rp->ms.score[1] = rp->score[1];
	rp->ms.crawford = res->crawford;
}

/*
 * A game of set positions only (a position file, a list of positions):
 * a position, which has no result to miss, not a game cut short.
 */
static int
only_setup(const bg_game *g)
{
	size_t i, n = bg_game_record_count(g);
	int k, any = 0;

	for (i = 0; i < n; i++) {
		k = bg_game_record(g, i)->kind;
		if (k == BG_REC_SETPOS)
			any = 1;
		else if (k != BG_REC_COMMENT)
			return 0;
	}
	return any;
}

/*
 * The end of the game: the cube, the side on roll, and the score, or,
 * without a result, where it should have been.  A double left
 * unanswered at the end of a game without a result is no error of its
 * own: the record stops there (an interrupted match, a FIBS session cut
 * off), which the missing result says.
 */
static void
game_end(bg_replay *rp, const struct game *gs)
{
	bg_result *res = &rp->res;

	res->cube = gs->cube;
	rp->ms.cube = gs->cube;
	rp->ms.cube_owner = gs->owner;
	rp->ms.on_roll = rp->ms.turn = gs->turn < 0 ? 1 : gs->turn;
	/*
	 * The rest of the final position as the callback's last one shows
	 * it: a double waiting, the roll of a set position, the rules.
	 */
	if (!gs->over && gs->doubled) {
		rp->ms.doubled = 1;
		rp->ms.turn = !rp->ms.on_roll;
	}
	rp->ms.dice[0] = gs->over ? 0 : gs->end_dice[0];
	rp->ms.dice[1] = gs->over ? 0 : gs->end_dice[1];
	/*
	 * A game that is only a position set up keeps what its XGID says
	 * of the Crawford game and the cube's limit: at 4-3 of 5 points
	 * with the cube turned, it says the Crawford game is past.
	 */
	if (gs->end_set && position_only(gs->g)) {
		rp->ms.crawford = gs->end_crawford;
		rp->ms.cube_max = gs->end_cubemax;
	}
	state_rules(rp, &rp->ms);
	rp->prev_winner = gs->over ? res->winner : -1;
	rp->prev_points = gs->over ? res->points : 0;
	if (gs->over) {
		/* A session of huge cubes stops at INT_MAX, not past it. */
		rp->score[res->winner] = rp->score[res->winner] >
		    INT_MAX - res->points ? INT_MAX :
		    rp->score[res->winner] + res->points;
		rp->ms.state = BG_GAME_OVER;
		if (rp->length > 0 && rp->score[res->winner] >= rp->length)
			rp->over = 1;
		/* The words are the writer's; the score is the authority. */
		if (gs->matchword != NULL && !rp->over)
			diag(rp, BG_WMATCHWORD, gs->matchword, 0, rp->length ?
			    "%d-%d in a %d-point match" : "%d-%d in a money "
			    "session", rp->score[0], rp->score[1], rp->length);
	} else if (!only_setup(gs->g)) {
		/* Where the result should have been written. */
		rp->open_line = gs->last ? gs->last + 1 :
		    bg_game_line(gs->g);
		rp->open_game = rp->games;
	}
	res->score[0] = rp->score[0];
	res->score[1] = rp->score[1];
}

/*
 * The game: its start, each record through on_record, and its end.
 * Without a callback, runs of rolls by the sides in turn are made by
 * run_rolls, before on_record, whenever the game is going on with no
 * double to answer and the board known; the first roll sets the turn
 * for it as before_action would.
 */
int
bg_replay_game(bg_replay *rp, const bg_game *g)
{
	struct game gs;
	bg_resolved rv;
	const bg_record *rec;
	size_t k;

	rp->dl.n = 0;
	rp->err = 0;
	game_begin(rp, g);
	memset(&gs, 0, sizeof gs);
	gs.g = g;
	gs.nrec = gs.refused = bg_game_record_count(g);
	gs.vflags = bg_variant_get(rp->variant)->flags;
	gs.turn = gs.doubler = gs.beaver_by = -1;
	gs.cube = 1;
	gs.owner = BG_CENTRED;
	if (rp->fn != NULL)
		position(rp, &gs, NULL);
	for (k = 0; k < gs.nrec; k++) {
		if (rp->fn == NULL && !gs.over && !gs.doubled && !gs.lost) {
			rec = &g->rec[k];
			if (gs.turn < 0 && rec->kind == BG_REC_MOVE &&
			    (rec->side == 0 || rec->side == 1))
				gs.turn = rec->side;
			if (gs.turn >= 0 && (k = run_rolls(rp, &gs, k)) ==
			    gs.nrec)
				break;
		}
		rec = bg_game_record(g, k);
		if (on_record(rp, &gs, rec, k, &rv) && rp->fn != NULL) {
			gs.npos++;
			position(rp, &gs, rec);
		}
		gs.made = NULL;
	}
	game_end(rp, &gs);
	return rp->err;
}

int
bg_replay_end(bg_replay *rp)
{
	rp->dl.n = 0;
	rp->err = 0;
	if (rp->open_line)
		diag_open(rp, BG_WUNFINISHED);
	rp->open_line = 0;
	return rp->err;
}

size_t
bg_replay_diag_count(const bg_replay *rp)
{
	return rp->dl.n;
}

const bg_diag *
bg_replay_diag(const bg_replay *rp, size_t i)
{
	return i < rp->dl.n ? &rp->dl.d[i] : NULL;
}

const bg_result *
bg_replay_result(const bg_replay *rp)
{
	return &rp->res;
}

const bg_board *
bg_replay_board(const bg_replay *rp)
{
	return &rp->board;
}

const bg_matchstate *
bg_replay_state(const bg_replay *rp)
{
	return &rp->ms;
}

bg_variant
bg_replay_variant(const bg_replay *rp)
{
	return rp->variant;
}

void
bg_replay_set_callback(bg_replay *rp, bg_replay_fn fn, void *ctx)
{
	rp->fn = fn;
	rp->fnctx = ctx;
}
