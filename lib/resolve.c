/*
 * resolve.c: from written text to a checked play.  Each written part is
 * a checker that must pass through its written points; the search moves
 * these checkers die by die in every order, through any landing points
 * the text elides, and collects the distinct resulting positions.  The
 * hit marks then choose among them: a route whose hits match the stars
 * wins, so an elided point means the route that does not hit there.
 * Part of libbgkit; callers use bg_notation_resolve() from bgkit.h.
 */
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

static void
copy_play_from_cand(bg_resolved *res, const struct cand *c)
{
	res->play = c->play;
	res->after = c->after;
}

int
bg_notation_resolve(bg_resolved *res, const bg_notation *n,
    const bg_board *b, int s, const int d[2], bg_variant v)
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

	memset(&r, 0, sizeof r);
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
