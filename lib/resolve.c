/*
 * resolve.c: from written text to a checked play.  Each written part is
 * a checker that must pass through its written points; the search moves
 * these checkers die by die in every order, through any landing points
 * the text elides, and collects the distinct resulting positions.  The
 * hit marks then choose among them: a route whose hits match the stars
 * wins, so an elided point means the route that does not hit there.
 * Part of libbgkit; callers use bg_notation_resolve() from bgkit.h.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "rules_int.h"

#define MAXINST	8	/* checkers the text moves, counting (n) */
#define MAXCAND	16	/* distinct results kept */

struct inst {
	const bg_path	*path;
	int		 cur;		/* where the checker is now */
	int		 next;		/* index of the next written point */
};

struct cand {
	bg_play		play;
	bg_board	after;
	unsigned	hits;		/* bit p: a hit on point p */
	int		score;		/* hit marks that do not match */
};

struct rs {
	struct inst	 in[MAXINST];
	int		 nin;
	int		 dice[4], ndice;
	unsigned	 marks;		/* bit p: a '*' on point p */
	int		 strict;	/* check the rules at each step */
	struct cand	 cand[MAXCAND];
	int		 ncand;
	bg_play		 play;
	unsigned	 hits;
};

static int
popcount(unsigned x)
{
	int n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

static void
rs_record(struct rs *r, const struct turn *t, int k)
{
	struct cand *c;
	int i, score;

	score = popcount(r->hits & ~r->marks) + popcount(r->marks & ~r->hits);
	for (i = 0; i < r->ncand; i++) {
		c = &r->cand[i];
		if (memcmp(&c->after, &t->b, sizeof t->b) != 0)
			continue;
		/* The same result: fewer mismatched marks, then more dice. */
		if (score < c->score || (r->strict && score == c->score &&
		    k > c->play.n)) {
			c->score = score;
			c->play = r->play;
			c->play.n = k;
			c->hits = r->hits;
		}
		return;
	}
	if (r->ncand == MAXCAND)
		return;
	c = &r->cand[r->ncand++];
	c->play = r->play;
	c->play.n = k;
	c->after = t->b;
	c->hits = r->hits;
	c->score = score;
}

/* Move the text's checkers with die number k onwards. */
static void
rs_walk(struct rs *r, const struct turn *t, unsigned used, int k)
{
	int i, j, done = 1;

	for (i = 0; i < r->nin; i++) {
		struct inst *in = &r->in[i];
		int target, m, dup = 0;

		if (in->next >= in->path->npt)
			continue;
		done = 0;
		/* Checkers in the same state are interchangeable. */
		for (m = 0; m < i && !dup; m++)
			dup = r->in[m].path == in->path &&
			    r->in[m].cur == in->cur &&
			    r->in[m].next == in->next;
		if (dup)
			continue;
		target = in->path->pt[in->next];
		for (j = 0; j < r->ndice; j++) {
			int d = r->dice[j], dest = in->cur - d, to, point;
			int save_cur = in->cur, save_next = in->next;
			unsigned save_hits = r->hits;
			struct turn nt;

			if (used & (1u << j))
				continue;
			if (j > 0 && r->dice[j - 1] == d &&
			    !(used & (1u << (j - 1))))
				continue;	/* same value tried */
			if (target > 0 ? dest < target : 0)
				continue;
			nt = *t;
			if (r->strict) {
				if (turn_stepcheck(t, in->cur, d, &to,
				    &point) < 0)
					continue;
			} else
				to = dest > 0 ? dest : 0;
			r->play.step[k].from = (signed char)in->cur;
			r->play.step[k].to = (signed char)to;
			r->play.die[k] = (unsigned char)d;
			if (r->strict) {
				r->play.hit[k] =
				    (unsigned char)turn_stepdo(&nt, in->cur, to);
				if (r->play.hit[k])
					r->hits |= 1u << to;
			} else
				r->play.hit[k] = 0;
			in->cur = to;
			if (to == target)
				in->next++;
			rs_walk(r, &nt, used | (1u << j), k + 1);
			in->cur = save_cur;
			in->next = save_next;
			r->hits = save_hits;
		}
	}
	if (done)
		rs_record(r, t, k);
}

/*
 * The search's first route when the parts are taken in written order:
 * part k onwards, each with the first die, in the search's order, that
 * lands on its end.  1 when a route is found (in r->play, its end in
 * *t), else 0 with *t as it was.  Steps are made and undone in place.
 */
static int
in_order(struct rs *r, struct turn *t, unsigned used, int k)
{
	const struct inst *in;
	unsigned hits = r->hits;
	int j, f, target;

	if (k == r->nin)
		return 1;
	in = &r->in[k];
	f = in->cur;
	target = in->path->pt[1];
	for (j = 0; j < r->ndice; j++) {
		int d = r->dice[j], to, point, hit;

		if (used & (1u << j))
			continue;
		if (j > 0 && r->dice[j - 1] == d && !(used & (1u << (j - 1))))
			continue;
		if (target > 0 ? f - d != target : f - d > 0)
			continue;
		if (turn_stepcheck(t, f, d, &to, &point) < 0)
			continue;
		r->play.step[k].from = (signed char)f;
		r->play.step[k].to = (signed char)to;
		r->play.die[k] = (unsigned char)d;
		hit = turn_stepdo(t, f, to);
		r->play.hit[k] = (unsigned char)hit;
		if (hit)
			r->hits |= 1u << to;
		if (in_order(r, t, used | (1u << j), k + 1))
			return 1;
		turn_stepundo(t, f, to, hit);
		r->hits = hits;
	}
	return 0;
}

/*
 * The common case without the search: one written step per die.  Each
 * part is a single segment and there are as many parts (counts
 * included) as dice, so every route gives each part exactly one die
 * that lands on its end (a part landing short would need a second die
 * that another part lacks).  All routes thus reach one position with
 * the same hits, and the search keeps its first route: the written
 * order, if any route takes that order, with the first fitting dice.
 * A written dance is right when no die can move any checker.  Returns
 * 2 for such a dance, 1 when res is filled as the search would fill it
 * (before the dice count check), 0 to let the search decide.
 */
static int
fast(bg_resolved *res, struct rs *r, const bg_notation *n,
    const struct turn *t)
{
	struct turn end;
	int i, j, f, to, point;

	if (n->kind == BG_NOTE_NONE) {
		/* With a checker on the bar, no other can move. */
		for (j = 0; j < r->ndice; j++)
			for (f = t->b.pt[t->s][25] ? 25 : 1; f <= 25; f++)
				if (t->b.pt[t->s][f] &&
				    turn_stepcheck(t, f, r->dice[j], &to,
				    &point) == 0)
					return 0;
		res->cand[0] = r->play;
		return 2;
	}
	if (r->nin != r->ndice)
		return 0;
	for (i = 0; i < r->nin; i++)
		if (r->in[i].path->npt != 2)
			return 0;
	end = *t;
	if (!in_order(r, &end, 0, 0))
		return 0;
	r->play.n = r->nin;
	res->play = r->play;
	res->after = end.b;
	res->cand[0] = r->play;
	return 1;
}

/* ------------------------------------------------------ the quick path */

/*
 * Part f/q (q 0 for off) with die d for the side whose half of the board
 * is me, the other's op: turn_stepcheck then turn_stepdo for a turn that
 * has frozen no checker, the step fitting the part as in_order asks: to
 * q when q is a point, else off.  -1 when not made; else made, 1 when it
 * hit.
 */
static inline int
quick_step(unsigned char *me, unsigned char *op, int f, int q, int d)
{
	uint64_t above;

	if ((unsigned)(f - 1) > 24 || me[f] == 0 || (me[25] && f != 25))
		return -1;
	if (q > 0) {
		/* q is 24 at most: f is 25 at most, d 1 at least. */
		if (f - d != q || op[25 - q] >= 2)
			return -1;
		me[f]--;
		me[q]++;
		if (op[25 - q] == 0)
			return 0;
		op[25 - q] = 0;
		op[25]++;
		return 1;
	}
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

/* Take back quick_step's step of part f/q, which hit or not. */
static inline void
quick_undo(unsigned char *me, unsigned char *op, int f, int q, int hit)
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
 * hit once in a play.
 */
static unsigned
quick_marks(const bg_notation *n, int *twice)
{
	unsigned marks = 0, bit;
	int i, k;

	for (i = 0; i < n->npath; i++)
		for (k = 0; k < 2; k++)
			if (n->path[i].hit[k] && n->path[i].pt[k] <= 24) {
				bit = 1u << n->path[i].pt[k];
				*twice |= (marks & bit) != 0;
				marks |= bit;
			}
	return marks;
}

/* 1 and the RQ_* bits of the stars of n against the points hit. */
static int
warn_bits(const bg_notation *n, unsigned hits)
{
	int twice = 0;
	unsigned marks = quick_marks(n, &twice);

	return 1 | (hits & ~marks ? RQ_UNMARKED : 0) |
	    ((marks & ~hits) || twice ? RQ_EXTRA : 0);
}

/* Step k of p, when there is a p. */
static inline void
quick_put(bg_play *p, int k, int f, int q, int d, int hit)
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
quick_double(unsigned char *me, unsigned char *op, const bg_notation *n,
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
		if ((h[k] = quick_step(me, op, pa[k].pt[0], pa[k].pt[1],
		    d)) < 0) {
			while (k-- > 0)
				quick_undo(me, op, pa[k].pt[0], pa[k].pt[1],
				    h[k]);
			return 0;
		}
		if (h[k])
			hits |= 1u << pa[k].pt[1];
	}
	if (np < 4 && (!rules_outside(me) || can_move(me, op, d))) {
		k = np;
		while (k-- > 0)
			quick_undo(me, op, pa[k].pt[0], pa[k].pt[1], h[k]);
		return 0;
	}
	if (p != NULL) {
		p->n = np;
		for (k = 0; k < np; k++)
			quick_put(p, k, pa[k].pt[0], pa[k].pt[1], d, h[k]);
	}
	if ((hits | stars) == 0)
		return 1;
	return warn_bits(n, hits);
}

/*
 * One checker of two or more on the bar entered with one die, the other
 * die's entry point held: the search's only route, and no play uses
 * more dice, nor the larger die.
 */
static int
quick_enter(unsigned char *me, unsigned char *op, const bg_path *pa,
    int hi, int lo, bg_play *p)
{
	int f = pa->pt[1], dd = 25 - f, hit;

	if (pa->npt != 2 || pa->count > 1 || pa->pt[0] != 25 ||
	    (dd != hi && dd != lo) || me[25] < 2 || op[dd] >= 2 ||
	    op[hi + lo - dd] < 2)
		return 0;
	me[25]--;
	me[f]++;
	hit = op[dd] == 1;
	if (hit) {
		op[dd] = 0;
		op[25]++;
	}
	if (p != NULL) {
		p->n = 1;
		quick_put(p, 0, 25, f, dd, hit);
	}
	/* Only the landing's star counts: the bar is no point. */
	return 1 | (hit && !pa->hit[1] ? RQ_UNMARKED : 0) |
	    (pa->hit[1] && !hit ? RQ_EXTRA : 0);
}

/*
 * The play of one part, one step from f to q with die d, made (and put
 * in *p when p is set): resolve_quick's answer, 0 when the step is
 * refused.
 */
static int
one_made(unsigned char *me, unsigned char *op, const bg_notation *n, int f,
    int q, int d, bg_play *p)
{
	const bg_path *pa = &n->path[0];
	int h;

	if ((h = quick_step(me, op, f, q, d)) < 0)
		return 0;
	if (p != NULL) {
		p->n = 1;
		quick_put(p, 0, f, q, d, h);
	}
	if ((h | pa->hit[0] | pa->hit[1]) == 0)
		return 1;
	return warn_bits(n, h ? 1u << q : 0);
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
quick_one(unsigned char *me, unsigned char *op, const bg_notation *n,
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
	return one_made(me, op, n, f, q, d, p);
}

/*
 * Can side me, all home, move a checker with die d?  From the highest
 * point down: a step to an open point, a bear-off from d, or from below
 * d by the highest checker.
 */
static int
home_can(const unsigned char *me, const unsigned char *op, int d)
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
 * quick_one for a side all home: one part, one checker from f to q (0
 * for off) with one die of two different dice, the search's die the
 * larger when it bears the checker off.  Legal when no play uses both
 * dice (each step tried, then the other die by home_can; a hit leaves
 * the point open) and, the smaller die played, the larger cannot move.
 * The one step of any route then, and a bear-off reaches one position
 * with either die.
 */
static int
quick_home(unsigned char *me, unsigned char *op, const bg_notation *n,
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
	if ((d != hi && d != lo) || (d == lo && home_can(me, op, hi)))
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
			h = home_can(me, op, y);
			me[to]--;
			me[g]++;
			if (h)
				return 0;
		}
	}
	return one_made(me, op, n, f, q, d, p);
}

