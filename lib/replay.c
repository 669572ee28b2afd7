/*
 * replay.c: follow a match record through the rules.  Each game starts
 * from the variant's position; each play is matched against its roll
 * with bg_notation_resolve() (its quick path first, on the board itself),
 * each cube action against the cube's state,
 * and each result against what the board says, and the score lines
 * against the running score.  Problems become diagnostics on the replay
 * object; nothing is printed.  Part of libbgkit.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bgkit.h"
#include "record_int.h"
#include "rules_int.h"

/*
 * The largest cube: as large as SGF's CV and the rules' limits go.  A
 * double past it is an error, and the cube stays there.
 */
#define CUBE_MAX	(1 << 20)

struct bg_replay {
	int		 length;
	bg_variant	 variant;
	int		 crawford_rule;	/* matches: Crawford in force */
	int		 crawford_done;	/* the Crawford game was played */
	int		 jacoby;	/* money: -1 unknown, 0 off, 1 on */
	int		 jacoby_stated;	/* by a tag or the caller */
	int		 prev_winner;	/* the last game's winner, or -1 */
	int		 prev_points;	/* and its points */
	bg_ruleset	 stated;	/* the caller's rules (-r) */
	bg_ruleset	 rules;		/* in force for this match */
	int		 score[2];
	int		 games;
	int		 over;		/* the match has a winner */
	int		 open_line;	/* last line of a game with no result */
	int		 open_game;
	bg_board	 board;
	bg_matchstate	 ms;
	bg_result	 res;
	bg_diag		*diag;
	size_t		 ndiag, capdiag;
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

/* A tag's on/off value: 1, 0, or -1 when absent or neither. */
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

/* A tag's number, or -1. */
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

/* The stated value if any, else the tag's, else the default. */
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
	free(rp->diag);
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
	if (rp->stated.variant >= 0)
		rp->variant = (bg_variant)rp->stated.variant;
	/*
	 * Each rule: the caller's word, else the record's tag, else what
	 * the record will show (-1), else gnubg's default.
	 */
	rp->rules.variant = (int)rp->variant;
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
	rp->ndiag = 0;
	memset(&rp->res, 0, sizeof rp->res);
	rp->res.winner = -1;
	bg_board_start(&rp->board, rp->variant);
	bg_matchstate_init(&rp->ms, rp->length);
	return 0;
}

