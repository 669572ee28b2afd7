/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_legal.c: bg_rules_legal against a reference, the generator as it
 * was before its fast paths (the walk over copies of the turn, every
 * play through the hash, the sort), copied here under other names.  The
 * two must give the same lists: count, order, and each play and board
 * byte for byte (steps, dice, hits, the steps a shorter play left over).
 * Positions: the worst the benchmark knows, hand-made bar and bear-off
 * cases, random boards of several shapes and the positions of random
 * games, in every variant, for both sides and all 36 rolls.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "t.h"

/* ------------------------------------------------ the reference copy */

struct ref_turn {
	bg_board	b;
	int		s;
	unsigned	flags;
	int		bearing;
	unsigned char	frozen[26];
};

static int
ref_outside(const unsigned char *me)
{
	int p;

	for (p = 7; p <= 25; p++)
		if (me[p])
			return 1;
	return 0;
}

static void
ref_turn_init(struct ref_turn *t, const bg_board *b, int s, bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);

	t->b = *b;
	t->s = s;
	t->flags = vi ? vi->flags : 0;
	t->bearing = !ref_outside(t->b.pt[t->s]);
	memset(t->frozen, 0, sizeof t->frozen);
}

static int
ref_stepcheck(const struct ref_turn *t, int f, int d, int *to)
{
	const unsigned char *me = t->b.pt[t->s];
	const unsigned char *op = t->b.pt[!t->s];
	int dest = f - d, p;

	if (f < 1 || f > 25 || d < 1 || d > 6)
		return -1;
	if (me[f] <= t->frozen[f])
		return -1;
	if (f != 25 && me[25])
		return -1;
	if (dest >= 1) {
		if (op[25 - dest] >= 2)
			return -1;
		*to = dest;
		return 0;
	}
	if (ref_outside(me))
		return -1;
	if (dest < 0)
		for (p = f + 1; p <= 6; p++)
			if (me[p])
				return -1;
	*to = 0;
	return 0;
}

static int
ref_stepdo(struct ref_turn *t, int f, int to)
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

struct ref_list {
	bg_legal	*v;
	size_t		 n, cap;
	unsigned	*hash;
	size_t		 hcap;
	uint64_t	*key;
	size_t		 kcap;
};

static unsigned long long
ref_boardhash(const bg_board *b)
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
ref_clear(struct ref_list *ml)
{
	ml->n = 0;
	if (ml->hash)
		memset(ml->hash, 0, ml->hcap * sizeof *ml->hash);
}

static int
ref_rehash(struct ref_list *ml, size_t hcap)
{
	unsigned *h = calloc(hcap, sizeof *h);
	size_t i, j;

	if (h == NULL)
		return -1;
	for (i = 0; i < ml->n; i++) {
		j = ref_boardhash(&ml->v[i].after) & (hcap - 1);
		while (h[j])
			j = (j + 1) & (hcap - 1);
		h[j] = (unsigned)i + 1;
	}
	free(ml->hash);
	ml->hash = h;
	ml->hcap = hcap;
	return 0;
}

static int
ref_add(struct ref_list *ml, const bg_play *p, const bg_board *after)
{
	size_t j;

	if (ml->n * 2 >= ml->hcap && ref_rehash(ml,
	    ml->hcap ? ml->hcap * 2 : 256) < 0)
		return -1;
	if (ml->n == ml->cap) {
		size_t cap = ml->cap ? ml->cap * 2 : 64;
		bg_legal *v = realloc(ml->v, cap * sizeof *v);

		if (v == NULL)
			return -1;
		ml->v = v;
		ml->cap = cap;
	}
	j = ref_boardhash(after) & (ml->hcap - 1);
	while (ml->hash[j]) {
		if (memcmp(&ml->v[ml->hash[j] - 1].after, after,
		    sizeof *after) == 0)
			return 0;
		j = (j + 1) & (ml->hcap - 1);
	}
	ml->v[ml->n].play = *p;
	ml->v[ml->n].after = *after;
	ml->hash[j] = (unsigned)++ml->n;
	return 0;
}

struct ref_gen {
	struct ref_list	*ml;
	int		 die[4];
	int		 ndice;
	int		 doubles;
	int		 best;
	int		 err;
};

static void
ref_leaf(struct ref_gen *g, const struct ref_turn *t, const bg_play *p)
{
	if (p->n < g->best || g->err)
		return;
	if (p->n > g->best) {
		ref_clear(g->ml);
		g->best = p->n;
	}
	if (ref_add(g->ml, p, &t->b) < 0)
		g->err = -1;
}

