/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * resolve_fast.c: the direct decisions of the play resolver.  The
 * contract: for every text and roll it decides, resolve_fast gives the
 * same result as the reference search (resolve_search.c), the position
 * after, the play (when asked for one), legality and the same warnings
 * in the same order; it may decline any text, leaving the board as it
 * was, and then the search decides.  tests/unit/test_fast.c holds it to
 * that on random games and boards and on every record of the corpus.
 * The cases it decides, each by a function named for it:
 *
 *	one step per die	fast_land (resolve_int.h), inline for the
 *				replay: as many parts as dice, each one
 *				step landing on a point
 *	a dance			dance: no die enters, or none moves
 *	a double, step by step	double_steps: one to four parts of one
 *				step each; fewer only when nothing moves
 *				after them and a checker is left outside
 *	entering, other held	enter_one: one of several checkers on the
 *				bar enters, the other die's point held
 *	one die blocked		one_die_blocked: one step of one die when
 *				no play uses both and a checker is outside
 *	one die, all home	one_die_home: the same for a side all home,
 *				a bear-off among the steps
 *	two dice, one step each	two_steps: two parts, each one die
 *	the last checkers off	last_borne_off: the side's last checkers
 *				borne off in fewer parts than dice (without
 *				a play: the search keeps another route)
 *
 * Every step is made by step_land (resolve_int.h), the one step
 * primitive, through step_part for a part that may bear off, which
 * checks the bar's and the bear-off's rules first and bears off itself
 * (one_die_home's trial steps, which only ask whether the other die can
 * then move, are undone at once).  The board is the caller's own,
 * changed in place and put back when the text is declined.
 * Private to lib/: bg_notation_resolve and the replay call resolve_fast.
 */
#include <string.h>

#include "bgkit.h"
#include "resolve_int.h"

/*
 * Part f/q (q 0 for off) with die d for the side whose half of the board
 * is me, the other's op: turn_stepcheck then turn_stepdo for a turn that
 * has frozen no checker, the step fitting the part as the search's first
 * route asks: to q when q is a point, else off.  -1 when not made; else
 * made, 1 when it hit.
 */
static inline int
step_part(unsigned char *me, unsigned char *op, int f, int q, int d)
{
	uint64_t above;

	if ((unsigned)(f - 1) > 24 || me[f] == 0 || (me[25] && f != 25))
		return -1;
	if (q > 0)
		/* q is 24 at most: f is 25 at most, d 1 at least. */
		return f - d != q ? -1 : step_land(me, op, f, q);
	if (f - d > 0 || rules_outside(me))
		return -1;
	/*
	 * A die larger than f only with no checker above f: none on the
	 * points to 6, and (as none is outside) none from 7 to f + 8.
	 */
	if (f - d < 0) {
		memcpy(&above, me + f + 1, sizeof above);
		if (above != 0)
			return -1;
	}
	me[f]--;
	me[0]++;
	return 0;
}

/* Take back step_part's step of part f/q, which hit or not. */
static inline void
step_part_undo(unsigned char *me, unsigned char *op, int f, int q, int hit)
{
	q = q > 0 ? q : 0;
	me[q]--;
	me[f]++;
	if (hit) {
		op[25 - q] = 1;
		op[25]--;
	}
}

/*
 * The points starred in n's parts, as bits (bit 0: a star on off, which
 * never matches); *twice set when two parts star one point, which can be
 * hit once in a play (a part written again, path_repeated, stars nothing
 * new).
 */
static unsigned
starred(const bg_notation *n, int *twice)
{
	unsigned marks = 0, bit;
	int i, k;

	for (i = 0; i < n->npath; i++)
		for (k = 0; k < 2; k++)
			if (n->path[i].hit[k] && n->path[i].pt[k] <= 24 &&
			    !path_repeated(n, i)) {
				bit = 1u << n->path[i].pt[k];
				*twice |= (marks & bit) != 0;
				marks |= bit;
			}
	return marks;
}

