/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_xg_analysis.c: the analysis eXtreme Gammon keeps in its files
 * (bgkit-xg(5)), read into the record model's bg_rec_analysis: a move
 * record's candidate plays with their evaluations, the play made, its
 * error and the luck of the roll; a cube record's equities, errors and
 * evaluation; a rollout's trials from the rollout stream (temp.xgr);
 * a comment of the comment stream (temp.xgc), its RTF turned into
 * plain text.  Only fmt_xg.c calls it (fmt_xg_int.h).
 *
 * The fields read, by byte offset in a 2560-byte record (f32 a
 * little-endian IEEE single, f64 a double, i16 and i32 signed):
 *
 *   move (3)  188 i32 the candidates (0..32); from 192, 26 bytes each,
 *     the position each leads to; from 1024, 8 signed bytes each, its
 *     steps (from, to in the mover's numbering from 0, 24 the bar,
 *     below 0 off; -1 after the last); from 1280, 4 bytes each, i16 its
 *     level; from 1408, 7 x f32 each, its evaluation (lose backgammon,
 *     lose gammon, lose, win, win gammon, win backgammon, cubeful
 *     equity); 2308 played; 2312 f64 the error of the play (-1000 not
 *     analysed); 2320 f64 the luck of the roll; 2344 32 x i32 each
 *     candidate's rollout in temp.xgr (-1 none); 2472 i32 the level of
 *     the move's analysis, 2476 of the luck's (-1 none); 2532 bit i
 *     set when candidate i is marked for a rollout (v26).
 *   cube (2)  92 i32 the level; 124 7 x f32 the evaluation of no
 *     double, 152, 156, 160 f32 the cubeful equities of no double,
 *     double/take and double/pass, 168 7 x f32 the evaluation of
 *     double/take; 200 f64 the doubler's error, 216 the taker's
 *     (-1000 not analysed); 224 i32 its rollout in temp.xgr; 297
 *     marked for a rollout (v26).
 *   rollout (temp.xgr, 2184 bytes)  84 i32 the games rolled.
 *
 * XG's levels: 0..6 its 1-ply to 7-ply, which are gnubg's 0-ply to
 * 6-ply (XG counts the static evaluation as a ply); 12 3-ply red; 100
 * a rollout; 998, 999 the opening book; 1000..1002 XG Roller, Roller+
 * and Roller++.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_xg_int.h"
#include "analysis_int.h"

#define NONE	(-1000.0)	/* XG's "not analysed" */
#define BIG	1e6		/* no figure of XG's is this large */

/* ------------------------------------------------------------- numbers */

/*
 * Put into *v the float or double with sign neg, exponent e (ebits
 * wide, with the usual bias) and mantissa m (mbits wide: the fraction is
 * m / 2^mbits).  Return 0, or -1 for an infinity or a NaN.  It is
 * decoded by hand, with no type punning.
 */
static int
ieee(double *v, int neg, int e, double m, int ebits, int mbits)
{
	int bias = (1 << (ebits - 1)) - 1, i;
	double x, f = m;

	if (e == (1 << ebits) - 1)
		return -1;
	for (i = 0; i < mbits; i++)
		f /= 2;
	if (e == 0) {
		x = f;
		e = 1;
	} else
		x = 1.0 + f;
	for (; e > bias; e--)
		x *= 2;
	for (; e < bias; e++)
		x /= 2;
	*v = neg ? -x : x;
	return 0;
}

static int
f32(const unsigned char *p, double *v)
{
	unsigned long u = xg_u32(p);

	return ieee(v, (u >> 31) & 1, (int)((u >> 23) & 0xff),
	    (double)(u & 0x7fffff), 8, 23);
}

static int
f64(const unsigned char *p, double *v)
{
	unsigned long hi = xg_u32(p + 4), lo = xg_u32(p);

	return ieee(v, (hi >> 31) & 1, (int)((hi >> 20) & 0x7ff),
	    (double)(hi & 0xfffff) * 4294967296.0 + (double)lo, 11, 52);
}

/*
 * Return x as the shortest decimal (6 to 9 digits) that gives the same
 * single precision number, when x is one.  XG computes in singles, and
 * -0.00305 reads better than -0.003049999941.
 */
