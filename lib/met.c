/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * met.c: match equity tables (bg_met_new(3)): the default one, gnubg's
 * Kazaross-XG2 (met_data.c), and any table in gnubg's XML format (its
 * met.dtd: <met> holding <info> with <name> and <length>, a
 * <pre-crawford-table type="explicit"> of <row>s of <me> numbers, and
 * one <post-crawford-table type="explicit" player="both"> or one for
 * player "0" and one for "1", each one <row>).  The reader is a small
 * XML tokenizer that knows only these elements, and says where a file
 * goes wrong by line and column.  Tables given by parameters (gnubg's
 * Zadeh and Woolsey formulas) are refused, not computed.  Used by
 * stats.c and the tools through bgkit.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_int.h"
#include "met_int.h"

bg_met *
bg_met_new(void)
{
	const struct met_table *t = &met_kazaross_xg2;
	bg_met *m;
	int i, j;

	if ((m = calloc(1, sizeof *m)) == NULL)
		return NULL;
	snprintf(m->name, sizeof m->name, "%s", t->name);
	m->len = t->len;
	for (i = 0; i < t->len; i++) {
		for (j = 0; j < t->len; j++)
			m->pre[i][j] = t->pre[i][j];
		m->post[0][i] = m->post[1][i] = t->post[i];
	}
	return m;
}

void
bg_met_free(bg_met *m)
{
	free(m);
}

int
bg_met_length(const bg_met *m)
{
	return m->len;
}

const char *
bg_met_name(const bg_met *m)
{
	return m->name;
}

static int
isalpha_(int c)
{
	return ((c | 32) >= 'a' && (c | 32) <= 'z') || (c >= '0' && c <= '9');
}

/* The reader's state: the text, where it is, and the first error. */
struct xr {
	const char	*s, *e, *p;
	int		 line, col;
	bg_met_error	*err;
	bg_met		*m;
	/* The rows of the pre-Crawford table read so far, the entries of
	 * its current row, and the rows of the current post-Crawford table. */
	int		 rows, cols, prow;
	/* The players whose post-Crawford table was read (bit 0 for player
	 * 0, bit 1 for player 1), the current table's player (2 for both)
	 * and its entries so far. */
	int		 post, pside, pcols;
	int		 len;			/* <length>'s value, or 0 */
	int		 width;			/* entries in the first row */
};

static int
fail(struct xr *x, int line, int col, const char *msg, const char *arg)
{
	if (x->err != NULL) {
		x->err->line = line;
		x->err->col = col;
		snprintf(x->err->msg, sizeof x->err->msg, "%s%s%s", msg,
		    arg != NULL ? ": " : "", arg != NULL ? arg : "");
	}
	return -1;
}

/* Step over n bytes, counting lines and columns (UTF-8 characters). */
static void
step(struct xr *x, size_t n)
{
	for (; n > 0 && x->p < x->e; n--, x->p++) {
		if (*x->p == '\n') {
			x->line++;
			x->col = 1;
		} else if ((*x->p & 0xc0) != 0x80)
			x->col++;
	}
}

static void
skip_space(struct xr *x)
{
	while (x->p < x->e && strchr(" \t\r\n", *x->p) != NULL && *x->p)
		step(x, 1);
}

/* Step past the first string end after x->p.  Return 0, or -1 when the
 * text ends first. */
static int
skip_past(struct xr *x, const char *end)
{
	size_t n = strlen(end);

	while (x->p + n <= x->e && memcmp(x->p, end, n) != 0)
		step(x, 1);
	if (x->p + n > x->e)
		return -1;
	step(x, n);
	return 0;
}

/* One tag: its name, whether it closes an element or is empty ("<x/>"),
 * where it is, and the attributes read. */
struct tag {
	char	name[32];
	int	close, empty, line, col;
	char	type[16], player[8];
};