/* 1 and the FAST_* bits of the stars of n against the points hit. */
static int
star_warnings(const bg_notation *n, unsigned hits)
{
	int twice = 0;
	unsigned marks = starred(n, &twice);

	return 1 | (hits & ~marks ? FAST_UNMARKED : 0) |
	    ((marks & ~hits) || twice ? FAST_EXTRA : 0);
}

/* Step k of p, when there is a p. */
static inline void
play_put(bg_play *p, int k, int f, int q, int d, int hit)
{
	if (p == NULL)
		return;
	p->step[k].from = (signed char)f;
	p->step[k].to = (signed char)(q > 0 ? q : 0);
	p->die[k] = (unsigned char)d;
	p->hit[k] = (unsigned char)hit;
}

/*
 * Can side me move a checker with die d (turn_stepcheck for a turn that
 * has frozen no checker, from any point)?  With a checker on the bar
 * only it can move; a bear-off needs all home, and a die larger than the
 * point no checker higher.
 */
static int
can_move(const unsigned char *me, const unsigned char *op, int d)
{
	int f, out;

	if (me[25])
		return op[d] < 2;
	out = rules_outside(me);
	for (f = 24; f > d; f--)
		if (me[f] && op[25 - f + d] < 2)
			return 1;
	if (out)
		return 0;
	if (me[d])
		return 1;
	/* Below d, only the highest checker, when none is above d. */
	for (f = 6; f > d; f--)
		if (me[f])
			return 0;
	for (f = d - 1; f >= 1; f--)
		if (me[f])
			return 1;
	return 0;
}

/*
 * A double: one to four parts, each one step with the die, made in
 * written order (every route reaches the same position with the same
 * hits).  Fewer than four parts are legal when no checker can then move
 * and one is left outside the home board: that one never reaches home,
 * so no play bears off, and each checker's way is its own, its points
 * held or not whatever the others do (a hit leaves a point open); every
 * checker has gone as far as it can, so no play uses more dice.  Others
 * are left to the search.
 */
static int
double_steps(unsigned char *me, unsigned char *op, const bg_notation *n,
    int d, bg_play *p)
{
	const bg_path *pa = n->path;
	unsigned hits = 0, stars = 0;
	int k, h[4], np = n->npath;

	if (np < 1 || np > 4)
		return 0;
	for (k = 0; k < np; k++) {
		if (pa[k].npt != 2 || pa[k].count > 1)
			return 0;
		stars |= pa[k].hit[0] | pa[k].hit[1];
	}
	for (k = 0; k < np; k++) {
		if ((h[k] = step_part(me, op, pa[k].pt[0], pa[k].pt[1],
		    d)) < 0) {
			while (k-- > 0)
				step_part_undo(me, op, pa[k].pt[0], pa[k].pt[1],
				    h[k]);
			return 0;
		}
		if (h[k])
			hits |= 1u << pa[k].pt[1];
	}
	if (np < 4 && (!rules_outside(me) || can_move(me, op, d))) {
		k = np;
		while (k-- > 0)
			step_part_undo(me, op, pa[k].pt[0], pa[k].pt[1], h[k]);
		return 0;
	}
	if (p != NULL) {
		p->n = np;
		for (k = 0; k < np; k++)
			play_put(p, k, pa[k].pt[0], pa[k].pt[1], d, h[k]);
	}
	if ((hits | stars) == 0)
		return 1;
	return star_warnings(n, hits);
}

/*
 * One checker of two or more on the bar entered with one die, the other
 * die's entry point held: the search's only route, and no play uses
 * more dice, nor the larger die.
 */