/* Take back resolve_land's steps of parts 0 to k - 1, hk their hits. */
void
resolve_unland(unsigned char *me, unsigned char *op, const bg_notation *n,
    int k, int hk)
{
	int f, q, hit;

	while (k-- > 0) {
		f = n->path[k].pt[0];
		q = n->path[k].pt[1];
		hit = (hk & RQ_HIT(k)) != 0;
		me[q]--;
		me[f]++;
		op[25 - q] = (unsigned char)hit;
		op[25] = (unsigned char)(op[25] - hit);
	}
}

/* resolve_land's answer for its play of n, hk the RQ_HIT bits. */
int
resolve_landed(const bg_notation *n, int hk)
{
	const bg_path *pa = &n->path[0], *pb = &n->path[1];
	unsigned hits = 0, marks, twice;
	int k;

	for (k = 0; k < n->npath; k++)
		if (hk & RQ_HIT(k))
			hits |= 1u << n->path[k].pt[1];
	if (n->npath != 2 || (pa->hit[0] | pb->hit[0]))
		return warn_bits(n, hits) | hk;
	/* warn_bits' marks for stars on the landing points only. */
	marks = (pa->hit[1] ? 1u << pa->pt[1] : 0) |
	    (pb->hit[1] ? 1u << pb->pt[1] : 0);
	twice = pa->hit[1] && pb->hit[1] && pa->pt[1] == pb->pt[1];
	return 1 | (hits & ~marks ? RQ_UNMARKED : 0) |
	    ((marks & ~hits) || twice ? RQ_EXTRA : 0) | hk;
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

/* resolve_quick's answer for two parts made, h0 and h1 their hits. */
static inline int
two_answer(const bg_notation *n, int h0, int h1)
{
	const bg_path *pa = &n->path[0], *pb = &n->path[1];

	if ((h0 | h1 | pa->hit[0] | pa->hit[1] | pb->hit[0] | pb->hit[1]) == 0)
		return 1;
	return warn_bits(n, (h0 ? 1u << pa->pt[1] : 0) |
	    (h1 ? 1u << pb->pt[1] : 0));
}

/*
 * Two parts, one step each, for two different dice: the larger die for
 * the first part, else the smaller; a first part that lands on a point
 * says which.
 */
static int
quick_two(unsigned char *me, unsigned char *op, const bg_notation *n,
    int hi, int lo, bg_play *p)
{
	const bg_path *pa = &n->path[0], *pb = &n->path[1];
	int fa = pa->pt[0], qa = pa->pt[1], fb = pb->pt[0], qb = pb->pt[1];
	int d0, h0, h1;

	if ((d0 = two_first(n, hi, lo)) == 0)
		return 0;
	for (;;) {
		if ((h0 = quick_step(me, op, fa, qa, d0)) >= 0) {
			if ((h1 = quick_step(me, op, fb, qb, hi + lo - d0)) >= 0)
				break;
			quick_undo(me, op, fa, qa, h0);
		}
		if (d0 == lo)
			return 0;
		d0 = lo;
	}
	if (p != NULL) {
		p->n = 2;
		quick_put(p, 0, fa, qa, d0, h0);
		quick_put(p, 1, fb, qb, hi + lo - d0, h1);
	}
	return two_answer(n, h0, h1);
}

/*
 * quick_two without a play, for resolve_rest: its first route written
 * out, which is the one taken nearly always; any other is quick_two's,
 * which tries the first again.
 */
static int
rest_two(unsigned char *me, unsigned char *op, const bg_notation *n,
    int hi, int lo)
{
	const bg_path *pa = &n->path[0], *pb = &n->path[1];
	int fa = pa->pt[0], qa = pa->pt[1], fb = pb->pt[0], qb = pb->pt[1];
	int d0, h0, h1;

	if ((d0 = two_first(n, hi, lo)) == 0)
		return 0;
	if ((h0 = quick_step(me, op, fa, qa, d0)) < 0)
		return quick_two(me, op, n, hi, lo, NULL);
	if ((h1 = quick_step(me, op, fb, qb, hi + lo - d0)) < 0) {
		quick_undo(me, op, fa, qa, h0);
		return quick_two(me, op, n, hi, lo, NULL);
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
quick_last(unsigned char *me, unsigned char *op, const bg_notation *n,
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
 * The common texts, decided without the search and on the board itself
 * (rules_int.h).  One written step per die: each part a single segment
 * and as many parts as dice, so every route gives each part exactly one
 * die that lands on its end (a part landing short would need a second
 * die that another part lacks).  All routes thus reach one position with
 * the same hits, and the search keeps its first route: the written order
 * with the first fitting dice, larger die first; a double's parts each
 * take the die in written order.  When such a route exists the play uses
 * every die, so it is legal (the most-pips and hit-and-run rules of a
 * side all home at the start are left to the search).  And a dance
 * written for a checker on the bar against two held entry points, or
 * with none on the bar when no die can move any checker; a double in
 * fewer parts that leaves no move and a checker outside (quick_double);
 * one die's entry from a bar of two or more checkers when the other
 * die's point is held; and one die's step that no play of both dice
 * beats (quick_one, quick_home).  Each step is
 * turn_stepcheck then turn_stepdo for a turn that has frozen no checker.
 * test_fast compares every case with the search.
 */
int
resolve_quick(bg_board *b, int s, const bg_notation *n, const int d[2],
    unsigned vflags, bg_play *p)
{
	int q, k;

	if ((unsigned)s > 1 || ((vflags & (BG_VF_MOSTPIPS |
	    BG_VF_NOHITRUN)) && !rules_outside(b->pt[s])))
		return resolve_other(b, s, n, d, vflags, p);
	if ((q = resolve_land(b->pt[s], b->pt[!s], n, d)) < 0)
		return resolve_other(b, s, n, d, vflags, p);
	if (p != NULL) {
		memset(p, 0, sizeof *p);
		if (q > 0 && n->kind == BG_NOTE_PLAY) {
			p->n = n->npath;
			for (k = 0; k < p->n; k++) {
				p->step[k].from = n->path[k].pt[0];
				p->step[k].to = n->path[k].pt[1];
				p->die[k] = (unsigned char)(n->path[k].pt[0] -
				    n->path[k].pt[1]);
				p->hit[k] = (q & RQ_HIT(k)) != 0;
			}
		}
	}
	return q > 0 ? q & (1 | RQ_UNMARKED | RQ_EXTRA) : q;
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

/* resolve_other past its checks, hi and lo the dice. */
static int
other(unsigned char *me, unsigned char *op, const bg_notation *n, int hi,
    int lo, bg_play *p)
{
	int q;

	if (n->kind != BG_NOTE_PLAY)
		return dance(me, op, n, hi, lo);
	if (p == NULL && quick_last(me, op, n, hi, lo))
		return 1;
	if (hi == lo)
		return quick_double(me, op, n, hi, p);
	if (n->npath == 1)
		return (q = quick_enter(me, op, &n->path[0], hi, lo, p)) != 0 ?
		    q : (q = quick_one(me, op, n, hi, lo, p)) != 0 ? q :
		    quick_home(me, op, n, hi, lo, p);
	if (n->npath == 2)
		return quick_two(me, op, n, hi, lo, p);
	return 0;
}

int
resolve_other(bg_board *b, int s, const bg_notation *n, const int d[2],
    unsigned vflags, bg_play *p)
{
	unsigned char *me, *op;
	int hi, lo;

	if ((unsigned)s > 1 || (unsigned)(d[0] - 1) > 5 ||
	    (unsigned)(d[1] - 1) > 5)
		return 0;
	me = b->pt[s];
	op = b->pt[!s];
	if ((vflags & (BG_VF_MOSTPIPS | BG_VF_NOHITRUN)) &&
	    !rules_outside(me))
		return 0;
	if (p != NULL)
		memset(p, 0, sizeof *p);
	hi = d[0] > d[1] ? d[0] : d[1];
	lo = d[0] + d[1] - hi;
	return other(me, op, n, hi, lo, p);
}

int
resolve_rest(unsigned char *me, unsigned char *op, const bg_notation *n,
    const int d[2])
{
	int hi, lo, q;

	if ((unsigned)(d[0] - 1) > 5 || (unsigned)(d[1] - 1) > 5)
		return 0;
	hi = d[0] > d[1] ? d[0] : d[1];
	lo = d[0] + d[1] - hi;
	/*
	 * A dance, two parts for two dice and four for a double (which
	 * quick_last leaves), and one part for two dice with a checker on
	 * the bar (which is not home for quick_last), without the
	 * registers other saves.
	 */
	if (n->kind != BG_NOTE_PLAY)
		return dance(me, op, n, hi, lo);
	if (hi != lo && n->npath == 2)
		return rest_two(me, op, n, hi, lo);
	if (hi == lo && n->npath == 4)
		return quick_double(me, op, n, hi, NULL);
	if (hi != lo && n->npath == 1 && me[25] != 0) {
		q = quick_enter(me, op, &n->path[0], hi, lo, NULL);
		return q != 0 ? q : quick_one(me, op, n, hi, lo, NULL);
	}
	return other(me, op, n, hi, lo, NULL);
}

static void
copy_play_from_cand(bg_resolved *res, const struct cand *c)
{
	res->play = c->play;
	res->after = c->after;
}

/* bg_notation_resolve, with the fast cases when quick, else the search. */
static int
resolve(bg_resolved *res, const bg_notation *n, const bg_board *b, int s,
    const int d[2], bg_variant v, int quick)
{
	struct rs r;
	struct turn t;
	bg_verdict vd;
	int i, j, c, best, nbest, twice = 0;

	memset(res, 0, sizeof *res);
	res->point = -1;
	if (n == NULL || b == NULL || s < 0 || s > 1 || d[0] < 1 ||
	    d[0] > 6 || d[1] < 1 || d[1] > 6 || bg_variant_get(v) == NULL)
		return res->code = -BG_EINVAL;
	turn_init(&t, b, s, v);
	res->after = *b;
	if (n->kind == BG_NOTE_UNKNOWN)
		return 0;
	if (quick) {
		bg_board after = *b;
		bg_play p;

		if ((i = resolve_quick(&after, s, n, d, t.flags, &p)) != 0) {
			if (i & RQ_UNMARKED)
				res->warn[res->nwarn++] = BG_WHITUNMARKED;
			if (i & RQ_EXTRA)
				res->warn[res->nwarn++] = BG_WHITEXTRA;
			res->play = p;
			res->after = after;
			res->cand[0] = p;
			return 0;
		}
	}

	/* What the search reads before writing; the rest is written first. */
	r.nin = 0;
	r.marks = 0;
	r.ncand = 0;
	r.hits = 0;
	memset(&r.play, 0, sizeof r.play);
	r.ndice = d[0] == d[1] ? 4 : 2;
	r.dice[0] = d[0] > d[1] ? d[0] : d[1];
	r.dice[1] = d[0] > d[1] ? d[1] : d[0];
	r.dice[2] = r.dice[3] = d[0];
	if (n->kind == BG_NOTE_PLAY) {
		for (i = 0; i < n->npath; i++) {
			const bg_path *p = &n->path[i];

			/*
			 * Bit 0: a star on off, which never matches.  A
			 * point can be hit once in a play, so a second
			 * part starring it again marks nothing.
			 */
			for (j = 0; j < p->npt; j++)
				if (p->hit[j] && p->pt[j] <= 24) {
					if (r.marks & (1u << p->pt[j]))
						twice = 1;
					r.marks |= 1u << p->pt[j];
				}
			for (c = 0; c < (p->count > 0 ? p->count : 1); c++) {
				if (r.nin == MAXINST)
					return res->code = -BG_EDICE;
				r.in[r.nin].path = p;
				r.in[r.nin].cur = p->pt[0];
				r.in[r.nin].next = 1;
				r.nin++;
			}
		}
	}

	if ((i = quick ? fast(res, &r, n, &t) : 0) == 2)
		return 0;
	if (i == 1) {
		if (r.hits & ~r.marks)
			res->warn[res->nwarn++] = BG_WHITUNMARKED;
		if ((r.marks & ~r.hits) || twice)
			res->warn[res->nwarn++] = BG_WHITEXTRA;
		/* All dice used: nothing for rules_finish to check. */
		if (res->play.n == r.ndice && !((t.flags & BG_VF_MOSTPIPS) &&
		    t.bearing))
			return 0;
		goto finish;
	}
	r.strict = 1;
	rs_walk(&r, &t, 0, 0);
	if (r.ncand == 0) {
		/*
		 * No legal way: find one that fits the dice and say which
		 * rule it breaks.
		 */
		r.strict = 0;
		rs_walk(&r, &t, 0, 0);
		if (r.ncand == 0)
			return res->code = -BG_EDICE;
		bg_rules_check(&vd, b, s, d, v, &r.cand[0].play);
		res->code = vd.code ? vd.code : -BG_EDICE;
		res->point = vd.point;
		res->play = r.cand[0].play;
		goto example;
	}

	best = r.cand[0].score;
	for (i = 1; i < r.ncand; i++)
		if (r.cand[i].score < best)
			best = r.cand[i].score;
	for (i = nbest = 0; i < r.ncand; i++)
		if (r.cand[i].score == best) {
			if (nbest < 4)
				res->cand[nbest] = r.cand[i].play;
			if (nbest++ == 0)
				copy_play_from_cand(res, &r.cand[i]);
		}
	if (nbest > 1) {
		res->ncand = nbest < 4 ? nbest : 4;
		return res->code = -BG_EAMBIGUOUS;
	}
	for (i = 0; i < r.ncand; i++)
		if (r.cand[i].score == best) {
			if (r.cand[i].hits & ~r.marks)
				res->warn[res->nwarn++] = BG_WHITUNMARKED;
			if ((r.marks & ~r.cand[i].hits) || twice)
				res->warn[res->nwarn++] = BG_WHITEXTRA;
		}

finish:
	memset(&vd, 0, sizeof vd);
	vd.play = res->play;
	vd.after = res->after;
	if (rules_finish(&vd, &t, d, v) == 0)
		return 0;
	res->code = vd.code;
	res->point = vd.point;
	res->has_example = vd.has_example;
	res->example = vd.example;
	return res->code;

example:
	{
		int most, pips;

		if (rules_example(&res->example, &most, &pips, b, s, d,
		    v) > 0)
			res->has_example = 1;
	}
	return res->code;
}

int
bg_notation_resolve(bg_resolved *res, const bg_notation *n,
    const bg_board *b, int s, const int d[2], bg_variant v)
{
	return resolve(res, n, b, s, d, v, 1);
}

int
resolve_search(bg_resolved *res, const bg_notation *n, const bg_board *b,
    int s, const int d[2], bg_variant v)
{
	return resolve(res, n, b, s, d, v, 0);
}

int
bg_play_from_notation(bg_play *p, const bg_notation *n)
{
	int i, j, c;

	memset(p, 0, sizeof *p);
	if (n->kind != BG_NOTE_PLAY)
		return 0;
	for (i = 0; i < n->npath; i++)
		for (c = 0; c < n->path[i].count; c++)
			for (j = 1; j < n->path[i].npt; j++) {
				if (p->n == 4)
					return -BG_ETOOMANY;
				p->step[p->n].from = n->path[i].pt[j - 1];
				p->step[p->n].to = n->path[i].pt[j];
				p->hit[p->n] = n->path[i].hit[j];
				p->n++;
			}
	return 0;
}

/* ---------------------------------------------- why the dice do not fit */

#define MAXSEG	32	/* written steps an explanation lists */

/* One written step of a part: from point f to point t (0 off), pips. */
struct seg {
	int	f, t, pips;
};

/* The sum of the dice of mask, a set of bits over dice. */
static int
dice_sum(const int *dice, unsigned mask)
{
	int k, sum = 0;

	for (k = 0; mask; k++, mask >>= 1)
		if (mask & 1)
			sum += dice[k];
	return sum;
}

/*
 * Whether the dice of mask make step sg: their sum its pips, or, to
 * bear off, at least its pips (the last die may be larger).
 */
static int
seg_made(const struct seg *sg, const int *dice, unsigned mask)
{
	int sum = dice_sum(dice, mask);

	return sg->t == 0 ? sum >= sg->pips : sum == sg->pips;
}

/*
 * Whether steps k to nseg - 1 can each take dice of their own, none of
 * used: what the search needs to find any route of the text.
 */
static int
segs_fit(const struct seg *sg, int k, int nseg, const int *dice, int nd,
    unsigned used)
{
	unsigned m;

	if (k == nseg)
		return 1;
	for (m = 1; m < 1u << nd; m++)
		if (!(m & used) && seg_made(&sg[k], dice, m) &&
		    segs_fit(sg, k + 1, nseg, dice, nd, used | m))
			return 1;
	return 0;
}

/* Point p as a part writes it: "bar", "off" or its number. */
static const char *
point_text(char *buf, size_t size, int p)
{
	if (p == 25)
		return "bar";
	if (p == 0)
		return "off";
	snprintf(buf, size, "%d", p);
	return buf;
}

/* The first of the nseg steps that no dice make, or -1. */
static int
seg_unmade(const struct seg *sg, int nseg, const int *dice, int nd)
{
	unsigned m;
	int k;

	for (k = 0; k < nseg; k++) {
		for (m = 1; m < 1u << nd; m++)
			if (seg_made(&sg[k], dice, m))
				break;
		if (m == 1u << nd)
			return k;
	}
	return -1;
}

int
bg_notation_explain(char *buf, size_t size, const bg_notation *n,
    const int d[2])
{
	struct seg sg[MAXSEG] = { { 0, 0, 0 } };
	char dtext[24], a[8], b[8], why[200];
	int dice[4], nd, nseg = 0, i, j, c, k;
	size_t at;

	if (size > 0)
		buf[0] = '\0';
	if (n == NULL || d == NULL || n->kind != BG_NOTE_PLAY ||
	    (unsigned)(d[0] - 1) > 5 || (unsigned)(d[1] - 1) > 5)
		return 0;
	nd = d[0] == d[1] ? 4 : 2;
	dice[0] = d[0];
	dice[1] = dice[2] = dice[3] = d[1];
	if (nd == 4)
		snprintf(dtext, sizeof dtext, "four %ds", d[0]);
	else
		snprintf(dtext, sizeof dtext, "%d and %d", d[0], d[1]);
	/* Each written step, a part's count (0 read as 1) times over. */
	for (i = 0; i < n->npath; i++)
		for (c = 0; c < (n->path[i].count > 0 ? n->path[i].count : 1);
		    c++)
			for (j = 1; j < n->path[i].npt && nseg < MAXSEG; j++) {
				sg[nseg].f = n->path[i].pt[j - 1];
				sg[nseg].t = n->path[i].pt[j];
				sg[nseg].pips = sg[nseg].f - sg[nseg].t;
				nseg++;
			}
	if ((k = seg_unmade(sg, nseg, dice, nd)) >= 0)
		/* A step that no dice make, the first as written. */
		snprintf(why, sizeof why, "%s/%s moves %d pips; the dice are %s",
		    point_text(a, sizeof a, sg[k].f),
		    point_text(b, sizeof b, sg[k].t), sg[k].pips, dtext);
	else if (nseg <= nd && segs_fit(sg, 0, nseg, dice, nd, 0))
		return 0;
	else {
		/* The steps together: too many for the dice. */
		at = 0;
		for (k = 0; k < nseg && at < sizeof why; k++)
			at += (size_t)snprintf(why + at, sizeof why - at,
			    "%s%s/%s %s%d%s", k == 0 ? "" : k == nseg - 1 ?
			    " and " : ", ", point_text(a, sizeof a, sg[k].f),
			    point_text(b, sizeof b, sg[k].t),
			    k == 0 ? "moves " : "", sg[k].pips,
			    k == 0 ? " pips" : "");
		if (at < sizeof why)
			snprintf(why + at, sizeof why - at,
			    "; the dice are %s", dtext);
	}
	if (size > 0)
		snprintf(buf, size, "%s", why);
	return (int)strlen(why);
}