static int
attr(struct xr *x, struct tag *t)
{
	char key[16], *v;
	size_t n = 0, vs;
	char q;

	while (x->p < x->e && (isalpha_((unsigned char)*x->p) ||
	    *x->p == '-') && n + 1 < sizeof key) {
		key[n++] = *x->p;
		step(x, 1);
	}
	key[n] = '\0';
	skip_space(x);
	if (n == 0 || x->p >= x->e || *x->p != '=')
		return fail(x, x->line, x->col, "expected an attribute", NULL);
	step(x, 1);
	skip_space(x);
	if (x->p >= x->e || (*x->p != '"' && *x->p != '\''))
		return fail(x, x->line, x->col, "expected a quoted value",
		    NULL);
	q = *x->p;
	step(x, 1);
	v = strcmp(key, "type") == 0 ? t->type :
	    strcmp(key, "player") == 0 ? t->player : NULL;
	vs = v == t->type ? sizeof t->type : sizeof t->player;
	for (n = 0; x->p < x->e && *x->p != q; step(x, 1))
		if (v != NULL && n + 1 < vs)
			v[n++] = *x->p;
	if (v != NULL)
		v[n] = '\0';
	if (x->p >= x->e)
		return fail(x, x->line, x->col, "unterminated value", NULL);
	step(x, 1);
	return 0;
}

/* Read the tag at '<' (not "<?" or "<!"): its name and attributes go
 * into *t.  Return 0, or -1 when the error was noted. */
static int
read_tag(struct xr *x, struct tag *t)
{
	size_t n = 0;

	memset(t, 0, sizeof *t);
	t->line = x->line;
	t->col = x->col;
	step(x, 1);
	if (x->p < x->e && *x->p == '/') {
		t->close = 1;
		step(x, 1);
	}
	while (x->p < x->e && (isalpha_((unsigned char)*x->p) ||
	    *x->p == '-') && n + 1 < sizeof t->name) {
		t->name[n++] = *x->p;
		step(x, 1);
	}
	if (n == 0)
		return fail(x, x->line, x->col, "expected an element name",
		    NULL);
	for (;;) {
		skip_space(x);
		if (x->p >= x->e)
			return fail(x, t->line, t->col, "unterminated tag",
			    t->name);
		if (*x->p == '>') {
			step(x, 1);
			return 0;
		}
		if (*x->p == '/' && x->p + 1 < x->e && x->p[1] == '>' &&
		    !t->close) {
			t->empty = 1;
			step(x, 2);
			return 0;
		}
		if (t->close || attr(x, t) < 0)
			return t->close ? fail(x, x->line, x->col,
			    "expected '>'", NULL) : -1;
	}
}

/* Where each element may be: each pair is an element's name and the
 * name of a parent it may have. */
static const char *const nest[][2] = {
	{ "met", "" }, { "info", "met" }, { "name", "info" },
	{ "description", "info" }, { "length", "info" },
	{ "pre-crawford-table", "met" }, { "post-crawford-table", "met" },
	{ "row", "pre-crawford-table" }, { "row", "post-crawford-table" },
	{ "me", "row" }
};

/* Check element t, which opens inside parent (and inside the "pre" or
 * "post" table), and start what it begins: a post-Crawford table or a
 * row.  Return 0, or -1 when the error was noted. */