static void
ref_walk(struct ref_gen *g, const struct ref_turn *t, bg_play *p, int k,
    int maxsrc)
{
	int f, to, d, moved = 0;

	if (k < g->ndice) {
		d = g->die[k];
		for (f = maxsrc; f >= 1; f--) {
			struct ref_turn nt;

			if (t->b.pt[t->s][f] == 0 ||
			    ref_stepcheck(t, f, d, &to) < 0)
				continue;
			p->step[k].from = (signed char)f;
			p->step[k].to = (signed char)to;
			p->die[k] = (unsigned char)d;
			p->n = k + 1;
			moved = 1;
			nt = *t;
			/* Tavla's frozen checkers do not outlive the play. */
			p->hit[k] = (unsigned char)ref_stepdo(&nt, f, to);
			if (k + 1 == g->ndice) {
				bg_play q = *p;

				ref_leaf(g, &nt, &q);
			} else
				ref_walk(g, &nt, p, k + 1, g->doubles ? f : 25);
			if (t->b.pt[t->s][25] && f == 25)
				break;
		}
	}
	if (!moved) {
		p->n = k;
		ref_leaf(g, t, p);
	}
}

static int
ref_pips(const bg_play *p)
{
	int i, n = 0;

	for (i = 0; i < p->n; i++)
		n += p->step[i].from - p->step[i].to;
	return n;
}