static double
tidy(double x)
{
	char t[40];
	double v;
	int n, i, k;

	if ((double)(float)x != x)
		return x;
	for (n = 6; n <= 9; n++) {
		k = snprintf(t, sizeof t, "%.*g", n, x);
		if (k <= 0 || k >= (int)sizeof t)
			return x;
		/* A point whatever the locale. */
		for (i = 0; i < k; i++)
			if (t[i] != '-' && t[i] != '+' && t[i] != 'e' &&
			    (t[i] < '0' || t[i] > '9'))
				t[i] = '.';
		if (an_decimal(t, (size_t)k, &v) == 0 && (float)v == (float)x)
			return v;
	}
	return x;
}

/* Read a figure of XG's at p, a single or (when dbl is set) a double,
 * into *v.  Return 0, or -1 when it is not a number or out of range. */
static int
figure(const unsigned char *p, int dbl, double *v)
{
	if ((dbl ? f64(p, v) : f32(p, v)) < 0 || *v <= -BIG || *v >= BIG)
		return -1;
	*v = tidy(*v);
	return 0;
}

/* Read the seven singles at p, in the order XG writes them, into the
 * outputs o; the seventh, an equity, goes into *eq. */
static int
evaluation(const unsigned char *p, bg_outputs *o, double *eq)
{
	double x[7];
	int i;

	for (i = 0; i < 7; i++)
		if (figure(p + 4 * i, 0, &x[i]) < 0)
			return -1;
	memset(o, 0, sizeof *o);
	o->has = BG_OUT_PROBS;
	o->lose_bg = x[0];
	o->lose_gammon = x[1];
	o->win = x[3];
	o->win_gammon = x[4];
	o->win_bg = x[5];
	*eq = x[6];
	return 0;
}

/* ------------------------------------------------------------- levels */

/*
 * Turn XG's level lv into the evaluation *ev.  For a rollout, take its
 * trials from the rollout stream when its record ro is there.
 */
static void
level(bg_eval *ev, long lv, long ro, const struct xg_streams *s)
{
	memset(ev, 0, sizeof *ev);
	if (lv >= 0 && lv <= 6) {
		ev->kind = BG_EVAL_PLY;
		ev->plies = (int)lv;
		ev->cubeful = 1;
		return;
	}
	if (lv == 100 && ro >= 0 && (size_t)ro < s->nro &&
	    xg_s32(s->ro + (size_t)ro * XG_ROSIZE + 84) >= 0) {
		ev->kind = BG_EVAL_ROLLOUT;
		ev->trials = (unsigned long)xg_s32(s->ro + (size_t)ro *
		    XG_ROSIZE + 84);
		ev->settings = "";
		return;
	}
	ev->settings = lv == 12 ? "3-ply red" : lv == 100 ? "Rollout" :
	    lv == 998 || lv == 999 ? "Book" : lv == 1000 ? "XG Roller" :
	    lv == 1001 ? "XG Roller+" : lv == 1002 ? "XG Roller++" : "";
}

/* ------------------------------------------------------------- moves */

/* Turn a candidate's steps (8 signed bytes at m) into a play.  Return
 * 0, or -1. */
static int
steps(bg_play *pl, const unsigned char *m)
{
	int n, from, to;

	memset(pl, 0, sizeof *pl);
	for (n = 0; n < 4; n++) {
		from = (signed char)m[2 * n];
		to = (signed char)m[2 * n + 1];
		/* -1 ends the steps; a roll that cannot be played has
		 * none, and all its bytes are 0. */
		if (from == -1 || (from == 0 && to == 0))
			break;
		from = from == 24 ? BG_BAR : from + 1;
		to = to < 0 ? BG_OFF : to + 1;
		if (from < 1 || from > 25 || to > 24 || to >= from)
			return -1;
		pl->step[n].from = (signed char)from;
		pl->step[n].to = (signed char)to;
	}
	pl->n = n;
	return 0;
}

