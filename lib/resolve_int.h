/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * resolve_int.h: the play resolver's private interface, shared by its
 * two halves and the replay.  resolve_search.c is the reference search
 * (bg_notation_resolve's general way); resolve_fast.c decides the common
 * texts directly, on the board itself, with one entry, resolve_fast, and
 * declines the others.  Its inline head, fast_land, is here so that the
 * replay's loop of rolls can take the commonest texts without a call.
 * Private to lib/; never installed; include bgkit.h first.
 */
#ifndef RESOLVE_INT_H
#define RESOLVE_INT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "turn_int.h"

/* bg_notation_resolve without its direct decisions: for the tests. */
int	resolve_search(bg_resolved *, const bg_notation *, const bg_board *,
	    int, const int [2], bg_variant);

/*
 * The direct decision of bg_notation_resolve, for a variant of flags
 * BG_VF_* and the side whose half of the board is me (op the other's),
 * made in place: nonzero when it decides the text, the halves then the
 * position after and the play in *p (unless p is NULL) as
 * bg_notation_resolve gives them (res->after, res->play), the play
 * legal, and the warnings it gives as FAST_* bits of the answer; 0, the
 * board unchanged, when it declines and the search must decide.  With p
 * NULL it decides more texts: a play that bears off the last checkers
 * in fewer parts than dice, whose play the search gives by another
 * route.  The cases it decides are listed in resolve_fast.c.
 */
#define FAST_UNMARKED	0x02	/* BG_WHITUNMARKED, given first */
#define FAST_EXTRA	0x04	/* BG_WHITEXTRA */
int	resolve_fast(unsigned char *, unsigned char *, const bg_notation *,
	    const int [2], unsigned, bg_play *);

/*
 * fast_land's answers: resolve_fast's, with bit FAST_HIT(k) set when
 * part k hit.
 */
#define FAST_HIT(k)	(0x08 << (k))
int	land_warnings(const bg_notation *, int);
void	land_undo(unsigned char *, unsigned char *, const bg_notation *,
	    int, int);

/*
 * 1 when parts a and b are written alike (points, stars and count): a
 * double's repeated part written out, "6/5* 6/5*" for "6/5*(2)", whose
 * second star marks the same hit as the first.
 */
static inline int
path_repeats(const bg_path *a, const bg_path *b)
{
	return a->npt == b->npt && a->count == b->count &&
	    memcmp(a->pt, b->pt, (size_t)a->npt) == 0 &&
	    memcmp(a->hit, b->hit, (size_t)a->npt) == 0;
}

/*
 * 1 when part i of n repeats an earlier part (path_repeats), so that
 * its stars are not counted a second time.
 */
static inline int
path_repeated(const bg_notation *n, int i)
{
	int j;

	for (j = 0; j < i; j++)
		if (path_repeats(&n->path[j], &n->path[i]))
			return 1;
	return 0;
}

/*
 * The step primitive of the direct decisions: a step of side me's
 * checker from f to point q (1 to 24, f - q 1 to 6) for a turn that has
 * frozen no checker, the bar's rule left to the caller (a checker on
 * the bar moves first), op the other side's half (its point 25 - q, its
 * bar op[25], each at a fixed offset from op - q and op, so that no
 * pointer to the bar is kept in a register): turn_stepcheck then
 * turn_stepdo.  -1 when not made; else made, 1 when it hit.
 */
static inline int
step_land(unsigned char *me, unsigned char *op, long f, long q)
{
	unsigned char *t = op + 25 - q;
	int hit;

	if (me[f] == 0 || *t >= 2)
		return -1;
	me[f]--;
	me[q]++;
	/* A lone checker hit without a test. */
	hit = *t;
	*t = 0;
	op[25] = (unsigned char)(op[25] + hit);
	return hit;
}

/*
 * Part pa of a double of d: -2 when not a single step that lands on a
 * point, -1 when refused, else step_land's answer.  A checker on the
 * bar moves first.
 */
static inline int
land_part(unsigned char *me, unsigned char *op, const bg_path *pa, long d)
{
	long f = pa->pt[0], q = pa->pt[1];

	if (pa->npt != 2 || pa->count > 1 || q <= 0)
		return -2;
	if (f - q != d || f > 25 || (me[25] && f != 25))
		return -1;
	return step_land(me, op, f, q);
}

/*
 * Whether the two ints side by side at p are a and b: one compare of
 * eight bytes for two of four.  fast_land reads with it a notation's
 * number of parts with its first part's number of points, and a part's
 * count with the next part's number of points: the build fails where
 * bg_notation and bg_path are laid out otherwise.
 */
typedef char two_ints_layout[offsetof(bg_notation, path) ==
    offsetof(bg_notation, npath) + sizeof(int) &&
    offsetof(bg_path, npt) == 0 &&
    offsetof(bg_path, count) + sizeof(int) == sizeof(bg_path) &&
    sizeof(int) * 2 == sizeof(uint64_t) ? 1 : -1];

static inline int
two_ints(const void *p, int a, int b)
{
	const int want[2] = { a, b };
	uint64_t x, y;

	memcpy(&x, p, sizeof x);
	memcpy(&y, want, sizeof y);
	return x == y;
}

/*
 * The most common texts of resolve_fast, inline for the replay's loop:
 * a dance, and as many parts as dice, each a single step that lands on
 * a point, made on me, the half of the board of the side moving, and
 * op, the other's.
 * For two different dice the parts' lengths say the dice, and only the
 * written order can give the first part its die.  The caller has made
 * resolve_fast's first checks: no bear-off rule of the variant
 * (BG_VF_MOSTPIPS, BG_VF_NOHITRUN) is in force.  -1 for another text,
 * the board unchanged; else resolve_fast's answer with the FAST_HIT bits.
 * What is seldom needed (a step undone, the warnings) is left to
 * functions, so that the common way keeps few values.
 */
static inline int
fast_land(unsigned char *me, unsigned char *op, const bg_notation *n,
    const int d[2])
{
	const bg_path *pa = n->path;
	long f, q, g, r, bar, d0 = d[0], d1 = d[1];
	int k, h, h1, hk = 0;
	unsigned stars;

	if (n->kind != BG_NOTE_PLAY || (unsigned long)(d0 - 1) > 5) {
		/*
		 * A dance, right when a checker is on the bar and neither
		 * die can enter it (resolve_fast's dance, which also
		 * decides a dance with none on the bar).
		 */
		if (n->kind != BG_NOTE_NONE || (unsigned long)(d0 - 1) > 5 ||
		    (unsigned long)(d1 - 1) > 5 || me[25] == 0)
			return -1;
		return op[d0] >= 2 && op[d1] >= 2;
	}
	if (d0 == d1) {
		if (n->npath != 4)
			return -1;
		/*
		 * Part by part, each checked before its step: a part of
		 * another kind takes the steps back for the general code,
		 * which would refuse the steps refused here in the same
		 * order (double_steps).  Written out, so that each part's
		 * hit has its bit without a shift.
		 */
		if ((h = land_part(me, op, &pa[0], d0)) < 0)
			return h == -2 ? -1 : 0;
		hk = h * FAST_HIT(0);
		stars = pa[0].hit[0] | (pa[0].hit[1] ^ h);
		if ((h = land_part(me, op, &pa[1], d0)) < 0)
			goto undo1;
		hk |= h * FAST_HIT(1);
		stars |= pa[1].hit[0] | (pa[1].hit[1] ^ h);
		if ((h = land_part(me, op, &pa[2], d0)) < 0)
			goto undo2;
		hk |= h * FAST_HIT(2);
		stars |= pa[2].hit[0] | (pa[2].hit[1] ^ h);
		if ((h = land_part(me, op, &pa[3], d0)) < 0)
			goto undo3;
		hk |= h * FAST_HIT(3);
		stars |= pa[3].hit[0] | (pa[3].hit[1] ^ h);
		/*
		 * Each part starred on its landing point just when it hit
		 * (which no part after it can hit again): no warning.
		 * Tested without a branch on the hits.
		 */
		if (stars == 0)
			return 1 | hk;
		return land_warnings(n, hk);
undo3:
		k = 3;
		goto undo;
undo2:
		k = 2;
		goto undo;
undo1:
		k = 1;
undo:
		land_undo(me, op, n, k, hk);
		return h == -2 ? -1 : 0;
	}
	/*
	 * Two parts, each a chain of one step written once (a count of
	 * 0, which the search takes for 1, is left to resolve_fast).
	 * Fields side by side are compared two at a time: the number of
	 * parts with the first part's points, and its count with the
	 * second part's points.
	 */
	if (!two_ints((const char *)n + offsetof(bg_notation, npath),
	    2, 2) || !two_ints((const char *)&pa[0] +
	    offsetof(bg_path, count), 1, 2) || pa[1].count != 1 ||
	    (unsigned long)(d1 - 1) > 5)
		return -1;
	f = pa[0].pt[0];
	q = pa[0].pt[1];
	g = pa[1].pt[0];
	r = pa[1].pt[1];
	if (q <= 0 || r <= 0 || f > 25 || g > 25)
		return -1;
	/*
	 * The parts' lengths are the dice, in either order, when they have
	 * the dice's sum and product (the two numbers of a sum and product
	 * are the roots of one quadratic): no branch on the written order.
	 * The bar's rule for both steps at once: one checker there moves
	 * first, two or more take both dice (the first step, from the bar,
	 * leaves the second one there).  Without a branch, as the bar is
	 * as often full as not: with no step from past it, 25 - f and
	 * 25 - g are at least 0, and their products with the bar's count
	 * and half of it are 0 just when the rule holds.
	 */
	bar = me[25];
	if (((((f - q) + (g - r)) ^ (d0 + d1)) |
	    (((f - q) * (g - r)) ^ (d0 * d1)) |
	    (bar * (25 - f) + (bar >> 1) * (25 - g))) != 0 ||
	    (h = step_land(me, op, f, q)) < 0)
		return 0;
	if ((h1 = step_land(me, op, g, r)) < 0) {
		land_undo(me, op, n, 1, h * FAST_HIT(0));
		return 0;
	}
	hk = h * FAST_HIT(0) | h1 * FAST_HIT(1);
	/*
	 * Each part starred on its landing point just when it hit, with
	 * one star at most: no warning (the second part cannot hit where
	 * the first did).  Tested without a branch on the hits.
	 */
	if ((pa[0].hit[0] | pa[1].hit[0] | (pa[0].hit[1] ^ h) |
	    (pa[1].hit[1] ^ h1)) == 0)
		return 1 | hk;
	return land_warnings(n, hk);
}

#endif