static int
enter_one(unsigned char *me, unsigned char *op, const bg_path *pa,
    int hi, int lo, bg_play *p)
{
	int f = pa->pt[1], dd = 25 - f, hit;

	if (pa->npt != 2 || pa->count > 1 || pa->pt[0] != 25 ||
	    (dd != hi && dd != lo) || me[25] < 2 || op[dd] >= 2 ||
	    op[hi + lo - dd] < 2)
		return 0;
	hit = step_land(me, op, 25, f);
	if (p != NULL) {
		p->n = 1;
		play_put(p, 0, 25, f, dd, hit);
	}
	/* Only the landing's star counts: the bar is no point. */
	return 1 | (hit && !pa->hit[1] ? FAST_UNMARKED : 0) |
	    (pa->hit[1] && !hit ? FAST_EXTRA : 0);
}

/*
 * The play of one part, one step from f to q with die d, made (and put
 * in *p when p is set): resolve_fast's answer, 0 when the step is
 * refused.
 */
static int
one_step_made(unsigned char *me, unsigned char *op, const bg_notation *n, int f,
    int q, int d, bg_play *p)
{
	const bg_path *pa = &n->path[0];
	int h;

	if ((h = step_part(me, op, f, q, d)) < 0)
		return 0;
	if (p != NULL) {
		p->n = 1;
		play_put(p, 0, f, q, d, h);
	}
	if ((h | pa->hit[0] | pa->hit[1]) == 0)
		return 1;
	return star_warnings(n, h ? 1u << q : 0);
}

/*
 * One part of one step with one die of two different dice, with one
 * checker or none on the bar and, after any one step, a checker outside
 * the home board (so that no play of one or two steps bears off): the
 * search's only route.  It is legal when no play uses both dice and,
 * the smaller die played, the larger cannot move.  Without bear-offs
 * and the bar's rule a checker's step from g with die x is possible
 * just when g - x is not held, whatever the other steps: both dice are
 * played by two checkers (one on a point of two or more, or two points)
 * each stepping with its own die, or by one checker through an open
 * point to g - hi - lo open.  With one checker on the bar, one die
 * enters it and the other moves it or any checker on the board.
 * Others are left to the search.
 */
static int
one_die_blocked(unsigned char *me, unsigned char *op, const bg_notation *n,
    int hi, int lo, bg_play *p)
{
	const bg_path *pa = &n->path[0];
	uint32_t hm = 0, lm = 0;
	int f = pa->pt[0], q = pa->pt[1], d = f - q, g, c, top;

	if (pa->npt != 2 || pa->count > 1 || q <= 0 || (d != hi && d != lo) ||
	    me[25] > 1)
		return 0;
	/* The checkers outside, and the highest of them. */
	for (c = 0, top = 0, g = 7; g <= 25; g++)
		if (me[g]) {
			c += me[g];
			top = g;
		}
	if (c == 0 || (c == 1 && top - hi < 7))
		return 0;
	for (g = hi + 1; g <= 24; g++)
		if (me[g] && op[25 - g + hi] < 2)
			hm |= 1u << g;
	for (g = lo + 1; g <= 24; g++)
		if (me[g] && op[25 - g + lo] < 2)
			lm |= 1u << g;
	if (me[25]) {
		/* Either entry, then the other die for any checker. */
		if ((op[hi] < 2 && (lm != 0 || op[hi + lo] < 2)) ||
		    (op[lo] < 2 && (hm != 0 || op[hi + lo] < 2)) ||
		    (d == lo && op[hi] < 2))
			return 0;
	} else {
		/* Two checkers, each with its own die. */
		if (hm != 0 && lm != 0) {
			if ((hm | lm) & ((hm | lm) - 1))
				return 0;
			for (g = 1; !(hm >> g & 1); g++)
				;
			if (me[g] >= 2)
				return 0;
		}
		/* One checker with both, through either point. */
		for (g = hi + lo + 1; g <= 24; g++)
			if (((hm | lm) >> g & 1) && op[25 - g + hi + lo] < 2)
				return 0;
		if (d == lo && hm != 0)
			return 0;
	}
	return one_step_made(me, op, n, f, q, d, p);
}