int
xg_move_analysis(bg_rec_analysis *a, bg_candidate c[XG_MAXCAND],
    const unsigned char *p, int version, const struct xg_streams *s,
    const char **why)
{
	long n = xg_s32(p + 188), i;
	unsigned long marks = version >= 26 ? xg_u32(p + 2532) : 0;
	double v;

	memset(a, 0, sizeof *a);
	if (n == 0 || xg_s32(p + 2472) < 0)
		return 0;
	if (n < 0 || n > XG_MAXCAND) {
		*why = "the number of candidates";
		return -1;
	}
	for (i = 0; i < n; i++) {
		bg_candidate *k = &c[i];

		memset(k, 0, sizeof *k);
		if (steps(&k->play, p + 1024 + 8 * i) < 0) {
			*why = "a candidate's steps";
			return -1;
		}
		if (evaluation(p + 1408 + 28 * i, &k->out, &k->equity) < 0) {
			*why = "a candidate's evaluation";
			return -1;
		}
		k->has_equity = 1;
		k->out.has |= BG_OUT_CUBEFUL;
		k->out.cubeful = k->equity;
		level(&k->eval, (long)(short)xg_u16(p + 1280 + 4 * i),
		    xg_s32(p + 2344 + 4 * i), s);
		k->marked = i < 32 && (marks >> i & 1);
		/* The play made leads to the position after the move. */
		if (p[2308] && !(a->has & BG_AN_PLAYED) &&
		    memcmp(p + 192 + 26 * i, p + 35, 26) == 0) {
			a->has |= BG_AN_PLAYED;
			a->played = (size_t)i;
		}
	}
	a->ncand = (size_t)n;
	a->cand = c;
	if (n > 0)
		a->has |= BG_AN_MOVE;
	if (figure(p + 2312, 1, &v) < 0 || figure(p + 2320, 1, &a->luck) < 0) {
		*why = "the error or the luck";
		return -1;
	}
	if (v != NONE && p[2308]) {
		a->has |= BG_AN_ERROR;
		a->error = v;
	}
	if (xg_s32(p + 2476) >= 0 && a->luck != NONE)
		a->has |= BG_AN_LUCK;
	else
		a->luck = 0;
	return a->has ? 1 : 0;
}

/* -------------------------------------------------------------- cubes */

/* Whether the 28 + 12 + 28 bytes of a cube decision's figures are all
 * zero. */
static int
zero_cube(const unsigned char *p)
{
	size_t i;

	for (i = 124; i < 196; i++)
		if (p[i] != 0)
			return 0;
	return 1;
}

int
xg_cube_analysis(bg_rec_analysis *a, const unsigned char *p, int version,
    const struct xg_streams *s, const char **why)
{
	long lv = xg_s32(p + 92);
	double lo, e1, e2;
	int i;

	memset(a, 0, sizeof *a);
	if (lv < 0 || zero_cube(p))
		return 0;
	*why = "the cube decision's figures";
	for (i = 0; i < 2; i++)
		if (evaluation(p + (i ? 168 : 124), &a->cube_out[i],
		    &a->cube_out[i].cubeless) < 0)
			return -1;
	if (figure(p + 152, 0, &a->no_double) < 0 ||
	    figure(p + 156, 0, &a->double_take) < 0 ||
	    figure(p + 160, 0, &a->double_pass) < 0 ||
	    figure(p + 200, 1, &e1) < 0 || figure(p + 216, 1, &e2) < 0)
		return -1;
	level(&a->cube_eval, lv, xg_s32(p + 224), s);
	for (i = 0; i < 2; i++)
		a->cube_out[i].has |= BG_OUT_CUBELESS | BG_OUT_CUBEFUL;
	a->cube_out[0].cubeful = a->no_double;
	a->cube_out[1].cubeful = a->double_take;
	a->cube_marked = version >= 26 && p[297] != 0;
	a->has = BG_AN_CUBE | BG_AN_CUBEEQ;
	lo = a->double_take < a->double_pass ? a->double_take :
	    a->double_pass;
	a->proper = lo > a->no_double ? (a->double_take <= a->double_pass ?
	    BG_CUBE_DOUBLE_TAKE : BG_CUBE_DOUBLE_PASS) :
	    a->double_take > a->double_pass ? BG_CUBE_TOO_GOOD :
	    BG_CUBE_NO_DOUBLE;
	if (e1 != NONE && e2 != NONE) {
		a->has |= BG_AN_CUBEERR;
		a->doubler_error = e1;
		a->taker_error = e2;
	}
	return 1;
}

/* ----------------------------------------------------------- comments */

static int
hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ?
	    c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Whether w (n bytes) names a group whose text is not part of the
 * comment. */
static int
hidden(const char *w, size_t n)
{
	static const char *const g[] = {
		"fonttbl", "colortbl", "stylesheet", "info", "pict",
		"header", "footer", "listtable", "generator"
	};
	size_t i;

	for (i = 0; i < sizeof g / sizeof g[0]; i++)
		if (strlen(g[i]) == n && memcmp(g[i], w, n) == 0)
			return 1;
	return 0;
}

/* Whether the control word of n bytes at t is w. */
static int
is(const char *t, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(t, w, n) == 0;
}

