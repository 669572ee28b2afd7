/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * analysis.c: gnubg's analysis properties of an SGF move node, read
 * into the record model's bg_rec_analysis and written from it as gnubg
 * 1.07 writes them: A (the index of the play made, then each candidate
 * in the evaluation form "E ver 3 ..." or the rollout form "X ver 3
 * ..."), MR (candidates marked for a rollout), DA (the cube decision,
 * both forms), CR, LU (luck), GB GW (luck marks), BM DO (the play's or
 * action's mark), BC DC (the cube decision's).  Numbers are read
 * exactly (no strtod: it follows the locale) and written in gnubg's
 * precisions, so a file read and written again says the same.  Used by
 * the SGF and JSON readers and writers (analysis_int.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_int.h"
#include "record_int.h"

void
an_build_init(struct an_build *b)
{
	memset(b, 0, sizeof *b);
}

/* Free the settings strings b owns. */
static void
free_strings(struct an_build *b)
{
	size_t i;

	for (i = 0; i < b->a.ncand; i++)
		free((char *)b->cand[i].eval.settings);
	free((char *)b->a.cube_eval.settings);
}

void
an_build_reset(struct an_build *b)
{
	free_strings(b);
	memset(&b->a, 0, sizeof b->a);
}

void
an_build_fini(struct an_build *b)
{
	free_strings(b);
	free(b->cand);
	memset(b, 0, sizeof *b);
}

int
an_build_any(const struct an_build *b)
{
	return b->a.has != 0 || b->a.ncand != 0 || b->a.skill != 0 ||
	    b->a.cube_skill != 0 || b->a.luck_mark != 0 || b->a.cube_marked;
}

int
an_sgf_is_prop(const char *id)
{
	static const char *const ids[] = {
		"A", "MR", "DA", "CR", "LU", "GB", "GW", "BM", "DO", "BC",
		"DC"
	};
	size_t i;

	for (i = 0; i < sizeof ids / sizeof ids[0]; i++)
		if (strcmp(id, ids[i]) == 0)
			return 1;
	return 0;
}

/* ------------------------------------------------------------ reading */

/* A cursor over one value. */
struct cur {
	const char	*p, *e;
};

static void
blanks(struct cur *c)
{
	while (c->p < c->e && (*c->p == ' ' || *c->p == '\t' ||
	    *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

static int
isdig(int c)
{
	return c >= '0' && c <= '9';
}

/*
 * A decimal number, exactly: its digits as an integer, divided (or
 * multiplied) once by a power of ten, which is exact up to 1e22, so a
 * number of up to 15 digits comes back as the one nearest its text.
 */
static int
num(struct cur *c, double *v)
{
	static const double p10[] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
		1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
		1e21, 1e22
	};
	unsigned long long m = 0;
	int neg = 0, digits = 0, scale = 0, e = 0, eneg = 0, edig = 0;
	double x;

	blanks(c);
	if (c->p < c->e && (*c->p == '-' || *c->p == '+'))
		neg = *c->p++ == '-';
	for (; c->p < c->e && isdig(*c->p); c->p++, digits++)
		if (m < 100000000000000000ULL)
			m = m * 10 + (unsigned)(*c->p - '0');
		else
			scale--;
	if (c->p < c->e && *c->p == '.')
		for (c->p++; c->p < c->e && isdig(*c->p); c->p++, digits++)
			if (m < 100000000000000000ULL) {
				m = m * 10 + (unsigned)(*c->p - '0');
				scale++;
			}
	if (digits == 0)
		return -1;
	if (c->p < c->e && (*c->p == 'e' || *c->p == 'E')) {
		c->p++;
		if (c->p < c->e && (*c->p == '-' || *c->p == '+'))
			eneg = *c->p++ == '-';
		for (; c->p < c->e && isdig(*c->p); c->p++, edig++)
			if (e < 1000)
				e = e * 10 + (*c->p - '0');
		if (edig == 0)
			return -1;
	}
	if (c->p < c->e && *c->p != ' ' && *c->p != '\t' && *c->p != '\n' &&
	    *c->p != '\r')
		return -1;
	scale += eneg ? e : -e;
	x = (double)m;
	for (; scale > 22; scale -= 22)
		x /= p10[22];
	for (; scale < -22; scale += 22)
		x *= p10[22];
	x = scale >= 0 ? x / p10[scale] : x * p10[-scale];
	/*
	 * No figure of an analysis is this large or this small: a
	 * malformed value, and one its writer could not print back
	 * exactly in gnubg's precisions.  The bound is a number each of
	 * those prints as itself, so a value under it never rounds over
	 * it (999999999.9999999 printed "%.6f" is 1000000000.000000);
	 * nine digits before the point and six after are the fifteen a
	 * double holds.  Under 1e-300 the divisions above lose the last
	 * digits of a subnormal.
	 */
	if (!(x <= 1e8) || (x != 0 && x < 1e-300))
		return -1;
	*v = neg ? -x : x;
	return 0;
}

int
an_decimal(const char *s, size_t n, double *v)
{
	struct cur c = { s, s + n };

	if (n == 0 || s[0] == ' ' || num(&c, v) < 0 || c.p != c.e)
		return -1;
	return 0;
}

/* An unsigned integer token. */
static int
unum(struct cur *c, unsigned long *v)
{
	int n = 0;

	blanks(c);
	*v = 0;
	for (; c->p < c->e && isdig(*c->p); c->p++, n++)
		if (*v < 100000000UL)
			*v = *v * 10 + (unsigned long)(*c->p - '0');
		else
			return -1;
	if (n == 0 || (c->p < c->e && *c->p != ' ' && *c->p != '\t' &&
	    *c->p != '\n' && *c->p != '\r'))
		return -1;
	return 0;
}

/* The word w as the next token. */
static int
word(struct cur *c, const char *w)
{
	size_t n = strlen(w);

	blanks(c);
	if ((size_t)(c->e - c->p) < n || memcmp(c->p, w, n) != 0 ||
	    (c->p + n < c->e && c->p[n] != ' ' && c->p[n] != '\t' &&
	    c->p[n] != '\n' && c->p[n] != '\r'))
		return -1;
	c->p += n;
	return 0;
}

static int
nums(struct cur *c, double *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (num(c, &v[i]) < 0)
			return -1;
	return 0;
}

/* Seven outputs (win .. lose_bg, cubeless, cubeful or mwc) into *o. */
static void
outputs(bg_outputs *o, const double v[7], int match)
{
	o->has |= BG_OUT_PROBS | BG_OUT_CUBELESS |
	    (match ? BG_OUT_MWC : BG_OUT_CUBEFUL);
	o->win = v[0];
	o->win_gammon = v[1];
	o->win_bg = v[2];
	o->lose_gammon = v[3];
	o->lose_bg = v[4];
	o->cubeless = v[5];
	if (match)
		o->mwc = v[6];
	else
		o->cubeful = v[6];
}

/*
 * An evaluation's settings: "0C 0 1 0.000000 1" in A (plies, C when
 * cubeful, an unused 0, deterministic, noise, prune), the same without
 * the unused 0 in DA.
 */
static int
ply_settings(struct cur *c, bg_eval *ev, int unused)
{
	unsigned long u, d, pr;
	double noise;

	blanks(c);
	ev->plies = 0;
	if (c->p >= c->e || !isdig(*c->p))
		return -1;
	for (; c->p < c->e && isdig(*c->p) && ev->plies < 100; c->p++)
		ev->plies = ev->plies * 10 + (*c->p - '0');
	ev->cubeful = c->p < c->e && *c->p == 'C';
	if (ev->cubeful)
		c->p++;
	if ((unused && unum(c, &u) < 0) || unum(c, &d) < 0 ||
	    num(c, &noise) < 0 || unum(c, &pr) < 0)
		return -1;
	blanks(c);
	if (c->p != c->e)
		return -1;
	ev->kind = BG_EVAL_PLY;
	ev->deterministic = d != 0;
	ev->prune = pr != 0;
	ev->noise = noise;
	return 0;
}

/* The rest of a rollout from "SK", kept as its settings (a copy). */
static int
rollout_settings(struct cur *c, bg_eval *ev)
{
	size_t n;
	char *s;

	blanks(c);
	n = (size_t)(c->e - c->p);
	if (n < 3 || memcmp(c->p, "SK ", 3) != 0)
		return 1;
	if ((s = malloc(n + 1)) == NULL)
		return -BG_ENOMEM;
	memcpy(s, c->p, n);
	s[n] = '\0';
	ev->kind = BG_EVAL_ROLLOUT;
	ev->settings = s;
	return 0;
}

/* A rollout's outputs and standard errors: "Output ... StdDev ...". */
static int
rollout_outputs(struct cur *c, bg_outputs *o, int match)
{
	double v[7];

	if (word(c, "Output") < 0 || nums(c, v, 7) < 0)
		return -1;
	outputs(o, v, match);
	if (word(c, "StdDev") < 0 || nums(c, o->se, 7) < 0)
		return -1;
	o->has |= BG_OUT_STDERR;
	return 0;
}

/* One candidate of A: "lrqr E ver 3 ..." or "lrqr X ver 3 ...". */
static int
candidate(bg_candidate *k, const char *v, size_t n, int side, int match)
{
	struct cur c = { v, v + n };
	unsigned long trials;
	double x[6];
	int a, b, rc;

	memset(k, 0, sizeof *k);
	for (; c.p < c.e && *c.p != ' '; c.p += 2) {
		if (c.e - c.p < 2 || k->play.n == 4 ||
		    (a = sgf_letter_point(c.p[0], side)) < 0 ||
		    (b = sgf_letter_point(c.p[1], side)) < 0 ||
		    a == BG_OFF || b == BG_BAR)
			return 1;
		k->play.step[k->play.n].from = (signed char)a;
		k->play.step[k->play.n].to = (signed char)b;
		k->play.n++;
	}
	blanks(&c);
	if (c.p == c.e)		/* not evaluated */
		return 0;
	if (word(&c, "E") == 0) {
		if (word(&c, "ver") < 0 || word(&c, "3") < 0 ||
		    nums(&c, x, 6) < 0 || ply_settings(&c, &k->eval, 1) < 0)
			return 1;
		k->out.has = BG_OUT_PROBS;
		k->out.win = x[0];
		k->out.win_gammon = x[1];
		k->out.win_bg = x[2];
		k->out.lose_gammon = x[3];
		k->out.lose_bg = x[4];
		k->has_equity = 1;
		k->equity = x[5];
		return 0;
	}
	if (word(&c, "X") < 0 || word(&c, "ver") < 0 || word(&c, "3") < 0 ||
	    word(&c, "Score") < 0 || nums(&c, x, 2) < 0 ||
	    word(&c, "Trials") < 0 || unum(&c, &trials) < 0 ||
	    rollout_outputs(&c, &k->out, match) < 0)
		return 1;
	k->has_equity = k->has_equity2 = 1;
	k->equity = x[0];
	k->equity2 = x[1];
	if ((rc = rollout_settings(&c, &k->eval)) != 0)
		return rc;
	k->eval.trials = trials;
	return 0;
}

/* A: the index of the play made, then the candidates. */
static int
prop_a(struct an_build *b, const char *const *v, const size_t *len,
    size_t nval, int side, int match)
{
	struct cur c;
	unsigned long played;
	bg_candidate *nc;
	size_t i, cap;
	int rc;

	/* gnubg writes A only with candidates. */
	if (nval < 2)
		return 1;
	c.p = v[0];
	c.e = v[0] + len[0];
	if (unum(&c, &played) < 0 || b->a.ncand > 0)
		return 1;
	blanks(&c);
	if (c.p != c.e || played >= nval - 1)
		return 1;
	if (nval - 1 > b->cap) {
		cap = nval - 1;
		if ((nc = realloc(b->cand, cap * sizeof *nc)) == NULL)
			return -BG_ENOMEM;
		b->cand = nc;
		b->cap = cap;
	}
	for (i = 1; i < nval; i++)
		if ((rc = candidate(&b->cand[i - 1], v[i], len[i], side,
		    match)) != 0) {
			while (i-- > 1)
				free((char *)b->cand[i - 1].eval.settings);
			return rc;
		}
	b->a.ncand = nval - 1;
	b->a.cand = b->cand;
	b->a.has |= BG_AN_MOVE | BG_AN_PLAYED;
	b->a.played = played;
	return 0;
}

/* MR: the candidates marked, counted from 1. */
static int
prop_mr(struct an_build *b, const char *v, size_t n)
{
	struct cur c = { v, v + n };
	unsigned long k;
	size_t i;

	/* Checked whole before any candidate is marked. */
	for (i = 0; i < 2; i++) {
		c.p = v;
		for (blanks(&c); c.p < c.e; blanks(&c)) {
			if (unum(&c, &k) < 0 || k < 1 || k > b->a.ncand)
				return 1;
			if (i == 1)
				b->cand[k - 1].marked = 1;
		}
	}
	return 0;
}

/* DA: the cube decision, "E ver 3 ..." or "X ver 3 Eq ...". */
static int
prop_da(struct an_build *b, const char *v, size_t n, int match)
{
	struct cur c = { v, v + n };
	bg_eval ev;
	bg_outputs o[2];
	unsigned long trials;
	double x[14];
	int rc;

	memset(&ev, 0, sizeof ev);
	memset(o, 0, sizeof o);
	if (b->a.has & BG_AN_CUBE)
		return 1;
	if (word(&c, "E") == 0) {
		if (word(&c, "ver") < 0 || word(&c, "3") < 0)
			return 1;
		/* The settings come first: find the end of the prune flag
		 * by the count of the numbers that follow. */
		{
			struct cur s = c;
			const char *end;
			int k;

			/* Four settings tokens, then fourteen numbers. */
			blanks(&s);
			for (k = 0; k < 4; k++) {
				while (s.p < s.e && *s.p != ' ')
					s.p++;
				blanks(&s);
			}
			end = s.p;
			if (nums(&s, x, 14) < 0)
				return 1;
			blanks(&s);
			if (s.p != s.e)
				return 1;
			s.e = end;
			s.p = c.p;
			/* Trim the blank before the numbers. */
			while (s.e > s.p && s.e[-1] == ' ')
				s.e--;
			if (ply_settings(&s, &ev, 0) < 0)
				return 1;
		}
		outputs(&o[0], x, match);
		outputs(&o[1], x + 7, match);
	} else {
		if (word(&c, "X") < 0 || word(&c, "ver") < 0 ||
		    word(&c, "3") < 0 || word(&c, "Eq") < 0 ||
		    word(&c, "Trials") < 0 || unum(&c, &trials) < 0 ||
		    word(&c, "NoDouble") < 0 ||
		    rollout_outputs(&c, &o[0], match) < 0 ||
		    word(&c, "DoubleTake") < 0 ||
		    rollout_outputs(&c, &o[1], match) < 0)
			return 1;
		if ((rc = rollout_settings(&c, &ev)) != 0)
			return rc;
		ev.trials = trials;
	}
	b->a.cube_eval = ev;
	b->a.cube_out[0] = o[0];
	b->a.cube_out[1] = o[1];
	b->a.has |= BG_AN_CUBE;
	return 0;
}

/* A mark: "" (DO, DC) or "1" "2" (BM, BC, GB, GW). */
static int
mark_value(const char *v, size_t n, int *m)
{
	struct cur c = { v, v + n };
	unsigned long k;

	blanks(&c);
	if (c.p == c.e) {
		*m = 0;
		return 0;
	}
	if (unum(&c, &k) < 0 || k < 1 || k > 2)
		return -1;
	blanks(&c);
	*m = (int)k;
	return c.p == c.e ? 0 : -1;
}

int
an_sgf_prop(struct an_build *b, const char *id, const char *const *v,
    const size_t *len, size_t nval, int side, int match)
{
	struct cur c;
	double x;
	int m;

	if (strcmp(id, "A") == 0)
		return nval == 0 ? 1 : prop_a(b, v, len, nval, side, match);
	if (nval != 1)
		return 1;
	if (strcmp(id, "MR") == 0)
		return prop_mr(b, v[0], len[0]);
	if (strcmp(id, "DA") == 0)
		return prop_da(b, v[0], len[0], match);
	if (strcmp(id, "CR") == 0) {
		/* After its DA, as gnubg writes it. */
		if (!(b->a.has & BG_AN_CUBE))
			return 1;
		b->a.cube_marked = 1;
		return 0;
	}
	if (strcmp(id, "LU") == 0) {
		c.p = v[0];
		c.e = v[0] + len[0];
		/* gnubg 1.08 writes LU[-inf] for a luck it has not: no
		 * figure, kept as written without a word. */
		if ((len[0] == 3 && memcmp(v[0], "inf", 3) == 0) ||
		    (len[0] == 4 && (memcmp(v[0], "-inf", 4) == 0 ||
		    memcmp(v[0], "+inf", 4) == 0)) ||
		    (len[0] == 3 && memcmp(v[0], "nan", 3) == 0) ||
		    (len[0] == 4 && memcmp(v[0], "-nan", 4) == 0))
			return 2;
		if (num(&c, &x) < 0)
			return 1;
		blanks(&c);
		if (c.p != c.e)
			return 1;
		b->a.luck = x;
		b->a.has |= BG_AN_LUCK;
		return 0;
	}
	if (mark_value(v[0], len[0], &m) < 0)
		return 1;
	if (strcmp(id, "DO") == 0 || strcmp(id, "DC") == 0) {
		if (m != 0)
			return 1;
		*(id[1] == 'O' ? &b->a.skill : &b->a.cube_skill) =
		    BG_MARK_DOUBTFUL;
		return 0;
	}
	if (m == 0)
		return 1;
	if (strcmp(id, "BM") == 0 || strcmp(id, "BC") == 0) {
		*(id[1] == 'M' ? &b->a.skill : &b->a.cube_skill) =
		    m == 2 ? BG_MARK_VERYBAD : BG_MARK_BAD;
		return 0;
	}
	/* GB is bad luck for White (side 0), good for Black; GW the other
	 * way round: for the side on roll. */
	if (strcmp(id, "GB") == 0 || strcmp(id, "GW") == 0) {
		b->a.luck_mark = (id[1] == 'W') == (side == 0) ? m : -m;
		return 0;
	}
	return 1;
}

/* ------------------------------------------------- a string of them */

/* Append t[0..n) to *buf. */
static int
put(char **buf, size_t *len, size_t *cap, const char *t, size_t n)
{
	char *p;
	size_t c;

	if (*len + n + 1 > *cap) {
		c = *cap ? *cap : 256;
		while (c < *len + n + 1)
			c *= 2;
		if ((p = realloc(*buf, c)) == NULL)
			return -BG_ENOMEM;
		*buf = p;
		*cap = c;
	}
	memcpy(*buf + *len, t, n);
	*len += n;
	(*buf)[*len] = '\0';
	return 0;
}

/*
 * Find the values of the property at t[*i], note where each lies, and
 * move *i past them.
 */
static size_t
values(const char *t, size_t n, size_t *i, const char **v, size_t *len,
    size_t max)
{
	size_t k = 0, j = *i;

	while (j < n && t[j] == '[') {
		size_t a = ++j;

		while (j < n && t[j] != ']')
			j += t[j] == '\\' && j + 1 < n ? 2 : 1;
		if (j >= n)
			break;
		if (k < max) {
			v[k] = t + a;
			len[k] = j - a;
		}
		k++;
		j++;
	}
	*i = j;
	return k;
}

int
an_sgf_text(struct an_build *b, const char *t, size_t n, int side,
    int match, char **rest, size_t *restlen)
{
	enum { MAXV = 256 };
	const char *v[MAXV];
	size_t len[MAXV], i = 0, s, k, nval, cap = 0;
	char id[8];
	int bad = 0, rc;

	*rest = NULL;
	*restlen = 0;
	while (i < n) {
		s = i;
		for (k = 0; i < n && t[i] >= 'A' && t[i] <= 'Z'; i++, k++)
			if (k < sizeof id - 1)
				id[k] = t[i];
		id[k < sizeof id - 1 ? k : sizeof id - 1] = '\0';
		nval = values(t, n, &i, v, len, MAXV);
		if (i == s) {
			i++;	/* no property: the text is kept as it is */
			rc = 1;
		} else if (k == 0 || k >= sizeof id || nval > MAXV ||
		    !an_sgf_is_prop(id))
			rc = 1;
		else
			rc = an_sgf_prop(b, id, v, len, nval, side, match);
		if (rc < 0)
			goto nomem;
		if (rc > 0) {
			if (rc == 1 && k > 0 && k < sizeof id &&
			    an_sgf_is_prop(id))
				bad = 1;
			if (put(rest, restlen, &cap, t + s, i - s) < 0)
				goto nomem;
		}
	}
	return bad;
nomem:
	free(*rest);
	*rest = NULL;
	return -BG_ENOMEM;
}

/* ------------------------------------------------------------ writing */

/* A number as gnubg prints it (fmt "%.6f", "%.5f", "%.10g"), with a
 * point whatever the locale. */
static int
putnum(char **buf, size_t *len, size_t *cap, const char *fmt, double x)
{
	char t[64];
	int n, i;

	n = snprintf(t, sizeof t, fmt, x);
	if (n < 0 || n >= (int)sizeof t)
		return -BG_ENOMEM;
	for (i = 0; i < n; i++)
		if (t[i] != '-' && t[i] != '+' && t[i] != 'e' &&
		    !isdig(t[i]) && t[i] != 'n' && t[i] != 'a' &&
		    t[i] != 'i' && t[i] != 'f')
			t[i] = '.';
	return put(buf, len, cap, t, (size_t)n);
}

static int
puts_(char **buf, size_t *len, size_t *cap, const char *s)
{
	return put(buf, len, cap, s, strlen(s));
}

/* The last of the seven outputs: mwc in match play, else cubeful. */
static double
last_output(const bg_outputs *o, int match)
{
	return match && (o->has & BG_OUT_MWC) ? o->mwc : o->cubeful;
}

/* The seven outputs, or their standard errors, each after a blank
 * (sep 0) or before one (sep 1), in format fmt. */
static int
put7(char **buf, size_t *len, size_t *cap, const bg_outputs *o, int se,
    int match, int after, const char *fmt)
{
	double x[7];
	int i;

	x[0] = o->win;
	x[1] = o->win_gammon;
	x[2] = o->win_bg;
	x[3] = o->lose_gammon;
	x[4] = o->lose_bg;
	x[5] = o->cubeless;
	x[6] = last_output(o, match);
	for (i = 0; i < 7; i++)
		if ((!after && puts_(buf, len, cap, " ") < 0) ||
		    putnum(buf, len, cap, fmt, se ? o->se[i] : x[i]) < 0 ||
		    (after && puts_(buf, len, cap, " ") < 0))
			return -BG_ENOMEM;
	return 0;
}

/*
 * Read an evaluation's settings, "0C 0 1 0.000000 1"; the 0 that A
 * writes there is not used.
 */
static int
put_ply(char **buf, size_t *len, size_t *cap, const bg_eval *ev,
    int unused)
{
	char t[64];

	snprintf(t, sizeof t, "%d%s%s %d ", ev->plies, ev->cubeful ?
	    "C" : "", unused ? " 0" : "", ev->deterministic);
	if (puts_(buf, len, cap, t) < 0 ||
	    putnum(buf, len, cap, "%.6f", ev->noise) < 0)
		return -BG_ENOMEM;
	return puts_(buf, len, cap, ev->prune ? " 1" : " 0");
}

/* A rollout's "Output ... StdDev ..." of o. */
static int
put_rollout(char **buf, size_t *len, size_t *cap, const bg_outputs *o,
    int match)
{
	if (puts_(buf, len, cap, "Output ") < 0 ||
	    put7(buf, len, cap, o, 0, match, 1, "%.10g") < 0 ||
	    puts_(buf, len, cap, "StdDev ") < 0 ||
	    put7(buf, len, cap, o, 1, match, 1, "%.10g") < 0)
		return -BG_ENOMEM;
	return 0;
}

static int
put_da(char **buf, size_t *len, size_t *cap, const bg_rec_analysis *a,
    int match)
{
	char t[64];

	if (a->cube_eval.kind == BG_EVAL_ROLLOUT) {
		snprintf(t, sizeof t, "DA[X ver 3 Eq Trials %lu NoDouble ",
		    a->cube_eval.trials);
		if (puts_(buf, len, cap, t) < 0 ||
		    put_rollout(buf, len, cap, &a->cube_out[0], match) < 0 ||
		    puts_(buf, len, cap, "DoubleTake ") < 0 ||
		    put_rollout(buf, len, cap, &a->cube_out[1], match) < 0 ||
		    puts_(buf, len, cap, a->cube_eval.settings ?
		    a->cube_eval.settings : "") < 0)
			return -BG_ENOMEM;
	} else if (puts_(buf, len, cap, "DA[E ver 3 ") < 0 ||
	    put_ply(buf, len, cap, &a->cube_eval, 0) < 0 ||
	    put7(buf, len, cap, &a->cube_out[0], 0, match, 0, "%.6f") < 0 ||
	    put7(buf, len, cap, &a->cube_out[1], 0, match, 0, "%.6f") < 0)
		return -BG_ENOMEM;
	if (puts_(buf, len, cap, "]") < 0 ||
	    (a->cube_marked && puts_(buf, len, cap, "CR[]") < 0))
		return -BG_ENOMEM;
	return 0;
}

static int
put_candidate(char **buf, size_t *len, size_t *cap, const bg_candidate *k,
    int side, int match)
{
	const bg_outputs *o = &k->out;
	char t[64];
	double x[5];
	int i;

	if (puts_(buf, len, cap, "[") < 0)
		return -BG_ENOMEM;
	for (i = 0; i < k->play.n && i < 4; i++) {
		t[0] = sgf_point_letter(side, k->play.step[i].from);
		t[1] = sgf_point_letter(side, k->play.step[i].to);
		if (put(buf, len, cap, t, 2) < 0)
			return -BG_ENOMEM;
	}
	if (puts_(buf, len, cap, " ") < 0)
		return -BG_ENOMEM;
	if (k->eval.kind == BG_EVAL_ROLLOUT) {
		if (puts_(buf, len, cap, "X ver 3 Score ") < 0 ||
		    putnum(buf, len, cap, "%.10g", k->equity) < 0 ||
		    puts_(buf, len, cap, " ") < 0 ||
		    putnum(buf, len, cap, "%.10g", k->equity2) < 0)
			return -BG_ENOMEM;
		snprintf(t, sizeof t, " Trials %lu ", k->eval.trials);
		if (puts_(buf, len, cap, t) < 0 ||
		    put_rollout(buf, len, cap, o, match) < 0 ||
		    puts_(buf, len, cap, k->eval.settings ? k->eval.settings :
		    "") < 0)
			return -BG_ENOMEM;
	} else if (k->eval.kind == BG_EVAL_PLY || (k->has_equity &&
	    (o->has & BG_OUT_PROBS))) {
		/*
		 * An evaluation only named ("XG Roller++") is written in
		 * gnubg's form, with its settings 0-ply: gnubg 1.07 reads a
		 * candidate with no evaluation, then crashes exporting the
		 * match.
		 */
		x[0] = o->win;
		x[1] = o->win_gammon;
		x[2] = o->win_bg;
		x[3] = o->lose_gammon;
		x[4] = o->lose_bg;
		if (puts_(buf, len, cap, "E ver 3") < 0)
			return -BG_ENOMEM;
		for (i = 0; i < 5; i++)
			if (puts_(buf, len, cap, " ") < 0 ||
			    putnum(buf, len, cap, "%.6f", x[i]) < 0)
				return -BG_ENOMEM;
		if (puts_(buf, len, cap, " ") < 0 ||
		    putnum(buf, len, cap, "%.6f", k->equity) < 0 ||
		    puts_(buf, len, cap, " ") < 0 ||
		    put_ply(buf, len, cap, &k->eval, 1) < 0)
			return -BG_ENOMEM;
	}
	return puts_(buf, len, cap, "]");
}

static int
put_a(char **buf, size_t *len, size_t *cap, const bg_rec_analysis *a,
    int side, int match)
{
	char t[32];
	size_t i;

	snprintf(t, sizeof t, "A[%lu]", (unsigned long)a->played);
	if (puts_(buf, len, cap, t) < 0)
		return -BG_ENOMEM;
	for (i = 0; i < a->ncand; i++)
		if (put_candidate(buf, len, cap, &a->cand[i], side, match) < 0)
			return -BG_ENOMEM;
	if (puts_(buf, len, cap, "MR[") < 0)
		return -BG_ENOMEM;
	for (i = 0; i < a->ncand; i++)
		if (a->cand[i].marked) {
			snprintf(t, sizeof t, "%lu ", (unsigned long)i + 1);
			if (puts_(buf, len, cap, t) < 0)
				return -BG_ENOMEM;
		}
	return puts_(buf, len, cap, "]");
}

/* A mark of a play or cube action: BM/DO, or BC/DC. */
static int
put_mark(char **buf, size_t *len, size_t *cap, bg_mark m, int cube)
{
	static const char *const t[2][4] = {
		{ "", "DO[]", "BM[1]", "BM[2]" },
		{ "", "DC[]", "BC[1]", "BC[2]" }
	};

	return puts_(buf, len, cap, m >= 0 && m <= 3 ? t[cube][m] : "");
}

int
an_sgf_write(char **buf, size_t *len, size_t *cap, const bg_rec_analysis *a,
    int side, int match)
{
	char t[16];
	int m = a->luck_mark;

	if ((a->has & BG_AN_CUBE) && put_da(buf, len, cap, a, match) < 0)
		return -BG_ENOMEM;
	/* A names the play made: gnubg writes it with candidates only. */
	if ((a->has & BG_AN_PLAYED) && a->ncand > 0 && put_a(buf, len, cap,
	    a, side, match) < 0)
		return -BG_ENOMEM;
	if ((a->has & BG_AN_LUCK) && (puts_(buf, len, cap, "LU[") < 0 ||
	    putnum(buf, len, cap, "%.5f", a->luck) < 0 ||
	    puts_(buf, len, cap, "]") < 0))
		return -BG_ENOMEM;
	if (m != 0) {
		/* GW: good for White (side 0), bad for Black. */
		snprintf(t, sizeof t, "G%c[%d]", (m > 0) == (side == 0) ?
		    'W' : 'B', m > 0 ? m : -m);
		if (puts_(buf, len, cap, t) < 0)
			return -BG_ENOMEM;
	}
	if (put_mark(buf, len, cap, a->skill, 0) < 0 ||
	    put_mark(buf, len, cap, a->cube_skill, 1) < 0)
		return -BG_ENOMEM;
	return 0;
}

/* ------------------------------------------- position text exports */

/* An evaluation only named, as a position text export writes it. */
static void
named_eval(bg_eval *ev, const char *t)
{
	memset(ev, 0, sizeof *ev);
	ev->settings = t;
}

/* The chances of a by side, in percent, as outputs for side s. */
static void
percent(bg_outputs *o, const bg_analysis *a, int s)
{
	if (!a->probs)
		return;
	o->has |= BG_OUT_PROBS;
	o->win = a->win[s] / 100;
	o->win_gammon = a->gammon[s] / 100;
	o->win_bg = a->backgammon[s] / 100;
	o->lose_gammon = a->gammon[!s] / 100;
	o->lose_bg = a->backgammon[!s] / 100;
}

int
an_from_positions(struct bg_game *g)
{
	bg_rec_analysis a;
	bg_candidate *c = NULL;
	bg_notation n;
	const bg_analysis *x;
	size_t i, k = 0, rec, at;
	int rc;

	for (rec = 0; rec < g->nrec && g->rec[rec].kind != BG_REC_SETPOS;
	    rec++)
		;
	if (g->nan == 0 || rec == g->nrec)
		return 0;
	if ((c = malloc(g->nan * sizeof *c)) == NULL)
		return -BG_ENOMEM;
	memset(&a, 0, sizeof a);
	for (i = 0; i < g->nan; i++) {
		x = &g->an[i];
		if (x->kind == BG_ANALYSIS_CUBE) {
			a.has |= BG_AN_CUBEEQ;
			a.no_double = x->nodouble;
			a.double_take = x->take;
			a.double_pass = x->pass;
			a.proper = (int)x->proper;
			continue;
		}
		memset(&c[k], 0, sizeof c[k]);
		/* A play that does not read is an empty one (the reader
		 * said so). */
		if (bg_notation_parse(&n, g->s.p + g->anoff[2 * i],
		    strlen(g->s.p + g->anoff[2 * i]), &at) < 0 ||
		    bg_play_from_notation(&c[k].play, &n) < 0)
			memset(&c[k].play, 0, sizeof c[k].play);
		named_eval(&c[k].eval, g->s.p + g->anoff[2 * i + 1]);
		c[k].has_equity = 1;
		c[k].equity = x->equity;
		percent(&c[k].out, x, x->side);
		k++;
	}
	if (k > 0) {
		a.has |= BG_AN_MOVE;
		a.ncand = k;
	}
	rc = rec_game_add_ranalysis(g, rec, &a, c);
	free(c);
	return rc;
}