static int
open_el(struct xr *x, const struct tag *t, const char *parent,
    const char *table)
{
	size_t i;

	if (strcmp(t->name, "parameters") == 0)
		return fail(x, t->line, t->col, "a table given by parameters "
		    "is not read (only explicit tables)", NULL);
	for (i = 0; i < sizeof nest / sizeof nest[0]; i++)
		if (strcmp(nest[i][0], t->name) == 0 &&
		    strcmp(nest[i][1], parent) == 0)
			break;
	if (i == sizeof nest / sizeof nest[0])
		return fail(x, t->line, t->col, *parent ? "unexpected element"
		    : "the root element is not met", t->name);
	if (strstr(t->name, "-table") != NULL && strcmp(t->type, "explicit"))
		return fail(x, t->line, t->col, "the table's type is not "
		    "explicit", t->type);
	if (strcmp(t->name, "post-crawford-table") == 0) {
		x->pside = strcmp(t->player, "both") == 0 ? 2 :
		    strcmp(t->player, "0") == 0 ? 0 :
		    strcmp(t->player, "1") == 0 ? 1 : -1;
		if (x->pside < 0)
			return fail(x, t->line, t->col, "player is not both, "
			    "0 or 1", t->player);
		if (x->post & (x->pside == 2 ? 3 : 1 << x->pside))
			return fail(x, t->line, t->col, "a second "
			    "post-Crawford table for the same player", NULL);
		x->post |= x->pside == 2 ? 3 : 1 << x->pside;
		x->pcols = 0;
		x->prow = 0;
	}
	if (strcmp(t->name, "row") == 0 && strcmp(table, "pre") == 0) {
		if (x->rows == MET_MAX)
			return fail(x, t->line, t->col, "more rows than a "
			    "table holds (64)", NULL);
		x->rows++;
		x->cols = 0;
	} else if (strcmp(t->name, "row") == 0 && x->prow++ > 0)
		return fail(x, t->line, t->col, "a post-Crawford table has "
		    "one row", NULL);
	return 0;
}

/* A row closes: check that every row of the pre-Crawford table is as
 * long as the first. */
static int
close_row(struct xr *x, const struct tag *t, const char *table)
{
	if (strcmp(table, "pre") != 0)
		return 0;
	if (x->rows == 1)
		x->width = x->cols;
	if (x->cols != x->width || x->cols == 0)
		return fail(x, t->line, t->col, "the rows of the table are "
		    "not all as long", NULL);
	return 0;
}

/* Take the n bytes of text at t, found at line:col inside element el of
 * table. */
static int
text(struct xr *x, const char *t, size_t n, int line, int col,
    const char *el, const char *table)
{
	double v;
	char buf[40];

	while (n > 0 && strchr(" \t\r\n", t[n - 1]) != NULL)
		n--;
	snprintf(buf, sizeof buf, "%.*s", (int)(n < 30 ? n : 30), t);
	if (strcmp(el, "name") == 0) {
		snprintf(x->m->name, sizeof x->m->name, "%.*s", (int)n, t);
		return 0;
	}
	if (strcmp(el, "description") == 0)
		return 0;
	if (strcmp(el, "length") == 0) {
		if (an_decimal(t, n, &v) < 0 || v < 1 || v > MET_MAX ||
		    v != (int)v)
			return fail(x, line, col, "the length is not a whole "
			    "number from 1 to 64", buf);
		x->len = (int)v;
		return 0;
	}
	if (strcmp(el, "me") != 0)
		return fail(x, line, col, "unexpected text", buf);
	if (an_decimal(t, n, &v) < 0 || v < 0 || v > 1)
		return fail(x, line, col, "not a match-winning chance from 0 "
		    "to 1", buf);
	if (strcmp(table, "pre") == 0) {
		if (x->cols == MET_MAX)
			return fail(x, line, col, "more entries in a row than "
			    "a table holds (64)", NULL);
		x->m->pre[x->rows - 1][x->cols++] = v;
	} else {
		if (x->pcols == MET_MAX)
			return fail(x, line, col, "more entries in a row than "
			    "a table holds (64)", NULL);
		if (x->pside != 1)
			x->m->post[0][x->pcols] = v;
		if (x->pside != 0)
			x->m->post[1][x->pcols] = v;
		x->pcols++;
	}
	return 0;
}

/* Check that the table is whole: square, as long as it says, and with a
 * post-Crawford table for both players. */
static int
check_end(struct xr *x)
{
	if (x->rows == 0)
		return fail(x, x->line, x->col, "no pre-Crawford table", NULL);
	if (x->width != x->rows)
		return fail(x, x->line, x->col, "the pre-Crawford table is "
		    "not square", NULL);
	if (x->post != 3)
		return fail(x, x->line, x->col, "no post-Crawford table for "
		    "each player", NULL);
	if (x->len != 0 && x->len != x->rows)
		return fail(x, x->line, x->col, "the table's length is not "
		    "its number of rows", NULL);
	x->m->len = x->rows;
	return 0;
}

