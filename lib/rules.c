/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rules.c: the rules engine.  One step check (entering first, blocked
 * points, bearing off, the variant's bear-off rules) serves the play
 * generator, the checker of a given play and the applier.  The generator
 * walks the dice depth first, keeps only plays that use the most dice
 * (and the larger die when only one can be played), and de-duplicates
 * resulting positions through a hash table; doubles, whose walk cannot
 * reach a position twice, are walked on one board changed in place and
 * written straight into the list.  Part of libbgkit; callers
 * include bgkit.h; the reference search moves through its turn
 * (turn_int.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "turn_int.h"

/* ------------------------------------------------------------ one step */

void
turn_init(struct turn *t, const bg_board *b, int s, bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);

	t->b = *b;
	t->s = s;
	t->flags = vi ? vi->flags : 0;
	t->bearing = turn_allhome(t);
	memset(t->frozen, 0, sizeof t->frozen);
}

int
turn_allhome(const struct turn *t)
{
	return !rules_outside(t->b.pt[t->s]);
}

/*
 * May side t->s move a checker from f with die d?  Returns 0 and the
 * destination in *to (0 = off), or the negated rule code with the point
 * concerned in *point.
 */
int
turn_stepcheck(const struct turn *t, int f, int d, int *to, int *point)
{
	const unsigned char *me = t->b.pt[t->s];
	const unsigned char *op = t->b.pt[!t->s];
	int dest = f - d, p;

	*point = f;
	if (f < 1 || f > 25 || d < 1 || d > 6)
		return -BG_EINVAL;
	if (me[f] <= t->frozen[f])
		return me[f] ? -BG_EHITRUN : -BG_ENOCHECKER;
	if (f != 25 && me[25])
		return -BG_EBAR;
	if (dest >= 1) {
		if (op[25 - dest] >= 2) {
			*point = dest;
			return -BG_EBLOCKED;
		}
		*to = dest;
		return 0;
	}
	if (rules_outside(me))
		return -BG_ENOTHOME;
	if (dest < 0)
		for (p = f + 1; p <= 6; p++)
			if (me[p])
				return -BG_EBEAROFF;
	*to = 0;
	return 0;
}

/* Make the step; returns 1 when it hits. */
int
turn_stepdo(struct turn *t, int f, int to)
{
	unsigned char *me = t->b.pt[t->s];
	unsigned char *op = t->b.pt[!t->s];
	int hit = 0;

	me[f]--;
	me[to]++;
	if (to >= 1 && op[25 - to] == 1) {
		op[25 - to] = 0;
		op[25]++;
		hit = 1;
		if ((t->flags & BG_VF_NOHITRUN) && t->bearing)
			t->frozen[to]++;
	}
	return hit;
}

/* Take back turn_stepdo(t, f, to), which returned hit. */
void
turn_stepundo(struct turn *t, int f, int to, int hit)
{
	unsigned char *me = t->b.pt[t->s];
	unsigned char *op = t->b.pt[!t->s];

	me[to]--;
	me[f]++;
	if (hit) {
		op[25 - to] = 1;
		op[25]--;
		if ((t->flags & BG_VF_NOHITRUN) && t->bearing)
			t->frozen[to]--;
	}
}

int
bg_play_apply(bg_board *b, int s, bg_play *p)
{
	struct turn t;
	int i;

	if (s < 0 || s > 1 || p->n < 0 || p->n > 4)
		return -BG_EINVAL;
	turn_init(&t, b, s, BG_VARIANT_STANDARD);
	for (i = 0; i < p->n; i++) {
		int f = p->step[i].from, to = p->step[i].to;

		if (f < 1 || f > 25 || to < 0 || to > 24 || to >= f ||
		    t.b.pt[s][f] == 0)
			return -BG_EINVAL;
		p->hit[i] = (unsigned char)turn_stepdo(&t, f, to);
	}
	*b = t.b;
	return 0;
}

/* --------------------------------------------------------- play lists */

struct bg_movelist {
	bg_legal	*v;
	size_t		 n, cap;
	unsigned	*hash;		/* index + 1, 0 = empty */
	size_t		 hcap;
	uint64_t	*key;		/* sort keys, kcap of them */
	size_t		 kcap;
};

bg_movelist *
bg_movelist_new(void)
{
	return calloc(1, sizeof(bg_movelist));
}

void
bg_movelist_free(bg_movelist *ml)
{
	if (ml == NULL)
		return;
	free(ml->v);
	free(ml->hash);
	free(ml->key);
	free(ml);
}

size_t
bg_movelist_count(const bg_movelist *ml)
{
	return ml->n;
}

const bg_legal *
bg_movelist_get(const bg_movelist *ml, size_t i)
{
	return i < ml->n ? &ml->v[i] : NULL;
}

/* A hash of the board, a word at a time. */
static unsigned long long
boardhash(const bg_board *b)
{
	const unsigned char *c = &b->pt[0][0];
	uint64_t h = 1469598103934665603ULL, w;
	uint32_t last;
	size_t i;

	for (i = 0; i + 8 <= sizeof b->pt; i += 8) {
		memcpy(&w, c + i, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 32;
	}
	memcpy(&last, c + sizeof b->pt - 4, 4);
	h = (h ^ last) * 0x9e3779b97f4a7c15ULL;
	return h ^ (h >> 29);
}

static void
ml_clear(bg_movelist *ml)
{
	ml->n = 0;
	if (ml->hash)
		memset(ml->hash, 0, ml->hcap * sizeof *ml->hash);
}

static int
ml_rehash(bg_movelist *ml, size_t hcap)
{
	unsigned *h = calloc(hcap, sizeof *h);
	size_t i, j;

	if (h == NULL)
		return -BG_ENOMEM;
	for (i = 0; i < ml->n; i++) {
		j = boardhash(&ml->v[i].after) & (hcap - 1);
		while (h[j])
			j = (j + 1) & (hcap - 1);
		h[j] = (unsigned)i + 1;
	}
	free(ml->hash);
	ml->hash = h;
	ml->hcap = hcap;
	return 0;
}

/*
 * Return the slot for one more play, v[n], after making room for it in
 * the array and the hash; NULL when memory runs out.
 */
static bg_legal *
ml_slot(bg_movelist *ml)
{
	if (ml->n * 2 >= ml->hcap && ml_rehash(ml,
	    ml->hcap ? ml->hcap * 2 : 256) < 0)
		return NULL;
	if (ml->n == ml->cap) {
		size_t cap = ml->cap ? ml->cap * 2 : 64;
		bg_legal *v = realloc(ml->v, cap * sizeof *v);

		if (v == NULL)
			return NULL;
		ml->v = v;
		ml->cap = cap;
	}
	return &ml->v[ml->n];
}

/* List the play in the slot unless its position is listed already. */
static void
ml_commit(bg_movelist *ml)
{
	const bg_board *after = &ml->v[ml->n].after;
	size_t j = boardhash(after) & (ml->hcap - 1);

	while (ml->hash[j]) {
		if (memcmp(&ml->v[ml->hash[j] - 1].after, after,
		    sizeof *after) == 0)
			return;
		j = (j + 1) & (ml->hcap - 1);
	}
	ml->hash[j] = (unsigned)++ml->n;
}

/* Add a play unless its resulting position is listed already. */
static int
ml_add(bg_movelist *ml, const bg_play *p, const bg_board *after)
{
	bg_legal *l = ml_slot(ml);

	if (l == NULL)
		return -BG_ENOMEM;
	l->play = *p;
	l->after = *after;
	ml_commit(ml);
	return 0;
}

/* ----------------------------------------------------------- generator */

struct gen {
	bg_movelist	*ml;
	int		 die[4];	/* dice in the order to play them */
	int		 ndice;
	int		 doubles;
	int		 best;		/* most dice used by a listed play */
	int		 err;
	uint32_t	 src;		/* for doubles, as bits, the points
					   from which a step lands on a point
					   not blocked, or bears off */
};

static void
gen_leaf(struct gen *g, const struct turn *t, const bg_play *p)
{
	if (p->n < g->best || g->err)
		return;
	if (p->n > g->best) {
		ml_clear(g->ml);
		g->best = p->n;
	}
	if (ml_add(g->ml, p, &t->b) < 0)
		g->err = -BG_ENOMEM;
}

/*
 * The last die's step, f to to, and the leaf it makes, as turn_stepdo
 * and gen_leaf would do them, but built in the list's own slot rather
 * than in a copy of the turn.
 */
static void
last_step(struct gen *g, const struct turn *t, bg_play *p, int f, int to)
{
	unsigned char *me, *op;
	bg_legal *l;
	int k = p->n - 1;

	if (g->err)
		return;
	if (p->n > g->best) {
		ml_clear(g->ml);
		g->best = p->n;
	}
	if ((l = ml_slot(g->ml)) == NULL) {
		g->err = -BG_ENOMEM;
		return;
	}
	l->after = t->b;
	me = l->after.pt[t->s];
	op = l->after.pt[!t->s];
	me[f]--;
	me[to]++;
	p->hit[k] = 0;
	if (to >= 1 && op[25 - to] == 1) {
		op[25 - to] = 0;
		op[25]++;
		p->hit[k] = 1;
	}
	l->play = *p;
	ml_commit(g->ml);
}

/*
 * Play the dice from number k on, for two different dice (dbl_walk()
 * plays doubles).
 */
static void
gen_walk(struct gen *g, const struct turn *t, bg_play *p, int k)
{
	int f, to, point, d, moved = 0;

	if (k < g->ndice) {
		d = g->die[k];
		for (f = 25; f >= 1; f--) {
			struct turn nt;

			if (t->b.pt[t->s][f] == 0 ||
			    turn_stepcheck(t, f, d, &to, &point) < 0)
				continue;
			p->step[k].from = (signed char)f;
			p->step[k].to = (signed char)to;
			p->die[k] = (unsigned char)d;
			p->n = k + 1;
			moved = 1;
			if (k + 1 == g->ndice) {
				last_step(g, t, p, f, to);
				if (t->b.pt[t->s][25] && f == 25)
					break;
				continue;
			}
			nt = *t;
			p->hit[k] = (unsigned char)turn_stepdo(&nt, f, to);
			gen_walk(g, &nt, p, k + 1);
			if (t->b.pt[t->s][25] && f == 25)
				break;	/* the bar is the only source */
		}
	}
	if (!moved) {
		p->n = k;
		gen_leaf(g, t, p);
	}
}

/*
 * Doubles need no hash.  The walk makes each set of steps once, sources
 * high to low; and two sets of steps of one die cannot reach the same
 * position: a step leaves f for f - d (off when that is not above 0),
 * so the steps form a tree rooted at the tray, and the change a position
 * shows at each point, taken from the top down, gives the number of
 * steps from it.  Hits follow from where the steps land.  So the list is
 * the walk's leaves of the most dice, in the walk's order, and doubles
 * build it on a board changed and restored in place.
 */

/* Make ml->v big enough for want plays, doubling its room as needed.
 * Return 0, or -BG_ENOMEM. */
static int
ml_reserve(bg_movelist *ml, size_t want)
{
	size_t cap = ml->cap ? ml->cap : 64;
	bg_legal *v;

	if (want <= ml->cap)
		return 0;
	while (cap < want)
		cap *= 2;
	if ((v = realloc(ml->v, cap * sizeof *v)) == NULL)
		return -BG_ENOMEM;
	ml->v = v;
	ml->cap = cap;
	return 0;
}

/* Keep the play p, which uses p->n dice and ends on board b, when no
 * kept play uses more dice (dropping those that use fewer).  This is
 * gen_leaf without its hash of the boards already seen. */
static void
dbl_leaf(struct gen *g, const bg_board *b, const bg_play *p)
{
	bg_legal *l;

	if (p->n < g->best || g->err)
		return;
	if (p->n > g->best) {
		g->ml->n = 0;
		g->best = p->n;
	}
	if (ml_reserve(g->ml, g->ml->n + 1) < 0) {
		g->err = -BG_ENOMEM;
		return;
	}
	l = &g->ml->v[g->ml->n++];
	l->play = *p;
	l->after = *b;
}

/* Return the number of the highest bit set in x, which must not be 0. */
static inline int
top_bit(uint32_t x)
{
#if defined(__GNUC__)
	return 31 ^ __builtin_clz(x);	/* a single bsr */
#else
	int b = 0;

	while (x >>= 1)
		b++;
	return b;
#endif
}

/*
 * The points a double may try from, maxsrc and below, as bits: where
 * the mover has a checker free to move (mov: me[f] > frozen[f]) and
 * the step lands on a point not blocked or may bear off (src).  With a
 * checker on the bar, the bar only.
 */
static inline uint32_t
dbl_srcs(uint32_t src, const unsigned char *me, uint32_t mov, int maxsrc)
{
	uint32_t m = mov & src & ((2u << maxsrc) - 1);

	return me[25] ? m & 1u << 25 : m;
}

/*
 * May a checker on f bear off with die d (f <= d)?  turn_stepcheck
 * for a source dbl_srcs gave: free to move, the bar empty.
 */
static inline int
dbl_bearoff(const unsigned char *me, int f, int d)
{
	int p;

	if (rules_outside(me))
		return 0;
	for (p = f + 1; f < d && p <= 6; p++)
		if (me[p])
			return 0;
	return 1;
}

/*
 * Take points out of the set *m, highest first, until one from which
 * die d can move a checker (bearing off only where dbl_bearoff allows
 * it); put the point the checker lands on in *to and return the point
 * it starts from.  Return -1 when the set runs out first.
 */
static inline int
dbl_next(uint32_t *m, const unsigned char *me, int d, int *to)
{
	int f;

	while (*m != 0) {
		f = top_bit(*m);
		*m ^= 1u << f;
		if (f > d) {
			*to = f - d;
			return f;
		}
		if (dbl_bearoff(me, f, d)) {
			*to = 0;
			return f;
		}
	}
	return -1;
}

/*
 * Make the step from f to to of a double: turn_stepdo() written in
 * line.  Returns whether it hits.
 */
static inline int
dbl_do(struct turn *t, unsigned char *me, unsigned char *op, int f, int to)
{
	int hit = to >= 1 && op[25 - to] == 1;

	me[f]--;
	me[to]++;
	if (hit) {
		op[25 - to] = 0;
		op[25]++;
		if ((t->flags & BG_VF_NOHITRUN) && t->bearing)
			t->frozen[to]++;
	}
	return hit;
}

/* mov after dbl_do(t, me, op, f, to). */
static inline uint32_t
dbl_mov(const struct turn *t, const unsigned char *me, uint32_t mov, int f,
    int to)
{
	return (mov & ~(1u << f | 1u << to)) |
	    (uint32_t)(me[f] > t->frozen[f]) << f |
	    (uint32_t)(me[to] > t->frozen[to]) << to;
}

/*
 * Write the play cur (four dice, the last step not yet filled in) with
 * the last step f to to, and its board, into l.
 */
static inline void
dbl_emit(bg_legal *l, const bg_legal *cur, int s, int f, int to, int hit)
{
	const unsigned char *me = cur->after.pt[s], *op = cur->after.pt[!s];

	*l = *cur;
	l->play.step[3].from = (signed char)f;
	l->play.step[3].to = (signed char)to;
	l->after.pt[s][f] = (unsigned char)(me[f] - 1);
	l->after.pt[s][to] = (unsigned char)(me[to] + 1);
	if (hit) {
		l->play.hit[3] = 1;
		l->after.pt[!s][25 - to] = 0;
		l->after.pt[!s][25] = (unsigned char)(op[25] + 1);
	}
}

/*
 * The last two dice of a double, sources maxsrc and below.  The third
 * step is made on a copy of the board (cur), and each step of the last
 * die from there is a play of four dice, written straight into the list
 * (the first of them empties a list of shorter plays).  The walk keeps
 * only plays of the most dice, and those never see a die number beyond
 * their own, so the rest of *p is left alone.
 */
static void
dbl_tail(struct gen *g, const struct turn *t, bg_play *p, uint32_t mov,
    uint32_t blot, int maxsrc)
{
	const unsigned char *me = t->b.pt[t->s], *cme;
	bg_movelist *ml = g->ml;
	bg_legal cur, *l, *first;
	bg_play q;
	uint32_t m2, m3, b3, src = g->src, low;
	int s = t->s, d = g->die[2], f2, to2, f3, hit, moved = 0;
	int frz = (t->flags & BG_VF_NOHITRUN) && t->bearing;

	low = (2u << d) - 1;		/* sources that bear off */
	cur.play = *p;
	cur.play.n = 4;
	cur.play.die[3] = (unsigned char)d;
	cur.play.hit[3] = 0;
	cme = cur.after.pt[s];
	m2 = dbl_srcs(src, me, mov, maxsrc);
	while (!g->err && (f2 = dbl_next(&m2, me, d, &to2)) >= 0) {
		moved = 1;
		hit = (int)(blot >> f2 & 1);
		cur.play.step[2].from = (signed char)f2;
		cur.play.step[2].to = (signed char)to2;
		cur.play.die[2] = (unsigned char)d;
		cur.play.hit[2] = (unsigned char)hit;
		cur.after = t->b;
		cur.after.pt[s][f2]--;
		cur.after.pt[s][to2]++;
		if (hit) {
			cur.after.pt[!s][25 - to2] = 0;
			cur.after.pt[!s][25]++;
		}
		/* mov after the step, as dbl_mov, the hitter frozen. */
		m3 = mov | 1u << to2;
		if (frz)
			m3 = (mov & ~(1u << f2 | 1u << to2)) |
			    (uint32_t)(cme[f2] > t->frozen[f2]) << f2 |
			    (uint32_t)(cme[to2] > t->frozen[to2] + hit) << to2;
		else if (cme[f2] == 0)
			m3 &= ~(1u << f2);
		m3 = dbl_srcs(src, cme, m3, f2);
		b3 = blot & ~((uint32_t)hit << f2);
		if (ml_reserve(ml, ml->n + 25) < 0) {
			g->err = -BG_ENOMEM;
			return;
		}
		first = l = ml->v + (g->best < 4 ? 0 : ml->n);
		for (; m3 & ~low; l++) {
			f3 = top_bit(m3);
			m3 ^= 1u << f3;
			dbl_emit(l, &cur, s, f3, f3 - d, (int)(b3 >> f3 & 1));
		}
		while (m3) {
			f3 = top_bit(m3);
			m3 ^= 1u << f3;
			if (dbl_bearoff(cme, f3, d))
				dbl_emit(l++, &cur, s, f3, 0, 0);
		}
		if (l != first) {
			g->best = 4;
			ml->n = (size_t)(l - ml->v);
		} else {
			q = cur.play;
			q.n = 3;
			q.die[3] = p->die[3];
			q.hit[3] = p->hit[3];
			dbl_leaf(g, &cur.after, &q);
		}
	}
	if (!moved) {
		p->n = 2;
		dbl_leaf(g, &t->b, p);
	}
}

/*
 * Die number k onwards of a double, from sources maxsrc and below:
 * gen_walk's order and leaves, on t->b changed and restored in place;
 * mov as dbl_srcs takes it.
 */
static void
dbl_walk(struct gen *g, struct turn *t, bg_play *p, int k, uint32_t mov,
    uint32_t blot, int maxsrc)
{
	unsigned char *me = t->b.pt[t->s], *op = t->b.pt[!t->s];
	uint32_t m;
	int d = g->die[k], f, to, hit, moved = 0;

	if (k == 2) {
		dbl_tail(g, t, p, mov, blot, maxsrc);
		return;
	}
	m = dbl_srcs(g->src, me, mov, maxsrc);
	while ((f = dbl_next(&m, me, d, &to)) >= 0) {
		p->step[k].from = (signed char)f;
		p->step[k].to = (signed char)to;
		p->die[k] = (unsigned char)d;
		moved = 1;
		hit = dbl_do(t, me, op, f, to);
		p->hit[k] = (unsigned char)hit;
		dbl_walk(g, t, p, k + 1, dbl_mov(t, me, mov, f, to),
		    blot & ~((uint32_t)hit << f), f);
		turn_stepundo(t, f, to, hit);
	}
	if (!moved) {
		p->n = k;
		dbl_leaf(g, &t->b, p);
	}
}

static int
pips_of(const bg_play *p)
{
	int i, n = 0;

	for (i = 0; i < p->n; i++)
		n += p->step[i].from - p->step[i].to;
	return n;
}

/*
 * The order of the list as one number: the steps sorted high to low
 * (by source, then destination), ten bits each, the first in the
 * highest bits.  The highest play comes first.
 */
static uint64_t
play_key(const bg_play *p)
{
	int f[4] = { 0, 0, 0, 0 }, t[4] = { 0, 0, 0, 0 }, i, j;
	uint64_t k = 0;

	/* The walk mostly makes the steps in this order already. */
	for (i = 1; i < p->n; i++)
		if (p->step[i - 1].from < p->step[i].from ||
		    (p->step[i - 1].from == p->step[i].from &&
		    p->step[i - 1].to < p->step[i].to))
			break;
	if (i >= p->n) {
		for (i = 0; i < 4; i++) {
			k <<= 10;
			if (i < p->n)
				k |= (uint64_t)p->step[i].from << 5 |
				    (uint64_t)p->step[i].to;
		}
		return k;
	}
	for (i = 0; i < p->n; i++) {
		int sf = p->step[i].from, st = p->step[i].to;

		for (j = i; j > 0 && (f[j - 1] < sf || (f[j - 1] == sf &&
		    t[j - 1] < st)); j--) {
			f[j] = f[j - 1];
			t[j] = t[j - 1];
		}
		f[j] = sf;
		t[j] = st;
	}
	for (i = 0; i < 4; i++)
		k = k << 10 | (uint64_t)f[i] << 5 | (uint64_t)t[i];
	return k;
}

/*
 * Sort the list by play_key, larger first.  Insertion sort: the walk
 * lists doubles in this order already, and other rolls have few plays.
 * Keys are distinct (equal steps make equal positions, listed once), so
 * the order is total.
 */
static int
sort_plays(bg_movelist *ml)
{
	size_t i, j;

	if (ml->n > ml->kcap) {
		uint64_t *k = realloc(ml->key, ml->cap * sizeof *k);

		if (k == NULL)
			return -BG_ENOMEM;
		ml->key = k;
		ml->kcap = ml->cap;
	}
	for (i = 0; i < ml->n; i++) {
		uint64_t k = play_key(&ml->v[i].play);
		bg_legal l;

		if (i == 0 || ml->key[i - 1] >= k) {
			ml->key[i] = k;
			continue;
		}
		l = ml->v[i];
		for (j = i; j > 0 && ml->key[j - 1] < k; j--) {
			ml->key[j] = ml->key[j - 1];
			ml->v[j] = ml->v[j - 1];
		}
		ml->key[j] = k;
		ml->v[j] = l;
	}
	return 0;
}

int
bg_rules_legal(bg_movelist *ml, const bg_board *b, int s, const int d[2],
    bg_variant v)
{
	struct gen g;
	struct turn t;
	bg_play p;
	size_t i, keep;
	uint32_t mov, blot;
	int hi, lo;

	if (ml == NULL || b == NULL || s < 0 || s > 1 || d[0] < 1 ||
	    d[0] > 6 || d[1] < 1 || d[1] > 6 || bg_variant_get(v) == NULL)
		return -BG_EINVAL;
	memset(&g, 0, sizeof g);
	memset(&p, 0, sizeof p);
	g.ml = ml;
	turn_init(&t, b, s, v);
	hi = d[0] > d[1] ? d[0] : d[1];
	lo = d[0] > d[1] ? d[1] : d[0];
	if (hi == lo) {
		g.doubles = 1;
		g.ndice = 4;
		g.die[0] = g.die[1] = g.die[2] = g.die[3] = hi;
		/*
		 * Steps landing on a point the opponent does not block, or
		 * bearing off (turn_stepcheck decides).  Hits only empty
		 * points: the blocks stay for the turn.
		 */
		g.src = (2u << hi) - 2;
		for (mov = blot = 0, i = 1; i <= 25; i++) {
			if (i > (size_t)hi && t.b.pt[!s][25 - (i - hi)] < 2)
				g.src |= 1u << i;
			if (i > (size_t)hi && t.b.pt[!s][25 - (i - hi)] == 1)
				blot |= 1u << i;
			if (t.b.pt[s][i])
				mov |= 1u << i;
		}
		ml->n = 0;
		dbl_walk(&g, &t, &p, 0, mov, blot, 25);
	} else {
		ml_clear(ml);
		/* Larger die first, so a one-die play keeps the larger. */
		g.ndice = 2;
		g.die[0] = hi;
		g.die[1] = lo;
		gen_walk(&g, &t, &p, 0);
		g.die[0] = lo;
		g.die[1] = hi;
		gen_walk(&g, &t, &p, 0);
	}
	if (g.err)
		return g.err;
	if (g.best == 0) {
		ml->n = 0;
		return 0;
	}
	keep = ml->n;
	if (g.best == 1 && hi != lo) {
		/* One die only: the larger when it can be played. */
		for (i = 0; i < ml->n; i++)
			if (ml->v[i].play.die[0] == hi)
				break;
		if (i < ml->n) {
			for (i = keep = 0; i < ml->n; i++)
				if (ml->v[i].play.die[0] == hi)
					ml->v[keep++] = ml->v[i];
		}
	}
	if ((t.flags & BG_VF_MOSTPIPS) && t.bearing) {
		int most = 0, n;

		for (i = 0; i < keep; i++)
			if ((n = pips_of(&ml->v[i].play)) > most)
				most = n;
		for (i = 0, n = 0; i < keep; i++)
			if (pips_of(&ml->v[i].play) == most)
				ml->v[n++] = ml->v[i];
		keep = (size_t)n;
	}
	/*
	 * The hash serves gen_walk only: ml_clear empties it next time.
	 * Doubles need no sort: the walk takes sources from high to low
	 * and never above the last one, and a step's destination follows
	 * from its source, so it lists their plays in order already.
	 */
	ml->n = keep;
	if (!g.doubles && sort_plays(ml) < 0)
		return -BG_ENOMEM;
	return (int)ml->n;
}

/* --------------------------------------------------- checking a play */

/*
 * The largest number of dice any play uses, and whether a one-die play
 * can use the larger die, by enumeration.  Only called when a play
 * leaves dice over, so it stays off the common path.
 */
int
rules_example(bg_play *ex, int *most, int *pips, const bg_board *b, int s,
    const int d[2], bg_variant v)
{
	bg_movelist *ml = bg_movelist_new();
	const bg_legal *l;
	int n;

	if (ml == NULL)
		return -BG_ENOMEM;
	if ((n = bg_rules_legal(ml, b, s, d, v)) < 0) {
		bg_movelist_free(ml);
		return n;
	}
	*most = 0;
	*pips = 0;
	if (n > 0) {
		l = bg_movelist_get(ml, 0);
		*ex = l->play;
		*most = l->play.n;
		*pips = pips_of(&l->play);
	}
	bg_movelist_free(ml);
	return n;
}

/*
 * The most dice any play uses from here, the search of gen_walk without
 * its list: it stops as soon as a play uses them all.
 */
static int
most_walk(const struct turn *t, const int *die, int ndice, int doubles,
    int k, int maxsrc)
{
	int f, to, point, m, best = k;

	if (k == ndice)
		return k;
	for (f = maxsrc; f >= 1; f--) {
		struct turn nt;

		if (t->b.pt[t->s][f] == 0 ||
		    turn_stepcheck(t, f, die[k], &to, &point) < 0)
			continue;
		nt = *t;
		turn_stepdo(&nt, f, to);
		m = most_walk(&nt, die, ndice, doubles, k + 1,
		    doubles ? f : 25);
		if (m > best && (best = m) == ndice)
			break;
		if (t->b.pt[t->s][25] && f == 25)
			break;	/* the bar is the only source */
	}
	return best;
}

/* Can a checker move with die d alone? */
static int
hi_moves(const struct turn *t, int d)
{
	int f, to, point;

	for (f = 25; f >= 1; f--)
		if (t->b.pt[t->s][f] &&
		    turn_stepcheck(t, f, d, &to, &point) == 0)
			return 1;
	return 0;
}

/*
 * Judge a complete candidate play: all steps legal, now check that it
 * uses as many dice as possible, the larger die, and the most pips.
 * A play that passes needs no list of plays: the most dice usable, and
 * whether the larger die alone can move, come from most_walk, as
 * bg_rules_legal's list would give them; only a failing play (or a
 * most-pips variant while bearing off) lists the plays, for an example.
 */
int
rules_finish(bg_verdict *vd, const struct turn *start, const int d[2],
    bg_variant v)
{
	int ndice = d[0] == d[1] ? 4 : 2, n, most, pips;
	int hi = d[0] > d[1] ? d[0] : d[1];
	bg_play ex;

	if (vd->play.n == ndice && !((start->flags & BG_VF_MOSTPIPS) &&
	    start->bearing))
		return 0;
	if (!((start->flags & BG_VF_MOSTPIPS) && start->bearing)) {
		int die[4] = { hi, d[0] + d[1] - hi, hi, hi };

		most = most_walk(start, die, ndice, ndice == 4, 0, 25);
		if (most < ndice && ndice == 2) {
			die[0] = die[1];
			die[1] = hi;
			n = most_walk(start, die, 2, 0, 0, 25);
			most = n > most ? n : most;
		}
		if (vd->play.n >= most && !(vd->play.n == 1 && ndice == 2 &&
		    vd->play.die[0] != hi && hi_moves(start, hi)))
			return 0;
	}
	if ((n = rules_example(&ex, &most, &pips, &start->b, start->s, d,
	    v)) < 0)
		return -(vd->code = -n);
	if (n == 0)
		return 0;
	if (vd->play.n < most) {
		vd->code = vd->play.n ? BG_EFEWDICE : BG_ENOPLAY;
	} else if (vd->play.n == 1 && ndice == 2 && vd->play.die[0] != hi &&
	    ex.die[0] == hi) {
		vd->code = BG_ELARGER;
	} else if ((start->flags & BG_VF_MOSTPIPS) && start->bearing &&
	    pips_of(&vd->play) < pips) {
		vd->code = BG_EMOSTPIPS;
	} else
		return 0;
	vd->point = -1;
	vd->has_example = 1;
	vd->example = ex;
	return -vd->code;
}

/*
 * Try the steps of p in every order and every assignment of dice; the
 * first legal arrangement wins.  *best records how far the best failing
 * arrangement got, and its error.
 */
struct chk {
	const bg_play	*p;
	int		 dice[4], ndice;
	int		 used;		/* bit mask of dice used */
	int		 done;		/* bit mask of steps made */
	bg_play		 out;
	int		 depth, err, errpoint;
	int		 found;
	bg_board	 after;
};

static void
chk_walk(struct chk *c, const struct turn *t, int k)
{
	int i, j, to, point, rc;

	if (c->found)
		return;
	if (k == c->p->n) {
		c->found = 1;
		c->out.n = k;
		c->after = t->b;
		return;
	}
	for (i = 0; i < c->p->n && !c->found; i++) {
		int f = c->p->step[i].from, want = c->p->step[i].to;

		if (c->done & (1 << i))
			continue;
		for (j = 0; j < c->ndice && !c->found; j++) {
			int d = c->dice[j];
			struct turn nt;

			if (c->used & (1 << j))
				continue;
			if (j > 0 && c->dice[j - 1] == d &&
			    !(c->used & (1 << (j - 1))))
				continue;	/* same die value, tried */
			if (c->p->die[i] && c->p->die[i] != d)
				continue;
			if (want > 0 ? f - d != want : f - d > 0)
				continue;
			rc = turn_stepcheck(t, f, d, &to, &point);
			if (rc < 0) {
				if (k > c->depth) {
					c->depth = k;
					c->err = rc;
					c->errpoint = point;
				}
				continue;
			}
			nt = *t;
			c->out.step[k].from = (signed char)f;
			c->out.step[k].to = (signed char)to;
			c->out.die[k] = (unsigned char)d;
			c->out.hit[k] = (unsigned char)turn_stepdo(&nt, f, to);
			c->used |= 1 << j;
			c->done |= 1 << i;
			chk_walk(c, &nt, k + 1);
			c->used &= ~(1 << j);
			c->done &= ~(1 << i);
		}
	}
}

int
bg_rules_check(bg_verdict *vd, const bg_board *b, int s, const int d[2],
    bg_variant v, const bg_play *p)
{
	struct turn t;
	struct chk c;
	int i;

	memset(vd, 0, sizeof *vd);
	vd->point = -1;
	vd->play = *p;
	if (b == NULL || p == NULL || s < 0 || s > 1 || p->n < 0 ||
	    p->n > 4 || d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6 ||
	    bg_variant_get(v) == NULL)
		return -(vd->code = BG_EINVAL);
	turn_init(&t, b, s, v);
	memset(&c, 0, sizeof c);
	c.p = p;
	c.ndice = d[0] == d[1] ? 4 : 2;
	for (i = 0; i < c.ndice; i++)
		c.dice[i] = d[i & 1];
	if (c.dice[0] < c.dice[1]) {
		c.dice[0] = d[1];
		c.dice[1] = d[0];
	}
	if (p->n > c.ndice)
		return -(vd->code = BG_EDICE);
	for (i = 0; i < p->n; i++)
		if (p->step[i].from < 1 || p->step[i].from > 25 ||
		    p->step[i].to < 0 || p->step[i].to >= p->step[i].from)
			return -(vd->code = BG_EINVAL);
	c.depth = -1;
	c.err = -BG_EDICE;
	chk_walk(&c, &t, 0);
	if (!c.found) {
		vd->code = -c.err;
		vd->point = c.depth >= 0 ? c.errpoint : -1;
		return c.err;
	}
	vd->play = c.out;
	vd->after = c.after;
	return rules_finish(vd, &t, d, v);
}