/*
 * Put the text of the RTF of n bytes at t into out (which has room for
 * 3n + 1 bytes) and return its length.  \par and \line become newlines,
 * \tab a tab, \'hh a Latin-1 character and \uN a Unicode one (the \ucN
 * characters after it are skipped).  The groups of fonts, colours and
 * the like, and {\* ...}, are left out; other control words are
 * dropped.  XG writes the line breaks inside a comment as the bytes 1
 * and 2.
 */
static size_t
rtf_text(char *out, const char *t, size_t n)
{
	size_t i = 0, o = 0, w, wn;
	int depth = 0, skip = 0, uc = 1, drop = 0, c, h1, h2, neg;
	long num;

	while (i < n) {
		c = (unsigned char)t[i++];
		if (c == '{' || c == '}') {
			depth += c == '{' ? 1 : -1;
			if (skip && depth < skip)
				skip = 0;
			continue;
		}
		if (c == '\r' || c == '\n' || c == 1 || c == 2 || c == 0)
			continue;
		if (c == '\\' && i < n && t[i] == '\'' && i + 2 < n &&
		    (h1 = hexval(t[i + 1])) >= 0 &&
		    (h2 = hexval(t[i + 2])) >= 0) {
			i += 3;
			/* A NUL would end the text early: drop it. */
			if ((c = h1 * 16 + h2) == 0)
				continue;
		} else if (c == '\\' && i < n && (t[i] == '\\' ||
		    t[i] == '{' || t[i] == '}'))
			c = (unsigned char)t[i++];
		else if (c == '\\') {
			if (i < n && t[i] == '*' && !skip)
				skip = depth;
			for (w = i; i < n && ((t[i] >= 'a' && t[i] <= 'z') ||
			    (t[i] >= 'A' && t[i] <= 'Z')); i++)
				;
			if ((wn = i - w) == 0) {
				/* Drop any other control symbol. */
				i += i < n;
				continue;
			}
			num = 0;
			neg = i < n && t[i] == '-';
			for (i += (size_t)neg; i < n && t[i] >= '0' &&
			    t[i] <= '9'; i++)
				if (num < 100000)
					num = num * 10 + (t[i] - '0');
			if (i < n && t[i] == ' ')
				i++;
			if (skip)
				continue;
			if (hidden(t + w, wn))
				skip = depth;
			else if (is(t + w, wn, "par") || is(t + w, wn, "line"))
				out[o++] = '\n';
			else if (is(t + w, wn, "tab"))
				out[o++] = '\t';
			else if (is(t + w, wn, "uc"))
				uc = num > 4 ? 4 : (int)num;
			else if (is(t + w, wn, "u")) {
				num = neg ? 65536 - num : num;
				o += xg_put_utf8(out + o, num > 0 && (num < 0xd800 ||
				    (num >= 0xe000 && num < 0x10000)) ?
				    (unsigned long)num : 0xfffd);
				drop = uc;
			}
			continue;
		}
		if (skip)
			continue;
		if (drop > 0)
			drop--;
		else
			o += xg_put_utf8(out + o, (unsigned long)c);
	}
	out[o] = '\0';
	return o;
}

int
xg_comment(const struct xg_streams *s, long idx, char **out, size_t *len)
{
	const char *t, *e, *q;
	size_t n, a, b;
	char *r;

	/* Without a comment stream there is nothing to point into (and no
	 * pointer arithmetic on NULL). */
	if (idx < 0 || s->com == NULL)
		return 0;
	t = (const char *)s->com;
	e = t + s->comlen;
	/* The comments are lines ended by CR LF. */
	for (; idx > 0 && t < e; idx--) {
		for (q = t; q + 1 < e && !(q[0] == '\r' && q[1] == '\n'); q++)
			;
		t = q + 1 < e ? q + 2 : e;
	}
	if (t >= e)
		return 0;
	for (q = t; q + 1 < e && !(q[0] == '\r' && q[1] == '\n'); q++)
		;
	if (q + 1 >= e)
		q = e;
	if ((r = malloc(3 * (size_t)(q - t) + 1)) == NULL)
		return -BG_ENOMEM;
	n = rtf_text(r, t, (size_t)(q - t));
	/* Blanks and empty lines at either end are not part of it. */
	for (a = 0; a < n && (r[a] == '\n' || r[a] == ' ' || r[a] == '\t');
	    a++)
		;
	for (b = n; b > a && (r[b - 1] == '\n' || r[b - 1] == ' ' ||
	    r[b - 1] == '\t'); b--)
		;
	memmove(r, r + a, b - a);
	r[b - a] = '\0';
	*out = r;
	*len = b - a;
	return 1;
}