/* Skip a declaration, comment or processing instruction at '<'. */
static int
skip_markup(struct xr *x)
{
	int line = x->line, col = x->col;
	const char *end = x->p[1] == '?' ? "?>" : x->e - x->p >= 4 &&
	    memcmp(x->p, "<!--", 4) == 0 ? "-->" : ">";

	if (skip_past(x, end) < 0)
		return fail(x, line, col, "unterminated markup", NULL);
	return 0;
}

/* Read the elements into x->m, one tag or text at a time. */
static int
walk(struct xr *x)
{
	char stack[8][32];
	int depth = 0, line, col, seen = 0;
	struct tag t;
	const char *s, *table = "";

	while (skip_space(x), x->p < x->e) {
		line = x->line;
		col = x->col;
		if (*x->p != '<') {
			for (s = x->p; x->p < x->e && *x->p != '<'; step(x, 1))
				continue;
			if (text(x, s, (size_t)(x->p - s), line, col,
			    depth ? stack[depth - 1] : "", table) < 0)
				return -1;
			continue;
		}
		if (x->p + 1 < x->e && (x->p[1] == '?' || x->p[1] == '!')) {
			if (skip_markup(x) < 0)
				return -1;
			continue;
		}
		if (read_tag(x, &t) < 0)
			return -1;
		if (t.close) {
			if (depth == 0 || strcmp(stack[depth - 1], t.name))
				return fail(x, t.line, t.col, "a closing tag "
				    "that closes nothing open", t.name);
			if (strcmp(t.name, "row") == 0 &&
			    close_row(x, &t, table) < 0)
				return -1;
			if (strstr(t.name, "-table") != NULL)
				table = "";
			depth--;
			continue;
		}
		if (depth == 0 && seen++)
			return fail(x, t.line, t.col, "a second root element",
			    t.name);
		if (open_el(x, &t, depth ? stack[depth - 1] : "", table) < 0)
			return -1;
		if (strstr(t.name, "-table") != NULL)
			table = t.name[1] == 'r' ? "pre" : "post";
		if (!t.empty && depth == 8)
			return fail(x, t.line, t.col, "elements nested too "
			    "deep", NULL);
		if (!t.empty)
			snprintf(stack[depth++], sizeof stack[0], "%s", t.name);
	}
	if (depth > 0)
		return fail(x, x->line, x->col, "the file ends inside an "
		    "element", stack[depth - 1]);
	return check_end(x);
}

int
bg_met_read(bg_met **out, const char *buf, size_t len, bg_met_error *err)
{
	struct xr x;

	*out = NULL;
	memset(&x, 0, sizeof x);
	x.s = x.p = buf;
	x.e = buf + len;
	x.line = x.col = 1;
	x.err = err;
	if ((x.m = calloc(1, sizeof *x.m)) == NULL)
		return -BG_ENOMEM;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		x.p += 3;
	if (walk(&x) < 0) {
		free(x.m);
		return -BG_EINVAL;
	}
	*out = x.m;
	return 0;
}

/*
 * Return the match-winning chance of side 0 needing a0 points against
 * side 1 needing a1 (a side needing 0 or less has won), in a game after
 * the Crawford game when post is not 0.  Return -1 beyond the table.
 */
double
bg_met_mwc(const bg_met *m, int a0, int a1, int post)
{
	if (a0 <= 0)
		return 1;
	if (a1 <= 0)
		return 0;
	if (a0 > m->len || a1 > m->len)
		return -1;
	if (post && a0 == 1)
		return 1 - m->post[1][a1 - 1];
	if (post && a1 == 1)
		return m->post[0][a0 - 1];
	return m->pre[a0 - 1][a1 - 1];
}
