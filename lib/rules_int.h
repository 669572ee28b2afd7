/*
 * rules_int.h: the rules engine's insides shared by rules.c and
 * resolve.c (and the replay, which takes the resolver's quick path
 * directly).  Private to lib/; never installed; include bgkit.h first.
 */
#ifndef RULES_INT_H
#define RULES_INT_H

#include <stdint.h>
#include <string.h>

/* A turn in progress: the board, the mover and what the variant says. */
struct turn {
	bg_board	b;
	int		s;		/* the side moving */
	unsigned	flags;		/* BG_VF_* of the variant */
	int		bearing;	/* all home when the turn began */
	unsigned char	frozen[26];	/* Tavla: checkers that hit */
};

/* Any checker outside the home board (points 7 to 25)?  Three loads. */
static inline int
rules_outside(const unsigned char *me)
{
	uint64_t a, b, c;

	memcpy(&a, me + 7, 8);
	memcpy(&b, me + 15, 8);
	memcpy(&c, me + 18, 8);	/* 18..25, overlapping b */
	return (a | b | c) != 0;
}

void	turn_init(struct turn *, const bg_board *, int, bg_variant);
int	turn_allhome(const struct turn *);
int	turn_stepcheck(const struct turn *, int, int, int *, int *);
int	turn_stepdo(struct turn *, int, int);
void	turn_stepundo(struct turn *, int, int, int);
int	rules_example(bg_play *, int *, int *, const bg_board *, int,
	    const int [2], bg_variant);
int	rules_finish(bg_verdict *, const struct turn *, const int [2],
	    bg_variant);
/* bg_notation_resolve without its fast cases: for the tests. */
int	resolve_search(bg_resolved *, const bg_notation *, const bg_board *,
	    int, const int [2], bg_variant);
/*
 * The quick path of bg_notation_resolve for a variant of flags BG_VF_*,
 * made in place on *b: nonzero when it decides the text, with *b the
 * position after and the play in *p (unless p is NULL) as
 * bg_notation_resolve gives them (res->after, res->play), the play
 * legal, and the warnings it gives as RQ_* bits of the answer; 0, *b
 * unchanged, when the general code must decide.
 */
#define RQ_UNMARKED	0x02	/* BG_WHITUNMARKED, given first */
#define RQ_EXTRA	0x04	/* BG_WHITEXTRA */
int	resolve_quick(bg_board *, int, const bg_notation *, const int [2],
	    unsigned, bg_play *);

/* resolve_quick for the texts that resolve_land leaves (-1). */
int	resolve_other(bg_board *, int, const bg_notation *, const int [2],
	    unsigned, bg_play *);
/*
 * resolve_land's answers: resolve_quick's, with bit RQ_HIT(k) set when
 * part k hit.
 */
#define RQ_HIT(k)	(0x08 << (k))
int	resolve_landed(const bg_notation *, int);
void	resolve_unland(unsigned char *, unsigned char *, const bg_notation *,
	    int, int);

/*
 * A step of side me's checker from f to point q (1 to 24, f - q 1 to 6)
 * for a turn that has frozen no checker: turn_stepcheck then
 * turn_stepdo.  -1 when not made; else made, 1 when it hit.
 */
static inline int
resolve_step(unsigned char *me, unsigned char *op, long f, long q)
{
	unsigned char *t = op + 25 - q;
	int hit;

	if (me[f] == 0 || (f != 25 && me[25]) || *t >= 2)
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
 * The most common texts of resolve_quick, inline for the replay's loop:
 * as many parts as dice, each a single step that lands on a point.  For
 * two different dice the parts' lengths say the dice, and only the
 * written order can give the first part its die.  The caller has made
 * resolve_quick's first checks: s is 0 or 1, and no bear-off rule of the
 * variant (BG_VF_MOSTPIPS, BG_VF_NOHITRUN) is in force.  -1 for another
 * text; else resolve_quick's answer with the RQ_HIT bits.  What is seldom
 * needed (a step undone, the warnings) is left to functions, so that the
 * common way keeps few values.
 */
static inline int
resolve_land(bg_board *b, int s, const bg_notation *n, const int d[2])
{
	unsigned char *me = b->pt[s], *op = b->pt[!s];
	const bg_path *pa = n->path;
	long f, q, g, r;
	int k, h, hk = 0, stars = 0;

	if (n->kind != BG_NOTE_PLAY || (unsigned)(d[0] - 1) > 5 ||
	    (unsigned)(d[1] - 1) > 5)
		return -1;
	if (d[0] == d[1]) {
		if (n->npath != 4)
			return -1;
		for (k = 0; k < 4; k++) {
			if (pa[k].npt != 2 || pa[k].count > 1 ||
			    pa[k].pt[1] <= 0)
				return -1;
			stars |= pa[k].hit[0] | pa[k].hit[1];
		}
		for (k = 0; k < 4; k++) {
			f = pa[k].pt[0];
			q = pa[k].pt[1];
			if (f - q != d[0] || f > 25 ||
			    (h = resolve_step(me, op, f, q)) < 0) {
				resolve_unland(me, op, n, k, hk);
				return 0;
			}
			hk |= h ? RQ_HIT(k) : 0;
		}
		return (hk | stars) == 0 ? 1 : resolve_landed(n, hk);
	}
	if (n->npath != 2 || pa[0].npt != 2 || pa[1].npt != 2 ||
	    pa[0].count > 1 || pa[1].count > 1 || pa[0].pt[1] <= 0 ||
	    pa[1].pt[1] <= 0)
		return -1;
	f = pa[0].pt[0];
	q = pa[0].pt[1];
	g = pa[1].pt[0];
	r = pa[1].pt[1];
	if (f - q + g - r != d[0] + d[1] || (f - q != d[0] && f - q != d[1]) ||
	    f > 25 || g > 25 || (h = resolve_step(me, op, f, q)) < 0)
		return 0;
	hk = h ? RQ_HIT(0) : 0;
	if ((h = resolve_step(me, op, g, r)) < 0) {
		resolve_unland(me, op, n, 1, hk);
		return 0;
	}
	hk |= h ? RQ_HIT(1) : 0;
	/*
	 * Each part starred on its landing point just when it hit: no
	 * warning (the second part cannot hit where the first did).
	 */
	if (hk == ((pa[0].hit[1] ? RQ_HIT(0) : 0) |
	    (pa[1].hit[1] ? RQ_HIT(1) : 0)) &&
	    (pa[0].hit[0] | pa[1].hit[0]) == 0)
		return 1 | hk;
	return resolve_landed(n, hk);
}

#endif
