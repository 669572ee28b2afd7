/*
 * test_fast.c: the fast paths of the notation parser and the resolver
 * against the general code they shortcut.  Random legal games in four
 * variants; for every roll, texts that are the right play (steps in
 * order, shuffled, with stars right and wrong), another roll's play, a
 * dance, the consolidated display notation and a corrupted step.  Each
 * text must parse to the same notation as its copy with doubled blanks
 * (which the fast scanner leaves to the general one), and resolve to the
 * same bytes with and without the fast cases (resolve_search).  And
 * bg_rules_check, which judges the dice count without a list of plays
 * when a play passes, must pass exactly the plays whose result is in
 * bg_rules_legal's list: every legal play, and of its shorter prefixes
 * only those reaching a listed position.  The lists must be in their
 * documented order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "rules_int.h"
#include "t.h"

#define GAMES	160

static unsigned long long seed = 88172645463325252ULL;

static int
below(int n)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (int)((seed >> 11) % (unsigned long long)n);
}

/*
 * The order bg_rules_legal promises: steps sorted high to low (source,
 * then destination), plays compared step by step, the highest first.
 * Returns 1 when x may come before y.
 */
static int
in_order(const bg_play *x, const bg_play *y)
{
	int f[2][4], t[2][4], i, j, k;

	for (k = 0; k < 2; k++) {
		const bg_play *p = k ? y : x;

		for (i = 0; i < 4; i++)
			f[k][i] = t[k][i] = 0;
		for (i = 0; i < p->n; i++) {
			int sf = p->step[i].from, st = p->step[i].to;

			for (j = i; j > 0 && (f[k][j - 1] < sf ||
			    (f[k][j - 1] == sf && t[k][j - 1] < st)); j--) {
				f[k][j] = f[k][j - 1];
				t[k][j] = t[k][j - 1];
			}
			f[k][j] = sf;
			t[k][j] = st;
		}
	}
	for (i = 0; i < 4; i++) {
		if (f[0][i] != f[1][i])
			return f[0][i] > f[1][i];
		if (t[0][i] != t[1][i])
			return t[0][i] > t[1][i];
	}
	return 1;
}

/* Steps of p in .mat style, in the order ord[], stars as given. */
static void
plain(char *buf, size_t size, const bg_play *p, const int *ord,
    const unsigned char *star)
{
	size_t o = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < p->n && o < size; i++) {
		int k = ord[i];

		o += (size_t)snprintf(buf + o, size - o, "%s%d/%d%s",
		    i ? " " : "", p->step[k].from, p->step[k].to,
		    star[k] ? "*" : "");
	}
}

static int failures;

/* One text: parse it two ways, resolve it two ways. */
static void
try_text(const char *text, const bg_board *b, int s, const int d[2],
    bg_variant v)
{
	char wide[128];
	bg_notation n1, n2;
	bg_resolved r1, r2;
	size_t e1, e2, i, o = 0;
	int rc1, rc2, same;

	for (i = 0; text[i] && o + 2 < sizeof wide; i++) {
		wide[o++] = text[i];
		if (text[i] == ' ')
			wide[o++] = ' ';
	}
	wide[o] = '\0';
	rc1 = bg_notation_parse(&n1, text, strlen(text), &e1);
	rc2 = bg_notation_parse(&n2, wide, strlen(wide), &e2);
	same = rc1 == rc2 && (rc1 < 0 || memcmp(&n1, &n2, sizeof n1) == 0);
	CHECK(same);
	if (!same && failures++ < 10)
		fprintf(stderr, "parse \"%s\": %d, \"%s\": %d\n", text, rc1,
		    wide, rc2);
	if (rc1 < 0)
		return;
	memset(&r1, 0x55, sizeof r1);
	memset(&r2, 0xaa, sizeof r2);
	rc1 = bg_notation_resolve(&r1, &n1, b, s, d, v);
	rc2 = resolve_search(&r2, &n1, b, s, d, v);
	same = rc1 == rc2 && memcmp(&r1, &r2, sizeof r1) == 0;
	CHECK(same);
	if (!same && failures++ < 10)
		fprintf(stderr, "resolve \"%s\" (%d%d, side %d, variant %d):"
		    " %d, search %d\n", text, d[0], d[1], s, (int)v, rc1,
		    rc2);
}