/*
 * Can side me, all home, move a checker with die d?  From the highest
 * point down: a step to an open point, a bear-off from d, or from below
 * d by the highest checker.
 */
static int
home_can_move(const unsigned char *me, const unsigned char *op, int d)
{
	int g, first = 1;

	for (g = 6; g >= 1; g--) {
		if (me[g] == 0)
			continue;
		if (g > d ? op[25 - g + d] < 2 : g == d || first)
			return 1;
		first = 0;
	}
	return 0;
}

/*
 * one_die_blocked for a side all home: one part, one checker from f to q (0
 * for off) with one die of two different dice, the search's die the
 * larger when it bears the checker off.  Legal when no play uses both
 * dice (each step tried, then the other die by home_can_move; a hit leaves
 * the point open) and, the smaller die played, the larger cannot move.
 * The one step of any route then, and a bear-off reaches one position
 * with either die.
 */
static int
one_die_home(unsigned char *me, unsigned char *op, const bg_notation *n,
    int hi, int lo, bg_play *p)
{
	const bg_path *pa = &n->path[0];
	int f = pa->pt[0], q = pa->pt[1], d, g, x, y, k, to, top, h;

	if (pa->npt != 2 || pa->count > 1 || f < 1 || f > 6 ||
	    rules_outside(me) || me[f] == 0)
		return 0;
	for (top = 6; me[top] == 0; top--)
		;
	if (q > 0)
		d = f - q;
	else if (f == hi || (f < hi && f == top))
		d = hi;
	else
		d = lo;
	if ((d != hi && d != lo) || (d == lo && home_can_move(me, op, hi)))
		return 0;
	/* Each first step with either die, then the other die. */
	for (k = 0; k < 2; k++) {
		x = k ? lo : hi;
		y = hi + lo - x;
		for (g = 1; g <= 6; g++) {
			if (me[g] == 0)
				continue;
			to = g - x;
			if (to > 0 ? op[25 - to] >= 2 : to < 0 && g != top)
				continue;
			to = to > 0 ? to : 0;
			me[g]--;
			me[to]++;
			h = home_can_move(me, op, y);
			me[to]--;
			me[g]++;
			if (h)
				return 0;
		}
	}
	return one_step_made(me, op, n, f, q, d, p);
}

/* Take back fast_land's steps of parts 0 to k - 1, hk their hits. */
void
land_undo(unsigned char *me, unsigned char *op, const bg_notation *n,
    int k, int hk)
{
	int f, q, hit;

	while (k-- > 0) {
		f = n->path[k].pt[0];
		q = n->path[k].pt[1];
		hit = (hk & FAST_HIT(k)) != 0;
		me[q]--;
		me[f]++;
		op[25 - q] = (unsigned char)hit;
		op[25] = (unsigned char)(op[25] - hit);
	}
}

/* fast_land's answer for its play of n, hk the FAST_HIT bits. */
int
land_warnings(const bg_notation *n, int hk)
{
	const bg_path *pa = &n->path[0], *pb = &n->path[1];
	unsigned hits = 0, marks, twice;
	int k;

	for (k = 0; k < n->npath; k++)
		if (hk & FAST_HIT(k))
			hits |= 1u << n->path[k].pt[1];
	if (n->npath != 2 || (pa->hit[0] | pb->hit[0]))
		return star_warnings(n, hits) | hk;
	/* star_warnings' marks for stars on the landing points only. */
	marks = (pa->hit[1] ? 1u << pa->pt[1] : 0) |
	    (pb->hit[1] ? 1u << pb->pt[1] : 0);
	twice = pa->hit[1] && pb->hit[1] && pa->pt[1] == pb->pt[1] &&
	    !path_repeats(pa, pb);
	return 1 | (hits & ~marks ? FAST_UNMARKED : 0) |
	    ((marks & ~hits) || twice ? FAST_EXTRA : 0) | hk;
}

