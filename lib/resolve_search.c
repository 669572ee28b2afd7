/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * resolve_search.c: from written text to a checked play, the reference
 * search.  Each written part is a checker that must pass through its
 * written points; the search moves these checkers die by die in every
 * order, through any landing points the text elides, and collects the
 * distinct resulting positions.  The hit marks then choose among them: a
 * route whose hits match the stars wins, so an elided point means the
 * route that does not hit there.  bg_notation_resolve first lets the
 * direct decisions (resolve_fast.c) decide the common texts; the search
 * itself, without them, is resolve_search, which the tests hold the
 * direct decisions to.  Also the reason a text does not fit its dice
 * (bg_notation_explain) and a text's steps without a position.  Part of
 * libbgkit; callers use bg_notation_resolve() from bgkit.h.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "resolve_int.h"

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
	unsigned	hits;		/* bit p is set for a hit on point p */
	int		score;		/* hit marks that do not match */
};

struct rs {
	struct inst	 in[MAXINST];
	int		 nin;
	int		 dice[4], ndice;
	unsigned	 marks;		/* bit p is set for a '*' on point p */
	int		 twice;		/* two parts star one point */
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
		/*
		 * For the same result, prefer fewer mismatched marks, then
		 * more dice used.
		 */
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
first_route(bg_resolved *res, struct rs *r, const bg_notation *n,
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

/*
 * The direct decision (resolve_fast.c), on a copy of b: 1 when it
 * decides, res then filled as the search would fill it.
 */
static int
fast_decided(bg_resolved *res, const bg_notation *n, const bg_board *b,
    int s, const int d[2], unsigned vflags)
{
	bg_board after = *b;
	bg_play p;
	int q;

	if ((q = resolve_fast(after.pt[s], after.pt[!s], n, d, vflags,
	    &p)) == 0)
		return 0;
	if (q & FAST_UNMARKED)
		res->warn[res->nwarn++] = BG_WHITUNMARKED;
	if (q & FAST_EXTRA)
		res->warn[res->nwarn++] = BG_WHITEXTRA;
	res->play = p;
	res->after = after;
	res->cand[0] = p;
	return 1;
}

/*
 * The search's start for n and dice d: the dice, larger first, the
 * checkers the text moves, and the points starred.  -BG_EDICE when the
 * text moves more checkers than the search follows, else 0.
 */
static int
rs_init(struct rs *r, const bg_notation *n, const int d[2])
{
	const bg_path *p;
	int i, j, c;

	/*
	 * Clear what the search reads before it writes it; the search
	 * writes the rest before reading it.
	 */
	r->nin = 0;
	r->marks = 0;
	r->twice = 0;
	r->ncand = 0;
	r->hits = 0;
	memset(&r->play, 0, sizeof r->play);
	r->ndice = d[0] == d[1] ? 4 : 2;
	r->dice[0] = d[0] > d[1] ? d[0] : d[1];
	r->dice[1] = d[0] > d[1] ? d[1] : d[0];
	r->dice[2] = r->dice[3] = d[0];
	if (n->kind != BG_NOTE_PLAY)
		return 0;
	for (i = 0; i < n->npath; i++) {
		p = &n->path[i];
		/*
		 * Bit 0: a star on off, which never matches.  A point can
		 * be hit once in a play, so a second part starring it
		 * again marks nothing, unless it repeats an earlier part
		 * word for word: "6/5* 6/5*" is "6/5*(2)" written out.
		 */
		for (j = 0; j < p->npt; j++)
			if (p->hit[j] && p->pt[j] <= 24 &&
			    !path_repeated(n, i)) {
				if (r->marks & (1u << p->pt[j]))
					r->twice = 1;
				r->marks |= 1u << p->pt[j];
			}
		for (c = 0; c < (p->count > 0 ? p->count : 1); c++) {
			if (r->nin == MAXINST)
				return -BG_EDICE;
			r->in[r->nin].path = p;
			r->in[r->nin].cur = p->pt[0];
			r->in[r->nin].next = 1;
			r->nin++;
		}
	}
	return 0;
}

/* The warnings of a route that hits the points of hits. */
static void
route_warnings(bg_resolved *res, const struct rs *r, unsigned hits)
{
	if (hits & ~r->marks)
		res->warn[res->nwarn++] = BG_WHITUNMARKED;
	if ((r->marks & ~hits) || r->twice)
		res->warn[res->nwarn++] = BG_WHITEXTRA;
}

/*
 * The search's results chosen by the hit marks: the one whose marks
 * match best, with its warnings; -BG_EAMBIGUOUS, with the candidates in
 * res, when several match as well.
 */
static int
rs_choose(bg_resolved *res, const struct rs *r)
{
	int i, best, nbest;

	best = r->cand[0].score;
	for (i = 1; i < r->ncand; i++)
		if (r->cand[i].score < best)
			best = r->cand[i].score;
	for (i = nbest = 0; i < r->ncand; i++)
		if (r->cand[i].score == best) {
			if (nbest < 4)
				res->cand[nbest] = r->cand[i].play;
			if (nbest++ == 0) {
				res->play = r->cand[i].play;
				res->after = r->cand[i].after;
			}
		}
	if (nbest > 1) {
		res->ncand = nbest < 4 ? nbest : 4;
		return -(res->code = BG_EAMBIGUOUS);
	}
	for (i = 0; i < r->ncand; i++)
		if (r->cand[i].score == best)
			route_warnings(res, r, r->cand[i].hits);
	return 0;
}

/* The rules on the dice a legal route leaves unused (rules_finish). */
static int
finish(bg_resolved *res, const struct turn *t, const int d[2], bg_variant v)
{
	bg_verdict vd;

	memset(&vd, 0, sizeof vd);
	vd.play = res->play;
	vd.after = res->after;
	if (rules_finish(&vd, t, d, v) == 0)
		return 0;
	res->code = vd.code;
	res->point = vd.point;
	res->has_example = vd.has_example;
	res->example = vd.example;
	return -res->code;
}

/*
 * No legal route: one that fits the dice, without the rules, and the
 * rule it breaks with a legal play as the example; else BG_EDICE.
 */
static int
refused(bg_resolved *res, struct rs *r, const struct turn *t,
    const bg_board *b, int s, const int d[2], bg_variant v)
{
	bg_verdict vd;
	int most, pips, n;

	r->strict = 0;
	rs_walk(r, t, 0, 0);
	if (r->ncand == 0)
		return -(res->code = BG_EDICE);
	bg_rules_check(&vd, b, s, d, v, &r->cand[0].play);
	res->code = vd.code ? vd.code : BG_EDICE;
	res->point = vd.point;
	res->play = r->cand[0].play;
	/*
	 * When memory runs out the call fails, so that no broken rule is
	 * told without its example.
	 */
	if ((n = rules_example(&res->example, &most, &pips, b, s, d, v)) > 0)
		res->has_example = 1;
	else if (n == -BG_ENOMEM)
		res->code = BG_ENOMEM;
	return -res->code;
}

/*
 * bg_notation_resolve() tries the direct decisions, which are quick,
 * and falls back on the search.
 */
static int
resolve(bg_resolved *res, const bg_notation *n, const bg_board *b, int s,
    const int d[2], bg_variant v, int quick)
{
	struct rs r;
	struct turn t;
	int i;

	memset(res, 0, sizeof *res);
	res->point = -1;
	if (n == NULL || b == NULL || s < 0 || s > 1 || d[0] < 1 ||
	    d[0] > 6 || d[1] < 1 || d[1] > 6 || bg_variant_get(v) == NULL)
		return -(res->code = BG_EINVAL);
	turn_init(&t, b, s, v);
	res->after = *b;
	if (n->kind == BG_NOTE_UNKNOWN)
		return 0;
	if (quick && fast_decided(res, n, b, s, d, t.flags))
		return 0;
	if (rs_init(&r, n, d) < 0)
		return -(res->code = BG_EDICE);
	if ((i = quick ? first_route(res, &r, n, &t) : 0) == 2)
		return 0;
	if (i == 1) {
		route_warnings(res, &r, r.hits);
		/* All dice are used, so rules_finish has nothing to check. */
		if (res->play.n == r.ndice && !((t.flags & BG_VF_MOSTPIPS) &&
		    t.bearing))
			return 0;
		return finish(res, &t, d, v);
	}
	r.strict = 1;
	rs_walk(&r, &t, 0, 0);
	if (r.ncand == 0)
		return refused(res, &r, &t, b, s, d, v);
	if (rs_choose(res, &r) < 0)
		return -res->code;
	return finish(res, &t, d, v);
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

/*
 * One written step of a part: from point f to point t (0 for off), and
 * the pips it moves.
 */
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
		snprintf(why, sizeof why,
		    "%s/%s moves %d pip%s; the dice are %s",
		    point_text(a, sizeof a, sg[k].f),
		    point_text(b, sizeof b, sg[k].t), sg[k].pips,
		    sg[k].pips == 1 ? "" : "s", dtext);
	else if (nseg <= nd && segs_fit(sg, 0, nseg, dice, nd, 0))
		return 0;
	else {
		/* Told together, the steps move too many pips for the dice. */
		at = 0;
		for (k = 0; k < nseg && at < sizeof why; k++)
			at += (size_t)snprintf(why + at, sizeof why - at,
			    "%s%s/%s %s%d%s", k == 0 ? "" : k == nseg - 1 ?
			    " and " : ", ", point_text(a, sizeof a, sg[k].f),
			    point_text(b, sizeof b, sg[k].t),
			    k == 0 ? "moves " : "", sg[k].pips,
			    k > 0 ? "" : sg[k].pips == 1 ? " pip" : " pips");
		if (at < sizeof why)
			snprintf(why + at, sizeof why - at,
			    "; the dice are %s", dtext);
	}
	if (size > 0)
		snprintf(buf, size, "%s", why);
	return (int)strlen(why);
}