/* Add a diagnostic; detail is printf-formatted. */
static void
diag(bg_replay *rp, int code, const bg_record *rec, int line,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void
diag(bg_replay *rp, int code, const bg_record *rec, int line,
    const char *fmt, ...)
{
	bg_diag *d;
	va_list ap;

	if (rp->ndiag == rp->capdiag) {
		size_t cap = rp->capdiag ? rp->capdiag * 2 : 16;
		bg_diag *nd = realloc(rp->diag, cap * sizeof *nd);

		if (nd == NULL)
			return;		/* keep going: lose the message */
		rp->diag = nd;
		rp->capdiag = cap;
	}
	d = &rp->diag[rp->ndiag++];
	memset(d, 0, sizeof *d);
	d->code = code;
	d->severity = bg_code_severity(code);
	d->line = rec ? rec->line : line;
	d->col = rec ? rec->col : 0;
	d->game = rp->games;
	d->move = rec ? rec->moveno : 0;
	d->side = rec ? rec->side : -1;
	if (rec) {
		d->dice[0] = rec->dice[0];
		d->dice[1] = rec->dice[1];
	}
	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(d->detail, sizeof d->detail, fmt, ap);
		va_end(ap);
	}
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
			diag(rp, BG_WJACOBYMAT, rec, 0, "%d written, %d won",
			    w, cube);
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

/* The warnings of resolve_quick's answer q, as the general way gives. */
static void
quick_warn(bg_replay *rp, const bg_record *rec, int q)
{
	if ((q & RQ_UNMARKED) && !(rec->flags & BG_RF_NOMARKS))
		diag(rp, BG_WHITUNMARKED, rec, 0, "%.60s", rec->text);
	if (q & RQ_EXTRA)
		diag(rp, BG_WHITEXTRA, rec, 0, "%.60s", rec->text);
}

/*
 * Side s has no checker left on the board after its play: the game ends
 * (res filled as bg_replay_game keeps it).  Returns 1 then, else 0.
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

/*
 * The roll rec of side t, whose half of the board is me and the other's
 * op, made as quick_run makes it, rules saying whether a bear-off rule
 * of the variant holds: 1 made, 2 made and the side's last checker borne
 * off, 0 refused (nothing changed).
 */
static inline int
quick_roll(bg_replay *rp, const bg_record *rec, unsigned char *me,
    unsigned char *op, int t, unsigned vflags, int rules)
{
	int q, off;

	/* The common texts inline, when no bear-off rule holds. */
	if (rules || (q = resolve_land(me, op, &rec->note, rec->dice)) < 0) {
		off = me[BG_OFF];
		q = rules ? resolve_quick(&rp->board, t, &rec->note,
		    rec->dice, vflags, NULL) : resolve_rest(me, op,
		    &rec->note, rec->dice);
		if (q == 0)
			return 0;
		if (q & (RQ_UNMARKED | RQ_EXTRA))
			quick_warn(rp, rec, q);
		/* Only a checker borne off can end the game. */
		return me[BG_OFF] != off && none_left(me) ? 2 : 1;
	}
	if (q & (RQ_UNMARKED | RQ_EXTRA))
		quick_warn(rp, rec, q);
	return q != 0;
}

/*
 * quick_run's rolls from *recp to end by the side on turn, *tp: the last
 * answer of quick_roll, *recp at the first roll not made, *tp the side
 * on turn then.  Called with rules constant, so that each kind of
 * variant has its own loop, with its own quick_roll.
 */
static inline int
quick_loop(bg_replay *rp, const bg_record **recp, const bg_record *end,
    int *tp, unsigned vflags, int rules)
{
	const bg_record *rec = *recp;
	unsigned char *me = rp->board.pt[*tp], *op = rp->board.pt[!*tp], *sw;
	int t = *tp, r = 1;

	for (; rec < end; rec++) {
		if (rec->kind != BG_REC_MOVE || rec->side != t ||
		    (r = quick_roll(rp, rec, me, op, t, vflags, rules)) != 1)
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
 * From record k on, the rolls that resolve_quick decides, made as the
 * loop of bg_replay_game makes them: each a roll of the side on turn,
 * in a game going on with no double to answer, nothing lost and no
 * callback.  A roll that bears off the side's last checker ends the run
 * and the game, *stop set to 1; a roll resolve_quick refuses (without a
 * play) ends it with *stop 2; else *stop is 0.  Returns the first record
 * left to that loop, with *turn, rolls and *last brought up to date.
 */
static size_t
quick_run(bg_replay *rp, const bg_game *g, size_t k, size_t nrec,
    unsigned vflags, int *turn, int rolls[2], int *last, int *stop)
{
	const bg_record *rec = g->rec + k, *end = g->rec + nrec;
	size_t n;
	int t = *turn, r;

	r = vflags & (BG_VF_MOSTPIPS | BG_VF_NOHITRUN) ?
	    quick_loop(rp, &rec, end, &t, vflags, 1) :
	    quick_loop(rp, &rec, end, &t, vflags, 0);
	/* The roll that bore off the last checker is made. */
	if (r == 2) {
		rec++;
		t ^= 1;
	}
	*stop = r == 2 ? 1 : r == 0 ? 2 : 0;
	/* The sides took turns. */
	n = (size_t)(rec - g->rec) - k;
	rp->res.records += (int)n;
	rolls[*turn] += (int)(n + 1) / 2;
	rolls[!*turn] += (int)n / 2;
	if (n > 0)
		*last = rec[-1].line;
	*turn = t;
	return k + n;
}

/*
 * Hand the position after rec (NULL: the start of game g) to the
 * caller's callback, with the match state the loop's variables describe:
 * turn is the side to play next (-1 before the first record), over and
 * the result say whether and how the game ended.
 */
static void
position(bg_replay *rp, const bg_game *g, const bg_record *rec, int n,
    const bg_play *made, int lost, int turn, int cube, int owner,
    int doubled, int over)
{
	static const bg_gamestate ended[] = { BG_GAME_PLAYING, BG_GAME_OVER,
	    BG_GAME_DROPPED, BG_GAME_RESIGNED };
	const bg_record *first;
	bg_replay_pos pos;

	memset(&pos, 0, sizeof pos);
	pos.game = rp->games;
	pos.turn = n;
	pos.rec = rec;
	pos.side = rec == NULL ? -1 : rec->kind == BG_REC_WIN ? !rec->side :
	    rec->side;
	pos.board = rp->board;
	pos.ms = rp->ms;
	if (turn < 0) {
		/* The start: the opening roll is the first action's. */
		first = bg_game_record_count(g) > 0 ? bg_game_record(g, 0) :
		    NULL;
		if (first != NULL && (first->kind == BG_REC_COMMENT ||
		    first->kind == BG_REC_UNPARSED ||
		    first->kind == BG_REC_LOSS))
			first = next_action(g, 0);
		turn = first != NULL && first->side >= 0 ? first->side : 1;
	}
	pos.ms.cube = cube;
	pos.ms.cube_owner = owner;
	pos.ms.on_roll = turn;
	pos.ms.turn = doubled ? !turn : turn;
	pos.ms.doubled = doubled;
	if (over) {
		pos.ms.state = ended[rp->res.ended_by];
		if (rp->res.ended_by == BG_END_DROP)
			pos.ms.turn = !turn;	/* the side that dropped */
		if (rp->res.ended_by == BG_END_RESIGN) {
			pos.ms.resign = rp->res.level >= 1 &&
			    rp->res.level <= 3 ? rp->res.level : 1;
			pos.ms.turn = pos.side;	/* as gnubg: the resigner */
		}
	}
	/* The rules an XGID and a Match ID carry. */
	if (rp->length == 0) {
		pos.ms.jacoby = rp->jacoby == 1;
		pos.ms.beaver = rp->rules.beavers > 0;
	}
	if (rp->rules.cube == 0)
		pos.ms.cube_max = 0;
	else if (rp->rules.cubelimit > 0)
		for (pos.ms.cube_max = 0; 2 << pos.ms.cube_max <=
		    rp->rules.cubelimit; pos.ms.cube_max++)
			;
	if (made != NULL) {
		pos.played = 1;
		pos.play = *made;
	}
	pos.lost = lost;
	rp->fn(rp->fnctx, &pos);
}

int
bg_replay_game(bg_replay *rp, const bg_game *g)
{
	const bg_variant_info *vi = bg_variant_get(rp->variant);
	const bg_record *rec, *nx;
	bg_result *res = &rp->res;
	bg_resolved rv;
	char ex[64];
	int turn = -1, doubled = 0, doubler = -1, over = 0, lost = 0;
	int cube = 1, owner = BG_CENTRED, turned = 0, s, i, last = 0;
	int rolls[2] = { 0, 0 }, beaver_by = -1, nbeaver = 0;
	bg_matchstate sms;
	size_t k;
	const bg_record *resigned = NULL;	/* for the callback */
	const bg_play *made = NULL;
	int npos = 0, q, off;
	const unsigned char *me;
	bg_play qplay;
	int stop;
	size_t nrec = bg_game_record_count(g), refused = nrec;

	rp->ndiag = 0;
	rp->games++;
	if (rp->open_line) {
		/*
		 * The previous game's result is unknown, so this score
		 * line cannot be judged: adopt it.
		 */
		diag(rp, BG_ENORESULT, NULL, rp->open_line, NULL);
		if (rp->ndiag > 0)
			rp->diag[rp->ndiag - 1].game = rp->open_game;
		rp->score[0] = bg_game_score(g, 0) < 0 ? rp->score[0] :
		    bg_game_score(g, 0);
		rp->score[1] = bg_game_score(g, 1) < 0 ? rp->score[1] :
		    bg_game_score(g, 1);
	}
	rp->open_line = 0;
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
		res->crawford = 1;
		rp->crawford_done = 1;
	}
	bg_board_start(&rp->board, rp->variant);
	bg_matchstate_init(&rp->ms, rp->length);
	rp->ms.score[0] = rp->score[0];
	rp->ms.score[1] = rp->score[1];
	rp->ms.crawford = res->crawford;
	if (rp->fn != NULL)
		position(rp, g, NULL, npos, NULL, 0, -1, 1, BG_CENTRED, 0, 0);

	for (k = 0; k < nrec; k++) {
		/*
		 * The first roll sets turn, as the checks below would for
		 * it: then the rolls from it are quick_run's too.
		 */
		if (rp->fn == NULL && turn < 0 && !over && !doubled &&
		    !lost && g->rec[k].kind == BG_REC_MOVE &&
		    (g->rec[k].side == 0 || g->rec[k].side == 1))
			turn = g->rec[k].side;
		if (rp->fn == NULL && turn >= 0 && !over && !doubled &&
		    !lost) {
			size_t j = quick_run(rp, g, k, nrec, vi->flags, &turn,
			    rolls, &last, &stop);

			if (j > k)
				beaver_by = -1;
			if (stop == 1)
				over = borne_off(rp, !turn, cube, vi->flags);
			/* Record j refused by resolve_quick, asked the same. */
			refused = stop == 2 ? j : nrec;
			if ((k = j) == nrec)
				break;
		}
		rec = bg_game_record(g, k);
		/*
		 * The common record, a roll of the side on turn in a game
		 * going on and no double to answer: what the checks below
		 * come to for it.
		 */
		if (rec->kind == BG_REC_MOVE && rec->side == turn &&
		    turn >= 0 && !over && !doubled) {
			last = rec->line;
			beaver_by = -1;
			goto move;
		}
		if (rec->kind == BG_REC_COMMENT || rec->kind == BG_REC_LOSS ||
		    rec->kind == BG_REC_UNPARSED)
			continue;
		last = rec->line;
		/*
		 * A set position (an SGF setup or CV, XG's "Set Pos"):
		 * the game goes on from there, with that cube.
		 */
		if (rec->kind == BG_REC_SETPOS &&
		    setpos(rp, rec, &cube, &owner, &turn, &sms) == 0) {
			if (cube > 1)
				turned = 1;
			lost = 0;
			/*
			 * A game that stops at a set position given by an XGID
			 * (a position file, XG's .xgp): that position is
			 * shown, with the score and roll the XGID gives.
			 */
			if (rp->fn != NULL && next_action(g, k) == NULL &&
			    memchr(rec->text, ':', rec->len) != NULL) {
				bg_matchstate keep = rp->ms;

				rp->ms.dice[0] = sms.dice[0];
				rp->ms.dice[1] = sms.dice[1];
				rp->ms.score[0] = sms.score[0];
				rp->ms.score[1] = sms.score[1];
				position(rp, g, rec, ++npos, NULL, 0, turn, cube,
				    owner, 0, 0);
				rp->ms = keep;
			}
			continue;
		}
		/* Nor a record of neither side (a JSON "side" of 2). */
		if (rec->kind == BG_REC_SETPOS || rec->kind == BG_REC_ILLEGAL ||
		    (rec->side != 0 && rec->side != 1)) {
			if (!lost)
				diag(rp, BG_WNOTREPLAYED, rec, 0, "%.60s",
				    rec->text ? rec->text : "");
			lost = 1;
			continue;
		}
		if (over && rec->kind != BG_REC_WIN) {
			diag(rp, BG_EAFTEREND, rec, 0, "%.60s", rec->text);
			continue;
		}
		if (rec->kind != BG_REC_BEAVER && rec->kind != BG_REC_RACCOON)
			beaver_by = -1;
		if (rec->kind == BG_REC_DOUBLE)
			nbeaver = 0;
		if (rec->kind != BG_REC_WIN && rec->kind != BG_REC_TAKE &&
		    rec->kind != BG_REC_DROP && rec->kind != BG_REC_BEAVER &&
		    rec->kind != BG_REC_RACCOON) {
			if (turn < 0)
				turn = rec->side;
			if (doubled) {
				diag(rp, BG_EANSWER, rec, 0, NULL);
				doubled = 0;
			}
			if (rec->side != turn && !lost)
				diag(rp, BG_ETURN, rec, 0, "%.60s", rec->text);
			turn = rec->side;
		}
		switch (rec->kind) {
		case BG_REC_MOVE:
		move:
			res->records++;
			rolls[rec->side]++;
			if (rec->note.kind == BG_NOTE_UNKNOWN) {
				/* "????": the roller resigns, or bad text */
				if (rec->flags & BG_RF_BADPLAY)
					lost = 1;
				turn = !turn;
				break;
			}
			if (lost) {
				turn = !turn;
				break;
			}
			me = rp->board.pt[rec->side];
			off = me[BG_OFF];
			/* The play only for the callback. */
			if (k != refused && (q = resolve_quick(&rp->board,
			    rec->side, &rec->note, rec->dice, vi->flags,
			    rp->fn != NULL ? &qplay : NULL)) != 0) {
				if (q != 1)
					quick_warn(rp, rec, q);
				made = &qplay;
				/* Only a checker borne off can end it. */
				if (me[BG_OFF] != off)
					over = borne_off(rp, rec->side, cube,
					    vi->flags);
				turn = !turn;
				break;
			}
			/* bg_notation_resolve, its quick path refused. */
			resolve_search(&rv, &rec->note, &rp->board,
			    rec->side, rec->dice, rp->variant);
			if (rv.code == -BG_ENOPLAY && (nx = next_action(g,
			    k)) != NULL && nx->kind == BG_REC_WIN &&
			    nx->side != rec->side) {
				turn = !turn;	/* rolled, then resigned */
				break;
			}
			if (rv.code < 0) {
				char where[24] = "";

				ex[0] = '\0';
				if (rv.ncand > 0)
					play_text(ex, sizeof ex, &rv.cand[0]);
				else if (rv.has_example)
					play_text(ex, sizeof ex, &rv.example);
				if (rv.code == -BG_EBAR)
					;	/* the point is no news */
				else if (rv.point == 25)
					snprintf(where, sizeof where, "the bar");
				else if (rv.point > 0)
					snprintf(where, sizeof where,
					    "point %d", rv.point);
				diag(rp, -rv.code, rec, 0, "%s%s%s%s", where,
				    *where && *ex ? "; " : "",
				    *ex ? (rv.ncand ? "could be " :
				    "a legal play: ") : "", ex);
				lost = 1;
				turn = !turn;
				break;
			}
			for (i = 0; i < rv.nwarn; i++)
				if (rv.warn[i] != BG_WHITUNMARKED ||
				    !(rec->flags & BG_RF_NOMARKS))
					diag(rp, rv.warn[i], rec, 0, "%.60s",
					    rec->text);
			rp->board = rv.after;
			made = &rv.play;
			over = borne_off(rp, rec->side, cube, vi->flags);
			turn = !turn;
			break;
		case BG_REC_DOUBLE:
			if (lost) {
				doubled = 1;
				doubler = rec->side;
				break;
			}
			if (!rp->rules.cube)
				diag(rp, BG_ENOCUBE, rec, 0, NULL);
			else if (res->crawford)
				diag(rp, BG_ECRAWFORD, rec, 0, NULL);
			else if (owner != BG_CENTRED && owner != rec->side)
				diag(rp, BG_EDOUBLEOWNER, rec, 0, NULL);
			else if (rp->rules.cubelimit > 0 &&
			    cube * 2 > rp->rules.cubelimit)
				diag(rp, BG_ECUBELIMIT, rec, 0,
				    "limit %d", rp->rules.cubelimit);
			else if (cube >= CUBE_MAX)
				diag(rp, BG_ECUBELIMIT, rec, 0,
				    "limit %d", CUBE_MAX);
			else if (rp->rules.holland == 1 && rp->crawford_done &&
			    !res->crawford && rp->score[rec->side] <
			    rp->score[!rec->side] && (rolls[0] < 2 ||
			    rolls[1] < 2))
				diag(rp, BG_EHOLLAND, rec, 0, NULL);
			if (rec->value && rec->value != twice(cube))
				diag(rp, BG_ECUBEVALUE, rec, 0,
				    "%d written, %d expected", rec->value,
				    twice(cube));
			doubled = 1;
			doubler = rec->side;
			break;
		case BG_REC_BEAVER:
		case BG_REC_RACCOON:
			/*
			 * A beaver takes and redoubles at once; the doubler
			 * may answer with another (a raccoon).  The cube
			 * stays with the side doubled first; the doubler
			 * rolls next, no take written.
			 */
			if (!doubled && beaver_by != !rec->side) {
				diag(rp, BG_ENODOUBLE, rec, 0, NULL);
				break;
			}
			nbeaver++;
			if (rp->length > 0)
				diag(rp, BG_EBEAVER, rec, 0,
				    "beavers are for money play");
			else if (rp->rules.beavers >= 0 &&
			    nbeaver > rp->rules.beavers)
				diag(rp, BG_EBEAVER, rec, 0, "%d allowed",
				    rp->rules.beavers);
			if (doubled)
				cube = twice(cube);	/* the take */
			cube = twice(cube);
			doubled = 0;
			turned = 1;
			owner = !doubler;
			beaver_by = rec->side;
			if (rec->value && rec->value != cube)
				diag(rp, BG_ECUBEVALUE, rec, 0,
				    "%d written, %d expected", rec->value, cube);
			turn = doubler;
			break;
		case BG_REC_TAKE:
		case BG_REC_DROP:
			if (!doubled && rec->kind != BG_REC_RACCOON) {
				diag(rp, BG_ENODOUBLE, rec, 0, NULL);
				break;
			}
			if (rec->side == doubler && rec->kind != BG_REC_RACCOON)
				diag(rp, BG_ETURN, rec, 0, "%.60s", rec->text);
			doubled = 0;
			if (rec->kind == BG_REC_DROP) {
				over = 1;
				res->ended_by = BG_END_DROP;
				res->winner = doubler;
				res->level = 0;
				res->points = cube;
				break;
			}
			turned = 1;
			cube = twice(cube);
			owner = rec->side;
			turn = doubler;
			break;
		case BG_REC_WIN:
			if (res->winner >= 0 && res->ended_by != BG_END_NONE &&
			    over == 2) {
				diag(rp, BG_EAFTEREND, rec, 0, "%.60s", rec->text);
				break;
			}
			if (over && !lost) {
				int pts = res->points;

				if (rec->side != res->winner)
					diag(rp, BG_EWINNER, rec, 0, NULL);
				if (res->ended_by == BG_END_BEAROFF &&
				    res->level > 1 && !turned &&
				    rp->length == 0)
					pts = jacoby(rp, rec, res, cube);
				if (rec->value && rec->value != pts &&
				    !capped(rp, rec->side, rec->value, pts))
					diag(rp, BG_EWINPOINTS, rec, 0,
					    "%d written, %d won", rec->value,
					    pts);
			} else if (!over) {
				/* A resignation by the other side. */
				resigned = rec;
				res->ended_by = BG_END_RESIGN;
				res->winner = rec->side;
				res->points = rec->value;
				res->level = cube ? rec->value / cube : 0;
				if (!lost && (rec->value % cube != 0 ||
				    res->level < 1 || res->level > 3) &&
				    !capped(rp, rec->side, rec->value,
				    3 * cube))
					diag(rp, BG_ERESIGN, rec, 0,
					    "%d points at cube %d", rec->value,
					    cube);
			}
			over = 2;
			break;
		default:
			break;
		}
		if (rp->fn != NULL && (rec->kind != BG_REC_WIN ||
		    rec == resigned))
			position(rp, g, rec, ++npos, made, lost, turn, cube,
			    owner, doubled, over);
		made = NULL;
	}
	if (!over && doubled)
		diag(rp, BG_EANSWER, NULL, last, NULL);
	res->cube = cube;
	rp->ms.cube = cube;
	rp->ms.cube_owner = owner;
	rp->ms.on_roll = rp->ms.turn = turn < 0 ? 1 : turn;
	rp->prev_winner = over ? res->winner : -1;
	rp->prev_points = over ? res->points : 0;
	if (over) {
		/* A session of huge cubes stops at INT_MAX, not past it. */
		rp->score[res->winner] = rp->score[res->winner] >
		    INT_MAX - res->points ? INT_MAX :
		    rp->score[res->winner] + res->points;
		rp->ms.state = BG_GAME_OVER;
		if (rp->length > 0 && rp->score[res->winner] >= rp->length)
			rp->over = 1;
	} else {
		/* Where the result should have been written. */
		rp->open_line = last ? last + 1 : bg_game_line(g);
		rp->open_game = rp->games;
	}
	res->score[0] = rp->score[0];
	res->score[1] = rp->score[1];
	return 0;
}

int
bg_replay_end(bg_replay *rp)
{
	rp->ndiag = 0;
	if (rp->open_line) {
		diag(rp, BG_WUNFINISHED, NULL, rp->open_line, NULL);
		if (rp->ndiag > 0)
			rp->diag[rp->ndiag - 1].game = rp->open_game;
	}
	rp->open_line = 0;
	return 0;
}

size_t
bg_replay_diag_count(const bg_replay *rp)
{
	return rp->ndiag;
}

const bg_diag *
bg_replay_diag(const bg_replay *rp, size_t i)
{
	return i < rp->ndiag ? &rp->diag[i] : NULL;
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