/*
 * The die of the first of two parts, each one step, for two different
 * dice hi and lo: the larger, unless a first part that lands on a point
 * says the smaller; 0 when the parts are not two such steps.
 */
static inline int
two_first(const bg_notation *n, int hi, int lo)
{
	const bg_path *pa = &n->path[0], *pb = &n->path[1];

	if (pa->npt != 2 || pb->npt != 2 || pa->count > 1 || pb->count > 1)
		return 0;
	return pa->pt[1] > 0 && pa->pt[0] - pa->pt[1] == lo ? lo : hi;
}

/* resolve_fast's answer for two parts made, h0 and h1 their hits. */
static inline int
two_answer(const bg_notation *n, int h0, int h1)
{
	const bg_path *pa = &n->path[0], *pb = &n->path[1];

	if ((h0 | h1 | pa->hit[0] | pa->hit[1] | pb->hit[0] | pb->hit[1]) == 0)
		return 1;
	return star_warnings(n, (h0 ? 1u << pa->pt[1] : 0) |
	    (h1 ? 1u << pb->pt[1] : 0));
}

/*
 * Two parts, one step each, for two different dice: the larger die for
 * the first part, else the smaller; a first part that lands on a point
 * says which.
 */
static int
two_steps(unsigned char *me, unsigned char *op, const bg_notation *n,
    int hi, int lo, bg_play *p)
{
	const bg_path *pa = &n->path[0], *pb = &n->path[1];
	int fa = pa->pt[0], qa = pa->pt[1], fb = pb->pt[0], qb = pb->pt[1];
	int d0, h0, h1;

	if ((d0 = two_first(n, hi, lo)) == 0)
		return 0;
	for (;;) {
		if ((h0 = step_part(me, op, fa, qa, d0)) >= 0) {
			if ((h1 = step_part(me, op, fb, qb, hi + lo - d0)) >= 0)
				break;
			step_part_undo(me, op, fa, qa, h0);
		}
		if (d0 == lo)
			return 0;
		d0 = lo;
	}
	if (p != NULL) {
		p->n = 2;
		play_put(p, 0, fa, qa, d0, h0);
		play_put(p, 1, fb, qb, hi + lo - d0, h1);
	}
	return two_answer(n, h0, h1);
}

/*
 * two_steps without a play, for resolve_fast: its first route written
 * out, which is the one taken nearly always; any other is two_steps's,
 * which tries the first again.
 */
static int
two_steps_first(unsigned char *me, unsigned char *op, const bg_notation *n,
    int hi, int lo)
{
	const bg_path *pa = &n->path[0], *pb = &n->path[1];
	int fa = pa->pt[0], qa = pa->pt[1], fb = pb->pt[0], qb = pb->pt[1];
	int d0, h0, h1;

	if ((d0 = two_first(n, hi, lo)) == 0)
		return 0;
	if ((h0 = step_part(me, op, fa, qa, d0)) < 0)
		return two_steps(me, op, n, hi, lo, NULL);
	if ((h1 = step_part(me, op, fb, qb, hi + lo - d0)) < 0) {
		step_part_undo(me, op, fa, qa, h0);
		return two_steps(me, op, n, hi, lo, NULL);
	}
	return two_answer(n, h0, h1);
}

/*
 * The last checkers of the side borne off in fewer parts than dice: for
 * two different dice one part, for a double one to three, each f/0
 * without a star, from points that hold exactly the checkers left, the
 * checkers all home.  Each die that bears one off leaves no checker on
 * a higher point, so every order bears them all off, with nothing more
 * to play: the play is legal and its position the one route's.  Only
 * two different dice, the smaller short of f, have another route, the
 * smaller die first to f - lo, which reaches the same position unless
 * it hits there: then the search decides.  The search also keeps the
 * route of more dice as the play, which this case does not make, so it
 * is for callers without a play.
 */