static uint64_t
ref_key(const bg_play *p)
{
	int f[4] = { 0, 0, 0, 0 }, t[4] = { 0, 0, 0, 0 }, i, j;
	uint64_t k = 0;

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

static int
ref_sort(struct ref_list *ml)
{
	size_t i, j;

	if (ml->n > ml->kcap) {
		uint64_t *k = realloc(ml->key, ml->cap * sizeof *k);

		if (k == NULL)
			return -1;
		ml->key = k;
		ml->kcap = ml->cap;
	}
	for (i = 0; i < ml->n; i++) {
		uint64_t k = ref_key(&ml->v[i].play);
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

static int
ref_legal(struct ref_list *ml, const bg_board *b, int s, const int d[2],
    bg_variant v)
{
	struct ref_gen g;
	struct ref_turn t;
	bg_play p;
	size_t i, keep;
	int hi, lo;

	ref_clear(ml);
	memset(&g, 0, sizeof g);
	memset(&p, 0, sizeof p);
	g.ml = ml;
	ref_turn_init(&t, b, s, v);
	hi = d[0] > d[1] ? d[0] : d[1];
	lo = d[0] > d[1] ? d[1] : d[0];
	if (hi == lo) {
		g.doubles = 1;
		g.ndice = 4;
		g.die[0] = g.die[1] = g.die[2] = g.die[3] = hi;
		ref_walk(&g, &t, &p, 0, 25);
	} else {
		g.ndice = 2;
		g.die[0] = hi;
		g.die[1] = lo;
		ref_walk(&g, &t, &p, 0, 25);
		g.die[0] = lo;
		g.die[1] = hi;
		ref_walk(&g, &t, &p, 0, 25);
	}
	if (g.err)
		return g.err;
	if (g.best == 0) {
		ref_clear(ml);
		return 0;
	}
	keep = ml->n;
	if (g.best == 1 && hi != lo) {
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
			if ((n = ref_pips(&ml->v[i].play)) > most)
				most = n;
		for (i = 0, n = 0; i < keep; i++)
			if (ref_pips(&ml->v[i].play) == most)
				ml->v[n++] = ml->v[i];
		keep = (size_t)n;
	}
	ml->n = keep;
	if (!g.doubles && ref_sort(ml) < 0)
		return -1;
	return (int)ml->n;
}

/* ------------------------------------------------------- the comparison */

static unsigned long long seed = 0x2545f4914f6cdd1dULL;

static int
below(int n)
{
	return t_below(&seed, n);
}

static struct ref_list ref;
static bg_movelist *ml;
static long lists, plays, bad;

/* Both generators on b for side s, every roll: the same lists. */
static void
compare(const bg_board *b, int s, bg_variant v)
{
	int d[2], n1, n2, same;
	size_t i;

	for (d[0] = 1; d[0] <= 6; d[0]++)
		for (d[1] = 1; d[1] <= 6; d[1]++) {
			n1 = ref_legal(&ref, b, s, d, v);
			n2 = bg_rules_legal(ml, b, s, d, v);
			same = n1 == n2 && (size_t)n2 ==
			    bg_movelist_count(ml);
			for (i = 0; same && i < ref.n; i++)
				same = memcmp(&ref.v[i],
				    bg_movelist_get(ml, i),
				    sizeof ref.v[i]) == 0;
			if (!same)
				bad++;
			if (!same && bad <= 5) {
				char id[32];

				bg_posid_encode(id, sizeof id, b, s);
				fprintf(stderr, "  %s side %d dice %d%d "
				    "variant %d: %d plays, want %d\n", id, s,
				    d[0], d[1], (int)v, n2, n1);
			}
			lists++;
			plays += n1;
		}
}

/*
 * A random board: side 0 and side 1 each get n checkers, some borne
 * off, some on the bar, the rest on points drawn from lo to hi of the
 * side's own numbering, never on a point the other side holds.
 */
static void
random_board(bg_board *b, int n, const int lo[2], const int hi[2],
    int bar, int off)
{
	int s, c, p, tries;

	memset(b, 0, sizeof *b);
	for (s = 0; s < 2; s++)
		for (c = 0; c < n; c++) {
			if (below(100) < off) {
				b->pt[s][0]++;
				continue;
			}
			if (below(100) < bar) {
				b->pt[s][25]++;
				continue;
			}
			for (tries = 0; tries < 50; tries++) {
				p = lo[s] + below(hi[s] - lo[s] + 1);
				if (b->pt[!s][25 - p] == 0)
					break;
			}
			if (tries == 50)
				b->pt[s][0]++;
			else
				b->pt[s][p]++;
		}
}

/* Random games: every position met, both generators, then a random play. */
static void
games(bg_variant v, int count)
{
	bg_board b;
	int g, s, turns, d[2], n;

	for (g = 0; g < count; g++) {
		bg_board_start(&b, v);
		s = below(2);
		for (turns = 0; turns < 400; turns++) {
			if (bg_board_pips(&b, 0) == 0 ||
			    bg_board_pips(&b, 1) == 0)
				break;
			if (below(8) == 0)
				compare(&b, s, v);
			d[0] = 1 + below(6);
			d[1] = 1 + below(6);
			n = bg_rules_legal(ml, &b, s, d, v);
			if (n > 0)
				b = bg_movelist_get(ml,
				    (size_t)below(n))->after;
			s = !s;
		}
	}
}

int
main(void)
{
	static const char *const ids[] = {
		"AAAA/3+UklJKKQ",	/* the worst: 2,226 plays of 1-1 */
		"4HPwATDgc/ABMA",	/* the start */
		"AAAAAAAAAAAAAA",	/* nobody left */
	};
	static const struct {
		int lo[2], hi[2], bar, off;
	} shapes[] = {
		{ { 1, 1 }, { 24, 24 }, 5, 5 },		/* anywhere */
		{ { 1, 1 }, { 6, 24 }, 0, 20 },		/* bearing off */
		{ { 1, 1 }, { 6, 12 }, 0, 30 },
		{ { 1, 1 }, { 9, 24 }, 2, 10 },		/* nearly home */
		{ { 1, 13 }, { 24, 24 }, 25, 0 },	/* the bar */
		{ { 1, 19 }, { 6, 24 }, 3, 40 },	/* a race */
		{ { 1, 1 }, { 24, 6 }, 30, 0 },		/* a closed board */
	};
	bg_board b;
	size_t i, k;
	int s, v, r;

	if ((ml = bg_movelist_new()) == NULL)
		return 2;
	for (v = 0; v < BG_VARIANT_COUNT; v++) {
		for (i = 0; i < sizeof ids / sizeof ids[0]; i++)
			for (s = 0; s < 2; s++) {
				CHECK_INT(bg_posid_decode(&b, ids[i],
				    strlen(ids[i]), s, BG_VARIANT_STANDARD), 0);
				compare(&b, s, (bg_variant)v);
			}
		for (k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
			for (r = 0; r < 150; r++) {
				random_board(&b, 3 + below(13), shapes[k].lo,
				    shapes[k].hi, shapes[k].bar,
				    shapes[k].off);
				compare(&b, below(2), (bg_variant)v);
			}
		/* Fifteen checkers on fifteen points, like the worst. */
		for (r = 0; r < 20; r++) {
			static const int lo[2] = { 1, 1 }, hi[2] = { 24, 24 };

			random_board(&b, 15, lo, hi, 0, 0);
			compare(&b, below(2), (bg_variant)v);
		}
		games((bg_variant)v, 40);
	}
	/* One check per list would flood the log when something breaks. */
	CHECK_INT(bad, 0);
	CHECK(lists > 250000 && plays > 4000000);
	printf("test_legal: %ld lists, %ld plays compared\n", lists, plays);
	free(ref.v);
	free(ref.hash);
	free(ref.key);
	bg_movelist_free(ml);
	T_DONE("test_legal");
}