int
main(void)
{
	static const bg_variant vs[] = { BG_VARIANT_STANDARD,
	    BG_VARIANT_NACKGAMMON, BG_VARIANT_TAVLA, BG_VARIANT_HYPER3 };
	bg_movelist *ml = bg_movelist_new(), *other = bg_movelist_new();
	char text[128];
	int g, turn, i, j, n, s, d[2], e[2], ord[4];
	unsigned char star[4];

	for (g = 0; g < GAMES; g++) {
		bg_variant v = vs[g % 4];
		bg_board b;

		bg_board_start(&b, v);
		s = below(2);
		for (turn = 0; turn < 400; turn++, s = !s) {
			const bg_legal *l;

			d[0] = 1 + below(6);
			d[1] = 1 + below(6);
			n = bg_rules_legal(ml, &b, s, d, v);
			CHECK(n >= 0);
			if (n < 0)
				break;
			try_text("", &b, s, d, v);
			/* Another roll's play, most often illegal here. */
			e[0] = 1 + below(6);
			e[1] = 1 + below(6);
			if (bg_rules_legal(other, &b, s, e, v) > 0) {
				l = bg_movelist_get(other,
				    (size_t)below((int)bg_movelist_count(other)));
				for (i = 0; i < 4; i++)
					ord[i] = i;
				plain(text, sizeof text, &l->play, ord,
				    l->play.hit);
				try_text(text, &b, s, d, v);
			}
			if (n == 0)
				continue;
			for (i = 1; i < n; i++)
				CHECK(in_order(&bg_movelist_get(ml, i - 1)->play,
				    &bg_movelist_get(ml, i)->play));
			l = bg_movelist_get(ml, (size_t)below(n));
			for (i = 0; i < 4; i++)
				ord[i] = i;
			plain(text, sizeof text, &l->play, ord, l->play.hit);
			try_text(text, &b, s, d, v);
			/* Shuffled, a star moved, a point corrupted. */
			for (i = l->play.n - 1; i > 0; i--) {
				j = below(i + 1);
				int t = ord[i];

				ord[i] = ord[j];
				ord[j] = t;
			}
			memcpy(star, l->play.hit, sizeof star);
			star[below(l->play.n)] ^= 1;
			plain(text, sizeof text, &l->play, ord, l->play.hit);
			try_text(text, &b, s, d, v);
			plain(text, sizeof text, &l->play, ord, star);
			try_text(text, &b, s, d, v);
			{
				bg_play p = l->play;

				p.step[below(p.n)].from += below(2) ? 1 : -1;
				plain(text, sizeof text, &p, ord, star);
				try_text(text, &b, s, d, v);
			}
			bg_play_format(text, sizeof text, &l->play,
			    BG_STYLE_GNUBG);
			try_text(text, &b, s, d, v);
			for (i = 1; i <= l->play.n; i++) {
				bg_play p = l->play;
				bg_verdict vd;
				size_t m;
				int in = 0;

				bg_board after = b;

				p.n = i;
				bg_rules_check(&vd, &b, s, d, v, &p);
				bg_play_apply(&after, s, &p);
				for (m = 0; m < (size_t)n; m++)
					in |= memcmp(&bg_movelist_get(ml,
					    m)->after, &after,
					    sizeof after) == 0;
				/* A shorter bear-off may reach a listed position. */
				CHECK(vd.code == 0 ? in : !in ||
				    vd.code == -BG_EFEWDICE);
				CHECK(i < l->play.n || vd.code == 0);
			}
			b = l->after;
			if (bg_board_checkers(&b, s) == 0)
				break;
		}
	}
	bg_movelist_free(ml);
	bg_movelist_free(other);
	T_DONE("test_fast");
}