static int
last_borne_off(unsigned char *me, unsigned char *op, const bg_notation *n,
    int hi, int lo)
{
	const bg_path *pa;
	unsigned char left[7];
	int k, f;

	if (n->npath >= (hi == lo ? 4 : 2) || rules_outside(me))
		return 0;
	memcpy(left, me, sizeof left);
	for (k = 0; k < n->npath; k++) {
		pa = &n->path[k];
		f = pa->pt[0];
		if (pa->npt != 2 || pa->count > 1 || pa->pt[1] != 0 ||
		    pa->hit[0] || pa->hit[1] || f < 1 || f > hi ||
		    left[f] == 0 || (lo < f && op[25 - f + lo] == 1))
			return 0;
		left[f]--;
	}
	for (f = 1; f <= 6; f++)
		if (left[f])
			return 0;
	for (k = 0; k < n->npath; k++) {
		me[n->path[k].pt[0]]--;
		me[0]++;
	}
	return 1;
}

/*
 * A text without a play: a dance, right when no die can enter; or with
 * no checker on the bar, when no die can move any checker.
 */
static inline int
dance(const unsigned char *me, const unsigned char *op, const bg_notation *n,
    int hi, int lo)
{
	if (n->kind != BG_NOTE_NONE)
		return 0;
	if (me[25])
		return op[hi] >= 2 && op[lo] >= 2;
	return !can_move(me, op, hi) && (hi == lo || !can_move(me, op, lo));
}

/*
 * What fast_land leaves, past resolve_fast's checks, hi and lo the
 * dice: each case tried where its shape fits, the commonest first.
 */
static int
decide(unsigned char *me, unsigned char *op, const bg_notation *n, int hi,
    int lo, bg_play *p)
{
	int q;

	if (n->kind != BG_NOTE_PLAY)
		return dance(me, op, n, hi, lo);
	if (hi != lo && n->npath == 2)
		return p == NULL ? two_steps_first(me, op, n, hi, lo) :
		    two_steps(me, op, n, hi, lo, p);
	if (hi == lo && n->npath == 4)
		return double_steps(me, op, n, hi, p);
	if (p == NULL && last_borne_off(me, op, n, hi, lo))
		return 1;
	if (hi == lo)
		return double_steps(me, op, n, hi, p);
	if (n->npath == 1)
		return (q = enter_one(me, op, &n->path[0], hi, lo, p)) != 0 ?
		    q : (q = one_die_blocked(me, op, n, hi, lo, p)) != 0 ? q :
		    one_die_home(me, op, n, hi, lo, p);
	return 0;
}

/*
 * The one entry (resolve_int.h).  A side all home under a bear-off rule
 * of the variant (the most pips, hit and run) is left to the search.
 */
int
resolve_fast(unsigned char *me, unsigned char *op, const bg_notation *n,
    const int d[2], unsigned vflags, bg_play *p)
{
	int q, k, hi, lo;

	if ((vflags & (BG_VF_MOSTPIPS | BG_VF_NOHITRUN)) && !rules_outside(me))
		return 0;
	if ((q = fast_land(me, op, n, d)) >= 0) {
		if (p != NULL) {
			memset(p, 0, sizeof *p);
			if (q > 0 && n->kind == BG_NOTE_PLAY) {
				p->n = n->npath;
				for (k = 0; k < p->n; k++)
					play_put(p, k, n->path[k].pt[0],
					    n->path[k].pt[1], n->path[k].pt[0] -
					    n->path[k].pt[1],
					    (q & FAST_HIT(k)) != 0);
			}
		}
		return q > 0 ? q & (1 | FAST_UNMARKED | FAST_EXTRA) : q;
	}
	if ((unsigned)(d[0] - 1) > 5 || (unsigned)(d[1] - 1) > 5)
		return 0;
	if (p != NULL)
		memset(p, 0, sizeof *p);
	hi = d[0] > d[1] ? d[0] : d[1];
	lo = d[0] + d[1] - hi;
	return decide(me, op, n, hi, lo, p);
}
